/// Runs every check over apps, files and payloads and returns the findings; the CLI decides
/// how to print them.
///
/// ```swift
/// let app = try AppLocalizations(directory: "MyApp/Resources")
/// let payloads = [try NotificationPayload(contentsOfFile: "Payloads/missed-call.json")]
/// let findings = Linter(ignoring: [.catalogStale]).lint(app, payloads: payloads)
/// for finding in findings where finding.severity == .error {
///     print("\(finding.location): \(finding.message) [\(finding.id)]")
/// }
/// ```
public struct Linter: Sendable {
    /// The rules to run; by default every built-in one (``RuleCatalog/lintRules``).
    package var rules: [any LintRule]
    /// Rule IDs to leave out.
    public var ignored: Set<DiagnosticID>
    /// Findings of one rule listed per file, as the readers list their own diagnostics
    /// (``ReadingLimits/maximumDiagnosticsPerKind``); the last one listed says how many more.
    public var maximumFindingsPerKind: Int
    /// Tables the app fills from its development region at run time, key by key (its own
    /// fallback code, not the system's): their missing keys are not findings. The Localizable
    /// table never is one, since notifications do no such thing.
    public var runtimeFallbackTables: Set<String> = []

    /// A linter running every built-in rule.
    /// - Parameters:
    ///   - ignored: Rule IDs to leave out (current names; see ``DiagnosticFilter`` for reading names as a
    /// user writes them).
    ///   - maximumFindingsPerKind: Findings of one rule listed per file.
    public init(ignoring ignored: Set<DiagnosticID> = [], maximumFindingsPerKind: Int = ReadingLimits.default.maximumDiagnosticsPerKind) {
        self.init(rules: RuleCatalog.lintRules, ignoring: ignored, maximumFindingsPerKind: maximumFindingsPerKind)
    }

    /// A linter running `rules` (tests run one rule at a time).
    package init(
        rules: [any LintRule], ignoring ignored: Set<DiagnosticID> = [],
        maximumFindingsPerKind: Int = ReadingLimits.default.maximumDiagnosticsPerKind
    ) {
        self.rules = rules
        self.ignored = ignored
        self.maximumFindingsPerKind = maximumFindingsPerKind
    }

    /// Findings for an app: its files' own diagnostics, every rule, the payloads' own
    /// diagnostics and what a device does with them in every localization it could select.
    /// With `android`, the same app's Android resources, the strings both define are compared.
    public func lint(_ app: AppLocalizations, payloads: [NotificationPayload] = [], android: AndroidAppResources? = nil) -> [LocalizationDiagnostic] {
        lint(LocalizationModel(app, compilingDeviceFormats: false), payloads: payloads, android: android)
    }

    /// The same, for tables already resolved.
    package func lint(_ model: LocalizationModel, payloads: [NotificationPayload] = [], android: AndroidAppResources? = nil)
        -> [LocalizationDiagnostic]
    {
        let foldingAbove = LintFindings.keyFindingsListedPerFile
        var findings = LintFindings(limit: maximumFindingsPerKind, ignoring: ignored, foldingAbove: foldingAbove)
        findings.append(contentsOf: model.app.allDiagnostics)
        let context = LintContext(model: model, payloads: payloads, runtimeFallbackTables: runtimeFallbackTables, android: android)
        // Rules are independent of each other: they run concurrently, each into its own list
        // (one rule, one ID, so each list is capped as the whole would be), with what a device
        // does with the payloads as one more piece of work.
        let limit = maximumFindingsPerKind
        let ignored = ignored
        let work: [(any LintRule)?] = rules.filter { !ignored.contains(type(of: $0).id) } + [nil]
        let results = ParallelWork.map(work) { rule in
            var own = LintFindings(limit: limit, ignoring: ignored, foldingAbove: foldingAbove)
            if let rule { rule.check(context, into: &own) } else { context.deviceFindings(into: &own) }
            return own
        }
        for result in results.dropLast() { findings.merge(result) }
        for payload in payloads { findings.append(contentsOf: payload.diagnostics) }
        findings.merge(results.last!)
        return findings.finished()
    }

    /// Findings for payloads checked against no app (their own diagnostics, and what concerns
    /// their alert whatever the tables say).
    public func lint(payloads: [NotificationPayload]) -> [LocalizationDiagnostic] {
        let empty = LocalizationModel(AppLocalizations(localizations: []))
        var diagnostics: [LocalizationDiagnostic] = []
        for payload in payloads {
            diagnostics += payload.diagnostics
            if let issue = DeviceContext.issue(ofAlertIn: payload) { diagnostics.append(issue.diagnostic(model: empty)) }
        }
        return lint(files: diagnostics)
    }

