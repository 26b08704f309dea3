/// A `.stringsdict` file: keys whose values are plural (or device, or width) rules, or plain
/// strings that override the `.strings` entry. Read from XML (or binary) property lists with
/// locations; DTDs and external entities are never loaded.
///
/// ```swift
/// let dictionary = try StringsDictionary(contentsOfFile: "en.lproj/Localizable.stringsdict")
/// if case .format(let format)? = dictionary["inbox.unread"] {
///     format.formatKey                                         // "%#@messages@"
///     format.variable(named: "messages")?.format(for: "one")   // "%d unread message"
/// }
/// dictionary["inbox.unread"]?.deviceText()   // ("%#@messages@", isPlural: true): what a push shows
/// ```
public struct StringsDictionary: Sendable {
    /// One key of the file and its value.
    public struct Entry: Hashable, Sendable {
        /// The key.
        public var key: String
        /// The value: a format with variables, device or width variants, or plain text.
        public var value: LocalizedValue
        /// Where the key is.
        public var location: SourceLocation
        /// Where a plain-string value is (nil for rule dictionaries, whose parts carry their own).
        public var valueLocation: SourceLocation? = nil
    }

    /// The file the dictionary was read from, as given.
    public let file: String?
    /// Entries in file order.
    public let entries: [Entry]
    /// Everything noticed while reading, in file order.
    public let diagnostics: [LocalizationDiagnostic]
    /// False when the file does not parse: a device then has none of its entries.
    public let isReadableOnDevice: Bool
    /// The decoded text locations refer to (an XML file; nil for a binary one).
    public let source: SourceText?

    /// Reads a `.stringsdict` file. Problems with the content become ``diagnostics``; only failing to read
    /// the file throws.
    public init(contentsOfFile path: String, limits: ReadingLimits = .default) throws(FileReadError) {
        self.init(try FileSystem.readFile(path, maximumSize: limits.maximumFileSize), file: path, limits: limits)
    }

    /// A file read whole, or refused as too large.
    init(_ read: FileSystem.ReadResult, file path: String, limits: ReadingLimits) {
        switch read {
        case .contents(let bytes): self.init(parsing: bytes, file: path, limits: limits)
        case .tooLarge(let size):
            let refused = TableReader.refused(file: path, size: size, limits: limits)
            self.init(file: path, entries: [], diagnostics: refused.diagnostics, readable: false, source: nil, limits: limits)
        }
    }

    /// Reads a `.stringsdict` from its bytes (XML or binary property list).
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - file: The name to give locations.
    ///   - limits: Bounds on size, nesting and diagnostics.
    public init(parsing bytes: [UInt8], file: String? = nil, limits: ReadingLimits = .default) {
        let document = PropertyListReader.read(bytes, file: file, limits: limits)
        var reader = StringsDictionaryReader(file: file, diagnostics: document.diagnostics)
        let entries = document.root.map { reader.read($0) } ?? []
        self.init(
            file: file, entries: entries, diagnostics: reader.diagnostics, readable: document.root != nil && !document.diagnostics.containsErrors,
            source: document.source, limits: limits)
    }

    init(
        file: String?, entries: [Entry], diagnostics: [LocalizationDiagnostic], readable: Bool, source: SourceText?, limits: ReadingLimits = .default
    ) {
        self.source = source
        self.file = file
        self.entries = entries
        self.diagnostics = diagnostics.cappedPerID(limits.maximumDiagnosticsPerKind)
        self.isReadableOnDevice = readable
    }

    /// The last entry for `key` (the one a device uses).
    public subscript(key: String) -> LocalizedValue? {
        entries.last { $0.key == key }?.value
    }
}

