/// The `encoding` an XML property list declares, for the single-byte encodings Foundation
/// honours there and that tables are found in: ISO-8859-1 and Windows-1252. Other declared
/// names are read as UTF-8 (README, "What a device does").
enum XMLDeclaration {
    /// The file transcoded to UTF-8 when its declaration names ISO-8859-1 or Windows-1252 and
    /// it holds bytes past ASCII; nil otherwise.
    static func singleByteText(_ bytes: [UInt8]) -> DecodedText? {
        guard let name = declaredEncoding(bytes), bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        let table: [UInt16]?
        switch name {
        // Foundation reads bytes past ASCII in a file declared US-ASCII as ISO-8859-1 too.
        case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "l1", "iso-latin-1", "us-ascii", "ascii": table = nil
        case "windows-1252", "cp1252": table = windows1252High
        default: return nil
        }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.count + bytes.count / 4)
        var problems = DecodingProblemList()
        for byte in bytes {
            let value = if let table, (0x80...0x9F).contains(byte) { UInt32(table[Int(byte) - 0x80]) } else { UInt32(byte) }
            // A byte the code page leaves undefined fails the file where it is decoded, as a byte
            // that is not UTF-8 does.
            if value == 0xFFFD { problems.append(DecodingProblem(kind: .invalidUTF8(byte: byte), offset: utf8.count)) }
            utf8.append(contentsOf: Array(String(Unicode.Scalar(value).map(Character.init) ?? "\u{FFFD}").utf8))
        }
        return DecodedText(utf8: utf8, encoding: .utf8, problems: problems.listed, unlistedProblemCount: problems.unlisted)
    }

    /// The lower-cased `encoding` of a leading `<?xml …?>` declaration.
    static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        var index = 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        let opening = Array("<?xml".utf8)
        guard bytes.count >= index + opening.count, Array(bytes[index..<(index + opening.count)]) == opening else { return nil }
        // A declaration is short; never scan a whole hostile file for its end.
        let window = bytes[index..<min(bytes.count, index + 256)]
        guard let end = window.firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let declaration = Array(bytes[index..<end])
        let attribute = Array("encoding".utf8)
        guard let at = (0...max(0, declaration.count - attribute.count)).first(where: { declaration[$0...].starts(with: attribute) }),
            declaration.count >= attribute.count
        else { return nil }
        var rest = String(decoding: declaration[(at + attribute.count)...], as: UTF8.self)
            .drop(while: { $0 == " " || $0 == "=" || $0 == "\t" })
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        rest = rest.dropFirst()
        guard let close = rest.firstIndex(of: quote) else { return nil }
        return rest[..<close].lowercased()
    }

    /// Windows-1252 bytes 0x80–0x9F (0xFFFD where the code page has no character).
    private static let windows1252High: [UInt16] = [
        0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD,
        0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,
    ]
}
