/// A payload sends fewer `*-loc-args` than a localization's value has placeholders.
public struct PayloadArgumentCountRule: LintRule {
    public static let id = DiagnosticID(
        "payload.too-few-arguments", .error, .payloads,
        rationale: "A placeholder without an argument shows <null> on the device.",
        example: "\"%1$@ in %2$@\" with loc-args [\"Ana\"]")

    public init() {}

    public func check(_ context: LintContext, into findings: inout LintFindings) {
        var seen: Set<String> = []
        for use in PushKeyUse.all(context) {
            guard let entry = use.entry, !entry.isPlural else { continue }
            let count = use.arguments?.count ?? 0
            let needed = entry.format.argumentsNeeded
            guard needed > count, seen.insert("\(use.payloadLocation)|\(entry.location)").inserted else { continue }
            findings.append(
                finding(
                    use.payloadLocation,
                    "\(use.field.keys.locArgs) has \(count) \(count == 1 ? "value" : "values") but \"\(use.key)\" in \(use.localization) needs \(needed): the device shows <null>",
                    hint: "send \(needed) values",
                    notes: [Diagnostic.Note(location: entry.location, message: "\(use.localization): \"\(entry.value)\"")]))
        }
    }
}
