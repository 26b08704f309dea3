import Foundation
import Testing

@testable import LocalizedAlerts

/// FCM messages read directly against the located reading: whenever the direct reader takes a
/// message, the Android notification (with every location), the `apns.payload` (its `aps`,
/// locations, custom keys and document), the diagnostics and the document are the located
/// reading's. On hand-written messages and seeded random ones built from what the two readings
/// treat differently.
@Suite("Direct FCM reading against the located reading")
struct DirectFCMReadingTests {
    /// What differs between two readings of the same bytes, or nil when nothing does.
    static func difference(_ bytes: [UInt8]) -> String? {
        let direct = FCMMessage(parsing: bytes, file: "m.json", readingDirectly: true)
        let located = FCMMessage(parsing: bytes, file: "m.json", readingDirectly: false)
        if direct.android != located.android { return "android: \(String(describing: direct.android)) vs \(String(describing: located.android))" }
        if direct.diagnostics != located.diagnostics { return "diagnostics: \(direct.diagnostics) vs \(located.diagnostics)" }
        if direct.document != located.document { return "document" }
        if direct.file != located.file { return "file" }
        if direct.huawei != located.huawei || direct.channel != located.channel { return "huawei: \(direct.channel) vs \(located.channel)" }
        switch (direct.apnsPayload, located.apnsPayload) {
        case (nil, nil): return nil
        case (let direct?, let located?):
            if direct.aps != located.aps { return "apns.payload aps: \(direct.aps) vs \(located.aps)" }
            if direct.diagnostics != located.diagnostics { return "apns.payload diagnostics" }
            if direct.documentLocation != located.documentLocation { return "apns.payload documentLocation" }
            if direct.customKeys != located.customKeys { return "apns.payload customKeys" }
            if direct.document != located.document { return "apns.payload document" }
            if direct.isParsed != located.isParsed || direct.byteCount != located.byteCount { return "apns.payload isParsed or byteCount" }
            return nil
        default: return "apns.payload present in one reading only"
        }
    }

    static let messages = [
        #"{"message": {"token": "t", "notification": {"title": ""}, "android": {"notification": {"title_loc_key": "greeting", "title_loc_args": ["Ana"], "body_loc_key": "count", "body_loc_args": ["3"]}}, "apns": {"payload": {"aps": {"alert": {"loc-key": "greeting", "loc-args": ["Ana"]}}}}}}"#,
        "{\n  \"message\": {\n    \"android\": {\"priority\": \"high\", \"notification\": {\"title\": null, \"body_loc_key\": \"b\", \"body_loc_args\": []}},\n    \"notification\": {\"title\": \"Zoë\", \"body\": \"😀\"}\n  }\n}",
        #"{"message":{"topic":"news","data":{"k":"v"}}}"#,
        #"{"message":{"apns":{"headers":{"apns-priority":"10"},"payload":{"aps":{"alert":"Hi"},"id":7}}}}"#,
    ]

    @Test("Huawei Push Kit's shapes are left to the located reading, and read as Huawei's either way")
    func huaweiShapes() {
        for message in [
            #"{"message": {"token": ["a", "b"], "android": {"notification": {"title": "T", "body": "B", "body_loc_key": "k"}}}}"#,
            #"{"validate_only": true, "message": {"android": {"notification": {"title": "T", "body": "B"}}}}"#,
            #"{"message": {"android": {"notification": {"title": "T", "body": "B", "multi_lang_key": {"k": {"en": "x"}}}}}}"#,
        ] {
            let bytes = Array(message.utf8)
            #expect(FCMMessage(parsing: bytes).channel == .huawei, "\(message)")
            #expect(Self.difference(bytes) == nil, "\(message)")
        }
        #expect(DirectPayloadReader.readFCM(Array(#"{"message": {"token": ["a"]}}"#.utf8), file: nil) == nil)
        #expect(DirectPayloadReader.readFCM(Array(#"{"message": {"token": "a"}}"#.utf8), file: nil) != nil)
    }

