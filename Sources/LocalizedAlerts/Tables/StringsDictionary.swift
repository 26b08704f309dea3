#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
        self.init(parsing: bytes, file: file, limits: limits, readingDirectly: true)
    }

    /// Reads a `.stringsdict`, straight from its bytes when `readingDirectly` and the file is one
    /// the direct reader takes, else through the located property-list tree. Both readings give
    /// the same dictionary: the fuzzers and benchmarks hold one to the other.
    @_spi(Oracle) public init(parsing bytes: [UInt8], file: String? = nil, limits: ReadingLimits = .default, readingDirectly: Bool) {
        if readingDirectly, let dictionary = DirectStringsDictionaryReader.read(bytes, file: file, limits: limits) {
            self = dictionary
            return
        }
        let document = PropertyListReader.read(bytes, file: file, limits: limits)
        var reader = StringsDictionaryReader(tree: LocatedPropertyListTree(), diagnostics: document.diagnostics)
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

    /// Whether the reader that takes common files straight from their bytes takes `bytes`
    /// (else the located property-list tree reads them).
    @_spi(Oracle) public static func isReadDirectly(_ bytes: [UInt8], limits: ReadingLimits = .default) -> Bool {
        DirectStringsDictionaryReader.read(bytes, file: nil, limits: limits) != nil
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

/// The keys the rules of a `.stringsdict` look for inside an entry.
enum StringsDictionaryKey: String, CaseIterable {
    case localizedFormat = "NSStringLocalizedFormatKey"
    case formatSpecType = "NSStringFormatSpecTypeKey"
    case formatValueType = "NSStringFormatValueTypeKey"
    case deviceSpecificRule = "NSStringDeviceSpecificRuleType"
    case variableWidthRule = "NSStringVariableWidthRuleType"

    /// `allCases`, made once.
    static let all = allCases
}

/// What ``StringsDictionaryReader`` reads entries from: the located property-list tree, or the
/// tree ``DirectStringsDictionaryReader`` takes straight from the bytes. One set of rules reads
/// both, so that both readings give the same entries and diagnostics.
protocol StringsDictionaryTree {
    associatedtype Node
    associatedtype Member
    associatedtype Members: BidirectionalCollection<Member>
    /// The members of a dictionary, in file order; nil when the node is not one.
    func members(of node: Node) -> Members?
    /// The text of a string; nil when the node is not one.
    func string(of node: Node) -> String?
    /// What the node is, for messages (`a string`, `an integer`, …).
    func kindDescription(of node: Node) -> String
    /// Where the node's element starts.
    func location(of node: Node) -> SourceLocation
    func key(of member: Member) -> String
    /// Whether `member`'s key is `name`, as `key(of:) == name.rawValue` says.
    func key(of member: Member, is name: StringsDictionaryKey) -> Bool
    /// Where the member's `<key>` starts.
    func keyLocation(of member: Member) -> SourceLocation
    func value(of member: Member) -> Node
}

extension StringsDictionaryTree {
    /// The value of the last member called `name` (the one CoreFoundation keeps).
    func value(_ name: StringsDictionaryKey, in members: Members) -> Node? {
        members.last { key(of: $0, is: name) }.map { value(of: $0) }
    }
}

/// The located property-list tree, as ``StringsDictionaryReader`` reads it.
struct LocatedPropertyListTree: StringsDictionaryTree {
    func members(of node: PropertyListNode) -> [PropertyListValue.DictionaryEntry]? { node.value.dictionaryEntries }
    func string(of node: PropertyListNode) -> String? { node.value.stringValue }
    func kindDescription(of node: PropertyListNode) -> String { node.value.kindDescription }
    func location(of node: PropertyListNode) -> SourceLocation { node.location }
    func key(of member: PropertyListValue.DictionaryEntry) -> String { member.key }
    func key(of member: PropertyListValue.DictionaryEntry, is name: StringsDictionaryKey) -> Bool { member.key == name.rawValue }
    func keyLocation(of member: PropertyListValue.DictionaryEntry) -> SourceLocation { member.keyLocation }
    func value(of member: PropertyListValue.DictionaryEntry) -> PropertyListNode { member.value }
}

struct StringsDictionaryReader<Tree: StringsDictionaryTree> {
    let tree: Tree
    var diagnostics: [LocalizationDiagnostic]
    /// Room for the variables an entry's formats name.
    private var usedNames: [String] = []
    /// The variables of the formats read last, by format compared byte for byte: a file repeats
    /// a few formats over and over.
    private var recentFormats: [(format: String, names: [String])] = []
    private var nextRecentFormat = 0

    init(tree: Tree, diagnostics: [LocalizationDiagnostic]) {
        self.tree = tree
        self.diagnostics = diagnostics
    }

    mutating func report(_ id: DiagnosticID, _ location: SourceLocation, _ message: String, hint: String? = nil) {
        diagnostics.append(LocalizationDiagnostic(id, at: location, message, hint: hint))
    }

    mutating func read(_ root: Tree.Node) -> [StringsDictionary.Entry] {
        guard let items = tree.members(of: root) else {
            report(
                .stringsdictNotADictionary, tree.location(of: root), "the file holds \(tree.kindDescription(of: root)), not a dictionary of entries")
            return []
        }
        var entries: [StringsDictionary.Entry] = []
        entries.reserveCapacity(items.count)
        for item in items {
            let value = tree.value(of: item)
            if let text = tree.string(of: value) {
                entries.append(
                    .init(key: tree.key(of: item), value: .text(text), location: tree.keyLocation(of: item), valueLocation: tree.location(of: value)))
            } else if let members = tree.members(of: value) {
                let key = tree.key(of: item)
                let keyLocation = tree.keyLocation(of: item)
                if let rule = rule(key: key, members: members, at: value) {
                    entries.append(.init(key: key, value: rule, location: keyLocation))
                }
            } else {
                report(
                    .stringsdictNotADictionary, tree.location(of: value),
                    "the entry \"\(tree.key(of: item))\" is \(tree.kindDescription(of: value)): it must be a rule dictionary or a string")
            }
        }
        return entries
    }

    /// The rule dictionary of the entry `key`, the dictionary `node`. Its location is found only
    /// for a finding: a tree that finds locations when asked, in the order of the file, is asked
    /// for no more than the entries hold.
    mutating func rule(key: String, members: Tree.Members, at node: Tree.Node) -> LocalizedValue? {
        // Apple's documented forms for device and width variants sit at the top of the entry.
        if let device = tree.value(.deviceSpecificRule, in: members) {
            return .deviceSpecific(variants(key: key, device, kind: .device))
        }
        if let width = tree.value(.variableWidthRule, in: members) {
            return .widthSpecific(variants(key: key, width, kind: .width))
        }
        guard let formatNode = tree.value(.localizedFormat, in: members) else {
            report(
                .stringsdictMissingFormatKey, tree.location(of: node),
                "\"\(key)\" has no NSStringLocalizedFormatKey: the device has no format for it",
                hint: "add NSStringLocalizedFormatKey, such as %#@count@")
            return nil
        }
        let formatLocation = tree.location(of: formatNode)
        guard let formatKey = tree.string(of: formatNode) else {
            report(.stringsdictMissingFormatKey, formatLocation, "NSStringLocalizedFormatKey of \"\(key)\" is not a string")
            return nil
        }
        // Every variable the formats use must be defined; every defined one should be used.
        // An entry names a variable or two: arrays, not sets. The array is the reader's, kept
        // from entry to entry for its room.
        var used = usedNames
        usedNames = []
        defer {
            used.removeAll(keepingCapacity: true)
            usedNames = used
        }
        collectVariables(in: formatKey, into: &used)
        var variables: [LocalizedFormat.Variable] = []
        for member in members where !tree.key(of: member, is: .localizedFormat) {
            let memberValue = tree.value(of: member)
            guard let rule = tree.members(of: memberValue) else {
                report(
                    .stringsdictNotADictionary, tree.location(of: memberValue),
                    "the variable \"\(tree.key(of: member))\" of \"\(key)\" is not a dictionary")
                continue
            }
            if let variable = variable(named: tree.key(of: member), of: key, rule: rule, location: tree.keyLocation(of: member), using: &used) {
                variables.append(variable)
            }
        }
        for name in used.count > 1 ? used.sorted() : used where !members.contains(where: { tree.key(of: $0) == name }) {
            report(
                .stringsdictUndefinedVariable, formatLocation,
                "\"\(key)\" uses the variable %#@\(name)@ but defines no dictionary for it: the device shows nothing for it",
                hint: "add a \"\(name)\" rule dictionary")
        }
        for index in variables.indices where !used.contains(variables[index].name) {
            let variable = variables[index]
            report(
                .stringsdictUnusedVariable, variable.location ?? tree.location(of: node),
                "the variable \"\(variable.name)\" of \"\(key)\" is never used by a format"
            )
        }
        return .format(LocalizedFormat(formatKey: formatKey, variables: variables, location: formatLocation))
    }

    /// Adds the variables `format` names to `used`, each once. Only a text with a `#` can name
    /// one (`%#@name@`): the rest are not parsed.
    private mutating func collectVariables(in format: String, into used: inout [String]) {
        guard FormatString.mayNameVariable(format) else { return }
        for name in variableNames(in: format) where !used.contains(name) { used.append(name) }
    }

    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        let equal = a.utf8.withContiguousStorageIfAvailable { a in
            b.utf8.withContiguousStorageIfAvailable { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
        return (equal ?? nil) ?? a.utf8.elementsEqual(b.utf8)
    }

    /// The `%#@name@` variables `format` names, in order.
    private mutating func variableNames(in format: String) -> [String] {
        if let recent = recentFormats.first(where: { Self.sameBytes($0.format, format) }) { return recent.names }
        let names = FormatString(format).specifiers.compactMap(\.variableName)
        if recentFormats.count < 4 {
            recentFormats.append((format, names))
        } else {
            recentFormats[nextRecentFormat] = (format, names)
            nextRecentFormat = (nextRecentFormat + 1) % 4
        }
        return names
    }

    /// The variable `name` of the entry `key`, its cases' variables added to `used`.
    mutating func variable(
        named name: String, of key: String, rule: Tree.Members, location: SourceLocation, using used: inout [String]
    ) -> LocalizedFormat.Variable? {
        let type = tree.value(.formatSpecType, in: rule).flatMap { tree.string(of: $0) }
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
        let valueType = tree.value(.formatValueType, in: rule).flatMap { tree.string(of: $0) }
        if kind == .plural && valueType == nil {
            report(.stringsdictMissingValueType, location, "the plural variable \"\(name)\" of \"\(key)\" has no NSStringFormatValueTypeKey")
        }
        var cases: [LocalizedFormat.Variable.Case] = []
        cases.reserveCapacity(rule.count)
        for member in rule where !tree.key(of: member, is: .formatSpecType) && !tree.key(of: member, is: .formatValueType) {
            let caseName = tree.key(of: member)
            let caseValue = tree.value(of: member)
            guard let format = tree.string(of: caseValue) else {
                report(.stringsdictNotADictionary, tree.location(of: caseValue), "the \(caseName) form of \"\(name)\" is not a string")
                continue
            }
            if kind == .plural && PluralCategory(named: caseName) == nil {
                report(
                    .stringsdictUnknownCategory, tree.keyLocation(of: member),
                    "\"\(caseName)\" is not a plural category (variable \"\(name)\" of \"\(key)\"); it is never used",
                    hint: "categories are zero, one, two, few, many and other")
            } else if kind == .device && !DeviceKind.variantNames.contains(caseName) {
                report(
                    .stringsdictUnknownCategory, tree.keyLocation(of: member), "\"\(caseName)\" is not a device (variable \"\(name)\" of \"\(key)\")")
            }
            cases.append(.init(name: caseName, format: format, location: tree.location(of: caseValue)))
            collectVariables(in: format, into: &used)
        }
        if kind != .width && !cases.contains(where: { $0.name == "other" }) {
            report(
                .stringsdictMissingOther, location,
                "the variable \"\(name)\" of \"\(key)\" has no \"other\" form, the one every missing form falls back to",
                hint: "add an \"other\" form")
        }
        return LocalizedFormat.Variable(name: name, kind: kind, valueType: valueType, cases: cases, location: location)
    }

    mutating func variants(key: String, _ node: Tree.Node, kind: LocalizedFormat.Variable.Kind) -> [LocalizedValue.Variant] {
        guard let members = tree.members(of: node) else {
            report(.stringsdictNotADictionary, tree.location(of: node), "the \(kind.rawValue) variants of \"\(key)\" are not a dictionary")
            return []
        }
        var result: [LocalizedValue.Variant] = []
        result.reserveCapacity(members.count)
        for member in members {
            let value = tree.value(of: member)
            if let text = tree.string(of: value) {
                result.append(.init(name: tree.key(of: member), value: .text(text), location: tree.location(of: value)))
            } else if let nested = tree.members(of: value) {
                let location = tree.location(of: value)
                if let rule = rule(key: key, members: nested, at: value) {
                    result.append(.init(name: tree.key(of: member), value: rule, location: location))
                }
            } else {
                report(.stringsdictNotADictionary, tree.location(of: value), "the \(tree.key(of: member)) variant of \"\(key)\" is not a string")
            }
        }
        return result
    }
}
