import Synchronization

/// Everything the rules look at, computed once per app: each table's values per
/// localization, the reference localization, the payloads and the keys they use.
public final class LintContext: Sendable {
    /// One value of one key in one localization's table. A class: rules walk many thousands
    /// of them, and sharing one instance is cheaper than copying its fields at every step.
    public final class Value: Sendable {
        public let table: String
        public let localization: String
        public let key: String
        /// The text, or for plurals and variants the format key.
        public let text: String
        public let localized: LocalizedValue?
        public let location: SourceLocation
        public let format: FormatString

        init(table: String, localization: String, key: String, text: String, localized: LocalizedValue?, location: SourceLocation) {
            self.table = table
            self.localization = localization
            self.key = key
            self.text = text
            self.localized = localized
            self.location = location
            self.format = FormatString(text)
        }
    }

    public let app: AppLocalizations
    /// Table name → localization → key → value.
    public let tables: [String: [String: [String: Value]]]
    /// Every value, ordered by table, localization and key: what most rules walk.
    public let values: [Value]
    /// The localization others are compared with: the development region as present in the app
    /// (in any form), else `en`, else `Base`.
    public let reference: String?
    public let payloads: [NotificationPayload]
    public let renderer: AlertRenderer
    public let plurals = PluralRulesCache()
    /// Each file's lines, read when a finding first needs a position inside a value.
    private let sourceLines = Mutex<[String: [Substring]?]>([:])
    /// The values most recently mapped for locating: every rule that reports several offsets of
    /// one value (twenty thousand stray `%`) walks its literal once. Bounded: rules walk values
    /// in order, so a few hundred recent ones are all that is ever asked for again soon.
    private let literalMaps = BoundedCache<SourceLocation, LiteralMap>(limit: 256)
    /// The payloads' keys in every selectable localization, computed when a rule first asks.
    private let pushKeyUseCache = Mutex<[PushKeyUse]?>(nil)

    /// Every payload key in every localization a device could select (shared by six rules).
    var pushKeyUses: [PushKeyUse] {
        if let cached = pushKeyUseCache.withLock({ $0 }) { return cached }
        let uses = PushKeyUse.compute(self)
        pushKeyUseCache.withLock { $0 = uses }
        return uses
    }

    public init(app: AppLocalizations, payloads: [NotificationPayload] = []) {
        self.app = app
        self.payloads = payloads
        self.renderer = AlertRenderer(app: app)
        var tables: [String: [String: [String: Value]]] = [:]
        func add(_ table: String, _ localization: String, _ key: String, _ text: String, _ localized: LocalizedValue?, _ location: SourceLocation) {
            tables[table, default: [:]][localization, default: [:]][key] = Value(
                table: table, localization: localization, key: key, text: text, localized: localized, location: location)
        }
        for localization in app.localizations {
            for (name, table) in localization.tables where table.isReadableOnDevice {
                table.forEachDeviceValue { key, value, location in add(name, localization.name, key, value, nil, location) }
            }
            for (name, dictionary) in localization.stringsDictionaries where dictionary.isReadableOnDevice {
                for entry in dictionary.entries {
                    add(name, localization.name, entry.key, entry.value.deviceText().text, entry.value, entry.location)
                }
            }
        }
        for (name, catalog) in app.catalogs where catalog.isReadable {
            for language in catalog.languages {
                for item in catalog.compiled(for: language) {
                    let location = item.location ?? SourceLocation(file: catalog.file, line: 1, column: 1)
                    if case .text(let text) = item.value {
                        add(name, language, item.key, text, nil, location)
                    } else {
                        add(name, language, item.key, item.value.deviceText().text, item.value, location)
                    }
                }
            }
        }
        self.tables = tables
        values = tables.sorted { $0.key < $1.key }.flatMap { _, localizations in
            localizations.sorted { $0.key < $1.key }.flatMap { _, values in values.values.sorted { $0.key < $1.key } }
        }
        let names = app.localizations.map(\.name)
        if let region = app.developmentRegion, let present = BundleLocalizations.form(of: region, in: names) {
            reference = present
        } else {
            reference = ["en", "English", "Base"].first(where: names.contains)
        }
    }

    /// Where the scalar at `utf8Offset` of a plain-text value is in its file (for pointing at
    /// a specifier); the value's start when it cannot be known.
    public func location(ofUTF8Offset utf8Offset: Int, inValue text: String, at start: SourceLocation) -> SourceLocation {
        guard let file = start.file else { return start }
        let lines = sourceLines.withLock { cache -> [Substring]? in
            if let cached = cache[file] { return cached }
            let lines = SourceText.lines(ofFile: file)
            cache[file] = .some(lines)
            return lines
        }
        guard let lines else { return start }
        return literalMaps.value(for: start) { LiteralLocator.map(text, literalAt: start, lines: lines) }.location(ofUTF8Offset: utf8Offset)
    }

    /// Where a specifier of a value is: in its text, or in a plural's format key; variants
    /// point at their key.
    public func location(of specifier: FormatSpecifier, in value: Value) -> SourceLocation {
        switch value.localized {
        case nil:
            return location(ofUTF8Offset: specifier.range.lowerBound, inValue: value.text, at: value.location)
        case .format(let format)? where format.formatKey == value.text && format.location != nil:
            return location(ofUTF8Offset: specifier.range.lowerBound, inValue: value.text, at: format.location!)
        default:
            return value.location
        }
    }

    /// Every plural variable of a stringsdict or catalog value, with the categories its
    /// localization's language uses (Base has no language and is skipped).
    public func forEachPluralVariable(_ body: (_ value: Value, _ variable: LocalizedFormat.Variable, _ categories: [PluralCategory]) -> Void) {
        for value in values where value.localization != "Base" {
            guard case .format(let format)? = value.localized else { continue }
            let categories = plurals.rules(for: value.localization).categories
            for variable in format.variables where variable.kind == .plural {
                body(value, variable, categories)
            }
        }
    }

    /// Localizations a device could select (every one but Base), sorted.
    public var selectableLocalizations: [String] {
        renderer.bundle.names.filter { $0 != "Base" }.sorted()
    }

    /// Every `*-loc-key` the payloads use, with where and the arguments sent.
    public var payloadKeys: [(key: String, field: AlertFieldName, arguments: [LocArgument]?, location: SourceLocation, payload: NotificationPayload)] {
        payloads.flatMap { payload -> [(key: String, field: AlertFieldName, arguments: [LocArgument]?, location: SourceLocation, payload: NotificationPayload)] in
            guard let alert = payload.aps.alert else { return [] }
            return alert.fields.compactMap { name, field in
                field.locKey.map { ($0, name, field.locArgs, field.location ?? SourceLocation(file: payload.file, line: 1, column: 1), payload) }
            }
        }
    }
}
