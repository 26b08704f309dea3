import Foundation
import Testing

/// A built `.app` directory (compiled binary tables and Info.plist, written by plistlib in
/// Fixtures/bundles/make-bundles.py) is read as its sources are: the same preview, the same
/// device choices, the same findings apart from where they point.
@Suite("Built app bundles")
struct BundleFixtureTests {
    static let source = Fixtures.path("bundles/source")
    static let built = Fixtures.path("bundles/Sample.app")

    @Test func previewOfTheBuiltAppEqualsPreviewOfItsSources() throws {
        let directory = try TemporaryDirectory()
        try directory.write("missed.json", #"{"aps":{"alert":{"title-loc-key":"call.missed.title","loc-key":"call.missed.body","loc-args":["Ana"]}}}"#)
        try directory.write("quote.json", #"{"aps":{"alert":{"loc-key":"quote"}}}"#)
        try directory.write("plural.json", #"{"aps":{"alert":{"loc-key":"inbox.unread","loc-args":["3"]}}}"#)
        func preview(_ strings: String) throws -> [[String: Any]] {
            let result = try RenderAlertCommand.run(
                ["preview", directory.path + "/missed.json", directory.path + "/quote.json", directory.path + "/plural.json",
                 "--strings", strings, "--language", "fr-CA", "--language", "de", "--language", "ja", "--format", "json"])
            #expect(result.status == 0, "\(result.error)")
            let root = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as! [String: Any]
            // What a device shows: per payload and device, the localization and each field.
            return (root["previews"] as! [[String: Any]]).flatMap { preview in
                (preview["renders"] as? [[String: Any]] ?? []).map { device in
                    device.filter { ["preferredLanguages", "localization", "searchList", "fields"].contains($0.key) }
                }
            }
        }
        let fromSource = try preview(Self.source)
        let fromBuild = try preview(Self.built)
        #expect(fromSource.count == 9)
        #expect(NSArray(array: fromSource).isEqual(to: fromBuild), "\(fromSource)\n\(fromBuild)")
        // The compiled Info.plist's development region decides for ja, and the escapes survive.
        let text = String(describing: fromBuild)
        #expect(text.contains("Ana a tenté de vous joindre.") && text.contains("Dites « salut »"))
    }

    @Test func lintOfTheBuiltAppEqualsLintOfItsSources() throws {
        func findings(_ path: String) throws -> [String] {
            let result = try RenderAlertCommand.run(["lint", path, "--format", "json"])
            let root = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as! [String: Any]
            return (root["findings"] as! [[String: Any]]).map { "\($0["id"] ?? "") \($0["message"] ?? "")" }.sorted()
        }
        let fromSource = try findings(Self.source)
        #expect(!fromSource.isEmpty, "de lacks keys en has")
        #expect(try findings(Self.built) == fromSource)
    }
}
