/// One localization's `Localizable` table as a device uses it for notifications: the effective
/// values, each with its format compiled for the device formatter. Immutable and shared.
public final class DeviceTable: Sendable {
    /// A class so that looking one up costs a single retain on the hot path.
    final class Entry: Sendable {
        let value: String
        let format: DeviceFormat
        let location: SourceLocation
        /// A plural entry: the device shows its format key, never a plural form.
        let isPlural: Bool

        init(value: String, format: DeviceFormat, location: SourceLocation, isPlural: Bool) {
            self.value = value
            self.format = format
            self.location = location
            self.isPlural = isPlural
        }
    }

    /// The localization name (`fr`, `zh-Hant`).
    public let localization: String
    /// The table file (for messages).
    public let file: String?
    /// False when the file does not parse: on a device every key then falls back.
    public let isReadable: Bool
    private let index: StringIndex
    private let keyList: [String]
    let entries: [Entry]

    init(localization: String, file: String?, isReadable: Bool, values: [(key: String, value: String, location: SourceLocation, isPlural: Bool)]) {
        self.localization = localization
        self.file = file
        self.isReadable = isReadable
        var positions: [String: Int] = [:]
        var keys: [String] = []
        var entries: [Entry] = []
        entries.reserveCapacity(values.count)
        if isReadable {
            for item in values {
                let entry = Entry(value: item.value, format: DeviceFormat(item.value), location: item.location, isPlural: item.isPlural)
                // Later entries win, as on a device.
                if let existing = positions[item.key] {
                    entries[existing] = entry
                } else {
                    positions[item.key] = entries.count
                    keys.append(item.key)
                    entries.append(entry)
                }
            }
        }
        self.index = StringIndex(keys)
        self.keyList = keys
        self.entries = entries
    }

    /// Builds the device view of a `.strings` table.
    public convenience init(localization: String, strings table: LocalizationTable) {
        var values: [(key: String, value: String, location: SourceLocation, isPlural: Bool)] = []
        if table.isReadableOnDevice {
            for entry in table.entries where entry.isReadByDevice && entry.valueKind == .string {
                values.append((entry.key, entry.value, entry.valueLocation, false))
            }
        }
        self.init(localization: localization, file: table.file, isReadable: table.isReadableOnDevice, values: values)
    }

    @inline(__always)
    func entryIndex(_ key: String) -> Int? { index.position(of: key) }

    func entry(_ key: String) -> Entry? {
        guard let position = index.position(of: key) else { return nil }
        return entries[position]
    }

    /// The value a device finds for `key`, or nil.
    public subscript(key: String) -> String? { entry(key)?.value }

    public var count: Int { entries.count }
    /// Keys in table order.
    public var keys: [String] { keyList }
}
