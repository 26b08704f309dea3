import Foundation
import Synchronization
import Testing

@testable import LocalizedAlerts

// The DocC tutorial's last step is compiled into these tests: ProviderTutorialCode.swift is a
// link to LocalizedAlerts.docc/Resources/provider-03.swift.

/// An APNs client stand-in that records what would be sent.
final class RecordingSender: PushSender {
    let sent = Mutex<[(body: String, token: String)]>([])
    func send(_ body: [UInt8], to deviceToken: String) async throws {
        sent.withLock { $0.append((String(decoding: body, as: UTF8.self), deviceToken)) }
    }
}

@Suite("Provider tutorial")
struct ProviderTutorialTests {
    /// The tutorial's notifier on the sample app: each user gets their language's text, the
    /// development region fills what a localization lacks, and every body is sendable.
    @Test func notifierSendsEachUserTheirLanguage() async throws {
        let sender = RecordingSender()
        let notifier = try MissedCallNotifier(tables: Fixtures.repositoryRoot + "/Resources/strings", sender: sender)
        let users = [
            Registration(deviceToken: "fr", preferredLanguages: ["fr-CA", "en-CA"]),
            Registration(deviceToken: "pt", preferredLanguages: ["pt-PT"]),
            Registration(deviceToken: "ja", preferredLanguages: ["ja-JP"]),
            Registration(deviceToken: "ko", preferredLanguages: ["ko-KR"]),
            Registration(deviceToken: "fr2", preferredLanguages: ["fr-CA"]),
        ]
        let unsent = try await notifier.notify(users, caller: "Ana")
        #expect(unsent.isEmpty, "\(unsent.map(\.1))")
        let sent = Dictionary(uniqueKeysWithValues: sender.sent.withLock { $0 }.map { ($0.token, $0.body) })
        #expect(sent.count == users.count)
        #expect(sent["fr"]?.contains(#""body":"Ana a tenté de vous joindre.""#) == true, "\(sent)")
        #expect(sent["fr"] == sent["fr2"])
        #expect(sent["pt"]?.contains(#""body":"Ana tentou ligar-lhe.""#) == true, "pt-PT's own body")
        #expect(sent["ja"]?.contains(#""body":"Ana から着信がありました。""#) == true)
        #expect(sent["ko"]?.contains(#""body":"Ana tried to call you.""#) == true, "no Korean: the development region")
        for body in sent.values {
            #expect(!body.contains("loc-key") && body.contains(#""thread-id":"calls""#), "\(body)")
        }
    }
}
