import Foundation
import Testing

/// Text from tables, payloads and file names is shown, never obeyed: no escape sequence reaches
/// the terminal, and no line break in a name starts a line of its own (where a CI runner would
/// read it as a command). Machine formats (JSON, SARIF) keep the text exact, escaped.
@Suite("render-alert hostile text (end to end)")
struct HostileTextCommandTests {
    static let title = "\u{1B}]0;pwned\u{07}"
    static let clear = "\u{1B}[2J"
    static let csi = "\u{9B}31m"

    /// Controls a terminal obeys: C0 but the line feed, DEL and C1.
    static func obeyed(_ text: String, allowing allowed: Set<Unicode.Scalar> = ["\n"]) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { !allowed.contains($0) && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) }
    }

    /// An app whose key, value and comment hold escape sequences, in a directory whose name holds
    /// one, with a payload whose category, thread-id and sound do too.
    func hostileApp() throws -> (directory: TemporaryDirectory, app: String, payload: String) {
        let directory = try TemporaryDirectory()
        let app = "App\(Self.clear)"
        let key = "key\(Self.clear)"
        try directory.write(
            app + "/en.lproj/Localizable.strings",
            """
            /* comment \(Self.title) */
            "\(key)" = "Hi \(Self.title) %@ \(Self.csi)";
            "\(key)" = "again %d";
            "plain" = "value";

            """)
        try directory.write(app + "/fr.lproj/Localizable.strings", "\"plain\" = \"valeur \(Self.title)\";\n")
        try directory.write(app + "/x\(Self.clear).lproj/Localizable.strings", "\"plain\" = \"x\";\n")
        let escaped = #"\u001b]0;pwned\u0007 \u009b31m"#
        try directory.write(
            app + "/push.json",
            #"""
            {"aps":{"alert":{"title-loc-key":"key\u001b[2J","title-loc-args":["Ana"],"body":"b"},"category":"\#(escaped)","thread-id":"\#(escaped)","sound":"\#(escaped)"}}
            """#)
        return (directory, directory.path + "/" + app, directory.path + "/" + app + "/push.json")
    }

    @Test func humanAndLineOrientedOutputsShowControlCharacters() throws {
        let (directory, app, payload) = try hostileApp()
        defer { withExtendedLifetime(directory) {} }
        let runs: [[String]] = [
            ["preview", payload, "--strings", app],
            ["preview", payload, "--strings", app, "--layout", "cards"],
            ["preview", payload, "--strings", app, "--format", "html"],
            ["dump", app + "/en.lproj/Localizable.strings", app + "/fr.lproj/Localizable.strings"],
            ["lint", app, "--payloads", payload],
            ["lint", app, "--payloads", payload, "--format", "xcode"],
            ["lint", app, "--payloads", payload, "--format", "github"],
            ["match", "--preferred", "x\(Self.clear)", "--available", app],
            ["preview", app + "/missing.json", "--strings", app],
        ]
        for arguments in runs {
            let result = try RenderAlertCommand.run(arguments)
            #expect(result.status < 2 || arguments.last == app, "\(arguments): \(result.error)")
            if arguments.contains("html") {
                // Character references (&#x1b;) for C0 controls; C1 stays, HTML has no exact reference for it.
                #expect(!result.output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
                continue
            }
            #expect(Self.obeyed(result.output).isEmpty, "\(arguments.prefix(2)) \(arguments.suffix(2)): \(Self.obeyed(result.output))")
            #expect(Self.obeyed(result.error).isEmpty, "\(arguments.prefix(2)): \(result.error)")
            #expect((result.output + result.error).contains("␛"), "\(arguments.prefix(2)): shown, not dropped")
        }
    }

    @Test func theNamesOfThePayloadsTheyComeFromAreShownToo() throws {
        let (directory, app, payload) = try hostileApp()
        defer { withExtendedLifetime(directory) {} }
        let preview = try RenderAlertCommand.run(["preview", payload, "--strings", app, "--language", "en"])
        #expect(preview.output.contains("category ␛]0;pwned␇ �31m"), "\(preview.output)")
        let cards = try RenderAlertCommand.run(["preview", payload, "--strings", app, "--language", "en", "--layout", "cards"])
        #expect(cards.output.contains("category ␛]0;pwned␇ �31m"))
        let lint = try RenderAlertCommand.run(["lint", app, "--payloads", payload])
        #expect(lint.output.contains("App␛[2J/en.lproj/Localizable.strings"), "\(lint.output)")
        #expect(lint.output.contains("\"key␛[2J\""), "\(lint.output)")
    }

    @Test func jsonAndSARIFKeepTheTextExact() throws {
        let (directory, app, payload) = try hostileApp()
        defer { withExtendedLifetime(directory) {} }
        var documents: [String: Any] = [:]
        for arguments in [
            ["preview", payload, "--strings", app, "--format", "json"],
            ["dump", app + "/en.lproj/Localizable.strings", "--format", "json"],
            ["lint", app, "--payloads", payload, "--format", "json"],
            ["lint", app, "--payloads", payload, "--format", "sarif"],
            ["localize", payload, "--strings", app, "--language", "en", "--payload-only"],
        ] {
            let result = try RenderAlertCommand.run(arguments)
            #expect(Self.obeyed(result.output).isEmpty, "\(arguments.prefix(2)): \(Self.obeyed(result.output))")
            documents[arguments[0] + (arguments.last ?? "")] = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
        }
        // Read back, the text is exactly what the files hold.
        let preview = try #require(documents["previewjson"] as? [String: Any])
        #expect((preview["previews"] as? [[String: Any]])?.first?["payload"] as? String == payload)
        let findings = try #require((documents["lintjson"] as? [String: Any])?["findings"] as? [[String: Any]])
        #expect(findings.contains { ($0["message"] as? String)?.contains("key\(Self.clear)") == true })
        let sarif = try #require(documents["lintsarif"] as? [String: Any])
        #expect(String(describing: sarif).contains("App%1B%5B2J/en.lproj/Localizable.strings"))
        let dump = try RenderAlertCommand.json(["dump", app + "/en.lproj/Localizable.strings", "--format", "json"]) as! [[String: Any]]
        let entries = dump[0]["entries"] as! [[String: Any]]
        #expect(entries[0]["key"] as? String == "key\(Self.clear)")
        #expect(entries[0]["value"] as? String == "Hi \(Self.title) %@ \(Self.csi)")
        let localized = try RenderAlertCommand.run(["localize", payload, "--strings", app, "--language", "en", "--payload-only"])
        let aps = try #require((try JSONSerialization.jsonObject(with: Data(localized.output.utf8)) as? [String: Any])?["aps"] as? [String: Any])
        #expect(aps["category"] as? String == "\(Self.title) \(Self.csi)")
    }

    /// A directory name with a line break and a workflow command after it: in every
    /// line-oriented format the name stays on its finding's line.
    @Test(arguments: ["\n", "\r", "\r\n", "\u{2028}", "\u{2029}", "\u{85}"])
    func lineBreaksInPathsStartNoLine(_ lineBreak: String) throws {
        let directory = try TemporaryDirectory()
        let name = "x\(lineBreak)::error file=README.md,line=1::INJECTED"
        try directory.write(name + "/en.lproj/Localizable.strings", "\"a\" = \"A %1$@ %@\";\n\"a\" = \"B\";\n")
        try directory.write(name + "/p.json", #"{"aps":{"alert":{"loc-key":"missing"}}}"#)
        let app = directory.path + "/" + name
        for arguments in [
            ["lint", app], ["lint", app, "--format", "xcode"], ["lint", app, "--format", "github"],
            ["lint", app, "--payloads", app + "/p.json", "--format", "github"],
            ["dump", app + "/en.lproj/Localizable.strings"],
            ["preview", app + "/p.json", "--strings", app],
            ["preview", app + "/p.json", "--strings", app, "--layout", "cards"],
            ["preview", app + "/no-such.json", "--strings", app],
        ] {
            let result = try RenderAlertCommand.run(arguments)
            let lines = (result.output + result.error).split(whereSeparator: { $0.isNewline })
            #expect(!lines.isEmpty, "\(arguments.prefix(2))")
            for line in lines {
                #expect(
                    !line.trimmingCharacters(in: .whitespaces).hasPrefix("::error file=README.md"),
                    "\(arguments.prefix(2)) \(lineBreak.unicodeScalars.map(\.value)): \(line)")
            }
            #expect(
                !(result.output + result.error).unicodeScalars.contains {
                    $0 != "\n"
                        && ($0.properties.generalCategory == .lineSeparator || $0.properties.generalCategory == .paragraphSeparator || $0 == "\r"
                            || $0 == "\u{85}")
                })
            if arguments.contains("xcode") {
                for line in result.output.split(separator: "\n") {
                    #expect(line.wholeMatch(of: /.+:\d+:\d+: (error|warning|note): .+/) != nil, "\(line)")
                }
            }
            if arguments.contains("github") {
                // Every annotation, then one notice counting them.
                #expect(result.output.split(separator: "\n").last?.hasPrefix("::notice title=render-alert lint::") == true)
                for line in result.output.split(separator: "\n").dropLast() {
                    #expect(line.wholeMatch(of: /::(error|warning|notice) file=[^,:]+,line=\d+,col=\d+,title=[a-z.%0-9A-F-]+::.+/) != nil, "\(line)")
                }
                if lineBreak == "\n" {
                    #expect(result.output.contains("file=\(directory.path)/x%0A%3A%3Aerror file=README.md%2Cline=1%3A%3AINJECTED/"))
                }
            }
        }
    }
}
