/// A key whose value is empty.
struct EmptyValueRule: LintRule {
    /// `table.empty-value` (warning). An empty value shows nothing in the app, and in a notification the
    /// device shows the key instead.
    static let id = DiagnosticID(
        "table.empty-value", .warning, .values,
        rationale: "An empty value shows nothing in the app, and in a notification the device shows the key instead.",
        example: "\"call.missed.title\" = \"\";")

    func check(_ context: LintContext, into findings: inout LintFindings) {
        for value in context.values where value.text.isEmpty {
            findings.append(finding(value.location, "\"\(value.key)\" has an empty value", hint: "translate it, or remove the entry", key: value.key))
        }
    }
}
