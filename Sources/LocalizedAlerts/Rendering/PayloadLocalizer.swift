import Synchronization

/// How to produce the text of a localized payload.
public enum LocalizationMode: String, Sendable, Hashable, CaseIterable, Codable {
    /// Exactly what the phone would have shown: the device formatter, plurals unresolved.
    case device
    /// What the text should say: plurals resolved with ICU rules, real format specifiers,
    /// numbers written for the user's locale.
    case server
}

/// What server-side localization does when the chosen localization has no text for a field's
/// key (the key is missing, its value is empty, or it formats to nothing), where a device would
/// show the key itself.
/// How much `AlertRenderer.localize` and `AlertRenderer.render` explain. A provider's hot path
/// wants the text and whether it may be sent; preview, lint and the service want every finding.
/// Both give the same payload, text, fallbacks and refusal, and the same rendered fields.
public enum LocalizationDetail: Sendable, Hashable, CaseIterable {
    /// Every finding: what the device would do with the payload, formatting problems,
    /// fallbacks taken. What `preview`, `lint`, batches and the service report.
    case findings
    /// The payload, its text and sendability; among the diagnostics only the payload's own and
    /// why nothing may be sent. The device's view is not worked out and no other finding is
    /// recorded. A rendering has the same fields and no diagnostics. (With
    /// ``findings``, the findings' messages are written only when `diagnostics` is read.)
    case textOnly
}

public enum KeyFallback: String, Sendable, Hashable, CaseIterable, Codable {
    /// Exactly what the phone would show: the key itself (or the payload's raw text, when it
    /// has one). Reported, and sent.
    case device
    /// The development region's text for the key, when it has one; otherwise, as `fail`.
    case developmentRegion = "development-region"
    /// No payload: nothing that would show a key is sent.
    case fail
}

/// A payload with finished text: `title`, `subtitle` and `body` filled in for one device, the
/// `*-loc-key` and `*-loc-args` keys of those fields removed, everything else untouched.
public struct LocalizedPayload: Sendable {
    /// The payload to send: the original document with the alert's text filled in and its keys
    /// removed. Nil when there is nothing that may be sent: the payload did not parse or has
    /// errors, or (with ``KeyFallback/fail``) a field would show a key; ``refusal`` says why.
    ///
    /// Written straight from the request's text (``payloadBytes``), a payload's tree is made
    /// the first time this is read.
    public var payload: LocatedJSON? {
        get {
            switch source {
            case .none: nil
            case .tree(let tree): tree
            case .written(let original, let texts, let keepKeys): PayloadRewriter.rewrite(original.document, texts: texts, keepKeys: keepKeys)
            }
        }
        set {
            source = newValue.map { .tree($0) } ?? .none
            payloadBytes = newValue.map(Self.bytesToSend)
        }
    }
    /// ``payload`` as APNs receives it: compact UTF-8 JSON, without Xcode's `Simulator Target
    /// Bundle`; nil when there is no payload. It is written once, when the payload is made (its
    /// size is ``byteCount``), so a provider sends these bytes instead of serializing again.
    /// Check ``isSendable`` first: a payload over APNs' limit has bytes too.
    public internal(set) var payloadBytes: [UInt8]?
    /// Where ``payload`` comes from.
    var source: Source

    enum Source: Sendable {
        case none
        case tree(LocatedJSON)
        /// Written from the original's text: ``payloadBytes`` is the tree's compact JSON, and
        /// the tree is the original rewritten with these texts.
        case written(NotificationPayload, AlertTexts, keepKeys: Bool)
    }

