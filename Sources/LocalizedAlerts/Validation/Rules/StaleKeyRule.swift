/// A key only some localization has: left over after the source removed or renamed it.
struct StaleKeyRule: LintRule {
    /// `table.stale-key` (warning). A key the reference localization no longer has is usually left over from
    /// a rename: payloads using the new key find nothing.
    static let id = DiagnosticID(
        "table.stale-key", .warning, .consistency,
        rationale: "A key the reference localization no longer has is usually left over from a rename: payloads using the new key find nothing.",
        example: "fr.lproj still has \"message.new\" after en.lproj renamed it \"message.direct.title\".")

    func check(_ context: LintContext, into findings: inout LintFindings) {
        guard let reference = context.reference else { return }
        var references = LintContext.ReferenceTables(context)
        for value in context.values where value.localization != reference && value.localization != "Base" {
            guard let base = references.table(of: value), !base.entries.isEmpty, base.entry(value.key) == nil else { continue }
            findings.append(
                finding(
                    value.location, "\"\(value.key)\" is in \(value.localization)'s \(value.table) table but not in \(reference)'s",
                    hint: "remove it, or add it to \(reference)", key: value.key))
        }
    }
}
