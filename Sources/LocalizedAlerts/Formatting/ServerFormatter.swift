#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value for a format specifier, as a provider has it: text, possibly a number.
public struct FormatArgument: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral
{
    /// The argument as text: what `%@` prints.
    public var text: String
    /// The number the text holds, when it holds one (`"3"`, `"2.5"`).
    public var number: Double?
    /// Whether the number is written without a fraction or exponent.
    public var isInteger: Bool
    /// Visible fraction digits (`"1.50"` has two), for plural rules.
    public var fractionDigits: Int

    /// An argument from its text; a text that reads as a finite number is also that number.
    public init(_ text: String) {
        self.text = text
        (number, isInteger, fractionDigits) = (nil, false, 0)
        // One pass over the bytes: trimming and searching the text as Characters was a twentieth
        // of localizing a payload. Trimming ASCII whitespace bytes differs from trimming
        // Characters only where whitespace carries a combining mark, which no number parses with.
        let bytes = text.utf8
        var trimmed = bytes.startIndex..<bytes.endIndex
        while let first = bytes[trimmed].first, Self.isTrimmed(first) { trimmed = bytes.index(after: trimmed.lowerBound)..<trimmed.upperBound }
        while let last = bytes[trimmed].last, Self.isTrimmed(last) { trimmed = trimmed.lowerBound..<bytes.index(before: trimmed.upperBound) }
        let body = bytes[trimmed]
        // Most arguments are names: text whose first byte cannot begin a finite number (a digit,
        // sign or point, or whitespace the trimming keeps) is not handed to the number parsers.
        if let first = body.first,
            first == UInt8(ascii: "+") || first == UInt8(ascii: "-") || first == UInt8(ascii: ".") || (first >= 0x30 && first <= 0x39)
                || first <= 0x20
        {
            let number = String(text[trimmed])
            // "nan", "inf" and numbers past Double's range are text, not numbers to format.
            self.number = Double(number).flatMap { $0.isFinite ? $0 : nil }
            self.isInteger = Int64(number) != nil
        }
        // Fraction digits are Characters after the first "." Character, when there is no "e".
        guard let dot = body.firstIndex(of: UInt8(ascii: ".")) else { return }
        if body.allSatisfy({ $0 < 0x80 }) {
            guard !body.contains(UInt8(ascii: "e")), !body.contains(UInt8(ascii: "E")) else { return }
            // In ASCII every byte is a Character but CR LF, which is one.
            var previous: UInt8 = 0
            for byte in body[body.index(after: dot)...] {
                if byte != 0x0A || previous != 0x0D { fractionDigits += 1 }
                previous = byte
            }
        } else {
            // A point or an "e" may carry a combining mark, and is then another Character.
            let characters = text.trimmingASCIIWhitespace()
            if let point = characters.firstIndex(of: "."), !characters.contains("e"), !characters.contains("E") {
                fractionDigits = characters.distance(from: characters.index(after: point), to: characters.endIndex)
            }
        }
    }

    private static func isTrimmed(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// An argument from a string literal.
    public init(stringLiteral value: String) { self.init(value) }
    /// An integer argument.
    public init(integerLiteral value: Int) { self.init(String(value)) }
    /// A floating-point argument.
    public init(floatLiteral value: Double) { self.init(String(value)) }

    /// A `loc-args` element as sent.
    public init(_ argument: LocArgument) { self.init(argument.text) }
}

/// `String.localizedStringWithFormat` on a server: Foundation's specifier grammar
/// (``FormatString``) with numbers written for the locale through ICU, and stringsdict /
/// String Catalog variables resolved with ICU plural rules.
///
/// ```swift
/// let formatter = ServerFormatter(locale: "de")
/// formatter.format("%1$@ hat %2$d Fotos geteilt (%3$.1f MB)", arguments: ["Ana", 1200, 2.5]).text
/// // "Ana hat 1.200 Fotos geteilt (2,5 MB)"
/// ```
public struct ServerFormatter: Sendable {
    /// The locale whose plural rules choose forms (the table's language).
    public let locale: String
    let numbers: LocaleNumberFormatter
    let plurals: PluralRules
    /// For device variants (`iphone`, `mac`, …).
    public var device: DeviceKind
    /// For width variants; by default the widest.
    public var width: Int

    /// A formatter whose numbers and plural forms both follow `locale`.
    /// - Parameters:
    ///   - locale: The locale identifier (`fr-CA`, `ar-SA`).
    ///   - device: The device that device variants are chosen for.
    ///   - width: The width that width variants are chosen for; by default the widest.
    ///   - plurals: A cache to take plural rules from, shared between formatters.
    public init(locale: String, device: DeviceKind = .iphone, width: Int = Int.max, plurals: PluralRulesCache? = nil) {
        self.init(numberLocale: locale, pluralLocale: locale, device: device, width: width, plurals: plurals)
    }