    @Test("hand-written messages read the same either way, and the direct reader takes them")
    func handWritten() {
        for message in Self.messages {
            let bytes = Array(message.utf8)
            #expect(DirectPayloadReader.readFCM(bytes, file: "m.json") != nil, "\(message)")
            #expect(Self.difference(bytes) == nil, "\(message)")
        }
    }

    static let values = [
        #""text""#, #""""#, #""Zoë \"q\" \u00e9""#, "null", "3", "true", #"["a"]"#, #"["a",2]"#, "[]", #"{"x":1}"#, #"{"x":1,"x":2}"#, #""\ud800""#,
    ]
    static let notificationKeys = ["title", "body", "title_loc_key", "body_loc_key", "title_loc_args", "body_loc_args", "image", "channel_id"]

    static func notification(_ generator: inout SplitMix64, _ space: String) -> String {
        var members: [(String, String)] = []
        for _ in 0..<Int(generator.next() % 5) {
            let key = pick(notificationKeys, &generator)
            let value: String
            if key.hasSuffix("args") {
                value = chance(80, &generator) ? pick([#"["Ana"]"#, #"["Ana","3"]"#, "[]", "null"], &generator) : pick(values, &generator)
            } else {
                value =
                    chance(80, &generator) ? pick([#""greeting""#, #""Hello""#, #""""#, "null", #""é\n""#], &generator) : pick(values, &generator)
            }
            members.append((key, value))
        }
        return jsonObject(members, space)
    }

    /// A message: a `message` object (sometimes not, or not wrapped) with notification objects,
    /// Android and APNs options and an `apns.payload`, in one of several layouts, sometimes damaged.
    static func message(_ generator: inout SplitMix64) -> [UInt8] {
        let space = pick(["", " ", "\n  ", "\r\n", "\t"], &generator)
        var message: [(String, String)] = []
        for _ in 0..<Int(generator.next() % 5) {
            switch generator.next() % 6 {
            case 0: message.append(("notification", chance(90, &generator) ? notification(&generator, space) : pick(values, &generator)))
            case 1:
                var android: [(String, String)] = [
                    ("notification", chance(90, &generator) ? notification(&generator, space) : pick(values, &generator))
                ]
                if chance(40, &generator) { android.insert(("priority", #""high""#), at: 0) }
                message.append(("android", jsonObject(android, space)))
            case 2:
                let payload = pick(
                    [
                        #"{"aps":{"alert":{"loc-key":"greeting","loc-args":["Ana"]}}}"#, #"{"aps":{"alert":"Hi","badge":1},"id":"x"}"#,
                        #"{"aps":{"alert":{"title":{"loc-key":"a"}}}}"#, #"{"aps":{},"aps":{}}"#, #"{"id":1}"#, "[]", "null",
                    ], &generator)
                var apns: [(String, String)] = [("payload", payload)]
                if chance(40, &generator) { apns.insert(("headers", #"{"apns-priority":"10"}"#), at: 0) }
                message.append(("apns", jsonObject(apns, space)))
            case 3: message.append(("token", #""bk3RNwTe3H0""#))
            case 4: message.append(("data", #"{"k":"v","n":"1"}"#))
            default: message.append((pick(["topic", "notification", "android"], &generator), pick(values, &generator)))
            }
        }
        let body = jsonObject(message, space)
        let text: String
        switch generator.next() % 10 {
        case 0: text = body
        case 1: text = jsonObject([("message", body), ("validate_only", "true")], space)
        case 2: text = jsonObject([("message", body), ("message", body)], space)
        default: text = jsonObject([("message", body)], space)
        }
        return damaged(Array(text.utf8), &generator)
    }

    /// `FCM_READER_SEED` and `FCM_READER_COUNT` change the seed and the number of messages, for
    /// longer runs by hand.
    @Test("seeded random messages (4,000 by default)")
    func randomMessages() {
        expectDirectReadingAgrees(
            environmentPrefix: "FCM_READER", generate: { Self.message(&$0) },
            isTakenDirectly: { DirectPayloadReader.readFCM($0, file: "m.json") != nil }, difference: Self.difference)
    }
}
