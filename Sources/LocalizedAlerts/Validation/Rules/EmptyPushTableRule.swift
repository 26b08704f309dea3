/// A localization whose Localizable table (the only one notifications read) exists but holds
/// nothing a push could use: empty, only comments, or none of the reference localization's
/// keys. A device that picks that localization finds no push key and shows every one raw,
/// whatever the payloads send, so this needs no payload to be an error.
struct EmptyPushTableRule: LintRule {
    /// `push.empty-table` (error).
    static let id = DiagnosticID(
        "push.empty-table", .error, .push,
        rationale:
            "A device that picks this localization looks push keys up only in its Localizable table: with none of the keys there, every notification shows raw keys to those users.",
        example: "da.lproj/Localizable.strings holds only a newline, en.lproj's holds 120 keys", isAboutWholeFile: true)

    func check(_ context: LintContext, into findings: inout LintFindings) {
        let name = "Localizable"
        guard let reference = context.reference, let base = context.model.table(name, localization: reference), !base.entries.isEmpty else { return }
        for localization in context.model.localizations(of: name) where localization != reference && localization != "Base" {
            // An unreadable .strings is already an error of its own, located where it breaks.
            guard let table = context.model.table(name, localization: localization), !table.hasUnreadableStrings else { continue }
            let file = table.files.filter { $0.hasSuffix(".strings") }.min() ?? table.files.min()
            let place = SourceLocation(file: file, line: 1, column: 1)
            if table.entries.isEmpty {
                findings.append(
                    finding(
                        place,
                        "\(localization)'s Localizable table is empty: a device that picks \(localization) shows every push key raw (\(reference) has \(base.entries.count) \(base.entries.count == 1 ? "key" : "keys"))",
                        hint: "translate the table, or remove \(localization).lproj so that those devices fall back to another language"))
            } else if !table.entries.contains(where: { base.entry($0.key) != nil }) {
                // Asked from the localization's own keys: linear in its size, however many
                // keys the reference has.
                findings.append(
                    finding(
                        place,
                        "\(localization)'s Localizable table has none of \(reference)'s \(base.entries.count) \(base.entries.count == 1 ? "key" : "keys"): a device that picks \(localization) shows every push key raw",
                        hint: "check that the file is the translation of \(reference)'s Localizable table (same keys)"))
            }
        }
    }
}