    /// ``payloadBytes`` when they are ``payload`` written compactly (no `Simulator Target
    /// Bundle` left out), so that an answer can hold them without writing the tree.
    package var payloadBytesAsWritten: [UInt8]? {
        guard case .written = source else { return nil }
        return payloadBytes
    }
    /// Why there is no payload; nil when there is one.
    public var refusal: String?
    /// Every field whose key the chosen localization did not have, and what was done instead.
    public var fallbacks: [Fallback] = []
    /// Whether the payload may be sent: there is one, and APNs would accept its size.
    public var isSendable: Bool { payloadBytes != nil && !exceedsLimit }
    /// Why this result must not be sent (a refusal, or a payload over APNs' limit); nil when it may be.
    public var error: String? {
        if let refusal { return refusal }
        if exceedsLimit { return "the localized payload is \(byteCount) bytes, over APNs' limit of \(NotificationPayload.maximumByteCount)" }
        return nil
    }
    /// How the text was produced.
    public var mode: LocalizationMode
    /// The preferred languages it was localized for.
    public var preferredLanguages: [String]
    /// The localization whose table supplied the text.
    public var localization: String?
    /// The finished `title`; nil when the alert has none.
    public var title: String?
    /// The finished `subtitle`; nil when the alert has none.
    public var subtitle: String?
    /// The finished `body`; nil when the alert has none.
    public var body: String?
    /// The payload's size as sent (compact JSON).
    public var byteCount: Int
    /// Over APNs' 4,096-byte limit: APNs would reject it.
    public var exceedsLimit: Bool { byteCount > NotificationPayload.maximumByteCount }
    /// The payload's own diagnostics, then what looks wrong with the text for this device (in server mode,
    /// only whether each key is found), each kind capped.
    ///
    /// Localizing records only the facts behind the device's findings; their messages and
    /// locations are written the first time this is read. ``isSendable`` never waits for them.
    public var diagnostics: [LocalizationDiagnostic] {
        get { findings.diagnostics }
        set { findings = .written(newValue) }
    }
    var findings: DeferredFindings

    static func bytesToSend(_ payload: LocatedJSON) -> [UInt8] { payload.withoutSimulatorTarget.serializedBytes() }

    /// A field the chosen localization had no text for.
    public struct Fallback: Sendable, Hashable {
        /// What the field shows instead.
        public enum Outcome: Sendable, Hashable {
            /// The field shows its key, as on a device.
            case showsKey
            /// The field shows the payload's raw text (`title`, `body`…), as on a device.
            case showsPayloadText
            /// The development region's text was used (``KeyFallback/developmentRegion``).
            case developmentRegion(localization: String)
        }
        /// The field (`title`, `subtitle`, `body`).
        public var field: AlertFieldName
        /// Its `*-loc-key`.
        public var key: String
        /// What it shows instead of the localization's text.
        public var outcome: Outcome
    }
}

extension DiagnosticID {
    /// `localize.format-problem` (warning). Server-side formatting could not do what the format asked.
    public static let localizeFormatProblem = DiagnosticID(
        "localize.format-problem", .warning, .formats,
        rationale: "Server-side formatting could not do what the format asked.",
        example: "%d with the argument \"Ana\"")
    /// `localize.shows-key` (error). Localized on a server, a field would show its key.
    public static let localizeShowsKey = DiagnosticID(
        "localize.shows-key", .error, .payloads,
        rationale:
            "The chosen localization has no text for the key, so the notification would show the key itself; with the fail policy nothing is sent.",
        example: "title-loc-key \"call.missed.title\" localized for pt-PT, whose table lacks it")
    /// `localize.fallback` (warning). A field's text came from the development region.
    public static let localizeFallback = DiagnosticID(
        "localize.fallback", .warning, .payloads,
        rationale:
            "The chosen localization lacks the key; the development region's text was sent instead (the development-region policy), so the user reads another language.",
        example: "pt-PT lacks call.missed.title; the en text is sent")
    /// `localize.refused` (error). No payload was produced.
    public static let localizeRefused = DiagnosticID(
        "localize.refused", .error, .payloads,
        rationale: "A payload that did not parse, or that has errors, is never localized into one that could be sent.",
        example: "a payload file that is not JSON")
}

