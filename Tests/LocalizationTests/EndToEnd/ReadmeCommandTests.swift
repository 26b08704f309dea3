import Foundation
import Testing

/// A newcomer's walk through the README: every command in its shell blocks runs as written, in
/// a folder laid out as the README assumes (an iOS app's `App/Resources`, an Android module's
/// `app/src/main/res`, payloads and FCM messages), with `render-alert` on the PATH as the
/// Install section puts it. Commands that cannot run here say where they are checked instead;
/// a command added to the README without either fails the test.
@Suite("README commands (end to end)")
struct ReadmeCommandTests {
    /// Commands not run here, with where each is checked.
    static let checkedElsewhere: [String: String] = [
        "swift run render-alert": "the README's contract: DocumentationTests, and CI runs it on a fresh clone",
        "swift test": "the README's contract: CI runs it",
        "render-alert preview push-payloads/ --strings App/Resources --watch": "runs until Ctrl-C: PreviewWatchTests",
        "swift run --package-path Server -c release render-alert-server --strings Resources/strings --port 8080":
            "the service: the Server package's ReadmeServerExampleTests",
        #"curl -s localhost:8080/v1/localize -d '{"payload":{"aps":{"alert":{"loc-key":"call.missed.body","loc-args":["Ana"]}}},"languages":["fr-CA","en"]}'"#:
            "the service: the Server package's ReadmeServerExampleTests, with the answer the README shows",
        "swift build -c release --product render-alert": "CI's release build",
        "install .build/release/render-alert /usr/local/bin/": "copies the binary the release build makes",
    ]

    /// The FCM message the README's example output shows.
    static let message = #"""
        {"message": {"token": "t",
          "android": {"notification": {"title_loc_key": "delivery_title", "body_loc_key": "delivery_body", "body_loc_args": ["Ana", "the door"]}},
          "apns": {"payload": {"aps": {"alert": {"title-loc-key": "call.missed.title", "loc-key": "call.missed.body", "loc-args": ["Ana"]}}}}}}
        """#

    /// A command of a shell block, its continuation lines joined and its comment removed.
    struct Command {
        var text: String
        /// The lines the README shows it printing (a `$ ` block), if any.
        var shownOutput: [String]?
    }

    static func commands(in readme: String) -> [Command] {
        var commands: [Command] = []
        var block: [String]?
        var language = ""
        for line in readme.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                if let lines = block {
                    if language == "sh" {
                        var pending = ""
                        for line in lines {
                            pending += line.hasSuffix("\\") ? String(line.dropLast()) : line
                            guard !line.hasSuffix("\\") else { continue }
                            // A comment follows two spaces or more.
                            let text =
                                pending.range(of: #"\s{2,}#.*$"#, options: .regularExpression).map { String(pending[..<$0.lowerBound]) } ?? pending
                            let command = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                            if !command.isEmpty { commands.append(Command(text: command)) }
                            pending = ""
                        }
                    } else if let first = lines.first, first.hasPrefix("$ ") {
                        // An example with its output: the command (with its continuation lines), then what it prints.
                        var rest = lines[...]
                        var command = ""
                        while let line = rest.first {
                            rest = rest.dropFirst()
                            command += (line.hasPrefix("$ ") ? String(line.dropFirst(2)) : line).replacingOccurrences(of: "\\", with: "")
                            if !line.hasSuffix("\\") { break }
                        }
                        commands.append(
                            Command(text: command.split(separator: " ").joined(separator: " "), shownOutput: Array(rest)))
                    }
                    block = nil
                } else {
                    block = []
                    language = String(line.dropFirst(3))
                }
            } else {
                block?.append(line)
            }
        }
        return commands
    }

    /// The folder the README's commands assume, made from the bundled sample and fixtures.
    static func project() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        let root = Fixtures.repositoryRoot
        let copies = [
            ("Resources/strings", "App/Resources"), ("Resources/payloads", "push-payloads"),
            ("Tests/LocalizationTests/Fixtures/android/res", "app/src/main/res"),
            ("Tests/LocalizationTests/Fixtures/android/built/app.apk", "app/build/outputs/apk/release/app-release.apk"),
            ("Tests/LocalizationTests/Fixtures/android/built/app.apk", "app/build/outputs/apk/debug/app-debug.apk"),
            // The paths the README names as they are in this repository.
            ("Resources/strings", "Resources/strings"),
            ("Tests/LocalizationTests/Fixtures/android/res", "Tests/LocalizationTests/Fixtures/android/res"),
        ]
        for (source, destination) in copies {
            let target = directory.path + "/" + destination
            try FileManager.default.createDirectory(
                atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: root + "/" + source, toPath: target)
        }
        // A plural for `--quantity`, in the default folder and in Russian.
        try directory.write(
            "app/src/main/res/values/plurals.xml",
            #"<resources><plurals name="new_photos"><item quantity="one">%d new photo</item><item quantity="other">%d new photos</item></plurals></resources>"#
        )
        try directory.write(
            "app/src/main/res/values-ru/plurals.xml",
            #"<resources><plurals name="new_photos"><item quantity="one">%d новое фото</item><item quantity="few">%d новых фото</item><item quantity="many">%d новых фото</item><item quantity="other">%d новых фото</item></plurals></resources>"#
        )
        try directory.write("message.json", message)
        try directory.write("fcm/message.json", message)
        try directory.write("photos.json", #"{"message": {"android": {"notification": {"body_loc_key": "new_photos"}}}}"#)
        try directory.write(
            "requests.ndjson",
            #"{"message": {"android": {"notification": {"title_loc_key": "delivery_title"}}}, "languages": ["fr-CA"]}"# + "\n"
                + #"{"payload": {"aps": {"alert": {"loc-key": "call.missed.body", "loc-args": ["Ana"]}}}, "languages": ["ja"]}"# + "\n")
        return directory
    }

    @Test func everyCommandInTheReadmeRunsOrSaysWhereItIsChecked() throws {
        let readme = try String(contentsOfFile: Fixtures.repositoryRoot + "/README.md", encoding: .utf8)
        let commands = Self.commands(in: readme)
        #expect(commands.count >= 15, "the README's commands were found: \(commands.map(\.text))")
        let project = try Self.project()
        let path = RenderAlertCommand.productsDirectory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        var run = 0
        for command in commands {
            if Self.checkedElsewhere[command.text] != nil { continue }
            let words = command.text.split(separator: " ")
            guard words.contains("render-alert") else {
                Issue.record("README command neither run here nor listed with where it is checked: \(command.text)")
                continue
            }
            let result = try RenderAlertCommand.run(
                [], environment: ["PATH": path, "COLUMNS": "80"], directory: project.path, shellCommand: command.text)
            run += 1
            // 1 is lint's "errors found": the sample app has deliberate ones.
            let expected: Set<Int32> = command.text.contains("--baseline ") || !command.text.contains(" lint") ? [0] : [0, 1]
            #expect(expected.contains(result.status) && !result.timedOut, "\(command.text): exit \(result.status)\n\(result.error)")
            #expect(!result.error.contains("Usage:") && !result.error.contains("command not found"), "\(command.text): \(result.error)")
            if let shown = command.shownOutput {
                let printed = result.output.split(separator: "\n", omittingEmptySubsequences: false).reversed().drop(while: \.isEmpty).reversed()
                #expect(
                    printed.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) } == shown,
                    "\(command.text) prints what the README shows:\n\(result.output)")
            }
        }
        #expect(run >= 12, "README commands run: \(run)")
    }
}
