import Hummingbird
import LocalizedAlerts
import LocalizedAlertsReports

/// An error answered as `{"error": {"code": "…", "message": "…"}}`. Codes are stable; messages
/// are for people. Thrown anywhere below the router, it is answered by Hummingbird's router
/// through ``response(from:context:)`` (and counted with its status by the metrics middleware).
public struct APIError: HTTPResponseError, Sendable, CustomStringConvertible {
    public var status: HTTPResponse.Status
    /// `bad-request`, `unauthorized`, `not-found`, `method-not-allowed`, `body-too-large`,
    /// `internal`.
    public var code: String
    public var message: String
    public var headers: HTTPFields = [:]

    public init(_ status: HTTPResponse.Status, code: String, message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    public var description: String { "\(status.code) \(code): \(message)" }

    static func badRequest(_ message: String) -> APIError { APIError(.badRequest, code: "bad-request", message: message) }

    static func bodyTooLarge(limit: Int) -> APIError {
        // The rest of the body is not read: the connection closes after the answer.
        APIError(
            .contentTooLarge, code: "body-too-large", message: "the request body is over the limit of \(limit) bytes (--max-body-bytes)",
            headers: [.connection: "close"])
    }

    /// The body could not be decoded (a chunk size that overflows, say): the client's mistake,
    /// and the connection cannot go on.
    static func malformedBody(_ error: any Error) -> APIError {
        APIError(.badRequest, code: "bad-request", message: "the request body is not valid HTTP/1.1 (\(error))", headers: [.connection: "close"])
    }

    static let unexpected = APIError(.internalServerError, code: "internal", message: "the request could not be answered")

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = JSONResponse.make(
            .object([("error", .object([("code", .string(code)), ("message", .string(message))]))]), status: status)
        response.headers.append(contentsOf: headers)
        return response
    }
}

enum JSONResponse {
    static let contentType = "application/json; charset=utf-8"

    static func make(_ json: LocatedJSON, status: HTTPResponse.Status = .ok) -> Response {
        make(bytes: json.outputBytes(), status: status)
    }

    /// A body already written (``LocatedJSON/outputBytes(pretty:)``).
    static func make(bytes: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: contentType], body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func make(text: String, status: HTTPResponse.Status = .ok, contentType: String = contentType) -> Response {
        Response(status: status, headers: [.contentType: contentType], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
