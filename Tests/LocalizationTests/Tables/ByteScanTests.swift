import CByteScan
import Testing

@testable import LocalizedAlerts

/// The readers' byte scans against the byte-at-a-time definitions they stand for, on seeded
/// random bytes that cross the sixteen-byte blocks at every offset: the vector paths this
/// machine runs, and the portable paths machines without SSE2 run.
@Suite("Byte scans")
struct ByteScanTests {
    /// Random bytes drawn mostly from `alphabet`, so that the rare ones fall anywhere.
    static func randomBytes(_ count: Int, _ alphabet: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        (0..<count).map { _ in
            Int.random(in: 0..<10, using: &random) == 0 ? UInt8.random(in: 0...255, using: &random) : alphabet.randomElement(using: &random)!
        }
    }

    @Test("UTF-8 validity agrees with the standard library and with the walk that locates the break")
    func utf8Validity() {
        var random = SplitMix64(seed: 11)
        // ASCII, two-, three- and four-byte characters, and the bytes that make them invalid.
        let pieces: [[UInt8]] = [
            Array("plain text ".utf8), Array("é".utf8), Array("ह".utf8), Array("😀".utf8), [0xF4, 0x8F, 0xBF, 0xBF], [0xED, 0x9F, 0xBF], [0x80],
            [0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xF0, 0x80, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5],
            [0xE3, 0x81],
            [0xC2], [0xFF],
        ]
        var invalid = 0
        for round in 0..<4_000 {
            var bytes: [UInt8] = []
            let valid = round % 2 == 0
            // Sixteen bytes at a time, and the last ones after: texts of many blocks as well.
            let length = Int.random(in: 0..<(round % 4 < 2 ? 80 : 400), using: &random)
            while bytes.count < length {
                bytes += pieces[Int.random(in: 0..<(valid ? 6 : pieces.count), using: &random)]
            }
            let expected = String(validating: bytes, as: UTF8.self) != nil
            let found = bytes.withUnsafeBufferPointer { TextDecoder.firstInvalidUTF8(in: $0, from: 0) }
            let walked = bytes.withUnsafeBufferPointer { TextDecoder.firstInvalidUTF8Walking(in: $0, from: 0) }
            let portable = bytes.withUnsafeBufferPointer { bytescan_portable_is_valid_utf8($0.baseAddress, $0.count) != 0 }
            #expect((found == nil) == expected && found == walked && portable == expected, "\(bytes)")
            if !expected { invalid += 1 }
        }
        #expect(invalid > 1_000)
    }

