import Foundation
import Testing

/// A String Catalog that spreads its languages over its keys (each key has en and a language
/// of its own) made lint and preview grow as keys × languages. Its findings still count every
/// missing key, listing them up to the cap per file, and the commands finish within a bound that a quadratic
/// walk over 3,000 keys × 3,000 languages would not meet.
@Suite("Catalogs whose keys each bring their own language")
struct SpreadCatalogTests {
    static func catalog(keys: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let regions = ["US", "GB", "FR", "DE", "ES", "IT", "BR", "PT", "CA", "AU"]
        var entries: [String] = []
        for index in 0..<keys {
            let code = String([letters[index % 676 / 26], letters[index % 26]])
            let language = index < 676 ? code : code + "-" + regions[(index / 676) % regions.count]
            entries.append(
                #""key.\#(index)": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Text \#(index)"}}, "\#(language)": {"stringUnit": {"state": "translated", "value": "T \#(index)"}}}}"#
            )
        }
        return #"{"sourceLanguage": "en", "version": "1.0", "strings": {"# + entries.joined(separator: ",\n") + "}}"
    }

    @Test func lintAndPreviewStayLinear() throws {
        let directory = try TemporaryDirectory()
        try directory.write("app/Localizable.xcstrings", Self.catalog(keys: 3_000))
        try directory.write("p.json", #"{"aps": {"alert": {"loc-key": "key.1"}}}"#)
        let lint = try RenderAlertCommand.run(["lint", directory.path + "/app", "--format", "json"], timeout: 90)
        #expect(!lint.timedOut)
        let root = try JSONSerialization.jsonObject(with: Data(lint.output.utf8)) as? [String: Any]
        let missing = (root?["findings"] as? [[String: Any]] ?? []).filter { $0["id"] as? String == "table.missing-key" }
        // One finding per language (key.117's is en), each about the 2,999 keys it lacks; the
        // keys listed in the catalog's one file are capped as its findings are.
        #expect(missing.count == 2_999)
        #expect(missing.allSatisfy { $0["keyCount"] as? Int == 2_999 })
        let listed = missing.reduce(0) { $0 + (($1["keys"] as? [String])?.count ?? 0) }
        #expect(listed <= 10_000 + 5 * 2_999)
        let preview = try RenderAlertCommand.run(["preview", directory.path + "/p.json", "--strings", directory.path + "/app"], timeout: 90)
        #expect(!preview.timedOut)
        #expect(preview.status == 0)
        #expect(preview.output.contains("[payload.key-missing]"))
    }
}