extension AlertRenderer {
    /// Localizes `payload` for a device with these preferred languages.
    ///
    /// In server mode the text is what the app means to say: plurals resolved with ICU rules,
    /// numbers written for the first preferred language, every format specifier applied. In device
    /// mode it is exactly what the phone would have shown, ``RenderedAlert``'s text.
    ///
    /// ```swift
    /// let localized = renderer.localize(payload, preferredLanguages: ["ar-SA", "en"], mode: .server)
    /// guard localized.isSendable, let body = localized.payloadBytes else { throw PushError.notSendable(localized.error ?? "") }
    /// // body: compact JSON, title and body filled in, keys removed
    /// ```
    ///
    /// - Parameters:
    ///   - payload: The payload with `*-loc-key` and `*-loc-args`.
    ///   - preferredLanguages: The device's preferred languages, best first.
    ///   - mode: `.server` resolves plurals and formats numbers; `.device` reproduces the phone.
    ///   - device: for device-specific variants in server mode.
    ///   - fallback: in server mode, what to do when the chosen localization has no text for a
    ///     key: ``KeyFallback/fail`` (no payload), ``KeyFallback/developmentRegion`` or
    ///     ``KeyFallback/device``.
    ///   - keepKeys: keep `*-loc-key` and `*-loc-args` beside the finished text: a build of the
    ///     app that has the key shows its own translation, one that lacks it shows this text
    ///     instead of the key (a device falls back to the raw text when the key is not found).
    ///   - detail: ``LocalizationDetail/findings`` (every finding) or
    ///     ``LocalizationDetail/textOnly`` (the same payload and sendability, for less).
    /// - Returns: The payload with finished text (nil when nothing may be sent: see
    ///   ``LocalizedPayload/refusal``), its size as sent, the fallbacks taken and what looks wrong.
    public func localize(
        _ payload: NotificationPayload, preferredLanguages: [String], mode: LocalizationMode = .server, device: DeviceKind = .iphone,
        fallback: KeyFallback = .fail, keepKeys: Bool = false, detail: LocalizationDetail = .findings
    ) -> LocalizedPayload {
        // A payload that did not parse, or that has errors, is answered with no payload at all:
        // an empty `{}` would be sent, and accepted, by APNs.
        if let problem = payload.diagnostics.first(where: { $0.severity == .error }) {
            let reason = payload.isParsed ? "the payload has errors: \(problem.message)" : "the payload did not parse: \(problem.message)"
            let refusal = LocalizationDiagnostic(.localizeRefused, at: problem.location, reason + "; nothing to send", hint: problem.hint)
            return LocalizedPayload(
                payloadBytes: nil, source: .none, refusal: reason, mode: mode, preferredLanguages: preferredLanguages, localization: nil,
                title: nil, subtitle: nil, body: nil, byteCount: 0,
                findings: .written(payload.diagnostics.cappedPerID(DeviceContext.diagnosticsPerKind, scope: "this payload") + [refusal]))
        }
        let context = self.context(preferredLanguages: preferredLanguages)
        let explains = detail == .findings
        // In server mode the device's view serves only the findings, and of those only which
        // text each key finds: the device's formatting is not looked at.
        let resolution =
            mode == .device || explains ? context.resolve(payload, device: device, lookupOnly: mode == .server) : nil
        var texts = AlertTexts()
        var fallbacks: [LocalizedPayload.Fallback] = []
        // What is wrong with the payload itself (a loc-key that is a number, loc-args that are
        // not an array) matters whichever mode fills in the text.
        var diagnostics = payload.diagnostics
        // What server formatting finds, kept when findings are asked for (it is rare, and cheap).
        var found: [LocalizationDiagnostic] = []
        var issues = explains ? resolution?.issues ?? [] : []
        // Fields whose text would pass the output budget: never built, and nothing is sent.
        var overBudget: [LocalizationDiagnostic] = []
        var fieldsOverBudget: [String] = []
        switch mode {
        case .device:
            let fields = resolution!.fields
            (texts.title, texts.subtitle, texts.body) = (fields.title?.text, fields.subtitle?.text, fields.body?.text)
            // With findings these are reported among the issues below; without, as the refusal.
            for issue in resolution!.issues where issue.kind == .outputOverBudget {
                fieldsOverBudget.append("\((issue.field ?? .body).keys.locKey) \"\(issue.key ?? "")\"")
                if !explains { overBudget.append(issue.diagnostic(model: model)) }
            }
        case .server:
            // The server formats plurals and specifiers itself: its issues are the lookup's
            // alone, which text each key finds (resolved with `lookupOnly` above).
            if let alert = payload.aps.alert {
                let numberLocale = preferredLanguages.first.flatMap { $0.isEmpty ? nil : $0 }
                let formatter = serverFormatter(
                    language: context.localization ?? preferredLanguages.first ?? "en", numbers: numberLocale, device: device)
                for name in AlertFieldName.inDisplayOrder {
                    let field = alert[name]
                    guard !field.isEmpty else { continue }
                    let refused = overBudget.count
                    var text = serverText(field, name: name, table: context.table, formatter: formatter, diagnostics: &found, refusals: &overBudget)
                    if overBudget.count > refused { fieldsOverBudget.append("\(name.keys.locKey) \"\(field.locKey ?? "")\"") }
                    if let key = field.locKey, text.outcome != nil {
                        var outcome = text.outcome!
                        if fallback == .developmentRegion, outcome == .showsKey,
                            let region = developmentRegionText(field, name: name, numbers: numberLocale, device: device, diagnostics: &found)
                        {
                            text = (region.text, nil)
                            outcome = .developmentRegion(localization: region.localization)
                            found.append(
                                LocalizationDiagnostic(
                                    .localizeFallback, at: field.location ?? SourceLocation(file: payload.file, line: 1, column: 1),
                                    "\(name.keys.locKey) \"\(key)\" has no text in \(context.localization ?? "the chosen localization"): the \(region.localization) text was used",
                                    hint: "translate it in \(context.localization ?? "that localization")'s Localizable table"))
                        }
                        fallbacks.append(LocalizedPayload.Fallback(field: name, key: key, outcome: outcome))
                    }
                    texts[field: name] = text.text
                }
            }
            if explains { diagnostics += found }
        }
        // A field the development region filled does not show what the device would: its
        // missing-key issue is replaced by the `localize.fallback` warning.
        let regional = Set(
            fallbacks.compactMap { fallback -> AlertFieldName? in
                if case .developmentRegion = fallback.outcome { return fallback.field }
                return nil
            })
        if !regional.isEmpty {
            issues.removeAll { issue in
                guard let field = issue.field, regional.contains(field) else { return false }
                switch issue.kind {
                case .keyMissing, .keyInOtherTable, .emptyValue: return true
                default: return false
                }
            }
        }
        // Written straight from the request's text when it has one; else through the tree.
        let source: LocalizedPayload.Source
        let bytes: [UInt8]
        if let text = payload.documentText, let written = PayloadRewriter.rewrittenBytes(text, texts: texts, keepKeys: keepKeys) {
            (source, bytes) = (.written(payload, texts, keepKeys: keepKeys), written)
        } else {
            let document = PayloadRewriter.rewrite(payload.document, texts: texts, keepKeys: keepKeys)
            (source, bytes) = (.tree(document), LocalizedPayload.bytesToSend(document))
        }
        var refusal: String?
        // Findings that follow the device's: why nothing is sent.
        var after: [LocalizationDiagnostic] = []
        // In server mode, a field that would show its key is sent only when asked for
        // (`device`); otherwise there is no payload, and an error says which field.
        let showingKeys = fallbacks.filter { $0.outcome == .showsKey }
        if mode == .server, fallback != .device, !showingKeys.isEmpty {
            let fields = showingKeys.map { "\($0.field.keys.locKey) \"\($0.key)\"" }.joined(separator: ", ")
            refusal = "\(fields) would show the key itself in \(context.localization ?? "the chosen localization")"
            for shown in showingKeys {
                let location =
                    payload.aps.alert?.fields.first { $0.0 == shown.field }?.1.location ?? SourceLocation(file: payload.file, line: 1, column: 1)
                after.append(
                    LocalizationDiagnostic(
                        .localizeShowsKey, at: location,
                        "\(shown.field.keys.locKey) \"\(shown.key)\" has no text in \(context.localization ?? "the chosen localization"): the notification would show the key; nothing is sent",
                        hint: fallback == .fail
                            ? "translate it, or localize with the development-region fallback (or device, to send what a phone would show)"
                            : "the development region lacks it too: add it to the Localizable tables"))
            }
        }
        if !fieldsOverBudget.isEmpty {
            let reason = "\(fieldsOverBudget.joined(separator: ", ")) would format past \(OutputBudget.explanation)"
            refusal = refusal.map { "\($0); \(reason)" } ?? reason
            after += overBudget
        }
        // The device's issues are kept as facts and written if the caller reads them.
        let findings = DeferredFindings.recording(
            issues, before: diagnostics, after: after, model: model, limit: DeviceContext.diagnosticsPerKind, scope: "this payload")
        var result = LocalizedPayload(
            payloadBytes: refusal == nil ? bytes : nil, source: refusal == nil ? source : .none, refusal: refusal, mode: mode,
            preferredLanguages: preferredLanguages, localization: context.localization, title: texts.title, subtitle: texts.subtitle,
            body: texts.body, byteCount: bytes.count, findings: findings)
        result.fallbacks = fallbacks
        return result
    }

