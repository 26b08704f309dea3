/// Diagnostic IDs of Huawei Push Kit messages.
extension DiagnosticID {
    /// `huawei.invalid-message` (error). Push Kit rejects the request: a Huawei-only field of the
    /// wrong type.
    public static let huaweiInvalidMessage = DiagnosticID(
        "huawei.invalid-message", .error, .payloads,
        rationale:
            "Huawei Push Kit rejects a request whose multi_lang_key is not an object of objects of strings, whose style is not 0, 1 or 3, whose validate_only or foreground_show is not a boolean, or whose loc args come without their loc key: nothing is sent.",
        example: "\"multi_lang_key\": {\"greeting\": \"Hello\"}")
    /// `huawei.missing-literal-text` (error). A notification without its literal title or body.
    public static let huaweiMissingLiteralText = DiagnosticID(
        "huawei.missing-literal-text", .error, .payloads,
        rationale:
            "Huawei's server SDK refuses a notification without a literal title and body (\"title should be set\", \"body should be set\"), loc keys or not: they are also what a phone shows when a loc key does not resolve.",
        example: "{\"message\": {\"android\": {\"notification\": {\"title_loc_key\": \"greeting\"}}}}")
    /// `huawei.too-many-languages` (error). `multi_lang_key` names more than three languages.
    public static let huaweiTooManyLanguages = DiagnosticID(
        "huawei.too-many-languages", .error, .payloads,
        rationale: "Huawei Push Kit takes text for at most 3 languages in multi_lang_key (最多设置3种语言): the rest must come from the app's strings.xml.",
        example: "multi_lang_key with en, zh, fr and de")
    /// `huawei.loc-key-unresolved` (error). A loc key the phone cannot resolve: assumed to show
    /// the literal text.
    public static let huaweiLocKeyUnresolved = DiagnosticID(
        "huawei.loc-key-unresolved", .error, .push,
        rationale:
            "Neither multi_lang_key nor the app's strings.xml gives the loc key a text the phone can format: the user does not see the localized text (the literal title or body is shown instead, an assumption).",
        example: "body_loc_key \"new_mesage\" when strings.xml has new_message")
    /// `huawei.big-text-hides-loc-key` (warning). `style: 1` shows `big_title`/`big_body`, which
    /// take no loc key.
    public static let huaweiBigTextHidesLocKey = DiagnosticID(
        "huawei.big-text-hides-loc-key", .warning, .push,
        rationale:
            "With style 1 (big text) Huawei shows big_title and big_body instead of title and body; they are literal text, so the localized title or body is not what the user reads.",
        example: "\"style\": 1, \"big_body\": \"…\" with body_loc_key \"new_message\"")
    /// `huawei.assumed-behaviour` (note). What the phone shows here depends on behaviour Huawei
    /// does not document; the product's choice is stated.
    public static let huaweiAssumedBehaviour = DiagnosticID(
        "huawei.assumed-behaviour", .note, .push,
        rationale:
            "Huawei does not document which wins between a literal title and its loc key, how multi_lang_key's languages match a phone's, or what a missing key shows: what is shown here rests on a stated assumption, not on a device fact.",
        example: "multi_lang_key {\"greeting\": {\"zh\": \"你好\"}} on a phone in zh-Hant-TW")
}

/// What Huawei Push Kit leaves undocumented and the product assumes. Every output that depends
/// on one of these says so, in these words (docs/china.md gives the reasons).
public enum HuaweiAssumption: String, Sendable, Hashable, CaseIterable {
    /// A loc key that resolves wins over the literal title or body.
    case locKeyWinsOverLiteral = "loc-key-wins"
    /// multi_lang_key is matched against the phone's first locale only.
    case multiLanguageMatching = "multi-lang-key-matching"
    /// A loc key that does not resolve shows the literal title or body.
    case literalWhenUnresolved = "literal-when-unresolved"
    /// The phone resolves the app's strings.xml with Android's resource rules.
    case androidResourceRules = "android-resource-rules"
    /// multi_lang_key's and the resources' text is formatted as Android's String.format does.
    case javaFormatting = "java-formatting"
    /// With style 1, a missing big_title or big_body leaves the title or body shown.
    case bigTextFallsBack = "big-text-falls-back"

    /// The assumption, in one sentence.
    public var statement: String {
        switch self {
        case .locKeyWinsOverLiteral:
            "a loc key that resolves is shown rather than the literal title or body (Huawei requires both and does not say which wins)"
        case .multiLanguageMatching:
            "multi_lang_key is matched against the phone's first locale: the same language, script and region first, then a language without region whose likely script is the phone's (\"zh\" is Simplified Chinese: it matches zh-CN, not zh-Hant-TW)"
        case .literalWhenUnresolved:
            "a loc key that neither multi_lang_key nor strings.xml resolves shows the literal title or body"
        case .androidResourceRules:
            "the phone resolves the app's strings.xml with Android's resource rules for its locales, as for FCM"
        case .javaFormatting:
            "loc args are substituted as Android's String.format does (%s, %1$s), in multi_lang_key's text as in strings.xml"
        case .bigTextFallsBack:
            "with style 1, a missing big_title or big_body leaves the title or body shown"
        }
    }

