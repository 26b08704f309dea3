/// Every kind of finding the toolkit reports, as declared where it is reported: what
/// `render-alert lint --list-rules` prints, docs/lint.md documents and SARIF describes.
///
/// The lists themselves are generated (`RuleRegistry.generated.swift`, by
/// `scripts/generate-rule-registry.py`) from the `DiagnosticID(…)` declarations and the
/// `LintRule` types in the sources; a test fails when they are out of date.
public enum RuleCatalog {
    /// Every declared kind, with its declaration.
    public static var all: [RuleDescriptor] { declaredIDs.compactMap(\.rule) }

    /// Everything declared about `id`; nil for a name nothing declares.
    public static func descriptor(for id: DiagnosticID) -> RuleDescriptor? { id.rule }

    /// The declaration of the rule a user names (an old name means its current ID).
    public static func descriptor(named name: String) -> RuleDescriptor? { declaredID(named: DiagnosticID(name).current.rawValue)?.rule }

    /// The declared ID of this name (which carries its declaration).
    static func declaredID(named name: String) -> DiagnosticID? { byName[name] }

    private static let byName: [String: DiagnosticID] = Dictionary(declaredIDs.map { ($0.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
}
