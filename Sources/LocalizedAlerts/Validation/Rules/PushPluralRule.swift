/// A key that payloads use, holding a plural (stringsdict, catalog variation or `%#@var@`).
public struct PushPluralRule: LintRule {
    public static let id = DiagnosticID(
        "push.plural-variable", .error, .push,
        rationale: "Plurals never resolve in a notification: the device shows the format key's variable, such as @count@.",
        example: "loc-key \"inbox.unread.summary\" whose stringsdict format is %#@messages@")

    public init() {}

    public func check(_ context: LintContext, into findings: inout LintFindings) {
        for use in PushKeyUse.distinctValues(PushKeyUse.all(context)) {
            guard let entry = use.entry else { continue }
            let variables = FormatString(entry.value).specifiers.filter(\.isVariable)
            guard entry.isPlural || !variables.isEmpty else { continue }
            let shown = entry.format.apply(use.arguments?.map(\.text) ?? ["1"]) ?? ""
            findings.append(
                finding(
                    entry.location, "\"\(use.key)\" (\(use.localization)) is a plural; in a push the device shows \"\(shown)\"",
                    hint: "send finished text from the server (render-alert localize --mode server), or use a key without plural forms",
                    notes: [Diagnostic.Note(location: use.payloadLocation, message: "used by this payload's \(use.field.keys.locKey)")]))
        }
    }
}
