import Testing

@testable import LocalizedAlerts

@Suite("Payload model")
struct PayloadTests {
    @Test func stringAlertIsTheBody() {
        let payload = NotificationPayload(parsing: #"{"aps":{"alert":"Hello %@ 100%"}}"#)
        #expect(payload.aps.alert?.body.text == "Hello %@ 100%")
        #expect(payload.aps.alert?.title.isEmpty == true)
        #expect(payload.diagnostics.isEmpty)
        #expect(NotificationPayload(parsing: #"{"aps":{"alert":""}}"#).aps.alert == nil)
    }

    @Test func dictionaryAlertWithEveryKey() {
        let payload = NotificationPayload(
            parsing: """
                {"aps":{"alert":{"title":"T","subtitle":"S","body":"B","launch-image":"L","title-loc-key":"tk","title-loc-args":["a"],
                "subtitle-loc-key":"sk","subtitle-loc-args":[],"loc-key":"bk","loc-args":["x",5,2.5,true,false,null,{"a":1},[1]],
                "action-loc-key":"OPEN","summary-arg":"Ana","summary-arg-count":2},
                "badge":3,"sound":{"critical":1,"name":"alarm.caf","volume":1.5},"thread-id":"t","category":"C",
                "content-available":1,"mutable-content":1,"interruption-level":"critical","relevance-score":2,
                "target-content-id":"w","filter-criteria":"work"},"custom":{"deep":[1,2]}}
                """)
        let aps = payload.aps
        let alert = aps.alert!
        #expect(
            alert.title
                == AlertField(
                    text: "T", locKey: "tk", locArgs: [LocArgument(text: "a", kind: .string, location: alert.title.locArgs?.first?.location)],
                    location: alert.title.location))
        #expect(alert.subtitle.locArgs == [])
        #expect(alert.body.locArgs?.map(\.text) == ["x", "5", "2.5", "1", "0", "", "", ""])
        #expect(alert.launchImage == "L" && alert.actionLocKey == "OPEN" && alert.summaryArgument == "Ana" && alert.summaryArgumentCount == 2)
        #expect(aps.badge == 3)
        #expect(aps.sound == .dictionary(name: "alarm.caf", critical: true, volume: 1))
        #expect(aps.threadID == "t" && aps.category == "C" && aps.targetContentID == "w" && aps.filterCriteria == "work")
        #expect(aps.contentAvailable && aps.mutableContent && !aps.isSilent)
        #expect(aps.interruptionLevel == .critical)
        #expect(aps.relevanceScore == 1)
        #expect(payload.customKeys.map(\.key) == ["custom"])
        let ids = payload.diagnostics.map(\.id)
        #expect(ids.filter { $0 == .payloadLocArgumentType }.count == 4, "5, 2.5, true, false")
        #expect(ids.filter { $0 == .payloadUnprintableArgument }.count == 3, "null, an object, an array")
        #expect(ids.contains(.payloadValueOutOfRange))
        #expect(ids.contains(.payloadDeprecatedKey))
    }

    /// An integer past 64 bits: its printing on a device has not been observed, so the
    /// finding states the tool's assumption as one, not as what the device prints.
    @Test func anIntegerPast64BitsIsPrintedAsAnAssumption() {
        let payload = NotificationPayload(
            parsing: #"{"aps":{"alert":{"loc-key":"k","loc-args":[18446744073709551615, 18446744073709551616, -9223372036854775809]}}}"#)
        #expect(payload.aps.alert?.body.locArgs?.map(\.text) == ["18446744073709551615", "1.844674407370955e+19", "-9.223372036854776e+18"])
        let messages = payload.diagnostics.filter { $0.id == .payloadLocArgumentType }.map(\.message)
        #expect(messages.count == 3)
        #expect(messages[0] == "loc-args[0] is a number: the device prints 18446744073709551615")
        for message in messages.dropFirst() {
            #expect(
                message.contains("is an integer wider than 64 bits: assumed to print as a double") && message.contains("is not known"), "\(message)")
        }
    }

    /// Equal keys: the last wins and each repeat is reported against the one before it, in a
    /// small object (scanned) and a large one (indexed past 16 members) alike.
    @Test(arguments: [0, 30])
    func repeatedKeysKeepTheLastAndAreReported(padding: Int) {
        let extra = (0..<padding).map { "\"x\($0)\":\($0)," }.joined()
        let marked = MarkedText(
            "{\"aps\":{\"alert\":{\(extra)1️⃣\"loc-key\":\"first\",\"title\":\"T\",2️⃣\"loc-key\":\"second\",3️⃣\"loc-key\":\"third\"}}}")
        let payload = NotificationPayload(parsing: marked.text, file: "p.json")
        #expect(payload.aps.alert?.body.locKey == "third")
        #expect(payload.aps.alert?.body.location?.position == marked.location("3️⃣"))
        let repeats = payload.diagnostics.filter { $0.id == .jsonDuplicateKey }
        #expect(repeats.map(\.position) == [marked.location("2️⃣"), marked.location("3️⃣")])
        #expect(repeats.map { $0.notes.first?.location.position } == [marked.location("1️⃣"), marked.location("2️⃣")])
        #expect(payload.diagnostics.filter { $0.id == .payloadUnknownAPSKey }.count == padding)
    }

