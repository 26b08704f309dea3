/// Every kind of finding the toolkit reports, as declared where it is reported: what
/// `render-alert lint --list-rules` prints, the README documents and SARIF describes.
///
/// The lists themselves are generated (`RuleRegistry.generated.swift`, by
/// `scripts/generate-rule-registry.py`) from the `DiagnosticID(…)` declarations and the
/// `LintRule` types in the sources; a test fails when they are out of date.
public enum RuleCatalog {
    /// Every declared kind, with its declaration.
    public static var all: [RuleDescriptor] { declaredIDs.compactMap(\.rule) }

    /// Everything declared about `id`; nil for a name nothing declares.
    public static func descriptor(for id: DiagnosticID) -> RuleDescriptor? { id.rule }

    /// The declared ID of this name (which carries its declaration).
    static func declaredID(named name: String) -> DiagnosticID? { byName[name] }

    private static let byName: [String: DiagnosticID] = Dictionary(declaredIDs.map { ($0.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
}

/// Which findings a user wants: what `--ignore` leaves out (and, later, what a configuration
/// file re-levels or scopes). Every command applies the same filter the same way, so that an
/// ID ignored in lint is ignored in preview, localize and dump too.
public struct DiagnosticFilter: Sendable, Hashable {
    /// IDs left out, by their current names.
    public var ignored: Set<DiagnosticID>

    /// A filter leaving out these IDs (old names are taken as their current ones).
    public init(ignoring ignored: Set<DiagnosticID> = []) {
        self.ignored = Set(ignored.map(\.current))
    }

    /// Reads rule names as a user writes them; an old name means its current ID.
    public init(ignoring names: [String]) throws(UnknownRuleError) {
        var ids: Set<DiagnosticID> = []
        for name in names {
            let id = DiagnosticID(name).current
            guard RuleCatalog.declaredID(named: id.rawValue) != nil else { throw UnknownRuleError(name: name) }
            ids.insert(id)
        }
        self.ignored = ids
    }

    /// Whether the filter keeps `diagnostic`.
    public func keeps(_ diagnostic: LocalizationDiagnostic) -> Bool { !ignored.contains(diagnostic.id) }

    /// The diagnostics the filter keeps, in order.
    public func apply(_ diagnostics: [LocalizationDiagnostic]) -> [LocalizationDiagnostic] {
        ignored.isEmpty ? diagnostics : diagnostics.filter(keeps)
    }

    /// A rule name that no declaration has.
    public struct UnknownRuleError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The name as the user wrote it.
        public var name: String
        /// `unknown rule "name"`.
        public var description: String { "unknown rule \"\(name)\"" }
    }
}
