import Testing

@testable import LocalizedAlerts

/// Both renderers answer in one shape: what a phone shows, whichever platform.
@Suite("What a phone shows, one shape for both platforms")
struct ShownNotificationTests {
    @Test("one FCM message, its Android notification and its apns.payload, compared field by field")
    func bothPlatforms() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "res/values/strings.xml",
            #"<resources><string name="call_missed_title">Missed call</string><string name="call_missed_body">%1$s tried to call you.</string><string name="count">%1$d</string></resources>"#
        )
        try directory.write(
            "res/values-fr/strings.xml",
            #"<resources><string name="call_missed_title">Appel manqué</string><string name="call_missed_body">%1$s a essayé de vous appeler.</string></resources>"#
        )
        let android = AndroidAlertRenderer(resources: try AndroidAppResources(resourceDirectory: directory.path + "/res"), appName: "Relay")
        let iPhone = AlertRenderer(app: try AppLocalizations(directory: Fixtures.repositoryRoot + "/Resources/strings"))
        let message = FCMMessage(
            parsing: Array(
                #"{"message": {"android": {"notification": {"title_loc_key": "call_missed_title", "body_loc_key": "call_missed_body", "body_loc_args": ["Ana"]}}, "apns": {"payload": {"aps": {"alert": {"title-loc-key": "call.missed.title", "loc-key": "call.missed.body", "loc-args": ["Ana"]}}}}}}"#
                    .utf8))
        for languages in [["fr-FR", "en"], ["en-US"], ["ja"]] {
            let phone = android.show(message, deviceLocales: languages)
            let apple = iPhone.show(message.apnsPayload!, preferredLanguages: languages)
            #expect(phone.platform == .android && apple.platform == .iPhone)
            #expect(phone.outcome == .shown && apple.outcome == .shown)
            #expect(phone.deviceLanguages == languages && apple.deviceLanguages == languages)
            #expect(phone.body?.source == .localized && apple.body?.source == .localized)
            #expect(phone.body?.key == "call_missed_body" && apple.body?.key == "call.missed.body")
            if languages.first == "fr-FR" {
                #expect(phone.body?.text == "Ana a essayé de vous appeler." && apple.body?.text == phone.body?.text)
                #expect(phone.body?.origin == "values-fr" && apple.body?.origin == "fr")
            } else if languages == ["en-US"] {
                #expect(phone.title?.text == "Missed call" && apple.title?.text == "Missed call")
                #expect(phone.body?.text == "Ana tried to call you." && apple.body?.text == phone.body?.text)
            }
            #expect(phone.subtitle == nil)
        }
        // Untitled, crashing, and data-only messages in the same terms.
        let untitled = android.show(
            FCMMessage(parsing: Array(#"{"message": {"android": {"notification": {"body": "Hi"}}}}"#.utf8)), deviceLocales: ["en"])
        #expect(untitled.title == ShownNotification.Field(text: "Relay", source: .appName) && untitled.body?.source == .raw)
        let crash = android.show(
            FCMMessage(parsing: Array(#"{"message": {"android": {"notification": {"body_loc_key": "count", "body_loc_args": ["3"]}}}}"#.utf8)),
            deviceLocales: ["en"])
        #expect(crash.outcome == .crash(exception: "IllegalFormatConversionException") && crash.body == nil)
        let data = android.show(FCMMessage(parsing: Array(#"{"message": {"data": {"k": "v"}}}"#.utf8)), deviceLocales: ["en"])
        #expect(data.outcome == .nothingShown)
        let background = iPhone.show(NotificationPayload(parsing: Array(#"{"aps": {"content-available": 1}}"#.utf8)), preferredLanguages: ["en"])
        #expect(background.outcome == .nothingShown)
    }
}
