/// A payload's `*-loc-key` missing from a localization a device could select.
public struct PayloadKeyMissingRule: LintRule {
    public static let id = DiagnosticID(
        "payload.key-missing", .error, .payloads,
        rationale: "For a device in that language the key is not found: it shows the payload's raw text or the key itself.",
        example: "payload title-loc-key \"call.missed.title\"; pt-PT.lproj/Localizable.strings lacks it")

    public init() {}

    public func check(_ context: LintContext, into findings: inout LintFindings) {
        var byKey: [String: (use: PushKeyUse, localizations: [String])] = [:]
        var order: [String] = []
        for use in PushKeyUse.all(context) where use.entry == nil && PushWrongTableRule.otherTables(context, key: use.key, localization: use.localization).isEmpty {
            let id = "\(use.key)|\(use.payloadLocation)"
            if byKey[id] == nil {
                order.append(id)
                byKey[id] = (use, [])
            }
            byKey[id]!.localizations.append(use.localization)
        }
        for id in order {
            let (use, localizations) = byKey[id]!
            let shows = use.payload.aps.alert.flatMap { alert in alert.fields.first { $0.0 == use.field }?.1.text } != nil ? "the payload's raw text" : "the key itself"
            findings.append(
                finding(
                    use.payloadLocation,
                    "\(use.field.keys.locKey) \"\(use.key)\" is missing for \(localizations.joined(separator: ", ")): a device in \(localizations.count == 1 ? "that language" : "those languages") shows \(shows)",
                    hint: "add the key to those localizations' Localizable tables"))
        }
    }
}