    /// Numbers written for the user's locale, plural forms chosen by the table's language (as
    /// Foundation does: the categories belong to the language the forms are written in).
    public init(numberLocale: String, pluralLocale: String, device: DeviceKind = .iphone, width: Int = Int.max, plurals: PluralRulesCache? = nil) {
        self.locale = pluralLocale
        self.numbers = LocaleNumberFormatter(locale: numberLocale)
        self.plurals = plurals?.rules(for: pluralLocale) ?? PluralRules(locale: pluralLocale)
        self.device = device
        self.width = width
    }

    /// What went differently from what the format asked for.
    public struct Problem: Hashable, Sendable {
        /// What went differently, in words.
        public var message: String
        /// The text would pass ``OutputBudget/maximumLength``: it was not built, and the
        /// formatted text is empty. A text that must not be shown or sent.
        public var isOutputOverBudget = false
    }

    /// The problem of a text past the output budget.
    static let overBudget = Problem(message: "the text would pass \(OutputBudget.explanation); it is not built", isOutputOverBudget: true)

    /// Widths and precisions beyond this are not applied: no notification is that long, and a
    /// `%999999999d` must not allocate a gigabyte.
    public static let maximumFieldWidth = 1_024

    /// Bounds on expanding variables, whose forms may refer to variables again: a table could
    /// otherwise describe an exponentially large text (each form naming two variables, sixteen
    /// levels deep). 64 KiB is sixteen times the largest push payload; no real plural comes near.
    static let maximumExpansionSteps = 10_000
    static let maximumExpandedBytes = 64 << 10

    /// One expansion's budget, and its forms parsed once: a form named again and again (the
    /// self-referring case the budget exists for) is not parsed again at every step.
    struct Expansion {
        var steps = ServerFormatter.maximumExpansionSteps
        var bytes = ServerFormatter.maximumExpandedBytes
        var isExhausted = false
        private var parsedForms: [String: (format: FormatString, utf8: [UInt8])] = [:]

        mutating func spend(steps count: Int = 1, bytes size: Int = 0, problems: inout [Problem]) -> Bool {
            guard !isExhausted else { return false }
            steps -= count
            bytes -= size
            if steps < 0 || bytes < 0 {
                isExhausted = true
                problems.append(Problem(message: "the variables expand to more than 10,000 steps or 64 KiB of text; the rest is left out"))
                return false
            }
            return true
        }

        mutating func parse(_ form: String) -> (format: FormatString, utf8: [UInt8]) {
            if let known = parsedForms[form] { return known }
            let parsed = (FormatString(form), Array(form.utf8))
            parsedForms[form] = parsed
            return parsed
        }
    }

    /// Formats a localized value (plain text, plural format, device or width variants).
    public func format(_ value: LocalizedValue, arguments: [FormatArgument]) -> (text: String, problems: [Problem]) {
        var problems: [Problem] = []
        var budget = Expansion()
        let expanded = expand(value, arguments: arguments, budget: &budget, problems: &problems)
        let text = format(expanded, arguments: arguments, problems: &problems)
        return (text, problems)
    }

    /// Formats a format string already parsed (a table entry's resolved format): the
    /// same text as ``format(_:arguments:)-(String,_)``, without parsing it again when it names
    /// no variable.
    public func format(_ format: FormatString, arguments: [FormatArgument]) -> (text: String, problems: [Problem]) {
        // Expansion only numbers the specifiers and replaces variables; numbering is what
        // formatting does anyway, so a format without variables is formatted as it is.
        guard !format.specifiers.contains(where: { $0.variableName != nil }) else { return self.format(format.text, arguments: arguments) }
        var problems: [Problem] = []
        let text = self.format(format, arguments: arguments, problems: &problems)
        return (text, problems)
    }

    /// Formats a plain format string.
    public func format(_ format: String, arguments: [FormatArgument]) -> (text: String, problems: [Problem]) {
        var problems: [Problem] = []
        var budget = Expansion()
        let expanded = expand(format, start: 1, variables: [], arguments: arguments, depth: 0, budget: &budget, problems: &problems)
        let text = self.format(expanded, arguments: arguments, problems: &problems)
        return (text, problems)
    }

    // MARK: Variables

