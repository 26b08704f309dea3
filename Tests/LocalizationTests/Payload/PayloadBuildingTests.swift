import Foundation
import Testing

@testable import LocalizedAlerts

/// The notification type a provider might already send through a push library: APNs' key
/// names by `CodingKeys`, optionals, nested values, custom keys beside `aps`.
private struct OutgoingNotification: Encodable {
    struct APS: Encodable {
        struct Alert: Encodable {
            var titleLocKey: String?
            var locKey: String
            var locArgs: [String]
            var body: String?
            enum CodingKeys: String, CodingKey {
                case titleLocKey = "title-loc-key"
                case locKey = "loc-key"
                case locArgs = "loc-args"
                case body
            }
        }
        var alert: Alert
        var badge: Int?
        var threadID: String?
        var relevanceScore: Float?
        enum CodingKeys: String, CodingKey {
            case alert, badge
            case threadID = "thread-id"
            case relevanceScore = "relevance-score"
        }
    }
    var aps: APS
    var conversation: UUID
    var participants: [UInt64]
    var flags: [String: Bool]
}

@Suite("Building payloads from Swift values")
struct PayloadBuildingTests {
    private let notification = OutgoingNotification(
        aps: .init(
            alert: .init(titleLocKey: "call.missed.title", locKey: "call.missed.body", locArgs: ["Ana \"Li\"\n"], body: nil),
            badge: 3, threadID: "calls", relevanceScore: 0.1),
        conversation: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, participants: [1, UInt64.max], flags: ["urgent": true])

    /// Foundation's `JSONEncoder` is the oracle: the same value gives the same JSON, and the
    /// same key order (declaration order, nil optionals left out).
    @Test func encodableAgreesWithJSONEncoder() throws {
        let ours = try LocatedJSON(encoding: notification).serialized()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let foundation = String(decoding: try encoder.encode(notification), as: UTF8.self)
        let parsedOurs = try JSONSerialization.jsonObject(with: Data(ours.utf8)) as! NSDictionary
        let parsedFoundation = try JSONSerialization.jsonObject(with: Data(foundation.utf8)) as! NSDictionary
        #expect(parsedOurs == parsedFoundation, "\(ours)\n\(foundation)")
        #expect(
            ours.hasPrefix(
                #"{"aps":{"alert":{"title-loc-key":"call.missed.title","loc-key":"call.missed.body","loc-args":["Ana \"Li\"\n"]},"badge":3,"thread-id":"calls","relevance-score":0.1},"#
            ))
        #expect(ours.contains(#""participants":[1,18446744073709551615]"#), "UInt64 is written exactly")
    }

    /// A payload built from a value is read exactly as its JSON bytes are.
    @Test func encodedPayloadReadsAsItsBytes() throws {
        let built = try NotificationPayload(encoding: notification)
        let parsed = NotificationPayload(parsing: try LocatedJSON(encoding: notification).serialized())
        #expect(built.isParsed)
        #expect(built.aps.alert?.body.locKey == "call.missed.body" && built.aps.alert?.body.locArgs?.map(\.text) == ["Ana \"Li\"\n"])
        #expect(built.aps.alert?.title.locKey == "call.missed.title")
        #expect(built.aps.badge == 3 && built.aps.threadID == "calls" && built.aps.relevanceScore == 0.1)
        #expect(built.customKeys.map(\.key) == ["conversation", "participants", "flags"])
        #expect(built.byteCount == parsed.byteCount)
        #expect(built.document.serialized() == parsed.document.serialized())
        #expect(parsed.aps.alert?.body.location != nil && built.aps.alert?.body.location == nil, "a value built in code has no file to point into")
        #expect(built.diagnostics.map(\.message) == parsed.diagnostics.map(\.message))
    }

    @Test func literalPayload() {
        let payload = NotificationPayload(
            document: .object([
                "aps": .object(["alert": .object(["loc-key": "greeting", "loc-args": ["Ana", 2, 2.5, true]]), "badge": 1]),
                "custom": .object(["deep": [1, 2]]),
            ]))
        #expect(payload.isParsed && payload.diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(payload.aps.alert?.body.locArgs?.map(\.text) == ["Ana", "2", "2.5", "1"])
        #expect(
            payload.document.serialized()
                == #"{"aps":{"alert":{"loc-key":"greeting","loc-args":["Ana",2,2.5,true]},"badge":1},"custom":{"deep":[1,2]}}"#)
        let renderer = AlertRenderer(app: makeApp(["en": #""greeting" = "Hello %@";"#]))
        let localized = renderer.localize(payload, preferredLanguages: ["en"])
        #expect(localized.isSendable && localized.body == "Hello Ana")
    }

    /// What JSON cannot hold is an error, never a `null` sent in its place.
    @Test func nonFiniteNumbersThrow() {
        struct Score: Encodable { var aps: [String: Double] }
        for value in [Double.nan, .infinity, -.infinity] {
            #expect(throws: EncodingError.self) { try NotificationPayload(encoding: Score(aps: ["relevance-score": value])) }
        }
        #expect(throws: EncodingError.self) { try LocatedJSON(encoding: [Float.nan]) }
    }

    /// A value that is not an object is never localized into a payload to send.
    @Test func nonObjectValueIsNotSendable() throws {
        for value in [try LocatedJSON(encoding: ["aps"]), try LocatedJSON(encoding: "aps"), try LocatedJSON(encoding: 42)] {
            let payload = NotificationPayload(document: value)
            #expect(!payload.isParsed, "\(value.serialized())")
            let renderer = AlertRenderer(app: makeApp(["en": #""greeting" = "Hello %@";"#]))
            let result = renderer.localize(payload, preferredLanguages: ["en"])
            #expect(result.payload == nil && !result.isSendable && result.diagnostics.contains { $0.id == .localizeRefused })
        }
    }

    /// Containers made by hand: nested, unkeyed, a key written twice, `super`, an optional written as null.
    @Test func handWrittenEncodeToMatchesJSONEncoder() throws {
        struct Custom: Encodable {
            enum Key: String, CodingKey { case a, b, c, d }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(1, forKey: .a)
                var list = container.nestedUnkeyedContainer(forKey: .b)
                try list.encode("x")
                try list.encodeNil()
                var inner = list.nestedContainer(keyedBy: Key.self)
                try inner.encode(Int8(-3), forKey: .c)
                try container.encode(2, forKey: .a)  // written again: the last value
                try container.encodeNil(forKey: .d)
                try container.encode(["k": [1.5]], forKey: .c)
            }
        }
        let ours = try LocatedJSON(encoding: Custom()).serialized()
        #expect(ours == #"{"a":2,"b":["x",null,{"c":-3}],"d":null,"c":{"k":[1.5]}}"#)
        let foundation = try JSONEncoder().encode(Custom())
        #expect(
            try JSONSerialization.jsonObject(with: Data(ours.utf8)) as! NSDictionary
                == JSONSerialization.jsonObject(with: foundation) as! NSDictionary)
    }
}
