import Foundation
@_spi(Presentation) import LocalizedAlerts
import Testing

@Suite("render-alert lint (end to end)")
struct LintCommandTests {
    typealias Object = [String: Any]

    static let sample = ["lint", "Resources/strings", "--payloads", "Resources/payloads"]

    func findings(_ arguments: [String], directory: String? = nil) throws -> (status: Int32, root: Object, findings: [Object]) {
        let result = try RenderAlertCommand.run(arguments + ["--format", "json"], directory: directory)
        let root = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as! Object
        return (result.status, root, root["findings"] as! [Object])
    }

    func app(_ files: [String: String]) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        for (path, text) in files { try directory.write(path, text) }
        return directory
    }

    @Test func theSampleAppsTrapsAreErrors() throws {
        let (status, root, findings) = try findings(Self.sample)
        #expect(status == 1)
        #expect(root["schemaVersion"] as? Int == 1)
        func has(_ id: String, _ file: String, _ line: Int, _ column: Int) -> Bool {
            findings.contains {
                $0["id"] as? String == id && $0["file"] as? String == file && $0["line"] as? Int == line && $0["column"] as? Int == column
            }
        }
        // The %d the device drops, pointed at in every language (en at the %).
        #expect(has("push.unsupported-specifier", "Resources/strings/en.lproj/Localizable.strings", 29, 34))
        #expect(findings.filter { $0["id"] as? String == "push.unsupported-specifier" }.count == 13)
        // pt-PT lacks the missed-call title the payload asks for.
        #expect(has("payload.key-missing", "Resources/payloads/missed-call.json", 4, 7))
        // A plural in a push shows @messages@.
        #expect(findings.contains { $0["id"] as? String == "push.plural-variable" && ($0["message"] as? String)?.contains("@messages@") == true })
        let summary = root["summary"] as! Object
        #expect(summary["errors"] as? Int == findings.filter { $0["severity"] as? String == "error" }.count)
    }

    @Test func exitStatusIsZeroWhenCleanAndOneOnErrors() throws {
        let clean = try app([
            "app/en.lproj/Localizable.strings": "\"a\" = \"Hello %@\";\n",
            "app/fr.lproj/Localizable.strings": "\"a\" = \"Bonjour %@\";\n",
        ])
        let result = try RenderAlertCommand.run(["lint", clean.path + "/app"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("no problems"))

        try clean.write("app/fr.lproj/Localizable.strings", "\"a\" = \"Bonjour %@\"\n")
        #expect(try RenderAlertCommand.run(["lint", clean.path + "/app"]).status == 1)
    }

    @Test func strictFailsOnWarnings() throws {
        let directory = try app(["app/en.lproj/Localizable.strings": "\"a\" = \"\";\n"])
        #expect(try RenderAlertCommand.run(["lint", directory.path]).status == 0)
        #expect(try RenderAlertCommand.run(["lint", directory.path, "--strict"]).status == 1)
        #expect(try RenderAlertCommand.run(["lint", directory.path, "--strict", "--ignore", "table.empty-value"]).status == 0)
    }

    @Test func usageAndInputProblemsExitTwo() throws {
        for arguments in [
            ["lint", "--ignore", "no.such-rule"],
            ["lint", "/nonexistent/path"],
            ["lint", "--format", "yaml"],
            ["lint", "--baseline", "/nonexistent/baseline.json"],
            ["lint", "--payloads", "/nonexistent/payload.json"],
        ] {
            let result = try RenderAlertCommand.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.error)")
            #expect(!result.error.isEmpty)
        }
    }

    @Test func symbolicLinkLoopsAreWalkedOnce() throws {
        let directory = try app(["root/app/en.lproj/Localizable.strings": "\"a\" = \"A\";\n\"a\" = \"B\";\n"])
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/root/app/loop", withDestinationPath: directory.path + "/root")
        let (status, _, findings) = try findings(["lint", directory.path + "/root"])
        #expect(status == 0)
        #expect(findings.map { $0["id"] as? String } == ["strings.duplicate-key"])
    }

    /// In a scanned tree, a table or catalog that cannot be read is one finding at its first
    /// line: the rest of the tree is still checked. FIFOs are never opened (that would block).
    @Test func anUnreadableFileInATreeIsAFindingAndTheRestIsChecked() throws {
        let directory = try app([
            "root/app/en.lproj/Localizable.strings": "\"a\" = \"A\"\n\"b\" = \"B\";\n",
            "root/loose/Good.strings": "\"a\" = \"A\";\n\"a\" = \"B\";\n",
        ])
        let loose = directory.path + "/root/loose/"
        try FileManager.default.createDirectory(atPath: loose + "Bad.strings", withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: loose + "Folder.xcstrings", withIntermediateDirectories: false)
        #expect(mkfifo(loose + "Pipe.strings", 0o644) == 0)
        #expect(mkfifo(loose + "Pipe.xcstrings", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: loose + "Gone.stringsdict", withDestinationPath: loose + "nowhere")
        let result = try RenderAlertCommand.run(["lint", directory.path + "/root", "--format", "json"], timeout: 30)
        #expect(!result.timedOut, "a FIFO was opened")
        #expect(result.status == 1, "\(result.error)")
        let reported = try #require((try? JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? Object)?["findings"] as? [Object])
        let found = Set(
            reported.map {
                "\($0["id"] as! String) \(($0["file"] as! String).dropFirst(directory.path.count + 6)):\($0["line"] as! Int):\($0["column"] as! Int)"
            })
        for expected in [
            "strings.missing-semicolon app/en.lproj/Localizable.strings:1:10",
            "strings.duplicate-key loose/Good.strings:2:1",
            "table.unreadable-file loose/Bad.strings:1:1",
            "table.unreadable-file loose/Folder.xcstrings:1:1",
            "table.unreadable-file loose/Pipe.strings:1:1",
            "table.unreadable-file loose/Pipe.xcstrings:1:1",
            "table.unreadable-file loose/Gone.stringsdict:1:1",
        ] {
            #expect(found.contains(expected), "\(expected) in \(found.sorted())")
        }
        let messages = reported.filter { $0["id"] as? String == "table.unreadable-file" }.compactMap { $0["message"] as? String }
        #expect(
            messages.sorted() == [
                "cannot read the file: No such file or directory", "cannot read the file: is a directory", "cannot read the file: is a directory",
                "cannot read the file: is not a regular file", "cannot read the file: is not a regular file",
            ])
        // Human output too, and --ignore leaves the finding out like any other.
        let human = try RenderAlertCommand.run(["lint", directory.path + "/root"], timeout: 30)
        #expect(human.status == 1 && human.output.contains("Pipe.strings") && human.output.contains("[table.unreadable-file]"))
        let ignored = try findings(["lint", directory.path + "/root", "--ignore", "table.unreadable-file"])
        #expect(!ignored.findings.contains { $0["id"] as? String == "table.unreadable-file" })
    }

    /// Inside an app the library reads Info.plist, catalogs and tables itself, opening them
    /// without blocking: a FIFO there is a finding, not a hang.
    @Test func aFIFOInsideAnAppIsAFinding() throws {
        let directory = try app(["app/en.lproj/Localizable.strings": "\"a\" = \"A\";\n"])
        #expect(mkfifo(directory.path + "/app/Info.plist", 0o644) == 0)
        #expect(mkfifo(directory.path + "/app/en.lproj/Pipe.strings", 0o644) == 0)
        let result = try RenderAlertCommand.run(["lint", directory.path + "/app", "--format", "json"], timeout: 10)
        #expect(!result.timedOut)
        #expect(result.status == 1)
        #expect(result.output.components(separatedBy: "table.unreadable-file").count == 3, "both pipes")
    }

    /// Found by an audit: the human format measured the whole offending line for every finding
    /// on it (a 160 KB line of 20,000 findings took minutes) and listed every finding. It shows
    /// 200 of a rule per file, each with a window of its line, and counts the rest.
    @Test func humanOutputOfManyFindingsOnOneLongLineIsQuickAndShort() throws {
        let directory = try app(["app/en.lproj/Localizable.strings": "\"k\" = \"" + String(repeating: "50% off ", count: 20_000) + "\";\n"])
        // By default the 10,000 warnings are one line and three examples.
        let summed = try RenderAlertCommand.run(["lint", directory.path + "/app"], environment: ["COLUMNS": "100"], timeout: 60)
        #expect(summed.output.split(separator: "\n").count < 20, "\(summed.output)")
        #expect(summed.output.contains("Localizable: ⚠ warning  10000 × format.percent-accident in 1 localization, such as:"))
        let result = try RenderAlertCommand.run(["lint", directory.path + "/app", "--verbose"], environment: ["COLUMNS": "100"], timeout: 60)
        #expect(!result.timedOut)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.filter { $0.contains("[format.percent-accident]") && $0.hasPrefix("  1:") }.count == 200)
        #expect(lines.contains("  … and 9800 more [format.percent-accident] in this file (--format json lists them)"))
        #expect(lines.allSatisfy { $0.count <= 400 }, "excerpts are windows of the line")
        #expect(lines.contains { $0.contains("1:1594") })
    }

    @Test func ignoreLeavesARuleOut() throws {
        let (_, _, all) = try findings(Self.sample)
        let (_, _, rest) = try findings(Self.sample + ["--ignore", "push.unsupported-specifier", "--ignore", "plural.missing-category"])
        #expect(all.contains { $0["id"] as? String == "push.unsupported-specifier" })
        #expect(!rest.contains { $0["id"] as? String == "push.unsupported-specifier" || $0["id"] as? String == "plural.missing-category" })
        #expect(
            rest.count == all.filter { $0["id"] as? String != "push.unsupported-specifier" && $0["id"] as? String != "plural.missing-category" }.count
        )
    }

    @Test func xcodeFormatIsOneLinePerFindingOrNote() throws {
        let result = try RenderAlertCommand.run(Self.sample + ["--format", "xcode"])
        let lines = result.output.split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(line.wholeMatch(of: /.+:\d+:\d+: (error|warning|note): .+/) != nil, "\(line)")
        }
        #expect(
            lines.contains(
                "Resources/strings/en.lproj/Localizable.strings:29:34: error: \"digest.unread.body\" (en) is sent in pushes but uses %d: the device drops it and shows nothing [push.unsupported-specifier]"
            ))
    }

    @Test func gitHubAnnotationsEscapeTheirData() throws {
        let result = try RenderAlertCommand.run(Self.sample + ["--format", "github"], environment: ["GITHUB_STEP_SUMMARY": ""])
        let lines = result.output.split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines.dropLast() {
            #expect(line.wholeMatch(of: /::(error|warning|notice) file=[^,:]+,line=\d+,col=\d+,title=[a-z.%0-9A-F-]+::.+/) != nil, "\(line)")
        }
        // Errors first (GitHub shows the first ten of each kind), then one notice counting all.
        let firstWarning = try #require(lines.firstIndex { $0.hasPrefix("::warning") })
        #expect(!lines[firstWarning...].contains { $0.hasPrefix("::error") })
        #expect(lines.last?.hasPrefix("::notice title=render-alert lint::") == true)
        #expect(lines.last?.contains("push.unsupported-specifier") == true)
        // "%d" in a message is written %25d; a hint follows on an escaped new line.
        let specifier = lines.first { $0.contains("title=push.unsupported-specifier") && $0.contains("file=Resources/strings/en.lproj") }
        #expect(specifier?.contains("uses %25d: the device drops it") == true)
        #expect(specifier?.contains("%0A→ use %25@") == true)
    }

    @Test func humanFormatQuotesTheLineWithACaretUnderTheColumn() throws {
        let result = try RenderAlertCommand.run(Self.sample)
        let lines = result.output.components(separatedBy: "\n")
        // The ja value has wide characters before nothing; zh-Hans has them before the %1$d.
        for (file, needle) in [("en.lproj", "You have %d"), ("zh-Hans.lproj", "你在 %2$@ 中有 %1$d")] {
            guard let header = lines.firstIndex(where: { $0.hasSuffix("/\(file)/Localizable.strings") }),
                let source = lines[header...].firstIndex(where: { $0.contains(needle) })
            else {
                Issue.record("no excerpt for \(file)")
                continue
            }
            let quoted = lines[source]
            let caret = lines[source + 1]
            let bar = quoted.range(of: "│ ")!.upperBound
            let text = String(quoted[bar...])
            let caretColumn = DisplayText.width(String(caret[..<caret.firstIndex(of: "^")!])) - DisplayText.width(String(quoted[..<bar]))
            // The caret stands under the specifier's first character, by display width.
            let specifier = file == "en.lproj" ? "%d" : "%1$d"
            let before = String(text[..<text.range(of: specifier)!.lowerBound])
            #expect(caretColumn == DisplayText.width(before), "\(quoted)\n\(caret)")
        }
        #expect(lines.contains { $0.hasPrefix("28 errors") || $0.contains(" errors, ") })
    }

    @Test func aBaselineAcceptsKnownFindingsAndReportsNewOnes() throws {
        let directory = try TemporaryDirectory()
        let copy = directory.path + "/strings"
        try FileManager.default.copyItem(atPath: Fixtures.repositoryRoot + "/Resources/strings", toPath: copy)
        let baseline = directory.path + "/baseline.json"
        let written = try RenderAlertCommand.run(["lint", copy, "--payloads", "Resources/payloads", "--write-baseline", baseline])
        #expect(written.status == 0, "\(written.error)")
        // Errors accepted are said, by rule.
        #expect(written.error.contains("warning: 27 of them are errors (push.plural-variable 13, push.unsupported-specifier 13,"), "\(written.error)")
        let accepted = try findings(["lint", copy, "--payloads", "Resources/payloads", "--baseline", baseline])
        #expect(accepted.status == 0)
        #expect(accepted.findings.isEmpty)
        #expect(((accepted.root["summary"] as! Object)["acceptedByBaseline"] as? Int ?? 0) > 20)

        // A new problem, in a file whose old findings moved down a line, is the only one reported.
        let fr = copy + "/fr.lproj/Localizable.strings"
        let original = try String(contentsOfFile: fr, encoding: .utf8)
        try ("\"new.key\" = \"%1$@ et %@\";\n" + original).write(toFile: fr, atomically: true, encoding: .utf8)
        let next = try findings(["lint", copy, "--payloads", "Resources/payloads", "--baseline", baseline])
        #expect(next.status == 1)
        #expect(Set(next.findings.map { $0["id"] as! String }).isSubset(of: ["format.mixed-positions", "table.stale-key"]))
        #expect(next.findings.contains { $0["id"] as? String == "format.mixed-positions" && $0["line"] as? Int == 1 })

        let broken = directory.path + "/broken.json"
        try "[1, 2]".write(toFile: broken, atomically: true, encoding: .utf8)
        #expect(try RenderAlertCommand.run(["lint", copy, "--baseline", broken]).status == 2)
    }

    @Test func listRulesShowsEveryRuleAndTheDocsDocumentThem() throws {
        let result = try RenderAlertCommand.run(["lint", "--list-rules"])
        #expect(result.status == 0)
        let readme = try String(contentsOfFile: Fixtures.repositoryRoot + "/docs/lint.md", encoding: .utf8)
        let ids = RuleCatalog.all.map(\.id.rawValue)
        #expect(Set(ids).count == ids.count, "rule IDs are unique")
        for id in ids {
            #expect(result.output.contains(id), "\(id) listed")
            let documented = readme.contains("<a id=\"\(id)\"></a>`\(id)`")
            #expect(documented, "\(id) documented in docs/lint.md")
        }
        let json = try RenderAlertCommand.json(["lint", "--list-rules", "--format", "json"]) as! Object
        #expect((json["rules"] as? [Object])?.count == ids.count)
        for rule in json["rules"] as! [Object] {
            #expect(!(rule["rationale"] as! String).isEmpty)
            #expect(!(rule["example"] as! String).isEmpty)
        }
    }

    /// The generated registry (scripts/generate-rule-registry.py) lists every ID the library
    /// declares and every lint rule, in source order: --list-rules, SARIF and docs/lint.md cover
    /// every finding the tool can report, and adding a rule needs only its file (and a fixture).
    @Test func theRuleRegistryIsGeneratedFromEveryDeclaration() throws {
        let sources = Fixtures.files(under: Fixtures.repositoryRoot + "/Sources/LocalizedAlerts", suffixes: [".swift"])
            .filter { !$0.hasSuffix(".generated.swift") }.sorted()
        var declared: [String] = []
        var rules: [String] = []
        for file in sources {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            for match in text.matches(of: /(?m)^\s*(?:public )?static let \w+ = DiagnosticID\(\s*"([a-z0-9.-]+)"/) {
                declared.append(String(match.output.1))
            }
            for match in text.matches(of: /(?m)^(?:public )?struct (\w+): LintRule\b/) { rules.append(String(match.output.1)) }
        }
        #expect(declared.count > 80)
        #expect(Set(declared).count == declared.count, "each ID declared once")
        #expect(RuleCatalog.all.map(\.id.rawValue) == declared, "run scripts/generate-rule-registry.py")
        #expect(RuleCatalog.lintRules.map { String(describing: type(of: $0)) } == rules, "run scripts/generate-rule-registry.py")
    }

    @Test func sarifIsValidAgainstTheSchema() throws {
        let schemaBytes = try Fixtures.bytes("sarif/sarif-schema-2.1.0.json")
        let validator = JSONSchemaValidator(schema: LocatedJSON.parse(schemaBytes).root!)
        // A path with a space and non-ASCII letters, to exercise URI encoding.
        let directory = try app([
            "My App/fr é.lproj/Localizable.strings": "\"a\" = \"Bonjour %d\";\n\"a\" = \"Salut\";\n",
            "My App/en.lproj/Localizable.strings": "\"a\" = \"Hello %@\";\n\"b\" = \"100% sure\";\n",
        ])
        for (arguments, cwd) in [(Self.sample, nil), (["lint", "."], directory.path), (["lint", Fixtures.path("corpus")], nil)] {
            let result = try RenderAlertCommand.run(arguments + ["--format", "sarif"], directory: cwd)
            let document = LocatedJSON.parse(result.output)
            let log = try #require(document.root, "\(result.error)")
            let errors = validator.validate(log)
            #expect(errors.isEmpty, "\(arguments): \(errors.prefix(10))")
            let run = log["runs"]!.items![0]
            let rules = run["tool"]!["driver"]!["rules"]!.items!
            let results = run["results"]!.items!
            #expect(!results.isEmpty)
            for result in results {
                let index = Int(result["ruleIndex"]!.numberValue!)
                #expect(rules[index]["id"]!.stringValue == result["ruleId"]!.stringValue)
                #expect(rules[index]["help"]?["text"]?.stringValue?.isEmpty == false)
            }
            if cwd != nil {
                let uris = results.compactMap { $0["locations"]?.items?.first?["physicalLocation"]?["artifactLocation"]?["uri"]?.stringValue }
                #expect(uris.contains("My%20App/fr%20%C3%A9.lproj/Localizable.strings"), "\(uris)")
            }
        }
        // The validator itself rejects what the schema forbids.
        var broken = LocatedJSON.parse(try RenderAlertCommand.run(Self.sample + ["--format", "sarif"]).output).root!
        broken.value = .object(broken.members!.map { $0.key == "version" ? LocatedJSON.Member(key: "version", value: .string("2.0")) : $0 })
        #expect(!validator.validate(broken).isEmpty)
    }

    /// The larger corpus (real apps and edge cases) lints without crashing; the repository's
    /// copy of part of it always runs.
    @Test func corpusLintsWithoutCrashing() throws {
        var roots = [Fixtures.path("corpus")]
        if let corpus = Fixtures.largerCorpus() { roots.append(corpus) }
        for root in roots {
            let result = try RenderAlertCommand.run(["lint", root, "--format", "json"])
            #expect(result.status == 0 || result.status == 1, "\(root): \(result.status) \(result.error)")
            let json = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as! Object
            let findings = json["findings"] as! [Object]
            #expect(!findings.isEmpty)
            for finding in findings {
                #expect((finding["line"] as? Int ?? 0) >= 1 && (finding["column"] as? Int ?? 0) >= 1)
            }
        }
    }
}

