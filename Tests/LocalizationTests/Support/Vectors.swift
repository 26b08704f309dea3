import Foundation

/// Rows of a tab-separated vector file (comments and the header skipped).
enum Vectors {
    static func rows(_ name: String) throws -> [[String]] {
        try rows(atPath: Fixtures.path("vectors/\(name)"))
    }

    /// Rows of the tab-separated file at `path`.
    static func rows(atPath path: String) throws -> [[String]] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var rows: [[String]] = []
        var sawHeader = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) where !line.hasPrefix("#") && !line.isEmpty {
            if !sawHeader {
                sawHeader = true
                continue
            }
            rows.append(line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init))
        }
        return rows
    }

    /// A `|`-separated list; empty text is an empty list.
    static func list(_ field: String) -> [String] {
        field.isEmpty ? [] : field.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    }
}
