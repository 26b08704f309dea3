import Hummingbird
import LocalizedAlerts
import LocalizedAlertsReports

/// An error answered as `{"error": {"code": "…", "message": "…"}}`. Codes are stable; messages
/// are for people.
public struct APIError: Error, Sendable, CustomStringConvertible {
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

    var response: Response {
        var response = JSONResponse.make(
            .object([("error", .object([("code", .string(code)), ("message", .string(message))]))]), status: status)
        for field in headers { response.headers.append(field) }
        return response
    }
}

enum JSONResponse {
    static let contentType = "application/json; charset=utf-8"

    static func make(_ json: LocatedJSON, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: contentType], body: ResponseBody(byteBuffer: ByteBuffer(bytes: json.outputBytes())))
    }

    static func make(text: String, status: HTTPResponse.Status = .ok, contentType: String = contentType) -> Response {
        Response(status: status, headers: [.contentType: contentType], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
