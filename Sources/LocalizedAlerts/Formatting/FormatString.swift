#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A format string split into literal text and specifiers, by Foundation's `String(format:)`
/// grammar (with the `%#@name@` variables of `.stringsdict` and String Catalogs):
///
///     % [n$] [flags -+ 0#'] [width N|*|*m$] [.precision N|*|*m$] [length hh h l ll q L z t j] conversion
///
/// The one specifier grammar of the toolkit: linting, server-side formatting and rendering
/// diagnostics all read formats through it. Offsets are UTF-8 offsets into the format.
public struct FormatString: Hashable, Sendable {
    /// The format as given.
    public let text: String
    /// The `%…` sequences, in order; the text between them is literal.
    public let specifiers: [FormatSpecifier]

    /// A piece of a format: literal text (a UTF-8 range of the format) or a specifier.
    public enum Token: Hashable, Sendable {
        case literal(Range<Int>)
        case specifier(FormatSpecifier)
    }

    /// Parses `text`; a text without `%` is not parsed at all.
    public init(_ text: String) {
        self.text = text
        var text = text
        // Most values hold no `%` at all: nothing to parse, nothing to allocate.
        self.specifiers = text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, memchr(base, Int32(UInt8(ascii: "%")), bytes.count) != nil else { return [] }
            return FormatStringParser.parse(bytes)
        }
    }

    /// Whether `text` can hold a `%#@name@` variable at all (it has a `#`): readers that only
    /// look for variables skip parsing the rest.
    static func mayNameVariable(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(UInt8(ascii: "#")), bytes.count) != nil
        }
    }

    /// The format split into literal text and specifiers, in order.
    public var tokens: [Token] {
        var tokens: [Token] = []
        var position = 0
        for specifier in specifiers {
            if position < specifier.range.lowerBound { tokens.append(.literal(position..<specifier.range.lowerBound)) }
            tokens.append(.specifier(specifier))
            position = specifier.range.upperBound
        }
        let count = text.utf8.count
        if position < count { tokens.append(.literal(position..<count)) }
        return tokens
    }

    /// Whether there is any `%` sequence at all.
    public var hasSpecifiers: Bool { !specifiers.isEmpty }

    /// Specifiers that take an argument, with the argument position each one uses (1-based),
    /// counting unnumbered ones in order as `String(format:)` does; `*` widths and precisions
    /// take positions too.
    public var argumentUses: [ArgumentUse] {
        var uses: [ArgumentUse] = []
        forEachArgumentUse { position, type, index in uses.append(ArgumentUse(position: position, type: type, specifier: specifiers[index])) }
        return uses
    }

    /// ``argumentUses`` without building it: position, type and the index of the specifier, in
    /// order. What lint rules walk for every value of every localization.
    func forEachArgumentUse(_ body: (_ position: Int, _ type: ArgumentType, _ specifierIndex: Int) -> Void) {
        var next = 1
        // An invalid specifier takes no argument (what it prints differs between implementations).
        for index in specifiers.indices where specifiers[index].problem == nil {
            // `*` width, then `*` precision.
            for star in 0..<2 {
                if case .argument(let position)? = star == 0 ? specifiers[index].width : specifiers[index].precision {
                    if let position {
                        body(position, .integer, index)
                    } else {
                        body(next, .integer, index)
                        next += 1
                    }
                }
            }
            guard let type = specifiers[index].argumentType else { continue }
            if let position = specifiers[index].position {
                body(position, type, index)
            } else {
                body(next, type, index)
                next += 1
            }
        }
    }

    /// Whether some `%` sequence is not a valid specifier.
    var hasProblems: Bool { specifiers.indices.contains { specifiers[$0].problem != nil } }

    /// One argument a format reads: its position, its type and the specifier that reads it.
    public struct ArgumentUse: Hashable, Sendable {
        /// The 1-based argument position.
        public var position: Int
        /// What the specifier expects the argument to be.
        public var type: ArgumentType
        /// The specifier that reads it (for a `*` width or precision, the specifier it belongs to).
        public var specifier: FormatSpecifier
    }
}

/// One `%…` sequence.
public struct FormatSpecifier: Hashable, Sendable {
    /// UTF-8 offsets of the whole sequence in the format.
    public var range: Range<Int>
    /// The sequence as written (`%1$@`, `%.2f`, `%#@count@`).
    public var text: String
    /// `n` of `%n$…`.
    public var position: Int?
    /// The flags as written (`-+ 0#'`), in order.
    public var flags: String = ""
    /// The minimum field width, fixed or taken from an argument.
    public var width: Amount?
    /// The precision, fixed or taken from an argument.
    public var precision: Amount?
    /// The length modifier as written (`l`, `ll`, `h`, `q`, `z`, …).
    public var length: String = ""
    /// The conversion character (`@`, `d`, `%`, …); `#` for a variable.
    public var conversion: Character?
    /// The name in `%#@name@`.
    public var variableName: String?
    /// Set when the sequence is not a valid specifier: why.
    public var problem: Problem?

