import Synchronization

/// Renders push payloads the way a device displays them, for any list of preferred languages.
///
/// Create one per app (it reads nothing from disk after that), keep it, and call
/// ``render(_:preferredLanguages:detail:)`` from any thread:
///
/// ```swift
/// let app = try AppLocalizations(directory: "MyApp/Resources")
/// let renderer = AlertRenderer(app: app)
/// let payload = NotificationPayload(parsing: bytes)
/// let alert = renderer.render(payload, preferredLanguages: ["fr-CA", "en"])
/// print(alert.title?.text ?? "", alert.body?.text ?? "")
/// ```
public final class AlertRenderer: Sendable {
    /// The app's localizations, as read from disk.
    public let app: AppLocalizations
    /// The app's tables, resolved once; shared with every other command.
    package let model: LocalizationModel
    /// The localizations the device sees in the app's bundle, in CoreFoundation's order.
    public let bundle: BundleLocalizations
    /// Whether the app has a Base localization, tried right after the first of a search list.
    private let hasBase: Bool
    /// The matcher that turns preferred languages into search lists; shared with its caches.
    public let matcher: LocalizationMatcher
    /// Contexts by preferred-language list. Most callers render for a few lists in a row, so
    /// the last four are compared first (cheap for short lists) before the hashed lookup.
    private let contexts = BoundedCache<[String], DeviceContext>(limit: AlertRenderer.contextCacheLimit, recent: 4)
    /// Device tables by (strings localization, stringsdict localization).
    private let tables: Mutex<[TableKey: DeviceTable]>
    /// For server-side localization.
    let plurals = PluralRulesCache()
    let formatters = BoundedCache<FormatterKey, ServerFormatter>(limit: AlertRenderer.formatterCacheLimit)

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

    /// A renderer for an app read from disk: resolves its tables once (every table, localization
    /// and key), so that each render only looks up.
    /// - Parameters:
    ///   - app: The app's localizations.
    ///   - matcher: The localization matcher to use; pass one to share its caches between renderers.
    public convenience init(app: AppLocalizations, matcher: LocalizationMatcher = LocalizationMatcher()) {
        self.init(model: LocalizationModel(app), matcher: matcher)
    }

    /// A renderer over an already resolved model (lint and preview share one).
    package init(model: LocalizationModel, matcher: LocalizationMatcher = LocalizationMatcher()) {
        self.app = model.app
        self.model = model
        self.bundle = BundleLocalizations(model.app)
        self.hasBase = model.app.localization(named: "Base") != nil
        self.matcher = matcher
        self.tables = Mutex([:])
    }

    /// What a device with these preferred languages uses: its search list and the table that
    /// supplies notification text. Cached per list.
    public func context(preferredLanguages: [String]) -> DeviceContext {
        if let cached = contexts.cached(preferredLanguages) { return cached }
        let searchList = matcher.searchList(preferredLanguages: preferredLanguages, bundle: bundle)
        // The first localization of the search list that has the table supplies it; Base is
        // tried right after the first entry (docs/device-behaviour.md §3).
        var order = searchList.localizations
        if !order.isEmpty, hasBase, !order.contains("Base") { order.insert("Base", at: 1) }
        // The .strings and the .stringsdict are each found independently along that order.
        let key = TableKey(
            strings: order.first { model.table("Localizable", localization: $0)?.strings != nil },
            dictionary: order.first { model.table("Localizable", localization: $0)?.dictionary != nil })
        var table: DeviceTable?
        if key.strings != nil || key.dictionary != nil {
            table = tables.withLock { cache in
                if let cached = cache[key] { return cached }
                let built = DeviceTable(
                    strings: key.strings.flatMap { model.table("Localizable", localization: $0) },
                    dictionary: key.dictionary.flatMap { model.table("Localizable", localization: $0) }, model: model)
                cache[key] = built
                return built
            }
        }
        let context = DeviceContext(preferredLanguages: preferredLanguages, searchList: searchList, table: table, model: model)
        contexts.insert(context, for: preferredLanguages)
        return context
    }

