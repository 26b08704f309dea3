import ArgumentParser
import LocalizedAlertsServer
import Logging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@main
struct RenderAlertServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-alert-server",
        abstract: "Localizes push payloads over HTTP, for providers written in any language.",
        discussion: """
            Reads the app's tables once at start, then answers POST /v1/localize, \
            /v1/localize/batch and /v1/preview, GET /v1/localizations, /healthz, /readyz, \
            /metrics and /openapi.json. SIGHUP reads the tables again (a failed reload keeps \
            the old ones); SIGTERM or SIGINT shut down gracefully. The first line on standard \
            output is `listening on http://HOST:PORT`; logs go to standard error.

            Example:
              render-alert-server --strings Resources/strings --port 8080
            """)

    @Option(help: "The app's localizations: a directory of .lproj folders and .xcstrings catalogs.", completion: .directory)
    var strings: String

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 takes any free port (printed on the first line).")
    var port = 8080

    @Option(help: "Require `Authorization: Bearer TOKEN` on every /v1 endpoint. Default: \(RenderAlertServer.tokenVariable) when set.")
    var token: String?

    @Option(help: "The largest request body accepted, in bytes (for a batch: the longest line).")
    var maxBodyBytes = 1 << 20

    @Option(help: "The development region (default: the tables' Info.plist).")
    var developmentRegion: String?

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel = "info"

    /// A token from the environment stays out of `ps`.
    static let tokenVariable = "RENDER_ALERT_SERVER_TOKEN"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
        guard maxBodyBytes > 0 else { throw ValidationError("--max-body-bytes must be positive") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical") }
        if let token, token.isEmpty { throw ValidationError("--token must not be empty") }
    }

    func run() async throws {
        let level = Logger.Level(rawValue: logLevel)!
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "render-alert-server")
        var configuration = ServerConfiguration(strings: strings)
        configuration.host = host
        configuration.port = port
        configuration.token = token ?? getenv(Self.tokenVariable).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        configuration.maximumBodyBytes = maxBodyBytes
        configuration.developmentRegion = developmentRegion
        let server: LocalizationServer
        do {
            server = try LocalizationServer(configuration: configuration, logger: logger)
        } catch {
            logger.critical("cannot start: \(error.description)")
            throw ExitCode(1)
        }
        let tables = server.tables.current
        logger.info(
            "tables loaded",
            metadata: [
                "directory": "\(strings)", "localizations": "\(tables.localizations.count)",
                "developmentRegion": "\(tables.developmentRegion ?? "-")", "generation": "\(tables.generation)",
                "auth": "\(configuration.token == nil ? "none" : "bearer")",
            ])
        let host = self.host
        let group = server.makeServiceGroup(handleSignals: true) { port in
            // The first line of standard output, flushed: what a supervisor or a test reads.
            let shown = host.contains(":") ? "[\(host)]" : host
            print("listening on http://\(shown):\(port)")
            fflush(nil)
        }
        try await group.run()
        logger.info("stopped")
    }
}
