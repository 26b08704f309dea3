import Foundation
@_spi(Presentation) import LocalizedAlerts
import LocalizedAlertsReports
import LocalizedAlertsServer
import Testing

/// The service with an Android app (`--res`): FCM messages localized and previewed by the same
/// library calls as the command line's, beside APNs payloads or alone.
@Suite("render-alert-server with --res")
struct ServerAndroidTests {
    /// A small Android app's res/ folder, in a fresh directory.
    static func resources(values: String = Self.values) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("render-alert-server-res-\(UUID().uuidString)").path
        for (folder, text) in [("values", values), ("values-fr", Self.french)] {
            try FileManager.default.createDirectory(atPath: root + "/res/" + folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/res/" + folder + "/strings.xml"))
        }
        return root + "/res"
    }

    static let values = """
        <resources>
          <string name="title">New message</string>
          <string name="new_message">%1$s wrote: %2$s</string>
          <plurals name="new_photos"><item quantity="one">%d new photo</item><item quantity="other">%d new photos</item></plurals>
        </resources>
        """
    static let french = #"<resources><string name="new_message">%1$s a écrit : %2$s</string></resources>"#
    static let message =
        #"{"token": "t", "android": {"notification": {"title_loc_key": "title", "body_loc_key": "new_message", "body_loc_args": ["Ana", "hi"]}}}"#

