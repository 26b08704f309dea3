/// How bad a finding is. Errors are what a device gets wrong or a parser rejects; warnings are
/// likely mistakes; notes explain.
public enum DiagnosticSeverity: String, Sendable, Hashable, Codable, Comparable, CaseIterable {
    case note
    case warning
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    /// Orders severities from note to error.
    public static func < (lhs: DiagnosticSeverity, rhs: DiagnosticSeverity) -> Bool { lhs.rank < rhs.rank }
}

/// A stable identifier of a kind of finding, such as `strings.missing-semicolon`, declared once
/// with everything known about it: default severity, category, why it matters and an example.
///
///     extension DiagnosticID {
///         public static let missingSemicolon = DiagnosticID(
///             "strings.missing-semicolon", .error, .syntax,
///             rationale: "One missing ';' makes Foundation reject the whole file…", example: "…")
///     }
///
/// That declaration is the only one: ``LocalizationDiagnostic`` takes its severity from it, `--list-rules`,
/// docs/lint.md's rule tables and SARIF's rule metadata are made from it (through the generated
/// ``RuleCatalog/all``), so no emission site can contradict it.
///
/// IDs never change meaning once published: tools filter on them (`--ignore`), baselines store
/// them, and SARIF reports link rules by them. Two IDs are equal when their names are; an ID
/// read from text (a baseline, `--ignore`) finds its declaration in ``RuleCatalog``.
public struct DiagnosticID: RawRepresentable, Hashable, Sendable, Comparable, Codable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    /// The ID's name (`strings.missing-semicolon`), as tools and baselines write it.
    public let rawValue: String
    private let declaration: Declaration?

    /// What a declared ID knows; shared, so that an ID stays one word wide plus a reference.
    final class Declaration: Sendable {
        let severity: DiagnosticSeverity
        let category: RuleDescriptor.Category
        let rationale: String
        let example: String
        let isAboutWholeFile: Bool

        init(severity: DiagnosticSeverity, category: RuleDescriptor.Category, rationale: String, example: String, isAboutWholeFile: Bool) {
            self.severity = severity
            self.category = category
            self.rationale = rationale
            self.example = example
            self.isAboutWholeFile = isAboutWholeFile
        }
    }

    /// Declares an ID: its name, default severity, category, why it matters and an example.
    /// - Parameters:
    ///   - rawValue: The name, `area.what` (`strings.missing-semicolon`); never reused for another meaning.
    ///   - severity: The severity its findings get.
    ///   - category: The group `--list-rules` and docs/lint.md list it in.
    ///   - rationale: Why it matters, in one line.
    ///   - example: Input that triggers it.
    ///   - isAboutWholeFile: findings about a whole file (a missing key, an empty file)
    ///     sit at the file's start, and no line of it is worth quoting.
    public init(
        _ rawValue: String, _ severity: DiagnosticSeverity, _ category: RuleDescriptor.Category, rationale: String, example: String,
        isAboutWholeFile: Bool = false
    ) {
        self.rawValue = rawValue
        self.declaration = Declaration(
            severity: severity, category: category, rationale: rationale, example: example, isAboutWholeFile: isAboutWholeFile)
    }

    /// An ID by name, as read from text; its declaration is looked up in ``RuleCatalog``.
    public init(rawValue: String) {
        self.rawValue = rawValue
        self.declaration = nil
    }
    /// An ID by name; the same as ``init(rawValue:)``.
    public init(_ rawValue: String) { self.init(rawValue: rawValue) }
    /// An ID by name, written as a literal.
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// Everything declared about this ID; nil for a name nothing declares.
    public var rule: RuleDescriptor? {
        guard let declaration = declaration ?? RuleCatalog.declaredID(named: rawValue)?.declaration else { return nil }
        return RuleDescriptor(
            self, declaration.severity, declaration.category, rationale: declaration.rationale, example: declaration.example,
            isAboutWholeFile: declaration.isAboutWholeFile)
    }

    /// The declared severity (an undeclared ID: warning).
    public var defaultSeverity: DiagnosticSeverity {
        (declaration ?? RuleCatalog.declaredID(named: rawValue)?.declaration)?.severity ?? .warning
    }

    /// The ID's name.
    public var description: String { rawValue }
    /// Two IDs are equal when their names are.
    public static func == (lhs: DiagnosticID, rhs: DiagnosticID) -> Bool { lhs.rawValue == rhs.rawValue }
    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
    /// Orders IDs by name.
    public static func < (lhs: DiagnosticID, rhs: DiagnosticID) -> Bool { lhs.rawValue < rhs.rawValue }
    /// Decodes an ID from its name.
    public init(from decoder: any Decoder) throws { self.init(rawValue: try decoder.singleValueContainer().decode(String.self)) }
    /// Encodes the ID as its name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// One finding: what is wrong, where, and what to do. The library returns these as values; only