extension DiagnosticID {
    /// `stringsdict.not-a-dictionary` (error). A stringsdict entry must be a rule dictionary or a string.
    public static let stringsdictNotADictionary = DiagnosticID(
        "stringsdict.not-a-dictionary", .error, .syntax,
        rationale: "A stringsdict entry must be a rule dictionary or a string.",
        example: "<key>k</key><integer>3</integer>")
    /// `stringsdict.missing-format-key` (error). Without NSStringLocalizedFormatKey there is no format to
    /// show.
    public static let stringsdictMissingFormatKey = DiagnosticID(
        "stringsdict.missing-format-key", .error, .plurals,
        rationale: "Without NSStringLocalizedFormatKey there is no format to show.",
        example: "a rule dictionary with variables only")
    /// `stringsdict.undefined-variable` (error). A `%#@name@` without its dictionary shows nothing for it.
    public static let stringsdictUndefinedVariable = DiagnosticID(
        "stringsdict.undefined-variable", .error, .plurals,
        rationale: "A %#@name@ without its dictionary shows nothing for it.",
        example: "%#@count@ and no \"count\" dictionary")
    /// `stringsdict.unused-variable` (warning). A variable no format uses is never shown.
    public static let stringsdictUnusedVariable = DiagnosticID(
        "stringsdict.unused-variable", .warning, .plurals,
        rationale: "A variable no format uses is never shown.",
        example: "a \"files\" dictionary, format %#@count@")
    /// `stringsdict.unknown-rule-type` (error). Only plural, device and width rules exist.
    public static let stringsdictUnknownRuleType = DiagnosticID(
        "stringsdict.unknown-rule-type", .error, .plurals,
        rationale: "Only plural, device and width rules exist.",
        example: "NSStringFormatSpecTypeKey NSStringGenderRuleType")
    /// `stringsdict.missing-other` (error). Every missing form falls back to other; without it there is
    /// nothing to show.
    public static let stringsdictMissingOther = DiagnosticID(
        "stringsdict.missing-other", .error, .plurals,
        rationale: "Every missing form falls back to other; without it there is nothing to show.",
        example: "one only")
    /// `stringsdict.unknown-category` (warning). Forms other than zero one two few many other (or devices)
    /// are never used.
    public static let stringsdictUnknownCategory = DiagnosticID(
        "stringsdict.unknown-category", .warning, .plurals,
        rationale: "Forms other than zero one two few many other (or devices) are never used.",
        example: "<key>several</key>")
    /// `stringsdict.missing-value-type` (warning). The value type says how to read the number.
    public static let stringsdictMissingValueType = DiagnosticID(
        "stringsdict.missing-value-type", .warning, .plurals,
        rationale: "The value type says how to read the number.",
        example: "no NSStringFormatValueTypeKey")
}

struct StringsDictionaryReader {
    let file: String?
    var diagnostics: [LocalizationDiagnostic]

    mutating func report(_ id: DiagnosticID, _ location: SourceLocation, _ message: String, hint: String? = nil) {
        diagnostics.append(LocalizationDiagnostic(id, at: location, message, hint: hint))
    }

    mutating func read(_ root: PropertyListNode) -> [StringsDictionary.Entry] {
        guard case .dictionary(let items) = root.value else {
            report(.stringsdictNotADictionary, root.location, "the file holds \(root.value.kindDescription), not a dictionary of entries")
            return []
        }
        var entries: [StringsDictionary.Entry] = []
        for item in items {
            switch item.value.value {
            case .string(let text):
                entries.append(.init(key: item.key, value: .text(text), location: item.keyLocation, valueLocation: item.value.location))
            case .dictionary(let members):
                if let value = rule(key: item.key, members: members, location: item.value.location) {
                    entries.append(.init(key: item.key, value: value, location: item.keyLocation))
                }
            default:
                report(
                    .stringsdictNotADictionary, item.value.location,
                    "the entry \"\(item.key)\" is \(item.value.value.kindDescription): it must be a rule dictionary or a string")
            }
        }
        return entries
    }

    mutating func rule(key: String, members: [PropertyListValue.DictionaryEntry], location: SourceLocation) -> LocalizedValue? {
        func value(_ name: String) -> PropertyListNode? { members.last { $0.key == name }?.value }
        // Apple's documented forms for device and width variants sit at the top of the entry.
        if let device = value("NSStringDeviceSpecificRuleType") {
            return .deviceSpecific(variants(key: key, device, kind: .device))
        }
        if let width = value("NSStringVariableWidthRuleType") {
            return .widthSpecific(variants(key: key, width, kind: .width))
        }
        guard let formatNode = value("NSStringLocalizedFormatKey") else {
            report(
                .stringsdictMissingFormatKey, location,
                "\"\(key)\" has no NSStringLocalizedFormatKey: the device has no format for it",
                hint: "add NSStringLocalizedFormatKey, such as %#@count@")
            return nil
        }
        guard let formatKey = formatNode.value.stringValue else {
            report(.stringsdictMissingFormatKey, formatNode.location, "NSStringLocalizedFormatKey of \"\(key)\" is not a string")
            return nil
        }
        var variables: [LocalizedFormat.Variable] = []
        for member in members where member.key != "NSStringLocalizedFormatKey" {
            guard case .dictionary(let rule) = member.value.value else {
                report(.stringsdictNotADictionary, member.value.location, "the variable \"\(member.key)\" of \"\(key)\" is not a dictionary")
                continue
            }
            if let variable = variable(named: member.key, of: key, rule: rule, location: member.keyLocation) { variables.append(variable) }
        }
        // Every variable the formats use must be defined; every defined one should be used.
        // Only a text with a `#` can name a variable (`%#@name@`): the rest are not parsed.
        // An entry names a variable or two: arrays, not sets.
        var used: [String] = []
        func collect(_ format: String) {
            guard FormatString.mayNameVariable(format) else { return }
            for specifier in FormatString(format).specifiers {
                if let name = specifier.variableName, !used.contains(name) { used.append(name) }
            }
        }
        collect(formatKey)
        for variable in variables { for c in variable.cases { collect(c.format) } }
        for name in used.sorted() where !members.contains(where: { $0.key == name }) {
            report(
                .stringsdictUndefinedVariable, formatNode.location,
                "\"\(key)\" uses the variable %#@\(name)@ but defines no dictionary for it: the device shows nothing for it",
                hint: "add a \"\(name)\" rule dictionary")
        }
        for variable in variables where !used.contains(variable.name) {
            report(
                .stringsdictUnusedVariable, variable.location ?? location, "the variable \"\(variable.name)\" of \"\(key)\" is never used by a format"
            )
        }
        return .format(LocalizedFormat(formatKey: formatKey, variables: variables, location: formatNode.location))
    }

