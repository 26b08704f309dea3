import Foundation
import Testing

@testable import LocalizedAlerts

/// Provider requests read directly against the located reading: whenever the direct reader
/// takes a request, the request (its payload's model, diagnostics, document and size, its
/// languages, id, mode, fallback and device) or the failure is the located reading's. On
/// hand-written requests and seeded random ones built from what the two readings treat
/// differently.
@Suite("Direct request reading against the located reading")
struct DirectRequestReadingTests {
    static func read(_ bytes: [UInt8], directly: Bool) -> Result<LocalizationRequest, LocalizationRequest.Failure> {
        LocalizationRequest.parse(bytes, file: "line 1", noun: "line", readingDirectly: directly)
    }

    /// What differs between two readings of the same bytes, or nil when nothing does.
    static func difference(_ bytes: [UInt8]) -> String? {
        switch (read(bytes, directly: true), read(bytes, directly: false)) {
        case (.failure(let direct), .failure(let located)):
            return direct == located ? nil : "failures: \(direct) vs \(located)"
        case (.success(let direct), .success(let located)):
            if direct.preferredLanguages != located.preferredLanguages { return "languages" }
            if direct.mode != located.mode || direct.fallback != located.fallback || direct.device != located.device { return "options" }
            if direct.id?.value != located.id?.value { return "id: \(String(describing: direct.id)) vs \(String(describing: located.id))" }
            if direct.headers != located.headers { return "headers" }
            let (a, b) = (direct.payload, located.payload)
            if a.aps != b.aps { return "aps: \(a.aps) vs \(b.aps)" }
            if a.diagnostics != b.diagnostics { return "diagnostics: \(a.diagnostics) vs \(b.diagnostics)" }
            if a.customKeys != b.customKeys { return "custom keys" }
            if a.document != b.document { return "document" }
            if a.isParsed != b.isParsed || a.byteCount != b.byteCount { return "isParsed or byteCount: \(a.byteCount) vs \(b.byteCount)" }
            return nil
        default:
            return "one reading failed"
        }
    }

    static let requests = [
        #"{"payload": {"aps": {"alert": {"loc-key": "greeting", "loc-args": ["Ana"]}}}, "languages": ["fr-CA", "en"], "id": 7}"#,
        #"{"id": "a-1", "languages": "nl-NL,de,en", "payload": {"aps": {"alert": {"title-loc-key": "t", "body": "B"}, "badge": 1}, "call-id": "c"}, "fallback": "device"}"#,
        "{\n  \"payload\": {\"aps\": {\"alert\": \"Hi\"}},\n  \"languages\": [\"ja\"],\n  \"mode\": \"device\",\n  \"device\": \"ipad\"\n}",
        #"{"payload":{"aps":{"alert":{"loc-key":"inbox.unread.summary","loc-args":["3"]}},"group-id":12},"languages":["ar-SA","en"],"id":-1.5e3}"#,
    ]

    @Test("hand-written requests read the same either way, and the direct reader takes them")
    func handWritten() {
        for request in Self.requests {
            let bytes = Array(request.utf8)
            #expect(DirectPayloadReader.readRequest(bytes, file: "line 1")?.payload != nil, "\(request)")
            #expect(Self.difference(bytes) == nil, "\(request)")
        }
    }

    static let values = [
        #""text""#, #""""#, "null", "3", "-2", "true", #"["fr"]"#, #"["fr",2]"#, "[]", #"{"x":1}"#, #""fr;en""#, #""\u0066r""#,
    ]

    /// A request: a payload (sometimes damaged or missing), languages, options and an id in
    /// any order, sometimes repeated, unknown or of the wrong type.
    static func request(_ generator: inout SplitMix64) -> [UInt8] {
        let space = pick(["", " ", "\n  ", "\r\n", "\t"], &generator)
        var members: [(String, String)] = []
        if chance(90, &generator) {
            let common = [
                #"{"aps":{"alert":{"loc-key":"greeting","loc-args":["Ana"]}}}"#, #"{"aps":{"alert":"Hi","badge":1},"id":"x"}"#,
                #"{"aps":{"alert":{"title-loc-key":"t","loc-key":"b","loc-args":["1",2]}},"k":{"n":[1,2]}}"#,
            ]
            let odd = [#"{"aps":{"alert":{"title":{"loc-key":"a"}}}}"#, #"{"aps":{},"aps":{}}"#, #"{"id":1}"#, "[]", "null"]
            members.append(("payload", chance(75, &generator) ? pick(common, &generator) : pick(odd, &generator)))
        }
        if chance(90, &generator) {
            members.append(
                (
                    "languages",
                    chance(80, &generator) ? pick([#"["fr-CA","en"]"#, #""ja""#, #"["zh-Hant-HK"]"#], &generator) : pick(values, &generator)
                ))
        }
        for _ in 0..<Int(generator.next() % 4) {
            let key =
                chance(85, &generator)
                ? pick(["id", "mode", "fallback", "device"], &generator) : pick(["headers", "languages", "payload", "fallbak"], &generator)
            let value: String
            switch key {
            case "id": value = chance(85, &generator) ? pick([#""r-1""#, "12", "0.5", #""\u00e9""#], &generator) : pick(values, &generator)
            case "mode": value = chance(85, &generator) ? pick([#""server""#, #""device""#, #""fast""#], &generator) : pick(values, &generator)
            case "fallback": value = chance(85, &generator) ? pick([#""device""#, #""fail""#, #""nope""#], &generator) : pick(values, &generator)
            case "device": value = chance(85, &generator) ? pick([#""ipad""#, #""appletv""#, #""mac""#], &generator) : pick(values, &generator)
            case "headers": value = #"{"apns-push-type":"alert"}"#
            default: value = pick(values, &generator)
            }
            members.insert((key, value), at: Int(generator.next() % UInt64(members.count + 1)))
        }
        return damaged(Array((chance(97, &generator) ? jsonObject(members, space) : "[" + jsonObject(members, space) + "]").utf8), &generator)
    }

    /// `REQUEST_READER_SEED` and `REQUEST_READER_COUNT` change the seed and the number of
    /// requests, for longer runs by hand.
    @Test("seeded random requests (4,000 by default)")
    func randomRequests() {
        expectDirectReadingAgrees(
            environmentPrefix: "REQUEST_READER", generate: { Self.request(&$0) },
            isTakenDirectly: { DirectPayloadReader.readRequest($0, file: "line 1")?.payload != nil }, difference: Self.difference)
    }
}