    /// The finding that states it, at `location`.
    public func diagnostic(at location: SourceLocation) -> LocalizationDiagnostic {
        LocalizationDiagnostic(.huaweiAssumedBehaviour, at: location, "assumed, not documented by Huawei: \(statement)")
    }
}

/// The Huawei-only fields of `message.android.notification`.
public struct HuaweiNotificationFields: Sendable, Hashable {
    /// One language's text of a multi_lang_key entry.
    public struct LanguageText: Sendable, Hashable {
        public var language: String
        public var text: FCMMessage.Field
    }
    /// One entry of `multi_lang_key`: a loc key and the texts it carries.
    public struct MultiLanguageKey: Sendable, Hashable {
        public var key: String
        public var texts: [LanguageText]
    }
    /// `multi_lang_key`'s entries, in the message's order (the last of a key written twice
    /// wins, as JSON readers keep it).
    public var multiLanguageKeys: [MultiLanguageKey] = []
    /// `style` (1: big text).
    public var style: Int?
    /// `big_title` and `big_body`, shown instead of title and body with style 1.
    public var bigTitle: FCMMessage.Field?
    public var bigBody: FCMMessage.Field?
    /// `foreground_show`: whether the notification is shown while the app is in the
    /// foreground (default true).
    public var foregroundShow = true
    /// The device tokens (`message.token`).
    public var tokens: [String] = []

    public init() {}

    /// The languages named anywhere in multi_lang_key, in first-seen order.
    public var languages: [String] {
        var seen: Set<String> = []
        return multiLanguageKeys.flatMap(\.texts).map(\.language).filter { seen.insert(Self.normalized($0)).inserted }
    }

    /// The texts `key` carries, nil when multi_lang_key has no such key.
    public func texts(ofKey key: String) -> [LanguageText]? { multiLanguageKeys.last { $0.key == key }?.texts }

    /// The text `key` carries for a phone whose first locale is `deviceLocale`, as assumed
    /// (``HuaweiAssumption/multiLanguageMatching``); nil when none matches.
    public func text(ofKey key: String, deviceLocale: String) -> LanguageText? {
        guard let texts = texts(ofKey: key), let device = AndroidLocale(languageTag: Self.normalized(deviceLocale)) else { return nil }
        var best: (LanguageText, rank: Int)?
        for text in texts {
            guard let offered = AndroidLocale(languageTag: Self.normalized(text.language)),
                AndroidLocaleResolution.javaLanguage(offered.language) == AndroidLocaleResolution.javaLanguage(device.language)
            else { continue }
            let rank: Int
            if offered.script == device.script && offered.region == device.region {
                rank = 0
            } else if offered.region.isEmpty || offered.region == device.region,
                let script = Self.script(offered), script == Self.script(device)
            {
                rank = offered.region.isEmpty ? 2 : 1
            } else {
                continue
            }
            if best == nil || rank < best!.rank { best = (text, rank) }
        }
        return best?.0
    }

    static func script(_ locale: AndroidLocale) -> String? {
        locale.script ?? AndroidLocaleResolution.computedScript(language: locale.language, region: locale.region)
    }

    /// `zh_CN` as `zh-CN`.
    static func normalized(_ language: String) -> String { String(language.map { $0 == "_" ? "-" : $0 }) }

    /// The most languages multi_lang_key may carry.
    public static let maximumLanguages = 3
}

/// Reading the Huawei-only members of a message document.
enum HuaweiMessageReading {
    /// Huawei's limit on a message, from ``ChannelTextLimit/all``.
    static let sizeLimit = PushChannel.huawei.limits.first { $0.part == .request }!
    static var maximumSize: Int { sizeLimit.maximum }

    /// A message object over Huawei's 4,096 bytes, its tokens left out; nil when it fits.
    static func sizeProblem(of message: LocatedJSON) -> ChannelTextProblem? {
        guard case .object(let members) = message.value else { return nil }
        let length = LocatedJSON(.object(members.filter { $0.key != "token" })).serializedBytes().count
        return length > maximumSize ? ChannelTextProblem(channel: .huawei, kind: .tooLong(sizeLimit, length: length)) : nil
    }

    /// `android.notification` members only Huawei Push Kit has: the located reading tells a
    /// Huawei message by them, and the direct FCM reader leaves a message with one to it.
    static let notificationKeys: [StaticString] = ["multi_lang_key", "big_title", "big_body", "foreground_show", "style"]

