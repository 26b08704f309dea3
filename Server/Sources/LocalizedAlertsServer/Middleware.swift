import Hummingbird
import Logging

/// Below the request log and the metrics: an error that no `HTTPResponseError` describes (a
/// bug, a connection gone mid-read) is logged and answered as a 500 `internal`, in the same
/// JSON as every other error, the process going on. The others (``APIError`` above all) go on
/// up to the router, which answers them itself.
struct UnexpectedErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as any HTTPResponseError {
            throw error
        } catch {
            context.logger.error("request failed", metadata: ["path": "\(request.uri.path)", "error": "\(error)"])
            throw APIError.unexpected
        }
    }
}

/// The paths served and their methods: an unknown path is a 404 `not-found`, a known path with
/// another method a 405 `method-not-allowed` (with `Allow`), before any handler runs. A body
/// whose declared length is over the limit is refused here too (413), unread. Each of these
/// closes the connection when a body follows the head, so that it is never read.
struct RouteTable: Sendable {
    /// Path → methods (HEAD is answered wherever GET is).
    let routes: [String: [HTTPRequest.Method]]
    let maximumBodyBytes: Int
}

struct RouteCheckMiddleware<Context: RequestContext>: RouterMiddleware {
    let routes: RouteTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        // The router names the endpoint (the metrics' `endpoint` label) only for a route it
        // matched; the others are named here: a served path by itself, any other as `unknown`,
        // so that a scanner's paths do not each become a series.
        guard let methods = routes.routes[path] else {
            context.coreContext.endpointPath.value = "unknown"
            throw APIError(.notFound, code: "not-found", message: "no endpoint at \(path); GET /openapi.json lists them")
                .closingUnreadBody(of: request)
        }
        let allowed = methods.contains(.get) ? methods + [.head] : methods
        guard allowed.contains(request.method) else {
            context.coreContext.endpointPath.value = path
            throw APIError(
                .methodNotAllowed, code: "method-not-allowed",
                message: "\(path) takes \(methods.map(\.rawValue).joined(separator: ", ")), not \(request.method.rawValue)",
                headers: [.allow: allowed.map(\.rawValue).joined(separator: ", ")]
            )
            .closingUnreadBody(of: request)
        }
        if path != ServerRoutes.batch, let length = request.headers[.contentLength],
            Self.isOver(routes.maximumBodyBytes, declaredLength: length)
        {
            throw APIError.bodyTooLarge(limit: routes.maximumBodyBytes)
        }
        return try await next(request, context)
    }

    /// Whether a Content-Length is over `limit`: digits too many for any integer are over every
    /// limit (the decoder takes lengths up to 2^64 − 1). What is not digits is the decoder's to
    /// refuse.
    static func isOver(_ limit: Int, declaredLength: String) -> Bool {
        guard !declaredLength.isEmpty, declaredLength.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return false
        }
        guard let length = Int(declaredLength) else { return true }
        return length > limit
    }
}

extension Request {
    /// A body follows the head: a Content-Length over 0, or a transfer coding.
    var declaresBody: Bool {
        if headers[.transferEncoding] != nil { return true }
        guard let length = headers[.contentLength] else { return false }
        return length.utf8.contains { $0 != UInt8(ascii: "0") }
    }
}

extension APIError {
    /// This error with `Connection: close` when `request` has a body: answered before it is
    /// read, the body is then never read (a slow one would hold the connection while it drains).
    func closingUnreadBody(of request: Request) -> APIError {
        guard request.declaresBody else { return self }
        var error = self
        error.headers[.connection] = "close"
        return error
    }
}

/// With `--token`: every `/v1` request needs `Authorization: Bearer TOKEN`, decided from the
/// head: a 401 closes the connection without reading a body.
struct BearerTokenMiddleware<Context: RequestContext>: RouterMiddleware {
    let token: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.uri.path.hasPrefix("/v1/") else { return try await next(request, context) }
        let given = request.headers[.authorization]
        guard let given, given.count > 7, given.prefix(7).lowercased() == "bearer ",
            Self.constantTimeEqual(Array(given.dropFirst(7).utf8), Array(token.utf8))
        else {
            throw APIError(
                .unauthorized, code: "unauthorized",
                message: given == nil ? "this server needs Authorization: Bearer TOKEN" : "the bearer token is not the server's",
                headers: [.wwwAuthenticate: "Bearer"]
            )
            .closingUnreadBody(of: request)
        }
        return try await next(request, context)
    }

    /// Equal, in a time that depends only on the lengths.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<max(a.count, b.count) {
            difference |= (index < a.count ? a[index] : 0) ^ (index < b.count ? b[index] : 0)
        }
        return difference == 0
    }
}
