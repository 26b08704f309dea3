/// One FCM localization request, a batch line or an HTTP body:
/// `{"message": {…}, "languages": ["fr-CA", "en"]}`, the message as FCM's HTTP v1 API takes it
/// (`{"message": …}` is the request body FCM takes), optionally with `"mode"`, `"quantities"`
/// (`{"body": 3}`: the count of a field whose loc key names a `<plurals>`, server mode), an
/// `"id"` echoed back, and `"channel"`: `fcm`, `huawei` (a Huawei Push Kit message, also
/// told by its shape, with its `"validate_only"` beside it), or a channel that takes only text
/// (`vivo`, `xiaomi`…), whose request body is the answer.
public struct FCMLocalizationRequest: Sendable {
    /// The message; its locations name the file `line N` or `request`.
    public var message: FCMMessage
    /// The user's languages, best first.
    public var preferredLanguages: [String]
    /// The request's own mode; nil means the batch's.
    public var mode: LocalizationMode?
    /// Counts of plural fields.
    public var quantities = FCMQuantities()
    /// The request's `"id"`, echoed back.
    public var id: LocatedJSON?
    /// Where the result is sent (`"channel"`); nil: the message's own service.
    public var channel: PushChannel?

    /// The members an FCM request may have.
    public static let members = ["id", "message", "languages", "mode", "quantities", "channel", "validate_only"]

    /// Whether a parsed request object is an FCM one (it has `"message"`, not `"payload"`).
    public static func isFCMRequest(_ root: LocatedJSON) -> Bool { root["message"] != nil && root["payload"] == nil }

    /// Reads a request object already parsed; its message's locations name `file`, and
    /// `readingDiagnostics` (what parsing the text found, such as a key written twice) are the
    /// message's to report.
    public static func parse(
        _ root: LocatedJSON, bytes: [UInt8], file: String, noun: String, readingDiagnostics: [LocalizationDiagnostic] = []
    ) -> Result<
        FCMLocalizationRequest, LocalizationRequest.Failure
    > {
        let id = root["id"]
        guard let rootMembers = root.members else {
            return .failure(.init(message: "the \(noun) is \(root.kindDescription), not an object", id: id))
        }
        for member in rootMembers where !members.contains(member.key) {
            let guess = EditDistance.suggestion(for: member.key, among: members)
            return .failure(
                .init(
                    message: "unknown member \"\(member.key)\"\(guess); an FCM request has \(members.map { "\"\($0)\"" }.joined(separator: ", "))",
                    id: id))
        }
        guard let messageJSON = root["message"], messageJSON.members != nil else {
            return .failure(.init(message: "\"message\" must be an FCM message object", id: id))
        }
        let languages: [String]
        switch PreferredLanguages.read(root["languages"], in: noun) {
        case .success(let read): languages = read
        case .failure(let failure): return .failure(.init(message: failure.message, id: id))
        }
        var mode: LocalizationMode?
        if let member = root["mode"] {
            guard let text = member.stringValue, let parsed = LocalizationMode(rawValue: text) else {
                return .failure(
                    .init(
                        message: "\"mode\" must be device or server, not \(member.stringValue.map { "\"\($0)\"" } ?? member.kindDescription)", id: id)
                )
            }
            mode = parsed
        }
        var quantities = FCMQuantities()
        if let member = root["quantities"] {
            guard let entries = member.members else {
                return .failure(.init(message: "\"quantities\" must be an object such as {\"body\": 3}", id: id))
            }
            for entry in entries {
                guard let field = FCMQuantities.Field(rawValue: entry.key) else {
                    return .failure(.init(message: "\"quantities\" takes \"title\" and \"body\", not \"\(entry.key)\"", id: id))
                }
                guard case .number(let number) = entry.value.value, number.doubleValue.isFinite else {
                    return .failure(.init(message: "\"quantities\".\"\(entry.key)\" must be a number", id: id))
                }
                quantities[field] = number.doubleValue
            }
        }
        var channel: PushChannel?
        if let member = root["channel"] {
            guard let text = member.stringValue, let named = PushChannel(named: text) else {
                let guess = member.stringValue.map(PushChannel.suggestion) ?? ""
                return .failure(
                    .init(
                        message:
                            "\"channel\" must be one of \(PushChannel.names.joined(separator: ", ")), not \(member.stringValue.map { "\"\($0)\"" } ?? member.kindDescription)\(guess)",
                        id: id))
            }
            channel = named
        }
        // Huawei's request body holds validate_only beside the message.
        var document: [LocatedJSON.Member] = root.members!.filter { $0.key == "validate_only" }
        if !document.isEmpty && channel == .fcm {
            return .failure(.init(message: "\"validate_only\" is Huawei Push Kit's; an FCM request has none", id: id))
        }
        document.append(LocatedJSON.Member(key: "message", value: messageJSON))
        var message = FCMMessage(
            document: LocatedJSON(.object(document), location: root.location), file: file, sizeBound: bytes.count,
            channel: channel == .huawei ? .huawei : channel == .fcm ? .fcm : nil)
        message.diagnostics = readingDiagnostics + message.diagnostics
        var request = FCMLocalizationRequest(message: message, preferredLanguages: languages, mode: mode, id: id)
        request.quantities = quantities
        request.channel = channel
        return .success(request)
    }
}
