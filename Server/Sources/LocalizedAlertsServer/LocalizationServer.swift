import Hummingbird
import Logging
import Metrics
import NIOCore
import ServiceLifecycle
import Synchronization
import UnixSignals

/// What `render-alert-server` is started with.
public struct ServerConfiguration: Sendable {
    /// The iOS app's tables: a directory of `.lproj` folders and `.xcstrings` catalogs; nil
    /// when only an Android app is served.
    public var strings: String?
    /// The Android app's `res/` folders (its own first, then its libraries'): FCM messages are
    /// localized and previewed with them.
    public var resourceDirectories: [String] = []
    /// The address to listen on (loopback by default).
    public var host = "127.0.0.1"
    /// The port; 0 takes any free one (the bound port is reported).
    public var port = 8080
    /// When set, every `/v1` request needs `Authorization: Bearer TOKEN`.
    public var token: String?
    /// A request body (a batch: each line) may hold at most this many bytes.
    public var maximumBodyBytes = 1 << 20
    /// Overrides the tables' Info.plist development region.
    public var developmentRegion: String?
    /// Timeouts, the connection cap and request head sizes.
    public var limits = ConnectionLimits()
    /// Serve tables that have error-level diagnostics rather than refuse them, at start and on
    /// reload alike (`--accept-table-errors`); each load then logs them at warning.
    public var acceptsTableErrors = false
    /// Take a reload that loses a localization, a table or a quarter or more of a table's keys
    /// compared with the tables served, rather than refuse it (`--accept-table-losses`); either
    /// way the loss is logged.
    public var acceptsTableLosses = false

    /// A configuration serving the iOS app's tables at `strings` and the Android app's
    /// `resourceDirectories` (at least one of the two).
    public init(strings: String?, resourceDirectories: [String] = []) {
        self.strings = strings
        self.resourceDirectories = resourceDirectories
    }
}

/// The HTTP service: the tables, the metrics and the Hummingbird application answering over them.
public final class LocalizationServer: Sendable {
    public let configuration: ServerConfiguration
    public let tables: TableStore
    public let metrics = ServerMetrics()
    let logger: Logger
    /// Set last in `init`, after the tables are read: a class whose initializer throws with a
    /// noncopyable property already set crashes the optimizer of Swift 6.3 (ownership
    /// verification, CopyPropagation) in release builds.
    private let draining: Atomic<Bool>

    /// Reads the tables; throws when they cannot be read or are not whole, for the reason a
    /// reload would give (the server does not start).
    public init(configuration: ServerConfiguration, logger: Logger = Logger(label: "render-alert-server")) throws(TableLoadError) {
        self.configuration = configuration
        self.logger = logger
        tables = try TableStore(
            directory: configuration.strings, resourceDirectories: configuration.resourceDirectories,
            developmentRegion: configuration.developmentRegion,
            acceptsTableErrors: configuration.acceptsTableErrors, acceptsTableLosses: configuration.acceptsTableLosses)
        draining = Atomic(false)
        metrics.tables(generation: tables.current.generation)
        warnOfAcceptedErrors(tables.current)
    }

    /// Tables taken despite their errors are said on each load: what they answer may not be what
    /// a phone shows (a `.strings` file Foundation rejects is no table at all on a device).
    private func warnOfAcceptedErrors(_ loaded: LoadedTables) {
        let errors = loaded.errors
        guard !errors.isEmpty else { return }
        logger.warning(
            "serving tables with errors (--accept-table-errors)",
            metadata: ["generation": "\(loaded.generation)", "reason": "\(TableStore.describe(errors, in: tables.sources))"])
    }

    /// Shutting down: `/readyz` answers 503 so that a load balancer stops sending.
    public var isDraining: Bool { draining.load(ordering: .relaxed) }

    /// Reads the tables again (what SIGHUP does), by the rule of the start: on success the new
    /// ones are served under the next generation; on failure (a table with an error-level
    /// diagnostic, files changing during the read, no tables, or a loss of a localization, a
    /// table or a quarter of a table's keys without `acceptsTableLosses`) the old ones stay, the
    /// log says why at error level with each error's file:line:column, `/metrics` counts it and
    /// `/readyz` shows it until a reload succeeds. A loss taken is logged at warning.
    @discardableResult
    public func reloadTables() -> Bool {
        let start = ContinuousClock.now
        do {
            let loaded = try tables.reload()
            metrics.reload(result: "success")
            metrics.tables(generation: loaded.generation)
            logger.info(
                "tables reloaded",
                metadata: [
                    "generation": "\(loaded.generation)", "localizations": "\(loaded.localizations.count)",
                    "directory": "\(tables.sources)", "read": "\(loaded.directories.joined(separator: ", "))",
                    "duration": "\(ContinuousClock.now - start)",
                ])
            if !loaded.losses.isEmpty {
                logger.warning(
                    "tables reloaded with losses (--accept-table-losses)",
                    metadata: ["generation": "\(loaded.generation)", "losses": "\(TableInventory.describe(loaded.losses))"])
            }
            warnOfAcceptedErrors(loaded)
            return true
        } catch {
            metrics.reload(result: "failure")
            logger.error(
                "tables not reloaded; still serving the previous ones",
                metadata: [
                    "generation": "\(tables.current.generation)", "reason": "\(error.description)",
                    "failedReloads": "\(tables.lastFailure?.count ?? 1)",
                ])
            return false
        }
    }

    /// Makes ``metrics``' factory the process's (`MetricsSystem.bootstrap`, once per process):
    /// for `render-alert-server`, whose one server serves every metric of the process.
    public func bootstrapMetricsSystem() {
        MetricsSystem.bootstrap(metrics.factory)
    }

