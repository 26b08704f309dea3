import Foundation
import Testing

@testable import LocalizedAlerts

/// The direct payload reader against the located one: whenever it takes a payload, the payload
/// is the located reader's in every part (its `aps` with every location, diagnostics, custom
/// keys, document, size), and it renders and localizes the same. Checked on the sample payloads
/// and on seeded random ones built from what the two readers treat differently: wrong types,
/// duplicate and unknown keys, escapes, numbers, nesting, line ends, Live Activities, sizes.
@Suite("Direct payload reader against the located reader")
struct DirectPayloadReaderTests {
    static let renderer: AlertRenderer = {
        let app = AppLocalizations(localizations: [
            .init(
                name: "en", path: nil,
                tables: [
                    "Localizable": LocalizationTable(parsing: Array(#""k" = "%@ and %2$@ %d %%"; "t" = "Title"; "s" = "Sub";"#.utf8))
                ]),
            .init(name: "ar", path: nil, tables: ["Localizable": LocalizationTable(parsing: Array(#""k" = "%2$@ و %1$@"; "t" = "عنوان";"#.utf8))]),
        ])
        return AlertRenderer(app: app)
    }()

    /// What differs between two readings of the same bytes, or nil when nothing does.
    static func difference(_ bytes: [UInt8]) -> String? {
        let direct = NotificationPayload(parsing: bytes, file: "p.json", readingDirectly: true)
        let located = NotificationPayload(parsing: bytes, file: "p.json", readingDirectly: false)
        if direct.aps != located.aps { return "aps: \(direct.aps) vs \(located.aps)" }
        if direct.diagnostics != located.diagnostics { return "diagnostics: \(direct.diagnostics) vs \(located.diagnostics)" }
        if direct.isParsed != located.isParsed { return "isParsed" }
        if direct.simulatorTargetBundle != located.simulatorTargetBundle { return "simulatorTargetBundle" }
        if direct.documentLocation != located.documentLocation { return "documentLocation" }
        if direct.customKeys != located.customKeys { return "customKeys: \(direct.customKeys) vs \(located.customKeys)" }
        if direct.document != located.document { return "document" }
        if direct.byteCount != located.byteCount { return "byteCount" }
        for languages in [["en"], ["ar-EG"], ["zz"]] {
            if renderer.render(direct, preferredLanguages: languages) != renderer.render(located, preferredLanguages: languages) {
                return "render for \(languages)"
            }
            let localizedDirectly = renderer.localize(direct, preferredLanguages: languages, mode: .server)
            let localized = renderer.localize(located, preferredLanguages: languages, mode: .server)
            if localizedDirectly.payloadBytes != localized.payloadBytes || localizedDirectly.diagnostics != localized.diagnostics {
                return "localize for \(languages)"
            }
        }
        return nil
    }

    @Test("the sample payloads read, render and localize the same either way")
    func samplePayloads() throws {
        let folder = Fixtures.repositoryRoot + "/Resources/payloads"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names.count >= 10)
        var taken = 0
        for name in names {
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
            if DirectPayloadReader.read(bytes, file: name) != nil { taken += 1 }
            #expect(Self.difference(bytes) == nil, "\(name)")
        }
        // All but the Xcode .apns file, whose simulator target is reported.
        #expect(taken == names.count - 1)
    }

    @Test("what the direct reader keeps is located as the located reader locates it")
    func locations() throws {
        let text =
            "{\r\n\"aps\":{ \"alert\" :\n {\"title\":\"Zoë 😀\",\"loc-key\":\"k\",\n\r\"loc-args\":[ \"é\",\t\"\\u00e9\\n\" ]}},\"x\":[1,{\"y\":null}]}"
        let reading = try #require(DirectPayloadReader.read(Array(text.utf8), file: "p.json"))
        let body = reading.aps.alert?.body
        #expect(body?.location == SourceLocation(file: "p.json", line: 3, column: 19))
        #expect(body?.locArgs?.map(\.text) == ["é", "é\n"])
        #expect(
            body?.locArgs?.map(\.location) == [
                SourceLocation(file: "p.json", line: 5, column: 14), SourceLocation(file: "p.json", line: 5, column: 19),
            ])
        #expect(Self.difference(Array(text.utf8)) == nil)
    }

    @Test("keys equal as text but not as bytes are duplicates to both readers")
    func canonicallyEquivalentKeys() {
        for (a, b) in [("é", "e\u{301}"), ("K", "\u{212A}"), ("Zoë", "Zoe\u{308}")] {
            let bytes = Array(#"{"aps":{"alert":"Hi"},"\#(a)":1,"\#(b)":2}"#.utf8)
            #expect(DirectPayloadReader.read(bytes, file: "p.json") == nil)
            #expect(NotificationPayload(parsing: bytes).diagnostics.map(\.id) == [.jsonDuplicateKey])
            #expect(Self.difference(bytes) == nil)
        }
    }

    static let scalars = [
        #""""#, #""text""#, #""Zoë 😀""#, #""a\"b\\c\/\n\t\u00e9\ud83d\ude00""#, #""\ud800""#, #""\x""#, "\"tab\there\"", "1", "0", "-0", "3.5", "1e3",
        "2E-2",
        "-1", "01", "1.", "-", "1e", "9007199254740993", "1e999", "true", "false", "null", "tru", "nul", "[]", "{}", #"["a","b"]"#, #"["a",1]"#,
        #"[null,true,{"a":1}]"#, #"{"a":1,"a":2}"#, #"{"a\u0062":1,"ab":2}"#, #"{"a":[[[[[[1]]]]]]}"#, "[1,]", "{,}",
    ]
    static let apsKeys = [
        "alert", "badge", "sound", "thread-id", "category", "content-available", "mutable-content", "interruption-level", "relevance-score",
        "target-content-id", "filter-criteria", "url-args", "input-push-token", "event", "timestamp", "content-state", "unknown-key",
    ]
    static let alertKeys = [
        "title", "subtitle", "body", "title-loc-key", "title-loc-args", "subtitle-loc-key", "subtitle-loc-args", "loc-key", "loc-args",
        "launch-image", "action-loc-key", "summary-arg", "summary-arg-count", "sound", "action", "other",
    ]
    static let interruptionLevels = [#""passive""#, #""active""#, #""time-sensitive""#, #""critical""#, #""loud""#]

    static func scalar(_ generator: inout SplitMix64) -> String { pick(scalars, &generator) }

    static func value(forAlertKey key: String, _ generator: inout SplitMix64) -> String {
        if chance(15, &generator) { return scalar(&generator) }
        if key.hasSuffix("args") {
            let count = Int(generator.next() % 4)
            return "["
                + (0..<count).map { _ in chance(85, &generator) ? pick([#""Ana""#, #""""#, #""é\n""#, #""❤️""#], &generator) : scalar(&generator) }
                .joined(separator: ",") + "]"
        }
        return pick([#""k""#, #""t""#, #""s""#, #""""#, #""missing.key""#, #""Hello, \"world\"""#, #""Зоя""#], &generator)
    }

    static func value(forAPSKey key: String, _ generator: inout SplitMix64, space: String) -> String {
        if chance(10, &generator) { return scalar(&generator) }
        switch key {
        case "alert":
            if chance(20, &generator) { return pick([#""Ping""#, #""""#, #""multi\nline""#], &generator) }
            var members: [(String, String)] = []
            for _ in 0..<Int(generator.next() % 6) {
                let key = chance(85, &generator) ? pick(Array(alertKeys.prefix(10)), &generator) : pick(alertKeys, &generator)
                members.append((key, value(forAlertKey: key, &generator)))
            }
            return jsonObject(members, space)
        case "badge", "relevance-score", "content-available", "mutable-content", "timestamp":
            return pick(["0", "1", "5", "0.4", "1.5", "-1", "-0", "2.5", "1e2", "true", #""1""#], &generator)
        case "interruption-level": return pick(interruptionLevels, &generator)
        case "sound": return chance(80, &generator) ? #""default""# : #"{"critical":1,"name":"a","volume":0.5}"#
        case "event": return pick([#""update""#, #""start""#], &generator)
        default: return pick([#""chat-1""#, #""""#, #""🙂""#], &generator)
        }
    }

    /// A payload: an aps of known, unknown and mistyped keys, custom keys beside it, in one of
    /// several layouts, sometimes damaged.
    static func payload(_ generator: inout SplitMix64) -> [UInt8] {
        let space = pick(["", " ", "\n  ", "\r\n", "\r", "\t"], &generator)
        var aps: [(String, String)] = []
        for _ in 0..<Int(generator.next() % 6) {
            let key = chance(80, &generator) ? pick(Array(apsKeys.prefix(9)), &generator) : pick(apsKeys, &generator)
            aps.append((key, value(forAPSKey: key, &generator, space: space)))
        }
        var members: [(String, String)] = chance(95, &generator) ? [("aps", jsonObject(aps, space))] : []
        for _ in 0..<Int(generator.next() % 4) {
            let key = pick(["id", "caller-id", "aps", "Simulator Target Bundle", "x\\u0079", "é"], &generator)
            members.insert((key, scalar(&generator)), at: Int(generator.next() % UInt64(members.count + 1)))
        }
        var text = jsonObject(members, space)
        if chance(3, &generator) { text = String(repeating: " ", count: 2_100) + text }
        var bytes = Array(text.utf8)
        switch generator.next() % 25 {
        case 0: bytes = [0xEF, 0xBB, 0xBF] + bytes
        case 1: bytes.insert(0xFF, at: Int(generator.next() % UInt64(bytes.count + 1)))
        case 2: bytes.removeSubrange(Int(generator.next() % UInt64(bytes.count))...)
        case 3: bytes += Array("x".utf8)
        default: break
        }
        return bytes
    }

    /// `PAYLOAD_READER_SEED` and `PAYLOAD_READER_COUNT` change the seed and the number of
    /// payloads, for longer runs by hand.
    @Test("seeded random payloads (4,000 by default)")
    func randomPayloads() {
        expectDirectReadingAgrees(
            environmentPrefix: "PAYLOAD_READER", generate: { Self.payload(&$0) },
            isTakenDirectly: { DirectPayloadReader.read($0, file: "p.json") != nil }, difference: Self.difference)
    }
}
