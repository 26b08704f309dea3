import Metrics
import Synchronization

import class Prometheus.PrometheusCollectorRegistry
import struct Prometheus.PrometheusMetricsFactory

/// The service's metrics, recorded through swift-metrics into a Prometheus registry of this
/// server's own, which `/metrics` writes out: Hummingbird's `MetricsMiddleware` (requests,
/// their duration, errors and those in progress) and the service's own counters and gauges.
///
/// `MetricsSystem.bootstrap` is global and allowed once per process, while the tests start many
/// servers in one process and count each apart. So nothing here depends on it: the service's
/// own metrics are made with ``factory`` explicitly, and the server runs its HTTP service with
/// ``factory`` bound to its task (`withMetricsFactory`), which the request tasks inherit and
/// where `MetricsMiddleware` makes its metrics. `render-alert-server`, one server a process,
/// bootstraps the global system with the same factory as well
/// (``LocalizationServer/bootstrapMetricsSystem()``).
public final class ServerMetrics: Sendable {
    /// The registry `/metrics` writes out.
    public let registry = PrometheusCollectorRegistry()
    /// Makes swift-metrics metrics in ``registry``, under the service's names.
    public let factory: PrometheusMetricsFactory
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

    /// Hummingbird's metric labels, and the names the service has always exposed them under.
    static let requestMetricNames = [
        "hb.requests": "render_alert_http_requests_total",
        "http.server.request.duration": "render_alert_http_request_duration_seconds",
        "hb.request.errors": "render_alert_http_request_errors_total",
        "http.server.active_requests": "render_alert_http_requests_active",
    ]
    /// Hummingbird's dimensions (OpenTelemetry's attribute names), and the service's labels.
    static let requestLabelNames = [
        "http.route": "endpoint", "http.request.method": "method", "http.response.status_code": "status", "error.type": "status",
    ]

    public init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.nameAndLabelSanitizer = { label, dimensions in
            guard let name = ServerMetrics.requestMetricNames[label] else { return (label, dimensions) }
            return (name, dimensions.map { (ServerMetrics.requestLabelNames[$0.0] ?? $0.0, $0.1) })
        }
        // Keyed by the name after renaming.
        factory.durationHistogramBuckets = ["render_alert_http_request_duration_seconds": Self.buckets]
        self.factory = factory
        generation = Gauge(label: "render_alert_tables_generation", factory: factory)
        openConnections = Gauge(label: "render_alert_http_connections_open", factory: factory)
        lastReloadFailed = Gauge(label: "render_alert_tables_last_reload_failed", factory: factory)
    }

    /// A field localized with a fallback (`shows-key`, `shows-payload-text`, `development-region`).
    func fallback(outcome: String) {
        counter("render_alert_fallbacks_total", ("outcome", outcome)).increment()
    }

    /// One localization answered (single and batch): whether it may be sent.
    func localization(sendable: Bool) {
        counter("render_alert_localizations_total", ("sendable", String(sendable))).increment()
    }

    /// A reload of the tables (SIGHUP): `success` or `failure`. The gauge is 1 while the last
    /// one failed (the previous generation still served).
    func reload(result: String) {
        counter("render_alert_table_reloads_total", ("result", result)).increment()
        lastReloadFailed.record(result == "success" ? 0 : 1)
    }

    /// The number of client connections open (at --max-connections the server stops accepting).
    func connections(open: Int) { openConnections.record(open) }

    /// A connection the server closed because of a limit (`header-timeout`, `idle-timeout`,
    /// `request-line-too-long`, `headers-too-large`, `malformed-request`, `shed-at-capacity`).
    func connectionClosed(reason: String) {
        counter("render_alert_http_connections_closed_total", ("reason", reason)).increment()
    }

    /// The generation of the tables being served: 1 at start, one more per successful reload.
    func tables(generation value: Int) { generation.record(value) }

    /// One counter a label value, made once: the connection guard counts from event-loop
    /// threads, where no task-local factory is bound, so the factory is always named.
    private func counter(_ name: String, _ label: (String, String)) -> Counter {
        let key = name + "|" + label.0 + "=" + label.1
        return counters.withLock { counters in
            if let counter = counters[key] { return counter }
            let counter = Counter(label: name, dimensions: [label], factory: factory)
            counters[key] = counter
            return counter
        }
    }

    /// The Prometheus text exposition.
    public func exposition() -> [UInt8] { registry.emitToBuffer() }
}
