import Foundation
import Testing

/// Input that cannot be read is an I/O problem: one located line, `error: <what> (<path>):
/// <reason>`, exit 2 and no usage text. A wrong command line is a usage problem: exit 2 with
/// the usage text.
@Suite("render-alert read failures (end to end)")
struct ReadFailureCommandTests {
    func expectInputError(
        _ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let result = try RenderAlertCommand.run(arguments, timeout: 15)
        #expect(!result.timedOut, "\(arguments): hung", sourceLocation: sourceLocation)
        #expect(result.status == 2, "\(arguments): exit \(result.status)", sourceLocation: sourceLocation)
        #expect(result.error == "error: " + message + "\n", "\(arguments)", sourceLocation: sourceLocation)
        #expect(result.output.isEmpty, "\(arguments)", sourceLocation: sourceLocation)
    }

    @Test func missingInputIsOneLocatedLineWithoutUsage() throws {
        let missing = "No such file or directory"
        try expectInputError(["preview", "no-such.json"], "cannot read the payload (no-such.json): \(missing)")
        try expectInputError(
            ["preview", "Resources/payloads/reaction.json", "--strings", "/nonexistent"], "cannot read the app (/nonexistent): \(missing)")
        try expectInputError(["localize", "no-such.json"], "cannot read the payload (no-such.json): \(missing)")
        try expectInputError(["localize", "--batch", "--strings", "/nonexistent"], "cannot read the app (/nonexistent): \(missing)")
        try expectInputError(
            ["dump", "Resources/strings/en.lproj/Localizable.strings", "no-such.strings"], "cannot read the table (no-such.strings): \(missing)")
        try expectInputError(["lint", "/nonexistent/path"], "cannot lint (/nonexistent/path): \(missing)")
        try expectInputError(["lint", "Resources/strings", "--payloads", "no-such.json"], "cannot read the payload (no-such.json): \(missing)")
        try expectInputError(
            ["lint", "Resources/strings", "--baseline", "/nonexistent/baseline.json"],
            "cannot read the baseline (/nonexistent/baseline.json): \(missing)")
    }

    /// Named like a table, payload or baseline but a FIFO or a directory: refused at once
    /// (opening a FIFO would wait for a writer forever).
    @Test func namedInputThatIsNotAFileIsRefusedWithoutWaiting() throws {
        let directory = try TemporaryDirectory()
        try directory.write("app/en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        try directory.write("payloads/good.json", #"{"aps":{"alert":"hi"}}"#)
        let path = directory.path
        #expect(mkfifo(path + "/t.strings", 0o644) == 0)
        #expect(mkfifo(path + "/c.xcstrings", 0o644) == 0)
        #expect(mkfifo(path + "/p.json", 0o644) == 0)
        #expect(mkfifo(path + "/payloads/p.json", 0o644) == 0)
        try FileManager.default.createDirectory(atPath: path + "/d.strings", withIntermediateDirectories: false)
        let fifo = "is not a regular file"
        try expectInputError(["dump", path + "/t.strings"], "cannot read the table (\(path)/t.strings): \(fifo)")
        try expectInputError(["dump", path + "/d.strings"], "cannot read the table (\(path)/d.strings): is a directory")
        try expectInputError(["lint", path + "/t.strings"], "cannot lint (\(path)/t.strings): \(fifo)")
        try expectInputError(["lint", path + "/c.xcstrings"], "cannot lint (\(path)/c.xcstrings): \(fifo)")
        try expectInputError(["lint", path + "/app", "--payloads", path + "/p.json"], "cannot read the payload (\(path)/p.json): \(fifo)")
        try expectInputError(["lint", path + "/app", "--payloads", path + "/payloads"], "cannot read the payload (\(path)/payloads/p.json): \(fifo)")
        try expectInputError(["lint", path + "/app", "--baseline", path + "/p.json"], "cannot read the baseline (\(path)/p.json): \(fifo)")
        try expectInputError(["preview", path + "/p.json", "--strings", path + "/app"], "cannot read the payload (\(path)/p.json): \(fifo)")
        try expectInputError(
            ["preview", path + "/payloads", "--strings", path + "/app"], "cannot read the payload (\(path)/payloads/p.json): \(fifo)")
        try expectInputError(["localize", path + "/p.json", "--strings", path + "/app"], "cannot read the payload (\(path)/p.json): \(fifo)")
    }

    @Test func aBaselineThatIsNotOneIsAnInputError() throws {
        let directory = try TemporaryDirectory()
        try directory.write("baseline.json", "[1, 2]")
        let path = directory.path + "/baseline.json"
        try expectInputError(
            ["lint", "Resources/strings", "--baseline", path],
            "cannot use the baseline (\(path)): the baseline is not a baseline file (expected {\"version\": 3, \"findings\": […]})")
    }

    @Test func usageErrorsKeepTheUsageText() throws {
        for arguments in [
            ["lint", "--format", "yaml"],
            ["lint", "--ignore", "no.such-rule"],
            ["preview", "--no-such-option"],
            ["localize", "Resources/payloads/reaction.json", "--batch"],
            ["match", "--preferred", "en"],
        ] {
            let result = try RenderAlertCommand.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.error)")
            #expect(result.error.contains("Usage:"), "\(arguments): \(result.error)")
        }
    }
}
