import Foundation
import Testing

/// `lint` on a terminal says where a long run is, on standard error, and erases the line
/// before the report; never in a machine format, never when standard error is not a terminal.
@Suite("render-alert lint's progress line (end to end)")
struct ProgressLineCommandTests {
    static let script = "/usr/bin/script"

    /// Runs the command under a pseudo-terminal (`script`), with the progress line shown at
    /// once instead of after a second.
    func onTerminal(_ arguments: [String]) throws -> String {
        let command = ([RenderAlertCommand.executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let result = try RenderAlertCommand.run(
            [], environment: ["RENDER_ALERT_PROGRESS_AFTER": "0", "TERM": "xterm"], shellCommand: "exec \(Self.script) -qc \"\(command)\" /dev/null")
        return result.output
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: script), "script(1) gives the command a terminal"))
    func aTerminalSeesWhereTheRunIsAndThenTheReport() throws {
        let human = try onTerminal(["lint", "Resources/strings"])
        #expect(human.hasPrefix("\r\u{1B}[2Kfinding the apps and tables…"), "\(human.debugDescription.prefix(200))")
        // Erased before the report's first line.
        #expect(human.contains("…\r\u{1B}[2KResources/strings/"), "\(human.debugDescription.prefix(300))")
        let json = try onTerminal(["lint", "Resources/strings", "--format", "json"])
        #expect(!json.contains("\u{1B}[2K") && json.contains("\"findings\""), "no progress in a machine format")
        let piped = try RenderAlertCommand.run(["lint", "Resources/strings"], environment: ["RENDER_ALERT_PROGRESS_AFTER": "0"])
        #expect(!piped.error.contains("\u{1B}[2K") && !piped.output.contains("\u{1B}[2K"), "no progress off a terminal")
    }
}
