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
            Reads the app's tables at start, then answers POST /v1/localize, \
            /v1/localize/batch and /v1/preview, GET /v1/localizations, /healthz, /readyz, \
            /metrics and /openapi.json. SIGHUP reads the tables again (a failed reload keeps \
            the old ones); SIGTERM or SIGINT shut down gracefully. The first line on standard \
            output is `listening on http://HOST:PORT`; logs go to standard error.

            Tables are taken, at start and on reload alike, only when every table reads \
            without an error (render-alert lint's errors: a missing `;`, a string cut short, \
            invalid UTF-8) and no file changed while they were read; otherwise the server \
            exits 1 before listening, saying why, or the reload keeps the last good tables. \
            --accept-table-errors serves such tables anyway, start and reload alike. A \
            reload that would lose a localization, a table or a quarter of a table's keys \
            is refused too, unless --accept-table-losses. --strings and --res are resolved \
            once per load: deploy by swapping a symbolic link to a new release folder \
            (ln -s, then mv -T), then SIGHUP.

            Limits (docs/server-limits.md): a request head must arrive within \
            --header-timeout of its first byte or of the connection opening (else 408); a \
            connection without a request in progress closes after --idle-timeout without a \
            byte; a request body must keep up --min-body-rate bytes a second, falling \
            at most --body-rate-grace behind (else 408); at --max-connections (lowered to \
            fit under the open-file limit) new connections wait in the listen backlog and \
            slow bodies, then silent connections, are closed to make room; a request line over \
            --max-request-line-bytes is a 414, header fields over --max-header-bytes or \
            --max-header-count a 431, a body over --max-body-bytes a 413, malformed HTTP (an \
            overflowing chunk size) a 400; each of these closes the connection. A failed \
            reload is logged, counted in /metrics and shown in /readyz, and the last good \
            tables stay.

            Example:
              render-alert-server --strings Resources/strings --port 8080
              render-alert-server --strings ios/Resources --res android/app/src/main/res
            """)

    @Option(help: "The iOS app's localizations: a directory of .lproj folders and .xcstrings catalogs.", completion: .directory)
    var strings: String?

    @Option(
        help:
            "The Android app's res/ directory (repeat it for its libraries' res/ folders, the app's first): FCM messages ({\"message\": …}) are localized and previewed with it, beside --strings or alone.",
        completion: .directory)
    var res: [String] = []

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 takes any free port (printed on the first line).")
    var port = 8080

    @Option(help: "Require `Authorization: Bearer TOKEN` on every /v1 endpoint. Default: \(RenderAlertServer.tokenVariable) when set.")
    var token: String?

    @Option(help: "The largest request body accepted, in bytes (for a batch: the longest line).")
    var maxBodyBytes = 1 << 20

    @Option(help: "Seconds a request head may take from its first byte (or from the connection opening); over it: 408 and close.")
    var headerTimeout = 10.0

    @Option(help: "Seconds a connection with no request in progress may stay silent before it is closed.")
    var idleTimeout = 60.0

    @Option(
        help:
            "The slowest a request body (a batch stream too) may arrive, in bytes a second, counted while the server waits for it; 0: no floor."
    )
    var minBodyRate = ConnectionLimits().minimumBodyRate

    @Option(help: "Seconds' worth of --min-body-rate a body may fall behind before it is refused (408) and closed.")
    var bodyRateGrace = 10.0

    @Option(
        help:
            "Connections open at once; past it new ones wait in the listen backlog. Lowered to fit under the open-file limit (ulimit -n) less \(ConnectionLimits.reservedDescriptors)."
    )
    var maxConnections = ConnectionLimits().maximumConnections

    @Option(help: "The longest request line (method, target, version) in bytes; over it: 414 and close.")
    var maxRequestLineBytes = ConnectionLimits().maximumRequestLineBytes

    @Option(help: "The header fields' total size in bytes (without line ends); over it: 431 and close.")
    var maxHeaderBytes = ConnectionLimits().maximumHeaderBytes

    @Option(help: "The most header fields in a request; over it: 431 and close.")
    var maxHeaderCount = ConnectionLimits().maximumHeaderCount

    @Option(help: "The development region (default: the tables' Info.plist).")
    var developmentRegion: String?

    @Flag(
        help:
            "Serve tables that have errors rather than refuse them, at start and on reload alike (each load logs them at warning). A stopgap: a device may not show what such tables hold."
    )
    var acceptTableErrors = false

    @Flag(
        help:
            "Take a reload that loses a localization, a table, or a quarter or more of a table's keys compared with the tables served (logged at warning); without it such a reload is refused."
    )
    var acceptTableLosses = false

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel = "info"

    /// A token from the environment stays out of `ps`.
    static let tokenVariable = "RENDER_ALERT_SERVER_TOKEN"

    func validate() throws {
        if strings == nil && res.isEmpty { throw ValidationError("give the iOS app's --strings, the Android app's --res, or both") }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
        guard maxBodyBytes > 0 else { throw ValidationError("--max-body-bytes must be positive") }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical")
        }
        if let token, token.isEmpty { throw ValidationError("--token must not be empty") }
        guard headerTimeout > 0, headerTimeout.isFinite else { throw ValidationError("--header-timeout must be a positive number of seconds") }
        guard idleTimeout > 0, idleTimeout.isFinite else { throw ValidationError("--idle-timeout must be a positive number of seconds") }
        guard minBodyRate >= 0 else { throw ValidationError("--min-body-rate must be 0 or more bytes a second") }
        guard bodyRateGrace > 0, bodyRateGrace.isFinite else {
            throw ValidationError("--body-rate-grace must be a positive number of seconds")
        }
        guard maxConnections > 0 else { throw ValidationError("--max-connections must be positive") }
        guard maxRequestLineBytes > 0 else { throw ValidationError("--max-request-line-bytes must be positive") }
        guard maxHeaderBytes > 0 else { throw ValidationError("--max-header-bytes must be positive") }
        guard maxHeaderCount > 0 else { throw ValidationError("--max-header-count must be positive") }
    }

    func run() async throws {
        let level = Logger.Level(rawValue: logLevel)!
        LoggingSystem.bootstrap { label in
            var handler = DeferredMetadataLogHandler(StreamLogHandler.standardError(label: label))
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "render-alert-server")
        var configuration = ServerConfiguration(strings: strings, resourceDirectories: res)
        configuration.host = host
        configuration.port = port
        configuration.token = token ?? getenv(Self.tokenVariable).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        configuration.maximumBodyBytes = maxBodyBytes
        configuration.developmentRegion = developmentRegion
        configuration.acceptsTableErrors = acceptTableErrors
        configuration.acceptsTableLosses = acceptTableLosses
        configuration.limits.minimumBodyRate = minBodyRate
        configuration.limits.bodyRateGrace = .milliseconds(Int64((bodyRateGrace * 1_000).rounded()))
        configuration.limits.headerTimeout = .milliseconds(Int64((headerTimeout * 1_000).rounded()))
        configuration.limits.idleTimeout = .milliseconds(Int64((idleTimeout * 1_000).rounded()))
        configuration.limits.maximumConnections = maxConnections
        configuration.limits.maximumRequestLineBytes = maxRequestLineBytes
        configuration.limits.maximumHeaderBytes = maxHeaderBytes
        configuration.limits.maximumHeaderCount = maxHeaderCount
        let server: LocalizationServer
        do {
            server = try LocalizationServer(configuration: configuration, logger: logger)
        } catch {
            logger.critical("cannot start: \(error.description)")
            throw ExitCode(1)
        }
        server.bootstrapMetricsSystem()
        let tables = server.tables.current
        logger.info(
            "tables loaded",
            metadata: [
                "directory": "\(server.tables.sources)", "localizations": "\(tables.localizations.count)",
                "androidLocales": "\(tables.androidLocales.count)",
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

/// `StreamLogHandler`'s lines, with the logger's metadata kept as set and formatted only when a
/// line is written. The framework sets a request ID on every request's logger, which
/// `StreamLogHandler` formats there and then, whatever the level: a few percent of a request's
/// time for lines that are never written.
struct DeferredMetadataLogHandler: LogHandler {
    private var stream: StreamLogHandler
    var metadata: Logger.Metadata = [:]

    init(_ stream: StreamLogHandler) { self.stream = stream }

    var logLevel: Logger.Level {
        get { stream.logLevel }
        set { stream.logLevel = newValue }
    }

    var metadataProvider: Logger.MetadataProvider? {
        get { stream.metadataProvider }
        set { stream.metadataProvider = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        // The line's own metadata wins over the logger's, as StreamLogHandler merges them.
        if !metadata.isEmpty { event.metadata = metadata.merging(event.metadata ?? [:]) { _, line in line } }
        stream.log(event: event)
    }
}
