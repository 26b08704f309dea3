import ArgumentParser
import LocalizedAlerts

@main
struct RenderAlert: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-alert",
        abstract: "Shows what an Apple device displays for a push notification, in every language.",
        version: LocalizedAlertsVersion.current,
        subcommands: [Preview.self, Localize.self, Match.self, Dump.self, Lint.self],
        defaultSubcommand: Preview.self
    )

    /// Exit status 2 for usage and I/O problems (ArgumentParser's default is 64), so that CI can
    /// tell "the tool could not run" (2) from "the tool found problems" (1).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                printError(fullMessage(for: error))
                Self.exit(withError: ExitCode(2))
            }
            exit(withError: error)
        }
    }
}