/// A CI gate must fail what it must fail: a push table with nothing in it, a path
/// with nothing to check, a table format `dump` did not read.
@Suite("render-alert: no silent pass (end to end)")
struct NoSilentPassTests {
    @Test func anEmptyPushTableIsAnErrorWithoutAnyPayload() throws {
        let directory = try TemporaryDirectory()
        try directory.write("app/en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n")
        try directory.write("app/da.lproj/Localizable.strings", "\n")
        try directory.write("app/eo.lproj/Localizable.strings", "/* nothing yet */\n")
        try directory.write("app/fr.lproj/Localizable.strings", "\"a\" = \"A fr\";\n\"b\" = \"B fr\";\n")
        let result = try RenderAlertCommand.run(["lint", directory.path + "/app"])
        #expect(result.status == 1, "\(result.output)")
        #expect(
            result.output.contains(
                "da's Localizable table is empty: a device that picks da shows every push key raw (en has 2 keys) [push.empty-table]"))
        #expect(result.output.contains("eo's Localizable table is empty"))
        #expect(!result.output.contains("fr's Localizable table"))

        try directory.write("app/da.lproj/Localizable.strings", "\"a\" = \"A da\";\n")
        try directory.write("app/eo.lproj/Localizable.strings", "\"b\" = \"B eo\";\n")
        #expect(try RenderAlertCommand.run(["lint", directory.path + "/app"]).status == 0)
    }

    @Test func nothingToCheckExitsTwoSayingWhatWasSearched() throws {
        let directory = try TemporaryDirectory()
        try directory.write("empty/notes.txt", "no tables here\n")
        try directory.write("app/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try directory.write("payloads/readme.txt", "no payloads here\n")

        let noTables = try RenderAlertCommand.run(["lint", directory.path + "/empty"])
        #expect(noTables.status == 2)
        #expect(noTables.output.isEmpty)
        #expect(
            noTables.error.contains(
                "error: nothing to lint (\(directory.path)/empty): no .lproj folder, .xcstrings catalog, .strings or .stringsdict file, and no Android res/ folder found"
            ))
        #expect(!noTables.error.contains("Usage:"))

        for command in [["lint", directory.path + "/app", "--payloads"], ["preview", "--strings", directory.path + "/app"]] {
            let noPayloads = try RenderAlertCommand.run(command + [directory.path + "/payloads"])
            #expect(noPayloads.status == 2, "\(command)")
            #expect(
                noPayloads.error.contains("error: no payloads to check (\(directory.path)/payloads): the directory holds no .json or .apns file"),
                "\(noPayloads.error)")
        }
    }

    /// Every table format of the fixtures (and of the larger corpus when named) dumps with no
    /// error but the edge cases that are broken on purpose.
    @Test func dumpReadsEveryTableFormat() throws {
        let roots = [Fixtures.directory + "/corpus"] + (Fixtures.largerCorpus().map { [$0] } ?? [])
        for root in roots {
            let files = try FileManager.default.subpathsOfDirectory(atPath: root)
                .filter { $0.hasSuffix(".strings") || $0.hasSuffix(".stringsdict") || $0.hasSuffix(".xcstrings") }
                .filter { !$0.hasPrefix("edge-cases/") }
                .map { root + "/" + $0 }
            #expect(files.contains { $0.hasSuffix(".stringsdict") } && files.contains { $0.hasSuffix(".xcstrings") })
            let result = try RenderAlertCommand.run(["dump", "--format", "json"] + files)
            #expect(result.status == 0, "\(result.error)")
            let dumps = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as! [[String: Any]]
            #expect(dumps.count == files.count)
            let errors = dumps.flatMap { ($0["diagnostics"] as! [[String: Any]]).filter { $0["severity"] as? String == "error" } }
            #expect(errors.isEmpty, "\(errors.prefix(3))")
        }
    }

    @Test func dumpListsDictionariesAndCatalogsPerLanguage() throws {
        let dictionary = try RenderAlertCommand.run(["dump", "Resources/strings/en.lproj/Localizable.stringsdict"])
        #expect(dictionary.status == 0, "\(dictionary.output)")
        #expect(dictionary.output.contains(#""inbox.unread.summary" = "%#@messages@"  (a plural: a push shows this format key)"#))
        #expect(dictionary.output.contains(#"%#@messages@ (plural, d): one "%d unread message" · other "%d unread messages""#))

        let directory = try TemporaryDirectory()
        // Catalog version 1.1 (Xcode 26), with an App Shortcuts stringSet.
        try directory.write(
            "Localizable.xcstrings",
            """
            {"sourceLanguage": "en", "version": "1.1", "strings": {
              "open": {"localizations": {
                "en": {"stringSet": {"state": "translated", "values": ["Open ${applicationName}", "Launch ${applicationName}"]}},
                "fr": {"stringSet": {"state": "translated", "values": ["Ouvrir ${applicationName}"]}}}},
              "files": {"localizations": {"en": {"variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "%lld file"}},
                "other": {"stringUnit": {"state": "translated", "value": "%lld files"}}}}},
                "fr": {"stringUnit": {"state": "translated", "value": "%lld fichiers"}}}}}}
            """)
        let catalog = try RenderAlertCommand.run(["dump", "--format", "json", directory.path + "/Localizable.xcstrings"])
        #expect(catalog.status == 0, "\(catalog.output)")
        let dump = try JSONSerialization.jsonObject(with: Data(catalog.output.utf8)) as! [[String: Any]]
        let listings = dump[0]["listings"] as! [[String: Any]]
        #expect(listings.map { $0["format"] as? String } == ["String Catalog (en)", "String Catalog (fr)"])
        let en = listings[0]["entries"] as! [[String: Any]]
        #expect(en.map { $0["key"] as? String } == ["open", "files"])
        #expect(en[0]["pushShows"] as? String == "Open ${applicationName}")
        #expect((en[1]["value"] as? [String: Any])?["formatKey"] != nil)
        #expect((dump[0]["diagnostics"] as! [Any]).isEmpty)

        // Its keys are present in both languages: no missing-key warning for the stringSet.
        let lint = try RenderAlertCommand.run(["lint", directory.path])
        #expect(lint.status == 0 && lint.output.contains("no problems"), "\(lint.output)")
    }
}

