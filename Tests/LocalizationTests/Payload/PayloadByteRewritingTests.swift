import Foundation
import Testing

@testable import LocalizedAlerts

/// A payload to send written straight from the request's JSON text against the same payload
/// rewritten as a tree and written: byte for byte, or the text left to the tree. On
/// hand-written payloads and seeded random ones, each with texts of every kind and with and
/// without the keys kept.
@Suite("Payloads written from their text against the tree")
struct PayloadByteRewritingTests {
    /// The texts a localization may give: none, plain, with what JSON escapes, with percent
    /// signs (doubled when keys are kept beside loc args), with U+2028.
    static let texts: [AlertTexts] = [
        AlertTexts(),
        AlertTexts(title: "Hello", subtitle: nil, body: "Ana wrote"),
        AlertTexts(title: nil, subtitle: "50% \"off\"\\", body: "line\nbreak\u{7F}\u{85}"),
        AlertTexts(title: "\u{2028}é❤️", subtitle: "", body: "%1$@ %%"),
    ]

    /// What the byte path writes, or nil; and what the tree path writes.
    static func both(_ payload: NotificationPayload, _ texts: AlertTexts, keepKeys: Bool) -> (bytes: [UInt8]?, tree: [UInt8])? {
        guard let text = payload.documentText else { return nil }
        let bytes = PayloadRewriter.rewrittenBytes(text, texts: texts, keepKeys: keepKeys)
        let tree = LocalizedPayload.bytesToSend(PayloadRewriter.rewrite(payload.document, texts: texts, keepKeys: keepKeys))
        return (bytes, tree)
    }

    /// Whether the text holds something the tree writes otherwise than as read.
    static func writtenDifferently(_ text: ArraySlice<UInt8>) -> Bool {
        let string = String(decoding: text, as: UTF8.self)
        return text.contains(UInt8(ascii: "\\")) || string.contains("\u{2028}") || string.contains("\u{2029}")
            || string.contains("Simulator Target Bundle")
    }

    static let handWritten = [
        #"{"aps":{"alert":{"loc-key":"greeting","loc-args":["Ana"]}}}"#,
        "{ \"aps\" : { \"alert\" : { \"title-loc-key\" : \"t\" , \"title-loc-args\" : [ \"1\" , \"2\" ] , \"body\" : \"B\" } , \"badge\" : 1 } , \"k\" : { \"n\" : [ 1 , 2.50 , -0 , 1e2 , true , null , { } , [ ] ] } }",
        #"{"aps":{"alert":{"loc-args":[],"loc-key":"k","title":"T","subtitle-loc-key":"s"},"sound":"default"},"id":"x"}"#,
        #"{"id":1,"aps":{"alert":"Hi","badge":3}}"#,
        #"{"aps":{"badge":1}}"#,
        #"{"aps":{"alert":{}}}"#,
        #"{}"#,
        #"{"aps":{"alert":{"loc-key":"a","other":"é 🙂 \u00e9"}}}"#,
        "{\"aps\":{\"alert\":{\"loc-key\":\"a\"}},\"line\":\"x\u{2028}y\"}",
        #"{"aps":{"alert":{"loc-key":"a"}},"Simulator Target Bundle":"com.example"}"#,
        "{\"aps\":{\"alert\":{\"body\":\"\u{7F}\u{85}\"}},\"tab\":\"a\\tb\"}",
    ]