    /// The router: every endpoint, behind the request log (at debug), the metrics, the error,
    /// route and token layers.
    public func makeRouter() -> Router<BasicRequestContext> {
        let routes = RouteTable(routes: ServerRoutes.all, maximumBodyBytes: configuration.maximumBodyBytes)
        let router = Router(context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: LogRequestsMiddleware(.debug))
        router.add(middleware: MetricsMiddleware())
        router.add(middleware: UnexpectedErrorMiddleware())
        router.add(middleware: RouteCheckMiddleware(routes: routes))
        if let token = configuration.token { router.add(middleware: BearerTokenMiddleware(token: token)) }
        Endpoints(server: self).register(on: router)
        return router
    }

    /// The Hummingbird application; `onRunning` gets the bound port.
    public func makeApplication(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        let logger = self.logger
        let host = configuration.host
        let limits = configuration.limits
        let maximumConnections = limits.effectiveMaximumConnections()
        if maximumConnections < limits.maximumConnections {
            logger.warning(
                "connection cap lowered to stay under the open-file limit",
                metadata: [
                    "maxConnections": "\(maximumConnections)", "requested": "\(limits.maximumConnections)",
                    "openFileLimit": "\(ConnectionLimits.openFileLimit ?? 0)", "reserved": "\(ConnectionLimits.reservedDescriptors)",
                ])
        }
        let sheddable = SheddableConnections()
        return Application(
            router: makeRouter(),
            server: .guardedHTTP1(limits: limits, metrics: metrics, sheddable: sheddable),
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: configuration.port), serverName: nil,
                availableConnectionsDelegate: ConnectionCap(maximum: maximumConnections, metrics: metrics, sheddable: sheddable)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                logger.info("listening", metadata: ["host": "\(host)", "port": "\(port)"])
                await onRunning(port)
            },
            logger: logger)
    }

    /// Serves until a graceful shutdown: SIGTERM or SIGINT when `handleSignals` (which also makes
    /// SIGHUP reload the tables), or `ServiceGroup.triggerGracefulShutdown()`.
    public func makeServiceGroup(handleSignals: Bool, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> ServiceGroup {
        // SIGHUP's default action ends the process, and the two services start together: with
        // signals, the port is announced only once SIGHUP is trapped, so that a reload asked for
        // as soon as the server says it listens (a supervisor, a test) cannot kill it.
        let hangupTrapped = Gate()
        let announce: @Sendable (Int) async -> Void = { port in
            if handleSignals { await hangupTrapped.wait() }
            await onRunning(port)
        }
        var configuration = ServiceGroupConfiguration(
            services: [
                MetricsScopedService(base: makeApplication(onRunning: announce), factory: metrics.factory),
                LifecycleService(server: self, reloadOnHangup: handleSignals, hangupTrapped: hangupTrapped),
            ],
            gracefulShutdownSignals: handleSignals ? [.sigterm, .sigint] : [],
            logger: logger)
        // Requests in flight get this long to finish.
        configuration.maximumGracefulShutdownDuration = .seconds(10)
        return ServiceGroup(configuration: configuration)
    }

    /// Starts serving in this process (for tests and embedding), once the port is bound.
    public func start() async throws -> RunningServer {
        let (ports, continuation) = AsyncStream.makeStream(of: Result<Int, any Error>.self)
        let group = makeServiceGroup(handleSignals: false) { continuation.yield(.success($0)) }
        let task = Task {
            do {
                try await group.run()
                continuation.yield(.failure(CancellationError()))
            } catch {
                continuation.yield(.failure(error))
                throw error
            }
        }
        var iterator = ports.makeAsyncIterator()
        guard let first = await iterator.next() else { throw CancellationError() }
        let port = try first.get()
        return RunningServer(port: port, group: group, task: task)
    }
}

/// A server started in-process by ``LocalizationServer/start()``.
public struct RunningServer: Sendable {
    /// The bound port.
    public let port: Int
    let group: ServiceGroup
    let task: Task<Void, any Error>

    /// Shuts the server down gracefully and waits until it has.
    public func stop() async throws {
        await group.triggerGracefulShutdown()
        try await task.value
    }
}

/// Runs a service with a metrics factory bound to its task, and so to the tasks it starts (the
/// connections' and requests'): see ``ServerMetrics``.
struct MetricsScopedService<Base: Service>: Service, CustomStringConvertible {
    let base: Base
    let factory: any MetricsFactory

    func run() async throws {
        try await withMetricsFactory(factory) { try await base.run() }
    }

    /// What ServiceLifecycle logs: the service, not the factory's settings.
    var description: String { String(describing: base) }
}

/// Marks the server as draining on graceful shutdown, and (with signals) reloads on SIGHUP.
struct LifecycleService: Service {
    let server: LocalizationServer
    let reloadOnHangup: Bool
    /// Opened once SIGHUP is trapped.
    let hangupTrapped: Gate

    func run() async throws {
        await withGracefulShutdownHandler {
            if reloadOnHangup {
                let hangups = await UnixSignalsSequence(trapping: .sighup)
                await hangupTrapped.open()
                for await _ in hangups.cancelOnGracefulShutdown() {
                    server.logger.info("SIGHUP: reloading the tables", metadata: ["directory": "\(server.tables.sources)"])
                    server.reloadTables()
                }
            } else {
                try? await gracefulShutdown()
            }
        } onGracefulShutdown: {
            server.markDraining()
        }
    }
}

extension LocalizationServer {
    func markDraining() {
        draining.store(true, ordering: .relaxed)
        logger.info("shutting down")
    }
}

/// Waiters go on once it is opened (and at once after that).
actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}