    /// Findings for files read on their own (tables, dictionaries, catalogs outside an app).
    public func lint(files diagnostics: [LocalizationDiagnostic]) -> [LocalizationDiagnostic] {
        var findings = LintFindings(limit: maximumFindingsPerKind, ignoring: ignored, foldingAbove: LintFindings.keyFindingsListedPerFile)
        findings.append(contentsOf: diagnostics)
        return findings.finished()
    }

    /// Findings in the order every output uses: file, line, column, rule, message.
    public static func ordered(_ findings: [LocalizationDiagnostic]) -> [LocalizationDiagnostic] {
        findings.sorted { a, b in
            if a.location.file != b.location.file { return (a.location.file ?? "") < (b.location.file ?? "") }
            if a.location.line != b.location.line { return a.location.line < b.location.line }
            if a.location.column != b.location.column { return a.location.column < b.location.column }
            if a.id != b.id { return a.id < b.id }
            return a.message < b.message
        }
    }
}

/// Findings as the rules report them: ignored rules are dropped, and each rule lists at most
/// `limit` findings per file (a value of 100,000 `%d` is one finding's worth of news, not
/// 100,000); the rest are counted, and the last one listed says how many more there were.
/// Findings about one key each, past `foldingAbove` of a rule in a file, are one finding about
/// all their keys (findings about the key of the one before, inside one value, are not) (40 translations of 10,000 keys whose placeholders differ from the
/// reference's: 200 findings per file and one about the rest).
package struct LintFindings: Sendable {
    private var listed: [LocalizationDiagnostic] = []
    private var counts: [FileRule: Int] = [:]
    /// Keys listed in findings about many keys, per file and rule.
    private var listedKeys: [FileRule: Int] = [:]
    /// Findings about one key past `foldingAbove`, per file and rule.
    private var folded: [FileRule: Fold] = [:]
    /// The key of the last finding about one, per file and rule.
    private var lastKey: [FileRule: String] = [:]
    private let limit: Int
    private let foldingAbove: Int
    private let ignored: Set<DiagnosticID>

    private struct FileRule: Hashable {
        var file: String?
        var rule: DiagnosticID
    }

    /// Findings about one key each, folded into one: the first, and the keys of all.
    private struct Fold: Sendable {
        var first: LocalizationDiagnostic
        var keys: [String] = []
        var unlisted = 0
    }

    /// Findings about one key of a rule in a file listed one by one in a lint (what people read
    /// of a rule per file); more are one finding about their keys.
    package static let keyFindingsListedPerFile = 200

    init(limit: Int, ignoring ignored: Set<DiagnosticID>, foldingAbove: Int = .max) {
        self.limit = limit
        self.ignored = ignored
        self.foldingAbove = foldingAbove
    }

    /// Adds a finding, unless its rule is ignored or already listed `limit` findings for its file (it is then
    /// only counted); past `foldingAbove`, a finding about one key (and one localization) is
    /// folded into one about all such keys.
    package mutating func append(_ finding: LocalizationDiagnostic) {
        guard !ignored.contains(finding.id) else { return }
        let key = FileRule(file: finding.location.file, rule: finding.id)
        if let about = finding.key, finding.localizations.isEmpty, counts[key, default: 0] >= foldingAbove, lastKey[key] != about {
            if folded[key] == nil { folded[key] = Fold(first: finding) }
            return append(aboutKey: about, file: finding.location.file, rule: finding.id) { finding }
        }
        if let about = finding.key { lastKey[key] = about }
        let count = counts[key, default: 0] + 1
        counts[key] = count
        if count <= limit { listed.append(finding) }
    }

    /// How many more findings of `rule` in `file` would be listed; a rule that finds many may
    /// stop building them here and only ``countUnlisted(_:file:rule:)`` the rest.
    package func room(file: String?, rule: DiagnosticID) -> Int {
        guard !ignored.contains(rule) else { return 0 }
        return max(0, limit - counts[FileRule(file: file, rule: rule), default: 0])
    }

    /// Counts `count` findings of `rule` in `file` that are not listed, as if each had been
    /// appended past the limit.
    package mutating func countUnlisted(_ count: Int, file: String?, rule: DiagnosticID) {
        guard count > 0, !ignored.contains(rule) else { return }
        counts[FileRule(file: file, rule: rule), default: 0] += count
    }

    /// Adds the finding `make` builds about `key`, as ``append(_:)`` does; once such findings of
    /// `rule` in `file` are folded into one about their keys, only the key is added and the
    /// finding is never built (a rule that finds 400,000 builds 200 per file).
    package mutating func append(aboutKey key: String, file: String?, rule: DiagnosticID, _ make: () -> LocalizationDiagnostic) {
        let place = FileRule(file: file, rule: rule)
        guard !ignored.contains(rule) else { return }
        // Findings inside one value (20,000 stray `%` in it) are about one key: they are listed
        // and counted as before, never folded.
        guard folded[place] != nil, lastKey[place] != key else { return append(make()) }
        lastKey[place] = key
        if listedKeys[place, default: 0] < limit {
            folded[place]!.keys.append(key)
            listedKeys[place, default: 0] += 1
        } else {
            folded[place]!.unlisted += 1
        }
    }

    /// The one finding about the keys of folded findings: the first's, about them all.
    private static func finding(folding fold: Fold) -> LocalizationDiagnostic {
        var finding = fold.first
        finding.message =
            "\(LocalizationDiagnostic.keySubject(fold.keys, unlisted: fold.unlisted)) affected the same way (the first: \(fold.first.message))"
        finding.key = nil
        finding.keys = fold.keys
        finding.unlistedKeyCount = fold.unlisted
        return finding
    }

    /// How many keys of one table in one localization with the same problem are reported one
    /// finding each; more are one finding about them all.
    package static let keysReportedSeparately = 10

    /// Reports `count` keys of one table in one localization with the same problem: a finding
    /// each (made by `separately`) when they are few, else one finding (made by `together` from
    /// the subject its message begins with, ``LocalizationDiagnostic/keySubject(_:unlisted:)``)
    /// that lists keys while a file's findings of the rule list fewer than the cap on its
    /// findings (and always the few its message quotes), and counts the rest.
    /// So 40 localizations lacking 10,000 keys are 40 findings, not 400,000; `keys` is read only
    /// as far as needed.
    package mutating func append(
        aboutKeys count: Int, _ keys: some Sequence<String>, file: String?, rule: DiagnosticID,
        separately: (String) -> LocalizationDiagnostic, together: (_ subject: String) -> LocalizationDiagnostic
    ) {
        guard count > 0, !ignored.contains(rule) else { return }
        if count <= Self.keysReportedSeparately {
            let room = room(file: file, rule: rule)
            var listed = 0
            for key in keys.prefix(room) {
                listed += 1
                append(separately(key))
            }
            countUnlisted(count - listed, file: file, rule: rule)
            return
        }
        // The keys listed in a file's findings of a rule are capped as its findings are (a
        // catalog holds every localization), past a few quoted in each.
        let budget = max(0, limit - listedKeys[FileRule(file: file, rule: rule), default: 0])
        let listed = Array(keys.prefix(max(budget, LocalizationDiagnostic.keysQuoted)))
        listedKeys[FileRule(file: file, rule: rule), default: 0] += listed.count
        var finding = together(LocalizationDiagnostic.keySubject(listed, unlisted: count - listed.count))
        finding.keys = listed
        finding.unlistedKeyCount = count - listed.count
        append(finding)
    }

    /// Adds each finding in turn, as ``append(_:)`` does.
    package mutating func append(contentsOf findings: some Sequence<LocalizationDiagnostic>) {
        for finding in findings { append(finding) }
    }

    /// Adds what `other` listed and counted, as if its findings had been appended here.
    mutating func merge(_ other: LintFindings) {
        // Here at most `limit` are listed per file and rule: `other`'s fill what room is left.
        var room: [FileRule: Int] = [:]
        for key in other.counts.keys { room[key] = limit - min(counts[key, default: 0], limit) }
        for finding in other.listed {
            let key = FileRule(file: finding.location.file, rule: finding.id)
            guard let left = room[key], left > 0 else { continue }
            room[key] = left - 1
            listed.append(finding)
        }
        for (key, count) in other.counts { counts[key, default: 0] += count }
        for (key, count) in other.listedKeys { listedKeys[key, default: 0] += count }
        for (key, fold) in other.folded {
            guard var mine = folded[key] else {
                folded[key] = fold
                continue
            }
            mine.keys += fold.keys
            mine.unlisted += fold.unlisted
            folded[key] = mine
        }
    }

    /// The findings in the order every output uses, each capped rule noting what it left out.
    func finished() -> [LocalizationDiagnostic] {
        var result = Linter.ordered(listed + folded.values.map(Self.finding(folding:)))
        var lastIndex: [FileRule: Int] = [:]
        for (index, finding) in result.enumerated() { lastIndex[FileRule(file: finding.location.file, rule: finding.id)] = index }
        for (key, count) in counts where count > limit {
            if let index = lastIndex[key] { result[index].message += " (and \(count - limit) more like this in the file, not listed)" }
        }
        return result
    }
}