    @Test("hand-written payloads: the bytes are the tree's, or the tree writes them")
    func handWrittenPayloads() {
        var written = 0
        for text in Self.handWritten {
            let payload = NotificationPayload(parsing: Array(text.utf8), file: "p.json")
            for texts in Self.texts {
                for keepKeys in [false, true] {
                    guard let (bytes, tree) = Self.both(payload, texts, keepKeys: keepKeys) else { continue }
                    if let bytes {
                        written += 1
                        #expect(
                            bytes == tree,
                            "\(text) keepKeys \(keepKeys): \(String(decoding: bytes, as: UTF8.self)) vs \(String(decoding: tree, as: UTF8.self))")
                    } else {
                        #expect(Self.writtenDifferently(payload.documentText!), "\(text): left to the tree for no reason")
                    }
                }
            }
        }
        #expect(written >= 48)
    }

    static let plainStrings: [String] = [#""k""#, #""""#, #""Ana""#, #""é 🙂 ❤️""#, #""50%""#, "\"€ \u{7F}\""]
    /// Strings the tree writes otherwise than as read: a payload with one is left to it.
    static let escapedStrings: [String] = [#""a\"b""#, #""tab\tx""#, "\"x\u{2028}y\"", #""\u00e9""#, #""\/""#]

    static func string(_ generator: inout SplitMix64) -> String {
        chance(3, &generator) ? pick(escapedStrings, &generator) : pick(plainStrings, &generator)
    }

    /// Any JSON value, nested up to `depth`, in the layout `space`.
    static func value(_ generator: inout SplitMix64, depth: Int, space: String) -> String {
        switch generator.next() % (depth > 0 ? 8 : 6) {
        case 0: return pick(["0", "-1", "2.50", "1e2", "-0.0E+3", "12345678901234567890"], &generator)
        case 1: return pick(["true", "false", "null"], &generator)
        case 2, 3, 4, 5: return string(&generator)
        case 6:
            let count = Int(generator.next() % 4)
            return "[" + space + (0..<count).map { _ in value(&generator, depth: depth - 1, space: space) }.joined(separator: "," + space) + space
                + "]"
        default:
            let count = Int(generator.next() % 4)
            return jsonObject((0..<count).map { index in ("m\(index)", value(&generator, depth: depth - 1, space: space)) }, space)
        }
    }

    /// A payload the direct reader mostly takes: an alert of any of its fields' keys in any
    /// order, other aps keys, and custom values of every JSON kind.
    static func payload(_ generator: inout SplitMix64) -> [UInt8] {
        let space = pick(["", " ", "\n  ", "\r\n", "\t"], &generator)
        var alert: [(String, String)] = []
        for (text, locKey, locArgs) in [
            ("title", "title-loc-key", "title-loc-args"), ("subtitle", "subtitle-loc-key", "subtitle-loc-args"), ("body", "loc-key", "loc-args"),
        ] {
            if chance(40, &generator) { alert.append((text, string(&generator))) }
            // Loc args without their key are remarked on: the direct reader leaves those.
            guard chance(60, &generator) else { continue }
            alert.append((locKey, string(&generator)))
            if chance(50, &generator) {
                alert.append((locArgs, "[" + (0..<Int(generator.next() % 3)).map { _ in string(&generator) }.joined(separator: ",") + "]"))
            }
        }
        alert.shuffle(using: &generator)
        var aps: [(String, String)] = [("alert", chance(90, &generator) ? jsonObject(alert, space) : string(&generator))]
        if chance(40, &generator) { aps.append(("badge", pick(["0", "3"], &generator))) }
        if chance(30, &generator) { aps.append(("sound", #""default""#)) }
        aps.shuffle(using: &generator)
        var members: [(String, String)] = [("aps", jsonObject(aps, space))]
        for index in 0..<Int(generator.next() % 4) {
            members.insert(("custom\(index)", value(&generator, depth: 3, space: space)), at: Int(generator.next() % UInt64(members.count + 1)))
        }
        return Array(jsonObject(members, space).utf8)
    }

    /// One input's comparison: its bytes, its text, what was written from the text (nil when
    /// left to the tree) and what the tree wrote.
    struct Written {
        var input: [UInt8]
        var text: ArraySlice<UInt8>
        var bytes: [UInt8]?
        var tree: [UInt8]
    }

    /// `count` inputs made by `one` (nil for one the direct reader did not take): how many were
    /// compared and written from their text, and the first disagreements, each a written text
    /// that is not the tree's or a text left to the tree for no reason.
    static func compare(count: Int, seed: UInt64, _ one: (inout SplitMix64) -> Written?) -> (compared: Int, written: Int, failures: [String]) {
        var generator = SplitMix64(seed: seed)
        var compared = 0
        var written = 0
        var failures: [String] = []
        for index in 0..<count {
            guard let result = one(&generator) else { continue }
            compared += 1
            if let bytes = result.bytes {
                written += 1
                if bytes != result.tree, failures.count < 5 {
                    failures.append("#\(index) \(String(decoding: result.input, as: UTF8.self)): \(String(decoding: bytes, as: UTF8.self))")
                }
            } else if !writtenDifferently(result.text), failures.count < 5 {
                failures.append("#\(index) left to the tree: \(String(decoding: result.input, as: UTF8.self))")
            }
        }
        return (compared, written, failures)
    }

    /// A payload made by `generate`, localized with texts and keepKeys drawn from `generator`.
    static func payloadWritten(_ generator: inout SplitMix64, _ generate: (inout SplitMix64) -> [UInt8]) -> Written? {
        let bytes = generate(&generator)
        let payload = NotificationPayload(parsing: bytes, file: "p.json")
        let texts = pick(Self.texts, &generator)
        let keepKeys = chance(50, &generator)
        guard let (written, tree) = Self.both(payload, texts, keepKeys: keepKeys) else { return nil }
        return Written(input: bytes, text: payload.documentText!, bytes: written, tree: tree)
    }

    @Test("seeded random payloads in the common shape (3,000)")
    func randomCommonPayloads() {
        let (_, written, failures) = Self.compare(count: 3_000, seed: 20_261_129) { Self.payloadWritten(&$0, Self.payload) }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(written >= 1_000, "\(written) written from their text")
    }

    /// `PAYLOAD_WRITING_SEED` and `PAYLOAD_WRITING_COUNT` change the seed and the number of
    /// payloads, for longer runs by hand.
    @Test("seeded random payloads of every shape (10,000 by default)")
    func randomPayloads() {
        let campaign = RandomCampaign("PAYLOAD_WRITING", seed: 20_261_129, count: 10_000)
        let (seed, count) = (campaign.seed, campaign.count)
        let (compared, written, failures) = Self.compare(count: count, seed: seed) { Self.payloadWritten(&$0, DirectPayloadReaderTests.payload) }
        let leftToTree = compared - written
        #expect(failures.isEmpty, "seed \(seed): \(failures.joined(separator: "\n"))")
        // Most payloads the direct reader takes are written from their text.
        #expect(compared >= count / 20 && leftToTree * 3 < compared, "\(compared) of \(count) compared, \(leftToTree) left to the tree")
    }

    @Test("localizing a request writes the payload from its text; the tree read afterwards is the same payload")
    func localizedRequest() throws {
        let renderer = AlertRenderer(app: makeApp(["en": #""greeting" = "Hello, %@!";"#, "fr": #""greeting" = "Bonjour, %@ !";"#]))
        let line = Array(
            #"{"payload": {"aps": {"alert": {"loc-key": "greeting", "loc-args": ["Ana"]}}, "call": {"id": 7}}, "languages": ["fr"]}"#.utf8)
        let request = try LocalizationRequest.parse(line: line, lineNumber: 1).get()
        #expect(request.payload.documentText.map { String(decoding: $0, as: UTF8.self) }?.hasPrefix(#"{"aps""#) == true)
        let result = renderer.localize(request.payload, preferredLanguages: request.preferredLanguages)
        #expect(result.payloadBytesAsWritten != nil)
        #expect(String(decoding: try #require(result.payloadBytes), as: UTF8.self) == #"{"aps":{"alert":{"body":"Bonjour, Ana !"}},"call":{"id":7}}"#)
        #expect(result.payload.map(LocalizedPayload.bytesToSend) == result.payloadBytes)
        // A payload set by hand is the tree's again.
        var changed = result
        let tree = try #require(result.payload)
        changed.payload = tree
        #expect(changed.payloadBytesAsWritten == nil && changed.payloadBytes == result.payloadBytes && changed.isSendable)
    }
}
