import Testing

@testable import LocalizedAlerts

/// Huawei Push Kit messages: told apart from FCM, `multi_lang_key` consulted before the app's
/// strings.xml, the literal title and body required, and every undocumented step stated as an
/// assumption.
@Suite("Huawei Push Kit messages")
struct HuaweiMessageTests {
    static let files = [
        "values/strings.xml": """
        <resources>
          <string name="app_name">Relay</string>
          <string name="greeting">New message from %1$s</string>
          <string name="photo">%1$s sent a photo</string>
          <string name="count">%1$d new</string>
          <string name="thrice">%1$s %1$s %1$s</string>
        </resources>
        """,
        "values-zh-rCN/strings.xml": """
        <resources>
          <string name="greeting">来自%1$s的新消息</string>
          <string name="photo">%1$s发来一张照片</string>
        </resources>
        """,
        "values-zh-rTW/strings.xml": """
        <resources>
          <string name="greeting">來自%1$s的新訊息</string>
        </resources>
        """,
    ]

    static func renderer() throws -> (AndroidAlertRenderer, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        for (path, text) in files { try directory.write("res/" + path, text) }
        return (AndroidAlertRenderer(resources: try AndroidAppResources(resourceDirectory: directory.path + "/res")), directory)
    }

    /// A Huawei request body around `notification` (`android.notification`'s members).
    static func message(_ notification: String, validateOnly: Bool = true) -> FCMMessage {
        let prefix = validateOnly ? #""validate_only": false, "# : ""
        return FCMMessage(parsing: Array(#"{\#(prefix)"message": {"android": {"notification": {\#(notification)}}, "token": ["t"]}}"#.utf8))
    }

    static let literal = #""title": "New message", "body": "Open the app", "#

    @Test("multi_lang_key is looked up before strings.xml, for the phone's first locale")
    func multiLanguageKeyFirst() throws {
        let (android, directory) = try Self.renderer()
        let message = Self.message(
            Self.literal
                + #""title_loc_key": "greeting", "title_loc_args": ["Ana"], "body_loc_key": "photo", "body_loc_args": ["Ana"], "multi_lang_key": {"greeting": {"zh": "%s 给你发了消息", "en": "Ana? %s wrote"}}"#
        )
        #expect(message.channel == .huawei)
        // zh-CN: multi_lang_key's "zh" wins over values-zh-rCN; the body has no entry there.
        let china = android.render(message, deviceLocales: ["zh-CN"])
        #expect(china.title == "Ana 给你发了消息" && china.titleFolder == "multi_lang_key.zh")
        #expect(china.body == "Ana发来一张照片" && china.bodyFolder == "values-zh-rCN")
        // "zh" is Simplified: a phone in zh-Hant-TW gets values-zh-rTW, not multi_lang_key.
        let taiwan = android.render(message, deviceLocales: ["zh-Hant-TW"])
        #expect(taiwan.title == "來自Ana的新訊息" && taiwan.titleFolder == "values-zh-rTW")
        // Only the first locale is matched against multi_lang_key: a French phone that also
        // reads Chinese gets values-zh-rCN, as Android chooses it from the whole list.
        let french = android.render(message, deviceLocales: ["fr-FR", "zh-CN"])
        #expect(french.title == "来自Ana的新消息" && french.titleFolder == "values-zh-rCN")
        // en-GB takes the bare "en".
        #expect(android.render(message, deviceLocales: ["en-GB"]).title == "Ana? Ana wrote")
        // The same message read as FCM never consults multi_lang_key.
        let asFCM = FCMMessage(
            parsing: Array(
                #"{"message": {"android": {"notification": {"title_loc_key": "greeting", "title_loc_args": ["Ana"], "multi_lang_key": {"greeting": {"zh": "%s 给你发了消息"}}}}}}"#
                    .utf8), channel: .fcm)
        #expect(asFCM.channel == .fcm && android.render(asFCM, deviceLocales: ["zh-CN"]).title == "来自Ana的新消息")
        // Every choice that rests on an assumption is stated, at the first loc key.
        let notes = china.diagnostics.filter { $0.id == .huaweiAssumedBehaviour }
        #expect(Set(china.assumptions) == [.locKeyWinsOverLiteral, .multiLanguageMatching, .javaFormatting, .androidResourceRules])
        #expect(
            notes.count == china.assumptions.count
                && notes.allSatisfy { $0.location.line == 1 && $0.message.hasPrefix("assumed, not documented by Huawei: ") })
        withExtendedLifetime(directory) {}
    }

    @Test("a region-specific multi_lang_key language matches only that region; bare and underscore codes are read")
    func languageMatching() {
        var fields = HuaweiNotificationFields()
        func text(_ language: String) -> HuaweiNotificationFields.LanguageText {
            .init(language: language, text: FCMMessage.Field(value: language, location: nil))
        }
        fields.multiLanguageKeys = [.init(key: "k", texts: [text("en_GB"), text("zh"), text("zh-Hant"), text("pt")])]
        #expect(fields.text(ofKey: "k", deviceLocale: "en-GB")?.language == "en_GB")
        #expect(fields.text(ofKey: "k", deviceLocale: "en-US") == nil)
        #expect(fields.text(ofKey: "k", deviceLocale: "zh-Hans-SG")?.language == "zh")
        #expect(fields.text(ofKey: "k", deviceLocale: "zh-HK")?.language == "zh-Hant")
        #expect(fields.text(ofKey: "k", deviceLocale: "zh-Hant-TW")?.language == "zh-Hant")
        #expect(fields.text(ofKey: "k", deviceLocale: "pt-BR")?.language == "pt")
        #expect(fields.text(ofKey: "other", deviceLocale: "pt-BR") == nil)
    }

    @Test("a multi_lang_key with a fourth language is an error; three are accepted")
    func atMostThreeLanguages() {
        let three = Self.message(
            Self.literal + #""body_loc_key": "photo", "multi_lang_key": {"photo": {"en": "a", "zh": "b"}, "greeting": {"fr": "c", "en": "d"}}"#)
        #expect(!three.diagnostics.contains { $0.id == .huaweiTooManyLanguages })
        let four = Self.message(
            Self.literal + #""body_loc_key": "photo", "multi_lang_key": {"photo": {"en": "a", "zh": "b"}, "greeting": {"fr": "c", "de": "d"}}"#)
        let finding = four.diagnostics.first { $0.id == .huaweiTooManyLanguages }
        #expect(finding?.severity == .error && finding?.message.contains("4 languages (en, zh, fr, de)") == true)
        // Located at the multi_lang_key object.
        let text =
            #"{"validate_only": false, "message": {"android": {"notification": {"# + Self.literal + #""body_loc_key": "photo", "multi_lang_key": "#
        #expect(finding?.location.line == 1 && finding?.location.column == text.utf8.count + 1)
    }

    @Test("a notification without its literal title or body is a finding; the common notification's text counts")
    func literalTextRequired() {
        let bare = Self.message(#""title_loc_key": "greeting", "body_loc_key": "photo""#)
        let missing = bare.diagnostics.filter { $0.id == .huaweiMissingLiteralText }.map(\.message)
        #expect(missing.count == 2 && missing[0].contains("literal title") && missing[1].contains("literal body"))
        let common = FCMMessage(
            parsing: Array(
                #"{"validate_only": true, "message": {"notification": {"title": "Hi", "body": "There"}, "android": {"notification": {"body_loc_key": "photo"}}}}"#
                    .utf8))
        #expect(common.channel == .huawei && !common.diagnostics.contains { $0.id == .huaweiMissingLiteralText })
        // The same text without validate_only or a Huawei field is an FCM message, which needs none.
        let fcm = FCMMessage(parsing: Array(#"{"message": {"android": {"notification": {"body_loc_key": "photo"}}}}"#.utf8))
        #expect(fcm.channel == .fcm && fcm.diagnostics.isEmpty)
        // A refused message is never localized.
        let localized = try? Self.renderer()
        if let (android, directory) = localized {
            let result = android.localize(bare, preferredLanguages: ["en"])
            #expect(!result.isSendable && result.error?.contains("literal title") == true)
            withExtendedLifetime(directory) {}
        }
    }

    @Test("a loc key neither multi_lang_key nor strings.xml resolves shows the literal text, as an assumption")
    func unresolvedShowsLiteral() throws {
        let (android, directory) = try Self.renderer()
        let message = Self.message(Self.literal + #""title_loc_key": "greting", "body_loc_key": "count", "body_loc_args": ["3"]"#)
        let rendering = android.render(message, deviceLocales: ["en-US"])
        #expect(rendering.outcome == .shown && rendering.title == "New message" && rendering.body == "Open the app")
        let unresolved = rendering.diagnostics.filter { $0.id == .huaweiLocKeyUnresolved }.map(\.message)
        #expect(unresolved.count == 2)
        #expect(unresolved[0].contains("did you mean \"greeting\"") && unresolved[0].contains("the literal title \"New message\" instead (assumed"))
        #expect(unresolved[1].contains("IllegalFormatConversionException") && unresolved[1].contains("literal body"))
        #expect(rendering.assumptions.contains(.literalWhenUnresolved))
        // The server refuses to send what the user would not see localized.
        #expect(!android.localize(message, preferredLanguages: ["en-US"]).isSendable)
        withExtendedLifetime(directory) {}
    }

    @Test("style 1 shows big_title and big_body; foreground_show is read")
    func bigTextAndForeground() throws {
        let (android, directory) = try Self.renderer()
        let message = Self.message(
            Self.literal + #""body_loc_key": "photo", "body_loc_args": ["Ana"], "style": 1, "big_body": "A long text", "foreground_show": false"#)
        let rendering = android.render(message, deviceLocales: ["zh-CN"])
        #expect(rendering.body == "A long text" && rendering.bodyFolder == nil && rendering.title == "New message")
        #expect(rendering.shownInForeground == false)
        #expect(rendering.diagnostics.contains { $0.id == .huaweiBigTextHidesLocKey && $0.message.contains("big_body \"A long text\"") })
        #expect(rendering.assumptions.contains(.bigTextFallsBack))
        // The server fills in title and body as resolved; big_body is sent as it is.
        let localized = android.localize(message, preferredLanguages: ["zh-CN"])
        #expect(localized.body == "Ana发来一张照片" && localized.message?.serialized().contains(#""big_body":"A long text""#) == true)
        // Text that takes the message past 4,096 bytes once filled in is refused.
        let long = String(repeating: "长", count: 500)
        let growing = Self.message(Self.literal + #""body_loc_key": "thrice", "body_loc_args": ["\#(long)"]"#)
        #expect(growing.diagnostics.isEmpty)
        let refused = android.localize(growing, preferredLanguages: ["zh-CN"])
        #expect(!refused.isSendable && refused.error?.contains("over its 4096 (UTF-8 bytes); Huawei") == true, "\(refused.error ?? "")")
        let wrong = Self.message(Self.literal + #""style": 2, "foreground_show": "yes", "multi_lang_key": {"a": "b"}, "body_loc_args": ["x"]"#)
        let invalid = wrong.diagnostics.filter { $0.id == .huaweiInvalidMessage }.map(\.message)
        #expect(invalid.count == 4 && invalid.last?.hasPrefix("body_loc_args without body_loc_key") == true, "\(invalid)")
        withExtendedLifetime(directory) {}
    }

    @Test("localize writes the literal title and body and removes the loc keys and multi_lang_key")
    func localizes() throws {
        let (android, directory) = try Self.renderer()
        let message = Self.message(
            Self.literal + #""title_loc_key": "greeting", "title_loc_args": ["Ana"], "multi_lang_key": {"greeting": {"zh": "%s 给你发了消息"}}"#)
        let result = android.localize(message, preferredLanguages: ["zh-CN"])
        #expect(result.isSendable && result.channel == .huawei)
        #expect(
            result.message?.serialized()
                == #"{"validate_only":false,"message":{"android":{"notification":{"title":"Ana 给你发了消息","body":"Open the app"}},"token":["t"]}}"#)
        #expect(result.diagnostics.contains { $0.id == .huaweiAssumedBehaviour })
        withExtendedLifetime(directory) {}
    }

    @Test("a message over Huawei's 4,096 bytes, tokens left out, is refused")
    func messageSize() {
        let tokens = (0..<200).map { "\"token-\($0)-\(String(repeating: "x", count: 30))\"" }.joined(separator: ",")
        let small = FCMMessage(
            parsing: Array(#"{"message": {"android": {"notification": {"title": "a", "body": "b", "style": 0}}, "token": [\#(tokens)]}}"#.utf8))
        #expect(small.channel == .huawei && small.diagnostics.isEmpty)
        let body = String(repeating: "文", count: 1_400)
        let large = FCMMessage(parsing: Array(#"{"message": {"android": {"notification": {"title": "a", "body": "\#(body)", "style": 0}}}}"#.utf8))
        let finding = large.diagnostics.first { $0.id == .channelTextTooLong }
        #expect(finding?.message.hasPrefix("Huawei Push Kit refuses the message:") == true)
        #expect(finding?.message.contains("over its 4096 (UTF-8 bytes)") == true)
        // 1,400 Chinese characters are 4,200 bytes.
        #expect(finding.map { $0.message.contains("counts 42") } == true)
    }
}
