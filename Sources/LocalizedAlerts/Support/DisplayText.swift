import CICU

/// Text as a fixed-width display shows it: grapheme clusters (ICU's break iterator), each one
/// or two columns wide by East Asian width and emoji presentation (ICU properties), and the
/// writing direction. Used to align tables and to truncate text like a lock screen does.
@_spi(Presentation) public enum DisplayText {
    /// The grapheme clusters of `text`.
    public static func graphemes(_ text: String) -> [Substring] {
        var text = text
        return text.withUTF8 { utf8 -> [Substring] in
            guard utf8.count > 0 else { return [] }
            var boundaries = [Int32](repeating: 0, count: utf8.count + 1)
            let count = utf8.withMemoryRebound(to: CChar.self) { chars in
                cicu_grapheme_boundaries(chars.baseAddress, Int32(utf8.count), &boundaries, Int32(boundaries.count))
            }
            guard count >= 2 else { return [Substring(String(decoding: utf8, as: UTF8.self))] }
            let string = String(decoding: utf8, as: UTF8.self)
            let view = string.utf8
            var result: [Substring] = []
            result.reserveCapacity(Int(count) - 1)
            for k in 0..<(Int(count) - 1) {
                let lower = view.index(view.startIndex, offsetBy: Int(boundaries[k]))
                let upper = view.index(view.startIndex, offsetBy: Int(boundaries[k + 1]))
                result.append(string[lower..<upper])
            }
            return result
        }
    }

    /// Columns one grapheme cluster takes in a terminal: 0, 1 or 2.
    public static func width(ofGrapheme grapheme: Substring) -> Int {
        var width = 0
        var sawVisible = false
        for scalar in grapheme.unicodeScalars {
            let value = Int32(bitPattern: scalar.value)
            if scalar.value == 0xFE0F { width = max(width, 2) }  // emoji presentation selector
            if cicu_is_default_ignorable(value) == 1 { continue }
            let category = cicu_char_category(value)
            // Mn, Me, Cf and control characters take no column.
            if category == 6 || category == 7 || category == 16 || category == 15 { continue }
            sawVisible = true
            let eastAsian = cicu_east_asian_width(value)
            if eastAsian == 3 || eastAsian == 5 || cicu_is_emoji_presentation(value) == 1 {
                width = max(width, 2)
            } else {
                width = max(width, 1)
            }
        }
        return sawVisible ? width : 0
    }

    /// Columns `text` takes in a terminal.
    public static func width(_ text: String) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return graphemes(text).reduce(0) { $0 + width(ofGrapheme: $1) }
    }

    /// Whether `text` reads right to left: its first strong character is R or AL.
    public static func isRightToLeft(_ text: String) -> Bool {
        for scalar in text.unicodeScalars {
            switch cicu_char_direction(Int32(bitPattern: scalar.value)) {
            case 0: return false  // L
            case 1, 13: return true  // R, AL
            default: continue
            }
        }
        return false
    }

    /// Whether `text` holds any strong right-to-left character.
    public static func containsRightToLeft(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            let direction = cicu_char_direction(Int32(bitPattern: scalar.value))
            return direction == 1 || direction == 13
        }
    }

    /// `scalar` as a terminal can show it without being steered by it: a tab is a space, other
    /// control characters are their Control Pictures symbols (U+2400…), C1 controls U+FFFD. Text
    /// from tables and payloads is printed this way, so an escape sequence in a value is seen,
    /// not obeyed.
    public static func visible(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x09: return " "
        case 0x00..<0x20: return Unicode.Scalar(0x2400 + scalar.value)!
        case 0x7F: return "\u{2421}"
        case 0x80..<0xA0: return "\u{FFFD}"
        default: return scalar
        }
    }

    /// `text` with every control character made visible, line breaks too, so the result is
    /// one line.
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }) else { return text }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: text.unicodeScalars.lazy.map(visible))
        return String(result)
    }

    /// Splits `text` into lines of at most `columns` columns, breaking at every kind of line
    /// break (LF, CR LF, CR, NEL, U+2028, U+2029), after spaces where it can and inside words
    /// where it must (an approximation of a real line breaker). Control characters are made
    /// visible.
    public static func wrap(_ text: String, columns: Int) -> [String] {
        guard columns > 0 else { return [visible(text)] }
        var lines: [String] = []
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var line = ""
            var lineWidth = 0
            var lastSpace: (index: String.Index, width: Int)?
            for grapheme in graphemes(visible(String(paragraph))) {
                let w = width(ofGrapheme: grapheme)
                if lineWidth + w > columns && !line.isEmpty {
                    if let space = lastSpace {
                        let rest = String(line[line.index(after: space.index)...])
                        lines.append(String(line[..<space.index]))
                        line = rest
                        lineWidth = lineWidth - space.width - 1
                    } else {
                        lines.append(line)
                        line = ""
                        lineWidth = 0
                    }
                    lastSpace = nil
                }
                if grapheme == " " { lastSpace = (line.endIndex, lineWidth) }
                line += grapheme
                lineWidth += w
            }
            lines.append(line)
        }
        return lines
    }

    /// `text` on one line of at most `columns` columns, ending with "…" when cut; control
    /// characters (line breaks too) are made visible.
    public static func truncate(_ text: String, columns: Int) -> String {
        let text = visible(text)
        guard width(text) > columns else { return text }
        var result = ""
        var used = 0
        for grapheme in graphemes(text) {
            let w = width(ofGrapheme: grapheme)
            if used + w > columns - 1 { break }
            result += grapheme
            used += w
        }
        return result + "…"
    }
}