    @Test("/v1/localize and a batch line answer an FCM request as the library does for the command line")
    func localize() async throws {
        let res = try Self.resources()
        let android = AndroidAlertRenderer(resources: try AndroidAppResources(resourceDirectory: res))
        try await RouterClient.with(res: [res]) { client in
            let body = #"{"id": 7, "message": \#(Self.message), "languages": ["fr-CA", "en"]}"#
            let response = try await client.post("/v1/localize", json: body)
            #expect(response.status == 200, "\(response.text)")
            let request = try FCMLocalizationRequest.parse(
                LocatedJSON.parse(Array(body.utf8), file: "request").root!, bytes: Array(body.utf8), file: "request", noun: "request"
            ).get()
            let expected = android.localize(request.message, preferredLanguages: ["fr-CA", "en"]).answer(id: .number(7))
            #expect(response.text == expected.outputText())
            #expect(response.text.contains(#""notification":{"title":"New message","body":"Ana a écrit : hi"}"#), "\(response.text)")
            // A batch mixes both kinds; a plural is resolved with its count.
            let lines = [
                body,
                #"{"payload": {"aps": {"alert": {"loc-key": "call.missed.body", "loc-args": ["Ana"]}}}, "languages": ["fr-CA"]}"#,
                #"{"message": {"android": {"notification": {"body_loc_key": "new_photos"}}}, "languages": ["en"], "quantities": {"body": 2}}"#,
                #"{"message": {"android": {"notification": {"body_loc_key": "new_message"}}}, "languages": ["en"]}"#,
            ]
            let batch = try await client.request("POST", "/v1/localize/batch", body: Data((lines.joined(separator: "\n") + "\n").utf8))
            let answers = batch.text.split(separator: "\n").map(String.init)
            #expect(answers.count == 4)
            #expect(
                answers[0]
                    == android.localize(request.message, preferredLanguages: ["fr-CA", "en"]).batchLine(lineNumber: 1, id: .number(7)).outputText()
                    .dropLast())
            #expect(answers[1].contains(#""body":"Ana a tenté de vous joindre.""#), "\(answers[1])")
            #expect(answers[2].contains(#""body":"2 new photos""#), "\(answers[2])")
            #expect(answers[3].contains(#""sendable":false"#) && answers[3].contains("no body_loc_args"), "\(answers[3])")
            let localizations = try await client.get("/v1/localizations")
            #expect(localizations.text.contains(#""androidLocales":["fr"]"#), "\(localizations.text)")
        }
    }

    @Test("/v1/preview of an FCM message is the command line's preview session, paths left out")
    func preview() async throws {
        let res = try Self.resources()
        try await RouterClient.with(res: [res]) { client in
            let response = try await client.post("/v1/preview", json: #"{"message": \#(Self.message), "languages": ["fr-CA", "ja"]}"#)
            #expect(response.status == 200, "\(response.text)")
            var session = PreviewSession(
                apple: AlertRenderer(app: try AppLocalizations(directory: Paths.strings)),
                android: AndroidAlertRenderer(resources: try AndroidAppResources(resourceDirectory: res)))
            session.devices = [["fr-CA"], ["ja"]]
            let message = FCMMessage(parsing: Array(#"{"message": \#(Self.message)}"#.utf8), file: "request")
            let expected = AndroidPreviewJSON.make([session.preview(message, file: "request")!], showsIPhone: true, showsPaths: false)
            #expect(response.text == expected.outputText())
            #expect(response.text.contains(#""body":"Ana a écrit : hi""#))
        }
    }

    @Test("with --res alone, FCM requests are answered and APNs ones refused, saying why")
    func androidAlone() async throws {
        let res = try Self.resources()
        try await RouterClient.with(strings: nil, res: [res]) { client in
            let fcm = try await client.post("/v1/localize", json: #"{"message": \#(Self.message), "languages": ["fr"]}"#)
            #expect(fcm.status == 200 && fcm.text.contains(#""sendable":true"#), "\(fcm.text)")
            let apns = try await client.post("/v1/localize", json: #"{"payload": {"aps": {"alert": "hi"}}, "languages": ["fr"]}"#)
            #expect(apns.status == 400 && apns.text.contains("--strings"), "\(apns.text)")
            let preview = try await client.post("/v1/preview", json: #"{"payload": {"aps": {"alert": "hi"}}}"#)
            #expect(preview.status == 400 && preview.text.contains("--strings"), "\(preview.text)")
        }
        // And without --res, an FCM request is refused the same way.
        try await RouterClient.with { client in
            let fcm = try await client.post("/v1/localize", json: #"{"message": \#(Self.message), "languages": ["fr"]}"#)
            #expect(fcm.status == 400 && fcm.text.contains("--res"), "\(fcm.text)")
        }
    }

    @Test("a res/ folder aapt2 would reject: refused at start and on reload alike")
    func brokenResources() async throws {
        let res = try Self.resources()
        var configuration = ServerConfiguration(strings: nil, resourceDirectories: [res])
        configuration.port = 0
        let server = try LocalizationServer(configuration: configuration)
        // An unescaped apostrophe fails aapt2's compile: the build has no such app.
        try Data(#"<resources><string name="title">It's new</string></resources>"#.utf8).write(to: URL(fileURLWithPath: res + "/values/strings.xml"))
        #expect(!server.reloadTables())
        let reason = try #require(server.tables.lastFailure?.reason)
        #expect(reason.contains("values/strings.xml"), "\(reason)")
        #expect(throws: TableLoadError.self) { try LocalizationServer(configuration: configuration) }
        configuration.acceptsTableErrors = true
        #expect(try LocalizationServer(configuration: configuration).tables.current.errors.count == 1)
    }

    @Test("a request naming a channel: Huawei's message or a text-only channel's body, as the library writes them")
    func channels() async throws {
        let res = try Self.resources()
        let android = AndroidAlertRenderer(resources: try AndroidAppResources(resourceDirectory: res))
        try await RouterClient.with(res: [res]) { client in
            let vivo = #"{"message": \#(Self.message), "languages": ["fr"], "channel": "vivo"}"#
            let response = try await client.post("/v1/localize", json: vivo)
            #expect(response.status == 200 && response.text.contains(#""channel":"vivo""#), "\(response.text)")
            #expect(
                response.text.contains(#""message":{"regId":"t","notifyType":4,"title":"New message","content":"Ana a écrit : hi","skipType":1}"#))
            let request = try FCMLocalizationRequest.parse(
                LocatedJSON.parse(Array(vivo.utf8), file: "request").root!, bytes: Array(vivo.utf8), file: "request", noun: "request"
            ).get()
            #expect(response.text == android.localize(request.message, preferredLanguages: ["fr"], channel: .vivo).answer(id: nil).outputText())
            // A Huawei request keeps validate_only beside the message it fills in.
            let huawei =
                #"{"validate_only": true, "message": {"android": {"notification": {"title": "Hi", "body": "Open", "body_loc_key": "new_message", "body_loc_args": ["Ana", "hi"], "multi_lang_key": {"new_message": {"fr": "%s : %s"}}}}}, "languages": ["fr"]}"#
            let answer = try await client.post("/v1/localize", json: huawei)
            #expect(
                answer.text.contains(#""channel":"huawei""#)
                    && answer.text.contains(#"{"validate_only":true,"message":{"android":{"notification":{"title":"Hi","body":"Ana : hi"}}}}"#),
                "\(answer.text)")
            #expect(answer.text.contains("huawei.assumed-behaviour"))
            let unknown = try await client.post("/v1/localize", json: #"{"message": \#(Self.message), "languages": ["fr"], "channel": "vivoo"}"#)
            #expect(unknown.status == 400 && unknown.text.contains("did you mean \\\"vivo\\\""), "\(unknown.text)")
            let preview = try await client.post("/v1/preview", json: #"{"message": \#(Self.message), "languages": ["fr"], "channels": ["xiaomi"]}"#)
            #expect(preview.text.contains(#""channels":[{"channel":"xiaomi","sendable":true"#), "\(preview.text)")
        }
    }
}
