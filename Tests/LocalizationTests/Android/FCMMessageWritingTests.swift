import Testing

@testable import LocalizedAlerts

/// A localized FCM message written straight from the request's JSON text against the same
/// message rewritten as a tree and written: byte for byte, or the text left to the tree.
@Suite("FCM messages written from their text against the tree")
struct FCMMessageWritingTests {
    static let titlesAndBodies: [(String?, String?)] = [(nil, nil), ("Hello", "Ana wrote"), (nil, "line\n\"quoted\"\\"), ("\u{2028}é❤️", "")]

    static func string(_ generator: inout SplitMix64) -> String {
        chance(3, &generator) ? pick(PayloadByteRewritingTests.escapedStrings, &generator) : pick(PayloadByteRewritingTests.plainStrings, &generator)
    }

    /// An FCM request: a notification of text fields and loc keys in any order, the common
    /// notification, data, an apns payload, and custom values of every kind.
    static func request(_ generator: inout SplitMix64) -> [UInt8] {
        let space = pick(["", " ", "\n  ", "\t"], &generator)
        var notification: [(String, String)] = []
        for (text, locKey, locArgs) in [("title", "title_loc_key", "title_loc_args"), ("body", "body_loc_key", "body_loc_args")] {
            if chance(40, &generator) { notification.append((text, string(&generator))) }
            if chance(60, &generator) { notification.append((locKey, string(&generator))) }
            if chance(40, &generator) {
                notification.append((locArgs, "[" + (0..<Int(generator.next() % 3)).map { _ in string(&generator) }.joined(separator: ",") + "]"))
            }
        }
        if chance(30, &generator) { notification.append(("channel_id", string(&generator))) }
        notification.shuffle(using: &generator)
        var android: [(String, String)] = [("notification", jsonObject(notification, space))]
        if chance(40, &generator) { android.append(("priority", #""high""#)) }
        android.shuffle(using: &generator)
        var message: [(String, String)] = [("android", jsonObject(android, space))]
        if chance(50, &generator) { message.append(("token", string(&generator))) }
        if chance(30, &generator) { message.append(("notification", jsonObject([("title", string(&generator))], space))) }
        if chance(30, &generator) {
            message.append(
                ("data", jsonObject([("k", string(&generator)), ("n", PayloadByteRewritingTests.value(&generator, depth: 2, space: space))], space)))
        }
        if chance(30, &generator) { message.append(("apns", jsonObject([("payload", #"{"aps":{"alert":{"loc-key":"k"}}}"#)], space))) }
        message.shuffle(using: &generator)
        var root: [(String, String)] = [("message", jsonObject(message, space))]
        if chance(10, &generator) { root.append(("extra", PayloadByteRewritingTests.value(&generator, depth: 2, space: space))) }
        return Array(jsonObject(root, space).utf8)
    }

    @Test("seeded random requests (3,000): the bytes are the tree's, or the tree writes them")
    func randomRequests() {
        let (_, written, failures) = PayloadByteRewritingTests.compare(count: 3_000, seed: 20_261_129) { generator in
            let bytes = Self.request(&generator)
            let message = FCMMessage(parsing: bytes)
            guard let text = message.documentText, let document = message.document else { return nil }
            let (title, body) = pick(Self.titlesAndBodies, &generator)
            return PayloadByteRewritingTests.Written(
                input: bytes, text: text, bytes: FCMMessageRewriter.rewrittenBytes(text, title: title, body: body),
                tree: FCMMessageRewriter.rewrite(document, title: title, body: body).serializedBytes())
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(written >= 1_000, "\(written) written from their text")
    }

    @Test("localizing writes the message from its text; the tree read afterwards is the same message")
    func localized() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "res/values/strings.xml", #"<resources><string name="t">New message</string><string name="b">%1$s wrote</string></resources>"#)
        let android = AndroidAlertRenderer(resources: try AndroidAppResources(resourceDirectory: directory.path + "/res"), appName: "App")
        let message = FCMMessage(
            parsing: Array(
                #"{"message": {"token": "x", "android": {"priority": "high", "notification": {"title_loc_key": "t", "body_loc_key": "b", "body_loc_args": ["Ana"], "channel_id": "c"}}}}"#
                    .utf8))
        let result = android.localize(message, preferredLanguages: ["en"])
        #expect(result.isSendable && result.messageBytesAsWritten != nil)
        #expect(
            String(decoding: try #require(result.messageBytes), as: UTF8.self)
                == #"{"message":{"token":"x","android":{"priority":"high","notification":{"title":"New message","body":"Ana wrote","channel_id":"c"}}}}"#
        )
        #expect(result.message?.serializedBytes() == result.messageBytes)
        // Refused: no message, no bytes.
        let refused = android.localize(
            FCMMessage(parsing: Array(#"{"message": {"android": {"notification": {"body_loc_key": "b"}}}}"#.utf8)), preferredLanguages: ["en"])
        #expect(!refused.isSendable && refused.messageBytes == nil && refused.message == nil)
        _ = directory
    }
}
