/// An exception `java.util.Formatter` throws, by its class name
/// (`MissingFormatArgumentException`, `IllegalFormatConversionException`, …).
public struct JavaFormatException: Error, Sendable, Hashable, CustomStringConvertible {
    /// The exception's simple class name.
    public var name: String
    /// The specifier it is about, when there is one.
    public var specifier: String

    /// Whether Firebase catches it (a missing argument: the field falls back) rather than the
    /// app crashing.
    public var isMissingArgument: Bool { name == "MissingFormatArgumentException" }

    /// Whether it is the `OutOfMemoryError` a result past ``OutputBudget/maximumLength`` is
    /// counted as.
    public var isOutOfMemory: Bool { name == Self.outOfMemory }

    /// What a formatting past the output budget throws: the phone's own failure, which it meets
    /// at some length past the budget (its app heap is 192–512 MB).
    static let outOfMemory = "OutOfMemoryError"

    /// Why the result was not built, for findings and refusals: one explanation of the budget.
    package var overBudgetExplanation: String {
        "would pass \(OutputBudget.explanation)\(specifier.isEmpty ? "" : ", at \(specifier)"): counted as String.format's OutOfMemoryError, which crashes the app"
    }

    /// An exception by class name, about `specifier`.
    public init(name: String, specifier: String) {
        self.name = name
        self.specifier = specifier
    }

    public var description: String { specifier.isEmpty ? name : "\(name) (\(specifier))" }
}

