/// A shell-style pattern, as configuration files write them: `*` matches any run of
/// characters but `/`, `**` any run including `/` (so `Pods/**` is everything under Pods), `?`
/// one character but `/`; everything else matches itself. For names without slashes (keys,
/// tables, localizations) `*` therefore matches anything.
///
/// Matching costs at most one step per character of the text for each place in the pattern a
/// match could have reached, and never more than the text's length squared: a pattern of
/// thousands of stars costs what a short one does on a short path.
public struct PathGlob: Hashable, Sendable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    private let parts: [Part]

    /// The longest pattern a configuration may write, in bytes: a path glob of a deep folder is
    /// a few hundred.
    public static let maximumLength = 4_096

    private enum Part: Hashable {
        case literal(UInt8)
        case anyInSegment, anyAcrossSegments, one
        /// The `/` of `**/`, which may be absent: `a/**/b` matches `a/b`.
        case optionalSlash

        /// Whether the part may match nothing.
        var mayBeEmpty: Bool {
            switch self {
            case .anyInSegment, .anyAcrossSegments, .optionalSlash: true
            case .literal, .one: false
            }
        }
    }

    /// Compiles `pattern`; every pattern is valid (a character with no meaning matches itself).
    /// Stars written one after another are one star (`***` is `**`), so that between two
    /// characters a pattern matches there are at most three parts that may match nothing.
    public init(_ pattern: String) {
        self.pattern = pattern
        var parts: [Part] = []
        let bytes = Array(pattern.utf8)
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "*") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                // `*` then `**` is `**`; `**/` then `**` is `**` too (and `**/**/` is `**/`).
                if parts.last == .anyInSegment { parts.removeLast() }
                if parts.last == .optionalSlash && parts.dropLast().last == .anyAcrossSegments { parts.removeLast() }
                if parts.last != .anyAcrossSegments { parts.append(.anyAcrossSegments) }
                if index < bytes.count && bytes[index] == UInt8(ascii: "/") {
                    index += 1
                    parts.append(.optionalSlash)
                }
                continue
            case UInt8(ascii: "*"):
                if parts.last != .anyInSegment && parts.last != .anyAcrossSegments { parts.append(.anyInSegment) }
            case UInt8(ascii: "?"): parts.append(.one)
            default: parts.append(.literal(bytes[index]))
            }
            index += 1
        }
        self.parts = parts
    }

    /// A pattern read from a file: one longer than ``maximumLength`` is refused.
    /// - Parameter pattern: The pattern as written.
    /// - Throws: ``PatternError`` saying the limit.
    public init(validating pattern: String) throws(PatternError) {
        guard pattern.utf8.count <= Self.maximumLength else {
            throw PatternError(
                message:
                    "the pattern is \(pattern.utf8.count) bytes long; a glob may be at most \(Self.maximumLength) (write a shorter one, such as a folder followed by /**)"
            )
        }
        self.init(pattern)
    }

    /// Why a pattern is refused.
    public struct PatternError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong with the pattern.
        public var message: String
        /// The message.
        public var description: String { message }
    }

    /// The pattern as written.
    public var description: String { pattern }

    /// Whether the whole of `text` matches.
    public func matches(_ text: String) -> Bool { match(text).matches }

    /// Whether `text` matches, and how many steps it took (one per place in the pattern the
    /// match had reached, for each character of the text).
    package func match(_ text: String) -> (matches: Bool, steps: Int) {
        // The places in the pattern the text read so far can have reached, each once: a
        // simulation of the pattern's automaton, which stops as soon as no place is left.
        var reached: [Int] = []
        var next: [Int] = []
        // The character each place was last reached at, so that a place is added once.
        var mark = [Int](repeating: -1, count: parts.count + 1)
        var steps = 0
        func reach(_ place: Int, at position: Int, into set: inout [Int]) {
            var place = place
            while mark[place] != position {
                mark[place] = position
                set.append(place)
                // A part that may match nothing lets the match go on to the next one too.
                guard place < parts.count, parts[place].mayBeEmpty else { return }
                place += 1
            }
        }
        reach(0, at: 0, into: &reached)
        var position = 0
        for byte in text.utf8 {
            position += 1
            next.removeAll(keepingCapacity: true)
            for place in reached where place < parts.count {
                steps += 1
                switch parts[place] {
                case .literal(let expected): if byte == expected { reach(place + 1, at: position, into: &next) }
                case .one: if byte != UInt8(ascii: "/") { reach(place + 1, at: position, into: &next) }
                case .anyInSegment: if byte != UInt8(ascii: "/") { reach(place, at: position, into: &next) }
                case .anyAcrossSegments: reach(place, at: position, into: &next)
                case .optionalSlash: if byte == UInt8(ascii: "/") { reach(place + 1, at: position, into: &next) }
                }
            }
            swap(&reached, &next)
            if reached.isEmpty { return (false, steps) }
        }
        return (reached.contains(parts.count), steps)
    }
}
