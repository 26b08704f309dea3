/// An Android app's renderer, built once per app like ``AlertRenderer``: the linked resources
/// and the app's name, for previews, lint and localization on the server.
///
/// ```swift
/// let android = AndroidAlertRenderer(resources: try AndroidAppResources(resourceDirectory: "app/src/main/res"))
/// let message = FCMMessage(parsing: Array(#"{"message": {"android": {"notification": {"body_loc_key": "new_message", "body_loc_args": ["Ana"]}}}}"#.utf8))
/// print(android.render(message, deviceLocales: ["fr-CA"]).body ?? "")                  // Ana vous a écrit
/// let localized = android.localize(message, preferredLanguages: ["fr-CA"])
/// print(localized.message?.serialized() ?? localized.error ?? "")                        // {"message":{"android":{"notification":{"body":"Ana vous a écrit"}}}}
/// ```
public struct AndroidAlertRenderer: Sendable {
    /// The app's linked resources.
    public let resources: AndroidAppResources
    /// The app's label: an untitled notification shows it.
    public let appName: String

    /// The name used when neither the caller nor the resources give one (the label is then in
    /// the manifest, which is not read): `<app name>`.
    public static let unnamedApp = "<app name>"

    /// A renderer of `resources`; the app's name is `appName`, else the default folder's
    /// `app_name` string, else ``unnamedApp``.
    public init(resources: AndroidAppResources, appName: String? = nil) {
        self.resources = resources
        self.appName =
            appName ?? resources.folders.first { $0.qualifiers.locale == nil && $0.qualifiers.otherQualifiers.isEmpty }?.files.lazy
            .compactMap { $0.text(ofString: "app_name") }.first ?? Self.unnamedApp
    }

    /// The app's locales, as the phone lists them (``AndroidAppResources/locales``).
    public var locales: [String] { resources.locales }

    /// One phone per locale of the app (one in en-US for an app with none): the devices a
    /// preview or a localization takes when none are asked for.
    public var devicePerLocale: [[String]] { locales.isEmpty ? [["en-US"]] : locales.map { [$0] } }

    /// What a phone whose locales are `deviceLocales` (best first) shows for `message`.
    public func render(_ message: FCMMessage, deviceLocales: [String]) -> AndroidRendering {
        AndroidRenderer.render(message, deviceLocales: deviceLocales, resources: resources, appName: appName)
    }

    /// What the phone shows for `message`, for a server to write. Big text shows big_title and
    /// big_body, which are sent as they are: the server fills in title and body, as the phone
    /// resolves them without the big text.
    private func shownText(of message: FCMMessage, _ preferredLanguages: [String]) -> AndroidRendering {
        var rendering = render(message, deviceLocales: preferredLanguages)
        // The channel is tested first: reading `huawei` copies it.
        if message.channel == .huawei, message.huawei?.style == 1 {
            var plain = message
            plain.huawei?.style = nil
            let text = render(plain, deviceLocales: preferredLanguages)
            (rendering.title, rendering.body, rendering.titleFolder, rendering.bodyFolder) = (
                text.title, text.body, text.titleFolder, text.bodyFolder
            )
        }
        return rendering
    }

