/// A translation whose format arguments differ from the reference's: count, positions or types.
public struct IncompatibleSpecifiersRule: LintRule {
    public static let id = DiagnosticID(
        "format.incompatible", .error, .formats,
        rationale: "The same arguments are passed to every language: a translation that expects other positions or types shows the wrong value, <null>, or crashes String(format:).",
        example: "en \"%d new in %@\", ja \"%@ に %d 件\": the name lands where the number should.")

    public init() {}

    /// Argument position → type, as a format reads them; `50% off`-style accidents are
    /// format.percent-accident's and left out.
    static func signature(_ format: FormatString) -> [Int: ArgumentType] {
        var result: [Int: ArgumentType] = [:]
        for use in format.argumentUses where result[use.position] == nil && !PercentAccidentRule.isAccident(use.specifier) {
            result[use.position] = use.type
        }
        return result
    }

    public func check(_ context: LintContext, into findings: inout LintFindings) {
        guard let reference = context.reference else { return }
        // The reference's signatures, computed once however many localizations compare with them.
        var expectedSignatures: [ObjectIdentifier: [Int: ArgumentType]] = [:]
        for value in context.values where value.localization != reference && value.localized == nil {
            let localization = value.localization
            guard let original = context.value(value.key, table: value.table, localization: reference), original.localized == nil else { continue }
            if !value.format.hasSpecifiers && !original.format.hasSpecifiers { continue }
            let expected = expectedSignatures[ObjectIdentifier(original)] ?? Self.signature(original.format)
            expectedSignatures[ObjectIdentifier(original)] = expected
            let actual = Self.signature(value.format)
            guard expected != actual else { continue }
            var differences: [String] = []
            for position in Set(expected.keys).union(actual.keys).sorted() {
                switch (expected[position], actual[position]) {
                case (let e?, nil): differences.append("argument \(position) (\(e.rawValue)) is not used")
                case (nil, let a?): differences.append("argument \(position) (\(a.rawValue)) is not in \(reference)")
                case (let e?, let a?) where e != a: differences.append("argument \(position) is \(a.rawValue) here but \(e.rawValue) in \(reference)")
                default: break
                }
            }
            guard !differences.isEmpty else { continue }
            findings.append(
                finding(
                    value.location, "\"\(value.key)\" in \(localization) does not take the arguments \(reference) does: \(differences.joined(separator: "; "))",
                    hint: "use the same specifiers; reorder with positions (%1$@, %2$d) instead of changing them",
                    notes: [Diagnostic.Note(location: original.location, message: "\(reference): \"\(original.text)\"")]))
        }
    }
}
