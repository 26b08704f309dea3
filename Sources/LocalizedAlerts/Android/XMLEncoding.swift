/// A values file's bytes as expat, which aapt2 reads XML with, decodes them, turned into the
/// UTF-8 both strings.xml readers read.
///
/// expat takes UTF-16 (a byte order mark, or `<` as the first character in either byte order)
/// and, for 8-bit files, the encoding the XML declaration names: UTF-8 (also when none is
/// named), ISO-8859-1 or US-ASCII, in any case; a UTF-8 byte order mark does not override the
/// declaration. Any other name is an unknown encoding, and a declaration that names UTF-16 in
/// an 8-bit file, or an 8-bit encoding in a UTF-16 one, is incorrect: aapt2 fails the build on
/// both. Scalars are kept one for one, so lines and columns are those of the file.
enum XMLEncoding {
    enum Outcome: Equatable {
        /// The file as UTF-8 (a byte order mark kept as UTF-8's, which is no column).
        case utf8([UInt8])
        /// expat refuses the file: what it says, and the UTF-8 of the file before the byte it
        /// stops at (to locate it).
        case refused(message: String, before: [UInt8])
    }

    static func decode(_ bytes: [UInt8]) -> Outcome {
        if bytes.count >= 2 {
            switch (bytes[0], bytes[1]) {
            case (0xFE, 0xFF): return utf16(bytes, from: 2, bigEndian: true, byteOrderMark: true)
            case (0xFF, 0xFE): return utf16(bytes, from: 2, bigEndian: false, byteOrderMark: true)
            case (0x00, 0x3C): return utf16(bytes, from: 0, bigEndian: true, byteOrderMark: false)
            case (0x3C, 0x00): return utf16(bytes, from: 0, bigEndian: false, byteOrderMark: false)
            default: break
            }
        }
        let start = TextDecoder.utf8TextStart(bytes)
        // The common case, no declared encoding or UTF-8, costs one look at the declaration.
        switch declaredEncoding(bytes, from: start) {
        case nil, "UTF-8":
            return .utf8(bytes)
        case "ISO-8859-1":
            var text: [UInt8] = start == 3 ? TextDecoder.utf8ByteOrderMark : []
            text.reserveCapacity(bytes.count + bytes.count / 8)
            for byte in bytes[start...] {
                if byte < 0x80 {
                    text.append(byte)
                } else {
                    text.append(0xC0 | byte >> 6)
                    text.append(0x80 | byte & 0x3F)
                }
            }
            return .utf8(text)
        case "US-ASCII":
            if let high = bytes[start...].firstIndex(where: { $0 >= 0x80 }) {
                return .refused(message: "not well-formed (invalid token)", before: Array(bytes[..<high]))
            }
            return .utf8(bytes)
        case "UTF-16", "UTF-16LE", "UTF-16BE":
            return .refused(message: "encoding specified in XML declaration is incorrect", before: [])
        default:
            return .refused(message: "unknown encoding", before: [])
        }
    }

    private static func utf16(_ bytes: [UInt8], from start: Int, bigEndian: Bool, byteOrderMark: Bool) -> Outcome {
        var text: [UInt8] = byteOrderMark ? TextDecoder.utf8ByteOrderMark : []
        text.reserveCapacity(bytes.count)
        var index = start
        func unit(at index: Int) -> UInt16 {
            bigEndian ? UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]) : UInt16(bytes[index + 1]) << 8 | UInt16(bytes[index])
        }
        while index + 1 < bytes.count {
            let first = unit(at: index)
            var scalar: Unicode.Scalar?
            var length = 2
            if first & 0xFC00 == 0xD800 {
                if index + 3 < bytes.count {
                    let second = unit(at: index + 2)
                    if second & 0xFC00 == 0xDC00 {
                        scalar = Unicode.Scalar(0x10000 + (UInt32(first & 0x3FF) << 10 | UInt32(second & 0x3FF)))
                        length = 4
                    }
                }
            } else {
                scalar = Unicode.Scalar(first)
            }
            guard let scalar else {
                // A lone surrogate: the text stops at a byte that is not UTF-8, which fails the
                // reading where it is, unless it comes after the root element (never read).
                text.append(0xFF)
                break
            }
            text.append(contentsOf: UTF8.encode(scalar)!)
            index += length
        }
        // A last odd byte likewise.
        if index == bytes.count - 1 { text.append(0xFF) }
        switch declaredEncoding(text, from: byteOrderMark ? 3 : 0) {
        case nil, "UTF-16", "UTF-16LE", "UTF-16BE": return .utf8(text)
        case "UTF-8", "ISO-8859-1", "US-ASCII": return .refused(message: "encoding specified in XML declaration is incorrect", before: [])
        default: return .refused(message: "unknown encoding", before: [])
        }
    }

    /// The encoding an XML declaration at `start` names, upper-cased; nil when there is no
    /// declaration or it names none.
    static func declaredEncoding(_ bytes: [UInt8], from start: Int) -> String? {
        let prefix = Array("<?xml".utf8)
        guard bytes.count > start + prefix.count, bytes[start..<start + prefix.count].elementsEqual(prefix) else { return nil }
        let next = bytes[start + prefix.count]
        guard next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D else { return nil }
        // The declaration is short: look no further than its `?>`, within a bound.
        var end = start + prefix.count
        let limit = min(bytes.count - 1, start + 1_024)
        while end < limit, !(bytes[end] == UInt8(ascii: "?") && bytes[end + 1] == UInt8(ascii: ">")) { end += 1 }
        let declaration = bytes[start..<end]
        let key = Array("encoding".utf8)
        guard let found = declaration.indices.first(where: { declaration[$0...].starts(with: key) }) else { return nil }
        var index = found + key.count
        func skipSpaces() {
            while index < end, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }
        skipSpaces()
        guard index < end, bytes[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        skipSpaces()
        guard index < end, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return nil }
        let quote = bytes[index]
        let valueStart = index + 1
        guard let valueEnd = bytes[valueStart..<end].firstIndex(of: quote) else { return nil }
        return String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self).uppercased()
    }
}