    /// The message a server sends instead of `message` to a user whose languages are
    /// `preferredLanguages`: the title and body filled in with what that phone would show, and
    /// their loc keys and args removed; or a refusal when the phone would crash, or show a key's
    /// field empty or with its specifiers.
    ///
    /// In server mode, a loc key that names a `<plurals>` (`"new_photos"` or `"plurals/new_photos"`)
    /// is resolved when `quantities` gives the field's count: the item for the count's CLDR
    /// category in the resolved locale (`other` when the folder lacks it), formatted with the
    /// field's loc args (with none, the count itself, as `getQuantityString(id, n, n)`); a `%d`
    /// whose argument is an integer is written with the locale's digits. Device mode shows what
    /// FCM itself does, which has no plurals.
    ///
    /// `channel` is where the result goes: the message's own service by default (FCM, or Huawei
    /// Push Kit, whose `multi_lang_key` is then removed too), or a channel that takes only
    /// finished text (``PushChannel/textOnly``), whose request body is written instead with
    /// that text (an untitled message gets the app's name as its title) and refused when the
    /// channel would refuse it (``ChannelRequest``).
    public func localize(
        _ message: FCMMessage, preferredLanguages: [String], mode: LocalizationMode = .server, quantities: FCMQuantities = FCMQuantities(),
        channel: PushChannel? = nil
    ) -> LocalizedFCMMessage {
        var result = LocalizedFCMMessage(mode: mode, preferredLanguages: preferredLanguages)
        let channel = channel.flatMap { $0.takesLocKeys ? nil : $0 } ?? message.channel
        result.channel = channel
        // The document is read only where it is needed: a message written from its text never is.
        guard message.hasDocument, message.diagnostics.allSatisfy({ $0.severity != .error }) else {
            result.diagnostics = message.diagnostics
            result.refusal =
                message.diagnostics.first { $0.severity == .error }.map { "the message is not valid: \($0.message)" } ?? "not a JSON object"
            return result
        }
        guard message.android != nil else {
            // A data message: Firebase shows nothing by itself, so there is nothing to fill in.
            if channel.takesLocKeys {
                result.message = message.document
            } else {
                result.refusal = "a data message has no notification text to send through \(channel.name)"
            }
            return result
        }
        // The message is copied only to resolve plurals into it: copying it on every call
        // retained each of its parts (about 170 instructions a message).
        var withPlurals: FCMMessage?
        if mode == .server && (quantities.title != nil || quantities.body != nil) {
            var working = message
            result.resourceLocale = resources.resourceLocale(deviceLocales: preferredLanguages).tag
            for field in FCMQuantities.Field.allCases {
                guard let quantity = quantities[field] else { continue }
                switch pluralText(field, of: message, quantity: quantity, resourceLocale: result.resourceLocale) {
                case nil: continue
                case .success(let (text, folder))?:
                    working.android?.setResolved(field, text: text)
                    result.pluralFolders[field] = folder
                case .failure(let refusal)?:
                    result.refusal = refusal.message
                    return result
                }
            }
            withPlurals = working
        }
        let rendering = if let withPlurals { shownText(of: withPlurals, preferredLanguages) } else { shownText(of: message, preferredLanguages) }
        result.diagnostics = rendering.diagnostics
        result.resourceLocale = rendering.resourceLocale
        // Decided from the facts, not from the findings (which a filter may have left out).
        let breaking = rendering.issues.first(where: \.breaksTheNotification)
        if case .crash(let exception) = rendering.outcome {
            let why = breaking.map { ": \($0.diagnostic.message)" } ?? ""
            result.refusal = "the app would crash (\(exception)) and show nothing\(why)"
            return result
        }
        if let breaking {
            result.refusal = breaking.diagnostic.message
            if breaking.id == .androidLocKeyNotAString && mode == .server {
                result.refusal! += " (a server resolves a <plurals> given the field's count: \"quantities\": {\"body\": 3}, or --quantity body=3)"
            }
            return result
        }
        // An untitled notification shows the app's name by itself: no title is written for it,
        // except to a channel that shows only the text it is sent.
        let untitled = rendering.issues.contains { $0.kind == .untitled }
        result.title = untitled ? nil : rendering.title
        result.body = rendering.body
        result.titleFolder = result.pluralFolders[.title] ?? rendering.titleFolder
        result.bodyFolder = result.pluralFolders[.body] ?? rendering.bodyFolder
        guard !channel.takesLocKeys else {
            // Written straight from the message's text when it has one (an FCM message the
            // direct reader took); else through the tree.
            if channel == .fcm, let text = message.documentText,
                let bytes = FCMMessageRewriter.rewrittenBytes(text, title: result.title, body: result.body)
            {
                result.source = .written(message, title: result.title, body: result.body, bytes: bytes)
                return result
            }
            let rewritten = FCMMessageRewriter.rewrite(message.document!, title: result.title, body: result.body)
            // The text written may take a Huawei message past its 4,096 bytes.
            if channel == .huawei, let problem = HuaweiMessageReading.sizeProblem(of: rewritten["message"] ?? rewritten) {
                result.diagnostics.append(
                    problem.diagnostic(at: SourceLocation(file: message.file, line: 1, column: 1), language: nil, text: ChannelText()))
                result.refusal = result.diagnostics.last!.message + " once its text is filled in"
                return result
            }
            result.message = rewritten
            return result
        }
        if untitled && appName != Self.unnamedApp { result.title = appName }
        // A channel that takes only text (those that take loc keys were answered above). OPPO's
        // style numbers are its own, not Huawei's: its default style is written.
        guard
            let request = ChannelRequest(
                channel: channel, text: ChannelText(title: result.title, body: result.body),
                targets: message.huawei?.tokens ?? Self.token(of: message.document!).map { [$0] } ?? [])
        else { return result }
        // A field's problem is where its text comes from: its loc key, else its literal text.
        let notification = message.android
        let start = SourceLocation(file: message.file, line: 1, column: 1)
        let title = notification?.titleLocKey?.location ?? notification?.title?.location
        let body = notification?.bodyLocKey?.location ?? notification?.body?.location
        let findings = request.diagnostics(
            at: { part in (part == .title ? title : part == .body ? body : nil) ?? body ?? title ?? start },
            language: rendering.resourceLocale ?? preferredLanguages.first)
        result.diagnostics += findings
        result.channelRequest = request
        if let refusal = findings.first {
            result.refusal = refusal.message
            return result
        }
        result.message = request.body
        return result
    }

