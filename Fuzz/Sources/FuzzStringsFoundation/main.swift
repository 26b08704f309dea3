import Foundation
import FuzzSupport
@_spi(Oracle) import LocalizedAlerts

/// Differential: the `.strings` reader against Foundation's `PropertyListSerialization` (the
/// parser devices run), on bytes presented as FuzzStrings presents them (as is, UTF-16 with or
/// without a byte order mark in either byte order, UTF-8 with a BOM). The rules are those of
/// Tests/LocalizationTests/Tables/FoundationAgreementTests.swift:
///
/// - Foundation reads a dictionary: the table is readable on a device and its `dictionary` is
///   Foundation's string values; values Foundation reads that are not strings are left out of
///   the device table and reported (`strings.non-string-value`), a documented difference.
/// - Foundation reads something else: the table is not readable on a device and has an error
///   (`strings.not-a-table`, or a syntax or corruption error where the readers part earlier).
/// - Foundation fails: the table is not readable on a device and has an error.
///
/// Documented exceptions (docs/device-behaviour.md §8.1 and §8.2):
/// - BOM-less UTF-16 that Foundation misreads (it drops the first character) is an error here
///   (`strings.utf16-without-bom-misread`, an empty table) whatever Foundation makes of the rest.
/// - An XML DOCTYPE with an internal subset: CoreFoundation skips it, as the toolkit does;
///   corelibs rejects the file.
/// - A lone byte 0xA9 in otherwise UTF-8 text: swift-corelibs-foundation reads it as U+FFFD
///   (no other byte 0x80–0xFF does so); the toolkit reports invalid UTF-8, as Apple's
///   CoreFoundation rejects such files (in text that starts with "bplist", the compiled list's
///   corruption, since that is what the toolkit reports when the text fails too).
/// - Bytes 0x80–0xFF in a compiled ASCII string: corelibs reads them as UTF-8; CoreFoundation's
///   ASCII converter refuses them, and so does the toolkit.
/// - An XML declaration (found as CoreFoundation's encodingForXMLData finds it) naming an
///   encoding other than UTF-8, ISO-8859-1, US-ASCII, Windows-1252, UTF-16/32 or `macintosh…`:
///   the toolkit reads such files as UTF-8; Foundation decodes or rejects them through ICU.
func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = FuzzDriver.bytes(data, count)
    guard let bytes = StringsPresentation.bytes(input) else { return 0 }
    // The toolkit first: a crash in it is reported with stderr open.
    let table = LocalizationTable(parsing: bytes, file: "fuzz.strings")
    let outcome = FoundationOracle.parse(bytes)
    if let problem = disagreement(table, outcome, bytes: bytes) {
        let diagnostics = table.diagnostics.prefix(6).map { "\($0.severity) \($0.id) \($0.location.line):\($0.location.column) \($0.message)" }
        violated(
            "\(problem)\ntoolkit: \(table.format), readable \(table.isReadableOnDevice); \(diagnostics.joined(separator: "; "))"
                + "\ninput (base64, as presented): \(Data(bytes).base64EncodedString())")
    }
    return 0
}