    /// Every alert key has a slot of its own among the reader's slots, and every field's three
    /// keys name it back.
    @Test func alertKeysHaveOneSlotEach() {
        #expect(Set(APSReader.AlertKey.allCases.map(\.slot)) == Set(0..<APSReader.AlertKey.count))
        #expect(APSReader.AlertKey.allCases.allSatisfy { APSReader.AlertKey.named($0.rawValue) == $0 })
        #expect(APSReader.AlertKey.named("Title") == nil && APSReader.AlertKey.named("loc-key ") == nil)
        for name in AlertFieldName.allCases {
            let keys = APSReader.AlertKey.keys(of: name)
            #expect([keys.text, keys.locKey, keys.locArgs].map(\.rawValue) == [name.keys.text, name.keys.locKey, name.keys.locArgs])
            #expect(keys.text.field! == (name, true) && keys.locKey.field! == (name, false) && keys.locArgs.field! == (name, false))
        }
    }

    /// A key that is not an alert key is reported where it is written, each time it is.
    @Test func unknownAlertKeysAreLocatedWhereEachIs() {
        let marked = MarkedText(#"{"aps":{"alert":{1️⃣"tilte":"a","body":"b",2️⃣"tilte":"c",3️⃣"launch-image":"L"}}}"#)
        let payload = NotificationPayload(parsing: marked.text, file: "p.json")
        let unknown = payload.diagnostics.filter { $0.id == .payloadUnknownAPSKey }
        #expect(unknown.map(\.position) == [marked.location("1️⃣"), marked.location("2️⃣")])
        #expect(unknown.allSatisfy { $0.message == #""tilte" is not an alert key: the device ignores it"# })
        #expect(payload.aps.alert?.launchImage == "L" && payload.aps.alert?.body.text == "b")
    }

    @Test func diagnosticsPrintInTheCompilersForm() throws {
        let payload = NotificationPayload(parsing: #"{"alert": "hi"}"#, file: "p.json")
        let diagnostic = try #require(payload.diagnostics.first { $0.id == .payloadMissingAPS })
        #expect(
            "\(diagnostic)" == "p.json:\(diagnostic.location.line):\(diagnostic.location.column): error: \(diagnostic.message) [payload.missing-aps]")
        #expect("\(diagnostic)".hasPrefix("p.json:1:1: error: "))
    }

    @Test func typeErrorsCountAsAbsentAndAreLocated() {
        let marked = MarkedText(#"{"aps":{"alert":{1️⃣"title":7,"loc-key":"","body":"b"},2️⃣"badge":"3",3️⃣"volume":1}}"#)
        let payload = NotificationPayload(parsing: marked.text, file: "p.json")
        #expect(payload.aps.alert?.title.text == nil)
        #expect(payload.aps.alert?.body.locKey == nil, "an empty key counts as absent")
        #expect(payload.aps.badge == nil)
        let titleError = payload.diagnostics.first { $0.message.contains("\"title\"") }
        #expect(titleError?.position == marked.location("1️⃣"))
        #expect(payload.diagnostics.first { $0.message.contains("badge") }?.position == marked.location("2️⃣"))
        let unknown = payload.diagnostics.first { $0.id == .payloadUnknownAPSKey }
        #expect(unknown?.position == marked.location("3️⃣"))
        #expect(unknown?.severity == .warning)
    }

    @Test func flagsFollowTheDevice() {
        func aps(_ json: String) -> APSDictionary { NotificationPayload(parsing: json).aps }
        #expect(aps(#"{"aps":{"content-available":1}}"#).isSilent)
        #expect(!aps(#"{"aps":{"content-available":0}}"#).contentAvailable)
        #expect(aps(#"{"aps":{"content-available":"0"}}"#).contentAvailable, "any value that is not a number counts as 1")
        #expect(!aps(#"{"aps":{"content-available":1,"badge":1}}"#).isSilent)
        #expect(aps(#"{"aps":{"interruption-level":"urgent"}}"#).interruptionLevel == .active)
        #expect(aps(#"{"aps":{"badge":-1}}"#).badge == nil)
    }

    @Test func liveActivityAlerts() {
        let payload = NotificationPayload(
            parsing: """
                {"aps":{"timestamp":1700000000,"event":"update","content-state":{"eta":5},
                "alert":{"title":{"loc-key":"la.title","loc-args":["5"]},"body":{"loc-key":"la.body"},"sound":"chime.caf"}}}
                """)
        let alert = payload.aps.alert!
        #expect(alert.isLiveActivityAlert)
        #expect(alert.title.locKey == "la.title" && alert.title.locArgs?.map(\.text) == ["5"])
        #expect(alert.body.locKey == "la.body")
        #expect(alert.liveActivitySound == "chime.caf")
        #expect(payload.aps.liveActivity?.event == "update")
        #expect(payload.diagnostics.isEmpty)
    }

    /// Found by a held-out differential test: in an ordinary alert, an object-valued title
    /// mixed its loc-args with the outer title-loc-key ("Ana sent a picture"). The object shape
    /// belongs to Live Activity pushes only; elsewhere it is a wrong-typed value, absent.
    @Test func theLiveActivityShapeBelongsToLiveActivitiesOnly() {
        let ordinary = NotificationPayload(
            parsing: #"{"aps":{"alert":{"title-loc-key":"PICTURE_FROM_USER","title":{"loc-key":"MSG_FROM_USER","loc-args":["Ana"]}}}}"#)
        let alert = ordinary.aps.alert!
        #expect(!alert.isLiveActivityAlert)
        #expect(alert.title.locKey == "PICTURE_FROM_USER")
        #expect(alert.title.locArgs == nil)
        #expect(alert.title.text == nil)
        #expect(ordinary.diagnostics.map(\.id) == [.payloadTypeMismatch])
        #expect(ordinary.diagnostics.first?.severity == .error)
        // In a Live Activity the object is the whole field; outer keys are reported and unused.
        let live = NotificationPayload(
            parsing:
                #"{"aps":{"event":"update","timestamp":1700000000,"content-state":{},"alert":{"title-loc-key":"OUTER","title":{"loc-key":"INNER","loc-args":["Ana"]}}}}"#
        )
        #expect(live.aps.alert?.title.locKey == "INNER")
        #expect(live.aps.alert?.title.locArgs?.map(\.text) == ["Ana"])
        #expect(live.diagnostics.map(\.severity) == [.warning])
    }

    @Test func simulatorFilesAndSize() {
        let apns = NotificationPayload(parsing: #"{"Simulator Target Bundle":"com.x","aps":{"alert":"hi"}}"#)
        #expect(apns.simulatorTargetBundle == "com.x")
        #expect(apns.diagnostics.map(\.severity) == [.note])
        #expect(apns.byteCount == #"{"aps":{"alert":"hi"}}"#.utf8.count)
        let big = NotificationPayload(parsing: #"{"aps":{"alert":""# + String(repeating: "é", count: 2100) + #""}}"#)
        #expect(big.diagnostics.contains { $0.id == .payloadTooLarge })
        #expect(NotificationPayload(parsing: "[1]").diagnostics.map(\.id) == [.payloadNotAnObject])
        #expect(NotificationPayload(parsing: "{}").diagnostics.map(\.id) == [.payloadMissingAPS])
        #expect(NotificationPayload(parsing: "{").diagnostics.map(\.id) == [.jsonSyntax])
    }

    /// NSNumber's stringValue: JSON integers as integers, every other number as `%0.16g`
    /// (docs/device-behaviour.md §1). Found by a held-out differential test: 1e15 printed 1000000000000000.0.
    @Test func numbersPrintAsTheDevicePrintsThem() {
        let printed = [
            "5", "2.5", "1.0", "-0", "-0.0", "1e3", "0.1", "1e15", "1e20", "0.30000000000000004", "9348.31", "-7",
            "12345678901234567890", "123456789012345678901234567890", "1e400",
        ].map { LocatedJSON.Number(text: $0).devicePrinted }
        #expect(
            printed == [
                "5", "2.5", "1", "0", "-0", "1000", "0.1", "1000000000000000", "1e+20", "0.3", "9348.309999999999", "-7",
                "12345678901234567890", "1.234567890123457e+29", "inf",
            ])
    }
}

/// The size check skips serializing payloads read from at most 2,048 bytes; it must still
/// report every payload over APNs' limit, whatever its text (escapes that grow, whitespace that
/// shrinks), read from bytes or from a batch line.
@Suite("Payload size check")
struct PayloadSizeCheckTests {
    @Test func everyPayloadOverTheLimitIsReportedWhateverItsText() {
        for count in stride(from: 600, through: 1_500, by: 50) {
            for filler in ["\u{2028}", "é", " ", "\\n", "\\u00e9", "a"] {
                let text = #"{"aps":{"alert":{"body":""# + String(repeating: filler, count: count) + #""}}}"#
                let fromBytes = NotificationPayload(parsing: text)
                #expect(
                    fromBytes.diagnostics.contains { $0.id == .payloadTooLarge } == (fromBytes.byteCount > NotificationPayload.maximumByteCount),
                    "\(filler) × \(count)")
                let line = #"{"languages":["en"],"payload":"# + text + "}"
                guard case .success(let request) = LocalizationRequest.parse(line: Array(line.utf8), lineNumber: 1) else {
                    Issue.record("the line did not parse")
                    continue
                }
                #expect(
                    request.payload.diagnostics.contains { $0.id == .payloadTooLarge }
                        == (request.payload.byteCount > NotificationPayload.maximumByteCount), "\(filler) × \(count) in a batch line")
            }
        }
        // Raw U+2028 doubles in size when written: 1,400 of them (4.2 KB read) are 8.4 KB sent.
        let grown = NotificationPayload(parsing: #"{"aps":{"alert":{"body":""# + String(repeating: "\u{2028}", count: 1_400) + #""}}}"#)
        #expect(grown.byteCount > 8_000)
        #expect(grown.diagnostics.contains { $0.id == .payloadTooLarge })
    }
}
