/// Writes entries as a text `.strings` file (UTF-8) that reads back to the same entries: same
/// keys, values, comments and order. Used to normalise tables and by the fuzzers' round-trip check.
public enum StringsFilePrinter {
    /// The `.strings` text for `entries`, in their order, each with its comment.
    public static func print(_ entries: some Sequence<LocalizationTable.Entry>) -> String {
        var output = ""
        var first = true
        for entry in entries {
            if !first { output += "\n" }
            first = false
            if let comment = entry.comment, !comment.isEmpty {
                if containsCommentEnd(comment) {
                    // Line comments end where CoreFoundation ends them: \n, \r, U+2028 and U+2029
                    // (a "\r\n" is one Character, so split the scalars).
                    let ends: Set<Unicode.Scalar> = ["\n", "\r", "\u{2028}", "\u{2029}"]
                    for line in comment.unicodeScalars.split(omittingEmptySubsequences: false, whereSeparator: ends.contains) {
                        output += "// \(String(String.UnicodeScalarView(line)))\n"
                    }
                } else {
                    output += "/* \(comment) */\n"
                }
            }
            output += quoted(entry.key)
            output += " = "
            output += entry.valueKind == .string ? quoted(entry.value) : entry.value
            output += ";\n"
        }
        return output
    }

    /// Whether `text` holds "*/" as bytes: `String.contains` compares Characters, and a "/"
    /// followed by a combining mark is a different Character, yet still closes a comment.
    static func containsCommentEnd(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if previous == UInt8(ascii: "*") && byte == UInt8(ascii: "/") { return true }
            previous = byte
        }
        return false
    }

    /// A quoted string whose parse is exactly `text`.
    public static func quoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            case "\r": output += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    output += "\\U" + hex(scalar.value)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }
}