    /// The alert a device with these preferred languages displays for `payload`.
    /// - Parameters:
    ///   - payload: The payload to render.
    ///   - preferredLanguages: The device's preferred languages, best first.
    ///   - detail: ``LocalizationDetail/findings`` lists what looks wrong in
    ///     ``RenderedAlert/diagnostics``; ``LocalizationDetail/textOnly`` gives the same fields
    ///     without writing the findings, for less.
    public func render(_ payload: NotificationPayload, preferredLanguages: [String], detail: LocalizationDetail = .findings) -> RenderedAlert {
        context(preferredLanguages: preferredLanguages).render(payload, detail: detail)
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
    /// The preferred languages this context was made for, best first.
    public let preferredLanguages: [String]
    /// The device's search list for these languages in this app, with how it was chosen.
    public let searchList: SearchList
    /// The `Localizable` table in use; nil when no localization has one.
    package let table: DeviceTable?
    let model: LocalizationModel
    private let searchOrder: [String]
    /// What each of its renderings says of the device.
    private let device: RenderedAlert.Device

    init(preferredLanguages: [String], searchList: SearchList, table: DeviceTable?, model: LocalizationModel) {
        self.preferredLanguages = preferredLanguages
        self.searchList = searchList
        self.table = table
        self.model = model
        self.searchOrder = searchList.localizations
        device = RenderedAlert.Device(preferredLanguages: preferredLanguages, localization: table?.localization, searchList: searchOrder)
    }

    /// The localization whose `Localizable` table supplies the text; nil when none has one.
    public var localization: String? { table?.localization }

    /// Diagnostics of one kind listed per rendering or localized payload: a text of 20,000
    /// dropped specifiers says so in 50 findings and a count.
    static let diagnosticsPerKind = 50

    /// The alert a device in this context displays for `payload`, with what looks wrong in it
    /// unless `detail` is ``LocalizationDetail/textOnly``.
    public func render(_ payload: NotificationPayload, detail: LocalizationDetail = .findings) -> RenderedAlert {
        // Resolved into locals, which then move into the rendering (fields of a struct would be
        // copied into it).
        var title: RenderedField?
        var subtitle: RenderedField?
        var body: RenderedField?
        var issues: [DeviceIssue] = []
        resolve(payload, device: .iphone, lookupOnly: false, title: &title, subtitle: &subtitle, body: &body, issues: &issues)
        let findings: DeferredFindings
        if issues.isEmpty {
            // The common case: nothing to record or write.
            findings = .written([])
        } else if detail == .findings {
            // The facts only: messages and locations are written if the caller reads them.
            findings = .keeping(issues, model: model, limit: Self.diagnosticsPerKind, scope: "this rendering")
        } else {
            // A field missing because its text would pass the output budget says why, even here.
            findings = .written(issues.filter { $0.kind == .outputOverBudget }.map { $0.diagnostic(model: model) })
        }
        return RenderedAlert(
            device: device, title: consume title, subtitle: consume subtitle, body: consume body, isSilent: payload.aps.isSilent,
            mutableContent: payload.aps.mutableContent,
            interruptionLevel: payload.aps.interruptionLevel, badge: payload.aps.badge,
            sound: payload.aps.sound ?? payload.aps.alert?.liveActivitySound.map { .named($0) }, findings: consume findings)
    }

    /// Every field as the device shows it, and every issue with it: what rendering, server-side
    /// localization and lint all report. `device` picks a value's device variant
    /// (`NSStringDeviceSpecificRuleType`, a catalog's device variation); an iPhone by default.
    public func resolve(_ payload: NotificationPayload, device: DeviceKind = .iphone) -> (fields: ResolvedAlertFields, issues: [DeviceIssue]) {
        resolve(payload, device: device, lookupOnly: false)
    }

    /// ``resolve(_:device:)``; with `lookupOnly`, only which text each key finds (a missing key,
    /// an empty value, no table), without formatting: what server-side localization reports of
    /// the device's view, since the server formats the text itself.
    func resolve(_ payload: NotificationPayload, device: DeviceKind, lookupOnly: Bool) -> (fields: ResolvedAlertFields, issues: [DeviceIssue]) {
        var fields = ResolvedAlertFields()
        var issues: [DeviceIssue] = []
        resolve(
            payload, device: device, lookupOnly: lookupOnly, title: &fields.title, subtitle: &fields.subtitle, body: &fields.body,
            issues: &issues)
        return (fields, issues)
    }

    /// The one resolution behind the two above and rendering, into the caller's fields and
    /// issues: rendering resolves straight into the fields it keeps.
    @inline(__always)
    private func resolve(
        _ payload: NotificationPayload, device: DeviceKind, lookupOnly: Bool, title: inout RenderedField?, subtitle: inout RenderedField?,
        body: inout RenderedField?, issues: inout [DeviceIssue]
    ) {
        guard let alert = payload.aps.alert else { return }
        if let issue = DeviceContext.issue(ofAlertIn: payload) {
            // A field explained later adds to it: room for a few at once.
            issues.reserveCapacity(4)
            issues.append(issue)
        }
        if alert.usesKeys {
            if let table, !table.isReadable {
                issues.append(
                    DeviceIssue(
                        kind: .unreadableTable(file: table.file, keepsDictionary: table.dictionaryLocalization != nil),
                        localization: table.localization, payloadLocation: payload.startLocation))
            } else if table == nil {
                issues.append(DeviceIssue(kind: .noLocalizableTable(searchList: searchOrder), payloadLocation: payload.startLocation))
            }
        }
        // Each field in turn, not through `alert.fields`: that array copies all three.
        if !alert.title.isEmpty {
            title = FieldResolver.resolve(
                alert.title, name: .title, table: table, device: device, payloadLocation: alert.title.location ?? payload.startLocation,
                lookupOnly: lookupOnly, issues: &issues)
        }
        if !alert.subtitle.isEmpty {
            subtitle = FieldResolver.resolve(
                alert.subtitle, name: .subtitle, table: table, device: device,
                payloadLocation: alert.subtitle.location ?? payload.startLocation, lookupOnly: lookupOnly, issues: &issues)
        }
        if !alert.body.isEmpty {
            body = FieldResolver.resolve(
                alert.body, name: .body, table: table, device: device, payloadLocation: alert.body.location ?? payload.startLocation,
                lookupOnly: lookupOnly, issues: &issues)
        }
    }
}

extension DeviceContext {
    /// What concerns a payload's alert whatever the app's tables say.
    @inline(__always)
    static func issue(ofAlertIn payload: NotificationPayload) -> DeviceIssue? {
        // Read in place: binding the alert would copy it.
        guard payload.aps.alert?.body.text != nil, payload.aps.alert?.body.locKey != nil else { return nil }
        return bodyWithLocKey(in: payload)
    }