    /// The text each field of `payload` gets in server mode for a device that selected
    /// `context`, as ``localize(_:preferredLanguages:mode:device:fallback:keepKeys:detail:)`` fills it
    /// in with the fail policy, without resolving what the device would show, collecting
    /// diagnostics or writing the payload: checks that take every payload to every localization
    /// need only the text.
    func serverTexts(_ payload: NotificationPayload, in context: DeviceContext, language: String, device: DeviceKind = .iphone) -> AlertTexts {
        var texts = AlertTexts()
        guard let alert = payload.aps.alert else { return texts }
        let formatter = serverFormatter(language: context.localization ?? language, numbers: language.isEmpty ? nil : language, device: device)
        var ignored: [LocalizationDiagnostic] = []
        var refused: [LocalizationDiagnostic] = []
        for name in AlertFieldName.inDisplayOrder {
            let field = alert[name]
            guard !field.isEmpty else { continue }
            texts[field: name] =
                serverText(field, name: name, table: context.table, formatter: formatter, diagnostics: &ignored, refusals: &refused).text
            ignored.removeAll(keepingCapacity: true)
        }
        texts.isOverBudget = !refused.isEmpty
        return texts
    }

    /// A field's text from the development region's table, formatted for the user's numbers.
    private func developmentRegionText(
        _ field: AlertField, name: AlertFieldName, numbers: String?, device: DeviceKind, diagnostics: inout [LocalizationDiagnostic]
    ) -> (text: String, localization: String)? {
        let region = model.app.developmentRegion ?? "en"
        let context = self.context(preferredLanguages: [region])
        guard let localization = context.localization else { return nil }
        let formatter = serverFormatter(language: localization, numbers: numbers, device: device)
        let text = serverText(field, name: name, table: context.table, formatter: formatter, diagnostics: &diagnostics)
        guard text.outcome == nil, let finished = text.text else { return nil }
        return (finished, localization)
    }

