/// The APNs request headers a payload is sent with: what decides how APNs and the device treat
/// it as much as the payload does. A Live Activity payload sent as an alert, a background push
/// at priority 10 or a broadcast carrying one language's text all fail or mislead without an
/// error from the payload alone.
///
/// ```swift
/// let headers = APNsHeaders(pushType: "liveactivity", topic: "com.example.relay")
/// for finding in headers.check(payload) { print(finding) }
/// // …: error: a Live Activity push's apns-topic must end with .push-type.liveactivity … [apns.header-mismatch]
/// ```
public struct APNsHeaders: Sendable, Hashable {
    /// `apns-push-type`: `alert`, `background`, `liveactivity`, `voip`, …
    public var pushType: String?
    /// `apns-topic`: the app's bundle ID, with a suffix for some push types.
    public var topic: String?
    /// `apns-priority`: 10 (now), 5 (when power allows) or 1 (low).
    public var priority: Int?
    /// `apns-expiration`: seconds since 1970 after which APNs stops trying; 0 for once.
    public var expiration: Int?
    /// `apns-channel-id`: a broadcast channel (iOS 18): one payload for every subscriber.
    public var channelID: String?
    /// Where the headers are written (a request or a manifest), for findings about them.
    public var location: SourceLocation?

    /// Headers; every one optional.
    public init(
        pushType: String? = nil, topic: String? = nil, priority: Int? = nil, expiration: Int? = nil, channelID: String? = nil,
        location: SourceLocation? = nil
    ) {
        self.pushType = pushType
        self.topic = topic
        self.priority = priority
        self.expiration = expiration
        self.channelID = channelID
        self.location = location
    }

    /// Whether no header is given.
    public var isEmpty: Bool { pushType == nil && topic == nil && priority == nil && expiration == nil && channelID == nil }

    /// The headers a request or manifest entry may give, by name.
    public static let names = ["apns-push-type", "apns-topic", "apns-priority", "apns-expiration", "apns-channel-id"]

    /// The push types APNs accepts.
    public static let pushTypes = [
        "alert", "background", "location", "voip", "complication", "fileprovider", "mdm", "liveactivity", "pushtotalk", "widgets", "controls",
    ]

    /// The largest payload APNs accepts for these headers: 5 KB for VoIP, 4 KB otherwise.
    public var maximumByteCount: Int { pushType == "voip" ? 5120 : NotificationPayload.maximumByteCount }

    /// `payload`'s diagnostics as sent with these headers: a VoIP payload up to 5 KB is not too
    /// large, and what does not fit between the headers and the payload is added.
    public func diagnostics(of payload: NotificationPayload) -> [LocalizationDiagnostic] {
        var diagnostics = payload.diagnostics
        if pushType == "voip" && payload.byteCount <= maximumByteCount { diagnostics.removeAll { $0.id == .payloadTooLarge } }
        return diagnostics + check(payload)
    }