    /// The server's text of a field whose loc key names a `<plurals>`; nil when it names none
    /// (the phone's own rules then apply).
    private func pluralText(
        _ field: FCMQuantities.Field, of message: FCMMessage, quantity: Double, resourceLocale: String?
    ) -> Result<(String, String), Refusal>? {
        guard let notification = message.android, notification.raw(field)?.value.isEmpty ?? true, let key = notification.locKey(field)?.value
        else { return nil }
        let name: String
        if key.hasPrefix("plurals/") {
            name = String(key.dropFirst("plurals/".count))
        } else if !key.contains("/"), !key.contains(":"), !resources.defines(string: key) {
            name = key
        } else {
            return nil
        }
        guard let (plurals, folder) = resources.plurals(named: name, forResourceLocale: resourceLocale) else {
            return key.hasPrefix("plurals/")
                ? .failure(Refusal("no values folder for \(resourceLocale ?? "the device") defines plurals \"\(name)\"")) : nil
        }
        let language = resourceLocale.flatMap { AndroidLocale(languageTag: $0)?.language } ?? "en"
        let isInteger = quantity.rounded() == quantity
        let category = Self.pluralRules.rules(for: resourceLocale ?? "en").category(for: quantity, fractionDigits: isInteger ? 0 : 1)
        guard let value = plurals.items[category.rawValue] ?? plurals.items["other"] else {
            return .failure(Refusal("plurals \"\(name)\" in \(folder) has no \(category.rawValue) or other item"))
        }
        let item: String
        switch value {
        case .text(let text): item = text
        case .reference(let type, let target):
            guard let resolved = resources.resolvedText(of: AndroidResourceName(type: type, name: target), forResourceLocale: resourceLocale)
            else {
                return .failure(Refusal("plurals \"\(name)\" in \(folder) refers to @\(type)/\(target), which has no text"))
            }
            if let unresolved = resolved.unresolved {
                return .failure(
                    Refusal(
                        "plurals \"\(name)\" in \(folder) refers to @\(type)/\(target), which "
                            + AndroidDeviceIssue.neverReachesText(chain: unresolved.chain, shown: unresolved.shown)))
            }
            item = resolved.text
        }
        let quantityText = isInteger && abs(quantity) < 1e15 ? String(Int64(quantity)) : String(quantity)
        let arguments = notification.locArgs(field) ?? [quantityText]
        let numbers = LocaleNumberFormatter(locale: resourceLocale ?? "en")
        switch JavaFormatter.format(item, arguments, languageCode: language, integers: { numbers.format($0) }) {
        case .success(let text): return .success((text, folder))
        case .failure(let error) where error.isOutOfMemory:
            return .failure(Refusal("plurals \"\(name)\" in \(folder) formatted with its loc args \(error.overBudgetExplanation)"))
        case .failure(let error):
            return .failure(Refusal("plurals \"\(name)\" in \(folder) cannot be formatted with \(arguments): \(error)"))
        }
    }

