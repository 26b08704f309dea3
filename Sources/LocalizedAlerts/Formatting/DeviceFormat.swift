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
/// A format is compiled once into a small program (literal byte runs and argument slots) and
/// can then be applied to many argument lists. The program sits behind one reference, so that a
/// table entry's format is passed and copied for one retain.
public struct DeviceFormat: Hashable, Sendable {
    private let program: Program

    /// The format as given.
    public var format: String { program.format }
    /// Every `%…` the device drops, with what it leaves of it.
    public var dropped: [DroppedSequence] { program.dropped }
    /// A `%` before a non-ASCII character drops that character's first byte: the result is not
    /// valid UTF-8, so the device cannot show it (the field then shows the key).
    public var breaksUTF8: Bool { program.breaksUTF8 }
    /// How many arguments the placeholders read: the count of `%@`, or the highest `%N$@`.
    public var argumentsNeeded: Int { program.argumentsNeeded }
    /// UTF-8 offset of the first NUL character: the formatter walks the format as a C string,
    /// so nothing from there on is shown.
    public var nulOffset: Int? { program.nulOffset }

    /// Nothing dropped, no NUL: the device shows every character of the format but its
    /// placeholders, each replaced by its argument.
    public var isClean: Bool { program.isClean }

    /// The compiled format; immutable once made.
    private final class Program: Sendable {
        let format: String
        /// Literal runs and arguments (`%@` the next, `%N$@` argument N); empty for a plain text.
        let pieces: FormatProgram
        let dropped: [DroppedSequence]
        let breaksUTF8: Bool
        let argumentsNeeded: Int
        /// No `%` and no NUL: the text is its own result (and `pieces` is empty).
        let isPlain: Bool
        let nulOffset: Int?
        let isClean: Bool

        init(
            format: String, pieces: FormatProgram, dropped: [DroppedSequence], breaksUTF8: Bool, argumentsNeeded: Int, isPlain: Bool,
            nulOffset: Int?
        ) {
            self.format = format
            self.pieces = pieces
            self.dropped = dropped
            self.breaksUTF8 = breaksUTF8
            self.argumentsNeeded = argumentsNeeded
            self.isPlain = isPlain
            self.nulOffset = nulOffset
            self.isClean = !breaksUTF8 && dropped.isEmpty && nulOffset == nil
        }
    }

    /// A `%…` sequence the device drops, and where.
    public struct DroppedSequence: Hashable, Sendable {
        /// UTF-8 offset of the `%`.
        public var offset: Int
        /// The bytes dropped, as text (`%l`, `%5`, `% `).
        public var dropped: String
    }

    /// Two formats are equal when their texts are: the rest is compiled from the text.
    public static func == (lhs: DeviceFormat, rhs: DeviceFormat) -> Bool { lhs.program === rhs.program || lhs.format == rhs.format }

    public func hash(into hasher: inout Hasher) { hasher.combine(format) }

    /// Compiles `format` for the device's formatter.
    public init(_ format: String) {
        // Most texts hold no `%` and no NUL: they format to themselves, with nothing to compile
        // or keep.
        let utf8 = format.utf8
        let special = { (bytes: UnsafeBufferPointer<UInt8>) in bytes.contains { $0 == UInt8(ascii: "%") || $0 == 0 } }
        guard utf8.withContiguousStorageIfAvailable(special) ?? Array(utf8).withUnsafeBufferPointer(special) else {
            program = Program(
                format: format, pieces: FormatProgram(bytes: [], pieces: []), dropped: [], breaksUTF8: false, argumentsNeeded: 0,
                isPlain: true, nulOffset: nil)
            return
        }
        let bytes = Array(format.utf8)
        let nul = bytes.firstIndex(of: 0)
        // The walk ends at the first NUL, as a C string's does.
        let n = nul ?? bytes.count
        var pieces: [FormatProgram.Piece] = []
        var dropped: [DroppedSequence] = []
        var breaks = false
        var nextCount = 0
        var highestPosition = 0
        var literalStart = 0
        var i = 0
        func flush(_ end: Int) {
            // After a split character the rest is never shown (see breaksUTF8): keep no text.
            if literalStart < end && !breaks { pieces.append(.literal(start: Int32(literalStart), end: Int32(end))) }
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
                pieces.append(.argument(nextCount))
                nextCount += 1
                i += 2
            } else if c == UInt8(ascii: "%") {
                if !breaks { pieces.append(.literal(start: Int32(i + 1), end: Int32(i + 2))) }
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
                    // %0$@ reads no argument: index -1 prints <null>.
                    pieces.append(.argument(value - 1))
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
        program = Program(
            format: format, pieces: FormatProgram(bytes: bytes, pieces: pieces), dropped: dropped, breaksUTF8: breaks,
            argumentsNeeded: max(nextCount, highestPosition), isPlain: false, nulOffset: nul)
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
        build(arguments)
    }

    /// The formatted text with `loc-args` as the device prints them, or why there is none.
    public func formatted(_ arguments: [LocArgument]) -> Formatted {
        build(arguments)
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
        if program.isPlain {
            guard format.utf8.count <= OutputBudget.maximumLength else { return nil }
            return format.isEmpty ? [] : [Run(text: format, argument: nil, isMissingArgument: false)]
        }
        var runs: [Run] = []
        var meter = OutputBudget.Meter()
        for piece in program.pieces.pieces {
            switch piece {
            case .literal(let start, let end):
                guard meter.spend(Int(end - start)) else { return nil }
                let text = String(decoding: program.pieces.bytes[Int(start)..<Int(end)], as: UTF8.self)
                if let last = runs.last, last.argument == nil {
                    runs[runs.count - 1].text += text
                } else {
                    runs.append(Run(text: text, argument: nil, isMissingArgument: false))
                }
            case .argument(let index):
                if arguments.indices.contains(index) {
                    guard meter.spend(arguments[index].text.utf8.count) else { return nil }
                    runs.append(Run(text: arguments[index].text, argument: index + 1, isMissingArgument: false))
                } else {
                    guard meter.spend(Self.missingArgument.utf8.count) else { return nil }
                    runs.append(Run(text: Self.missingArgument, argument: index + 1, isMissingArgument: true))
                }
            }
        }
        return runs
    }

    /// What the device prints for a placeholder without an argument.
    static let missingArgument = "<null>"

    @inline(__always)
    private func build<Argument: FormatArgumentText>(_ arguments: [Argument]) -> Formatted {
        guard !program.breaksUTF8 else { return .breaksUTF8 }
        if program.isPlain { return program.format.utf8.count <= OutputBudget.maximumLength ? .text(program.format) : .overBudget }
        switch program.pieces.build(arguments, missing: Self.missingArgument) {
        case .text(let text): return .text(text)
        case .overBudget: return .overBudget
        }
    }
}
