import Synchronization

/// Renders push payloads the way a device displays them, for any list of preferred languages.
///
/// Create one per app (it reads nothing from disk after that), keep it, and call
/// ``render(_:preferredLanguages:)`` from any thread:
///
/// ```swift
/// let app = try AppLocalizations(directory: "MyApp/Resources")
/// let renderer = AlertRenderer(app: app)
/// let payload = NotificationPayload(parsing: bytes)
/// let alert = renderer.render(payload, preferredLanguages: ["fr-CA", "en"])
/// print(alert.title?.text ?? "", alert.body?.text ?? "")
/// ```
public final class AlertRenderer: Sendable {
    public let app: AppLocalizations
    public let bundle: BundleLocalizations
    public let matcher: LocalizationMatcher
    let sources: LocalizableSources
    private let contexts: Mutex<ContextCache>
    /// Device tables by (strings localization, stringsdict localization).
    private let tables: Mutex<[TableKey: DeviceTable]>
    /// For server-side localization.
    let plurals = PluralRulesCache()
    let formatters = BoundedCache<String, ServerFormatter>(limit: AlertRenderer.formatterCacheLimit)

    /// Bounds of the renderer's caches: every one is bounded, so that a long-running provider
    /// meeting millions of distinct language lists keeps flat memory. Past a bound a cache
    /// starts afresh (its values are cheap to make again).
    /// Device contexts (search list and table) kept, by preferred-language list.
    public static let contextCacheLimit = 4_096
    /// Server formatters kept, by (table language, number locale, device).
    public static let formatterCacheLimit = 256

    struct TableKey: Hashable {
        var strings: String?
        var dictionary: String?
    }

    /// Contexts by preferred-language list. Most callers render for a few lists in a row, so
    /// the last few are compared first (cheap for short lists) before the hashed lookup.
    struct ContextCache: ~Copyable {
        var recent: [DeviceContext] = []
        var all: [[String]: DeviceContext] = [:]

        mutating func find(_ languages: [String]) -> DeviceContext? {
            for context in recent where context.preferredLanguages == languages { return context }
            guard let found = all[languages] else { return nil }
            remember(found)
            return found
        }

        mutating func insert(_ context: DeviceContext) {
            if all.count >= AlertRenderer.contextCacheLimit { all.removeAll(keepingCapacity: true) }
            all[context.preferredLanguages] = context
            remember(context)
        }

        private mutating func remember(_ context: DeviceContext) {
            if recent.count == 4 { recent.removeLast() }
            recent.insert(context, at: 0)
        }
    }

    public init(app: AppLocalizations, matcher: LocalizationMatcher = LocalizationMatcher()) {
        self.app = app
        self.bundle = BundleLocalizations(app)
        self.matcher = matcher
        self.sources = LocalizableSources(app: app)
        self.tables = Mutex([:])
        self.contexts = Mutex(ContextCache())
    }

    /// What a device with these preferred languages uses: its search list and the table that
    /// supplies notification text. Cached per list.
    public func context(preferredLanguages: [String]) -> DeviceContext {
        if let cached = contexts.withLock({ $0.find(preferredLanguages) }) { return cached }
        let searchList = matcher.searchList(preferredLanguages: preferredLanguages, bundle: bundle)
        // The first localization of the search list that has the table supplies it; Base is
        // tried right after the first entry (spec/device-rendering.md §3).
        var order = searchList.localizations
        if !order.isEmpty, app.localization(named: "Base") != nil, !order.contains("Base") { order.insert("Base", at: 1) }
        // The .strings and the .stringsdict are each found independently along that order.
        let key = TableKey(
            strings: order.first { sources.strings[$0] != nil },
            dictionary: order.first { sources.dictionaries[$0] != nil })
        var table: DeviceTable?
        if key.strings != nil || key.dictionary != nil {
            table = tables.withLock { cache in
                if let cached = cache[key] { return cached }
                let built = DeviceTable(
                    strings: key.strings.flatMap { sources.strings[$0] }, dictionary: key.dictionary.flatMap { sources.dictionaries[$0] })
                cache[key] = built
                return built
            }
        }
        let context = DeviceContext(preferredLanguages: preferredLanguages, searchList: searchList, table: table)
        contexts.withLock { $0.insert(context) }
        return context
    }