/// the command-line tool decides how to print them.
///
/// ```swift
/// let table = LocalizationTable(parsing: Array(#""greeting" = "Hello""#.utf8), file: "en.lproj/Localizable.strings")
/// for diagnostic in table.diagnostics {
///     print(diagnostic)  // the compiler's form: location, severity, message, [ID]
///     // en.lproj/Localizable.strings:1:21: error: missing ';' after the value (found the end of the file). …
///     if let hint = diagnostic.hint { print("hint:", hint) }               // add ';' after the value
///     if let rule = diagnostic.id.rule { print("why:", rule.rationale) }
/// }
/// ```
public struct LocalizationDiagnostic: Hashable, Sendable {
    /// What kind of finding this is.
    public var id: DiagnosticID
    /// How bad it is; the ID's declared severity unless changed.
    public var severity: DiagnosticSeverity
    /// Where it is: in a table, an Info.plist or a payload.
    public var location: SourceLocation
    /// What is wrong, in a sentence.
    public var message: String
    /// What to do about it, when there is a clear fix.
    public var hint: String?
    /// Related places, such as the earlier definition of a duplicate key.
    public var notes: [Note]
    /// The table key the finding is about, when it is about one: what a configuration's
    /// key-scoped ignores match.
    public var key: String?
    /// The localizations the finding is about, when one finding stands for the same fact in
    /// several of them (a key missing in `de` and `fr`); empty otherwise. A baseline accepts
    /// each separately, so that a fix in one keeps the others accepted.
    public var localizations: [String] = []
    /// The keys the finding is about, when one finding stands for the same fact about many keys
    /// of one table (the keys of the reference localization another one lacks); empty
    /// otherwise, and ``key`` is then the one key. A baseline, an inline suppression and a
    /// configuration's key-scoped ignore accept each key separately.
    public var keys: [String] = []
    /// How many more keys the finding is about than ``keys`` lists (which lists at most as many
    /// as findings of one rule are listed per file).
    public var unlistedKeyCount = 0

    /// A related place and what it has to do with the finding.
    public struct Note: Hashable, Sendable {
        /// The related place.
        public var location: SourceLocation
        /// What it has to do with the finding.
        public var message: String
        /// A note at `location`.
        public init(location: SourceLocation, message: String) {
            self.location = location
            self.message = message
        }
    }

    /// A finding of kind `id`, with the severity its declaration gives.
    public init(_ id: DiagnosticID, at location: SourceLocation, _ message: String, hint: String? = nil, notes: [Note] = []) {
        self.id = id
        self.severity = id.defaultSeverity
        self.location = location
        self.message = message
        self.hint = hint
        self.notes = notes
    }
}

extension LocalizationDiagnostic: CustomStringConvertible {
    /// The compiler's form, as `print(diagnostic)` and string interpolation give it:
    /// `en.lproj/Localizable.strings:1:21: error: missing ';' … [strings.missing-semicolon]`.
    public var description: String { "\(location): \(severity): \(message) [\(id)]" }
}

extension Array where Element == LocalizationDiagnostic {
    /// Whether any diagnostic is an error.
    public var containsErrors: Bool { contains { $0.severity == .error } }

    /// At most `limit` diagnostics of each ID, the last one kept saying how many more there
    /// were in `scope`.
    func cappedPerID(_ limit: Int = ReadingLimits.default.maximumDiagnosticsPerKind, scope: String = "the file") -> [LocalizationDiagnostic] {
        guard count > limit else { return self }
        var admitted = PerKindLimit(limit)
        var kept = filter { admitted.admit($0.id) }
        admitted.noteUnlisted(in: &kept, scope: scope)
        return kept
    }
}

