import Testing

@testable import LocalizedAlerts

/// `AndroidAlertRenderer.localize`: the message a server sends for a user's languages.
@Suite("FCM localization on the server")
struct FCMLocalizerTests {
    static let files = [
        "values/strings.xml": """
        <resources>
          <string name="app_name">Relay</string>
          <string name="title">New message</string>
          <string name="new_message">%1$s wrote: %2$s</string>
          <string name="count">%1$d new</string>
          <plurals name="new_photos"><item quantity="one">%d new photo</item><item quantity="other">%d new photos</item></plurals>
        </resources>
        """,
        "values-fr/strings.xml": """
        <resources>
          <string name="new_message">%1$s a écrit : %2$s</string>
          <plurals name="new_photos"><item quantity="one">%d nouvelle photo</item><item quantity="other">%d nouvelles photos</item></plurals>
        </resources>
        """,
        "values-ru/strings.xml": """
        <resources>
          <plurals name="new_photos"><item quantity="one">%d новое фото</item><item quantity="few">%d новых фото</item><item quantity="many">%d новых фотографий</item><item quantity="other">%d фото</item></plurals>
        </resources>
        """,
        "values-ar/strings.xml": """
        <resources>
          <plurals name="new_photos"><item quantity="few">%d صور جديدة</item><item quantity="other">%d صورة جديدة</item></plurals>
        </resources>
        """,
    ]

    static func renderer() throws -> (AndroidAlertRenderer, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        for (path, text) in files { try directory.write("res/" + path, text) }
        return (AndroidAlertRenderer(resources: try AndroidAppResources(resourceDirectory: directory.path + "/res")), directory)
    }

