import Foundation
import Testing

/// What the CLI offers the Apple toolbox: Simulator files, the sample built into the binary,
/// shell completions and the pieces of the integrations (action.yml, .pre-commit-hooks.yaml)
/// that run here.
@Suite("render-alert in the toolbox (end to end)")
struct ToolboxCommandTests {
    // MARK: Simulator files

    @Test func apnsFilesOnePerLanguageWithTheTargetBundle() throws {
        let directory = try TemporaryDirectory()
        let output = directory.path + "/push/new"  // created, parents included
        let result = try RenderAlertCommand.run([
            "localize", "Resources/payloads/missed-call.json", "--language", "ja", "--language", "fr-CA,en", "--language", "en_US@rg=gbzzzz",
            "--format", "apns", "--output-dir", output, "--bundle-id", "com.example.relay",
        ])
        #expect(result.status == 0, "\(result.error)")
        let names = ["missed-call.ja.apns", "missed-call.fr-CA+en.apns", "missed-call.en_US@rg=gbzzzz.apns"]
        // A path in a language is no language: it is refused before any file is named after it.
        let escaping = try RenderAlertCommand.run([
            "localize", "Resources/payloads/missed-call.json", "--language", "../x", "--format", "apns", "--output-dir", output,
        ])
        #expect(escaping.status == 2)
        #expect(result.output == names.map { output + "/" + $0 + "\n" }.joined())
        #expect(try FileManager.default.contentsOfDirectory(atPath: output).sorted() == names.sorted())
        let japanese = try String(contentsOfFile: output + "/missed-call.ja.apns", encoding: .utf8)
        #expect(japanese.hasPrefix("{\n  \"Simulator Target Bundle\": \"com.example.relay\",\n  \"aps\": {"))
        let document = try JSONSerialization.jsonObject(with: Data(japanese.utf8)) as! [String: Any]
        let alert = (document["aps"] as! [String: Any])["alert"] as! [String: Any]
        #expect(alert["title"] as? String == "不在着信")
        #expect(alert["loc-key"] == nil && alert["title-loc-key"] == nil)
        // The localized payload is the same one --payload-only prints.
        let payloadOnly = try RenderAlertCommand.run(["localize", "Resources/payloads/missed-call.json", "--language", "ja", "--payload-only"])
        var withoutTarget = document
        withoutTarget["Simulator Target Bundle"] = nil
        let expected = try JSONSerialization.jsonObject(with: Data(payloadOnly.output.utf8)) as! [String: Any]
        #expect(NSDictionary(dictionary: withoutTarget).isEqual(to: expected))
    }

    @Test func apnsFilesKeepOrReplaceAnExistingTargetBundle() throws {
        let directory = try TemporaryDirectory()
        // shared-file.apns names com.example.relay already: kept without --bundle-id, replaced with it.
        let kept = try RenderAlertCommand.run([
            "localize", "Resources/payloads/shared-file.apns", "--language", "de", "--format", "apns", "--output-dir", directory.path + "/a",
        ])
        #expect(kept.status == 0, "\(kept.error)")
        let keptText = try String(contentsOfFile: directory.path + "/a/shared-file.de.apns", encoding: .utf8)
        #expect(keptText.contains(#""Simulator Target Bundle": "com.example.relay""#))
        let replaced = try RenderAlertCommand.run([
            "localize", "Resources/payloads/shared-file.apns", "--language", "de", "--format", "apns", "--output-dir", directory.path + "/b",
            "--bundle-id", "org.example.other",
        ])
        #expect(replaced.status == 0, "\(replaced.error)")
        let replacedText = try String(contentsOfFile: directory.path + "/b/shared-file.de.apns", encoding: .utf8)
        #expect(replacedText.components(separatedBy: "Simulator Target Bundle").count == 2)
        #expect(replacedText.contains(#""Simulator Target Bundle": "org.example.other""#))
    }

