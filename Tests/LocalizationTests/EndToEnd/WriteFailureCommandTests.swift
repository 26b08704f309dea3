import Foundation
import Testing

/// A command whose output cannot be written fails (exit 2) and says why and where, instead of
/// exiting 0 after losing its output; a file it was asked to write is never left half written.
@Suite("render-alert write failures (end to end)")
struct WriteFailureCommandTests {
    /// `/dev/full` fails every write with ENOSPC.
    static let full = "/dev/full"

    func expectWriteFailure(
        _ result: RenderAlertCommand.Result, _ destination: String, _ context: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.status == 2, "\(context): exit \(result.status), \(result.error)", sourceLocation: sourceLocation)
        #expect(result.error.contains("No space left on device"), "\(context): \(result.error)", sourceLocation: sourceLocation)
        #expect(result.error.contains("(\(destination))"), "\(context): \(result.error)", sourceLocation: sourceLocation)
        #expect(!result.error.contains("Usage:"), "\(context): not a usage error", sourceLocation: sourceLocation)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: full)))
    func everyCommandFailsWhenStandardOutputIsFull() throws {
        for arguments in [
            [],
            ["preview", "Resources/payloads/missed-call.json", "--format", "json"],
            ["preview", "Resources/payloads/missed-call.json", "--layout", "cards"],
            ["dump", "Resources/strings/en.lproj/Localizable.strings"],
            ["localize", "Resources/payloads/inbox-summary.json", "--language", "ar"],
            ["localize", "Resources/payloads/inbox-summary.json", "--language", "ar", "--payload-only"],
            ["match", "--preferred", "fr-CA", "--available", "fr,en"],
            ["lint", "Resources/strings"],
            ["lint", "Resources/strings", "--format", "sarif"],
            ["lint", "--list-rules"],
            ["lint", "--help"],
        ] {
            let result = try RenderAlertCommand.run(arguments, standardOutput: Self.full)
            expectWriteFailure(result, "standard output", "\(arguments)")
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: full)))
    func batchStopsAtTheFirstLineItCannotWrite() throws {
        let request = #"{"payload":{"aps":{"alert":{"loc-key":"call.missed.body","loc-args":["Ana"]}}},"languages":["fr"]}"#
        let result = try RenderAlertCommand.run(
            ["localize", "--batch"], standardOutput: Self.full, input: String(repeating: request + "\n", count: 3))
        expectWriteFailure(result, "standard output", "localize --batch")
        #expect(result.error.components(separatedBy: "error:").count == 2, "one error, then it stops: \(result.error)")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: full)))
    func outputFilesThatCannotBeWrittenFail() throws {
        let preview = try RenderAlertCommand.run(["preview", "--output", Self.full])
        expectWriteFailure(preview, Self.full, "preview --output")
        let baseline = try RenderAlertCommand.run(["lint", "Resources/strings", "--write-baseline", Self.full])
        expectWriteFailure(baseline, Self.full, "lint --write-baseline")
        #expect(!baseline.error.contains("wrote"))
        #expect(FileManager.default.fileExists(atPath: Self.full), "the device is written to, never replaced")
    }

    @Test func noFileIsLeftWhereTheDirectoryIsMissingOrNotADirectory() throws {
        let directory = try TemporaryDirectory()
        try directory.write("plain-file", "x")
        for path in [directory.path + "/missing/out.txt", directory.path + "/plain-file/out.txt"] {
            for arguments in [["preview", "--output", path], ["lint", "Resources/strings", "--write-baseline", path]] {
                let result = try RenderAlertCommand.run(arguments)
                #expect(result.status == 2, "\(arguments): \(result.error)")
                #expect(result.error.hasPrefix("error: cannot write"), "\(arguments): \(result.error)")
                #expect(result.error.contains(path))
                #expect(!result.error.contains("Usage:"))
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["plain-file"])
    }

    @Test(.enabled(if: geteuid() != 0, "root may write anywhere"))
    func noFileIsLeftInADirectoryWithoutWritePermission() throws {
        let directory = try TemporaryDirectory()
        let locked = directory.path + "/locked"
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        chmod(locked, 0o555)
        defer { chmod(locked, 0o755) }
        let result = try RenderAlertCommand.run(["preview", "--output", locked + "/out.txt"])
        #expect(result.status == 2, "\(result.error)")
        #expect(result.error.contains("Permission denied"), "\(result.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: locked).isEmpty)
    }

    /// A write that fails part-way (here: past a file size limit, EFBIG) leaves the old file as
    /// it was and no temporary file beside it; one that succeeds replaces it whole.
    @Test func aFailedWriteLeavesThePreviousFileAndNoTemporaryFile() throws {
        let directory = try TemporaryDirectory()
        try directory.write("preview.txt", "the previous preview\n")
        try directory.write("baseline.json", "{}\n")
        let limit = "ulimit -f 1; trap '' XFSZ"  // 512 bytes; EFBIG instead of a signal
        for (arguments, file) in [
            (["preview", "--output", directory.path + "/preview.txt"], "preview.txt"),
            (["lint", "Resources/strings", "--write-baseline", directory.path + "/baseline.json"], "baseline.json"),
        ] {
            let before = try String(contentsOfFile: directory.path + "/" + file, encoding: .utf8)
            let result = try RenderAlertCommand.run(arguments, shellSetup: limit)
            #expect(result.status == 2, "\(arguments): \(result.error)")
            #expect(result.error.contains("File too large"), "\(result.error)")
            #expect(try String(contentsOfFile: directory.path + "/" + file, encoding: .utf8) == before)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["baseline.json", "preview.txt"])
        }
        let written = try RenderAlertCommand.run(["preview", "--output", directory.path + "/preview.txt"])
        #expect(written.status == 0, "\(written.error)")
        #expect(try String(contentsOfFile: directory.path + "/preview.txt", encoding: .utf8).contains("missed-call.json"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["baseline.json", "preview.txt"])
    }
}