    static func message(_ notification: String) -> FCMMessage {
        FCMMessage(parsing: Array(#"{"message": {"token": "t", "android": {"priority": "high", "notification": \#(notification)}}}"#.utf8))
    }

    @Test("the text the phone shows replaces the loc keys and args; every other member stays in place")
    func fillsInTheText() throws {
        let (android, directory) = try Self.renderer()
        #expect(android.appName == "Relay")
        let message = Self.message(
            #"{"title_loc_key": "title", "channel_id": "chat", "body_loc_key": "new_message", "body_loc_args": ["Ana", "hi"]}"#)
        let french = android.localize(message, preferredLanguages: ["fr-CA", "en"])
        #expect(french.isSendable && french.resourceLocale == "fr-CA")
        #expect(french.title == "New message" && french.titleFolder == "values")
        #expect(french.body == "Ana a écrit : hi" && french.bodyFolder == "values-fr")
        #expect(
            french.message?.serialized()
                == #"{"message":{"token":"t","android":{"priority":"high","notification":{"title":"New message","channel_id":"chat","body":"Ana a écrit : hi"}}}}"#
        )
        // What the phone shows for the localized message is what it showed for the original.
        let sent = FCMMessage(parsing: Array(french.message!.serialized().utf8))
        #expect(android.render(sent, deviceLocales: ["fr-CA", "en"]).body == android.render(message, deviceLocales: ["fr-CA", "en"]).body)
        // Untitled: the phone shows the app's name by itself, so no title is written.
        let untitled = android.localize(Self.message(#"{"body_loc_key": "new_message", "body_loc_args": ["Ana", "hi"]}"#), preferredLanguages: ["en"])
        #expect(untitled.isSendable && untitled.title == nil)
        #expect(untitled.message?.serialized().contains("\"title\"") == false)
        _ = directory
    }

    @Test("a message that would crash, or show a field empty or with its specifiers, is refused")
    func refusals() throws {
        let (android, directory) = try Self.renderer()
        let crash = android.localize(Self.message(#"{"body_loc_key": "count", "body_loc_args": ["3"]}"#), preferredLanguages: ["en"])
        #expect(!crash.isSendable && crash.message == nil)
        #expect(crash.error?.hasPrefix("the app would crash (IllegalFormatConversionException)") == true, "\(crash.error ?? "")")
        let missing = android.localize(Self.message(#"{"body_loc_key": "new_mesage", "body_loc_args": ["a", "b"]}"#), preferredLanguages: ["en"])
        #expect(!missing.isSendable && missing.error?.contains(#"did you mean "new_message"?"#) == true)
        let specifiers = android.localize(Self.message(#"{"body_loc_key": "new_message"}"#), preferredLanguages: ["en"])
        #expect(!specifiers.isSendable && specifiers.error?.contains("no body_loc_args") == true)
        // A data message has nothing to fill in: it is sent as it is.
        let data = android.localize(FCMMessage(parsing: Array(#"{"message": {"data": {"k": "v"}}}"#.utf8)), preferredLanguages: ["en"])
        #expect(data.isSendable && data.message?.serialized() == #"{"message":{"data":{"k":"v"}}}"#)
        _ = directory
    }

    @Test("server mode resolves a plurals key with the count, by the resolved language's CLDR rules")
    func plurals() throws {
        let (android, directory) = try Self.renderer()
        let message = Self.message(#"{"body_loc_key": "new_photos"}"#)
        let cases: [(String, Double, String)] = [
            ("en", 1, "1 new photo"), ("en", 5, "5 new photos"),
            ("fr-FR", 0, "0 nouvelle photo"), ("fr-FR", 2, "2 nouvelles photos"),
            ("ru", 1, "1 новое фото"), ("ru", 3, "3 новых фото"), ("ru", 5, "5 новых фотографий"), ("ru", 22, "22 новых фото"),
            // Arabic: 3 is few, written with the locale's digits; 1 (one) falls back to other.
            ("ar", 3, "٣ صور جديدة"), ("ar", 1, "١ صورة جديدة"),
        ]
        for (language, count, expected) in cases {
            let result = android.localize(message, preferredLanguages: [language], quantities: FCMQuantities(body: count))
            #expect(result.isSendable && result.body == expected, "\(language) \(count): \(result.body ?? result.error ?? "")")
        }
        // Named with its type too; without the count, or in device mode, it is refused as FCM would show nothing.
        let typed = android.localize(
            Self.message(#"{"body_loc_key": "plurals/new_photos"}"#), preferredLanguages: ["en"], quantities: FCMQuantities(body: 2))
        #expect(typed.body == "2 new photos")
        let noCount = android.localize(message, preferredLanguages: ["en"])
        #expect(!noCount.isSendable && noCount.error?.contains(#""quantities": {"body": 3}"#) == true)
        let device = android.localize(message, preferredLanguages: ["en"], mode: .device, quantities: FCMQuantities(body: 2))
        #expect(!device.isSendable)
        _ = directory
    }

    @Test("a plural item or a string that never reaches text (a reference loop) is refused, not sent as a resource ID")
    func referenceLoops() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "res/values/strings.xml",
            """
            <resources>
              <string name="loop">@string/loop</string>
              <plurals name="photos"><item quantity="one">@string/loop</item><item quantity="other">%d photos</item></plurals>
            </resources>
            """)
        let android = AndroidAlertRenderer(resources: try AndroidAppResources(resourceDirectory: directory.path + "/res"))
        let plural = android.localize(Self.message(#"{"body_loc_key": "photos"}"#), preferredLanguages: ["en"], quantities: FCMQuantities(body: 1))
        #expect(!plural.isSendable && plural.message == nil)
        #expect(
            plural.error?.contains(#"refers to @string/loop, which never reaches text: its references go round"#) == true, "\(plural.error ?? "")")
        #expect(
            android.localize(Self.message(#"{"body_loc_key": "photos"}"#), preferredLanguages: ["en"], quantities: FCMQuantities(body: 2)).body
                == "2 photos")
        let string = android.localize(Self.message(#"{"title": "T", "body_loc_key": "loop"}"#), preferredLanguages: ["en"])
        #expect(!string.isSendable && string.error?.contains("never reaches text") == true, "\(string.error ?? "")")
    }

    @Test("a plural item's %d takes an integer argument; other specifiers keep their arguments")
    func pluralFormatting() {
        let digits = { (value: Int64) in String(value) }
        #expect(JavaFormatter.format("%d photos from %s", ["3", "Ana"], languageCode: "en", integers: digits) == .success("3 photos from Ana"))
        #expect(JavaFormatter.format("%2$s: %1$d, again %<d", ["3", "Ana"], languageCode: "en", integers: digits) == .success("Ana: 3, again 3"))
        #expect(JavaFormatter.format("%s has %d%%", ["Ana", "7"], languageCode: "en", integers: digits) == .success("Ana has 7%"))
        // Not an integer: Java throws for %d with a String, as it would.
        #expect(JavaFormatter.format("%d", ["three"], languageCode: "en", integers: digits).isFailure)
    }
}

extension Result {
    fileprivate var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}

/// Loc args past the thousandth: the phone has every one.
@Suite("FCM loc args in any number")
struct FCMManyArgumentsTests {
    @Test("the 1,001st and the 5,000th loc args are formatted as Android formats them, and none is reported missing")
    func pastAThousand() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "res/values/strings.xml",
            #"<resources><string name="late">%1001$s then %5000$s</string><string name="beyond">%5001$s</string></resources>"#)
        let android = AndroidAlertRenderer(resources: try AndroidAppResources(resourceDirectory: directory.path + "/res"))
        let arguments = (1...5_000).map { "\"a\($0)\"" }.joined(separator: ",")
        for key in ["late", "beyond"] {
            let json = #"{"message": {"android": {"notification": {"title": "T", "body_loc_key": "\#(key)", "body_loc_args": [\#(arguments)]}}}}"#
            // Read directly and through the located tree alike.
            for message in [FCMMessage(parsing: Array(json.utf8)), FCMMessage(parsing: Array(json.utf8), file: nil, readingDirectly: false)] {
                #expect(message.android?.bodyLocArgs?.count == 5_000)
                let rendering = android.render(message, deviceLocales: ["en"])
                if key == "late" {
                    #expect(rendering.body == "a1001 then a5000")
                    #expect(!rendering.diagnostics.contains { $0.id == .androidMissingFormatArgument })
                } else {
                    // One past the last: Java throws MissingFormatArgumentException, which Firebase catches.
                    #expect(rendering.body == nil)
                    let finding = try #require(rendering.diagnostics.first { $0.id == .androidMissingFormatArgument })
                    #expect(finding.message.contains("the 5000 body_loc_args given (%5001$s)"), "\(finding.message)")
                }
            }
        }
    }
}
