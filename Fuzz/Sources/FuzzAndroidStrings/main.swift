import FuzzSupport
import LocalizedAlerts

/// The strings.xml reader and the Android renderer over what it read. Invariants: locations
/// inside the input; reading is deterministic; a file read without remarks reads the same
/// through the located reader; references followed inside the file end; every
/// string rendered as a loc key, with and without String arguments, gives a notification, a
/// named crash or nothing, never a trap.
/// The file as the readers see it for lines and columns: UTF-16 (a byte order mark, or `<` as
/// the first character in either byte order, as expat detects it) decoded, since its line ends
/// are not the bytes' LF and CR; any other encoding keeps one character per line character.
func textAsRead(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.count >= 2 else { return bytes }
    let bigEndian: Bool
    var start = 0
    switch (bytes[0], bytes[1]) {
    case (0xFE, 0xFF): (bigEndian, start) = (true, 2)
    case (0xFF, 0xFE): (bigEndian, start) = (false, 2)
    case (0x00, 0x3C): bigEndian = true
    case (0x3C, 0x00): bigEndian = false
    default: return bytes
    }
    var units: [UInt16] = []
    var index = start
    while index + 1 < bytes.count {
        let high = UInt16(bigEndian ? bytes[index] : bytes[index + 1])
        let low = UInt16(bigEndian ? bytes[index + 1] : bytes[index])
        units.append(high << 8 | low)
        index += 2
    }
    return Array(String(decoding: units, as: UTF16.self).utf8)
}

func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = FuzzDriver.bytes(data, count)
    let file = AndroidStringsFile(parsing: bytes, file: "strings.xml")
    let lines = Invariants.lines(textAsRead(bytes))
    Invariants.locationsInside(Invariants.diagnosticLocations(file.diagnostics), lines: lines, what: "strings.xml")
    Invariants.locationsInside(file.strings.map(\.location), lines: lines, what: "a string's location")
    let again = AndroidStringsFile(parsing: bytes, file: "strings.xml")
    guard again.strings == file.strings, again.plurals == file.plurals, again.stringArrays == file.stringArrays else {
        violated("reading the same bytes twice gave different resources")
    }
    // A file read without remarks reads the same through the located reader's events, which
    // the reader that takes common files straight from their bytes must agree with. A
    // processing instruction after the root, which that reader leaves to the located one,
    // changes no resource and sends the file there.
    if file.diagnostics.isEmpty {
        let located = AndroidStringsFile(parsing: bytes + Array("<?located?>".utf8), file: "strings.xml")
        guard located.strings == file.strings, located.plurals == file.plurals, located.stringArrays == file.stringArrays,
            located.diagnostics.isEmpty
        else { violated("the file reads differently through the located reader") }
    }
    let names = file.strings.names.sorted().prefix(16)
    for name in names { _ = file.text(ofString: name) }
    guard let folder = AndroidResourceFolder(name: "values-fr"), let base = AndroidResourceFolder(name: "values") else {
        violated("the fixed folder names do not read")
    }
    let resources = AndroidAppResources(folders: [
        .init(name: "values", qualifiers: base, files: [file]),
        .init(name: "values-fr", qualifiers: folder, files: [file]),
    ])
    for name in names {
        for args in [nil, [] as [String], ["1", "Ana", "x"]] {
            let argsMember =
                args.map {
                    #","title_loc_args":[\#($0.map(Invariants.jsonString).joined(separator: ","))],"body_loc_args":[\#($0.map(Invariants.jsonString).joined(separator: ","))]"#
                } ?? ""
            let message = FCMMessage(
                parsing: Array(
                    #"{"message":{"android":{"notification":{"title_loc_key":\#(Invariants.jsonString(name)),"body_loc_key":\#(Invariants.jsonString(name))\#(argsMember)}}}}"#
                        .utf8))
            guard message.android?.titleLocKey?.value == name else { violated("the message built for \(name) does not read back") }
            for locales in [["fr-FR"], ["de-DE", "en-US"]] {
                let rendering = AndroidRenderer.render(message, deviceLocales: locales, resources: resources, appName: "App")
                if case .shown = rendering.outcome, rendering.title == nil { violated("a shown notification without a title") }
            }
        }
    }
    return 0
}

FuzzDriver.run(fuzz)
