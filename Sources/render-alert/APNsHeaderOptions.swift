import ArgumentParser
import LocalizedAlerts

/// The APNs request headers a payload is sent with, shared by preview, localize and lint: what
/// does not fit the payload is a finding of it.
struct APNsHeaderOptions: ParsableArguments {
    @Option(name: .customLong("apns-push-type"), help: "The apns-push-type header: alert, background, liveactivity, voip, …")
    var pushType: String?

    @Option(name: .customLong("apns-topic"), help: "The apns-topic header (the bundle ID, with .push-type.liveactivity or .voip where needed).")
    var topic: String?

    @Option(name: .customLong("apns-priority"), help: "The apns-priority header: 10, 5 or 1.")
    var priority: Int?

    @Option(name: .customLong("apns-expiration"), help: "The apns-expiration header, in seconds since 1970.")
    var expiration: Int?

    @Option(name: .customLong("apns-channel-id"), help: "The apns-channel-id header of a broadcast push.")
    var channelID: String?

    /// The headers given, or nil when none is.
    var headers: APNsHeaders? {
        let headers = APNsHeaders(pushType: pushType, topic: topic, priority: priority, expiration: expiration, channelID: channelID)
        return headers.isEmpty ? nil : headers
    }
}

extension NotificationPayload {
    /// The payload with the findings of the headers it is sent with.
    func sent(with headers: APNsHeaders?) -> NotificationPayload {
        guard let headers else { return self }
        var payload = self
        payload.diagnostics = headers.diagnostics(of: self)
        return payload
    }
}