/// Admits at most `limit` diagnostics of each ID and counts the rest, so that hostile input
/// (a million lone surrogates, twenty thousand stray `%`) cannot make reporting the bottleneck.
/// Every reader and the renderer list diagnostics through it.
struct PerKindLimit {
    let limit: Int
    private var counts: [DiagnosticID: Int] = [:]

    init(_ limit: Int) { self.limit = limit }

    /// Counts one diagnostic of `id`; true while fewer than `limit` were admitted.
    mutating func admit(_ id: DiagnosticID) -> Bool {
        let count = counts[id, default: 0] + 1
        counts[id] = count
        return count <= limit
    }

    /// Counts `count` more of `id` that were never built (known only as a number).
    mutating func skip(_ id: DiagnosticID, count: Int) { counts[id, default: 0] += count }

    /// Adds "(and N more like this …)" to the last listed diagnostic of every ID over the limit.
    func noteUnlisted<Item: ListedDiagnostic>(in items: inout [Item], scope: String = "the file") {
        for (id, count) in counts where count > limit {
            if let last = items.lastIndex(where: { $0.id == id }) {
                items[last].message += " (and \(count - limit) more like this in \(scope), not listed)"
            }
        }
    }
}

/// What ``PerKindLimit`` needs of a diagnostic: its ID, and a message to extend.
protocol ListedDiagnostic {
    var id: DiagnosticID { get }
    var message: String { get set }
}

extension LocalizationDiagnostic: ListedDiagnostic {}

extension LocalizationDiagnostic {
    /// A list of localizations as findings write it: `de, fr: a device in those languages`.
    /// ``restated(for:)`` finds the list by this wording.
    static func languageList(_ localizations: [String]) -> String {
        "\(localizations.joined(separator: ", ")): a device in \(localizations.count == 1 ? "that language" : "those languages")"
    }

    /// The most keys a message quotes; the finding's ``keys`` list them all.
    static let keysQuoted = 5

    /// The subject of a finding about keys, as its message begins: `"a" is` for one key,
    /// `12 keys ("a", "b", "c", "d", "e" and 7 more) are` for several.
    /// ``restated(forKeys:unlisted:)`` finds it by this wording.
    package static func keySubject(_ keys: [String], unlisted: Int) -> String {
        let total = keys.count + unlisted
        if total == 1, let key = keys.first { return "\"\(key)\" is" }
        let quoted = keys.prefix(keysQuoted).map { "\"\($0)\"" }.joined(separator: ", ")
        let more = total - min(keys.count, keysQuoted)
        let list = quoted.isEmpty ? "" : " (\(quoted)\(more > 0 ? " and \(more) more" : ""))"
        return "\(total) keys\(list) are"
    }

    /// The same finding about fewer of its keys (after a baseline, a suppression or an ignore
    /// accepted the others), its message quoting them; nil when none is left. A finding left
    /// about one key is about it as ``key``.
    package func restated(forKeys keys: [String], unlisted: Int) -> LocalizationDiagnostic? {
        guard !self.keys.isEmpty || unlistedKeyCount > 0 else { return self }
        guard keys.count + unlisted > 0 else { return nil }
        guard keys != self.keys || unlisted != unlistedKeyCount else { return self }
        var restated = self
        restated.message = message.replacing(
            Self.keySubject(self.keys, unlisted: unlistedKeyCount), with: Self.keySubject(keys, unlisted: unlisted), maxReplacements: 1)
        if keys.count == 1 && unlisted == 0 {
            restated.key = keys[0]
            restated.keys = []
        } else {
            restated.keys = keys
        }
        restated.unlistedKeyCount = unlisted
        return restated
    }

    /// The same finding about `localizations` instead (fewer, after a baseline accepted some;
    /// more, when a preview merges the same fact found for several devices), its message
    /// listing them.
    public func restated(for localizations: [String]) -> LocalizationDiagnostic {
        guard !self.localizations.isEmpty, localizations != self.localizations, !localizations.isEmpty else { return self }
        var restated = self
        restated.localizations = localizations
        restated.message = message.replacing(Self.languageList(self.localizations), with: Self.languageList(localizations), maxReplacements: 1)
        return restated
    }
}
