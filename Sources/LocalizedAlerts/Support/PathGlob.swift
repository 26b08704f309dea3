/// A shell-style pattern, as configuration files write them: `*` matches any run of
/// characters but `/`, `**` any run including `/` (so `Pods/**` is everything under Pods), `?`
/// one character but `/`; everything else matches itself. For names without slashes (keys,
/// tables, localizations) `*` therefore matches anything.
public struct PathGlob: Hashable, Sendable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    private let parts: [Part]

    private enum Part: Hashable {
        case literal(UInt8)
        case anyInSegment, anyAcrossSegments, one
        /// The `/` of `**/`, which may be absent: `a/**/b` matches `a/b`.
        case optionalSlash
    }

    /// Compiles `pattern`; every pattern is valid (a character with no meaning matches itself).
    public init(_ pattern: String) {
        self.pattern = pattern
        var parts: [Part] = []
        let bytes = Array(pattern.utf8)
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "*") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                parts.append(.anyAcrossSegments)
                index += 2
                if index < bytes.count && bytes[index] == UInt8(ascii: "/") {
                    index += 1
                    parts.append(.optionalSlash)
                }
                continue
            case UInt8(ascii: "*"): parts.append(.anyInSegment)
            case UInt8(ascii: "?"): parts.append(.one)
            default: parts.append(.literal(bytes[index]))
            }
            index += 1
        }
        self.parts = parts
    }

    /// The pattern as written.
    public var description: String { pattern }

    /// Whether the whole of `text` matches.
    public func matches(_ text: String) -> Bool {
        let text = Array(text.utf8)
        // matched[j]: the parts so far can match text[..<j]. One row per part: O(parts × text).
        var matched = [Bool](repeating: false, count: text.count + 1)
        matched[0] = true
        for part in parts {
            var next = [Bool](repeating: false, count: text.count + 1)
            switch part {
            case .optionalSlash:
                for j in 0...text.count where matched[j] {
                    next[j] = true
                    if j < text.count && text[j] == UInt8(ascii: "/") { next[j + 1] = true }
                }
            case .literal(let byte):
                for j in 0..<text.count where matched[j] && text[j] == byte { next[j + 1] = true }
            case .one:
                for j in 0..<text.count where matched[j] && text[j] != UInt8(ascii: "/") { next[j + 1] = true }
            case .anyInSegment, .anyAcrossSegments:
                var reachable = false
                for j in 0...text.count {
                    if matched[j] { reachable = true }
                    if reachable { next[j] = true }
                    if j < text.count && part == .anyInSegment && text[j] == UInt8(ascii: "/") { reachable = false }
                }
            }
            matched = next
        }
        return matched[text.count]
    }
}
