import LocalizedAlerts

/// Checks shared by the fuzz targets.
public enum Invariants {
    /// Every location lies inside the text: a line that exists, a column at most one past the
    /// line's end (the end of a line is a position).
    public static func locationsInside(_ locations: [SourceLocation], lines: [Substring], what: String) {
        guard !locations.isEmpty else { return }
        var lengths: [Int?] = Array(repeating: nil, count: lines.count)
        for location in locations {
            guard location.line >= 1, location.line <= lines.count else {
                violated("\(what): line \(location.line) outside 1...\(lines.count)")
            }
            let length = lengths[location.line - 1] ?? lines[location.line - 1].unicodeScalars.count
            lengths[location.line - 1] = length
            guard location.column >= 1, location.column <= length + 1 else {
                violated("\(what): column \(location.column) outside 1...\(length + 1) on line \(location.line)")
            }
        }
    }

    /// For binary input: line 1, column a byte offset + 1 inside the input.
    public static func locationsInside(_ locations: [SourceLocation], byteCount: Int, what: String) {
        for location in locations where location.line != 1 || location.column < 1 || location.column > byteCount + 1 {
            violated("\(what): \(location.line):\(location.column) outside a \(byteCount)-byte binary input")
        }
    }

    /// The lines of UTF-8 text as the readers count them.
    public static func lines(_ bytes: [UInt8]) -> [Substring] {
        SourceText.lines(of: String(decoding: bytes, as: UTF8.self))
    }

    /// A JSON string literal of `text`, for inputs built from what a reader returned.
    public static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20: result += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    public static func diagnosticLocations(_ diagnostics: [LocalizationDiagnostic]) -> [SourceLocation] {
        diagnostics.flatMap { [$0.location] + $0.notes.map(\.location) }
    }
}