    @Test("an XML value's text ends at the first '<', '&', ']' or CR")
    func valueTextEnd() {
        var random = SplitMix64(seed: 12)
        for _ in 0..<2_000 {
            let bytes = Self.randomBytes(Int.random(in: 0..<70, using: &random), Array("abc xyz".utf8) + [0xC3, 0xA9], using: &random)
            let expected = bytes.firstIndex { [UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: "]"), 0x0D].contains($0) } ?? bytes.count
            #expect(bytes.withUnsafeBufferPointer { bytescan_value_text_end($0.baseAddress, $0.count) } == expected, "\(bytes)")
            #expect(bytes.withUnsafeBufferPointer { bytescan_portable_value_text_end($0.baseAddress, $0.count) } == expected, "\(bytes)")
        }
    }

    @Test("an attribute value ends at its quote or at a byte it may not hold")
    func attributeValueEnd() {
        var random = SplitMix64(seed: 13)
        for _ in 0..<2_000 {
            let quote = Bool.random(using: &random) ? UInt8(ascii: "\"") : UInt8(ascii: "'")
            let bytes = Self.randomBytes(Int.random(in: 0..<70, using: &random), Array("call_missed_title.2".utf8), using: &random)
            let ends: [UInt8] = [quote, UInt8(ascii: "<"), UInt8(ascii: "&"), 0x09, 0x0A, 0x0D]
            let expected = bytes.firstIndex { ends.contains($0) } ?? bytes.count
            #expect(bytes.withUnsafeBufferPointer { bytescan_attribute_value_end($0.baseAddress, $0.count, quote) } == expected, "\(bytes)")
            #expect(bytes.withUnsafeBufferPointer { bytescan_portable_attribute_value_end($0.baseAddress, $0.count, quote) } == expected, "\(bytes)")
        }
    }

    @Test("a quoted .strings literal's plain run ends at its quote or a backslash")
    func quotedTextEnd() {
        var random = SplitMix64(seed: 15)
        for _ in 0..<2_000 {
            let quote = Bool.random(using: &random) ? UInt8(ascii: "\"") : UInt8(ascii: "'")
            let bytes = Self.randomBytes(Int.random(in: 0..<70, using: &random), Array("%@ a partagé".utf8), using: &random)
            let expected = bytes.firstIndex { $0 == quote || $0 == UInt8(ascii: "\\") } ?? bytes.count
            #expect(bytes.withUnsafeBufferPointer { bytescan_quoted_text_end($0.baseAddress, $0.count, quote) } == expected, "\(bytes)")
            #expect(bytes.withUnsafeBufferPointer { bytescan_portable_quoted_text_end($0.baseAddress, $0.count, quote) } == expected, "\(bytes)")
        }
    }

    @Test("JSON white space ends at the first byte other than space, tab, LF or CR")
    func jsonSpaceEnd() {
        var random = SplitMix64(seed: 17)
        for _ in 0..<2_000 {
            let bytes = Self.randomBytes(Int.random(in: 0..<70, using: &random), [0x20, 0x20, 0x20, 0x09, 0x0A, 0x0D], using: &random)
            let expected = bytes.firstIndex { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } ?? bytes.count
            #expect(bytes.withUnsafeBufferPointer { bytescan_json_space_end($0.baseAddress, $0.count) } == expected, "\(bytes)")
            #expect(bytes.withUnsafeBufferPointer { bytescan_portable_json_space_end($0.baseAddress, $0.count) } == expected, "\(bytes)")
        }
    }

    @Test("a JSON string literal's plain run ends at its quote, a backslash or a control character")
    func jsonStringEnd() {
        var random = SplitMix64(seed: 18)
        for _ in 0..<2_000 {
            let bytes = Self.randomBytes(Int.random(in: 0..<70, using: &random), Array("%@ a partagé 😀".utf8) + [0x7F, 0x20], using: &random)
            let expected = bytes.firstIndex { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") } ?? bytes.count
            #expect(bytes.withUnsafeBufferPointer { bytescan_json_string_end($0.baseAddress, $0.count) } == expected, "\(bytes)")
            #expect(bytes.withUnsafeBufferPointer { bytescan_portable_json_string_end($0.baseAddress, $0.count) } == expected, "\(bytes)")
        }
    }

    @Test("a JSON writer's plain run ends at a quote, a backslash, a control character or the lead of U+2028 and U+2029")
    func jsonUnescapedEnd() {
        var random = SplitMix64(seed: 19)
        for _ in 0..<2_000 {
            let bytes = Self.randomBytes(Int.random(in: 0..<70, using: &random), Array("%@ a partagé ’ 😀".utf8) + [0x7F, 0x20], using: &random)
            let expected = bytes.firstIndex { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0xE2 } ?? bytes.count
            #expect(bytes.withUnsafeBufferPointer { bytescan_json_unescaped_end($0.baseAddress, $0.count) } == expected, "\(bytes)")
            #expect(bytes.withUnsafeBufferPointer { bytescan_portable_json_unescaped_end($0.baseAddress, $0.count) } == expected, "\(bytes)")
        }
    }

    @Test("scalars are counted as the bytes that are not continuation bytes")
    func scalarCount() {
        var random = SplitMix64(seed: 16)
        for _ in 0..<2_000 {
            let text = String(
                (0..<Int.random(in: 0..<40, using: &random)).map { _ in "aé中😀\u{301} ".randomElement(using: &random)! })
            let bytes = Array(text.utf8) + Self.randomBytes(Int.random(in: 0..<8, using: &random), [0x80, 0xBF, 0xC0, 0x7F], using: &random)
            let expected = bytes.count { $0 & 0xC0 != 0x80 }
            #expect(bytes.withUnsafeBufferPointer { bytescan_scalar_count($0.baseAddress, $0.count) } == expected, "\(bytes)")
            #expect(bytes.withUnsafeBufferPointer { bytescan_portable_scalar_count($0.baseAddress, $0.count) } == expected, "\(bytes)")
            // For valid UTF-8, that is the scalar count the standard library gives.
            if let valid = String(validating: bytes, as: UTF8.self) { #expect(expected == valid.unicodeScalars.count) }
        }
    }

    @Test("plain text is copied up to the first byte string compiling changes")
    func plainText() {
        var random = SplitMix64(seed: 14)
        for _ in 0..<2_000 {
            let bytes = Self.randomBytes(
                Int.random(in: 0..<70, using: &random), Array("Noor shared a file".utf8) + [0xE2, 0x80, 0x99], using: &random)
            let afterSpace = Bool.random(using: &random)
            // The longest prefix with no control character, quote, apostrophe or backslash, no
            // two spaces in a row and no space first after one.
            var plain = 0
            var spaceBefore = afterSpace
            for byte in bytes {
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\\")
                    || (byte == 0x20 && spaceBefore)
                {
                    break
                }
                spaceBefore = byte == 0x20
                plain += 1
            }
            for copy in [bytescan_copy_plain_text, bytescan_portable_copy_plain_text] {
                var output = [UInt8](repeating: 0, count: bytes.count)
                let copied = bytes.withUnsafeBufferPointer { input in
                    output.withUnsafeMutableBufferPointer { copy(input.baseAddress, input.count, $0.baseAddress, afterSpace ? 1 : 0) }
                }
                #expect(copied == plain && output[..<copied] == bytes[..<copied], "\(bytes)")
            }
        }
    }
}
