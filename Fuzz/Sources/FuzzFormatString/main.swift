import FuzzSupport
import LocalizedAlerts

/// The one specifier grammar. Invariants: tokens cover the format exactly, in order, without
/// gaps or overlaps; each specifier's text is its range of the format; argument positions are
/// at least 1; server-side formatting of the format terminates, its output bounded by the
/// text and each '%''s capped width and precision.
let formatter = ServerFormatter(locale: "de")

func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: FuzzDriver.bytes(data, count), as: UTF8.self)
    let format = FormatString(text)
    let utf8 = Array(text.utf8)
    var position = 0
    for token in format.tokens {
        switch token {
        case .literal(let range):
            guard range.lowerBound == position, range.upperBound > range.lowerBound else { violated("literal \(range) at \(position)") }
            position = range.upperBound
        case .specifier(let specifier):
            guard specifier.range.lowerBound == position, specifier.range.upperBound > position else {
                violated("specifier \(specifier.range) at \(position)")
            }
            guard Array(specifier.text.utf8) == Array(utf8[specifier.range]) else { violated("specifier text \(specifier.text) is not its range") }
            position = specifier.range.upperBound
        }
    }
    guard position == utf8.count else { violated("tokens end at \(position) of \(utf8.count)") }
    for use in format.argumentUses where use.position < 1 { violated("argument position \(use.position)") }
    let (output, _) = formatter.format(text, arguments: ["1", "Ana", "2.5", "-7"])
    // The formatter formats the text its variables expanded to, which can tokenize otherwise
    // (an undefined variable's text is left out); every specifier there still starts with one
    // of the format's '%'. So: the text, the positions expansion writes into it, and per '%' at
    // most a width and a precision (each capped at ServerFormatter.maximumFieldWidth) with a
    // sign and a prefix.
    let percents = utf8.count { $0 == UInt8(ascii: "%") }
    let bound = 17 * utf8.count + percents * (2 * ServerFormatter.maximumFieldWidth + 16)
    guard output.utf8.count <= bound else { violated("\(output.utf8.count) bytes from a \(utf8.count)-byte format with \(percents) '%'") }
    return 0
}

FuzzDriver.run(fuzz)
