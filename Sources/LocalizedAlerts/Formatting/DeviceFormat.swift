/// The notification system's own formatter (docs/device-behaviour.md §4), which is not
/// `String(format:)`: it scans the format byte by byte and knows only `%@`, `%N$@` and `%%`.
///
/// | in the format | output |
/// |---|---|
/// | `%@` | the next argument (or `<null>`) |
/// | `%N$@` | argument N, or `<null>` when N is 0 or past the arguments |
/// | `%%` | `%` |
/// | `%` + digits not followed by `$@` | dropped, with the digits |
/// | `%` + any other byte | both dropped |
/// | `%` at the end | dropped |
///
/// A format is compiled once into segments and can then be applied to many argument lists.
public struct DeviceFormat: Hashable, Sendable {
    /// The format as given.
    public let format: String
    let segments: [Segment]
    /// Every `%…` the device drops, with what it leaves of it.
    public let dropped: [DroppedSequence]
    /// A `%` before a non-ASCII character drops that character's first byte: the result is not
    /// valid UTF-8, so the device cannot show it (the field then shows the key).
    public let breaksUTF8: Bool
    /// How many arguments the placeholders read: the count of `%@`, or the highest `%N$@`.
    public let argumentsNeeded: Int
    /// No `%` at all: the text is its own result (and `segments` is empty).
    private let isPlain: Bool
    /// UTF-8 offset of the first NUL character: the formatter walks the format as a C string,
    /// so nothing from there on is shown.
    public let nulOffset: Int?

    enum Segment: Hashable, Sendable {
        case literal(Substring)
        case next
        case positional(Int)
    }

    /// A `%…` sequence the device drops, and where.
    public struct DroppedSequence: Hashable, Sendable {
        /// UTF-8 offset of the `%`.
        public var offset: Int
        /// The bytes dropped, as text (`%l`, `%5`, `% `).
        public var dropped: String
    }