    /// One field's text in server mode, and, when the table had no text for its key, what
    /// shows instead (as on a device).
    private func serverText(
        _ field: AlertField, name: AlertFieldName, table: DeviceTable?, formatter: ServerFormatter, diagnostics: inout [LocalizationDiagnostic]
    ) -> (text: String?, outcome: LocalizedPayload.Fallback.Outcome?) {
        var refusals: [LocalizationDiagnostic] = []
        let text = serverText(field, name: name, table: table, formatter: formatter, diagnostics: &diagnostics, refusals: &refusals)
        diagnostics += refusals
        return text
    }

    /// One field's text in server mode; a text past the output budget is nil, with its finding
    /// in `refusals`.
    private func serverText(
        _ field: AlertField, name: AlertFieldName, table: DeviceTable?, formatter: ServerFormatter, diagnostics: inout [LocalizationDiagnostic],
        refusals: inout [LocalizationDiagnostic]
    ) -> (text: String?, outcome: LocalizedPayload.Fallback.Outcome?) {
        guard let key = field.locKey else { return (field.text, nil) }
        let arguments = (field.locArgs ?? []).map(FormatArgument.init)
        let entry = table?.entry(key)
        let result: (text: String, problems: [ServerFormatter.Problem])
        if let entry, entry.text.isEmpty {
            return (key, .showsKey)  // found but empty: the device shows the key
        } else if let entry, let localized = entry.localized {
            result = formatter.format(localized, arguments: arguments)
        } else if let entry {
            result = formatter.format(entry.format, arguments: arguments)
        } else {
            result = formatter.format(field.text ?? key, arguments: arguments)
        }
        let location = entry?.location ?? field.location ?? SourceLocation(line: 1, column: 1)
        if result.problems.contains(where: \.isOutputOverBudget) {
            refusals.append(
                DeviceIssue.overBudget(key: key, place: entry.map { " (\($0.localization))" } ?? "", locArgs: name.keys.locArgs, at: location))
            return (nil, nil)
        }
        for problem in result.problems {
            diagnostics.append(
                LocalizationDiagnostic(
                    .localizeFormatProblem,
                    at: location, "\"\(key)\": \(problem.message)"))
        }
        if result.text.isEmpty { return (key, .showsKey) }
        if entry == nil { return (result.text, field.text == nil ? .showsKey : .showsPayloadText) }
        return (result.text, nil)
    }
}

