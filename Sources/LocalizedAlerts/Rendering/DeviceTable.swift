/// A localization's `Localizable` table as a device uses it for notifications: the effective
/// values, each with its format compiled for the device formatter. Immutable and shared.
public final class DeviceTable: Sendable {
    /// A class so that looking one up costs a single retain on the hot path.
    final class Entry: Sendable {
        /// What the device finds: the text, or a plural entry's format key.
        let value: String
        let format: DeviceFormat
        let location: SourceLocation
        /// A plural entry: the device shows its format key, never a plural form.
        let isPlural: Bool
        /// The stringsdict or catalog value behind `value`, for server-side localization.
        let localized: LocalizedValue?

        init(value: String, format: DeviceFormat, location: SourceLocation, isPlural: Bool, localized: LocalizedValue?) {
            self.value = value
            self.format = format
            self.location = location
            self.isPlural = isPlural
            self.localized = localized
        }
    }

    /// The localization whose `Localizable` text is used (`fr`, `zh-Hant`).
    public let localization: String
    /// The localization whose stringsdict (or catalog variations) is used, when there is one.
    public let dictionaryLocalization: String?
    /// The table file (for messages).
    public let file: String?
    /// False when the strings file does not parse: on a device every key then falls back.
    public let isReadable: Bool
    private let index: StringIndex
    private let keyList: [String]
    let entries: [Entry]

    init(strings: LocalizableSources.Strings?, dictionary: LocalizableSources.Dictionary?) {
        self.localization = strings?.localization ?? dictionary?.localization ?? ""
        self.dictionaryLocalization = dictionary?.localization
        self.file = strings?.file ?? dictionary?.file
        self.isReadable = strings?.isReadable ?? true
        var positions: [String: Int] = [:]
        var keys: [String] = []
        var entries: [Entry] = []
        func add(_ key: String, _ entry: Entry) {
            // Later entries win, as on a device; stringsdict entries come last.
            if let existing = positions[key] {
                entries[existing] = entry
            } else {
                positions[key] = entries.count
                keys.append(key)
                entries.append(entry)
            }
        }
        if let strings, strings.isReadable {
            for item in strings.entries {
                add(item.key, Entry(value: item.value, format: DeviceFormat(item.value), location: item.location, isPlural: false, localized: nil))
            }
        }
        // A .strings file that does not parse leaves the .stringsdict in use: CFBundle starts
        // from the stringsdict's table (spec §3).
        if let dictionary, dictionary.isReadable {
            for item in dictionary.entries {
                let device = item.value.deviceText()
                add(
                    item.key,
                    Entry(value: device.text, format: DeviceFormat(device.text), location: item.location, isPlural: device.isPlural, localized: item.value))
            }
        }
        self.index = StringIndex(keys)
        self.keyList = keys
        self.entries = entries
    }

    /// Builds the device view of one `.strings` table.
    public convenience init(localization: String, strings table: LocalizationTable) {
        self.init(strings: LocalizableSources.Strings(localization: localization, table: table), dictionary: nil)
    }

    @inline(__always)
    func entryIndex(_ key: String) -> Int? { index.position(of: key) }

    func entry(_ key: String) -> Entry? {
        guard let position = index.position(of: key) else { return nil }
        return entries[position]
    }

    /// The value a device finds for `key`, or nil.
    public subscript(key: String) -> String? { entry(key)?.value }

    /// The stringsdict or catalog value for `key` (plurals, variants), when it has one.
    public func localizedValue(forKey key: String) -> LocalizedValue? { entry(key)?.localized }

    public var count: Int { entries.count }
    /// Keys in table order.
    public var keys: [String] { keyList }
}

/// Where each localization's `Localizable` text comes from: `.strings` files, `.stringsdict`
/// files, and what String Catalogs compile to for each language.
struct LocalizableSources: Sendable {
    struct Strings: Sendable {
        var localization: String
        var file: String?
        var isReadable: Bool
        var entries: [(key: String, value: String, location: SourceLocation)]

        init(localization: String, file: String?, isReadable: Bool, entries: [(key: String, value: String, location: SourceLocation)]) {
            self.localization = localization
            self.file = file
            self.isReadable = isReadable
            self.entries = entries
        }

        init(localization: String, table: LocalizationTable) {
            var entries: [(key: String, value: String, location: SourceLocation)] = []
            if table.isReadableOnDevice {
                table.forEachDeviceValue { key, value, location in entries.append((key, value, location)) }
            }
            self.init(localization: localization, file: table.file, isReadable: table.isReadableOnDevice, entries: entries)
        }
    }

    struct Dictionary: Sendable {
        var localization: String
        var file: String?
        var isReadable: Bool
        var entries: [(key: String, value: LocalizedValue, location: SourceLocation)]
    }

    var strings: [String: Strings] = [:]
    var dictionaries: [String: Dictionary] = [:]

    init(app: AppLocalizations, table name: String = "Localizable") {
        for localization in app.localizations {
            if let table = localization.tables[name] {
                strings[localization.name] = Strings(localization: localization.name, table: table)
            }
            if let dictionary = localization.stringsDictionaries[name] {
                dictionaries[localization.name] = Dictionary(
                    localization: localization.name, file: dictionary.file, isReadable: dictionary.isReadableOnDevice,
                    entries: dictionary.entries.map { ($0.key, $0.value, $0.location) })
            }
        }
        if let catalog = app.catalogs[name], catalog.isReadable {
            for language in catalog.languages {
                let fallback = SourceLocation(file: catalog.file, line: 1, column: 1)
                for item in catalog.compiled(for: language) {
                    let location = item.location ?? fallback
                    if case .text(let text) = item.value {
                        strings[language, default: Strings(localization: language, file: catalog.file, isReadable: true, entries: [])]
                            .entries.append((item.key, text, location))
                    } else {
                        dictionaries[language, default: Dictionary(localization: language, file: catalog.file, isReadable: true, entries: [])]
                            .entries.append((item.key, item.value, location))
                    }
                }
            }
        }
    }
}