/// The conventions a linter's users expect: push findings first and a summary that
/// fits on a screen, errors only on request, a report file, a rule explained, SARIF that code
/// scanning can track and link, third-party folders left alone.
@Suite("render-alert lint: CI conventions (end to end)")
struct LintConventionTests {
    /// 30 localizations missing 20 keys of a second table (30 warnings, one per localization
    /// about its 20 keys, and 30 stale keys), one of them with an empty push table (the one error).
    func floodedApp() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        let settings = (0..<20).map { "\"setting.\($0)\" = \"Setting \($0)\";\n" }.joined()
        try directory.write("app/en.lproj/Localizable.strings", "\"call\" = \"Missed call from %@\";\n")
        try directory.write("app/en.lproj/Settings.strings", settings)
        for index in 0..<30 {
            let language = "l\(index)"
            try directory.write("app/\(language).lproj/Settings.strings", "\"setting.other\" = \"x\";\n")
            try directory.write("app/\(language).lproj/Localizable.strings", index == 0 ? "\n" : "\"call\" = \"%@ \(language)\";\n")
        }
        return directory
    }

    @Test func pushFindingsLeadAndASummaryByRuleClosesTheReport() throws {
        let directory = try floodedApp()
        let result = try RenderAlertCommand.run(["lint", directory.path + "/app"])
        #expect(result.status == 1)
        let output = result.output
        let pushHeader = try #require(output.range(of: "Errors (1 finding)"))
        let otherHeader = try #require(output.range(of: "Warnings and notes (60 findings)"))
        // The 600 missing keys of one table are one line with examples, and the advice names
        // the configuration line that would quiet them.
        #expect(output.contains("Settings: ⚠ warning  30 × table.missing-key in 30 localizations, such as:"))
        #expect(
            output.contains("20 keys (\"setting.0\", \"setting.1\", \"setting.2\", \"setting.3\", \"setting.4\" and 15 more) are missing from l0's"))
        #expect(output.contains("  runtime_fallback_tables: [Settings]"))
        #expect(output.split(separator: "\n").count < 60, "\(output)")
        let emptyTable = try #require(output.range(of: "l0's Localizable table is empty"))
        #expect(pushHeader.upperBound < emptyTable.lowerBound && emptyTable.upperBound < otherHeader.lowerBound)
        let summary = try #require(output.range(of: "By rule\n"))
        let lines = output[summary.upperBound...].split(separator: "\n")
        #expect(lines.first?.hasPrefix("  ▸ push.empty-table") == true, "\(lines.prefix(3))")
        #expect(lines.first?.hasSuffix("1  in l0") == true)
        #expect(lines.contains { $0.contains("table.missing-key") && $0.contains("30") && $0.contains("(30 localizations)") })
        #expect(lines.count < 25, "the summary and the total fit on one screen")
    }

    @Test func quietReportsErrorsOnlyAndKeepsTheExitStatus() throws {
        let directory = try floodedApp()
        let result = try RenderAlertCommand.run(["lint", directory.path + "/app", "--quiet", "--format", "json"])
        #expect(result.status == 1)
        let root = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as! [String: Any]
        let findings = root["findings"] as! [[String: Any]]
        #expect(!findings.isEmpty && findings.allSatisfy { $0["severity"] as? String == "error" })

        let warningsOnly = try TemporaryDirectory()
        try warningsOnly.write("app/en.lproj/Localizable.strings", "\"a\" = \"\";\n")
        let strict = try RenderAlertCommand.run(["lint", warningsOnly.path + "/app", "--quiet", "--strict"])
        #expect(strict.status == 1, "a warning hidden by --quiet still fails --strict")
    }

    @Test func outputWritesTheReportToAFile() throws {
        let directory = try floodedApp()
        let report = directory.path + "/report.sarif"
        let result = try RenderAlertCommand.run(["lint", directory.path + "/app", "--format", "sarif", "--output", report])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        let sarif = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as! [String: Any]
        #expect(sarif["version"] as? String == "2.1.0")
        let failed = try RenderAlertCommand.run(["lint", directory.path + "/app", "--output", directory.path + "/missing/dir/report.txt"])
        #expect(failed.status == 2)
        #expect(failed.error.contains("error: cannot write the report"))
    }

    @Test func explainPrintsTheRuleAndHowToSilenceIt() throws {
        let result = try RenderAlertCommand.run(["lint", "--explain", "push.empty-table"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("push.empty-table (error, push, about a whole file)\n\nWhy: A device that picks this localization"))
        #expect(result.output.contains("--ignore push.empty-table"))
        let unknown = try RenderAlertCommand.run(["lint", "--explain", "no.such-rule"])
        #expect(unknown.status == 2)
        #expect(unknown.error.contains("unknown rule \"no.such-rule\""))
    }

    @Test func sarifFingerprintsSurviveLineMovesAndRulesLinkToTheirDocs() throws {
        let directory = try TemporaryDirectory()
        try directory.write("app/en.lproj/Localizable.strings", "\"a\" = \"\";\n\"b\" = \"\";\n")
        func results() throws -> [[String: Any]] {
            let sarif = try RenderAlertCommand.json(["lint", "app", "--format", "sarif"], directory: directory.path) as! [String: Any]
            let run = (sarif["runs"] as! [[String: Any]])[0]
            let rules = ((run["tool"] as! [String: Any])["driver"] as! [String: Any])["rules"] as! [[String: Any]]
            #expect(
                rules.allSatisfy {
                    ($0["helpUri"] as? String) == LocalizedAlertsVersion.repository + "/blob/main/docs/lint.md#\($0["id"] as! String)"
                })
            return run["results"] as! [[String: Any]]
        }
        func fingerprints(_ results: [[String: Any]]) -> [String] {
            results.map { ($0["partialFingerprints"] as! [String: String])["renderAlertFinding/v1"]! }
        }
        let before = try results()
        try directory.write("app/en.lproj/Localizable.strings", "/* moved down */\n\n\"a\" = \"\";\n\"b\" = \"\";\n")
        let after = try results()
        #expect(before.count == 2 && after.count == 2)
        #expect(fingerprints(before) == fingerprints(after))
        #expect(Set(fingerprints(before)).count == 2)
        #expect(fingerprints(before).allSatisfy { $0.count == 18 && $0.hasSuffix(":1") })
    }

    @Test func thirdPartyFoldersAreNotSearched() throws {
        let directory = try TemporaryDirectory()
        try directory.write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        for folder in ["Pods/SomePod", "Carthage/Checkouts/Lib", "vendor/lib"] {
            try directory.write("\(folder)/en.lproj/Localizable.strings", "\"broken\" = \"x\"\n")
        }
        let result = try RenderAlertCommand.run(["lint", directory.path])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("no problems in 1 target checked"))
    }
}