    /// Made apart from the check, which every rendering runs: the issue is rare.
    @inline(never)
    private static func bodyWithLocKey(in payload: NotificationPayload) -> DeviceIssue {
        DeviceIssue(kind: .bodyWithLocKey, field: .body, payloadLocation: payload.aps.alert?.body.location ?? payload.startLocation)
    }
}

extension AlertContent {
    var usesKeys: Bool { title.locKey != nil || subtitle.locKey != nil || body.locKey != nil }
}

/// Spec/device-rendering.md §2, for one of title, subtitle and body: what the device shows and
/// every way that differs from what the author meant.
enum FieldResolver {
    /// `payloadLocation`, where the field is written, is worked out only for a finding.
    static func resolve(
        _ field: AlertField, name: AlertFieldName, table: DeviceTable?, device kind: DeviceKind = .iphone,
        payloadLocation: @autoclosure () -> SourceLocation, lookupOnly: Bool = false, issues: inout [DeviceIssue]
    ) -> RenderedField? {
        guard let key = field.locKey else {
            // No key: the raw value, verbatim (never formatted).
            guard let text = field.text else { return nil }
            return RenderedField(text: text, source: .raw)
        }
        // The table holds only what a device reads: nothing of a .strings file that does not
        // parse, but still its .stringsdict.
        let entry = table?.entry(key)
        if let entry, kind == .iphone, !lookupOnly, let shown = shownAsFound(entry, arguments: field.locArgs) { return shown }
        return resolve(
            field, name: name, key: key, entry: entry, table: table, device: kind, payloadLocation: payloadLocation(), lookupOnly: lookupOnly,
            issues: &issues)
    }

