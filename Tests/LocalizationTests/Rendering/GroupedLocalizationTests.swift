import Testing

@testable import LocalizedAlerts

@Suite("Localizing for many recipients")
struct GroupedLocalizationTests {
    struct User: Sendable, Hashable {
        var token: String
        var languages: [String]
    }

    let renderer = AlertRenderer(
        app: makeApp([
            "en": #""call.title" = "Missed call"; "call.body" = "%@ called %d times";"#,
            "fr": #""call.title" = "Appel manqué"; "call.body" = "%@ a appelé %d fois";"#,
            "fr-CA": #""call.title" = "Appel manqué"; "call.body" = "%@ a appelé %d fois";"#,
            "de": #""call.body" = "%@ hat %d-mal angerufen";"#,
        ]))
    let payload = NotificationPayload(parsing: #"{"aps":{"alert":{"title-loc-key":"call.title","loc-key":"call.body","loc-args":["Ana",3]}}}"#)

    var users: [User] {
        [
            User(token: "a", languages: ["fr-FR"]), User(token: "b", languages: ["en-GB"]), User(token: "c", languages: ["fr-CA", "en"]),
            User(token: "d", languages: ["de"]), User(token: "e", languages: ["fr-FR"]), User(token: "f", languages: ["ja", "en"]),
            User(token: "g", languages: ["de-AT"]), User(token: "h", languages: ["it", "fr"]), User(token: "i", languages: []),
        ]
    }

    /// Every recipient is in exactly one group, and each group's result is what localizing for
    /// each of its recipients alone gives.
    @Test(arguments: KeyFallback.allCases)
    func groupsAgreeWithLocalizingEachRecipient(fallback: KeyFallback) {
        let groups = renderer.localize(payload, for: users, preferredLanguages: \.languages, fallback: fallback)
        #expect(groups.flatMap(\.recipients).map(\.token).sorted() == users.map(\.token).sorted())
        for group in groups {
            for user in group.recipients {
                let alone = renderer.localize(payload, preferredLanguages: user.languages, fallback: fallback)
                #expect(alone.isSendable == group.result.isSendable, "\(user.token) \(fallback)")
                #expect(alone.payload?.serialized() == group.result.payload?.serialized() || !alone.isSendable, "\(user.token) \(fallback)")
                #expect(alone.error == group.result.error, "\(user.token) \(fallback)")
            }
        }
        // What a group reports is true of each recipient in it.
        for group in groups {
            for user in group.recipients {
                let alone = renderer.localize(payload, preferredLanguages: user.languages, fallback: fallback)
                #expect(alone.localization == group.result.localization, "\(user.token) \(fallback)")
                #expect(alone.fallbacks == group.result.fallbacks, "\(user.token) \(fallback)")
            }
        }
    }

    /// A Danish recipient whose empty table falls back to English must not join the German
    /// group because the German text happens to equal the English one.
    @Test func aFallbackIsNeverHiddenInAGroupWithTheSameText() {
        let renderer = AlertRenderer(
            app: makeApp([
                "en": #""greet" = "Hello";"#,
                "de": #""greet" = "Hello";"#,
                "da": #""other" = "x";"#,
            ]))
        let payload = NotificationPayload(parsing: #"{"aps":{"alert":{"loc-key":"greet"}}}"#)
        let users = [User(token: "de", languages: ["de"]), User(token: "da", languages: ["da"])]
        let groups = renderer.localize(payload, for: users, preferredLanguages: \.languages, fallback: .developmentRegion)
        #expect(groups.count == 2)
        let danish = groups.first { $0.recipients.map(\.token) == ["da"] }
        #expect(danish?.result.localization == "da")
        #expect(danish?.result.fallbacks.map(\.outcome) == [.developmentRegion(localization: "en")])
        let german = groups.first { $0.recipients.map(\.token) == ["de"] }
        #expect(german?.result.fallbacks.isEmpty == true)
        #expect(danish?.result.payloadBytes == german?.result.payloadBytes, "the same bytes, two truths")
    }

    @Test func groupsByBodyInFirstSeenOrder() {
        let groups = renderer.localize(payload, for: users, preferredLanguages: \.languages, fallback: .developmentRegion)
        let summary = groups.map { ($0.result.localization ?? "-", $0.recipients.map(\.token).joined()) }
        // fr and fr-CA have the same text but are two localizations, so two groups; de lacks
        // the title, which comes from en.
        #expect(summary.map(\.1) == ["aeh", "bfi", "c", "dg"], "\(summary)")
        #expect(groups[0].result.body == "Ana a appelé 3 fois" && groups[0].result.title == "Appel manqué")
        #expect(groups[3].result.title == "Missed call" && groups[3].result.body == "Ana hat 3-mal angerufen")
        // With the fail policy the German users get nothing to send, grouped with their reason.
        let failing = renderer.localize(payload, for: users, preferredLanguages: \.languages)
        let german = failing.first { $0.recipients.contains { $0.token == "d" } }!
        #expect(!german.result.isSendable && german.recipients.map(\.token) == ["d", "g"])
        #expect(german.result.error == #"title-loc-key "call.title" would show the key itself in de"#)
    }

    @Test func brokenPayloadIsOneUnsendableGroup() {
        let groups = renderer.localize(NotificationPayload(parsing: "{"), for: users, preferredLanguages: \.languages)
        #expect(groups.count == 1 && groups[0].recipients.count == users.count)
        #expect(!groups[0].result.isSendable && groups[0].result.payload == nil)
    }

    @Test func preferredLanguagesMayThrow() {
        struct Unknown: Error {}
        #expect(throws: Unknown.self) {
            try renderer.localize(payload, for: ["x"], preferredLanguages: { _ -> [String] in throw Unknown() })
        }
    }
}
