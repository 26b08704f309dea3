import Foundation
@_spi(Presentation) import LocalizedAlerts
import Testing

/// The CI gate as a new user meets it on a real app: nothing checked is never a pass, a table a
/// device cannot open is an error, a baseline survives translation, the first run is readable,
/// and configuration that matches nothing says so.
@Suite("render-alert lint as a CI gate (end to end)")
struct LintGateTests {
    typealias Object = [String: Any]

    func app(_ files: [String: String]) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        for (path, text) in files { try directory.write(path, text) }
        return directory
    }

    func json(_ arguments: [String], directory: String? = nil) throws -> (status: Int32, findings: [Object]) {
        let result = try RenderAlertCommand.run(arguments + ["--format", "json"], directory: directory)
        let root = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as! Object
        return (result.status, root["findings"] as! [Object])
    }

    // MARK: Nothing checked is exit 2

    @Test func payloadsWithNoAppToCheckThemAgainstAreExitTwo() throws {
        let directory = try app(["empty/README.txt": "no tables\n", "p.json": #"{"aps": {"alert": {"loc-key": "K"}}}"#])
        let result = try RenderAlertCommand.run(["lint", directory.path + "/empty", "--payloads", directory.path + "/p.json"])
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.error.contains("nothing to check the payloads against"), "\(result.error)")
        // A standalone table is no app either: the payload's keys would go unchecked.
        try directory.write("lone/Localizable.strings", "\"K\" = \"k\";\n")
        let lone = try RenderAlertCommand.run(["lint", directory.path + "/lone", "--payloads", directory.path + "/p.json"])
        #expect(lone.status == 2, "\(lone.output)")
    }

    @Test func aConfigurationWhoseIncludedFoldersHoldNoTableIsExitTwo() throws {
        let directory = try app([
            "Sources/main.swift": "print(1)\n",
            "payloads/p.json": #"{"aps": {"alert": {"loc-key": "K"}}}"#,
            ".render-alert.yml": "included: [Sources]\npayloads: [payloads]\n",
        ])
        let result = try RenderAlertCommand.run(["lint"], directory: directory.path)
        #expect(result.status == 2, "\(result.output)")
        #expect(result.error.contains("nothing to check the payloads against (Sources)"), "\(result.error)")
        let manifest = try app(["m.json": #"{"keys": [{"key": "K", "field": "body"}]}"#, "empty/x.txt": ""])
        let withManifest = try RenderAlertCommand.run(["lint", manifest.path + "/empty", "--manifest", manifest.path + "/m.json"])
        #expect(withManifest.status == 2)
    }

    // MARK: A table a device cannot open

    @Test func aTableNamedInTheWrongCaseIsAnErrorNamingWhatTheDeviceDoes() throws {
        let directory = try app([
            "app/en.lproj/Localizable.strings": "\"K\" = \"Hello\";\n",
            "app/en.lproj/Localizable.stringsdict": Self.stringsdict,
            "app/en.lproj/Settings.strings": "\"S\" = \"Settings\";\n",
            "app/de.lproj/localizable.strings": "\"K\" = \"Hallo\";\n",
            "app/de.lproj/localizable.stringsdict": Self.stringsdict,
            "app/fr.lproj/Localizable.strings": "\"K\" = \"Bonjour\";\n",
            "app/fr.lproj/settings.strings": "\"S\" = \"Réglages\";\n",
            "p.json": #"{"aps": {"alert": {"loc-key": "K"}}}"#,
        ])
        let (status, findings) = try json(["lint", directory.path + "/app", "--payloads", directory.path + "/p.json"])
        #expect(status == 1)
        let cases = findings.filter { $0["id"] as? String == "table.name-case" }
        let files = Set(cases.compactMap { ($0["file"] as? String)?.split(separator: "/").suffix(2).joined(separator: "/") })
        #expect(files == ["de.lproj/localizable.strings", "de.lproj/localizable.stringsdict", "fr.lproj/settings.strings"], "\(cases)")
        let strings = try #require(cases.first { ($0["file"] as? String)?.hasSuffix("de.lproj/localizable.strings") == true })
        #expect(strings["severity"] as? String == "error")
        #expect((strings["message"] as? String)?.contains("a device opens Localizable.strings") == true)
        #expect((strings["message"] as? String)?.contains("notifications on devices set to de never find their keys here") == true)
        // The preview shows what the device does: German devices fall back.
        let preview = try RenderAlertCommand.run(["preview", directory.path + "/p.json", "--strings", directory.path + "/app", "--language", "de"])
        #expect(!preview.output.contains("Hallo"))
    }

    static let stringsdict = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>N</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\
        <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>\
        <key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>%d item</string>\
        <key>other</key><string>%d items</string></dict></dict></dict></plist>

        """

    // MARK: A baseline keyed by facts

    @Test func aBaselineStaysGreenWhenAKeyIsTranslatedAndNamesOnlyANewLanguage() throws {
        let directory = try app([
            "app/en.lproj/Localizable.strings": "\"K1\" = \"One\";\n\"K2\" = \"Two\";\n",
            "app/de.lproj/Localizable.strings": "\"K1\" = \"Eins\";\n",
            "app/fr.lproj/Localizable.strings": "\"K1\" = \"Un\";\n",
            "p.json": #"{"aps": {"alert": {"loc-key": "K2"}}}"#,
        ])
        let arguments = ["lint", directory.path + "/app", "--payloads", directory.path + "/p.json"]
        let baseline = directory.path + "/baseline.json"
        let before = try json(arguments)
        #expect(before.status == 1)
        #expect(before.findings.contains { ($0["message"] as? String)?.contains("\"K2\" is missing for de, fr") == true })
        #expect(try RenderAlertCommand.run(arguments + ["--write-baseline", baseline]).status == 0)
        #expect(try RenderAlertCommand.run(arguments + ["--baseline", baseline]).status == 0)

        // A fix keeps the gate green.
        try directory.write("app/fr.lproj/Localizable.strings", "\"K1\" = \"Un\";\n\"K2\" = \"Deux\";\n")
        let fixed = try RenderAlertCommand.run(arguments + ["--baseline", baseline])
        #expect(fixed.status == 0, "\(fixed.output)")

        // A regression turns it red and names only the new language.
        try directory.write("app/it.lproj/Localizable.strings", "\"K1\" = \"Uno\";\n")
        let regressed = try json(arguments + ["--baseline", baseline])
        #expect(regressed.status == 1)
        let missing = regressed.findings.filter { $0["id"] as? String == "payload.key-missing" }
        #expect(missing.count == 1)
        #expect((missing.first?["message"] as? String)?.contains("\"K2\" is missing for it: a device in that language") == true, "\(missing)")
    }

    @Test func aBaselineOfTheFirstVersionStillAcceptsItsFindings() throws {
        let directory = try app([
            "app/en.lproj/Localizable.strings": "\"K1\" = \"One\";\n\"K2\" = \"Two\";\n",
            "app/de.lproj/Localizable.strings": "\"K1\" = \"Eins\";\n",
        ])
        let arguments = ["lint", directory.path + "/app"]
        let (_, findings) = try json(arguments)
        let entries = findings.map { finding -> String in
            let message = (finding["message"] as! String).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            return #"{"rule": "\#(finding["id"]!)", "file": "\#(finding["file"]!)", "message": "\#(message)", "count": 1}"#
        }
        try directory.write("old.json", #"{"version": 1, "findings": ["# + entries.joined(separator: ", ") + "]}")
        let result = try RenderAlertCommand.run(arguments + ["--baseline", directory.path + "/old.json"])
        #expect(result.status == 0)
        #expect(result.output.contains("accepted by the baseline"), "\(result.output)")
        try directory.write("future.json", #"{"version": 9, "findings": []}"#)
        let future = try RenderAlertCommand.run(arguments + ["--baseline", directory.path + "/future.json"])
        #expect(future.status == 2)
        #expect(future.error.contains("write it again with --write-baseline"))
    }

    // MARK: A first run people can read

    /// Shaped like a real 55-localization app: a push table, a large UI table missing
    /// thousands of keys in every translation, and two format errors.
    func largeApp() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        let keys = (0..<900).map { "\"ui.\($0)\" = \"Label \($0)\";\n" }.joined()
        try directory.write("App/en.lproj/Localizable.strings", "\"call\" = \"Missed call from %@\";\n\"chat\" = \"%@: %@\";\n")
        try directory.write("App/en.lproj/Main.strings", keys)
        for index in 0..<54 {
            let language = "l\(index)"
            let push = index == 7 ? "\"call\" = \"%d missed\";\n\"chat\" = \"%@: %@\";\n" : "\"call\" = \"%@ \(language)\";\n\"chat\" = \"%@: %@\";\n"
            try directory.write(
                "App/\(language).lproj/Localizable.strings", index == 9 ? push.replacingOccurrences(of: ";\n\"chat\"", with: "\n\"chat\"") : push)
            try directory.write("App/\(language).lproj/Main.strings", "\"ui.0\" = \"\(language)\";\n")
        }
        try directory.write("payloads/call.json", #"{"aps": {"alert": {"loc-key": "call", "loc-args": ["Ana"]}}}"#)
        return directory
    }

    @Test func theFirstRunOnALargeAppIsShortWithEveryErrorFirst() throws {
        let directory = try largeApp()
        let arguments = ["lint", "App", "--payloads", "payloads"]
        let human = try RenderAlertCommand.run(arguments, directory: directory.path)
        #expect(human.status == 1)
        let lines = human.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count < 400, "\(lines.count) lines")
        let lastError = try #require(lines.lastIndex { $0.contains("✖ error") })
        let firstWarning = try #require(lines.firstIndex { $0.contains("⚠ warning") })
        #expect(lastError < firstWarning)
        #expect(human.output.contains("l7.lproj/Localizable.strings"), "the format error is listed")
        #expect(human.output.contains("l9.lproj/Localizable.strings"), "the missing semicolon is listed")
        #expect(human.output.contains("Main: ⚠ warning  54 × table.missing-key in 54 localizations, such as:"))
        #expect(human.output.contains("899 keys (\"ui.1\", \"ui.2\", \"ui.3\", \"ui.4\", \"ui.5\" and 894 more) are missing from l0's Main table"))
        #expect(human.output.contains("runtime_fallback_tables: [Main]"))

        // JSON lists every finding, and every key of a finding about many.
        let (_, findings) = try json(arguments, directory: directory.path)
        let missing = findings.filter { $0["id"] as? String == "table.missing-key" }
        #expect(missing.count == 54)
        #expect(missing.allSatisfy { ($0["keys"] as? [String])?.count == 899 && $0["keyCount"] as? Int == 899 })

        // GitHub: errors first, then one notice counting everything; the job summary too.
        let summary = directory.path + "/summary.md"
        let github = try RenderAlertCommand.run(
            arguments + ["--format", "github"], environment: ["GITHUB_STEP_SUMMARY": summary], directory: directory.path)
        let annotations = github.output.split(separator: "\n")
        #expect(annotations.first?.hasPrefix("::error") == true)
        let warning = try #require(annotations.firstIndex { $0.hasPrefix("::warning") })
        #expect(!annotations[warning...].contains { $0.hasPrefix("::error") })
        #expect(annotations.last?.hasPrefix("::notice title=render-alert lint::") == true)
        #expect(annotations.last?.contains("table.missing-key 54 (warning)") == true, "\(annotations.last ?? "")")
        let written = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(written.contains("table.missing-key"))
    }

    // MARK: Configuration entries that match nothing

    @Test func configurationEntriesThatMatchNothingAreLocatedWarnings() throws {
        let directory = try app([
            "App/en.lproj/Localizable.strings": "\"a\" = \"A\";\n",
            "App/en.lproj/Vector.strings": "\"v\" = \"V\";\n",
            "App/de.lproj/Localizable.strings": "\"a\" = \"B\";\n",
            "Docs/readme.txt": "",
            ".render-alert.yml": "included: [App, Docs]\nexcluded: [Legacy/**]\nruntime_fallback_tables: [Vectr]\n",
        ])
        let (status, findings) = try json(["lint"], directory: directory.path)
        #expect(status == 0)
        let unused = findings.filter { $0["id"] as? String == "config.unused-entry" }
        let messages = unused.map { "\($0["line"]!):\($0["column"]!) \($0["message"]!) → \($0["hint"] ?? "")" }
        #expect(messages.contains("3:27 runtime_fallback_tables names Vectr, a table no app here has → did you mean Vector?"), "\(messages)")
        #expect(messages.contains { $0.hasPrefix("2:12 the excluded path") && $0.contains("Legacy/**") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("1:17 the included path Docs holds no app") }, "\(messages)")
        #expect(unused.count == 3)
    }
}
