import Foundation
@_spi(Presentation) import LocalizedAlerts
import Testing

/// Findings whose number is keys times localizations (a key missing from every translation,
/// many stale keys): one finding per table and localization, baselined, suppressed and ignored
/// key by key.
@Suite("Findings about many keys")
struct KeysAcrossLocalizationsTests {
    typealias Object = [String: Any]

    /// An app whose reference has `keys` keys and whose other `localizations` have only the first.
    static func sparseApp(localizations: Int, keys: Int, in directory: TemporaryDirectory) throws {
        try directory.write("app/en.lproj/Localizable.strings", (0..<keys).map { "\"key.\($0)\" = \"Value \($0)\";\n" }.joined())
        for index in 0..<localizations {
            try directory.write("app/l\(index).lproj/Localizable.strings", "\"key.0\" = \"V\";\n")
        }
    }

    func lint(_ arguments: [String], directory: String) throws -> (status: Int32, root: Object, findings: [Object]) {
        let result = try RenderAlertCommand.run(["lint"] + arguments + ["--format", "json"], directory: directory)
        let root = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as! Object
        return (result.status, root, root["findings"] as! [Object])
    }

    @Test func keysMissingFromManyLocalizationsAreOneFindingPerLocalizationAndBaselineBack() throws {
        let directory = try TemporaryDirectory()
        try Self.sparseApp(localizations: 60, keys: 3_000, in: directory)
        let run = try lint(["app"], directory: directory.path)
        let missing = run.findings.filter { $0["id"] as? String == "table.missing-key" }
        #expect(missing.count == 60)
        #expect(missing.allSatisfy { $0["keyCount"] as? Int == 2_999 && ($0["keys"] as? [String])?.count == 2_999 })
        #expect(
            (missing.first?["message"] as? String)?.hasPrefix(
                "2999 keys (\"key.1\", \"key.2\", \"key.3\", \"key.4\", \"key.5\" and 2994 more) are missing") == true)

        // What --write-baseline writes, --baseline reads, and it accepts every key.
        let written = try RenderAlertCommand.run(["lint", "app", "--write-baseline", "baseline.json"], directory: directory.path)
        #expect(written.status == 0, "\(written.error)")
        let size = try FileManager.default.attributesOfItem(atPath: directory.path + "/baseline.json")[.size] as! Int
        #expect(size < LintBaseline.maximumFileSize)
        let accepted = try lint(["app", "--baseline", "baseline.json"], directory: directory.path)
        #expect(accepted.status == 0)
        #expect(accepted.findings.isEmpty)
        #expect((accepted.root["summary"] as! Object)["acceptedByBaseline"] as? Int == 60 * 2_999)

