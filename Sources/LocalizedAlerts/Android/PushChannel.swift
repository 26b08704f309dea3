/// A push service that reaches Android phones. FCM and Huawei Push Kit carry loc keys that the
/// phone resolves from the app's `strings.xml`; every other channel here (the phone makers' own
/// and the aggregators in front of them, used where phones have no Google Play services) takes
/// only finished text, which the server writes from the app's tables for each user.
public enum PushChannel: String, Sendable, Hashable, CaseIterable {
    /// Firebase Cloud Messaging, HTTP v1.
    case fcm
    /// Huawei Push Kit, REST v1/v2 (HMS Core phones: EMUI, HarmonyOS 2 to 4).
    case huawei
    /// HarmonyOS NEXT (5 and later), Push Kit v3.
    case harmonyos
    /// Honor Push.
    case honor
    /// Xiaomi MiPush.
    case xiaomi
    /// OPPO Push (OPPO, OnePlus, realme).
    case oppo
    /// vivo Push.
    case vivo
    /// Umeng U-Push, an aggregator.
    case umeng
    /// JPush (Jiguang), an aggregator.
    case jpush
    /// Getui (uniPush), an aggregator.
    case getui

    /// The name people call it by.
    public var name: String {
        switch self {
        case .fcm: "FCM"
        case .huawei: "Huawei Push Kit"
        case .harmonyos: "HarmonyOS Push Kit v3"
        case .honor: "Honor Push"
        case .xiaomi: "Xiaomi MiPush"
        case .oppo: "OPPO Push"
        case .vivo: "vivo Push"
        case .umeng: "Umeng U-Push"
        case .jpush: "JPush"
        case .getui: "Getui"
        }
    }

    /// Whether the phone resolves loc keys itself (FCM, Huawei); the others show only the text
    /// the server wrote.
    public var takesLocKeys: Bool { self == .fcm || self == .huawei }

    /// The channels that take only finished text.
    public static var textOnly: [PushChannel] { allCases.filter { !$0.takesLocKeys } }

    /// The limits this channel puts on its text, from ``ChannelTextLimit/all``.
    public var limits: [ChannelTextLimit] { ChannelTextLimit.all.filter { $0.channel == self } }

    /// The channel named `text` (`vivo`, `Huawei`), or nil.
    public init?(named text: String) {
        self.init(rawValue: text.lowercased())
    }

    /// How messages sent through `channels` are read: as Huawei's when Huawei is among them,
    /// as FCM's when FCM is, else by their shape (nil).
    public static func messageReading(for channels: [PushChannel]) -> PushChannel? {
        channels.contains(.huawei) ? .huawei : channels.contains(.fcm) ? .fcm : nil
    }

    /// Every channel's name, as `--channel` and `"channel"` take them.
    public static var names: [String] { allCases.map(\.rawValue) }

    /// ` (did you mean "vivo"?)` for a name that is not a channel's but close to one, else "".
    public static func suggestion(for name: String) -> String { EditDistance.suggestion(for: name.lowercased(), among: names) }
}

/// One limit a channel puts on a text field, counted its own way, with where it is documented.
/// ``all`` is the only table of them: lint, preview, `localize` and the service all check
/// against it.
public struct ChannelTextLimit: Sendable, Hashable {
    /// How a channel counts the length of a text.
    public enum Counting: String, Sendable, Hashable {
        /// One per character as a reader sees it (a Chinese character, a letter, an emoji).
        case characters
        /// Two per East Asian wide character (Chinese, Japanese kana, Korean Hangul,
        /// full-width forms, emoji), one per other character.
        case wideCharactersTwice
        /// UTF-8 bytes.
        case utf8Bytes

        /// The length of `text` counted this way.
        public func length(of text: String) -> Int {
            switch self {
            case .characters: text.count
            case .utf8Bytes: text.utf8.count
            case .wideCharactersTwice:
                text.reduce(0) { $0 + (($1.unicodeScalars.first).map(Self.isWide) == true ? 2 : 1) }
            }
        }

        /// The way it is counted, in words.
        public var description: String {
            switch self {
            case .characters: "characters, a Chinese or Latin one counting 1"
            case .wideCharactersTwice: "a Chinese, Japanese or Korean character counting 2 and a Latin one 1"
            case .utf8Bytes: "UTF-8 bytes"
            }
        }

