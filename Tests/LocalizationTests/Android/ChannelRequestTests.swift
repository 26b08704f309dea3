import Testing

@testable import LocalizedAlerts

/// The channels that take only finished text: each request body in the channel's shape, and
/// each limit caught in a CJK and a Latin language, counted the channel's way.
@Suite("Text-only push channels")
struct ChannelRequestTests {
    static func request(_ channel: PushChannel, title: String? = "Title", subtitle: String? = nil, body: String? = "Body", style: Int? = nil)
        -> ChannelRequest
    {
        ChannelRequest(channel: channel, text: ChannelText(title: title, subtitle: subtitle, body: body), style: style)!
    }

    /// The lengths over the limit of each problem, by field.
    static func over(_ request: ChannelRequest) -> [String: Int] {
        var lengths: [String: Int] = [:]
        for problem in request.problems {
            if case .tooLong(let limit, let length) = problem.kind { lengths[limit.field] = length }
        }
        return lengths
    }

    @Test("vivo counts a Chinese or Japanese character as two: a 21-character Japanese title fails, the same 38-letter English one passes")
    func vivo() {
        let japanese = String(repeating: "新", count: 20) + "着"
        #expect(Self.over(Self.request(.vivo, title: japanese)) == ["title": 42])
        #expect(Self.request(.vivo, title: String(repeating: "新", count: 20)).fits)
        #expect(Self.request(.vivo, title: "Your order has shipped and is on its w").fits)  // 38 letters
        #expect(Self.over(Self.request(.vivo, title: String(repeating: "a", count: 41))) == ["title": 41])
        // Korean and full-width forms count two as well; accented Latin counts one.
        #expect(ChannelTextLimit.Counting.wideCharactersTwice.length(of: "한글ＡＢé") == 9)
        #expect(Self.over(Self.request(.vivo, body: String(repeating: "照", count: 51))) == ["content": 102])
        #expect(Self.request(.vivo, body: String(repeating: "é", count: 100)).fits)
    }

    @Test("Xiaomi takes a title shorter than 50 and a description shorter than 128, a Chinese or Latin character counting one")
    func xiaomi() {
        #expect(Self.request(.xiaomi, title: String(repeating: "小", count: 49), body: String(repeating: "b", count: 127)).fits)
        #expect(Self.over(Self.request(.xiaomi, title: String(repeating: "小", count: 50))) == ["title": 50])
        #expect(Self.over(Self.request(.xiaomi, title: String(repeating: "x", count: 50))) == ["title": 50])
        #expect(Self.over(Self.request(.xiaomi, body: String(repeating: "米", count: 128))) == ["description": 128])
        #expect(Self.over(Self.request(.xiaomi, body: String(repeating: "m", count: 128))) == ["description": 128])
    }

    @Test("OPPO's content limit depends on the style, and an emoji counts one")
    func oppo() {
        let emoji = String(repeating: "👨‍👩‍👧", count: 50)
        #expect(Self.request(.oppo, title: emoji).fits)
        #expect(Self.over(Self.request(.oppo, title: emoji + "o")) == ["title": 51])
        #expect(Self.over(Self.request(.oppo, subtitle: "副标题副标题副标题副标")) == ["sub_title": 11])
        #expect(Self.over(Self.request(.oppo, subtitle: "Subtitle..x")) == ["sub_title": 11])
        let content = String(repeating: "内", count: 129)
        #expect(Self.request(.oppo, body: content).fits)
        #expect(Self.request(.oppo, body: content, style: 1).fits)
        #expect(Self.over(Self.request(.oppo, body: content, style: 2)) == ["content": 129])
        #expect(Self.over(Self.request(.oppo, body: String(repeating: "c", count: 51), style: 3)) == ["content": 51])
        #expect(Self.over(Self.request(.oppo, body: String(repeating: "c", count: 201))) == ["content": 201])
    }

    @Test("Umeng counts its payload's UTF-8 bytes: Chinese text reaches the limit in a third of the characters")
    func umeng() {
        #expect(Self.request(.umeng, body: String(repeating: "u", count: 1_600)).fits)
        let chinese = Self.request(.umeng, body: String(repeating: "友", count: 600))
        #expect(Self.over(chinese)["payload"].map { $0 > 1_840 } == true)
    }

    @Test("a field the channel requires is a finding when empty")
    func required() {
        let noTitle = Self.request(.xiaomi, title: nil)
        #expect(noTitle.problems == [ChannelTextProblem(channel: .xiaomi, kind: .missing(field: "title", part: .title))])
        #expect(Self.request(.jpush, title: nil).fits)
        #expect(!Self.request(.jpush, body: "").fits)
        let location = SourceLocation(file: "m.json", line: 2, column: 3)
        let finding = noTitle.diagnostics(at: { _ in location }, language: "ja").first
        #expect(finding?.id == .channelTextMissing && finding?.message == "Xiaomi MiPush requires a title for ja, and the text has none")
    }

    @Test("every limit has a source, a positive maximum and a channel that takes only text or Huawei's message")
    func table() {
        for limit in ChannelTextLimit.all {
            #expect(limit.maximum > 0 && !limit.source.isEmpty && limit.channel != .fcm)
            #expect(limit.source.hasSuffix("(mirror)") || limit.source.hasSuffix("(vendor reference)"))
        }
        #expect(Set(ChannelTextLimit.all.map(\.channel)) == [.huawei, .xiaomi, .oppo, .vivo, .umeng])
        #expect(PushChannel.textOnly == [.harmonyos, .honor, .xiaomi, .oppo, .vivo, .umeng, .jpush, .getui])
        #expect(PushChannel(named: "VIVO") == .vivo && PushChannel(named: "apns") == nil)
        #expect(ChannelRequest(channel: .fcm, text: ChannelText(body: "b")) == nil && ChannelRequest(channel: .huawei, text: ChannelText()) == nil)
    }