    @Test func apnsFormatUsage() throws {
        for (arguments, message) in [
            (["--format", "apns"], "--format apns needs --output-dir DIR"),
            (["--output-dir", "x"], "--output-dir and --bundle-id go with --format apns"),
            (["--format", "apns", "--output-dir", "x", "--payload-only"], "leave out --payload-only"),
        ] {
            let result = try RenderAlertCommand.run(["localize", "Resources/payloads/missed-call.json"] + arguments)
            #expect(result.status == 2)
            #expect(result.error.contains(message), "\(arguments): \(result.error)")
        }
    }

    // MARK: The sample built into the binary

    /// Run from a directory without Resources/ (as a relocated binary is), the default preview
    /// uses the sample built into the binary and shows exactly what it shows in the repository.
    @Test func aRelocatedBinaryPreviewsTheBuiltInSample() throws {
        let directory = try TemporaryDirectory()
        let temporary = directory.path + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let inRepository = try RenderAlertCommand.run(["preview", "--format", "json"])
        let elsewhere = try RenderAlertCommand.run(["preview", "--format", "json"], environment: ["TMPDIR": temporary], directory: directory.path)
        #expect(elsewhere.status == inRepository.status, "\(elsewhere.error)")
        let unpacked = try #require(elsewhere.output.firstMatch(of: /"(\/[^"]*\/render-alert-sample\.[A-Za-z0-9]{6})\/strings"/)?.1)
        #expect(unpacked.hasPrefix(temporary + "/"))
        #expect(elsewhere.output.replacingOccurrences(of: String(unpacked), with: "Resources") == inRepository.output)
        // The unpacked copy is removed when the command exits.
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty)

        let localized = try RenderAlertCommand.run(
            ["localize", "Resources/payloads/inbox-summary.json", "--language", "ar", "--payload-only"].map {
                $0.hasPrefix("Resources/") ? Fixtures.repositoryRoot + "/" + $0 : $0
            }, environment: ["TMPDIR": temporary], directory: directory.path)
        #expect(localized.output.contains(#""title":"٣ رسائل غير مقروءة""#), "\(localized.error)")
    }

    @Test func theBuiltInSampleMatchesResources() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Fixtures.repositoryRoot + "/scripts/generate-bundled-sample.py", "--check"]
        let error = Pipe()
        process.standardError = error
        try process.run()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(message)")
    }

    // MARK: Completions and the manual

    /// Path options complete files (of the right kinds) or directories in every shell.
    @Test func pathOptionsCompleteFilesAndDirectories() throws {
        let zsh = try RenderAlertCommand.run(["--generate-completion-script", "zsh"])
        #expect(zsh.status == 0)
        for (option, kind) in [
            ("--strings", "_files -/"), ("--output-dir", "_files -/"), ("--available", "_files -/"),
            ("--baseline", "_files -g '\\''*.json'\\''"), ("--output", "_files"),
        ] {
            let lines = zsh.output.split(separator: "\n").filter { $0.contains("'\(option)[") }
            #expect(!lines.isEmpty && lines.allSatisfy { $0.contains(kind) }, "\(option): \(lines)")
        }
        let bash = try RenderAlertCommand.run(["--generate-completion-script", "bash"])
        #expect(bash.output.contains("'--output-dir')\n        __render-alert_add_completions -d\n"))
        // And in a live bash: a folder for --strings, a payload for localize's argument.
        let directory = try TemporaryDirectory()
        try directory.write("render-alert.bash", bash.output)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.currentDirectoryURL = URL(fileURLWithPath: Fixtures.repositoryRoot)
        process.arguments = [
            "-c",
            """
            source "$0"
            complete_words() {
              COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
              _render-alert render-alert "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
              echo "${COMPREPLY[*]}"
            }
            complete_words render-alert preview --strings Res
            complete_words render-alert localize Resources/payloads/mis
            """,
            directory.path + "/render-alert.bash",
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let completed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(completed == "Resources\nResources/payloads/missed-call.json\n")
        let fish = try RenderAlertCommand.run(["--generate-completion-script", "fish"])
        let fishOutputDirectory = fish.output.split(separator: "\n").filter { $0.contains("-l 'output-dir'") }
        #expect(fishOutputDirectory.count == 1 && fishOutputDirectory[0].contains("__render-alert_complete_directories"))
    }
}
