import Testing

@testable import LocalizedAlerts

/// A Live Activity push as ActivityKit reads it: an event it knows, what that event needs, dates
/// in seconds, and a relevance score that is any number.
@Suite("Live Activity pushes")
struct LiveActivityPushTests {
    func findings(_ json: String) -> [LocalizationDiagnostic] {
        NotificationPayload(parsing: json).diagnostics.filter { $0.id == .liveActivityInvalid }
    }

    @Test func aCompletePushOfEachEventHasNoFinding() {
        #expect(findings(#"{"aps":{"event":"update","timestamp":1700000000,"content-state":{"eta":5}}}"#).isEmpty)
        #expect(findings(#"{"aps":{"event":"end","timestamp":1700000000,"dismissal-date":1700003600}}"#).isEmpty)
        #expect(
            findings(
                #"{"aps":{"event":"start","timestamp":1700000000,"attributes-type":"Delivery","attributes":{"id":1},"content-state":{"eta":5},"alert":{"title":"On its way"}}}"#
            ).isEmpty)
    }

    @Test(arguments: [
        (#"{"aps":{"event":"updat","timestamp":1,"content-state":{}}}"#, #"event "updat" is not start, update or end"#),
        (#"{"aps":{"event":"update","timestamp":1}}"#, #"a Live Activity update push without "content-state""#),
        (#"{"aps":{"event":"start","timestamp":1,"content-state":{}}}"#, #"without "attributes-type", "attributes": a push-to-start"#),
        (#"{"aps":{"event":"end","content-state":{}}}"#, #"a Live Activity end push without "timestamp""#),
        (#"{"aps":{"event":"update","timestamp":1700000000000,"content-state":{}}}"#, #""timestamp" 1700000000000 is in milliseconds"#),
        (#"{"aps":{"event":"end","timestamp":1,"dismissal-date":1700000000000}}"#, #""dismissal-date" 1700000000000 is in milliseconds"#),
        (#"{"aps":{"content-state":{"eta":5},"timestamp":1}}"#, #"a Live Activity push without "event""#),
    ])
    func whatActivityKitWouldIgnoreIsAnError(_ json: String, _ words: String) {
        let found = findings(json)
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.message.contains(words) == true, "\(found.map(\.message))")
        #expect(found.first?.severity == .error)
    }

    @Test func aLiveActivityRelevanceScoreIsUnbounded() {
        let activity = NotificationPayload(parsing: #"{"aps":{"event":"update","timestamp":1,"content-state":{},"relevance-score":75}}"#)
        #expect(activity.aps.relevanceScore == 75)
        #expect(!activity.diagnostics.contains { $0.id == .payloadValueOutOfRange })
        let notification = NotificationPayload(parsing: #"{"aps":{"alert":"Hi","relevance-score":75}}"#)
        #expect(notification.aps.relevanceScore == 1)
        #expect(notification.diagnostics.contains { $0.id == .payloadValueOutOfRange && $0.message.contains("outside 0…1") })
    }
}