    private static let pluralRules = PluralRulesCache()

    /// FCM's `message.token`, the device a message goes to.
    static func token(of document: LocatedJSON) -> String? { (document["message"] ?? document)["token"]?.stringValue }

    struct Refusal: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }
}

/// The count of a field whose loc key names a `<plurals>`, in a server-mode localization.
public struct FCMQuantities: Sendable, Hashable {
    /// The notification fields a count applies to.
    public enum Field: String, Sendable, Hashable, CaseIterable {
        case title, body
    }
    /// The title's count.
    public var title: Double?
    /// The body's count.
    public var body: Double?

    /// Counts for the title and the body (nil: none).
    public init(title: Double? = nil, body: Double? = nil) {
        self.title = title
        self.body = body
    }

    /// The count of `field`.
    public subscript(field: Field) -> Double? {
        get { field == .title ? title : body }
        set { if field == .title { title = newValue } else { body = newValue } }
    }
}

/// An FCM message localized for one user: the message to send, or why there is none.
public struct LocalizedFCMMessage: Sendable {
    /// How it was localized.
    public var mode: LocalizationMode
    /// The service the result is sent through: FCM, Huawei Push Kit, or a channel that takes
    /// only text (then ``message`` is that channel's request body).
    public var channel: PushChannel = .fcm
    /// The preferred languages it was localized for.
    public var preferredLanguages: [String]
    /// The locale the app's resources resolved for (`fr-CA`); nil for the default folder.
    public var resourceLocale: String?
    /// The title written into the message; nil when the phone shows the app's name.
    public var title: String?
    /// The body written; nil when there is none.
    public var body: String?
    /// The folders the title's and the body's text came from.
    public var titleFolder: String?
    public var bodyFolder: String?
    /// The whole request document to send (`{"message": {…}}`), with `android.notification`'s
    /// title and body set and its loc keys and args removed; nil when refused.
    ///
    /// Written straight from the request's text (``messageBytes``), the message's tree is made
    /// the first time this is read.
    public var message: LocatedJSON? {
        get {
            switch source {
            case .none: nil
            case .tree(let tree): tree
            case .written(let original, let title, let body, _): original.document.map { FCMMessageRewriter.rewrite($0, title: title, body: body) }
            }
        }
        set { source = newValue.map { .tree($0) } ?? .none }
    }
    /// ``message`` as compact UTF-8 JSON: the request body to send.
    public var messageBytes: [UInt8]? {
        switch source {
        case .none: nil
        case .tree(let tree): tree.serializedBytes()
        case .written(_, _, _, let bytes): bytes
        }
    }
    /// Where ``message`` comes from.
    var source: Source = .none

    enum Source: Sendable {
        case none
        case tree(LocatedJSON)
        /// Written from the original's text: `bytes` are the tree's compact JSON, and the tree
        /// is the original rewritten with this title and body.
        case written(FCMMessage, title: String?, body: String?, bytes: [UInt8])
    }

    /// ``messageBytes`` when written from the request's text.
    var messageBytesAsWritten: [UInt8]? {
        guard case .written(_, _, _, let bytes) = source else { return nil }
        return bytes
    }
    /// For a channel that takes only text: the request written, with what the channel would
    /// refuse in it (set also when refused for that reason).
    public var channelRequest: ChannelRequest?
    /// Why nothing may be sent; nil when ``message`` may be.
    public var refusal: String?
    /// The message's findings and the rendering's.
    public var diagnostics: [LocalizationDiagnostic] = []
    var pluralFolders: [FCMQuantities.Field: String] = [:]

    /// What the channel would refuse in its request (a text too long, a field missing): the
    /// findings of a text-only channel beside those of the phone's rendering.
    public var channelFindings: [LocalizationDiagnostic] {
        diagnostics.filter { $0.id == .channelTextTooLong || $0.id == .channelTextMissing }
    }
    /// Whether there is a message to send.
    public var isSendable: Bool { hasMessage && refusal == nil }
    /// Whether there is a message (``message`` is not nil), without making its tree.
    var hasMessage: Bool {
        if case .none = source { return false }
        return true
    }
    /// Why this result must not be sent; nil when it may be.
    public var error: String? { refusal }