    mutating func variable(
        named name: String, of key: String, rule: [PropertyListValue.DictionaryEntry], location: SourceLocation
    ) -> LocalizedFormat.Variable? {
        let type = rule.last { $0.key == "NSStringFormatSpecTypeKey" }?.value.value.stringValue
        let kind: LocalizedFormat.Variable.Kind
        switch type {
        case "NSStringPluralRuleType": kind = .plural
        case "NSStringDeviceSpecificRuleType": kind = .device
        case "NSStringVariableWidthRuleType": kind = .width
        case nil:
            report(.stringsdictUnknownRuleType, location, "the variable \"\(name)\" of \"\(key)\" has no NSStringFormatSpecTypeKey")
            return nil
        case let other?:
            report(
                .stringsdictUnknownRuleType, location, "\"\(other)\" is not a rule type (variable \"\(name)\" of \"\(key)\")",
                hint: "use NSStringPluralRuleType")
            return nil
        }
        let valueType = rule.last { $0.key == "NSStringFormatValueTypeKey" }?.value.value.stringValue
        if kind == .plural && valueType == nil {
            report(.stringsdictMissingValueType, location, "the plural variable \"\(name)\" of \"\(key)\" has no NSStringFormatValueTypeKey")
        }
        var cases: [LocalizedFormat.Variable.Case] = []
        for member in rule where member.key != "NSStringFormatSpecTypeKey" && member.key != "NSStringFormatValueTypeKey" {
            guard let format = member.value.value.stringValue else {
                report(.stringsdictNotADictionary, member.value.location, "the \(member.key) form of \"\(name)\" is not a string")
                continue
            }
            if kind == .plural && PluralCategory(rawValue: member.key) == nil {
                report(
                    .stringsdictUnknownCategory, member.keyLocation,
                    "\"\(member.key)\" is not a plural category (variable \"\(name)\" of \"\(key)\"); it is never used",
                    hint: "categories are zero, one, two, few, many and other")
            } else if kind == .device && !DeviceKind.variantNames.contains(member.key) {
                report(.stringsdictUnknownCategory, member.keyLocation, "\"\(member.key)\" is not a device (variable \"\(name)\" of \"\(key)\")")
            }
            cases.append(.init(name: member.key, format: format, location: member.value.location))
        }
        if kind != .width && !cases.contains(where: { $0.name == "other" }) {
            report(
                .stringsdictMissingOther, location,
                "the variable \"\(name)\" of \"\(key)\" has no \"other\" form, the one every missing form falls back to",
                hint: "add an \"other\" form")
        }
        return LocalizedFormat.Variable(name: name, kind: kind, valueType: valueType, cases: cases, location: location)
    }

    mutating func variants(key: String, _ node: PropertyListNode, kind: LocalizedFormat.Variable.Kind) -> [LocalizedValue.Variant] {
        guard case .dictionary(let members) = node.value else {
            report(.stringsdictNotADictionary, node.location, "the \(kind.rawValue) variants of \"\(key)\" are not a dictionary")
            return []
        }
        var result: [LocalizedValue.Variant] = []
        for member in members {
            switch member.value.value {
            case .string(let text):
                result.append(.init(name: member.key, value: .text(text), location: member.value.location))
            case .dictionary(let nested):
                if let value = rule(key: key, members: nested, location: member.value.location) {
                    result.append(.init(name: member.key, value: value, location: member.value.location))
                }
            default:
                report(.stringsdictNotADictionary, member.value.location, "the \(member.key) variant of \"\(key)\" is not a string")
            }
        }
        return result
    }
}
