import FuzzSupport
import LocalizedAlerts

/// The device's formatter. The input is a format and arguments separated by NUL bytes.
/// Invariants: the output never holds a byte that is not in the format, an argument or
/// "<null>"; it is never longer than the format plus every placeholder's longest value; the runs
/// join to the output; a format that splits a character yields nothing.
let nullBytes = Set("<null>".utf8)

func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let parts = FuzzDriver.bytes(data, count).split(separator: 0, omittingEmptySubsequences: false)
    guard let first = parts.first else { return 0 }
    let format = String(decoding: first, as: UTF8.self)
    let arguments = parts.dropFirst().map { LocArgument(text: String(decoding: $0, as: UTF8.self)) }
    let device = DeviceFormat(format)
    let output = device.apply(arguments)
    let runs = device.runs(arguments)
    guard (output == nil) == device.breaksUTF8, (runs == nil) == (output == nil) else { violated("nil results disagree") }
    guard let output, let runs else { return 0 }
    guard runs.map(\.text).joined() == output else { violated("runs do not join to the output") }
    var allowed = Set(format.utf8).union(nullBytes)
    for argument in arguments { allowed.formUnion(argument.text.utf8) }
    if let stray = output.utf8.first(where: { !allowed.contains($0) }) { violated("output byte \(stray) is in no input") }
    let longest = max(arguments.map(\.text.utf8.count).max() ?? 0, 6)
    let placeholders = format.utf8.filter { $0 == UInt8(ascii: "%") }.count
    guard output.utf8.count <= format.utf8.count + placeholders * longest else { violated("output longer than its inputs allow") }
    return 0
}

FuzzDriver.run(fuzz)