    @Test("each channel's body carries the text under its own field names")
    func bodies() {
        let text = ChannelText(title: "标题", subtitle: "副", body: "正文")
        func body(_ channel: PushChannel, targets: [String] = ["tok"]) -> String {
            ChannelRequest(channel: channel, text: text, targets: targets)!.body.serialized()
        }
        #expect(body(.vivo) == #"{"regId":"tok","notifyType":4,"title":"标题","content":"正文","skipType":1}"#)
        #expect(body(.xiaomi) == #"{"title":"标题","description":"正文","notify_type":-1,"pass_through":0,"registration_id":"tok"}"#)
        #expect(
            body(.oppo)
                == #"{"target_type":2,"target_value":"tok","notification":{"title":"标题","sub_title":"副","content":"正文","style":1,"click_action_type":0}}"#
        )
        #expect(body(.honor) == #"{"android":{"notification":{"title":"标题","body":"正文","clickAction":{"type":3}}},"token":["tok"]}"#)
        #expect(
            body(.harmonyos)
                == #"{"payload":{"notification":{"category":"MARKETING","title":"标题","body":"正文","clickAction":{"actionType":0}}},"target":{"token":["tok"]}}"#
        )
        #expect(
            body(.umeng)
                == #"{"type":"unicast","device_tokens":"tok","payload":{"display_type":"notification","body":{"ticker":"标题","title":"标题","text":"正文","after_open":"go_app"}}}"#
        )
        #expect(
            body(.jpush, targets: [])
                == #"{"platform":["android"],"notification":{"android":{"alert":"正文","title":"标题"}}}"#)
        #expect(body(.getui, targets: []).hasPrefix(#"{"push_message":{"notification":{"title":"标题","body":"正文","click_type":"startapp"}}"#))
        // Without a target, none is written: the sender adds it.
        #expect(body(.vivo, targets: []) == #"{"notifyType":4,"title":"标题","content":"正文","skipType":1}"#)
    }

    /// An app whose Japanese title is over vivo's limit and within Xiaomi's, and a message
    /// that sends it: shared with the command-line tests.
    static let shippingApp = [
        "res/values/strings.xml":
            #"<resources><string name="app_name">Relay</string><string name="shipped">Your order from %1$s has shipped</string><string name="eta">Arrives %1$s</string></resources>"#,
        "res/values-ja/strings.xml":
            #"<resources><string name="shipped">%1$sのご注文の商品を発送しました。お届けまでお待ちください</string><string name="eta">%1$sに到着予定</string></resources>"#,
    ]
    static let shippingMessage =
        #"{"message": {"token": "reg-1", "android": {"notification": {"title_loc_key": "shipped", "title_loc_args": ["Kiko"], "body_loc_key": "eta", "body_loc_args": ["5/3"]}}}}"#

    @Test("localize writes each channel's body from the app's strings.xml for the user's language, or refuses it")
    func localizes() throws {
        let directory = try TemporaryDirectory()
        for (path, text) in Self.shippingApp { try directory.write(path, text) }
        let android = AndroidAlertRenderer(resources: try AndroidAppResources(resourceDirectory: directory.path + "/res"))
        let message = FCMMessage(parsing: Array(Self.shippingMessage.utf8))
        for channel in [PushChannel.vivo, .xiaomi, .oppo, .honor, .harmonyos] {
            let english = android.localize(message, preferredLanguages: ["en-US"], channel: channel)
            #expect(english.isSendable && english.channel == channel)
            let body = english.message?.serialized() ?? ""
            #expect(body.contains("\"Your order from Kiko has shipped\"") && body.contains("\"Arrives 5/3\"") && body.contains("reg-1"))
            #expect(english.message == ChannelRequest(channel: channel, text: english.channelRequest!.text, targets: ["reg-1"])?.body)
        }
        // The Japanese title, 31 characters, counts 58 of vivo's 40 but fits Xiaomi's 49.
        let vivo = android.localize(message, preferredLanguages: ["ja-JP"], channel: .vivo)
        #expect(!vivo.isSendable && vivo.message == nil && vivo.error?.contains("counts 58, over its 40") == true)
        #expect(vivo.diagnostics.first { $0.id == .channelTextTooLong }?.location.column == 78)
        #expect(android.localize(message, preferredLanguages: ["ja-JP"], channel: .xiaomi).isSendable)
        // An untitled message gets the app's name, which text-only channels show only if sent.
        let untitled = FCMMessage(
            parsing: Array(#"{"message": {"android": {"notification": {"body_loc_key": "eta", "body_loc_args": ["5/3"]}}}}"#.utf8))
        #expect(android.localize(untitled, preferredLanguages: ["en"], channel: .xiaomi).channelRequest?.text.title == "Relay")
        // A data message has nothing to send to a channel that shows text.
        let data = FCMMessage(parsing: Array(#"{"message": {"data": {"k": "v"}}}"#.utf8))
        #expect(android.localize(data, preferredLanguages: ["en"], channel: .oppo).error?.contains("a data message") == true)
    }
}