/// `.render-alert.yml`: found from the working directory upward, every key applied,
/// every mistake in it a located error.
@Suite("render-alert lint: configuration file (end to end)")
struct LintConfigurationTests {
    /// Shaped like a real app: 55 localizations; a push table and a large table
    /// the app fills from English at run time; six empty push tables; a Pods folder with a broken
    /// third-party table.
    func realShapedApp() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        let empty: Set<Int> = [3, 11, 19, 27, 35, 43]
        let strings = (0..<60).map { "\"setting.\($0)\" = \"Setting \($0)\";\n" }.joined()
        try directory.write("App/Resources/en.lproj/Localizable.strings", "\"call\" = \"Missed call from %@\";\n\"chat\" = \"%@: %@\";\n")
        try directory.write("App/Resources/en.lproj/Settings.strings", strings)
        for index in 0..<54 {
            let language = "l\(index)"
            try directory.write(
                "App/Resources/\(language).lproj/Localizable.strings",
                empty.contains(index) ? "\n" : "\"call\" = \"%@ \(language)\";\n\"chat\" = \"%@: %@\";\n")
            try directory.write("App/Resources/\(language).lproj/Settings.strings", "\"setting.0\" = \"\(language)\";\n")
        }
        try directory.write("Pods/Vendor/Resources/en.lproj/Localizable.strings", "\"broken\" = \"x\"\n")
        return directory
    }

    @Test func theDefaultLintFailsOnEmptyPushTablesAndAFewLinesOfConfigurationLeaveWhatMatters() throws {
        let directory = try realShapedApp()
        let plain = try RenderAlertCommand.run(["lint"], directory: directory.path)
        #expect(plain.status == 1)
        #expect(plain.output.hasPrefix("Errors (6 findings)\n"), "\(plain.output.prefix(200))")
        #expect(!plain.output.contains("Pods"))
        let byRule = try #require(plain.output.range(of: "By rule\n"))
        let summary = plain.output[byRule.upperBound...].split(separator: "\n")
        #expect(summary[0].contains("push.empty-table") && summary[0].contains("6  in l11, l19, l27, l3, l35, l43"), "\(summary)")
        #expect(summary.contains { $0.contains("table.missing-key") && $0.contains(" 54  in ") }, "the flood is one line: \(summary)")

        try directory.write(".render-alert.yml", "included: [App]\nruntime_fallback_tables: [Settings]\n")
        let subfolder = directory.path + "/App/Resources"
        let configured = try RenderAlertCommand.run(["lint"], directory: subfolder)
        #expect(configured.status == 1)
        #expect(!configured.output.contains("table.missing-key"), "the config is found from a subfolder, its paths are relative to it")
        #expect(configured.output.contains("6 errors in 6 files"))
        #expect(configured.output.split(separator: "\n").count < 60)
        #expect(configured.output.hasPrefix("../Resources/l11.lproj/Localizable.strings\n"), "paths as seen from the working directory")
    }

    @Test func severitiesScopedIgnoresAndUnusedIgnores() throws {
        let directory = try TemporaryDirectory()
        try directory.write("app/en.lproj/Localizable.strings", "\"a\" = \"A\";\n\"debug.one\" = \"\";\n\"b\" = \"\";\n")
        try directory.write("app/fr.lproj/Localizable.strings", "\"a\" = \"A\";\n\"debug.one\" = \"x\";\n\"b\" = \"y\";\n")
        try directory.write(
            "lint.yml",
            """
            severity:
              table.empty-value: error
            ignore:
              - rule: table.empty-value
                key: "debug.*"
              - localization: "zz"
            """)
        // --quiet hides warnings, but not those about the settings themselves.
        let quiet = try RenderAlertCommand.run(["lint", "app", "--config", "lint.yml", "--quiet"], directory: directory.path)
        #expect(quiet.output.contains("config.unused-ignore"), "\(quiet.output)")
        let result = try RenderAlertCommand.run(["lint", "app", "--config", "lint.yml", "--format", "json"], directory: directory.path)
        #expect(result.status == 1)
        let root = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as! [String: Any]
        let findings = (root["findings"] as! [[String: Any]]).map { "\($0["id"]!) \($0["severity"]!) \($0["file"]!):\($0["line"]!):\($0["column"]!)" }
        #expect(
            findings == [
                "table.empty-value error app/en.lproj/Localizable.strings:3:7",
                "config.unused-ignore warning lint.yml:6:5",
            ])
    }

    @Test func anInvalidConfigurationIsALocatedErrorAndExitsTwo() throws {
        let cases: [(String, String)] = [
            (
                "disabled_rules: [table.missing-kye]\n",
                "lint.yml:1:18: error: unknown rule \"table.missing-kye\" (did you mean \"table.missing-key\"?)"
            ),
            ("excluded: Pods\ninclude: [App]\n", "lint.yml:2:1: error: unknown key \"include\" (did you mean \"included\"?)"),
            (
                "ignore:\n  - rules: table.missing-key\n    key: a\n",
                "lint.yml:2:5: error: unknown key \"rules\" in an ignore entry (did you mean \"rule\"?)"
            ),
            ("severity:\n  table.missing-key: fatal\n", "lint.yml:2:22: error: the severity of table.missing-key must be error, warning or note"),
            ("ignore:\n  - rule: table.missing-key\n", "lint.yml:2:5: error: an ignore entry needs a path, table, localization or key"),
            ("runtime_fallback_tables: [Localizable]\n", "lint.yml:1:27: error: Localizable cannot fall back per key"),
            ("included: [App\n", "lint.yml:2:1: error: not valid YAML"),
            ("development_region: [en]\n", "lint.yml:1:21: error: development_region must be a string"),
        ]
        let directory = try TemporaryDirectory()
        try directory.write("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        for (text, expected) in cases {
            try directory.write("lint.yml", text)
            let result = try RenderAlertCommand.run(["lint", "App", "--config", "lint.yml"], directory: directory.path)
            #expect(result.status == 2, "\(text)")
            #expect(result.error.hasPrefix(expected), "\(text): \(result.error)")
            #expect(result.output.isEmpty)
        }
        let missing = try RenderAlertCommand.run(["lint", "App", "--config", "nowhere.yml"], directory: directory.path)
        #expect(missing.status == 2)
        #expect(missing.error.contains("error: cannot read the configuration (nowhere.yml)"))
    }
}

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The reporters CI systems and pull requests read.
@Suite("render-alert lint: JUnit and Markdown reporters (end to end)")
struct LintDocumentReporterTests {
    /// Markup in keys and values must stay text in both.
    func hostileApp() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("app/en.lproj/Localizable.strings", "\"<b>&|`x`\" = \"\";\n\"a\" = \"A\";\n")
        try directory.write("app/fr.lproj/Localizable.strings", "\"<b>&|`x`\" = \"v\";\n")
        try directory.write("app/da.lproj/Localizable.strings", "\n")
        return directory
    }

    @Test func junitIsWellFormedWithAFailedCasePerFinding() throws {
        let directory = try hostileApp()
        let result = try RenderAlertCommand.run(["lint", "app", "--format", "junit"], directory: directory.path)
        #expect(result.status == 1)
        final class Counter: NSObject, XMLParserDelegate {
            var elements: [String: Int] = [:]
            var failureTypes: [String] = []
            func parser(
                _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]
            ) {
                elements[name, default: 0] += 1
                if name == "failure" { failureTypes.append(attributes["type"] ?? "") }
            }
        }
        let counter = Counter()
        let parser = XMLParser(data: Data(result.output.utf8))
        parser.delegate = counter
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        // da's empty push table, fr missing "a", en's empty value.
        #expect(counter.elements["testcase"] == 3 && counter.elements["failure"] == 3)
        #expect(counter.failureTypes.sorted() == ["error", "warning", "warning"])
        #expect(result.output.contains("&lt;b&gt;&amp;|`x`"))

        let clean = try TemporaryDirectory()
        try clean.write("app/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        let passed = try RenderAlertCommand.run(["lint", "app", "--format", "junit"], directory: clean.path)
        #expect(passed.status == 0)
        #expect(passed.output.contains("<testcase classname=\"render-alert lint\" name=\"no problems in 1 target checked\"/>"))
    }

    @Test func markdownSummarizesByRuleAndListsPushFindingsFirst() throws {
        let directory = try hostileApp()
        let result = try RenderAlertCommand.run(["lint", "app", "--format", "markdown"], directory: directory.path)
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "### render-alert lint: 1 error, 2 warnings in 3 files")
        #expect(lines[4].hasPrefix("| ❌ | [`push.empty-table`](") && lines[4].hasSuffix("(push) | 1 | da |"), "\(lines[4])")
        let listing = try #require(lines.firstIndex(of: "| | Where | Rule | Finding |"))
        #expect(lines[listing + 2].contains("`push.empty-table`"))
        #expect(result.output.contains("\"&lt;b&gt;&amp;\\|\\`x\\`\""), "markup in a key stays text")
        #expect(!result.output.contains("<b>"))
    }
}