    /// Compiles `format` for the device's formatter.
    public init(_ format: String) {
        self.format = format
        // Most texts hold no `%` and no NUL: they format to themselves, with nothing to compile
        // or keep.
        let utf8 = format.utf8
        let special = { (bytes: UnsafeBufferPointer<UInt8>) in bytes.contains { $0 == UInt8(ascii: "%") || $0 == 0 } }
        guard utf8.withContiguousStorageIfAvailable(special) ?? Array(utf8).withUnsafeBufferPointer(special) else {
            self.segments = []
            self.dropped = []
            self.breaksUTF8 = false
            self.argumentsNeeded = 0
            self.isPlain = true
            self.nulOffset = nil
            return
        }
        self.isPlain = false
        let bytes = Array(format.utf8)
        let nul = bytes.firstIndex(of: 0)
        self.nulOffset = nul
        // The walk ends at the first NUL, as a C string's does.
        let n = nul ?? bytes.count
        var segments: [Segment] = []
        var dropped: [DroppedSequence] = []
        var breaks = false
        var nextCount = 0
        var highestPosition = 0
        var literalStart = 0
        var i = 0
        func substring(_ range: Range<Int>) -> Substring {
            let utf8 = format.utf8
            let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
            let upper = utf8.index(utf8.startIndex, offsetBy: range.upperBound)
            return Substring(format.utf8[lower..<upper])
        }
        func flush(_ end: Int) {
            // After a split character the rest is never shown (see breaksUTF8): keep no text.
            if literalStart < end && !breaks { segments.append(.literal(substring(literalStart..<end))) }
        }
        while i < n {
            guard bytes[i] == UInt8(ascii: "%") else {
                i += 1
                continue
            }
            flush(i)
            guard i + 1 < n else {
                dropped.append(DroppedSequence(offset: i, dropped: "%"))
                i += 1
                literalStart = i
                break
            }
            let c = bytes[i + 1]
            if c == UInt8(ascii: "@") {
                segments.append(.next)
                nextCount += 1
                i += 2
            } else if c == UInt8(ascii: "%") {
                if !breaks { segments.append(.literal(substring((i + 1)..<(i + 2)))) }
                i += 2
            } else if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
                var j = i + 1
                var value = 0
                while j < n, bytes[j] >= UInt8(ascii: "0"), bytes[j] <= UInt8(ascii: "9") {
                    // Saturate: a number too large to read prints <null> anyway.
                    value = value > 100_000_000 ? Int.max / 2 : value * 10 + Int(bytes[j] - UInt8(ascii: "0"))
                    j += 1
                }
                if j + 1 < n, bytes[j] == UInt8(ascii: "$"), bytes[j + 1] == UInt8(ascii: "@") {
                    segments.append(.positional(value))
                    if value < Int.max / 2 { highestPosition = max(highestPosition, value) }
                    i = j + 2
                } else {
                    dropped.append(DroppedSequence(offset: i, dropped: String(decoding: bytes[i..<j], as: UTF8.self)))
                    i = j
                }
            } else {
                if c >= 0x80 {
                    breaks = true
                    dropped.append(DroppedSequence(offset: i, dropped: "%"))
                } else {
                    dropped.append(DroppedSequence(offset: i, dropped: String(decoding: bytes[i..<(i + 2)], as: UTF8.self)))
                }
                i += 2
            }
            literalStart = i
        }
        flush(n)
        self.segments = segments
        self.dropped = dropped
        self.breaksUTF8 = breaks
        self.argumentsNeeded = max(nextCount, highestPosition)
    }

    /// The formatted text, or nil when the device cannot make a string of it (``breaksUTF8``)
    /// or when it would pass ``OutputBudget/maximumLength`` (``formatted(_:)-([String])`` says which).
    public func apply(_ arguments: [String]) -> String? {
        formatted(arguments).text
    }

    /// Formats with `loc-args` as the device prints them.
    public func apply(_ arguments: [LocArgument]) -> String? {
        formatted(arguments).text
    }

    /// What formatting gives: the text, or why there is none.
    public enum Formatted: Hashable, Sendable {
        /// The formatted text.
        case text(String)
        /// The device cannot make a string of it (``DeviceFormat/breaksUTF8``).
        case breaksUTF8
        /// The text would pass ``OutputBudget/maximumLength`` UTF-8 bytes: it is not built.
        case overBudget

        /// The text, when there is one.
        public var text: String? {
            if case .text(let text) = self { return text }
            return nil
        }
    }

    /// The formatted text, or why there is none.
    public func formatted(_ arguments: [String]) -> Formatted {
        build(count: arguments.count) { arguments[$0] }
    }

    /// The formatted text with `loc-args` as the device prints them, or why there is none.
    public func formatted(_ arguments: [LocArgument]) -> Formatted {
        build(count: arguments.count) { arguments[$0].text }
    }

    /// One stretch of formatted text: from the format itself, or from an argument.
    public struct Run: Hashable, Sendable {
        /// The text of this run.
        public var text: String
        /// The 1-based argument this text came from (nil for the format's own text).
        public var argument: Int?
        /// `<null>`: the placeholder had no argument.
        public var isMissingArgument: Bool
    }

    /// The formatted text in runs, for presenters that isolate arguments (bidi) or highlight
    /// them; joined, the runs are ``apply(_:)-([LocArgument])``'s result (nil when it is nil).
    public func runs(_ arguments: [LocArgument]) -> [Run]? {
        guard !breaksUTF8 else { return nil }
        if isPlain {
            guard format.utf8.count <= OutputBudget.maximumLength else { return nil }
            return format.isEmpty ? [] : [Run(text: format, argument: nil, isMissingArgument: false)]
        }
        var runs: [Run] = []
        var meter = OutputBudget.Meter()
        var index = 0
        func argument(_ position: Int) -> Bool {
            if position >= 1 && position <= arguments.count {
                guard meter.spend(arguments[position - 1].text.utf8.count) else { return false }
                runs.append(Run(text: arguments[position - 1].text, argument: position, isMissingArgument: false))
            } else {
                guard meter.spend(Self.missingArgument.utf8.count) else { return false }
                runs.append(Run(text: Self.missingArgument, argument: position, isMissingArgument: true))
            }
            return true
        }
        for segment in segments {
            switch segment {
            case .literal(let text):
                guard meter.spend(text.utf8.count) else { return nil }
                if let last = runs.last, last.argument == nil {
                    runs[runs.count - 1].text += text
                } else {
                    runs.append(Run(text: String(text), argument: nil, isMissingArgument: false))
                }
            case .next:
                index += 1
                guard argument(index) else { return nil }
            case .positional(let position):
                guard argument(position) else { return nil }
            }
        }
        return runs
    }

    /// What the device prints for a placeholder without an argument.
    static let missingArgument = "<null>"

    /// Builds the text piece by piece, each counted against the output budget before it is
    /// appended: the work stops at the budget, however many placeholders or however long the
    /// arguments.
    @inline(__always)
    private func build(count: Int, argument: (Int) -> String) -> Formatted {
        guard !breaksUTF8 else { return .breaksUTF8 }
        if isPlain { return format.utf8.count <= OutputBudget.maximumLength ? .text(format) : .overBudget }
        var output = ""
        output.reserveCapacity(min(format.utf8.count + 16 * count, OutputBudget.maximumLength))
        var meter = OutputBudget.Meter()
        var index = 0
        for segment in segments {
            switch segment {
            case .literal(let text):
                guard meter.spend(text.utf8.count) else { return .overBudget }
                output += text
            case .next:
                let text = index < count ? argument(index) : Self.missingArgument
                index += 1
                guard meter.spend(text.utf8.count) else { return .overBudget }
                output += text
            case .positional(let position):
                let text = position >= 1 && position <= count ? argument(position - 1) : Self.missingArgument
                guard meter.spend(text.utf8.count) else { return .overBudget }
                output += text
            }
        }
        return .text(output)
    }
}
