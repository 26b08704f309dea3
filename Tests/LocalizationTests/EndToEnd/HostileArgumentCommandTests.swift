import Foundation
import Testing

/// Arguments that would write to the terminal are echoed printable.
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
        #expect(!result.error.unicodeScalars.contains("\u{1B}") && !result.error.unicodeScalars.contains("\u{07}"), "\(result.error.debugDescription)")
        #expect(!result.error.split(whereSeparator: \.isNewline).contains { $0.hasPrefix("::") }, "\(result.error.debugDescription)")
    }
}