    /// The common case, on every provider's hot path: an iPhone finds the key's text, and it
    /// shows as the device formats it with nothing to report (no arguments and no placeholders,
    /// or as many arguments as placeholders, nothing dropped). Nil for anything else, which
    /// ``resolve(_:name:key:entry:table:device:payloadLocation:lookupOnly:issues:)`` explains.
    @inline(__always)
    private static func shownAsFound(_ entry: LocalizationModel.Entry, arguments: [LocArgument]?) -> RenderedField? {
        guard !entry.text.isEmpty, !entry.isPlural else { return nil }
        let device = entry.deviceFormat
        guard let arguments, !arguments.isEmpty else {
            guard device.argumentsNeeded == 0 else { return nil }
            return RenderedField(text: entry.text, source: .localized, entry: entry)
        }
        guard device.isClean, device.argumentsNeeded == arguments.count,
            let text = device.apply(arguments), !text.isEmpty
        else { return nil }
        return RenderedField(text: text, source: .localized, entry: entry)
    }

    /// Every other case: what the device shows, and each way it differs from what was meant.
    @inline(never)
    private static func resolve(
        _ field: AlertField, name: AlertFieldName, key: String, entry: LocalizationModel.Entry?, table: DeviceTable?, device kind: DeviceKind,
        payloadLocation: SourceLocation, lookupOnly: Bool, issues: inout [DeviceIssue]
    ) -> RenderedField? {
        let arguments = field.locArgs ?? []
        func issue(_ kind: DeviceIssue.Kind) {
            // A field explained here often has more than one finding: room for a few at once,
            // instead of growing the list one by one.
            if issues.capacity == 0 { issues.reserveCapacity(4) }
            issues.append(
                DeviceIssue(kind: kind, field: name, key: key, entry: entry, localization: table?.localization, payloadLocation: payloadLocation))
        }
        if let found = entry {
            // The entry as this device reads it: its own variant, when it has one.
            let entry = found.forDevice(kind)
            if entry.text.isEmpty {
                // Found, but empty: CoreFoundation returns the empty string, a hit; the raw text
                // is not used and the device shows the key (docs/device-behaviour.md §2, steps 2 and 4).
                issue(.emptyValue)
                return RenderedField(text: key, source: .key, entry: entry)
            }
            if lookupOnly { return nil }
            let device = entry.deviceFormat
            // Arguments that fit, nothing dropped (the case above, for another device).
            if !arguments.isEmpty, device.isClean, !entry.isPlural, device.argumentsNeeded == arguments.count,
                let text = device.apply(arguments), !text.isEmpty
            {
                return RenderedField(text: text, source: .localized, entry: entry)
            }
            guard !arguments.isEmpty else {
                // No arguments: shown as written (docs/device-behaviour.md §2, step 3).
                if entry.isPlural || device.argumentsNeeded > 0 {
                    issue(entry.isPlural ? .pluralVariable(shown: entry.text) : .unformattedPlaceholder(needed: device.argumentsNeeded))
                }
                return RenderedField(text: entry.text, source: .localized, entry: entry)
            }
            let formatted = device.formatted(arguments)
            let text = formatted.text ?? ""
            let explainedPlural = explain(
                device, written: entry.format, arguments: arguments, unreadArguments: field.unreadLocArgCount, isPlural: entry.isPlural,
                reportExtra: true, issue: issue)
            if formatted == .overBudget {
                issue(.outputOverBudget)
                return nil
            }
            if entry.isPlural && !explainedPlural { issue(.pluralVariable(shown: text)) }
            if text.isEmpty {
                if !device.breaksUTF8 { issue(.formatsToNothing) }
                return RenderedField(text: key, source: .key, entry: entry)
            }
            return RenderedField(text: text, source: .localized, entry: entry)
        }

        // Not found: the raw value if there is one, else the key, is the format (docs/device-behaviour.md §2).
        let source: RenderedField.Source = field.text != nil ? .fallbackText : .key
        let format = field.text ?? key
        if let table {
            if let other = table.definitionElsewhere(of: key) {
                issue(.keyInOtherTable(table: other.table, location: other.location))
            } else {
                issue(.keyMissing(showsRawText: source == .fallbackText))
            }
        }
        if lookupOnly { return nil }
        guard !arguments.isEmpty else { return RenderedField(text: format, source: source, key: key, format: format) }
        let device = DeviceFormat(format)
        let formatted = device.formatted(arguments)
        let text = formatted.text ?? ""
        // Arguments beyond the placeholders only matter for a localized text.
        _ = explain(
            device, written: FormatString(format), arguments: arguments, unreadArguments: field.unreadLocArgCount, isPlural: false,
            reportExtra: false, issue: issue)
        if formatted == .overBudget {
            issue(.outputOverBudget)
            return nil
        }
        if text.isEmpty {
            if !device.breaksUTF8 { issue(.formatsToNothing) }
            return RenderedField(text: key, source: .key, key: key, format: format)
        }
        return RenderedField(text: text, source: source, key: key, format: format)
    }