        /// East Asian Wide and Fullwidth ranges (Unicode UAX #11) and emoji: what a channel
        /// that counts "a Chinese character as two English ones" most plausibly counts as two.
        static func isWide(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
                0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
                0x1F680...0x1F6FF, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
                true
            default: false
            }
        }
    }

    /// The part of the request a limit applies to.
    public enum Part: String, Sendable, Hashable {
        case title, subtitle, body
        /// The whole request body (Umeng's payload, Huawei's message).
        case request
    }

    /// The channel.
    public var channel: PushChannel
    /// What it applies to.
    public var part: Part
    /// The field's name in the channel's request (`description`, `content`).
    public var field: String
    /// The longest length accepted.
    public var maximum: Int
    /// How the channel counts.
    public var counting: Counting
    /// The notification style it applies to (OPPO's `style`); nil: every style.
    public var style: Int?
    /// Where the limit is documented, and how sure that is.
    public var source: String

    /// Every limit the product checks, one row each. A channel with no row has no documented
    /// text limit (HarmonyOS v3, Honor, JPush, Getui). Confidence "read in the vendor's
    /// reference" is stated as such; "mirror" means a published copy of the vendor's table.
    public static let all: [ChannelTextLimit] = [
        ChannelTextLimit(
            channel: .huawei, part: .request, field: "message", maximum: 4_096, counting: .utf8Bytes,
            source: "Huawei Push Kit REST reference: the message body, tokens excluded, is at most 4,096 bytes (vendor reference)"),
        // "长度小于50" / "长度小于128": less than, so 49 and 127 are the longest accepted.
        ChannelTextLimit(
            channel: .xiaomi, part: .title, field: "title", maximum: 49, counting: .characters,
            source: "Xiaomi MiPush server API (dev.mi.com, 服务端API): title shorter than 50 characters (mirror)"),
        ChannelTextLimit(
            channel: .xiaomi, part: .body, field: "description", maximum: 127, counting: .characters,
            source: "Xiaomi MiPush server API (dev.mi.com, 服务端API): description shorter than 128 characters (mirror)"),
        ChannelTextLimit(
            channel: .oppo, part: .title, field: "title", maximum: 50, counting: .characters,
            source: "OPPO Push server API, notification parameters: title at most 50 characters, an emoji counting 1 (mirror)"),
        ChannelTextLimit(
            channel: .oppo, part: .subtitle, field: "sub_title", maximum: 10, counting: .characters,
            source: "OPPO Push server API, notification parameters: sub_title at most 10 characters (mirror)"),
        ChannelTextLimit(
            channel: .oppo, part: .body, field: "content", maximum: 200, counting: .characters, style: 1,
            source: "OPPO Push server API, notification parameters: content at most 200 characters for style 1 (mirror)"),
        ChannelTextLimit(
            channel: .oppo, part: .body, field: "content", maximum: 128, counting: .characters, style: 2,
            source: "OPPO Push server API, notification parameters: content at most 128 characters for style 2 (mirror)"),
        ChannelTextLimit(
            channel: .oppo, part: .body, field: "content", maximum: 50, counting: .characters, style: 3,
            source: "OPPO Push server API, notification parameters: content at most 50 characters for style 3 (mirror)"),
        ChannelTextLimit(
            channel: .vivo, part: .title, field: "title", maximum: 40, counting: .wideCharactersTwice,
            source: "vivo Push server API: title at most 20 Chinese characters, 40 English; one Chinese character equals two English (mirror)"),
        ChannelTextLimit(
            channel: .vivo, part: .body, field: "content", maximum: 100, counting: .wideCharactersTwice,
            source: "vivo Push server API: content at most 50 Chinese characters, 100 English (mirror)"),
        ChannelTextLimit(
            channel: .umeng, part: .request, field: "payload", maximum: 1_840, counting: .utf8Bytes,
            source: "Umeng U-Push API: an Android payload is at most 1,840 bytes (mirror)"),
    ]

    /// Whether a notification of this style (1 when nil) is held to this limit.
    func applies(toStyle style: Int?) -> Bool { self.style == nil || self.style == (style ?? 1) }
}
