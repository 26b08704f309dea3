/// A plural (stringsdict or String Catalog) without the categories its language uses.
struct PluralCoverageRule: LintRule {
    /// `plural.missing-category` (warning). A category the language needs but the forms lack falls back to
    /// "other": Russian 3 reads "3 файлов" instead of "3 файла".
    static let id = DiagnosticID(
        "plural.missing-category", .warning, .plurals,
        rationale: "A category the language needs but the forms lack falls back to \"other\": Russian 3 reads \"3 файлов\" instead of \"3 файла\".",
        example: "ru plural with one and other only (Russian also uses few and many)")

    func check(_ context: LintContext, into findings: inout LintFindings) {
        context.forEachPluralVariable { value, variable, needed in
            let present = Set(variable.cases.compactMap { PluralCategory(rawValue: $0.name) })
            let missing = needed.filter { !present.contains($0) && $0 != .other }
            guard !missing.isEmpty else { return }
            findings.append(
                finding(
                    variable.location ?? value.location,
                    "the \(value.localization) plural \"\(variable.name)\" of \"\(value.key)\" lacks \(missing.map(\.rawValue).joined(separator: ", ")), which \(value.localization) uses (\(needed.map(\.rawValue).joined(separator: ", ")))",
                    hint: "add the missing forms; until then they show the \"other\" form", key: value.key))
        }
    }
}