    /// The alert a device with these preferred languages displays for `payload`.
    public func render(_ payload: NotificationPayload, preferredLanguages: [String]) -> RenderedAlert {
        context(preferredLanguages: preferredLanguages).render(payload)
    }

    /// One rendering per localization of the app, each as a device whose only preferred
    /// language is that localization (`Base` excluded).
    public func renderForEveryLocalization(_ payload: NotificationPayload) -> [RenderedAlert] {
        bundle.names.filter { $0 != "Base" }.map { render(payload, preferredLanguages: [$0]) }
    }
}

/// A device's view of an app: the search list for its preferred languages and the table that
/// supplies notification text. Render many payloads with one context.
public final class DeviceContext: Sendable {
    public let preferredLanguages: [String]
    public let searchList: SearchList
    /// The `Localizable` table in use; nil when no localization has one.
    public let table: DeviceTable?
    private let searchOrder: [String]

    init(preferredLanguages: [String], searchList: SearchList, table: DeviceTable?) {
        self.preferredLanguages = preferredLanguages
        self.searchList = searchList
        self.table = table
        self.searchOrder = searchList.localizations
    }

    public var localization: String? { table?.localization }

    public func render(_ payload: NotificationPayload) -> RenderedAlert {
        var diagnostics: [Diagnostic] = []
        var title: RenderedField?
        var subtitle: RenderedField?
        var body: RenderedField?
        var sound = payload.aps.sound
        if let alert = payload.aps.alert {
            if !alert.title.isEmpty { title = FieldRenderer.render(alert.title, name: .title, table: table, diagnostics: &diagnostics) }
            if !alert.subtitle.isEmpty {
                subtitle = FieldRenderer.render(alert.subtitle, name: .subtitle, table: table, diagnostics: &diagnostics)
            }
            if !alert.body.isEmpty { body = FieldRenderer.render(alert.body, name: .body, table: table, diagnostics: &diagnostics) }
            if sound == nil, let name = alert.liveActivitySound { sound = .named(name) }
            checkAlert(alert, payload, diagnostics: &diagnostics)
        }
        return RenderedAlert(
            preferredLanguages: preferredLanguages, localization: table?.localization, searchList: searchOrder,
            title: title, subtitle: subtitle, body: body,
            isSilent: payload.aps.isSilent, mutableContent: payload.aps.mutableContent,
            interruptionLevel: payload.aps.interruptionLevel, badge: payload.aps.badge, sound: sound,
            diagnostics: diagnostics.cappedPerID(Self.diagnosticsPerKind, scope: "this rendering"))
    }

    /// Diagnostics of one kind listed per rendering or localized payload: a text of 20,000
    /// dropped specifiers says so in 50 findings and a count.
    static let diagnosticsPerKind = 50

    /// What concerns the alert as a whole rather than one field.
    private func checkAlert(_ alert: Alert, _ payload: NotificationPayload, diagnostics: inout [Diagnostic]) {
        if alert.body.text != nil && alert.body.locKey != nil {
            diagnostics.append(
                Diagnostic(
                    .renderBodyWithLocKey, at: alert.body.location ?? payloadLocation(payload),
                    "the alert has both body and loc-key: loc-key wins when the key resolves; body is only its fallback",
                    hint: "send one of them (older iOS versions preferred body)"))
        }
        guard alert.usesKeys else { return }
        if let table {
            guard !table.isReadable else { return }
            let rest = table.dictionaryLocalization != nil ? "every key not in its .stringsdict falls back" : "every key falls back"
            diagnostics.append(
                Diagnostic(
                    .renderUnreadableTable, at: SourceLocation(file: table.file, line: 1, column: 1),
                    "\(table.localization)'s Localizable table does not parse, so on a device it is empty: \(rest)",
                    hint: "fix the errors reported for that file"))
        } else {
            diagnostics.append(
                Diagnostic(
                    .renderNoLocalizableTable, at: payloadLocation(payload),
                    "no localization in the search list (\(searchOrder.joined(separator: ", "))) has a Localizable table: every key shows untranslated",
                    hint: "add Localizable.strings (or a String Catalog) to the app"))
        }
    }

