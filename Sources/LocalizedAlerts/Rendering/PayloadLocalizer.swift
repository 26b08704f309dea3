import Synchronization

/// How to produce the text of a localized payload.
public enum LocalizationMode: String, Sendable, Hashable, CaseIterable, Codable {
    /// Exactly what the phone would have shown: the device formatter, plurals unresolved.
    case device
    /// What the text should say: plurals resolved with ICU rules, real format specifiers,
    /// numbers written for the user's locale.
    case server
}

/// A payload with finished text: `title`, `subtitle` and `body` filled in for one device, the
/// `*-loc-key` and `*-loc-args` keys of those fields removed, everything else untouched.
public struct LocalizedPayload: Sendable {
    /// The payload to send: the original document with the alert's text filled in and its keys removed.
    public var payload: LocatedJSON
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
    public var diagnostics: [LocalizationDiagnostic]
}

extension DiagnosticID {
    /// `localize.format-problem` (warning). Server-side formatting could not do what the format asked.
    public static let localizeFormatProblem = DiagnosticID(
        "localize.format-problem", .warning, .formats,
        rationale: "Server-side formatting could not do what the format asked.",
        example: "%d with the argument \"Ana\"")
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
    /// guard !localized.exceedsLimit else { throw PushError.tooLarge(localized.byteCount) }
    /// let body = localized.payload.serialized()   // title and body filled in, keys removed
    /// ```
    ///
    /// - Parameters:
    ///   - payload: The payload with `*-loc-key` and `*-loc-args`.
    ///   - preferredLanguages: The device's preferred languages, best first.
    ///   - mode: `.server` resolves plurals and formats numbers; `.device` reproduces the phone.
    ///   - device: for device-specific variants in server mode.
    /// - Returns: The payload with finished text, its size as sent, and what looks wrong.
    public func localize(
        _ payload: NotificationPayload, preferredLanguages: [String], mode: LocalizationMode = .server, device: DeviceKind = .iphone
    ) -> LocalizedPayload {
        let context = self.context(preferredLanguages: preferredLanguages)
        let resolution = context.resolve(payload)
        var texts: [AlertFieldName: String] = [:]
        // What is wrong with the payload itself (a loc-key that is a number, loc-args that are
        // not an array) matters whichever mode fills in the text.
        var diagnostics = payload.diagnostics
        var issues = resolution.issues
        switch mode {
        case .device:
            for (name, field) in resolution.fields { texts[name] = field.text }
        case .server:
            // The server formats plurals and specifiers itself; what stays true is which text
            // is found at all.
            issues = issues.filter { issue in
                switch issue.kind {
                case .keyMissing, .keyInOtherTable, .emptyValue, .unreadableTable, .noLocalizableTable, .bodyWithLocKey: true
                default: false
                }
            }
            if let alert = payload.aps.alert {
                let numberLocale = preferredLanguages.first.flatMap { $0.isEmpty ? nil : $0 }
                let formatter = serverFormatter(language: context.localization ?? preferredLanguages.first ?? "en", numbers: numberLocale, device: device)
                for (name, field) in alert.fields where !field.isEmpty {
                    texts[name] = serverText(field, table: context.table, formatter: formatter, diagnostics: &diagnostics)
                }
            }
        }
        var limit = PerKindLimit(DeviceContext.diagnosticsPerKind)
        diagnostics += issues.compactMap { issue in limit.admit(issue.id) ? issue.diagnostic(model: model) : nil }
        limit.noteUnlisted(in: &diagnostics, scope: "this payload")
        let document = PayloadRewriter.rewrite(payload.document, texts: texts)
        return LocalizedPayload(
            payload: document, mode: mode, preferredLanguages: preferredLanguages, localization: context.localization,
            title: texts[.title], subtitle: texts[.subtitle], body: texts[.body],
            byteCount: document.withoutSimulatorTarget.serialized().utf8.count,
            diagnostics: diagnostics.cappedPerID(DeviceContext.diagnosticsPerKind, scope: "this payload"))
    }

    /// One field's text in server mode.
    private func serverText(_ field: AlertField, table: DeviceTable?, formatter: ServerFormatter, diagnostics: inout [LocalizationDiagnostic]) -> String? {
        guard let key = field.locKey else { return field.text }
        let arguments = (field.locArgs ?? []).map(FormatArgument.init)
        let entry = table?.entry(key)
        let result: (text: String, problems: [ServerFormatter.Problem])
        if let entry, entry.text.isEmpty {
            return key  // found but empty: the device shows the key
        } else if let entry, let localized = entry.localized {
            result = formatter.format(localized, arguments: arguments)
        } else if let entry {
            result = formatter.format(entry.text, arguments: arguments)
        } else {
            result = formatter.format(field.text ?? key, arguments: arguments)
        }
        for problem in result.problems {
            diagnostics.append(
                LocalizationDiagnostic(
                    .localizeFormatProblem,
                    at: entry?.location ?? field.location ?? SourceLocation(line: 1, column: 1),
                    "\"\(key)\": \(problem.message)"))
        }
        return result.text.isEmpty ? key : result.text
    }
}

/// Rewrites `aps.alert` with finished text, keeping every other key and the order of keys.
enum PayloadRewriter {
    static func rewrite(_ document: LocatedJSON, texts: [AlertFieldName: String]) -> LocatedJSON {
        // A device reads the last of duplicate keys; the earlier `aps` (or `alert`) would still
        // carry the raw loc-key to any reader that takes the first, so it is not sent at all.
        guard case .object(var members) = document.value,
            let apsIndex = members.lastIndex(where: { $0.key == "aps" }),
            case .object(var aps) = members[apsIndex].value.value,
            let alertIndex = aps.lastIndex(where: { $0.key == "alert" }),
            case .object(let alert) = aps[alertIndex].value.value
        else { return document }
        aps = aps.enumerated().filter { $0.element.key != "alert" || $0.offset == alertIndex }.map(\.element)
        let keptAlert = aps.lastIndex { $0.key == "alert" }!
        var rewritten: [LocatedJSON.Member] = []
        var written: Set<AlertFieldName> = []
        for member in alert {
            guard let name = AlertFieldName.allCases.first(where: { name in
                let keys = name.keys
                return member.key == keys.text || member.key == keys.locKey || member.key == keys.locArgs
            }) else {
                rewritten.append(member)
                continue
            }
            // The field's text goes where its first key was; its other keys are dropped.
            if !written.contains(name) {
                written.insert(name)
                if let text = texts[name] {
                    rewritten.append(LocatedJSON.Member(key: name.keys.text, value: .string(text)))
                }
            }
        }
        aps[keptAlert].value = LocatedJSON(.object(rewritten), location: aps[keptAlert].value.location)
        members[apsIndex].value = LocatedJSON(.object(aps), location: members[apsIndex].value.location)
        members = members.enumerated().filter { $0.element.key != "aps" || $0.offset == apsIndex }.map(\.element)
        return LocatedJSON(.object(members), location: document.location)
    }
}

extension AlertRenderer {
    /// Formatters per (table language, number locale, device), created once and kept in a
    /// bounded cache (``AlertRenderer/formatterCacheLimit``).
    func serverFormatter(language: String, numbers: String?, device: DeviceKind) -> ServerFormatter {
        formatters.value(for: "\(language)|\(numbers ?? language)|\(device.rawValue)") {
            if let numbers, numbers != language {
                return ServerFormatter(numberLocale: numbers, pluralLocale: language, device: device, plurals: plurals)
            }
            return ServerFormatter(locale: language, device: device, plurals: plurals)
        }
    }
}