    /// What does not fit between the headers and `payload`, as APNs and the device treat it.
    public func check(_ payload: NotificationPayload) -> [LocalizationDiagnostic] {
        var findings: [LocalizationDiagnostic] = []
        let place = location ?? payload.startLocation
        func finding(_ message: String, hint: String? = nil) {
            findings.append(LocalizationDiagnostic(.apnsHeaderMismatch, at: place, message, hint: hint))
        }
        let aps = payload.aps
        let isActivity = aps.liveActivity?.event != nil
        let showsAlert = aps.alert.map { !$0.title.isEmpty || !$0.subtitle.isEmpty || !$0.body.isEmpty } ?? false
        if let pushType, !Self.pushTypes.contains(pushType) {
            finding(
                "apns-push-type \"\(pushType)\" is not a push type APNs knows: it rejects the request (400)",
                hint: "use one of \(Self.pushTypes.joined(separator: ", "))")
        }
        if isActivity && pushType != nil && pushType != "liveactivity" {
            finding(
                "a Live Activity payload sent with apns-push-type \(pushType!): ActivityKit never sees it",
                hint: "send it with apns-push-type: liveactivity")
        }
        if pushType == "liveactivity" {
            if !isActivity { finding("apns-push-type liveactivity with a payload that has no \"event\": ActivityKit ignores it") }
            if let topic, !topic.hasSuffix(".push-type.liveactivity") {
                finding(
                    "a Live Activity push's apns-topic must end with .push-type.liveactivity: APNs rejects \"\(topic)\" (400)",
                    hint: "send it to \(topic).push-type.liveactivity")
            }
        }
        if pushType == "voip", let topic, !topic.hasSuffix(".voip") {
            finding("a VoIP push's apns-topic must end with .voip: APNs rejects \"\(topic)\" (400)", hint: "send it to \(topic).voip")
        }
        if pushType == "background" {
            if showsAlert || aps.badge != nil || aps.sound != nil {
                finding(
                    "a background push shows nothing: its alert, badge and sound are never presented",
                    hint: "send it with apns-push-type: alert, or leave them out")
            }
            if priority == 10 {
                finding("a background push at apns-priority 10: APNs rejects it (400); background pushes take 5", hint: "use apns-priority: 5")
            }
        }
        if pushType == "alert" && !showsAlert && aps.contentAvailable && aps.badge == nil && aps.sound == nil {
            finding(
                "a silent push (content-available only) sent as an alert: APNs expects apns-push-type background, and may not deliver it",
                hint: "use apns-push-type: background and apns-priority: 5")
        }
        if let priority, ![1, 5, 10].contains(priority) {
            finding("apns-priority \(priority) is not 1, 5 or 10: APNs rejects the request (400)")
        }
        if let expiration, expiration < 0 {
            finding(
                "apns-expiration \(expiration) is negative: APNs rejects the request (400)",
                hint: "use 0 to try once, or a date in seconds since 1970")
        }
        if let expiration, expiration > 100_000_000_000 {
            finding("apns-expiration \(expiration) is in milliseconds: APNs reads seconds since 1970", hint: "divide by 1000")
        }
        if pushType == "voip" && payload.byteCount > maximumByteCount {
            finding("the payload is \(payload.byteCount) bytes; APNs accepts at most \(maximumByteCount) for a VoIP push (413)")
        }
        if channelID != nil {
            if pushType != nil && pushType != "liveactivity" {
                finding("apns-channel-id with apns-push-type \(pushType!): broadcast channels carry Live Activity updates only")
            }
            if let alert = aps.alert {
                let raw = [alert.title, alert.subtitle, alert.body].filter { $0.locKey == nil && $0.text != nil }
                if !raw.isEmpty {
                    finding(
                        "a broadcast sends one payload to every subscriber: its server text is one language for all of them",
                        hint: "send title-loc-key and loc-key, which each device resolves in its own language")
                }
            }
        }
        return findings
    }
}

extension DiagnosticID {
    /// `apns.header-mismatch` (error). The headers and the payload do not fit together.
    public static let apnsHeaderMismatch = DiagnosticID(
        "apns.header-mismatch", .error, .payloads,
        rationale:
            "APNs and the device treat a push by its headers as much as by its payload: a Live Activity sent as an alert is never seen by ActivityKit, a background push at priority 10 is rejected, a broadcast's server text is one language for every subscriber.",
        example: "apns-push-type: alert with {\"aps\": {\"event\": \"update\", …}}")
}

extension APNsHeaders {
    /// Headers written as a JSON object, as requests and manifest entries give them
    /// (`"headers": {"apns-push-type": "alert", "apns-priority": 10, …}`).
    static func read(_ object: LocatedJSON) -> Result<APNsHeaders, ReadError> {
        guard let members = object.members else { return .failure(ReadError("\"headers\" must be an object of APNs headers")) }
        var headers = APNsHeaders(location: object.location)
        for member in members {
            let name = member.key.lowercased()
            switch (name, member.value.value) {
            case ("apns-push-type", .string(let text)): headers.pushType = text
            case ("apns-topic", .string(let text)): headers.topic = text
            case ("apns-channel-id", .string(let text)): headers.channelID = text
            case ("apns-priority", .number(let n)): headers.priority = n.int64Value.map { Int($0) }
            case ("apns-priority", .string(let text)): headers.priority = Int(text)
            case ("apns-expiration", .number(let n)): headers.expiration = n.int64Value.map { Int($0) }
            case ("apns-expiration", .string(let text)): headers.expiration = Int(text)
            default:
                guard names.contains(name) else {
                    return .failure(ReadError("unknown header \"\(member.key)\" in \"headers\"; the headers are \(names.joined(separator: ", "))"))
                }
                return .failure(
                    ReadError(
                        "\"\(member.key)\" in \"headers\" must be \(name == "apns-priority" || name == "apns-expiration" ? "a number" : "a string")"))
            }
        }
        return .success(headers)
    }

    /// The headers as a JSON object, in the order of ``names``.
    var json: LocatedJSON {
        var members: [LocatedJSON.Member] = []
        func add(_ name: String, _ value: LocatedJSON.Value?) {
            if let value { members.append(LocatedJSON.Member(key: name, value: LocatedJSON(value))) }
        }
        add("apns-push-type", pushType.map { .string($0) })
        add("apns-topic", topic.map { .string($0) })
        add("apns-priority", priority.map { .number(.init($0)) })
        add("apns-expiration", expiration.map { .number(.init($0)) })
        add("apns-channel-id", channelID.map { .string($0) })
        return LocatedJSON(.object(members))
    }

    /// Why a headers object could not be read.
    struct ReadError: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }
}