    func expand(_ value: LocalizedValue, arguments: [FormatArgument], budget: inout Expansion, problems: inout [Problem]) -> String {
        switch value {
        case .text(let text):
            return expand(text, start: 1, variables: [], arguments: arguments, depth: 0, budget: &budget, problems: &problems)
        case .format(let format):
            return expand(
                format.formatKey, start: 1, variables: format.variables, arguments: arguments, depth: 0, budget: &budget, problems: &problems)
        case .deviceSpecific(let variants):
            guard let chosen = LocalizedValue.chooseDevice(variants, device: device) else { return "" }
            return expand(chosen.value, arguments: arguments, budget: &budget, problems: &problems)
        case .widthSpecific(let variants):
            guard let chosen = LocalizedValue.chooseWidth(variants, width: width) else { return "" }
            return expand(chosen.value, arguments: arguments, budget: &budget, problems: &problems)
        }
    }

    /// Replaces variables by their chosen forms and gives every specifier an explicit
    /// position: unnumbered ones count from `start` (a variable's own argument inside its forms).
    func expand(
        _ format: String, start: Int, variables: [LocalizedFormat.Variable], arguments: [FormatArgument], depth: Int,
        budget: inout Expansion, problems: inout [Problem]
    ) -> String {
        guard budget.spend(problems: &problems) else { return "" }
        guard depth < 16 else {
            problems.append(Problem(message: "variables nest more than 16 levels deep"))
            return ""
        }
        // Only forms (depth > 0) repeat; the top-level text is parsed once without the cache.
        let (parsed, utf8) = depth == 0 ? (FormatString(format), Array(format.utf8)) : budget.parse(format)
        var output = ""
        var next = start
        for token in parsed.tokens {
            switch token {
            case .literal(let range):
                guard budget.spend(bytes: range.count, problems: &problems) else { return output }
                output += String(decoding: utf8[range], as: UTF8.self)
            case .specifier(let specifier):
                guard budget.spend(bytes: specifier.text.utf8.count, problems: &problems) else { return output }
                if let name = specifier.variableName, specifier.problem == nil || specifier.problem == .positionWithoutDollar {
                    let position = specifier.position ?? next
                    if specifier.position == nil { next += 1 }
                    guard let variable = variables.first(where: { $0.name == name }) else {
                        problems.append(Problem(message: "the variable %#@\(name)@ is not defined"))
                        continue
                    }
                    let chosen = choose(
                        variable, argument: position <= arguments.count && position >= 1 ? arguments[position - 1] : nil, problems: &problems)
                    output += expand(
                        chosen, start: position, variables: variables, arguments: arguments, depth: depth + 1, budget: &budget, problems: &problems)
                } else if specifier.isPercentLiteral {
                    output += "%%"
                } else if specifier.argumentType != nil {
                    let position = specifier.position ?? next
                    if specifier.position == nil { next += 1 }
                    var text = specifier.text
                    if specifier.position == nil { text.insert(contentsOf: "\(position)$", at: text.index(after: text.startIndex)) }
                    output += text
                } else {
                    output += specifier.text
                }
            }
        }
        return output
    }

    func choose(_ variable: LocalizedFormat.Variable, argument: FormatArgument?, problems: inout [Problem]) -> String {
        let names = Set(variable.cases.map(\.name))
        let name: String
        switch variable.kind {
        case .plural:
            guard let argument, let number = argument.number else {
                problems.append(
                    Problem(message: "the plural variable \(variable.name) needs a number; got \(argument.map { "\"\($0.text)\"" } ?? "nothing")"))
                return variable.format(for: "other") ?? ""
            }
            let floating = variable.valueType.map { $0.hasSuffix("f") || $0.hasSuffix("e") || $0.hasSuffix("g") } ?? false
            name = plurals.form(for: number, isInteger: argument.isInteger && !floating, fractionDigits: argument.fractionDigits, available: names)
        case .device:
            name = names.contains(device.rawValue) ? device.rawValue : "other"
        case .width:
            let variants = variable.cases.map { LocalizedValue.Variant(name: $0.name, value: .text($0.format)) }
            name = LocalizedValue.chooseWidth(variants, width: width)?.name ?? "other"
        }
        return variable.format(for: name) ?? variable.format(for: "other") ?? ""
    }

    // MARK: Specifiers

    func format(_ format: String, arguments: [FormatArgument], problems: inout [Problem]) -> String {
        self.format(FormatString(format), arguments: arguments, problems: &problems)
    }

