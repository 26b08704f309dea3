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
        // The stale values of one table of one localization, by file (a .strings and a
        // .stringsdict), each file's reported together; values come grouped by table and
        // localization.
        var stale: [String?: [LocalizationModel.Entry]] = [:]
        func report() {
            for (file, values) in stale.sorted(by: { ($0.key ?? "") < ($1.key ?? "") }) {
                let first = values[0]
                let place = "\(first.localization)'s \(first.table) table but not in \(reference)'s"
                findings.append(
                    aboutKeys: values.count, values.lazy.map(\.key), file: file, rule: Self.id,
                    separately: { key in
                        // Called for a few keys only: a search is enough.
                        let value = values.first { $0.key == key }!
                        return finding(value.location, "\"\(key)\" is in \(place)", hint: "remove it, or add it to \(reference)", key: key)
                    },
                    together: { subject in finding(first.location, "\(subject) in \(place)", hint: "remove them, or add them to \(reference)") })
            }
            stale.removeAll()
        }
        var last: (table: String, localization: String)?
        let values = context.values
        for (index, fact) in context.valueFacts.enumerated() where fact.inReference == .missing && !fact.isBase {
            let value = values[index]
            if let last, last.table != value.table || last.localization != value.localization { report() }
            last = (value.table, value.localization)
            stale[value.location.file, default: []].append(value)
        }
        report()
    }
}
