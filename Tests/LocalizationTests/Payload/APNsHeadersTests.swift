import Testing

@testable import LocalizedAlerts

/// The headers a payload is sent with, checked against it as APNs and the device treat them.
@Suite("APNs request headers")
struct APNsHeadersTests {
    static let activity = #"{"aps":{"event":"update","timestamp":1700000000,"content-state":{"eta":5}}}"#
    static let alert = #"{"aps":{"alert":{"title":"Hi","body":"There"}}}"#
    static let silent = #"{"aps":{"content-available":1}}"#

    func messages(_ headers: APNsHeaders, _ json: String) -> [String] {
        headers.check(NotificationPayload(parsing: json)).map(\.message)
    }

    @Test func headersThatFitTheirPayloadHaveNoFinding() {
        #expect(messages(APNsHeaders(pushType: "liveactivity", topic: "com.x.push-type.liveactivity", priority: 10), Self.activity).isEmpty)
        #expect(messages(APNsHeaders(pushType: "alert", topic: "com.x", priority: 10, expiration: 0), Self.alert).isEmpty)
        #expect(messages(APNsHeaders(pushType: "background", topic: "com.x", priority: 5), Self.silent).isEmpty)
        #expect(
            messages(
                APNsHeaders(pushType: "liveactivity", channelID: "dHN0"),
                #"{"aps":{"event":"update","timestamp":1,"content-state":{},"alert":{"title-loc-key":"T","loc-key":"B"}}}"#
            ).isEmpty)
    }

    @Test(arguments: [
        (APNsHeaders(pushType: "alert"), activity, "a Live Activity payload sent with apns-push-type alert"),
        (APNsHeaders(pushType: "liveactivity", topic: "com.x"), activity, "must end with .push-type.liveactivity"),
        (APNsHeaders(pushType: "liveactivity"), alert, "with a payload that has no \"event\""),
        (APNsHeaders(pushType: "background"), alert, "a background push shows nothing"),
        (APNsHeaders(pushType: "background", priority: 10), silent, "a background push at apns-priority 10"),
        (APNsHeaders(pushType: "alert"), silent, "a silent push (content-available only) sent as an alert"),
        (APNsHeaders(pushType: "voip", topic: "com.x"), alert, "must end with .voip"),
        (APNsHeaders(pushType: "alrt"), alert, "is not a push type APNs knows"),
        (APNsHeaders(priority: 7), alert, "apns-priority 7 is not 1, 5 or 10"),
        (APNsHeaders(expiration: 1_700_000_000_000), alert, "is in milliseconds"),
        (
            APNsHeaders(pushType: "liveactivity", channelID: "dHN0"),
            #"{"aps":{"event":"update","timestamp":1,"content-state":{},"alert":{"title":"Score","body":"2-1"}}}"#,
            "a broadcast sends one payload to every subscriber"
        ),
        (APNsHeaders(pushType: "alert", channelID: "dHN0"), alert, "broadcast channels carry Live Activity updates only"),
    ])
    func aMismatchIsAnError(_ headers: APNsHeaders, _ json: String, _ words: String) {
        let found = headers.check(NotificationPayload(parsing: json))
        #expect(found.contains { $0.message.contains(words) }, "\(found.map(\.message))")
        #expect(found.allSatisfy { $0.id == .apnsHeaderMismatch && $0.severity == .error })
    }

    @Test func aVoIPPayloadMayBeFiveKilobytes() {
        let body = String(repeating: "x", count: 4_500)
        let payload = NotificationPayload(parsing: #"{"aps":{"alert":"call"},"caller":""# + body + #""}"#)
        #expect(payload.diagnostics.contains { $0.id == .payloadTooLarge })
        let voip = APNsHeaders(pushType: "voip", topic: "com.x.voip").diagnostics(of: payload)
        #expect(!voip.contains { $0.id == .payloadTooLarge } && !voip.contains { $0.id == .apnsHeaderMismatch }, "\(voip.map(\.message))")
    }

    @Test func aRequestCarriesItsHeaders() throws {
        let line = #"{"payload": \#(Self.activity), "languages": ["en"], "headers": {"apns-push-type": "alert", "apns-priority": "10"}}"#
        let request = try LocalizationRequest.parse(request: Array(line.utf8)).get()
        #expect(request.headers?.pushType == "alert" && request.headers?.priority == 10)
        #expect(request.payload.diagnostics.contains { $0.id == .apnsHeaderMismatch })
        let unknown = #"{"payload": \#(Self.alert), "languages": ["en"], "headers": {"apns-pushtype": "alert"}}"#
        guard case .failure(let failure) = LocalizationRequest.parse(request: Array(unknown.utf8)) else {
            Issue.record("an unknown header must be refused")
            return
        }
        #expect(failure.message.contains("unknown header \"apns-pushtype\""))
    }

    @Test func lintChecksEveryPayloadAgainstTheHeaders() throws {
        let directory = try TemporaryDirectory()
        try directory.write("app/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try directory.write("payloads/live.json", Self.activity)
        let plain = try RenderAlertCommand.run(["lint", directory.path + "/app", "--payloads", directory.path + "/payloads"])
        #expect(plain.status == 0, "\(plain.output)")
        let sent = try RenderAlertCommand.run([
            "lint", directory.path + "/app", "--payloads", directory.path + "/payloads", "--apns-push-type", "alert",
        ])
        #expect(sent.status == 1)
        #expect(sent.output.contains("[apns.header-mismatch]"), "\(sent.output)")
    }
}