    /// Builds the text piece by piece, each counted against the output budget before it is
    /// appended: past it the text is empty, with ``Problem/isOutputOverBudget``.
    func format(_ parsed: FormatString, arguments: [FormatArgument], problems: inout [Problem]) -> String {
        if parsed.specifiers.isEmpty {
            guard parsed.text.utf8.count <= OutputBudget.maximumLength else {
                problems.append(Self.overBudget)
                return ""
            }
            return parsed.text
        }
        let utf8 = Array(parsed.text.utf8)
        var output = ""
        var meter = OutputBudget.Meter()
        func append(_ piece: String) -> Bool {
            guard meter.spend(piece.utf8.count) else {
                problems.append(Self.overBudget)
                return false
            }
            output += piece
            return true
        }
        var next = 1
        for token in parsed.tokens {
            switch token {
            case .literal(let range):
                guard append(String(decoding: utf8[range], as: UTF8.self)) else { return "" }
            case .specifier(let specifier):
                if specifier.isPercentLiteral {
                    guard append("%") else { return "" }
                    continue
                }
                guard specifier.problem == nil, let conversion = specifier.conversion, specifier.argumentType != nil else {
                    problems.append(Problem(message: "\(specifier.text) is not a valid specifier; it is kept as written"))
                    guard append(specifier.text) else { return "" }
                    continue
                }
                let position = specifier.position ?? next
                if specifier.position == nil { next += 1 }
                guard position >= 1, position <= arguments.count else {
                    problems.append(Problem(message: "\(specifier.text) needs argument \(position) but there are \(arguments.count)"))
                    continue
                }
                let converted = pad(
                    convert(arguments[position - 1], conversion: conversion, specifier: specifier, problems: &problems), specifier,
                    problems: &problems)
                guard append(converted) else { return "" }
            }
        }
        return output
    }

    func convert(_ argument: FormatArgument, conversion: Character, specifier: FormatSpecifier, problems: inout [Problem]) -> String {
        switch conversion {
        case "@", "s", "S":
            return argument.text
        case "d", "i", "D", "u", "U":
            guard let number = argument.number, let integer = Int64(exactly: number.rounded(.towardZero)) else {
                problems.append(Problem(message: "\(specifier.text) needs a whole number within 64 bits; \"\(argument.text)\" is shown as it is"))
                return argument.text
            }
            return numbers.format(integer)
        case "f", "F":
            guard let number = argument.number else {
                problems.append(Problem(message: "\(specifier.text) needs a number; \"\(argument.text)\" is shown as it is"))
                return argument.text
            }
            var digits = 6
            if case .fixed(let precision)? = specifier.precision { digits = min(precision, 100) }
            return numbers.format(number, minimumFractionDigits: digits, maximumFractionDigits: digits)
        case "x", "X", "o", "O":
            guard let number = argument.number, let integer = Int64(exactly: number.rounded(.towardZero)) else { return argument.text }
            let text = String(UInt64(bitPattern: integer), radix: conversion == "o" || conversion == "O" ? 8 : 16, uppercase: conversion == "X")
            return text
        case "c", "C":
            // Found by FuzzPayload: Int64(8.9e48) traps; only code points convert.
            if let number = argument.number, let code = UInt32(exactly: number.rounded(.towardZero)), let scalar = Unicode.Scalar(code) {
                return String(Character(scalar))
            }
            return String(argument.text.prefix(1))
        case "e", "E", "g", "G", "a", "A":
            guard let number = argument.number else { return argument.text }
            // No locale digits for scientific forms: C's printf, as Foundation's would give.
            var precision = -1
            if case .fixed(let p)? = specifier.precision { precision = min(p, 40) }
            let cFormat = precision >= 0 ? "%.\(precision)\(conversion)" : "%\(conversion)"
            var buffer = [CChar](repeating: 0, count: 64)
            _ = withVaList([number]) { vsnprintf(&buffer, 64, cFormat, $0) }
            return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        case "p", "n":
            problems.append(Problem(message: "\(specifier.text) has no meaning for text from a server; it is left out"))
            return ""
        default:
            return argument.text
        }
    }

    func pad(_ text: String, _ specifier: FormatSpecifier, problems: inout [Problem]) -> String {
        guard case .fixed(let width)? = specifier.width else { return text }
        guard width <= Self.maximumFieldWidth else {
            problems.append(Problem(message: "\(specifier.text): a width over \(Self.maximumFieldWidth) is not applied"))
            return text
        }
        let count = text.count
        guard count < width else { return text }
        let fill = String(
            repeating: specifier.flags.contains("0") && !specifier.flags.contains("-") && specifier.conversion != "@" ? "0" : " ",
            count: width - count)
        return specifier.flags.contains("-") ? text + fill : fill + text
    }
}
