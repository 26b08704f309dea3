import Foundation
import Testing

/// Arguments that would write to the terminal, and files too large to be what they claim:
/// echoed printable, refused at once with the file and the reason, exit status 2.
@Suite("Hostile arguments and oversized files")
struct HostileArgumentCommandTests {
    /// Arguments echoed in errors are made printable as file content is: no escape sequence
    /// reaches the terminal, and no line break starts a line a CI runner would obey.
    @Test(arguments: [
        ["lint", "--explain", "x\u{1B}[2J\n::error::injected"],
        ["lint", "--ignore", "x\u{1B}[2J\n::error::injected", "."],
        ["preview", "--ignore", "x\u{1B}[2J\r::error::injected"],
        ["localize", "p.json", "--ignore", "x\u{1B}]0;title\u{07}\n::error::injected"],
        ["lint", "--format", "x\u{1B}[2J\n::error::injected"],
        ["lint", "--no-such-option\u{1B}[2J\n::error::injected"],
        ["dump", "--\u{1B}[2J\n::error::injected"],
        ["lnt\u{1B}\n::error::injected"],
    ])
    func argumentsAreEchoedPrintable(arguments: [String]) throws {
        let result = try RenderAlertCommand.run(arguments)
        #expect(result.status == 2, "\(arguments): \(result.error)")
        #expect(
            !result.error.unicodeScalars.contains("\u{1B}") && !result.error.unicodeScalars.contains("\u{07}"), "\(result.error.debugDescription)")
        #expect(!result.error.split(whereSeparator: \.isNewline).contains { $0.hasPrefix("::") }, "\(result.error.debugDescription)")
    }

    /// The configuration, the baseline and the manifest each have a size limit, checked before
    /// anything is read (a sparse file of that size costs nothing to make).
    @Test(arguments: [
        ("config.yml", 1 << 20, ["lint", "--config", "$FILE", "."], "cannot read the configuration"),
        ("baseline.json", 32 << 20, ["lint", "--baseline", "$FILE", "."], "cannot read the baseline"),
        ("manifest.json", 16 << 20, ["lint", "--manifest", "$FILE", "."], "cannot read the manifest"),
    ])
    func filesOverTheirLimitAreRefused(name: String, limit: Int, arguments: [String], what: String) throws {
        let directory = try TemporaryDirectory()
        try directory.write("en.lproj/Localizable.strings", #""a" = "b";"#)
        let file = directory.path + "/" + name
        for size in [limit + 1, 4 * limit] {
            #expect(FileManager.default.createFile(atPath: file, contents: nil))
            try #require(truncate(file, off_t(size)) == 0)
            let result = try RenderAlertCommand.run(arguments.map { $0 == "$FILE" ? file : $0 }, directory: directory.path)
            #expect(result.status == 2, "\(result.error)")
            #expect(
                result.error.contains("\(what) (\(file)): ") && result.error.contains("\(size) bytes, over the limit of \(limit)"), "\(result.error)")
        }
    }
}