    /// A width or precision: a number written in the format, or one read from an argument.
    public enum Amount: Hashable, Sendable {
        case fixed(Int)
        /// `*` (next argument) or `*m$`.
        case argument(position: Int?)
    }

    /// Why a `%…` sequence is not a valid specifier.
    public enum Problem: Hashable, Sendable {
        /// `%` at the end of the format.
        case incomplete
        /// `%` followed by something that is no conversion.
        case unknownConversion(Character)
        /// `%1#@count@`: a position without its `$`.
        case positionWithoutDollar
        /// `%#@` without a closing `@`.
        case unterminatedVariable
        /// `%0$@`, or a position past ``FormatSpecifier/maximumPosition``: arguments count from
        /// 1, and no format passes thousands of them.
        case positionOutOfRange(Int)
    }

    /// The highest argument position read as one (`%9999$@`).
    public static let maximumPosition = 9_999

    /// Whether this is `%%`, a literal percent sign.
    public var isPercentLiteral: Bool { conversion == "%" && problem == nil }
    /// Whether this is a `%#@name@` variable.
    public var isVariable: Bool { variableName != nil }
    /// `%@` or `%n$@`, the only argument specifiers a notification shows (flags and widths on
    /// `%@` are ignored by `String(format:)` but not by the device, which then drops them).
    public var isPlainObject: Bool { conversion == "@" && problem == nil && flags.isEmpty && width == nil && precision == nil && length.isEmpty }

    /// What the specifier reads from its argument; nil for `%%` and invalid sequences. Variables read an
    /// integer.
    public var argumentType: ArgumentType? {
        guard problem == nil, let conversion else { return nil }
        if variableName != nil { return .integer }
        switch conversion {
        case "@": return .object
        case "d", "i", "D", "u", "U", "x", "X", "o", "O": return .integer
        case "c", "C": return .character
        case "f", "F", "e", "E", "g", "G", "a", "A": return .double
        case "s", "S": return .cString
        case "p": return .pointer
        case "n": return .count
        default: return nil
        }
    }
}

/// What a specifier consumes, for comparing localizations of one key.
public enum ArgumentType: String, Hashable, Sendable {
    case object, integer, double, character, cString, pointer, count
}

