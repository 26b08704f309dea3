import Foundation

/// Rows of the Android oracle vectors (`Fixtures/android/*.tsv`): comment lines and the header
/// skipped, fields unescaped (`\\` `\t` `\n` `\r` `\u{HEX}`).
enum AndroidVectors {
    static func rows(_ name: String) throws -> [[String]] {
        try Vectors.rows(atPath: Fixtures.path("android/\(name)")).map { $0.map(unescape) }
    }

    static func unescape(_ field: String) -> String {
        var out = ""
        var iterator = field.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "\\", let next = iterator.next() else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch next {
            case "t": out += "\t"
            case "n": out += "\n"
            case "r": out += "\r"
            case "u":
                _ = iterator.next()  // {
                var hex = ""
                while let digit = iterator.next(), digit != "}" { hex.unicodeScalars.append(digit) }
                out.unicodeScalars.append(Unicode.Scalar(UInt32(hex, radix: 16)!) ?? "\u{FFFD}")
            default: out.unicodeScalars.append(next)
            }
        }
        return out
    }

    /// Whether a command is on PATH (for the differential tests that run an oracle).
    static func hasTool(_ name: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
        }
    }
}