/// `String.format(locale, format, args)` with String arguments, as `Resources.getString(id,
/// args)` calls it for Firebase's `*_loc_args` (java.util.Formatter as in OpenJDK 17): `%s %S
/// %b %B %h %H %n %%`, argument indexes (`%2$s`, `%<s`), flags, width and precision; `%c`,
/// `%d`, `%f`, `%x`, `%t…` and the others throw with a String argument, as does any malformed
/// specifier. The whole format is checked before any argument is used, as Java does.
package enum JavaFormatter {
    struct Specifier {
        var index: Int  // -2 text (%n, %%), -1 previous (<), 0 ordinary, n explicit
        var flags: Set<Character>
        var width: Int?
        var precision: Int?
        var conversion: Character  // lowercased
        var uppercase: Bool
        var isDateTime: Bool
        var source: String
    }

    enum Piece {
        case fixed(ArraySlice<UInt16>)
        case specifier(Specifier)
    }

    static let conversions: Set<Character> = ["b", "h", "s", "c", "d", "o", "x", "e", "f", "g", "a", "t", "n", "%"]
    static let dateTimeConversions = Set("HIklMSLNpzZsQBbhAaCYyjmdeRTrDFc")
    static let flagCharacters: Set<UInt16> = Set("-#+ 0,(<".utf16)

    package static func format(_ format: String, _ arguments: [String], languageCode: String) -> Result<String, JavaFormatException> {
        if let joined = simpleFormat(format, arguments) { return .success(joined) }
        return formatInFull(format, arguments, languageCode: languageCode)
    }

    /// ``format(_:_:languageCode:)`` of a text compiled once (``JavaFormatText``).
    package static func format(_ text: JavaFormatText, _ arguments: [String], languageCode: String) -> Result<String, JavaFormatException> {
        if let joined = text.simple?.javaText(arguments) { return .success(joined) }
        return formatInFull(text.text, arguments, languageCode: languageCode)
    }

    /// `format` as a server formats a plural item for `getQuantityString(id, quantity, args)`:
    /// a plain `%d` whose argument is an integer is written by `integers` (the locale's digits),
    /// as Java formats an Integer; every other specifier as with String arguments.
    package static func format(
        _ format: String, _ argumentValues: [String], languageCode: String, integers: (Int64) -> String
    ) -> Result<String, JavaFormatException> {
        let pieces: [Piece]
        do { pieces = try parse(Array(format.utf16)) } catch { return .failure(error) }
        var rebuilt = ""
        var arguments = ArgumentCounter()
        for piece in pieces {
            switch piece {
            case .fixed(let units):
                rebuilt += String(decoding: units, as: UTF16.self)
            case .specifier(let specifier):
                guard let index = arguments.index(of: specifier) else {
                    rebuilt += specifier.source
                    continue
                }
                if specifier.conversion == "d", specifier.flags.subtracting(["<"]).isEmpty, specifier.width == nil, specifier.precision == nil,
                    index <= argumentValues.count, let integer = Int64(argumentValues[index - 1])
                {
                    rebuilt += integers(integer).replacing("%", with: "%%")
                    continue
                }
                // Every other specifier with its index made explicit, so that removing one
                // does not move the arguments of those after it.
                var body = Substring(specifier.source.dropFirst())
                if specifier.index > 0, let dollar = body.firstIndex(of: "$") { body = body[body.index(after: dollar)...] }
                if specifier.index == -1, let less = body.firstIndex(of: "<") { body.remove(at: less) }
                rebuilt += "%\(index)$" + body
            }
        }
        return formatInFull(rebuilt, argumentValues, languageCode: languageCode)
    }

    /// The argument each specifier reads, in turn: ordinary ones count up, `%2$s` names its own,
    /// `%<s` repeats the last one; the highest read so far.
    struct ArgumentCounter {
        private var ordinary = 0
        private var previous = 0
        private(set) var highest = 0

        /// The 1-based argument `specifier` reads; nil for `%n` and `%%`, and for `%<s` with no
        /// argument before it.
        mutating func index(of specifier: Specifier) -> Int? {
            let index: Int
            switch specifier.index {
            case -2: return nil
            case -1:
                guard previous > 0 else { return nil }
                index = previous
            case 0:
                ordinary += 1
                index = ordinary
            default: index = specifier.index
            }
            previous = index
            highest = max(highest, index)
            return index
        }
    }

    /// How many arguments `format` reads (ordinary specifiers in turn, `%2$s` its own index)
    /// and the first specifier that reads one; nil when it reads none or does not parse (Java
    /// then throws before reading any).
    package static func argumentsRead(by format: String) -> (count: Int, first: String)? {
        guard format.utf8.contains(UInt8(ascii: "%")), let pieces = try? parse(Array(format.utf16)) else { return nil }
        var arguments = ArgumentCounter()
        var first: String?
        for case .specifier(let specifier) in pieces where specifier.index != -2 {
            _ = arguments.index(of: specifier)
            if first == nil { first = specifier.source }
        }
        let count = arguments.highest
        return count > 0 ? (count, first ?? "%s") : nil
    }

    /// Most strings a notification formats hold only `%s`, `%1$s` and `%%`, each with its
    /// argument given: Java prints those as the argument itself (a percent sign for `%%`), so
    /// the text is the format with the arguments put in. Nil for anything else (another
    /// conversion, a flag, a width, a missing argument), which ``formatInFull`` handles.
    /// A result past the output budget in UTF-8 bytes (which it may not be in UTF-16 code
    /// units) is nil too: the bytes are counted as they are appended, and the full formatter
    /// counts the code units.
    static func simpleFormat(_ format: String, _ arguments: [String]) -> String? {
        simpleProgram(format)?.javaText(arguments)
    }

    /// The shortcut's program for `format`, compiled once: its text and its `%s`, `%N$s` and
    /// `%%`; nil when it holds anything else, or is itself past the output budget.
    static func simpleProgram(_ format: String) -> FormatProgram? {
        guard format.utf8.count <= OutputBudget.maximumLength else { return nil }
        let bytes = Array(format.utf8)
        var pieces: [FormatProgram.Piece] = []
        var ordinary = 0
        var i = 0
        var textStart = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "%") else {
                i += 1
                continue
            }
            if textStart < i { pieces.append(.literal(start: Int32(textStart), end: Int32(i))) }
            i += 1
            guard i < bytes.count else { return nil }
            if bytes[i] == UInt8(ascii: "%") {
                pieces.append(.literal(start: Int32(i), end: Int32(i + 1)))
                i += 1
                textStart = i
                continue
            } else if bytes[i] == UInt8(ascii: "s") {
                pieces.append(.argument(ordinary))
                ordinary += 1
            } else if bytes[i] >= UInt8(ascii: "1"), bytes[i] <= UInt8(ascii: "9") {
                var number = 0
                let digitsStart = i
                while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9"), i - digitsStart < 9 {
                    number = number * 10 + Int(bytes[i] - UInt8(ascii: "0"))
                    i += 1
                }
                guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "$"), bytes[i + 1] == UInt8(ascii: "s") else { return nil }
                i += 1
                pieces.append(.argument(number - 1))
            } else {
                return nil
            }
            i += 1
            textStart = i
        }
        if textStart < bytes.count { pieces.append(.literal(start: Int32(textStart), end: Int32(bytes.count))) }
        return FormatProgram(bytes: bytes, pieces: pieces)
    }

    /// `String.format` in full: the format parsed and checked as Java does, then printed in
    /// UTF-16 code units (widths and precisions count them). Each piece (literal text, an
    /// argument, its padding) is counted against ``OutputBudget/maximumLength`` code units
    /// before it is appended; the first that would pass it is an `OutOfMemoryError`, which is
    /// what a phone, whose app heap is 192–512 MB, throws somewhere past the budget (between
    /// the two the report is pessimistic; a notification keeps 5,120 UTF-16 code units:
    /// ``AndroidRenderer/maximumTextLength``).
    package static func formatInFull(_ format: String, _ arguments: [String], languageCode: String) -> Result<String, JavaFormatException> {
        let pieces: [Piece]
        do {
            pieces = try parse(Array(format.utf16))
        } catch {
            return .failure(error)
        }
        // The output as a String with its length in UTF-16 code units, which widths count. Each
        // piece is whole UTF-16 (only a precision can cut a surrogate pair, and what follows
        // never starts with the other half), so pieces are decoded one by one, and padding is
        // made as a String: a width of millions costs a fill, not a loop over code units.
        var output = ""
        var meter = OutputBudget.Meter()
        var last = -1
        var ordinary = -1
        for piece in pieces {
            switch piece {
            case .fixed(let text):
                guard meter.spend(text.count) else { return .failure(JavaFormatException(name: JavaFormatException.outOfMemory, specifier: "")) }
                output += String(decoding: text, as: UTF16.self)
            case .specifier(let specifier):
                let argument: String?
                switch specifier.index {
                case -2:
                    argument = nil
                case -1:
                    guard last >= 0, last < arguments.count else {
                        return .failure(JavaFormatException(name: "MissingFormatArgumentException", specifier: specifier.source))
                    }
                    argument = arguments[last]
                case 0:
                    ordinary += 1
                    last = ordinary
                    guard ordinary < arguments.count else {
                        return .failure(JavaFormatException(name: "MissingFormatArgumentException", specifier: specifier.source))
                    }
                    argument = arguments[ordinary]
                default:
                    last = specifier.index - 1
                    guard last < arguments.count else {
                        return .failure(JavaFormatException(name: "MissingFormatArgumentException", specifier: specifier.source))
                    }
                    argument = arguments[last]
                }
                // A width past the budget is refused before the argument is printed.
                if let width = specifier.width, width > OutputBudget.maximumLength - meter.used {
                    return .failure(JavaFormatException(name: JavaFormatException.outOfMemory, specifier: specifier.source))
                }
                switch print(specifier, argument, languageCode: languageCode) {
                case .success(let printed):
                    // Counted before the padding is made or anything appended.
                    guard meter.spend(printed.text.count + printed.padding) else {
                        return .failure(JavaFormatException(name: JavaFormatException.outOfMemory, specifier: specifier.source))
                    }
                    let text = String(decoding: printed.text, as: UTF16.self)
                    let padding = String(repeating: " ", count: printed.padding)
                    output += printed.isLeftJustified ? text + padding : padding + text
                case .failure(let error): return .failure(error)
                }
            }
        }
        return .success(output)
    }

    static func fail(_ name: String, _ specifier: String = "") -> JavaFormatException {
        JavaFormatException(name: name, specifier: specifier)
    }

    static func ascii(_ scalar: Unicode.Scalar) -> UInt16 { UInt16(scalar.value) }
    static func isDigit(_ unit: UInt16) -> Bool { unit >= 0x30 && unit <= 0x39 }
    static func isLetter(_ unit: UInt16) -> Bool { (unit >= 0x41 && unit <= 0x5A) || (unit >= 0x61 && unit <= 0x7A) }

    static func parse(_ units: [UInt16]) throws(JavaFormatException) -> [Piece] {
        var pieces: [Piece] = []
        var i = 0
        let percent = ascii("%")
        while i < units.count {
            guard let n = units[i...].firstIndex(of: percent) else {
                pieces.append(.fixed(units[i...]))
                break
            }
            if n > i { pieces.append(.fixed(units[i..<n])) }
            i = n + 1
            guard i < units.count else { throw fail("UnknownFormatConversionException", "%") }
            let c = Character(Unicode.Scalar(units[i]) ?? "?")
            if units[i] < 0x80, conversions.contains(Character(c.lowercased())), c != "t", c != "T" {
                // A conversion right after '%'.
                let lower = Character(c.lowercased())
                let specifier = Specifier(
                    index: lower == "n" || lower == "%" ? -2 : 0, flags: [], width: nil, precision: nil, conversion: lower,
                    uppercase: c.isUppercase, isDateTime: lower == "t", source: "%" + String(c))
                pieces.append(.specifier(specifier))
                i += 1
                continue
            }
            let (specifier, end) = try specifierAt(units, n)
            pieces.append(.specifier(specifier))
            i = end
        }
        return pieces
    }

    /// Matches `%(\d+\$)?([-#+ 0,(\<]*)?(\d+)?(\.\d+)?([tT])?([a-zA-Z%])` at `start`, then
    /// checks the specifier as `Formatter.FormatSpecifier` does.
    static func specifierAt(_ units: [UInt16], _ start: Int) throws(JavaFormatException) -> (Specifier, Int) {
        var i = start + 1
        let firstCharacter = String(decoding: units[i...i], as: UTF16.self)
        func digits(from j: Int) -> Int {
            var k = j
            while k < units.count, isDigit(units[k]) { k += 1 }
            return k
        }
        func number(_ range: Range<Int>) -> Int {
            range.reduce(0) { min($0 * 10 + Int(units[$1] - 0x30), Int(Int32.max) + 1) }
        }
        var explicitIndex: Int?
        let indexEnd = digits(from: i)
        if indexEnd > i, indexEnd < units.count, units[indexEnd] == ascii("$") {
            explicitIndex = number(i..<indexEnd)
            i = indexEnd + 1
        }
        let flagsStart = i
        while i < units.count, flagCharacters.contains(units[i]) { i += 1 }
        let flagUnits = units[flagsStart..<i]
        let widthEnd = digits(from: i)
        let width = widthEnd > i ? number(i..<widthEnd) : nil
        i = widthEnd
        var precision: Int?
        if i < units.count, units[i] == ascii("."), digits(from: i + 1) > i + 1 {
            let end = digits(from: i + 1)
            precision = number(i + 1..<end)
            i = end
        }
        var dateTime = false
        var uppercase = false
        if i < units.count, units[i] == ascii("t") || units[i] == ascii("T") {
            // Only when a conversion letter follows; else 't' is the conversion.
            if i + 1 < units.count, isLetter(units[i + 1]) || units[i + 1] == ascii("%") {
                dateTime = true
                uppercase = units[i] == ascii("T")
                i += 1
            }
        }
        guard i < units.count, isLetter(units[i]) || units[i] == ascii("%") else {
            throw fail("UnknownFormatConversionException", firstCharacter)
        }
        let source = "%" + String(decoding: units[(start + 1)...i], as: UTF16.self)
        let c = Character(Unicode.Scalar(units[i])!)
        i += 1

        var index = 0
        if let explicitIndex {
            guard explicitIndex >= 1, explicitIndex <= Int(Int32.max) else { throw fail("IllegalFormatArgumentIndexException", source) }
            index = explicitIndex
        }
        var flags: Set<Character> = []
        for unit in flagUnits {
            let flag = Character(Unicode.Scalar(unit)!)
            guard flags.insert(flag).inserted else { throw fail("DuplicateFormatFlagsException", source) }
        }
        if flags.contains("<") { index = -1 }
        if let width, width > Int(Int32.max) { throw fail("IllegalFormatWidthException", source) }
        if let precision, precision > Int(Int32.max) { throw fail("IllegalFormatPrecisionException", source) }
        var conversion = c
        if !dateTime {
            guard conversions.contains(Character(c.lowercased())) else { throw fail("UnknownFormatConversionException", String(c)) }
            if c.isUppercase {
                uppercase = true
                conversion = Character(c.lowercased())
            }
            if conversion == "n" || conversion == "%" { index = -2 }
        }
        let specifier = Specifier(
            index: index, flags: flags, width: width, precision: precision, conversion: conversion, uppercase: uppercase,
            isDateTime: dateTime || conversion == "t", source: source)
        try check(specifier, dateTime: dateTime)
        return (specifier, i)
    }

    static func check(_ s: Specifier, dateTime: Bool) throws(JavaFormatException) {
        func bad(_ flags: Character...) throws(JavaFormatException) {
            for flag in flags where s.flags.contains(flag) { throw fail("FormatFlagsConversionMismatchException", s.source) }
        }
        func leftNeedsWidth() throws(JavaFormatException) {
            if s.width == nil, s.flags.contains("-") { throw fail("MissingFormatWidthException", s.source) }
        }
        func numeric() throws(JavaFormatException) {
            if s.width == nil, s.flags.contains("-") || s.flags.contains("0") { throw fail("MissingFormatWidthException", s.source) }
            if s.flags.contains("+"), s.flags.contains(" ") { throw fail("IllegalFormatFlagsException", s.source) }
            if s.flags.contains("-"), s.flags.contains("0") { throw fail("IllegalFormatFlagsException", s.source) }
        }
        if dateTime {
            if s.precision != nil { throw fail("IllegalFormatPrecisionException", s.source) }
            guard dateTimeConversions.contains(s.conversion) else { throw fail("UnknownFormatConversionException", "t" + String(s.conversion)) }
            try bad("#", "+", " ", "0", ",", "(")
            try leftNeedsWidth()
            return
        }
        switch s.conversion {
        case "b", "h", "s":
            if s.conversion != "s", s.flags.contains("#") { throw fail("FormatFlagsConversionMismatchException", s.source) }
            try leftNeedsWidth()
            try bad("+", " ", "0", ",", "(")
        case "c":
            if s.precision != nil { throw fail("IllegalFormatPrecisionException", s.source) }
            try bad("#", "+", " ", "0", ",", "(")
            try leftNeedsWidth()
        case "d", "o", "x":
            try numeric()
            if s.precision != nil { throw fail("IllegalFormatPrecisionException", s.source) }
            if s.conversion == "d" { try bad("#") } else { try bad(",") }
        case "e", "f", "g", "a":
            try numeric()
            if s.conversion == "a" { try bad("(", ",") } else if s.conversion == "e" { try bad(",") } else if s.conversion == "g" { try bad("#") }
        case "t":
            // '%t' or '%T' with no date conversion after it.
            throw fail("UnknownFormatConversionException", s.source)
        default:  // n, %
            if s.precision != nil { throw fail("IllegalFormatPrecisionException", s.source) }
            if s.conversion == "%" {
                if !(s.flags.isEmpty || s.flags == ["-"]) { throw fail("IllegalFormatFlagsException", s.source) }
                try leftNeedsWidth()
            } else {
                if s.width != nil { throw fail("IllegalFormatWidthException", s.source) }
                if !s.flags.isEmpty { throw fail("IllegalFormatFlagsException", s.source) }
            }
        }
    }

    /// What a specifier prints: its text, and the spaces its width adds before it (after it
    /// when left-justified).
    struct Printed {
        var text: [UInt16]
        var padding = 0
        var isLeftJustified = false
    }

    static func print(_ s: Specifier, _ argument: String?, languageCode: String) -> Result<Printed, JavaFormatException> {
        let text: [UInt16]
        switch s.conversion {
        case "n": return .success(Printed(text: [0x0A]))
        case "%": text = [0x25]
        case "s":
            // '#' asks for Formattable, which a String is not.
            if s.flags.contains("#"), argument != nil { return .failure(fail("FormatFlagsConversionMismatchException", s.source)) }
            text = Array((argument ?? "null").utf16)
        case "b": text = Array((argument == nil ? "false" : "true").utf16)
        case "h": text = Array((argument.map { String(UInt32(bitPattern: javaHashCode($0)), radix: 16) } ?? "null").utf16)
        default:
            // A String given to %c, %d, %f, %x, %t…: Java throws.
            return .failure(fail("IllegalFormatConversionException", s.source))
        }
        var units = text
        if let precision = s.precision, s.conversion != "%", precision < units.count { units = Array(units[..<precision]) }
        if s.uppercase { units = Array(uppercased(String(decoding: units, as: UTF16.self), languageCode: languageCode).utf16) }
        guard let width = s.width, width > units.count else { return .success(Printed(text: units)) }
        return .success(Printed(text: units, padding: width - units.count, isLeftJustified: s.flags.contains("-")))
    }

    /// `String.hashCode`: over UTF-16 code units, wrapping.
    static func javaHashCode(_ text: String) -> Int32 {
        text.utf16.reduce(Int32(0)) { $0 &* 31 &+ Int32($1) }
    }

    /// `String.toUpperCase(locale)`: full case mapping, with Turkish and Azeri dotted capital I.
    static func uppercased(_ text: String, languageCode: String) -> String {
        if languageCode == "tr" || languageCode == "az" {
            return String(text.map { $0 == "i" ? "İ" : $0 }).uppercased()
        }
        return text.uppercased()
    }
}

/// A string's text compiled once for what a notification does with it: the shortcut's program
/// (``JavaFormatter/simpleProgram(_:)``) and what it reads when sent without arguments. A
/// resource's text is looked up once per loc key and locale, and formatted on every message.
package final class JavaFormatText: Sendable {
    /// The text as `getString` gives it.
    package let text: String
    /// The shortcut's program; nil when the text needs the full formatter.
    let simple: FormatProgram?
    /// How many arguments it reads and its first specifier that reads one
    /// (``JavaFormatter/argumentsRead(by:)``).
    package let argumentsRead: (count: Int, first: String)?

    package init(_ text: String) {
        self.text = text
        self.simple = JavaFormatter.simpleProgram(text)
        self.argumentsRead = JavaFormatter.argumentsRead(by: text)
    }
}

extension FormatProgram {
    /// Java's shortcut: the text with every argument given, nil when one is missing (Java
    /// throws) or the text passes the budget in UTF-8 bytes (the full formatter counts it).
    func javaText(_ arguments: [String]) -> String? {
        guard arguments.count >= argumentsRead else { return nil }
        if case .text(let text) = build(arguments, missing: "") { return text }
        return nil
    }
}