    /// Whether a parsed request holds a Huawei Push Kit message: `validate_only` beside the
    /// message, a Huawei-only notification field, or a list of tokens.
    static func isHuawei(root: LocatedJSON, message: LocatedJSON) -> Bool {
        if root["validate_only"] != nil { return true }
        if message["token"]?.items != nil { return true }
        guard let notification = message["android"]?["notification"] else { return false }
        return notificationKeys.contains { notification["\($0)"] != nil }
    }

    /// The Huawei fields of `message`, and what is wrong with them.
    static func read(
        root: LocatedJSON, message: LocatedJSON, notification: FCMMessage.AndroidNotification?, start: SourceLocation,
        diagnostics: inout [LocalizationDiagnostic]
    ) -> HuaweiNotificationFields {
        var fields = HuaweiNotificationFields()
        func invalid(_ value: LocatedJSON, _ message: String) {
            diagnostics.append(LocalizationDiagnostic(.huaweiInvalidMessage, at: value.location ?? start, message))
        }
        if let value = root["validate_only"], value.boolValue == nil { invalid(value, "\"validate_only\" must be true or false") }
        if let tokens = message["token"] {
            if let items = tokens.items {
                fields.tokens = items.compactMap(\.stringValue)
            } else if let token = tokens.stringValue {
                fields.tokens = [token]
            }
        }
        let specific = message["android"]?["notification"]
        if let value = specific?["style"] {
            if case .number(let number) = value.value, number.isInteger, let style = number.int64Value, [0, 1, 3].contains(style) {
                fields.style = Int(style)
            } else {
                invalid(value, "\"style\" must be 0 (default), 1 (big text) or 3 (inbox)")
            }
        }
        for name in ["big_title", "big_body"] {
            guard let value = specific?[name] else { continue }
            guard let text = value.stringValue else {
                invalid(value, "\"\(name)\" must be a string, not \(value.kindDescription)")
                continue
            }
            let field = FCMMessage.Field(value: text, location: value.location)
            if name == "big_title" { fields.bigTitle = field } else { fields.bigBody = field }
        }
        if let value = specific?["foreground_show"] {
            if let flag = value.boolValue { fields.foregroundShow = flag } else { invalid(value, "\"foreground_show\" must be true or false") }
        }
        if let value = specific?["multi_lang_key"] {
            readMultiLanguageKeys(value, into: &fields, invalid: invalid)
            let languages = fields.languages
            if languages.count > HuaweiNotificationFields.maximumLanguages {
                diagnostics.append(
                    LocalizationDiagnostic(
                        .huaweiTooManyLanguages, at: value.location ?? start,
                        "multi_lang_key carries \(languages.count) languages (\(languages.joined(separator: ", "))); Huawei takes at most \(HuaweiNotificationFields.maximumLanguages)",
                        hint: "keep three, and put the others in the app's strings.xml"))
            }
        }
        // Args need their key ("bodyLocKey is required when specifying bodyLocArgs").
        for field in ["title", "body"] {
            guard let args = specific?["\(field)_loc_args"], (specific?["\(field)_loc_key"]?.stringValue ?? "").isEmpty else { continue }
            if case .null = args.value { continue }
            invalid(
                args,
                "\(field)_loc_args without \(field)_loc_key: Huawei's server SDK refuses it (\"\(field)LocKey is required when specifying \(field)LocArgs\")"
            )
        }
        // The SDK checks the merged notification: the common one's text counts.
        if let notification {
            for (label, field) in [("title", notification.title), ("body", notification.body)] where (field?.value ?? "").isEmpty {
                diagnostics.append(
                    LocalizationDiagnostic(
                        .huaweiMissingLiteralText, at: specific?.location ?? message.location ?? start,
                        "a Huawei notification needs a literal \(label): the server SDK refuses it without one (\"\(label) should be set\")",
                        hint: "set android.notification.\(label) to the text shown when the loc key does not resolve"))
            }
        }
        return fields
    }

    private static func readMultiLanguageKeys(
        _ value: LocatedJSON, into fields: inout HuaweiNotificationFields, invalid: (LocatedJSON, String) -> Void
    ) {
        guard let keys = value.members else {
            return invalid(value, "\"multi_lang_key\" must be an object: {\"<loc key>\": {\"<language>\": \"<text>\"}}")
        }
        for key in keys {
            guard let languages = key.value.members else {
                invalid(key.value, "multi_lang_key \"\(key.key)\" must be an object of language to text, such as {\"en\": \"Hello\"}")
                continue
            }
            var texts: [HuaweiNotificationFields.LanguageText] = []
            for language in languages {
                guard let text = language.value.stringValue else {
                    invalid(
                        language.value, "multi_lang_key \"\(key.key)\".\"\(language.key)\" must be a string, not \(language.value.kindDescription)")
                    continue
                }
                texts.append(.init(language: language.key, text: FCMMessage.Field(value: text, location: language.value.location)))
            }
            fields.multiLanguageKeys.removeAll { $0.key == key.key }
            fields.multiLanguageKeys.append(.init(key: key.key, texts: texts))
        }
    }
}
