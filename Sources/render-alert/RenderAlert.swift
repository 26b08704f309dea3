import ArgumentParser
import LocalizedAlerts
import LocalizedAlertsReports

@main
struct RenderAlert: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-alert",
        abstract: "Shows what an Apple device displays for a push notification, in every language.",
        version: LocalizedAlertsVersion.current,
        subcommands: [Preview.self, Localize.self, Match.self, Dump.self, Lint.self, Manifest.self],
        defaultSubcommand: Preview.self
    )

    /// Exit status 2 for usage and I/O problems (ArgumentParser's default is 64), so that CI can
    /// tell "the tool could not run" (2) from "the tool found problems" (1). I/O problems get
    /// one located line, without the usage text that would bury it.
    static func main() {
        do {
            try checkCommandName(Array(CommandLine.arguments.dropFirst()))
            var command = try parseAsRoot()
            try command.run()
        } catch let error as InputOutputError {
            fail(error)
        } catch let error as ConfigurationError {
            printError(error.description)
            Self.exit(withError: ExitCode(2))
        } catch {
            switch exitCode(for: error) {
            case .validationFailure:
                printError(fullMessage(for: error))
                Self.exit(withError: ExitCode(2))
            case .success:
                // --help and --version are output too: one that cannot be written is no success.
                let text = fullMessage(for: error)
                do throws(InputOutputError) {
                    if !text.isEmpty { try Output.standardOutput.write(text + "\n") }
                } catch {
                    fail(error)
                }
                Self.exit()
            default:
                Self.exit(withError: error)
            }
        }
    }

    /// A first argument that names no command, no existing file and has no extension is a
    /// mistyped command (`render-alert lnt`), not a payload for the default `preview`.
    static func checkCommandName(_ arguments: [String]) throws {
        guard let first = arguments.first, !first.hasPrefix("-"), !first.contains("/"), !first.contains(".") else { return }
        let names = configuration.subcommands.map { $0._commandName } + ["help"]
        guard !names.contains(first), case .inaccessible = FileStatus.kind(of: first) else { return }
        let near = names.min { EditDistance.between(first, $0) < EditDistance.between(first, $1) }
        let guess = near.flatMap { EditDistance.between(first, $0) <= 2 ? " (did you mean \($0)?)" : nil } ?? ""
        throw ValidationError(
            "unknown command \"\(printable(first))\"\(guess); the commands are \(names.dropLast().joined(separator: ", ")) (a payload file given to preview must exist)")
    }

    static func fail(_ error: InputOutputError) -> Never {
        printError("error: \(error)")
        Self.exit(withError: ExitCode(2))
    }
}
