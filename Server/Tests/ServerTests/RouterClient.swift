import Foundation
import Hummingbird
import HummingbirdTesting
import LocalizedAlertsServer
import Logging
import Metrics
import Testing

/// Hummingbird re-exports `HTTPFields` but not its element's name.
private typealias HTTPField = HTTPFields.Element

/// A server's application under HummingbirdTesting's `.router` framework: each request goes
/// straight to the router's responder, through every middleware and handler, without a socket
/// or the connection guard. For what a client sees as HTTP semantics (statuses, headers,
/// bodies); what only a socket shows (limits, malformed HTTP, exact bytes on the wire) goes
/// through ``HTTP`` and ``RawConnection`` to an ``InProcessServer``.
struct RouterClient: Sendable {
    let client: any TestClientProtocol
    let server: LocalizationServer

    /// Runs `body` against the router of a new server over the sample tables (or `strings`).
    static func with<T: Sendable>(
        strings: String? = Paths.strings, res: [String] = [], token: String? = nil, maximumBodyBytes: Int? = nil,
        _ body: @Sendable (RouterClient) async throws -> T
    ) async throws -> T {
        var configuration = ServerConfiguration(strings: strings, resourceDirectories: res)
        configuration.port = 0
        configuration.token = token
        if let maximumBodyBytes { configuration.maximumBodyBytes = maximumBodyBytes }
        var logger = Logger(label: "render-alert-server-test")
        logger.logLevel = .warning
        let server = try LocalizationServer(configuration: configuration, logger: logger)
        let application = server.makeApplication()
        // What a running server does for its HTTP service: Hummingbird's MetricsMiddleware then
        // records into this server's registry, not the process's.
        return try await withMetricsFactory(server.metrics.factory) {
            try await application.test(.router) { client in try await body(RouterClient(client: client, server: server)) }
        }
    }

    /// The response as ``HTTP`` gives it: header names in lower case.
    func request(_ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil) async throws -> HTTPResponse {
        var fields = HTTPFields()
        for (name, value) in headers { fields.append(HTTPField(name: try #require(HTTPField.Name(name)), value: value)) }
        let response = try await client.executeRequest(
            uri: path, method: try #require(HTTPRequest.Method(method)), headers: fields, body: body.map { ByteBuffer(bytes: $0) })
        var responseHeaders: [String: String] = [:]
        for field in response.headers { responseHeaders[field.name.canonicalName] = field.value }
        return HTTPResponse(status: response.status.code, headers: responseHeaders, body: Data(response.body.readableBytesView))
    }

    func post(_ path: String, json: String, headers: [String: String] = [:]) async throws -> HTTPResponse {
        try await request("POST", path, headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a }, body: Data(json.utf8))
    }

    func get(_ path: String, headers: [String: String] = [:]) async throws -> HTTPResponse {
        try await request("GET", path, headers: headers)
    }
}
