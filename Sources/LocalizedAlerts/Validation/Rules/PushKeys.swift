/// The keys payloads use, each with the value a device would find for it in every
/// localization it could select. Shared by the push and payload rules.
struct PushKeyUse {
    var key: String
    var field: AlertFieldName
    var arguments: [LocArgument]?
    var payloadLocation: SourceLocation
    var payload: NotificationPayload
    var localization: String
    /// The table the device uses for that localization (nil: none has a Localizable table).
    var table: DeviceTable?
    var entry: DeviceTable.Entry?

    static func all(_ context: LintContext) -> [PushKeyUse] { context.pushKeyUses }

    static func compute(_ context: LintContext) -> [PushKeyUse] {
        var uses: [PushKeyUse] = []
        for use in context.payloadKeys {
            for localization in context.selectableLocalizations {
                let device = context.renderer.context(preferredLanguages: [localization])
                let table = device.table
                uses.append(
                    PushKeyUse(
                        key: use.key, field: use.field, arguments: use.arguments, payloadLocation: use.location, payload: use.payload,
                        localization: localization, table: table, entry: table?.entry(use.key)))
            }
        }
        return uses
    }

    /// Each (key, value location) once: a key used by several payloads or reached from
    /// several localizations is reported once per table value.
    static func distinctValues(_ uses: [PushKeyUse]) -> [PushKeyUse] {
        var seen: Set<String> = []
        return uses.filter { use in
            guard let entry = use.entry else { return false }
            return seen.insert("\(use.key)|\(entry.location)").inserted
        }
    }
}