    /// What the device's formatter does differently from what the format's author meant;
    /// whether a plural variable was among it.
    static func explain(
        _ device: DeviceFormat, written: FormatString, arguments: [LocArgument], unreadArguments: Int = 0, isPlural: Bool, reportExtra: Bool,
        issue: (DeviceIssue.Kind) -> Void
    ) -> Bool {
        if device.breaksUTF8 {
            let bytes = Array(device.format.utf8)
            let split = device.dropped.first { $0.offset + 1 < bytes.count && bytes[$0.offset + 1] >= 0x80 }
            issue(.percentBeforeNonASCII(offset: split?.offset ?? 0))
        }
        if let offset = device.nulOffset { issue(.endsAtNUL(offset: offset, shown: device.apply(arguments) ?? "")) }
        // Both lists run in text order, so one forward walk pairs them (a text of many '%'
        // stays linear).
        let specifiers = device.dropped.isEmpty ? [] : written.specifiers
        var nextSpecifier = 0
        var sawVariable = false
        for dropped in device.dropped where !device.breaksUTF8 || dropped.dropped != "%" {
            while nextSpecifier < specifiers.count && specifiers[nextSpecifier].range.upperBound <= dropped.offset { nextSpecifier += 1 }
            let writtenSpecifier =
                nextSpecifier < specifiers.count && specifiers[nextSpecifier].range.contains(dropped.offset) ? specifiers[nextSpecifier] : nil
            if let writtenSpecifier, writtenSpecifier.isVariable {
                if !sawVariable { issue(.pluralVariable(shown: device.apply(arguments) ?? "")) }
                sawVariable = true
                continue
            }
            let shown = writtenSpecifier.map { leftover(of: $0.text, dropping: dropped.dropped) } ?? ""
            issue(.unsupportedSpecifier(offset: dropped.offset, written: writtenSpecifier?.text ?? dropped.dropped, leftover: shown))
        }
        if arguments.count < device.argumentsNeeded && device.argumentsNeeded <= arguments.count + unreadArguments {
            // The payload has the value; this tool did not read it.
            issue(.argumentNotRead(needed: device.argumentsNeeded, read: arguments.count))
        } else if arguments.count < device.argumentsNeeded {
            issue(.tooFewArguments(needed: device.argumentsNeeded, given: arguments.count + unreadArguments))
        } else if reportExtra && !isPlural && arguments.count > device.argumentsNeeded && (device.argumentsNeeded > 0 || device.dropped.isEmpty) {
            issue(.extraArguments(used: device.argumentsNeeded, given: arguments.count))
        }
        return sawVariable
    }
}

extension FieldResolver {
    /// What shows of a written specifier once the device drops `dropped` from its start: the
    /// characters after as many as it drops (`dropped` is ASCII: a `%` and what follows it).
    /// Counted in bytes when the specifier is ASCII without a CR (each byte then one
    /// character), which spares the grapheme breaking of `dropFirst` on every such finding.
    static func leftover(of specifier: String, dropping dropped: String) -> String {
        let count = dropped.utf8.count
        guard specifier.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) else { return String(specifier.dropFirst(count)) }
        return String(decoding: specifier.utf8.dropFirst(count), as: UTF8.self)
    }
}

extension LocalizationModel.Entry {
    /// The entry as `device` reads it: this one, unless a device rule gives that device another
    /// text (then an entry of that text, in this one's place).
    func forDevice(_ device: DeviceKind) -> LocalizationModel.Entry {
        guard device != .iphone, let localized else { return self }
        let variant = localized.deviceText(device: device)
        guard variant.text != text else { return self }
        return LocalizationModel.Entry(variantOf: self, text: variant.text, isPlural: variant.isPlural)
    }
}
