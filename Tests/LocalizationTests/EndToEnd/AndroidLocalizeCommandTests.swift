import Foundation
import Testing

/// `render-alert localize --res`: a provider without a Swift stack fills in an FCM message's
/// text, one message or a batch, and both give the same message for the same request.
@Suite("render-alert localize --res (end to end)")
struct AndroidLocalizeCommandTests {
    func app() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write(
            "res/values/strings.xml",
            """
            <resources>
              <string name="title">New message</string>
              <string name="new_message">%1$s wrote: %2$s</string>
              <plurals name="new_photos"><item quantity="one">%d new photo</item><item quantity="other">%d new photos</item></plurals>
            </resources>
            """)
        try directory.write(
            "res/values-fr/strings.xml",
            #"<resources><string name="new_message">%1$s a écrit : %2$s</string><plurals name="new_photos"><item quantity="one">%d nouvelle photo</item><item quantity="other">%d nouvelles photos</item></plurals></resources>"#
        )
        try directory.write("ios/en.lproj/Localizable.strings", #""greeting" = "Hello %@";"# + "\n")
        return directory
    }

    static let message =
        #"{"message": {"token": "t", "android": {"notification": {"title_loc_key": "title", "body_loc_key": "new_message", "body_loc_args": ["Ana", "hi"]}}}}"#

    func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    @Test func oneMessageAndABatchLineGiveTheSameMessage() throws {
        let directory = try app()
        try directory.write("m.json", Self.message)
        let single = try RenderAlertCommand.run(["localize", "m.json", "--res", "res", "--language", "fr-CA,en"], directory: directory.path)
        #expect(single.status == 0, "\(single.error)")
        let results = try json(single.output) as! [[String: Any]]
        #expect(results.count == 1 && results[0]["sendable"] as? Bool == true && results[0]["resourceLocale"] as? String == "fr-CA")
        let sent = try #require(results[0]["message"] as? [String: Any])
        let notification = ((sent["message"] as? [String: Any])?["android"] as? [String: Any])?["notification"] as? [String: Any]
        #expect(notification?["title"] as? String == "New message" && notification?["body"] as? String == "Ana a écrit : hi")
        #expect(notification?["body_loc_key"] == nil && notification?["body_loc_args"] == nil)

        // The same request as a batch line, beside an APNs line answered with --strings.
        let lines = [
            #"{"id": "a", "message": \#(Self.message.dropFirst(12).dropLast()), "languages": ["fr-CA", "en"]}"#,
            #"{"id": "b", "payload": {"aps": {"alert": {"loc-key": "greeting", "loc-args": ["Ana"]}}}, "languages": ["en"]}"#,
            #"{"id": "c", "message": {"android": {"notification": {"body_loc_key": "new_photos"}}}, "languages": "fr", "quantities": {"body": 3}}"#,
            #"{"id": "d", "message": {"android": {"notification": {"body_loc_key": "new_message"}}}, "languages": ["fr"]}"#,
        ]
        let batch = try RenderAlertCommand.run(
            ["localize", "--batch", "--res", "res", "--strings", "ios"], directory: directory.path, input: lines.joined(separator: "\n") + "\n")
        #expect(batch.status == 1, "one line is refused: \(batch.output)\(batch.error)")
        let answers = try batch.output.split(separator: "\n").map { try json(String($0)) as! [String: Any] }
        #expect(answers.count == 4)
        #expect(
            try JSONSerialization.data(withJSONObject: answers[0]["message"]!, options: .sortedKeys)
                == JSONSerialization.data(withJSONObject: sent, options: .sortedKeys))
        let apns = ((answers[1]["payload"] as? [String: Any])?["aps"] as? [String: Any])?["alert"] as? [String: Any]
        #expect(apns?["body"] as? String == "Hello Ana", "\(answers[1])")
        let plural = (((answers[2]["message"] as? [String: Any])?["message"] as? [String: Any])?["android"] as? [String: Any])?["notification"]
        #expect((plural as? [String: Any])?["body"] as? String == "3 nouvelles photos", "\(answers[2])")
        #expect(answers[3]["sendable"] as? Bool == false && (answers[3]["error"] as? String ?? "").contains("no body_loc_args"))
    }

    @Test func aRefusedMessageExitsOneAndSaysWhy() throws {
        let directory = try app()
        try directory.write("m.json", #"{"message": {"android": {"notification": {"body_loc_key": "new_photos"}}}}"#)
        let refused = try RenderAlertCommand.run(["localize", "m.json", "--res", "res", "--language", "en"], directory: directory.path)
        #expect(refused.status == 1)
        #expect(refused.error.contains("nothing to send for en") && refused.error.contains("<plurals>"), "\(refused.error)")
        let counted = try RenderAlertCommand.run(
            ["localize", "m.json", "--res", "res", "--language", "en", "--quantity", "body=1", "--payload-only"], directory: directory.path)
        #expect(
            counted.status == 0 && counted.output == #"{"message":{"android":{"notification":{"body":"1 new photo"}}}}"# + "\n", "\(counted.error)")
        // An APNs payload is not an FCM message.
        try directory.write("p.json", #"{"aps": {"alert": "hi"}}"#)
        let wrong = try RenderAlertCommand.run(["localize", "p.json", "--res", "res"], directory: directory.path)
        #expect(wrong.status == 2 && wrong.error.contains("FCM HTTP v1 message"), "\(wrong.error)")
    }
}
