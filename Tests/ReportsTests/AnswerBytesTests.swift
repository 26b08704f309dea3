import LocalizedAlerts
import LocalizedAlertsReports
import Testing

/// The batch's and the service's answers, written with the payload's bytes spliced in, against
/// the same answers written from their tree: byte for byte, for every kind of line.
@Suite("Answers written with the payload's bytes")
struct AnswerBytesTests {
    static let renderer = AlertRenderer(
        app: AppLocalizations(
            directory: "App",
            files: [
                "en.lproj/Localizable.strings": Array(#""greeting" = "Hello, %@!"; "title" = "50% off"; "ctl" = "a\u{7F}b\u{85}";"#.utf8),
                "fr.lproj/Localizable.strings": Array(#""greeting" = "Bonjour, %@ !";"#.utf8),
            ]))
    static let android = AndroidAlertRenderer(
        resources: AndroidAppResources(folders: [
            .init(
                name: "values", qualifiers: AndroidResourceFolder(name: "values")!,
                files: [
                    AndroidStringsFile(
                        parsing: Array(#"<resources><string name="t">New message</string><string name="b">%1$s wrote</string></resources>"#.utf8))
                ])
        ]), appName: "App")
    static let localizer = ProviderLocalizer(apple: renderer, android: android)

    static let messages = [
        #"{"message":{"token":"x","android":{"priority":"high","notification":{"title_loc_key":"t","body_loc_key":"b","body_loc_args":["Ana"]}}}}"#,
        #"{ "message" : { "data" : { "k" : [ 1 , 2 ] } , "android" : { "notification" : { "body_loc_key" : "b" , "body_loc_args" : [ "A\"na" ] , "channel_id" : "c" } } } }"#,
        #"{"message":{"android":{"notification":{"body_loc_key":"missing"}}}}"#,
        "{\"message\":{\"android\":{\"notification\":{\"title\":\"\u{7F}\u{85}\",\"body_loc_key\":\"t\"}}}}",
    ]

    static let payloads = [
        #"{"aps":{"alert":{"loc-key":"greeting","loc-args":["Ana"]}}}"#,
        #"{ "id" : 1 , "aps" : { "badge" : 2 , "alert" : { "title-loc-key" : "title" , "title-loc-args" : [ "x" ] , "loc-key" : "ctl" } } , "n" : [ 1.50 , { } ] }"#,
        #"{"aps":{"alert":{"loc-key":"greeting","loc-args":["A\"na"]}},"u":"\u00e9"}"#,
        #"{"aps":{"alert":{"loc-key":"missing"}}}"#,
        #"{"aps":{"alert":"Hi"},"Simulator Target Bundle":"com.example"}"#,
        "{\"aps\":{\"alert\":{\"body\":\"x\u{2028}\u{7F}\"}}}",
        #"{"aps":{"alert":{"loc-key":5}}}"#,
    ]

    static var lines: [String] {
        var lines: [String] = []
        for payload in payloads {
            for languages in [#"["fr-CA","en"]"#, #""en""#, #"["de"]"#] {
                for extra in ["", #","id":"r-1""#, #","id":7,"fallback":"device""#, #","mode":"device""#] {
                    lines.append(#"{"payload":\#(payload),"languages":\#(languages)\#(extra)}"#)
                }
            }
        }
        for message in messages {
            for extra in ["", #","id":"r-1""#, #","mode":"device""#] {
                lines.append(#"{"message":\#(message),"languages":["fr","en"]\#(extra)}"#)
            }
        }
        return lines + [#"{"payload":[],"languages":"en"}"#, "not json"]
    }

    @Test("batch lines and requests: the spliced answer is the tree's, with and without the keys kept, payload only or not")
    func splicedAgainstTree() throws {
        var spliced = 0
        for (index, line) in Self.lines.enumerated() {
            let bytes = Array(line.utf8)
            for keepKeys in [false, true] {
                for payloadOnly in [false, true] {
                    let answer = Self.localizer.localize(batchLine: bytes, lineNumber: index + 1, keepKeys: keepKeys, payloadOnly: payloadOnly)
                    #expect(answer.outputBytes() == answer.output.outputBytes(), "\(line) keepKeys \(keepKeys) payloadOnly \(payloadOnly)")
                }
            }
            let (answer, failure) = Self.localizer.localize(request: bytes)
            if failure == nil { #expect(answer.outputBytes() == answer.output.outputBytes(), "request \(line)") }
            if case .success(let request) = LocalizationRequest.parse(line: bytes, lineNumber: 1),
                Self.renderer.localize(request.payload, preferredLanguages: request.preferredLanguages).payloadBytesAsWritten != nil
            {
                spliced += 1
            }
        }
        // The first two payloads' lines (24) are written from their text but for those with
        // nothing to send: the splice is what is compared there. (An FCM request's message is
        // read through the tree, and its answer written from it.)
        #expect(spliced >= 16, "\(spliced) of \(Self.lines.count)")
    }
}
