import Foundation
import Testing

@testable import LocalizedAlerts

/// The shapes real apps have started to use (catalog variations nested either way, device
/// variations beside substitutions, Live Activity pushes with their headers) give the same
/// answer whichever path asks: the library, `localize`, `preview` and `lint`.
@Suite("New shapes, every command")
struct NewShapesAgreementTests {
    typealias Object = [String: Any]

    static func fixture() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write(
            "app/Localizable.xcstrings",
            NestedVariationTests.catalog([
                ("tabs", NestedVariationTests.pluralOverDevice),
                ("tabs.bare", NestedVariationTests.pluralOverDeviceWithoutOther),
                ("tabs.deep", NestedVariationTests.deep),
                ("files", NestedVariationTests.deviceWithSubstitutions),
            ]))
        try directory.write("p/tabs.json", #"{"aps":{"alert":{"loc-key":"tabs","loc-args":["1"]}}}"#)
        try directory.write("p/tabs.bare.json", #"{"aps":{"alert":{"loc-key":"tabs.bare","loc-args":["2"]}}}"#)
        try directory.write("p/tabs.deep.json", #"{"aps":{"alert":{"loc-key":"tabs.deep","loc-args":["1"]}}}"#)
        try directory.write("p/files.json", #"{"aps":{"alert":{"loc-key":"files","loc-args":["1","2"]}}}"#)
        try directory.write("live/update.json", #"{"aps":{"event":"update","timestamp":1700000000,"alert":{"loc-key":"tabs","loc-args":["1"]}}}"#)
        return directory
    }

    static func body(_ arguments: [String], in directory: String) throws -> String? {
        let result = try RenderAlertCommand.run(arguments, directory: directory)
        let answers = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [Object], "\(arguments): \(result.error)")
        let payload = answers.first?["payload"] as? Object
        return ((payload?["aps"] as? Object)?["alert"] as? Object)?["body"] as? String
    }

    @Test func libraryLocalizeAndPreviewGiveEachDeviceTheSameText() throws {
        let directory = try Self.fixture()
        let app = try AppLocalizations(directory: directory.path + "/app")
        let renderer = AlertRenderer(app: app)
        for name in ["tabs", "tabs.bare", "tabs.deep", "files"] {
            let file = "p/\(name).json"
            let payload = try NotificationPayload(contentsOfFile: directory.path + "/" + file)
            for device in [DeviceKind.iphone, .ipad, .mac] {
                for mode in [LocalizationMode.server, .device] {
                    let library = renderer.localize(payload, preferredLanguages: ["en"], mode: mode, device: device, fallback: .device)
                    let command = try Self.body(
                        [
                            "localize", file, "--strings", "app", "--language", "en", "--mode", mode.rawValue, "--device", device.rawValue,
                            "--fallback", "device",
                        ],
                        in: directory.path)
                    #expect(command == library.body, "\(name) \(device) \(mode)")
                }
            }
            // preview shows an iPhone: the device-mode text for it.
            let preview =
                try RenderAlertCommand.json(["preview", file, "--strings", "app", "--language", "en", "--format", "json"], directory: directory.path)
                as! Object
            let render = ((preview["previews"] as! [Object])[0]["renders"] as! [Object])[0]
            let iPhone = renderer.localize(payload, preferredLanguages: ["en"], mode: .device, device: .iphone, fallback: .device)
            #expect(render["body"] as? String == iPhone.body, "\(name)")
        }
        // The shapes themselves, as the catalog means them.
        #expect(
            try Self.body(["localize", "p/tabs.json", "--strings", "app", "--language", "en", "--device", "ipad"], in: directory.path)
                == "1 tab on iPad")
        #expect(
            try Self.body(["localize", "p/files.json", "--strings", "app", "--language", "en", "--device", "ipad"], in: directory.path)
                == "iPad: 1 file in 2 folders")
    }

    @Test func liveActivityFindingsAreTheSameFromEveryCommand() throws {
        let directory = try Self.fixture()
        let watched: Set<String> = ["payload.live-activity-invalid", "apns.header-mismatch"]
        func ids(_ arguments: [String]) throws -> Set<String> {
            let result = try RenderAlertCommand.run(arguments, directory: directory.path)
            let text = result.output
            return Set(watched.filter { text.contains("\"\($0)\"") })
        }
        let headers = ["--apns-push-type", "alert"]
        let preview = try ids(["preview", "live/update.json", "--strings", "app", "--language", "en", "--format", "json"] + headers)
        let localize = try ids(["localize", "live/update.json", "--strings", "app", "--language", "en"] + headers)
        #expect(preview == watched && localize == watched, "preview \(preview), localize \(localize)")
        // lint reads payloads without headers: the payload's own problem, the same.
        let lint = try ids(["lint", "app", "--payloads", "live", "--format", "json"])
        #expect(lint == ["payload.live-activity-invalid"], "\(lint)")
        let previewWithoutHeaders = try ids(["preview", "live/update.json", "--strings", "app", "--language", "en", "--format", "json"])
        #expect(previewWithoutHeaders == lint)
    }

    /// A batch line names its device as `--device` does; Apple TV, which shows no alerts, and a
    /// misspelt member are refused on their line.
    @Test func batchLinesNameTheirDevice() throws {
        let directory = try Self.fixture()
        let renderer = AlertRenderer(app: try AppLocalizations(directory: directory.path + "/app"))
        let payload = #"{"aps":{"alert":{"loc-key":"files","loc-args":["1","2"]}}}"#
        let lines = [
            #"{"id":1,"payload":\#(payload),"languages":["en"],"device":"ipad"}"#,
            #"{"id":2,"payload":\#(payload),"languages":["en"],"device":"mac","mode":"device"}"#,
            #"{"id":3,"payload":\#(payload),"languages":["en"]}"#,
            #"{"id":4,"payload":\#(payload),"languages":["en"],"device":"appletv"}"#,
            #"{"id":5,"payload":\#(payload),"languages":["en"],"devise":"ipad"}"#,
        ]
        let result = try RenderAlertCommand.run(
            ["localize", "--batch", "--strings", "app"], directory: directory.path, input: lines.joined(separator: "\n") + "\n")
        let answers = result.output.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! Object }
        #expect(answers.count == 5, "\(result.output) \(result.error)")
        func body(_ answer: Object) -> String? { (((answer["payload"] as? Object)?["aps"] as? Object)?["alert"] as? Object)?["body"] as? String }
        let parsed = NotificationPayload(parsing: Array(payload.utf8))
        #expect(body(answers[0]) == renderer.localize(parsed, preferredLanguages: ["en"], device: .ipad).body)
        #expect(body(answers[0]) == "iPad: 1 file in 2 folders")
        #expect(body(answers[1]) == renderer.localize(parsed, preferredLanguages: ["en"], mode: .device, device: .mac).body)
        #expect(body(answers[2]) == "iPhone: 1 file in 2 folders")
        #expect((answers[3]["error"] as? String)?.contains("\"device\" must be one of iphone, ipad") == true, "\(answers[3])")
        #expect((answers[4]["error"] as? String)?.contains("did you mean \"device\"?") == true, "\(answers[4])")
    }
}
