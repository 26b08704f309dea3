import Foundation
import Testing

/// `--channel` through the binary: a Huawei message previewed and localized as Huawei shows it,
/// and a text-only channel's limits gating lint and shaping localize, a batch and preview.
@Suite("render-alert --channel (end to end)")
struct ChinaChannelCommandTests {
    func app() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        for (path, text) in ChannelRequestTests.shippingApp { try directory.write(path, text) }
        try directory.write("m.json", ChannelRequestTests.shippingMessage)
        try directory.write(
            "huawei.json",
            #"{"validate_only": false, "message": {"android": {"notification": {"title": "Shipped", "body": "Open the app", "title_loc_key": "shipped", "title_loc_args": ["Kiko"], "multi_lang_key": {"shipped": {"ja": "%s さん、発送しました"}}}}, "token": ["t"]}}"#
        )
        return directory
    }

    @Test func lintFailsOnATranslationOverAChannelsLimitAndPassesWithoutTheChannel() throws {
        let directory = try app()
        let plain = try RenderAlertCommand.run(["lint", "res", "--payloads", "m.json"], directory: directory.path)
        #expect(plain.status == 0, "\(plain.output)\(plain.error)")
        let vivo = try RenderAlertCommand.run(
            ["lint", "res", "--payloads", "m.json", "--channel", "vivo", "--channel", "xiaomi"], directory: directory.path)
        #expect(vivo.status == 1, "\(vivo.output)\(vivo.error)")
        #expect(vivo.output.contains("vivo Push refuses the title for ja") && vivo.output.contains("[channel.text-too-long]"))
        #expect(!vivo.output.contains("Xiaomi MiPush refuses"))
        // A manifest's Android keys are checked in every language too, with its sample arguments.
        try directory.write(
            "keys.json",
            #"{"version": 1, "keys": [{"field": "title", "key": "shipped", "arguments": ["string"], "platform": "android"}, {"field": "body", "key": "eta", "arguments": ["string"], "platform": "android"}]}"#
        )
        let manifest = try RenderAlertCommand.run(["lint", "res", "--manifest", "keys.json", "--channel", "vivo"], directory: directory.path)
        #expect(manifest.status == 1 && manifest.output.contains("vivo Push refuses the title for ja"), "\(manifest.output)\(manifest.error)")
        #expect(manifest.output.contains("keys.json"))
        // Nothing to check is not a pass.
        let nothing = try RenderAlertCommand.run(["lint", "res", "--channel", "vivo"], directory: directory.path)
        #expect(nothing.status == 2 && nothing.error.contains("nothing to check against vivo Push's limits"))
        let misspelt = try RenderAlertCommand.run(["lint", "res", "--payloads", "m.json", "--channel", "vvo"], directory: directory.path)
        #expect(misspelt.status == 2 && misspelt.error.contains("unknown channel vvo for --channel (did you mean \"vivo\"?)"), "\(misspelt.error)")
    }

    @Test func localizeWritesTheChannelsBodyAndABatchLineAgrees() throws {
        let directory = try app()
        let single = try RenderAlertCommand.run(
            ["localize", "m.json", "--res", "res", "--channel", "oppo", "--language", "ja"], directory: directory.path)
        #expect(single.status == 0, "\(single.error)")
        let results = try JSONSerialization.jsonObject(with: Data(single.output.utf8)) as! [[String: Any]]
        #expect(results.count == 1 && results[0]["channel"] as? String == "oppo")
        let notification = (results[0]["message"] as? [String: Any])?["notification"] as? [String: Any]
        #expect(notification?["title"] as? String == "Kikoのご注文の商品を発送しました。お届けまでお待ちください")
        #expect(notification?["content"] as? String == "5/3に到着予定")
        let line =
            #"{"id": 7, "message": {"token": "reg-1", "android": {"notification": {"title_loc_key": "shipped", "title_loc_args": ["Kiko"], "body_loc_key": "eta", "body_loc_args": ["5/3"]}}}, "languages": ["ja"], "channel": "oppo"}"#
        let vivoLine = line.replacingOccurrences(of: #""channel": "oppo""#, with: #""channel": "vivo""#)
        let batch = try RenderAlertCommand.run(
            ["localize", "--batch", "--res", "res"], directory: directory.path, input: line + "\n" + vivoLine + "\n")
        #expect(batch.status == 1, "the vivo line is refused: \(batch.output)")
        let answers = try batch.output.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(
            try JSONSerialization.data(withJSONObject: answers[0]["message"]!, options: .sortedKeys)
                == JSONSerialization.data(withJSONObject: results[0]["message"]!, options: .sortedKeys))
        #expect(answers[1]["sendable"] as? Bool == false && (answers[1]["error"] as? String)?.contains("counts 58, over its 40") == true)
    }

    @Test func previewShowsHuaweiAndTheChannelsCards() throws {
        let directory = try app()
        let text = try RenderAlertCommand.run(
            ["preview", "huawei.json", "m.json", "--res", "res", "--channel", "vivo", "--language", "ja"], directory: directory.path)
        #expect(text.output.contains("huawei.json — Android (Huawei Push Kit)"), "\(text.output)\(text.error)")
        #expect(text.output.contains("title: Kiko さん、発送しました   [multi_lang_key.ja]"))
        #expect(text.output.contains("assumed, not documented by Huawei"))
        #expect(text.output.contains("vivo:   Kikoのご注文の商品を発送しました。お届けまでお待ちください — 5/3に到着予定   [refused]"))
        let json = try RenderAlertCommand.run(
            ["preview", "huawei.json", "m.json", "--res", "res", "--channel", "vivo", "--language", "ja", "--format", "json"],
            directory: directory.path)
        let messages = (try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as! [String: Any])["messages"] as! [[String: Any]]
        let huawei = (messages[0]["android"] as! [[String: Any]])[0]
        #expect(huawei["channel"] as? String == "huawei" && (huawei["assumptions"] as? [[String: Any]])?.isEmpty == false)
        let channels = (messages[1]["android"] as! [[String: Any]])[0]["channels"] as? [[String: Any]]
        #expect(channels?.first?["channel"] as? String == "vivo" && channels?.first?["sendable"] as? Bool == false)
        let html = try RenderAlertCommand.run(
            ["preview", "huawei.json", "m.json", "--res", "res", "--channel", "vivo", "--language", "ja", "--format", "html"],
            directory: directory.path)
        #expect(html.output.contains("data-platform=\"vivo\"") && html.output.contains("<dd>Huawei Push Kit</dd>"))
        #expect(html.output.contains("Assumed: multi_lang_key is matched against the phone"))
    }

    @Test func localizeWritesAChannelsBodyFromTheIOSAppsTables() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "ios/en.lproj/Localizable.strings", #""order.title" = "Your order from %@ has shipped";"# + "\n" + #""order.body" = "Arrives %@";"# + "\n"
        )
        try directory.write(
            "ios/ja.lproj/Localizable.strings",
            #""order.title" = "%@のご注文の商品を発送しました。お届けまでお待ちください";"# + "\n" + #""order.body" = "%@に到着予定";"# + "\n")
        try directory.write(
            "p.json",
            #"{"aps": {"alert": {"title-loc-key": "order.title", "title-loc-args": ["Kiko"], "loc-key": "order.body", "loc-args": ["5/3"]}}}"#)
        let result = try RenderAlertCommand.run(
            ["localize", "p.json", "--strings", "ios", "--channel", "xiaomi", "--channel", "vivo", "--language", "en", "--language", "ja"],
            directory: directory.path)
        #expect(result.status == 1, "vivo refuses the Japanese title: \(result.output)\(result.error)")
        let lines = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as! [[String: Any]]
        #expect(lines.map { $0["channel"] as? String } == ["xiaomi", "vivo", "xiaomi", "vivo"])
        #expect(lines.map { $0["platform"] as? String } == ["apple", "apple", "apple", "apple"])
        #expect(lines.map { $0["sendable"] as? Bool } == [true, true, true, false])
        let xiaomi = lines[2]["message"] as? [String: Any]
        #expect(xiaomi?["title"] as? String == "Kikoのご注文の商品を発送しました。お届けまでお待ちください" && xiaomi?["description"] as? String == "5/3に到着予定")
        #expect((lines[3]["error"] as? String)?.contains("vivo Push refuses the title for ja") == true)
        #expect(result.error.contains("nothing to send for ja"))
        // --channel huawei takes an FCM-shaped message, which an APNs payload is not.
        let huawei = try RenderAlertCommand.run(["localize", "p.json", "--strings", "ios", "--channel", "huawei"], directory: directory.path)
        #expect(huawei.status == 2 && huawei.error.contains("--channel huawei goes with --res"), "\(huawei.error)")
    }
}
