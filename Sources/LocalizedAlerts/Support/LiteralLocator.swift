/// Maps a position inside a decoded value back to the file, so that a finding about a
/// specifier points at the specifier and not at the start of its value.
///
/// Readers keep where each value's literal starts; the literal may hold escapes (`\"`, `\U00e9`,
/// `\351` in .strings; `\u00e9` in JSON; `&amp;` and CDATA in XML), so the walk decodes the
/// literal again, counting decoded scalars until the one asked for.
public enum LiteralLocator {
    /// The location of the scalar at `utf8Offset` in `value`, whose literal starts at `start`
    /// in a file with `lines`. Falls back to `start` when the literal does not decode to the
    /// value (binary files, or a value that did not come from this literal): every unescaped
    /// scalar walked must be the value's.
    public static func location(
        ofUTF8Offset utf8Offset: Int, in value: String, literalAt start: SourceLocation, lines: [Substring]
    ) -> SourceLocation {
        guard utf8Offset >= 0, start.line >= 1, start.line <= lines.count else { return start }
        // The target as a scalar index into the value.
        let expected = Array(value.unicodeScalars)
        var target = 0
        var bytes = 0
        for scalar in expected {
            if bytes >= utf8Offset { break }
            bytes += UTF8.width(scalar)
            target += 1
        }
        var walker = Walker(lines: lines, line: start.line, column: start.column)
        guard let first = walker.peek() else { return start }
        var decoded = 0
        switch first {
        case "\"":
            walker.advance()
            while decoded < target {
                guard let scalar = walker.peek(), scalar != "\"" else { return start }
                if scalar == "\\" {
                    walker.advance()
                    guard let escaped = walker.peek() else { return start }
                    walker.advance()
                    if escaped == "U" || escaped == "u" {
                        // A surrogate pair written as two escapes is one scalar.
                        if let unit = walker.hex(4), (0xD800..<0xDC00).contains(unit), walker.hasPrefix("\\\(escaped)") {
                            walker.advance()
                            walker.advance()
                            _ = walker.hex(4)
                        }
                    } else if ("0"..."7").contains(escaped) {
                        walker.skip(octalDigits: 2)
                    }
                } else {
                    guard scalar == expected[decoded] else { return start }
                    walker.advance()
                }
                decoded += 1
            }
        case "<":
            // <string>…</string>: after the opening tag, entities and CDATA.
            while let scalar = walker.peek(), scalar != ">" { walker.advance() }
            walker.advance()
            while decoded < target {
                guard let scalar = walker.peek() else { return start }
                if walker.hasPrefix("<![CDATA[") {
                    for _ in 0..<9 { walker.advance() }
                    while decoded < target, let scalar = walker.peek(), !walker.hasPrefix("]]>") {
                        guard scalar == expected[decoded] else { return start }
                        walker.advance()
                        decoded += 1
                    }
                    if decoded < target { for _ in 0..<3 { walker.advance() } }
                    continue
                }
                if scalar == "<" { return start }
                if scalar == "&" {
                    while let s = walker.peek(), s != ";" { walker.advance() }
                } else if scalar != expected[decoded] {
                    return start
                }
                walker.advance()
                decoded += 1
            }
        default:
            // An unquoted .strings value: no escapes.
            for index in 0..<target {
                guard walker.peek() == expected[index] else { return start }
                walker.advance()
            }
        }
        return SourceLocation(file: start.file, line: walker.line, column: walker.column)
    }

    struct Walker {
        let lines: [Substring]
        var line: Int
        var column: Int
        private var scalars: [Unicode.Scalar]

        init(lines: [Substring], line: Int, column: Int) {
            self.lines = lines
            self.line = line
            self.column = column
            scalars = Array(lines[line - 1].unicodeScalars)
        }

        /// The scalar at the position; a line's end reads as "\n".
        func peek() -> Unicode.Scalar? {
            if column - 1 < scalars.count { return scalars[column - 1] }
            return line < lines.count ? "\n" : nil
        }

        mutating func advance() {
            if column - 1 < scalars.count {
                column += 1
            } else if line < lines.count {
                line += 1
                column = 1
                scalars = Array(lines[line - 1].unicodeScalars)
            }
        }

        func hasPrefix(_ text: String) -> Bool {
            var index = column - 1
            for scalar in text.unicodeScalars {
                guard index < scalars.count, scalars[index] == scalar else { return false }
                index += 1
            }
            return true
        }

        /// Reads up to `count` hex digits; their value, nil when there are none.
        mutating func hex(_ count: Int) -> UInt32? {
            var value: UInt32 = 0
            var digits = 0
            while digits < count, let s = peek(), let digit = Int(String(s), radix: 16) {
                value = value * 16 + UInt32(digit)
                digits += 1
                advance()
            }
            return digits > 0 ? value : nil
        }

        mutating func skip(octalDigits count: Int) {
            for _ in 0..<count {
                guard let s = peek(), ("0"..."7").contains(s) else { return }
                advance()
            }
        }
    }
}
