/// A plural form for a category the language never selects.
struct PluralUnusedCategoryRule: LintRule {
    /// `plural.unused-category` (note). A form for a category the language does not use is never shown
    /// (Apple's zero form, used for 0, excepted).
    static let id = DiagnosticID(
        "plural.unused-category", .note, .plurals,
        rationale: "A form for a category the language does not use is never shown (Apple's zero form, used for 0, excepted).",
        example: "ja plural with a one form (Japanese has only other)")

    func check(_ context: LintContext, into findings: inout LintFindings) {
        context.forEachPluralVariable { value, variable, used in
            for form in variable.cases {
                guard let category = PluralCategory(rawValue: form.name), category != .zero, !used.contains(category) else { continue }
                findings.append(
                    finding(
                        form.location ?? value.location,
                        "the \(form.name) form of \"\(variable.name)\" (\"\(value.key)\") is never used in \(value.localization)", key: value.key))
            }
        }
    }
}