/// Inline suppression, where translators and tools edit.
@Suite("render-alert lint: inline suppression (end to end)")
struct InlineSuppressionTests {
    func lintFindings(_ directory: TemporaryDirectory, _ arguments: [String] = []) throws -> (status: Int32, findings: [String]) {
        let result = try RenderAlertCommand.run(["lint", "app", "--format", "json"] + arguments, directory: directory.path)
        let root = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as! [String: Any]
        let findings = (root["findings"] as! [[String: Any]]).map { "\($0["id"]!) \($0["file"]!):\($0["line"]!)" }
        return (result.status, findings)
    }

    @Test func aCommentBeforeAnEntrySilencesItsRulesForThatKeyInEveryLocalization() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "app/en.lproj/Localizable.strings",
            """
            "a" = "A";
            /* Brand name, never translated. render-alert:disable table.missing-key */
            "brand" = "Relay";
            "b" = "B";
            /* render-alert:disable table.empty-value, because it is filled at run time */
            "filled" = "";

            """)
        try directory.write("app/fr.lproj/Localizable.strings", "\"a\" = \"A fr\";\n\"filled\" = \"x\";\n")
        let (status, findings) = try lintFindings(directory)
        #expect(status == 0)
        #expect(findings == ["table.missing-key app/fr.lproj/Localizable.strings:1"], "only b's is left: \(findings)")
    }

    @Test func unusedAndMisspelledSuppressionsAreReported() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "app/en.lproj/Localizable.strings",
            """
            /* render-alert:disable table.missing-key */
            "a" = "A";
            /* render-alert:disable table.missing-kye */
            "b" = "B";
            /* render-alert:disable */
            "c" = "C";
            /* render-alert:disable table.stale-key */
            "d" = "D";

            """)
        try directory.write("app/fr.lproj/Localizable.strings", "\"a\" = \"A\";\n\"b\" = \"B\";\n\"c\" = \"C\";\n\"d\" = \"D\";\n")
        let (_, findings) = try lintFindings(directory)
        #expect(
            findings == [
                "suppression.unused app/en.lproj/Localizable.strings:2",
                "suppression.unknown-rule app/en.lproj/Localizable.strings:4",
                "suppression.unknown-rule app/en.lproj/Localizable.strings:6",
                "suppression.unused app/en.lproj/Localizable.strings:8",
            ])
        let text = try RenderAlertCommand.run(["lint", directory.path + "/app"])
        #expect(text.output.contains(#"names "table.missing-kye", which is not a rule (did you mean "table.missing-key"?)"#), "\(text.output)")
        // A rule left out of the run cannot be expected to find anything.
        let ignoring = try lintFindings(directory, ["--ignore", "table.stale-key"]).findings
        #expect(!ignoring.contains("suppression.unused app/en.lproj/Localizable.strings:8"))
    }

    @Test func aCatalogKeysCommentSilencesItsRules() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "app/Localizable.xcstrings",
            """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "brand": {"comment": "render-alert:disable catalog.untranslated", "localizations": {
                "en": {"stringUnit": {"state": "new", "value": "Relay"}}}},
              "other": {"localizations": {
                "en": {"stringUnit": {"state": "new", "value": "Other"}}}}}}
            """)
        let (_, findings) = try lintFindings(directory)
        #expect(findings == ["catalog.untranslated app/Localizable.xcstrings:5"], "\(findings)")
    }
}
