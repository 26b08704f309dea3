/// Maps a position inside a decoded value back to the file, so that a finding about a
/// specifier points at the specifier and not at the start of its value.
///
/// Readers keep where each value's literal starts; the literal may hold escapes (`\"`, `\U00e9`,
/// `\351` in .strings; `\u00e9` in JSON; `&amp;` and CDATA in XML), so the walk decodes the
/// literal again, counting decoded scalars until the one asked for.
public enum LiteralLocator {
    /// The location of the scalar at `utf8Offset` in `value`, whose literal starts at `start`
    /// in a file with `lines`. Falls back to `start` when the literal does not decode to the
    /// value (binary files, or a value that did not come from this literal).
    public static func location(
        ofUTF8Offset utf8Offset: Int, in value: String, literalAt start: SourceLocation, lines: [Substring]
    ) -> SourceLocation {
        map(value, literalAt: start, lines: lines).location(ofUTF8Offset: utf8Offset)
    }

    /// Walks the literal once and records where each of the value's scalars is written, so
    /// that any number of offsets inside one value are located for the cost of one walk (a
    /// value of 20,000 `%` must not be walked 20,000 times). Every unescaped scalar walked must
    /// be the value's; otherwise every offset falls back to `start`.
    public static func map(_ value: String, literalAt start: SourceLocation, lines: [Substring]) -> LiteralMap {
        let unlocated = LiteralMap(start: start, offsets: [], positions: [])
        guard start.line >= 1, start.line <= lines.count else { return unlocated }
        let expected = Array(value.unicodeScalars)
        var offsets: [Int32] = []
        var positions: [(line: Int32, column: Int32)] = []
        offsets.reserveCapacity(expected.count + 1)
        positions.reserveCapacity(expected.count + 1)
        var utf8Offset = 0
        var walker = Walker(lines: lines, line: start.line, column: start.column)
        /// Records that the next decoded scalar starts where the walker is.
        func record() {
            offsets.append(Int32(truncatingIfNeeded: utf8Offset))
            positions.append((Int32(truncatingIfNeeded: walker.line), Int32(truncatingIfNeeded: walker.column)))
            if offsets.count <= expected.count { utf8Offset += UTF8.width(expected[offsets.count - 1]) }
        }
        guard let first = walker.peek() else { return unlocated }
        var decoded = 0
        switch first {
        case "\"":
            walker.advance()
            while decoded < expected.count {
                guard let scalar = walker.peek(), scalar != "\"" else { return unlocated }
                record()
                if scalar == "\\" {
                    walker.advance()
                    guard let escaped = walker.peek() else { return unlocated }
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
                    guard scalar == expected[decoded] else { return unlocated }
                    walker.advance()
                }
                decoded += 1
            }
        case "<":
            // <string>…</string>: after the opening tag, entities and CDATA.
            while let scalar = walker.peek(), scalar != ">" { walker.advance() }
            walker.advance()
            while decoded < expected.count {
                guard let scalar = walker.peek() else { return unlocated }
                if walker.hasPrefix("<![CDATA[") {
                    for _ in 0..<9 { walker.advance() }
                    while decoded < expected.count, let scalar = walker.peek(), !walker.hasPrefix("]]>") {
                        guard scalar == expected[decoded] else { return unlocated }
                        record()
                        walker.advance()
                        decoded += 1
                    }
                    if decoded < expected.count { for _ in 0..<3 { walker.advance() } }
                    continue
                }
                if scalar == "<" { return unlocated }
                record()
                if scalar == "&" {
                    while let s = walker.peek(), s != ";" { walker.advance() }
                } else if scalar != expected[decoded] {
                    return unlocated
                }
                walker.advance()
                decoded += 1
            }
        default:
            // An unquoted .strings value: no escapes.
            for scalar in expected {
                guard walker.peek() == scalar else { return unlocated }
                record()
                walker.advance()
            }
        }
        record()  // the end of the value
        return LiteralMap(start: start, offsets: offsets, positions: positions)
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

/// Where each scalar of one decoded value is written in its file (see ``LiteralLocator/map(_:literalAt:lines:)``).
public struct LiteralMap: Sendable {
    /// Where the literal starts: the answer when the literal could not be mapped.
    public let start: SourceLocation
    /// The value's UTF-8 offset of each scalar, ascending, then the value's length.
    fileprivate let offsets: [Int32]
    fileprivate let positions: [(line: Int32, column: Int32)]

    fileprivate init(start: SourceLocation, offsets: [Int32], positions: [(line: Int32, column: Int32)]) {
        self.start = start
        self.offsets = offsets
        self.positions = positions
    }

    /// Where the scalar at `utf8Offset` of the value is (an offset inside a scalar: the next one).
    public func location(ofUTF8Offset utf8Offset: Int) -> SourceLocation {
        guard utf8Offset >= 0, !offsets.isEmpty else { return start }
        var low = 0
        var high = offsets.count - 1
        while low < high {
            let middle = (low + high) / 2
            if Int(offsets[middle]) < utf8Offset { low = middle + 1 } else { high = middle }
        }
        return SourceLocation(file: start.file, line: Int(positions[low].line), column: Int(positions[low].column))
    }
}
