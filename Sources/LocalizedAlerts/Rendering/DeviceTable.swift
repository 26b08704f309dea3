/// A localization's `Localizable` table as a device uses it for notifications: a view of the
/// ``LocalizationModel`` combining the `.strings` of one localization with the `.stringsdict`
/// of the same or another (each is found on its own along the search order), the
/// stringsdict's entries winning. Immutable and shared.
package final class DeviceTable: Sendable {
    /// The localization whose `Localizable` text is used (`fr`, `zh-Hant`).
    package let localization: String
    /// The localization whose stringsdict (or catalog variations) is used, when there is one.
    package let dictionaryLocalization: String?
    /// The table file (for messages).
    package let file: String?
    /// False when the strings file does not parse: on a device every key not in its
    /// `.stringsdict` then falls back.
    package let isReadable: Bool
    /// What a device finds, by key: the readable `.strings` entries, then the readable
    /// stringsdict's, which win for a key in both. One index rather than a lookup in each part:
    /// every field of every rendering looks a key up, and most keys are not in the stringsdict.
    private let found: [LocalizationModel.Entry]
    private let index: StringIndex
    /// The localization's other tables, where a key missing here may be defined.
    private let otherTables: [LocalizationModel.Table]

    init(strings: LocalizationModel.Table?, dictionary: LocalizationModel.Table?, model: LocalizationModel) {
        self.localization = strings?.localization ?? dictionary?.localization ?? ""
        self.dictionaryLocalization = dictionary?.localization
        self.file = strings?.strings?.file ?? dictionary?.dictionary?.file
        self.isReadable = strings?.strings?.isReadable ?? true
        self.otherTables = model.tables(of: localization, except: strings?.name ?? dictionary?.name ?? "Localizable")
        // The index keeps the last position of a repeated key: the stringsdict's entry.
        found = [strings?.strings, dictionary?.dictionary].flatMap { part in part.map { $0.isReadable ? $0.entries : [] } ?? [] }
        index = StringIndex(found.map(\.key))
    }

    /// The entry a device finds for `key`: the stringsdict's, else the `.strings` one.
    @inline(__always)
    package func entry(_ key: String) -> LocalizationModel.Entry? {
        index.position(of: key).map { found[$0] }
    }

    /// Where `key`, not found here, is defined in another table of this localization.
    package func definitionElsewhere(of key: String) -> LocalizationModel.Entry? {
        for table in otherTables {
            if let entry = table.entry(key) { return entry }
        }
        return nil
    }

    /// The value a device finds for `key`, or nil.
    package subscript(key: String) -> String? { entry(key)?.text }

    /// The stringsdict or catalog value for `key` (plurals, variants), when it has one.
    package func localizedValue(forKey key: String) -> LocalizedValue? { entry(key)?.localized }

    /// Keys a device finds: the `.strings` ones in file order, then the stringsdict's others.
    package var keys: [String] {
        // `found` lists them in that order; a key in both parts is kept where it first appears.
        var seen = Set<String>()
        return found.map(\.key).filter { seen.insert($0).inserted }
    }

    /// Number of keys a device finds (``keys``).
    package var count: Int { keys.count }
}
