/// Diagnostic IDs of the text a text-only push channel is sent.
extension DiagnosticID {
    /// `channel.text-too-long` (error). The text is longer than the channel accepts, counted
    /// the channel's way.
    public static let channelTextTooLong = DiagnosticID(
        "channel.text-too-long", .error, .push,
        rationale:
            "Xiaomi, OPPO, vivo and Umeng limit a notification's text, each counting its own way (vivo counts a Chinese character as two Latin ones): a translation that fits in English may not in Japanese, and the request is refused.",
        example: "a Japanese title of 21 characters sent through vivo (at most 20 Chinese characters, 40 Latin)")
    /// `channel.text-missing` (error). A field the channel requires has no text.
    public static let channelTextMissing = DiagnosticID(
        "channel.text-missing", .error, .push,
        rationale: "Xiaomi needs a title and a description, OPPO and vivo a title and content: a notification without them is refused.",
        example: "a message with only a body sent through Xiaomi, for an app whose name is not known")
}

/// The finished text a channel is sent for one user.
public struct ChannelText: Sendable, Hashable {
    public var title: String?
    public var subtitle: String?
    public var body: String?

    public init(title: String? = nil, subtitle: String? = nil, body: String? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
    }

    subscript(part: ChannelTextLimit.Part) -> String? {
        switch part {
        case .title: title
        case .subtitle: subtitle
        case .body: body
        case .request: nil
        }
    }
}

/// Why a channel would refuse a request's text.
public struct ChannelTextProblem: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// The text is over a limit: its length counted as the limit counts.
        case tooLong(ChannelTextLimit, length: Int)
        /// A field the channel requires is empty: its name in the request, and its part.
        case missing(field: String, part: ChannelTextLimit.Part)
    }
    public var channel: PushChannel
    public var kind: Kind

    /// The finding, at `location`, for the user whose language is `language`.
    public func diagnostic(at location: SourceLocation, language: String?, text: ChannelText) -> LocalizationDiagnostic {
        let place = language.map { " for \($0)" } ?? ""
        switch kind {
        case .tooLong(let limit, let length):
            let shown = text[limit.part].map { " \"\(DisplayText.truncate($0, columns: 60))\"" } ?? ""
            return LocalizationDiagnostic(
                .channelTextTooLong, at: location,
                "\(channel.name) refuses the \(limit.field)\(place):\(shown) counts \(length), over its \(limit.maximum) (\(limit.counting.description)); \(limit.source)",
                hint: "shorten the \(limit.part == .request ? "message" : "translation")\(place), or send a shorter key to \(channel.name)")
        case .missing(let field, _):
            return LocalizationDiagnostic(
                .channelTextMissing, at: location, "\(channel.name) requires a \(field)\(place), and the text has none",
                hint: "send a \(field == "title" ? "title_loc_key" : "body_loc_key") that resolves, or give the app's name")
        }
    }
}

/// The request body a text-only channel is sent for one user, with the channel's own field
/// names, and what the channel would refuse in it. The body holds the text and the members
/// every request of the channel needs; the target (`regId`, `token`) is written when given,
/// and the per-send members (vivo's `requestId`, Umeng's `appkey` and `timestamp`) are the
/// sender's to add.
public struct ChannelRequest: Sendable {
    /// The channel.
    public let channel: PushChannel
    /// The text written.
    public let text: ChannelText
    /// The request body, in the channel's shape.
    public let body: LocatedJSON
    /// What the channel would refuse; empty when the request fits.
    public let problems: [ChannelTextProblem]

    /// Whether the channel takes it.
    public var fits: Bool { problems.isEmpty }

    /// The request for `channel` with `text`; `style` is the notification style (OPPO's
    /// `style`, 1 when nil), `targets` the devices' tokens. Nil for FCM and Huawei, whose
    /// requests are messages with loc keys (``AndroidAlertRenderer/localize(_:preferredLanguages:mode:quantities:channel:)``).
    public init?(channel: PushChannel, text: ChannelText, style: Int? = nil, targets: [String] = []) {
        guard !channel.takesLocKeys else { return nil }
        self.channel = channel
        self.text = text
        let body = Self.body(channel, text, style: style, targets: targets)
        self.body = body
        var problems: [ChannelTextProblem] = []
        for field in Self.requiredFields(channel) where (text[field.part] ?? "").isEmpty {
            problems.append(ChannelTextProblem(channel: channel, kind: .missing(field: field.name, part: field.part)))
        }
        for limit in channel.limits {
            let length: Int
            if limit.part == .request {
                // Umeng counts its `payload` object; the whole body has no other text.
                let measured = body[limit.field] ?? body
                length = measured.serializedBytes().count
            } else {
                guard limit.applies(toStyle: style), let value = text[limit.part] else { continue }
                length = limit.counting.length(of: value)
            }
            if length > limit.maximum { problems.append(ChannelTextProblem(channel: channel, kind: .tooLong(limit, length: length))) }
        }
        self.problems = problems
    }