    private func payloadLocation(_ payload: NotificationPayload) -> SourceLocation {
        payload.document.location ?? SourceLocation(file: payload.file, line: 1, column: 1)
    }
}

extension Alert {
    var usesKeys: Bool { title.locKey != nil || subtitle.locKey != nil || body.locKey != nil }
}

/// Spec/device-rendering.md §2, for one of title, subtitle and body.
enum FieldRenderer {
    static func render(_ field: AlertField, name: AlertFieldName, table: DeviceTable?, diagnostics: inout [Diagnostic]) -> RenderedField? {
        guard let key = field.locKey else {
            // No key: the raw value, verbatim (never formatted).
            guard let text = field.text else { return nil }
            return RenderedField(text: text, source: .raw)
        }
        let arguments = field.locArgs ?? []
        // The table holds only what a device reads: nothing of a .strings file that does not
        // parse, but still its .stringsdict.
        let entry = table?.entryIndex(key).map { table!.entries[$0] }
        var source: RenderedField.Source
        var format: String
        var compiled: DeviceFormat?
        if let entry, entry.value.isEmpty {
            // Found, but empty: CoreFoundation returns the empty string, a hit; the raw text is
            // not used and the device shows the key (spec §2, steps 2 and 4).
            diagnostics.append(
                Diagnostic(
                    .renderEmptyResult, at: entry.location,
                    "\"\(key)\" is empty in the Localizable table, so the device shows the key \"\(key)\" instead",
                    hint: "translate it; a raw \(name.keys.text) in the payload is not used when the key is found"))
            return RenderedField(text: key, source: .key, key: key, format: "")
        }
        if let entry {
            source = .localized
            format = entry.value
            compiled = entry.format
            // The common case: a localized value, arguments that fit, nothing dropped.
            if !arguments.isEmpty, !entry.format.breaksUTF8, entry.format.dropped.isEmpty, !entry.isPlural,
                entry.format.argumentsNeeded == arguments.count, let text = entry.format.apply(arguments)
            {
                return RenderedField(text: text.isEmpty ? key : text, source: text.isEmpty ? .key : .localized, key: key, format: format)
            }
        } else {
            if let text = field.text {
                source = .fallbackText
                format = text
            } else {
                source = .key
                format = key
            }
            if let table {
                let shows = source == .key ? "the key itself" : "the payload's \(name.keys.text) text"
                diagnostics.append(
                    Diagnostic(
                        source == .key ? .renderMissingKey : .renderMissingKeyRawText,
                        at: field.location ?? SourceLocation(file: table.file, line: 1, column: 1),
                        "\"\(key)\" is missing from the Localizable table: the device shows \(shows)",
                        hint: "add it to each listed localization's Localizable table; a device never looks in another localization for a key"))
            }
        }
        var text = format
        if !format.isEmpty && !arguments.isEmpty {
            let device = compiled ?? DeviceFormat(format)
            if let formatted = device.apply(arguments) {
                text = formatted
            } else {
                text = ""
            }
            // Arguments beyond the placeholders only matter for the localized text, not for the
            // key or raw text standing in for it.
            let countsMatter = source == .localized ? device.argumentsNeeded != arguments.count : device.argumentsNeeded > arguments.count
            if !device.dropped.isEmpty || device.breaksUTF8 || countsMatter || entry?.isPlural == true {
                explain(
                    device, arguments: arguments, key: key, name: name, entry: entry, field: field, reportExtra: source == .localized,
                    diagnostics: &diagnostics)
            }
        } else if !format.isEmpty, source == .localized, let entry {
            let device = entry.format
            if device.argumentsNeeded > 0 || entry.isPlural {
                diagnostics.append(
                    Diagnostic(
                        entry.isPlural ? .renderPluralVariable : .renderUnformattedPlaceholder, at: entry.location,
                        "\"\(key)\" has placeholders but the payload sends no \(name.keys.locArgs): the device shows \"\(format)\" as written",
                        hint: "send \(name.keys.locArgs) with \(device.argumentsNeeded) \(device.argumentsNeeded == 1 ? "value" : "values")"))
            }
        }
        if text.isEmpty {
            diagnostics.append(
                Diagnostic(
                    .renderEmptyResult, at: entry?.location ?? field.location ?? SourceLocation(line: 1, column: 1),
                    "\"\(key)\" formats to nothing, so the device shows the key \"\(key)\" instead",
                    hint: nil))
            return RenderedField(text: key, source: .key, key: key, format: format)
        }
        return RenderedField(text: text, source: source, key: key, format: format)
    }

