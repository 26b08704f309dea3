import Hummingbird
import HummingbirdTesting
import Testing

@testable import LocalizedAlertsServer

/// What the router answers for errors no handler of the service throws on purpose.
@Suite("render-alert-server unexpected errors")
struct ServerErrorTests {
    @Test("An error that is no HTTPResponseError is a 500 internal in the service's error JSON")
    func unexpectedError() async throws {
        let router = Router()
        router.add(middleware: UnexpectedErrorMiddleware())
        router.get("/fails") { _, _ -> Response in throw CancellationError() }
        router.get("/refuses") { _, _ -> Response in throw APIError.badRequest("no") }
        try await Application(router: router).test(.router) { client in
            let fails = try await client.executeRequest(uri: "/fails", method: .get, headers: [:], body: nil)
            #expect(fails.status == .internalServerError)
            #expect(fails.headers[.contentType] == "application/json; charset=utf-8")
            #expect(String(buffer: fails.body) == #"{"error":{"code":"internal","message":"the request could not be answered"}}\#n"#)
            // An APIError goes on up to the router unchanged.
            let refuses = try await client.executeRequest(uri: "/refuses", method: .get, headers: [:], body: nil)
            #expect(refuses.status == .badRequest)
            #expect(String(buffer: refuses.body) == #"{"error":{"code":"bad-request","message":"no"}}\#n"#)
        }
    }
}