enum FormatStringParser {
    /// `- + space 0 # '`
    @inline(__always)
    static func isFlag(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: " "), UInt8(ascii: "0"), UInt8(ascii: "#"), UInt8(ascii: "'"): true
        default: false
        }
    }

    /// `@ d D i u U x X o O f F e E g G a A c C s S p n %`
    @inline(__always)
    static func isConversion(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "@"), UInt8(ascii: "d"), UInt8(ascii: "D"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "U"),
            UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "o"), UInt8(ascii: "O"), UInt8(ascii: "f"), UInt8(ascii: "F"),
            UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"), UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"),
            UInt8(ascii: "c"), UInt8(ascii: "C"), UInt8(ascii: "s"), UInt8(ascii: "S"), UInt8(ascii: "p"), UInt8(ascii: "n"),
            UInt8(ascii: "%"):
            true
        default: false
        }
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> [FormatSpecifier] {
        var tokens: [FormatSpecifier] = []
        var i = 0
        let n = bytes.count
        func digits(_ start: Int) -> (value: Int, end: Int) {
            var j = start
            var value = 0
            while j < n, bytes[j] >= UInt8(ascii: "0"), bytes[j] <= UInt8(ascii: "9") {
                value = value > Int.max / 16 ? Int.max / 16 : value * 10 + Int(bytes[j] - UInt8(ascii: "0"))
                j += 1
            }
            return (value, j)
        }
        while i < n {
            guard bytes[i] == UInt8(ascii: "%") else {
                i += 1
                continue
            }
            let start = i
            var spec = FormatSpecifier(range: start..<start, text: "")
            var j = i + 1
            // n$
            let lead = digits(j)
            if lead.end > j, lead.end < n, bytes[lead.end] == UInt8(ascii: "$") {
                spec.position = lead.value
                j = lead.end + 1
            } else if lead.end > j, lead.end + 1 < n, bytes[lead.end] == UInt8(ascii: "#"), bytes[lead.end + 1] == UInt8(ascii: "@") {
                spec.position = lead.value
                spec.problem = .positionWithoutDollar
                j = lead.end
            }
            // %#@name@ variables
            if j + 1 < n, bytes[j] == UInt8(ascii: "#"), bytes[j + 1] == UInt8(ascii: "@") {
                let nameStart = j + 2
                var k = nameStart
                while k < n, bytes[k] != UInt8(ascii: "@") { k += 1 }
                spec.conversion = "#"
                if k < n {
                    spec.variableName = String(decoding: bytes[nameStart..<k], as: UTF8.self)
                    j = k + 1
                } else {
                    spec.variableName = String(decoding: bytes[nameStart..<n], as: UTF8.self)
                    spec.problem = .unterminatedVariable
                    j = n
                }
                finish(&spec, start, j, bytes, &tokens)
                i = j
                continue
            }
            // flags
            let flagsStart = j
            while j < n, isFlag(bytes[j]) { j += 1 }
            if j > flagsStart { spec.flags = String(decoding: bytes[flagsStart..<j], as: UTF8.self) }
            // `*` or `*m$`: an amount read from an argument.
            func star(at position: Int) -> (amount: FormatSpecifier.Amount, end: Int)? {
                guard position < n, bytes[position] == UInt8(ascii: "*") else { return nil }
                let index = digits(position + 1)
                if index.end > position + 1, index.end < n, bytes[index.end] == UInt8(ascii: "$") {
                    return (.argument(position: index.value), index.end + 1)
                }
                return (.argument(position: nil), position + 1)
            }
            // width
            if let amount = star(at: j) {
                spec.width = amount.amount
                j = amount.end
            } else {
                let width = digits(j)
                if width.end > j {
                    spec.width = .fixed(width.value)
                    j = width.end
                }
            }
            // precision
            if j < n, bytes[j] == UInt8(ascii: ".") {
                j += 1
                if let amount = star(at: j) {
                    spec.precision = amount.amount
                    j = amount.end
                } else {
                    let precision = digits(j)
                    spec.precision = .fixed(precision.value)
                    j = precision.end
                }
            }
            // length: hh ll h l q L z t j
            if j < n {
                switch bytes[j] {
                case UInt8(ascii: "h"), UInt8(ascii: "l"):
                    let double = j + 1 < n && bytes[j + 1] == bytes[j]
                    spec.length = double ? (bytes[j] == UInt8(ascii: "h") ? "hh" : "ll") : (bytes[j] == UInt8(ascii: "h") ? "h" : "l")
                    j += double ? 2 : 1
                case UInt8(ascii: "q"), UInt8(ascii: "L"), UInt8(ascii: "z"), UInt8(ascii: "t"), UInt8(ascii: "j"):
                    spec.length = String(Unicode.Scalar(bytes[j]))
                    j += 1
                default:
                    break
                }
            }
            // conversion
            if j >= n {
                spec.problem = spec.problem ?? .incomplete
            } else if isConversion(bytes[j]) {
                spec.conversion = Character(Unicode.Scalar(bytes[j]))
                j += 1
            } else {
                // Name the whole character that follows, not just its first byte.
                var k = j + 1
                while k < n, bytes[k] & 0xC0 == 0x80 { k += 1 }
                let character = String(decoding: bytes[j..<k], as: UTF8.self).first ?? "?"
                spec.problem = spec.problem ?? .unknownConversion(character)
                j = k
            }
            finish(&spec, start, j, bytes, &tokens)
            i = j
        }
        return tokens
    }

    private static func finish(
        _ spec: inout FormatSpecifier, _ start: Int, _ end: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ tokens: inout [FormatSpecifier]
    ) {
        spec.range = start..<end
        spec.text = String(decoding: bytes[start..<end], as: UTF8.self)
        // Checked without building lists: this runs for every specifier of every value.
        func outOfRange(_ position: Int?) -> Int? {
            guard let position, position < 1 || position > FormatSpecifier.maximumPosition else { return nil }
            return position
        }
        func argumentPosition(_ amount: FormatSpecifier.Amount?) -> Int? {
            if case .argument(let position)? = amount { return position }
            return nil
        }
        if spec.problem == nil,
            let bad = outOfRange(spec.position) ?? outOfRange(argumentPosition(spec.width)) ?? outOfRange(argumentPosition(spec.precision))
        {
            spec.problem = .positionOutOfRange(bad)
        }
        tokens.append(spec)
    }
}
