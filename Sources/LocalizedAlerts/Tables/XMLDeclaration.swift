/// The `encoding` an XML property list declares, found as CoreFoundation's `encodingForXMLData`
/// finds it (CFPropertyList.c, the same code on devices and in corelibs): only in a file that
/// starts with `<?xml` (a byte order mark or whitespace before it means UTF-8), in the first
/// `encoding=` (no spaces around `=`) before any `?` or `>`, up to the same quote.
///
/// The toolkit decodes the single-byte encodings tables are found in (ISO-8859-1, US-ASCII and
/// Windows-1252) and refuses what Foundation refuses for certain: a UTF-16 or UTF-32 name on a
/// file that is not UTF-16 or UTF-32, and any name starting `macintosh` (Mac OS Roman is
/// encoding 0, which `encodingForXMLData` returns for "no encoding"). Other names are read as
/// UTF-8 (docs/device-behaviour.md §8.2): Foundation decodes those it knows through ICU and
/// rejects the file for the others, neither modelled here.
@_spi(Oracle) public enum XMLDeclaration {
    /// What the declaration means for reading the file.
    public enum Declared: Equatable, Sendable {
        /// UTF-8: no declaration, or one naming UTF-8.
        case utf8
        /// Decoded byte by byte: ISO-8859-1 (`highBytes` nil) or Windows-1252.
        case singleByte(name: String, highBytes: [UInt16]?)
        /// Foundation rejects the file; `reason` says why, at byte `offset` (the name).
        case refused(name: String, offset: Int, reason: String)
        /// A name this toolkit does not decode; the file is read as UTF-8.
        case notModelled(name: String)
    }

    /// The file transcoded to UTF-8 when its declaration names ISO-8859-1 or Windows-1252 and
    /// it holds bytes past ASCII; nil otherwise.
    static func singleByteText(_ bytes: [UInt8], highBytes table: [UInt16]?) -> DecodedText? {
        guard bytes.contains(where: { $0 >= 0x80 }) else { return nil }
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

    /// What the leading `<?xml …?>` declaration of `bytes` declares (for bytes already known not
    /// to be UTF-16 or UTF-32 by their first bytes).
    public static func declared(_ bytes: [UInt8]) -> Declared {
        guard let (name, offset) = declaredName(bytes) else { return .utf8 }
        let lowered = name.lowercased()
        switch lowered {
        // Foundation reads bytes past ASCII in a file declared US-ASCII as ISO-8859-1 too.
        case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "l1", "iso-latin-1", "us-ascii", "ascii":
            return .singleByte(name: name, highBytes: nil)
        case "windows-1252", "cp1252":
            return .singleByte(name: name, highBytes: windows1252High)
        case "utf-16", "utf-16be", "utf-16le", "utf-32", "utf-32be", "utf-32le":
            // The file opens with "<?", which read as UTF-16 or UTF-32 is no property list.
            return .refused(
                name: name, offset: offset,
                reason:
                    "the XML declaration names \(name), but the file is not \(lowered.hasPrefix("utf-16") ? "UTF-16" : "UTF-32"): Foundation decodes it as such and cannot read it"
            )
        default:
            if lowered.hasPrefix("macintosh") {
                return .refused(
                    name: name, offset: offset,
                    reason:
                        "the XML declaration names \(name): CoreFoundation maps it to Mac OS Roman, encoding 0, which it also uses for 'no encoding found', so Foundation cannot read the file"
                )
            }
            return .notModelled(name: name)
        }
    }

    /// The declared name (Latin-1 bytes) and its offset, as `encodingForXMLData` scans for it;
    /// nil where it decides on UTF-8 without one (or gives up at the end of the buffer).
    static func declaredName(_ bytes: [UInt8]) -> (name: String, offset: Int)? {
        guard bytes.count >= 5, bytes[0..<5].elementsEqual("<?xml".utf8) else { return nil }
        var index = 5
        let attribute = Array("ncoding=".utf8)
        var found = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "?") || byte == UInt8(ascii: ">") { return nil }
            index += 1
            // CoreFoundation fails here ("End of buffer while looking for encoding name"); the
            // file cannot hold a whole property list after this point anyway.
            if index + 8 >= bytes.count { return nil }
            if byte == UInt8(ascii: "e") && bytes[index..<(index + 8)].elementsEqual(attribute) {
                index += 8
                found = true
                break
            }
        }
        guard found, index < bytes.count else { return nil }
        let quote = bytes[index]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
        let base = index + 1
        guard let close = bytes[base...].firstIndex(of: quote) else { return nil }
        let name = String(bytes[base..<close].map { Character(Unicode.Scalar($0)) })
        // CoreFoundation's own check: exactly five bytes u/U t/T f/F '-' '8'.
        if name.count == 5, name.lowercased() == "utf-8" { return nil }
        return (name, base)
    }

    /// Windows-1252 bytes 0x80–0x9F (0xFFFD where the code page has no character).
    private static let windows1252High: [UInt16] = [
        0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD,
        0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,
    ]
}