    init(mode: LocalizationMode, preferredLanguages: [String]) {
        self.mode = mode
        self.preferredLanguages = preferredLanguages
    }
}

extension FCMMessage.AndroidNotification {
    func raw(_ field: FCMQuantities.Field) -> FCMMessage.Field? { field == .title ? title : body }
    func locKey(_ field: FCMQuantities.Field) -> FCMMessage.Field? { field == .title ? titleLocKey : bodyLocKey }
    func locArgs(_ field: FCMQuantities.Field) -> [String]? { field == .title ? titleLocArgs : bodyLocArgs }

    /// The field as the server filled it in: raw text, no loc key.
    mutating func setResolved(_ field: FCMQuantities.Field, text: String) {
        let location = locKey(field)?.location
        if field == .title {
            title = FCMMessage.Field(value: text, location: location)
            titleIsCommon = false
            titleLocKey = nil
            titleLocArgs = nil
        } else {
            body = FCMMessage.Field(value: text, location: location)
            bodyIsCommon = false
            bodyLocKey = nil
            bodyLocArgs = nil
        }
    }
}

/// Writes finished text into an FCM request document: `android.notification.title` and `body`
/// set (created where missing), their loc keys and args removed, every other member kept in
/// its place.
enum FCMMessageRewriter {
    /// What the phone would resolve, removed once the server has: Huawei's multi_lang_key too.
    static let locMembers: Set<String> = ["title_loc_key", "title_loc_args", "body_loc_key", "body_loc_args", "multi_lang_key"]

    /// The bytes ``rewrite(_:title:body:)`` gives once serialized compactly, written straight
    /// from the JSON text of a message the direct reader took, as
    /// ``PayloadRewriter/rewrittenBytes(_:texts:keepKeys:)`` writes a payload; nil when the
    /// tree must write it (a string with an escape, U+2028 or U+2029).
    static func rewrittenBytes(_ text: ArraySlice<UInt8>, title: String?, body: String?) -> [UInt8]? {
        CompactJSONCopier.write(text) { copier throws(CompactJSONCopier.GiveUp) in try copier.rewriteFCMRequest(title: title, body: body) }
    }

    static func rewrite(_ document: LocatedJSON, title: String?, body: String?) -> LocatedJSON {
        guard case .object(var root) = document.value else { return document }
        if let index = root.lastIndex(where: { $0.key == "message" }) {
            root[index].value = rewriteMessage(root[index].value, title: title, body: body)
            return LocatedJSON(.object(root), location: document.location)
        }
        return rewriteMessage(document, title: title, body: body)
    }

    private static func rewriteMessage(_ message: LocatedJSON, title: String?, body: String?) -> LocatedJSON {
        guard case .object(var members) = message.value else { return message }
        guard let androidIndex = members.lastIndex(where: { $0.key == "android" }), case .object(var android) = members[androidIndex].value.value,
            let notificationIndex = android.lastIndex(where: { $0.key == "notification" }),
            case .object(let notification) = android[notificationIndex].value.value
        else { return message }
        var rewritten: [LocatedJSON.Member] = []
        var wroteTitle = false
        var wroteBody = false
        for member in notification {
            switch member.key {
            case "title", "title_loc_key":
                if !wroteTitle, let title { rewritten.append(LocatedJSON.Member(key: "title", value: .string(title))) }
                wroteTitle = true
            case "body", "body_loc_key":
                if !wroteBody, let body { rewritten.append(LocatedJSON.Member(key: "body", value: .string(body))) }
                wroteBody = true
            case _ where locMembers.contains(member.key):
                continue
            default:
                rewritten.append(member)
            }
        }
        android[notificationIndex].value = LocatedJSON(.object(rewritten), location: android[notificationIndex].value.location)
        members[androidIndex].value = LocatedJSON(.object(android), location: members[androidIndex].value.location)
        return LocatedJSON(.object(members), location: message.location)
    }
}
