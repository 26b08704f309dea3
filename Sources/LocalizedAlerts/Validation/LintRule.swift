/// Everything declared about one kind of finding: its stable ID, default severity, why it
/// matters and an example. Made from the ID's declaration (``DiagnosticID/rule``).
public struct RuleDescriptor: Hashable, Sendable {
    /// The stable ID.
    public var id: DiagnosticID
    /// The default severity.
    public var severity: DiagnosticSeverity
    /// One line: why this matters.
    public var rationale: String
    /// A documented example of input that triggers it.
    public var example: String
    /// The group it is listed in.
    public var category: Category
    /// Whether its findings are about a whole file (a missing key, an empty file): their
    /// location is the file's start and no line of it is worth quoting.
    public var isAboutWholeFile: Bool

    /// Groups of findings, as `--list-rules` and docs/lint.md list them: files, syntax, values, consistency
    /// between localizations, formats, plurals, what a push shows, and payloads.
    public enum Category: String, Hashable, Sendable, CaseIterable {
        case files, syntax, values, consistency, formats, plurals, push, payloads
    }

    /// A descriptor; ``DiagnosticID/rule`` makes one from an ID's declaration.
    /// - Parameters:
    ///   - id: The ID.
    ///   - severity: The default severity.
    ///   - category: The group it is listed in.
    ///   - rationale: Why it matters, in one line.
    ///   - example: Input that triggers it.
    ///   - isAboutWholeFile: Whether its findings are about a whole file.
    public init(
        _ id: DiagnosticID, _ severity: DiagnosticSeverity, _ category: Category, rationale: String, example: String, isAboutWholeFile: Bool = false
    ) {
        self.id = id
        self.isAboutWholeFile = isAboutWholeFile
        self.severity = severity
        self.category = category
        self.rationale = rationale
        self.example = example
    }
}

/// A check over an app's tables (and payloads), in its own file under `Rules/`.
package protocol LintRule: Sendable {
    /// The rule's ID, declared in the rule's file with its severity, rationale and example.
    static var id: DiagnosticID { get }
    func check(_ context: LintContext, into findings: inout LintFindings)
}

extension LintRule {
    /// A finding of this rule.
    func finding(_ location: SourceLocation, _ message: String, hint: String? = nil, notes: [LocalizationDiagnostic.Note] = [], key: String? = nil)
        -> LocalizationDiagnostic
    {
        var finding = LocalizationDiagnostic(Self.id, at: location, message, hint: hint, notes: notes)
        finding.key = key
        return finding
    }
}
