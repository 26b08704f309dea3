import ArgumentParser
@_spi(Presentation) import LocalizedAlerts
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
        var parsed: ParsableCommand.Type?
        do {
            try checkCommandName(Array(CommandLine.arguments.dropFirst()))
            var command = try parseAsRoot()
            parsed = type(of: command)
            try command.run()
        } catch let error as InputOutputError {
            fail(error)
        } catch let error as ConfigurationError {
            printError(error.description)
            Self.exit(withError: ExitCode(2))
        } catch {
            switch exitCode(for: error) {
            case .validationFailure:
                // A value a subcommand checks while running (`match --available "x;y"`) gets
                // that subcommand's usage, as one checked while parsing does.
                if let parsed, parsed != RenderAlert.self {
                    let name = parsed._commandName
                    printError(
                        echoed(
                            "Error: \(message(for: error))\nUsage: \(usageString(for: parsed))\n  See 'render-alert \(name) --help' for more information."
                        ))
                } else {
                    printError(echoed(fullMessage(for: error)))
                }
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
            case let code:
                let text = fullMessage(for: error)
                if !text.isEmpty { printError(echoed(text)) }
                Self.exit(withError: ExitCode(code.rawValue))
            }
        }
    }

    /// A message of the argument parser's, which quotes arguments as they were typed: each
    /// argument in it is made printable as file content is (an escape sequence seen, not
    /// obeyed; a line break in it no line of its own, which a CI runner could read as a
    /// command), and so is every line of the message.
    static func echoed(_ message: String, arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> String {
        var text = message
        // Longest first, so that an argument holding another is replaced whole.
        for argument in Set(arguments).sorted(by: { $0.count > $1.count }) where printable(argument) != argument {
            text = text.replacing(argument, with: printable(argument))
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { printable(String($0)) }.joined(separator: "\n")
    }

    /// A first argument that names no command, no existing file and has no extension is a
    /// mistyped command (`render-alert lnt`), not a payload for the default `preview`.
    static func checkCommandName(_ arguments: [String]) throws {
        guard let first = arguments.first, !first.hasPrefix("-"), !first.contains("/"), !first.contains(".") else { return }
        let names = configuration.subcommands.map { $0._commandName } + ["help"]
        guard !names.contains(first), case .inaccessible = FileStatus.kind(of: first) else { return }
        let guess = EditDistance.nearest(to: first, among: names).map { " (did you mean \($0)?)" } ?? ""
        throw ValidationError(
            "unknown command \"\(printable(first))\"\(guess); the commands are \(names.dropLast().joined(separator: ", ")) (a payload file given to preview must exist)"
        )
    }

    static func fail(_ error: InputOutputError) -> Never {
        printError("error: \(error)")
        Self.exit(withError: ExitCode(2))
    }
}