/// FoundationAgreementTests.disagreement, with what each side read in the message.
func disagreement(_ table: LocalizationTable, _ outcome: FoundationOracle.Outcome, bytes: [UInt8]) -> String? {
    // Documented (strings.utf16-without-bom-misread): BOM-less UTF-16 that Foundation misreads
    // is reported as one error, an empty table on a device, rather than as whatever Foundation
    // makes of the misread text. That holds as long as Foundation gets no string out of it.
    if !table.isReadableOnDevice, table.diagnostics.contains(where: { $0.id == .utf16WithoutBOMMisread }) { return nil }
    if !table.isReadableOnDevice,
        table.diagnostics.contains(where: { $0.id == .invalidEncoding && $0.message.hasPrefix("byte 0xA9 is not valid UTF-8") }),
        case .table = outcome
    {
        return nil
    }
    // The same for a file that starts with "bplist" but is no compiled list: Foundation, and the
    // toolkit, then read it as text, and the toolkit reports the compiled list's corruption.
    if !table.isReadableOnDevice, case .binaryPropertyList = table.format, case .table = outcome, bytes.first == UInt8(ascii: "b"),
        LocalizationTable(parsing: [UInt8(ascii: "c")] + bytes.dropFirst()).diagnostics.contains(where: {
            $0.id == .invalidEncoding && $0.message.hasPrefix("byte 0xA9 is not valid UTF-8")
        })
    {
        return nil
    }
    // Documented (docs/device-behaviour.md §8.1): a compiled table whose ASCII-string object
    // holds bytes 0x80–0xFF is refused, as CoreFoundation's ASCII converter refuses them on a
    // device, while corelibs reads those bytes as UTF-8.
    if !table.isReadableOnDevice,
        table.diagnostics.contains(where: { $0.id == .binaryPropertyListCorrupt && $0.message.contains("ASCII string holds non-ASCII bytes") })
    {
        return nil
    }
    // Documented (docs/device-behaviour.md §8.2): an XML declaration naming an encoding the
    // toolkit does not decode (it reads those files as UTF-8); found as CoreFoundation finds it.
    if case .notModelled = XMLDeclaration.declared(bytes) { return nil }
    switch outcome {
    case .table(let expected, let nonStringKeys):
        guard table.isReadableOnDevice else {
            return "Foundation reads the file (\(describe(expected))); the toolkit says a device cannot: \(table.diagnostics.first?.message ?? "")"
        }
        if table.dictionary != expected {
            let missing = Set(expected.keys).subtracting(table.dictionary.keys).sorted().prefix(3)
            let extra = Set(table.dictionary.keys).subtracting(expected.keys).sorted().prefix(3)
            let different = expected.keys.filter { table.dictionary[$0] != nil && table.dictionary[$0] != expected[$0] }.sorted().prefix(3)
            return
                "tables differ: missing \(Array(missing)), extra \(Array(extra)), different \(different.map { "\($0.debugDescription): \(expected[$0]!.debugDescription) vs \(table.dictionary[$0]!.debugDescription)" }); Foundation \(describe(expected)), toolkit \(describe(table.dictionary))"
        }
        if !nonStringKeys.isEmpty && !table.diagnostics.contains(where: { $0.id == .nonStringValue }) {
            return "non-string values of \(nonStringKeys.sorted().prefix(3)) not reported"
        }
        return nil
    case .notADictionary:
        // What a device gets is what matters: no table. Which error says so may differ, e.g.
        // XML that breaks the property-list grammar (a <key> outside a <dict>) or a compiled
        // dictionary holding a null object, which corelibs reads into something that is not a
        // dictionary of strings and the toolkit reports as plist.syntax / plist.binary-corrupt.
        if !table.isReadableOnDevice && table.diagnostics.containsErrors { return nil }
        return
            "Foundation reads a non-dictionary; the toolkit did not report an error that empties the table (readable: \(table.isReadableOnDevice), \(describe(table.dictionary)))"
    case .notAsked:
        return nil
    case .failure:
        if table.isReadableOnDevice && !skippedInternalSubset(table) {
            return "Foundation rejects the file; the toolkit says a device reads it: \(describe(table.dictionary))"
        }
        return table.diagnostics.containsErrors ? nil : "Foundation rejects the file; the toolkit reports no error"
    }
}

/// An XML DOCTYPE's internal subset: CoreFoundation, on devices, skips it (so does the toolkit,
/// with a warning); corelibs rejects the file. Not a disagreement.
func skippedInternalSubset(_ table: LocalizationTable) -> Bool {
    table.diagnostics.contains { $0.id == .propertyListIgnoredContent && $0.message.hasPrefix("the DOCTYPE's internal subset is skipped") }
}

func describe(_ dictionary: [String: String]) -> String {
    let shown = dictionary.sorted { $0.key < $1.key }.prefix(4).map { "\($0.key.debugDescription): \($0.value.debugDescription)" }
    return "\(dictionary.count) entries [\(shown.joined(separator: ", "))\(dictionary.count > 4 ? ", …" : "")]"
}

/// The input decoded as UTF-8 (invalid sequences replaced) and encoded as UTF-16.
FuzzDriver.run(fuzz)
