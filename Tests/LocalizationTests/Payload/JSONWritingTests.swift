import Foundation
import Testing

@testable import LocalizedAlerts

/// Strings as the JSON writer escapes them: every payload sent and every answer goes through it.
@Suite("JSON writing")
struct JSONWritingTests {
    /// The definition, a scalar at a time: `"` and `\` escaped, the short escapes, other control
    /// characters as `\u00xx`, U+2028 and U+2029 as escapes, everything else as it is.
    static func reference(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            case _ where scalar.value < 0x20: out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func written(_ text: String) -> String {
        var output: [UInt8] = []
        LocatedJSON.writeString(text, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    @Test func escapesAsDefined() {
        #expect(Self.written("") == #""""#)
        #expect(Self.written(#"Say "hi" \ bye"#) == #""Say \"hi\" \\ bye""#)
        #expect(Self.written("a\u{2028}b\u{2029}c’d…e\u{1}\u{1F}\n") == #""a\u2028b\u2029c’d…e\u0001\u001f\n""#)
    }

    @Test("random text, written across the scan's 16-byte blocks, matches the definition and reads back")
    func randomTextMatchesTheDefinition() throws {
        var random = SplitMix64(seed: 23)
        let pieces = [
            "a", "plain text ", "é", "’", "…", "😀", "\u{2028}", "\u{2029}", "\u{2027}", "\u{202A}", "\"", "\\", "\n", "\t", "\u{0}", "\u{1F}",
            "\u{7F}", "\u{85}",
        ]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0..<40, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let written = Self.written(text)
            #expect(written == Self.reference(text), "\(Array(text.utf8))")
            let read = try JSONSerialization.jsonObject(with: Data("[\(written)]".utf8)) as? [String]
            #expect(read == [text])
        }
    }
}
