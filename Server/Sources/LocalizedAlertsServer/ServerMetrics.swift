import Prometheus
import Synchronization

/// The service's Prometheus metrics, in a registry of its own (so that several servers in one
/// process, as in the tests, count apart).
public final class ServerMetrics: Sendable {
    /// The registry `/metrics` writes out.
    public let registry = PrometheusCollectorRegistry()
    private let latency: DurationHistogram
    private let generation: Gauge
    private let openConnections: Gauge
    private let lastReloadFailed: Gauge
    private let counters = Mutex<[String: Counter]>([:])

    /// Latency buckets: from 100 µs to 5 s.
    static let buckets: [Duration] = [
        .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5),
        .milliseconds(10), .milliseconds(20), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
        .seconds(1), .seconds(5),
    ]

    public init() {
        latency = registry.makeDurationHistogram(
            descriptor: Self.name(
                "http_request_duration", unit: "seconds",
                help: "Time from a request's head to its response's head (a streamed batch's body is written after)."),
            labels: [], buckets: Self.buckets)
        generation = registry.makeGauge(
            descriptor: Self.name("tables_generation", unit: "", help: "The generation of the tables being served: 1 at start, one more per successful reload."))
        openConnections = registry.makeGauge(
            descriptor: Self.name("http_connections_open", unit: "", help: "Client connections open now (at --max-connections the server stops accepting)."))
        lastReloadFailed = registry.makeGauge(
            descriptor: Self.name(
                "tables_last_reload_failed", unit: "", help: "1 when the last table reload failed (the previous generation is still served), else 0."))
    }

    /// One answered request: its endpoint (a served path, or `unknown`), method and status.
    func request(endpoint: String, method: String, status: Int, duration: Duration) {
        latency.record(duration)
        counter(
            "http_requests", labels: [("endpoint", endpoint), ("method", method), ("status", String(status))],
            help: "HTTP requests answered, by endpoint, method and status."
        ).increment()
    }

    /// A field localized with a fallback (`shows-key`, `shows-payload-text`, `development-region`).
    func fallback(outcome: String) {
        counter("fallbacks", labels: [("outcome", outcome)], help: "Fields whose key the chosen localization lacked, by what was done instead.")
            .increment()
    }

    /// One localization answered: whether it may be sent.
    func localization(sendable: Bool) {
        counter("localizations", labels: [("sendable", String(sendable))], help: "Payloads localized (single and batch), by whether the result may be sent.")
            .increment()
    }

    /// A reload of the tables: `success` or `failure`.
    func reload(result: String) {
        counter("table_reloads", labels: [("result", result)], help: "Table reloads (SIGHUP), by result.").increment()
        lastReloadFailed.set(Int64(result == "success" ? 0 : 1))
    }

    /// The number of client connections open.
    func connections(open: Int) { openConnections.set(Int64(open)) }

    /// A connection the server closed because of a limit (`header-timeout`, `idle-timeout`,
    /// `request-line-too-long`, `headers-too-large`, `malformed-request`, `shed-at-capacity`).
    func connectionClosed(reason: String) {
        counter("http_connections_closed", labels: [("reason", reason)], help: "Connections closed by the server for a limit or a malformed request, by reason.")
            .increment()
    }

    func tables(generation value: Int) { generation.set(Int64(value)) }

    private func counter(_ name: String, labels: [(String, String)], help: String) -> Counter {
        let key = name + labels.map { "|\($0.0)=\($0.1)" }.joined()
        return counters.withLock { counters in
            if let counter = counters[key] { return counter }
            let counter = registry.makeCounter(descriptor: Self.name(name, unit: "total", help: help), labels: labels)
            counters[key] = counter
            return counter
        }
    }

    /// `render_alert_NAME_UNIT`.
    static func name(_ name: String, unit: String, help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "render_alert", metricName: name, unitName: unit, helpText: help)
    }

    /// The Prometheus text exposition.
    public func exposition() -> [UInt8] { registry.emitToBuffer() }
}