/// The finished text of each field; nil where the alert has none.
struct AlertTexts: PerAlertField {
    var title: String?
    var subtitle: String?
    var body: String?
    /// A field's text would pass the output budget: it is nil, and `localize` sends nothing.
    var isOverBudget = false
}

/// Rewrites `aps.alert` with finished text, keeping every other key and the order of keys.
enum PayloadRewriter {
    /// A field's bit in a set of fields, one bit each.
    static func bit(_ name: AlertFieldName) -> UInt8 { name == .title ? 1 : name == .subtitle ? 2 : 4 }

    /// - Parameter keepKeys: keep each field's `*-loc-key` and `*-loc-args` beside the text, so
    ///   that a build that has the key shows its own translation and one that lacks it shows the
    ///   text instead of the key.
    static func rewrite(_ document: LocatedJSON, texts: AlertTexts, keepKeys: Bool = false) -> LocatedJSON {
        // A device reads the last of duplicate keys; the earlier `aps` (or `alert`) would still
        // carry the raw loc-key to any reader that takes the first, so it is not sent at all.
        guard case .object(var members) = document.value,
            let apsIndex = members.lastIndex(where: { $0.key == "aps" }),
            case .object(var aps) = members[apsIndex].value.value,
            let alertIndex = aps.lastIndex(where: { $0.key == "alert" }),
            case .object(let alert) = aps[alertIndex].value.value
        else { return document }
        var keptAlert = alertIndex
        if aps.firstIndex(where: { $0.key == "alert" }) != alertIndex {
            aps = aps.enumerated().filter { $0.element.key != "alert" || $0.offset == alertIndex }.map(\.element)
            keptAlert = aps.lastIndex { $0.key == "alert" }!
        }
        var rewritten: [LocatedJSON.Member] = []
        rewritten.reserveCapacity(alert.count)
        // Fields whose text is written, one bit each (a Set was a sixth of rewriting).
        var written: UInt8 = 0
        for member in alert {
            guard let (name, isText) = APSReader.AlertKey.named(member.key)?.field else {
                rewritten.append(member)
                continue
            }
            // The field's text goes where its first key was; its other keys are dropped (or,
            // with keepKeys, kept after it).
            let bit = Self.bit(name)
            let isFirstKey = written & bit == 0
            written |= bit
            if isFirstKey, var text = texts[field: name] {
                // A build without the key formats the raw text with the field's arguments
                // (docs/device-behaviour.md §2): its percent signs must survive that as themselves.
                if keepKeys, let arguments = alert.last(where: { $0.key == name.keys.locArgs })?.value.items, !arguments.isEmpty {
                    text = text.replacing("%", with: "%%")
                }
                rewritten.append(LocatedJSON.Member(key: name.keys.text, value: .string(text)))
            }
            if keepKeys && !isText && texts[field: name] != nil {
                rewritten.append(member)
            }
        }
        aps[keptAlert].value = LocatedJSON(.object(rewritten), location: aps[keptAlert].value.location)
        members[apsIndex].value = LocatedJSON(.object(aps), location: members[apsIndex].value.location)
        if members.firstIndex(where: { $0.key == "aps" }) != apsIndex {
            members = members.enumerated().filter { $0.element.key != "aps" || $0.offset == apsIndex }.map(\.element)
        }
        return LocatedJSON(.object(members), location: document.location)
    }
}

/// What a server formatter is made for.
struct FormatterKey: Hashable, Sendable {
    var language: String
    var numbers: String
    var device: DeviceKind
}

extension AlertRenderer {
    /// Formatters per (table language, number locale, device), created once and kept in a
    /// bounded cache (``AlertRenderer/formatterCacheLimit``).
    func serverFormatter(language: String, numbers: String?, device: DeviceKind) -> ServerFormatter {
        formatters.value(for: FormatterKey(language: language, numbers: numbers ?? language, device: device)) {
            if let numbers, numbers != language {
                return ServerFormatter(numberLocale: numbers, pluralLocale: language, device: device, plurals: plurals)
            }
            return ServerFormatter(locale: language, device: device, plurals: plurals)
        }
    }
}