        // A key added since is the only one reported, once per localization, by name.
        let en = directory.path + "/app/en.lproj/Localizable.strings"
        try (String(contentsOfFile: en, encoding: .utf8) + "\"key.new\" = \"New\";\n").write(toFile: en, atomically: true, encoding: .utf8)
        let next = try lint(["app", "--baseline", "baseline.json"], directory: directory.path)
        #expect(next.findings.count == 60)
        #expect(next.findings.allSatisfy { ($0["message"] as? String)?.hasPrefix("\"key.new\" is missing from") == true && $0["keys"] == nil })
    }

    @Test func aBaselineTooLargeToNameEveryKeyCountsThemAndStillAcceptsThem() throws {
        let findings = (0..<8).map { localization in
            var finding = LocalizationDiagnostic(
                .init("table.missing-key"), at: SourceLocation(file: "app/l\(localization).lproj/Localizable.strings", line: 1, column: 1),
                "many keys are missing")
            finding.keys = (0..<400).map { "a.rather.long.key.name.\($0)" }
            finding.unlistedKeyCount = 1_000
            return finding
        }
        let baseline = LintBaseline(findings: findings)
        // Naming every key takes more than 40 KB.
        #expect(baseline.json.serialized(pretty: true).utf8.count > 40_000)
        let text = try baseline.fileText(maximumSize: 40_000)
        #expect(text.utf8.count <= 40_000)
        let read = try LintBaseline(parsing: Array(text.utf8))
        let (new, accepted) = read.filter(findings)
        #expect(new.isEmpty)
        #expect(accepted == 8 * 1_400)
        // Findings about no key cannot be counted: a baseline of too many is refused, not written.
        let messages = (0..<2_000).map {
            LocalizationDiagnostic(.init("strings.missing-semicolon"), at: SourceLocation(file: "a.strings", line: $0, column: 1), "problem \($0)")
        }
        #expect(throws: LintBaseline.BaselineError.self) { try LintBaseline(findings: messages).fileText(maximumSize: 40_000) }
    }

    @Test func suppressionsIgnoresAndBaselinesTakeKeysOutOfAFindingAboutMany() throws {
        let directory = try TemporaryDirectory()
        let english = (0..<40).map { index in
            (index == 7 ? "/* render-alert:disable table.missing-key */\n" : "") + "\"key.\(index)\" = \"Value \(index)\";\n"
        }.joined()
        try directory.write("app/en.lproj/Localizable.strings", english)
        try directory.write("app/fr.lproj/Localizable.strings", "\"key.0\" = \"V\";\n")
        try directory.write("app/de.lproj/Localizable.strings", "\"key.0\" = \"V\";\n")
        try directory.write(".render-alert.yml", "ignore:\n  - rule: table.missing-key\n    localization: de\n    key: \"key.1*\"\n")
        let run = try lint(["app"], directory: directory.path)
        let missing = run.findings.filter { $0["id"] as? String == "table.missing-key" }
        let byLocalization = Dictionary(uniqueKeysWithValues: missing.map { (($0["file"] as! String).contains("/fr.") ? "fr" : "de", $0) })
        // key.7 is suppressed everywhere; key.1 and key.10…key.19 are ignored in de only.
        let fr = byLocalization["fr"]?["keys"] as? [String] ?? []
        let de = byLocalization["de"]?["keys"] as? [String] ?? []
        #expect(fr.count == 38 && !fr.contains("key.7"))
        #expect(de.count == 27 && !de.contains("key.7") && !de.contains { $0.hasPrefix("key.1") })
        #expect(byLocalization["de"]?["keyCount"] as? Int == 27)
        #expect((byLocalization["de"]?["message"] as? String)?.hasPrefix("27 keys (\"key.2\",") == true)
        // Every suppression and ignore was used.
        #expect(!run.findings.contains { ["suppression.unused", "config.unused-ignore"].contains($0["id"] as? String) })

        // Code scanning keeps tracking fr's finding when one of its keys is translated.
        func frFingerprint() throws -> String? {
            let sarif = try RenderAlertCommand.run(["lint", "app", "--format", "sarif"], directory: directory.path)
            let root = try JSONSerialization.jsonObject(with: Data(sarif.output.utf8)) as! Object
            let results = ((root["runs"] as! [Object])[0]["results"] as! [Object])
            let fr = results.first { ($0["message"] as? Object)?["text"].map { "\($0)".contains("from fr's") } == true }
            return (fr?["partialFingerprints"] as? Object)?["renderAlertFinding/v1"] as? String
        }
        let before = try #require(try frFingerprint())
        try directory.write("app/fr.lproj/Localizable.strings", "\"key.0\" = \"V\";\n\"key.20\" = \"V\";\n")
        #expect(try frFingerprint() == before)
    }

    @Test func manyStaleKeysOfOneLocalizationAreOneFinding() throws {
        let directory = try TemporaryDirectory()
        try directory.write("app/en.lproj/Localizable.strings", "\"kept\" = \"Kept\";\n")
        try directory.write(
            "app/fr.lproj/Localizable.strings", "\"kept\" = \"Gardé\";\n" + (0..<500).map { "\"old.\($0)\" = \"Vieux\";\n" }.joined())
        try directory.write("app/de.lproj/Localizable.strings", "\"kept\" = \"Behalten\";\n\"old.1\" = \"Alt\";\n")
        let stale = try lint(["app"], directory: directory.path).findings.filter { $0["id"] as? String == "table.stale-key" }
        #expect(stale.count == 2)
        #expect(stale.contains { $0["keyCount"] as? Int == 500 && $0["line"] as? Int == 2 })
        // A few are still a finding each, at the key.
        #expect(stale.contains { $0["message"] as? String == "\"old.1\" is in de's Localizable table but not in en's" && $0["keys"] == nil })
    }

    @Test func findingsAboutOneKeyEachArePastTwoHundredPerFileOneAboutTheirKeys() throws {
        let directory = try TemporaryDirectory()
        try directory.write("app/en.lproj/Localizable.strings", (0..<500).map { "\"key.\($0)\" = \"Value %@\";\n" }.joined())
        for language in ["fr", "de", "it"] {
            try directory.write("app/\(language).lproj/Localizable.strings", (0..<500).map { "\"key.\($0)\" = \"V %d\";\n" }.joined())
        }
        try directory.write(".render-alert.yml", "ignore:\n  - localization: it\n    key: \"key.4*\"\n")
        let run = try lint(["app"], directory: directory.path)
        let incompatible = run.findings.filter { $0["id"] as? String == "format.incompatible" }
        let perFile = Dictionary(grouping: incompatible) { $0["file"] as! String }
        #expect(perFile.count == 3)
        for (file, findings) in perFile {
            // 200 located at their keys (key.0 to key.199), and one about the other 300; in it,
            // the ignore leaves out key.4 and key.40 to key.49 of the first, key.400 to key.499
            // of the other.
            let about = findings.filter { $0["keys"] != nil }
            let ignoring = file.contains("/it.")
            #expect(findings.count == (ignoring ? 190 : 201) && about.count == 1, "\(file)")
            #expect(about.first?["keyCount"] as? Int == (ignoring ? 200 : 300), "\(file)")
            #expect((about.first?["message"] as? String)?.contains("keys (\"key.") == true)
        }
        #expect(!run.findings.contains { $0["id"] as? String == "config.unused-ignore" })

        // Baselined key by key: every one is accepted.
        let written = try RenderAlertCommand.run(["lint", "app", "--write-baseline", "baseline.json"], directory: directory.path)
        #expect(written.status == 0, "\(written.error)")
        let accepted = try lint(["app", "--baseline", "baseline.json"], directory: directory.path)
        #expect(accepted.findings.isEmpty)
    }
}
