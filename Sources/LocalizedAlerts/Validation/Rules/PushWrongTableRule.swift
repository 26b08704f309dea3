/// A key that payloads use, defined only in a table other than `Localizable`.
public struct PushWrongTableRule: LintRule {
    public static let id = DiagnosticID(
        "push.wrong-table", .error, .push,
        rationale: "Notifications read only the Localizable table of the main app; a key in Notifications.strings or InfoPlist.strings is never found.",
        example: "loc-key \"call.video.missed.body\" defined in en.lproj/Notifications.strings")

    public init() {}

    /// Tables other than Localizable that define `key` in `localization`.
    static func otherTables(_ context: LintContext, key: String, localization: String) -> [(table: String, location: SourceLocation)] {
        context.tables.filter { $0.key != "Localizable" }.sorted { $0.key < $1.key }.compactMap { name, localizations in
            localizations[localization]?[key].map { (name, $0.location) }
        }
    }

    public func check(_ context: LintContext, into findings: inout LintFindings) {
        var seen: Set<String> = []
        for use in PushKeyUse.all(context) where use.entry == nil {
            for other in Self.otherTables(context, key: use.key, localization: use.localization) where seen.insert("\(use.key)|\(other.location)").inserted {
                findings.append(
                    finding(
                        other.location, "\"\(use.key)\" is sent in pushes but defined in \(other.table), not Localizable: the device never finds it",
                        hint: "move it to \(use.localization)'s Localizable table",
                        notes: [Diagnostic.Note(location: use.payloadLocation, message: "used by this payload's \(use.field.keys.locKey)")]))
            }
        }
    }
}
