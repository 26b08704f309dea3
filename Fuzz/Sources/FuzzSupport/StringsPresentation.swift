/// How the `.strings` targets present their input: the first byte picks an encoding for the rest
/// (as is, UTF-16 with a byte order mark in either order, BOM-less UTF-16, UTF-8 with a BOM), so
/// that one corpus reaches every decoding path.
public enum StringsPresentation {
    /// The bytes to read, or nil for an empty input.
    public static func bytes(_ input: [UInt8]) -> [UInt8]? {
        guard let mode = input.first else { return nil }
        let rest = Array(input.dropFirst())
        switch mode % 6 {
        case 1: return [0xFF, 0xFE] + utf16(rest, bigEndian: false)
        case 2: return [0xFE, 0xFF] + utf16(rest, bigEndian: true)
        case 3: return utf16(rest, bigEndian: false)
        case 4: return [0xEF, 0xBB, 0xBF] + rest
        default: return rest
        }
    }

    static func utf16(_ bytes: [UInt8], bigEndian: Bool) -> [UInt8] {
        String(decoding: bytes, as: UTF8.self).utf16.flatMap { unit in
            bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
    }
}