    /// The findings for the user whose language is `language`, each at the location
    /// `location` gives the part of the request it is about.
    public func diagnostics(at location: (ChannelTextLimit.Part) -> SourceLocation, language: String?) -> [LocalizationDiagnostic] {
        problems.map { problem in
            let part: ChannelTextLimit.Part
            switch problem.kind {
            case .tooLong(let limit, _): part = limit.part
            case .missing(_, let missing): part = missing
            }
            return problem.diagnostic(at: location(part), language: language, text: text)
        }
    }

    /// The text fields a channel requires, with their names in its request.
    static func requiredFields(_ channel: PushChannel) -> [(part: ChannelTextLimit.Part, name: String)] {
        switch channel {
        case .fcm, .huawei: []
        case .xiaomi: [(.title, "title"), (.body, "description")]
        case .oppo, .vivo: [(.title, "title"), (.body, "content")]
        case .harmonyos, .honor, .getui: [(.title, "title"), (.body, "body")]
        case .umeng: [(.title, "title"), (.body, "text")]
        case .jpush: [(.body, "alert")]
        }
    }

    /// The body in the channel's shape (docs/china.md lists each, with its source).
    static func body(_ channel: PushChannel, _ text: ChannelText, style: Int?, targets: [String]) -> LocatedJSON {
        func string(_ value: String?) -> LocatedJSON { .string(value ?? "") }
        let tokens: LocatedJSON = .array(targets.map { .string($0) })
        var members: [(String, LocatedJSON)]
        switch channel {
        case .fcm, .huawei:
            members = []
        case .harmonyos:
            members = [
                (
                    "payload",
                    .object([
                        (
                            "notification",
                            .object([
                                ("category", .string("MARKETING")), ("title", string(text.title)), ("body", string(text.body)),
                                ("clickAction", .object([("actionType", .number(0))])),
                            ])
                        )
                    ])
                )
            ]
            if !targets.isEmpty { members.append(("target", .object([("token", tokens)]))) }
        case .honor:
            members = [
                (
                    "android",
                    .object([
                        (
                            "notification",
                            .object([("title", string(text.title)), ("body", string(text.body)), ("clickAction", .object([("type", .number(3))]))])
                        )
                    ])
                )
            ]
            if !targets.isEmpty { members.append(("token", tokens)) }
        case .xiaomi:
            members = [("title", string(text.title)), ("description", string(text.body)), ("notify_type", .number(-1)), ("pass_through", .number(0))]
            if !targets.isEmpty { members.append(("registration_id", .string(targets.joined(separator: ",")))) }
        case .oppo:
            var notification: [(String, LocatedJSON)] = [("title", string(text.title))]
            if let subtitle = text.subtitle, !subtitle.isEmpty { notification.append(("sub_title", .string(subtitle))) }
            notification += [("content", string(text.body)), ("style", .number(style ?? 1)), ("click_action_type", .number(0))]
            members = []
            if let target = targets.first { members += [("target_type", .number(2)), ("target_value", .string(target))] }
            members.append(("notification", .object(notification)))
        case .vivo:
            members = targets.first.map { [("regId", .string($0))] } ?? []
            members += [("notifyType", .number(4)), ("title", string(text.title)), ("content", string(text.body)), ("skipType", .number(1))]
        case .umeng:
            members = [("type", .string(targets.count > 1 ? "listcast" : "unicast"))]
            if !targets.isEmpty { members.append(("device_tokens", .string(targets.joined(separator: ",")))) }
            members.append(
                (
                    "payload",
                    .object([
                        ("display_type", .string("notification")),
                        (
                            "body",
                            .object([
                                ("ticker", string(text.title)), ("title", string(text.title)), ("text", string(text.body)),
                                ("after_open", .string("go_app")),
                            ])
                        ),
                    ])
                ))
        case .jpush:
            var android: [(String, LocatedJSON)] = [("alert", string(text.body))]
            if let title = text.title, !title.isEmpty { android.append(("title", .string(title))) }
            // No audience without targets: "all" would reach every device of the app.
            members = [("platform", .array([.string("android")]))]
            if !targets.isEmpty { members.append(("audience", .object([("registration_id", tokens)]))) }
            members.append(("notification", .object([("android", .object(android))])))
        case .getui:
            let notification: LocatedJSON = .object([
                ("title", string(text.title)), ("body", string(text.body)), ("click_type", .string("startapp")),
            ])
            members = []
            if !targets.isEmpty { members.append(("audience", .object([("cid", tokens)]))) }
            members += [
                ("push_message", .object([("notification", notification)])),
                ("push_channel", .object([("android", .object([("ups", .object([("notification", notification)]))]))])),
            ]
        }
        return .object(members)
    }
}

extension LocalizedPayload {
    /// This user's text, as the iOS app's tables give it, written as `channel`'s request body
    /// (a channel that takes only text): for a team whose Android phones in China are sent the
    /// same catalog. Nil when the payload gave no text to send (``refusal``); APNs' own size
    /// limit is not the channel's.
    public func channelRequest(_ channel: PushChannel) -> ChannelRequest? {
        guard refusal == nil, payloadBytes != nil, !channel.takesLocKeys else { return nil }
        return ChannelRequest(channel: channel, text: ChannelText(title: title, subtitle: subtitle, body: body))
    }
}
