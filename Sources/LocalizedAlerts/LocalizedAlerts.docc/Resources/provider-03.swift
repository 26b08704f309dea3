import LocalizedAlerts

struct MissedCall: Encodable {
    struct APS: Encodable {
        struct Alert: Encodable {
            let titleLocKey = "call.missed.title"
            let locKey = "call.missed.body"
            var locArgs: [String]
            enum CodingKeys: String, CodingKey { case titleLocKey = "title-loc-key", locKey = "loc-key", locArgs = "loc-args" }
        }
        var alert: Alert
        var threadID: String
        enum CodingKeys: String, CodingKey { case alert, threadID = "thread-id" }
    }
    var aps: APS
}

struct Registration: Sendable {
    var deviceToken: String
    var preferredLanguages: [String]   // the app's Locale.preferredLanguages, sent when it registered
}

protocol PushSender: Sendable {
    /// Sends `body`, the payload's compact JSON, to APNs for one device.
    func send(_ body: [UInt8], to deviceToken: String) async throws
}

struct MissedCallNotifier: Sendable {
    let renderer: AlertRenderer
    let sender: any PushSender

    init(tables: String, sender: any PushSender) throws {
        renderer = AlertRenderer(app: try AppLocalizations(directory: tables))
        self.sender = sender
    }

    /// Sends one missed-call alert to each registration; returns those nothing was sent to, and why.
    func notify(_ registrations: [Registration], caller: String) async throws -> [(Registration, String)] {
        let payload = try NotificationPayload(encoding: MissedCall(aps: .init(alert: .init(locArgs: [caller]), threadID: "calls")))
        var unsent: [(Registration, String)] = []
        for group in renderer.localize(payload, for: registrations, preferredLanguages: \.preferredLanguages, fallback: .developmentRegion) {
            guard group.result.isSendable, let body = group.result.payloadBytes else {
                unsent += group.recipients.map { ($0, group.result.error ?? "not sendable") }
                continue
            }
            for registration in group.recipients {
                try await sender.send(body, to: registration.deviceToken)
            }
        }
        return unsent
    }
}