    /// Says what the device does differently from what the format's author meant.
    static func explain(
        _ device: DeviceFormat, arguments: [LocArgument], key: String, name: AlertFieldName, entry: DeviceTable.Entry?,
        field: AlertField, reportExtra: Bool, diagnostics: inout [Diagnostic]
    ) {
        let location = entry?.location ?? field.location ?? SourceLocation(line: 1, column: 1)
        let where_ = entry != nil ? "the localized value of \"\(key)\"" : "\"\(key)\""
        if device.breaksUTF8 {
            diagnostics.append(
                Diagnostic(
                    .renderPercentBeforeNonASCII, at: location,
                    "\(where_) has '%' before a non-ASCII character: the device splits that character, cannot build the text and shows the key instead (evidence: indirect)",
                    hint: "write %% for a literal percent sign"))
        }
        // Parsed again only to name what was dropped; most texts drop nothing. Both lists run
        // in text order, so one forward walk pairs them (a text of many '%' stays linear).
        let specifiers = device.dropped.isEmpty ? [] : FormatString(device.format).specifiers
        var nextSpecifier = 0
        for dropped in device.dropped where !device.breaksUTF8 || dropped.dropped != "%" {
            while nextSpecifier < specifiers.count && specifiers[nextSpecifier].range.upperBound <= dropped.offset { nextSpecifier += 1 }
            let written = nextSpecifier < specifiers.count && specifiers[nextSpecifier].range.contains(dropped.offset) ? specifiers[nextSpecifier] : nil
            if let written, written.isVariable {
                diagnostics.append(
                    Diagnostic(
                        .renderPluralVariable, at: location,
                        "\(where_) uses the plural variable \(written.text): plurals never resolve in a push, the device shows \"@\(written.variableName ?? "")@\"",
                        hint: "send finished text (render-alert localize --mode server), or a key without plural variables"))
                continue
            }
            let shown = written.map { String($0.text.dropFirst(dropped.dropped.count)) } ?? ""
            let leftover = shown.isEmpty ? "nothing" : "\"\(shown)\""
            diagnostics.append(
                Diagnostic(
                    .renderDroppedSpecifier, at: location,
                    "\(where_) uses \(written?.text ?? dropped.dropped), which notifications do not format: the device drops \"\(dropped.dropped)\" and shows \(leftover)",
                    hint: "notifications support only %@ and %n$@: send the value as a string argument"))
        }
        if arguments.count < device.argumentsNeeded {
            diagnostics.append(
                Diagnostic(
                    .renderTooFewArguments, at: field.location ?? location,
                    "\(where_) needs \(device.argumentsNeeded) \(device.argumentsNeeded == 1 ? "argument" : "arguments") but \(name.keys.locArgs) has \(arguments.count): the device shows <null>",
                    hint: "send \(device.argumentsNeeded) values in \(name.keys.locArgs)"))
        } else if reportExtra && arguments.count > device.argumentsNeeded && (device.argumentsNeeded > 0 || device.dropped.isEmpty) {
            diagnostics.append(
                Diagnostic(
                    .renderExtraArguments, at: field.location ?? location,
                    "\(name.keys.locArgs) has \(arguments.count) \(arguments.count == 1 ? "value" : "values") but \(where_) uses \(device.argumentsNeeded): the rest are ignored",
                    hint: nil))
        }
        if let entry, entry.isPlural, device.dropped.isEmpty {
            diagnostics.append(
                Diagnostic(
                    .renderPluralVariable, at: entry.location,
                    "\"\(key)\" is a plural entry: in a push the device shows its format key, never a plural form",
                    hint: "send finished text (render-alert localize --mode server)"))
        }
    }
}

