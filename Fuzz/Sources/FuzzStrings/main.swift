import FuzzSupport
import LocalizedAlerts

/// The .strings reader on bytes in every encoding: the first byte picks how the rest is
/// presented (as is, UTF-16 with or without a byte order mark, either byte order).
/// Invariants: every diagnostic and entry location lies inside the decoded text; a table the
/// device can read prints as a .strings file that reads back to the same entries, and its
/// effective values to the same table; reading is deterministic.
func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = FuzzDriver.bytes(data, count)
    guard let bytes = StringsPresentation.bytes(input) else { return 0 }
    let table = LocalizationTable(parsing: bytes, file: "fuzz.strings")
    let entries = Array(table.entries)
    let locations = Invariants.diagnosticLocations(table.diagnostics) + entries.flatMap { [$0.location, $0.valueLocation] }
    switch table.format {
    case .binaryPropertyList:
        Invariants.locationsInside(locations, byteCount: bytes.count, what: "binary table")
    case .text, .xmlPropertyList:
        let text = table.sourceText.map { Array($0.utf8) } ?? TextOf.decoded(bytes)
        Invariants.locationsInside(locations, lines: Invariants.lines(text), what: "\(table.format) table")
    }
    // Same input, same table.
    let again = LocalizationTable(parsing: bytes, file: "fuzz.strings")
    guard again.dictionary == table.dictionary, again.diagnostics == table.diagnostics else { violated("reading is not deterministic") }
    // Lossless: the entries the device reads print and read back as the same entries, in order;
    // the value each key has on a device prints and reads back as the same table. (Printed
    // whole, a compiled table's duplicate keys would read back to their last value: a compiled
    // table keeps the first.)
    if table.isReadableOnDevice {
        let read = entries.filter { $0.isReadByDevice && $0.valueKind == .string }
        let printed = LocalizationTable(parsing: Array(StringsFilePrinter.print(read).utf8))
        guard printed.entries.map(\.key) == read.map(\.key), printed.entries.map(\.value) == read.map(\.value) else {
            violated("printing changes the entries: \(read.count) entries, \(printed.entries.count) after printing")
        }
        let effective = StringsFilePrinter.print(table.keys.compactMap { table.effectiveEntry(forKey: $0) })
        let reread = LocalizationTable(parsing: Array(effective.utf8))
        // (An empty table prints as an empty file, which a device does not read: the same nothing.)
        guard reread.isReadableOnDevice || effective.isEmpty, reread.dictionary == table.dictionary else {
            violated("printing changes the table: \(table.dictionary.count) entries, \(reread.dictionary.count) after printing")
        }
    }
    return 0
}

/// The input decoded as UTF-8 (invalid sequences replaced) and encoded as UTF-16.
enum TextOf {
    /// XML tables have no source text kept: decode the bytes the way the reader does.
    static func decoded(_ bytes: [UInt8]) -> [UInt8] {
        Array(SourceText.decode(bytes).utf8)
    }
}

FuzzDriver.run(fuzz)
