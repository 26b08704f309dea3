import Hummingbird
@_spi(Presentation) import LocalizedAlerts
import LocalizedAlertsReports
import NIOCore
import NIOHTTP1

/// The paths the service answers, and their methods.
public enum ServerRoutes {
    public static let localize = "/v1/localize"
    public static let batch = "/v1/localize/batch"
    public static let preview = "/v1/preview"
    public static let localizations = "/v1/localizations"
    public static let health = "/healthz"
    public static let ready = "/readyz"
    public static let metrics = "/metrics"
    public static let openAPI = "/openapi.json"

    /// Every path served, with its methods: what `/openapi.json` documents.
    public static let all: [String: [HTTPRequest.Method]] = [
        localize: [.post], batch: [.post], preview: [.post], localizations: [.get],
        health: [.get], ready: [.get], metrics: [.get], openAPI: [.get],
    ]

    /// Devices one preview request may ask for.
    public static let maximumPreviewDevices = 1_000
}

/// The handlers, over the tables in force when each request arrives.
struct Endpoints: Sendable {
    let server: LocalizationServer

    var maximumBodyBytes: Int { server.configuration.maximumBodyBytes }

    func register(on router: Router<BasicRequestContext>) {
        router.post(RouterPath(ServerRoutes.localize)) { request, _ in try await localize(request) }
        router.post(RouterPath(ServerRoutes.batch)) { request, _ in batch(request) }
        router.post(RouterPath(ServerRoutes.preview)) { request, _ in try await preview(request) }
        router.get(RouterPath(ServerRoutes.localizations)) { _, _ in localizations() }
        router.get(RouterPath(ServerRoutes.health)) { _, _ in JSONResponse.make(.object([("status", .string("ok"))])) }
        router.get(RouterPath(ServerRoutes.ready)) { _, _ in ready() }
        router.get(RouterPath(ServerRoutes.metrics)) { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: server.metrics.exposition())))
        }
        router.get(RouterPath(ServerRoutes.openAPI)) { _, _ in JSONResponse.make(text: OpenAPIDocument.json) }
    }

    /// The whole body, at most --max-body-bytes: a longer one is a 413 `body-too-large`, one the
    /// decoder cannot read a 400 `bad-request`; either closes the connection.
    private func body(_ request: Request) async throws -> [UInt8] {
        var buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maximumBodyBytes)
        } catch is NIOTooManyBytesError {
            throw APIError.bodyTooLarge(limit: maximumBodyBytes)
        } catch let error as HTTPParserError {
            throw APIError.malformedBody(error)
        }
        return buffer.readBytes(length: buffer.readableBytes) ?? []
    }

    /// POST /v1/localize: one request, answered as a batch line is but without its number: an
    /// APNs payload (`"payload"`) with the iOS app's tables, an FCM message (`"message"`) with
    /// the Android app's. A body that is not a request (an unknown member included, or a kind
    /// of request whose app is not loaded) is a 400; a request whose result may not be sent is
    /// a 200 with `"sendable": false`.
    func localize(_ request: Request) async throws -> Response {
        let bytes = try await body(request)
        let (answer, failure) = server.tables.current.localizer.localize(request: bytes)
        if let failure { throw APIError.badRequest(failure.message) }
        count(answer)
        return JSONResponse.make(bytes: answer.outputBytes())
    }

    /// Counts an answer in the metrics: sendable or not, and each fallback taken.
    func count(_ answer: ProviderLocalizer.Answer) {
        server.metrics.localization(sendable: answer.sendable)
        for fallback in answer.fallbacks {
            switch fallback.outcome {
            case .showsKey: server.metrics.fallback(outcome: "shows-key")
            case .showsPayloadText: server.metrics.fallback(outcome: "shows-payload-text")
            case .developmentRegion: server.metrics.fallback(outcome: "development-region")
            }
        }
    }

    /// POST /v1/localize/batch: NDJSON in, NDJSON out, one answer per non-blank line, streamed
    /// as the lines arrive (each line at most --max-body-bytes; the body as a whole is not
    /// bounded, since nothing but the line being read is held). One generation of the tables
    /// answers the whole batch.
    func batch(_ request: Request) -> Response {
        let localizer = server.tables.current.localizer
        let limit = maximumBodyBytes
        return Response(
            status: .ok, headers: [.contentType: "application/x-ndjson; charset=utf-8"],
            body: ResponseBody { writer in
                var lines = LineSplitter(maximumLength: limit)
                var lineNumber = 0
                func answer(_ line: LineSplitter.Line, into output: inout ByteBuffer) {
                    lineNumber += 1
                    switch line {
                    case .tooLong(let length):
                        server.metrics.localization(sendable: false)
                        let json = LocalizationRequest.Failure(
                            message: "the line is \(length) bytes, over the limit of \(limit) (--max-body-bytes); it was not read"
                        )
                        .batchLine(lineNumber: lineNumber)
                        output.writeBytes(json.outputBytes())
                    case .text(let bytes):
                        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
                        let answer = localizer.localize(batchLine: bytes, lineNumber: lineNumber)
                        count(answer)
                        output.writeBytes(answer.outputBytes())
                    }
                }
                for try await chunk in request.body {
                    var output = ByteBuffer()
                    lines.feed(chunk) { answer($0, into: &output) }
                    if output.readableBytes > 0 { try await writer.write(output) }
                }
                var output = ByteBuffer()
                lines.finish { answer($0, into: &output) }
                if output.readableBytes > 0 { try await writer.write(output) }
                try await writer.finish(nil)
            })
    }

    /// POST /v1/preview: `render-alert preview --format json` for one APNs payload
    /// (`"payload"`), or `preview --res --format json` for one FCM message (`"message"`), made
    /// by the same library session as the command line's.
    func preview(_ request: Request) async throws -> Response {
        let bytes = try await body(request)
        let document = LocatedJSON.parse(bytes, file: "request")
        guard let root = document.root else {
            throw APIError.badRequest(
                document.diagnostics.first.map { "not JSON: \($0.message) at line \($0.location.line), column \($0.location.column)" } ?? "not JSON")
        }
        guard let rootMembers = root.members else { throw APIError.badRequest("the body is \(root.kindDescription), not an object") }
        let members = ["payload", "message", "languages", "channels"]
        for member in rootMembers where !members.contains(member.key) {
            let guess = EditDistance.suggestion(for: member.key, among: members)
            throw APIError.badRequest(
                "unknown member \"\(member.key)\"\(guess); a preview request has \"payload\" (an APNs payload) or \"message\" (an FCM message), \"languages\" and \"channels\""
            )
        }
        let tables = server.tables.current
        var session = PreviewSession(apple: tables.renderer, android: tables.android)
        session.devices = try Self.devices(root["languages"])
        let channels = try Self.channels(root["channels"])
        session.channels = channels
        // The server's own paths are not the client's business.
        if let messageJSON = root["message"] {
            guard root["payload"] == nil else { throw APIError.badRequest("a preview request has \"payload\" or \"message\", not both") }
            guard messageJSON.members != nil else { throw APIError.badRequest("\"message\" must be an FCM message object") }
            let message = FCMMessage(
                document: LocatedJSON(.object([LocatedJSON.Member(key: "message", value: messageJSON)]), location: root.location), file: "request",
                sizeBound: bytes.count, channel: channels.contains(.huawei) ? .huawei : nil)
            guard let preview = session.preview(message, file: "request") else {
                throw APIError.badRequest("an FCM message is previewed with the Android app's resources, and none is loaded (start with --res)")
            }
            return JSONResponse.make(AndroidPreviewJSON.make([preview], showsIPhone: tables.renderer != nil, showsPaths: false))
        }
        guard let payloadJSON = root["payload"], payloadJSON.members != nil else { throw APIError.badRequest("the body has no \"payload\" object") }
        guard let apple = tables.renderer else {
            throw APIError.badRequest("an APNs payload is previewed with the iOS app's tables, and none is loaded (start with --strings)")
        }
        let preview = session.preview(NotificationPayload(document: payloadJSON, file: "request"), file: "request")
        return JSONResponse.make(PreviewJSON.make([preview], app: apple.app, showsPaths: false))
    }

    /// A preview request's `"channels"`: the push channels an FCM message also goes through
    /// (`["huawei"]` reads it as Huawei's; `["vivo"]` adds each device's vivo text).
    static func channels(_ member: LocatedJSON?) throws -> [PushChannel] {
        guard let member else { return [] }
        guard let items = member.items else { throw APIError.badRequest(#""channels" must be an array of channel names, such as ["vivo"]"#) }
        return try items.map { item in
            guard let text = item.stringValue, let channel = PushChannel(named: text) else {
                let guess = item.stringValue.map(PushChannel.suggestion) ?? ""
                throw APIError.badRequest(
                    "\"channels\" holds \(item.stringValue.map { "\"\($0)\"" } ?? item.kindDescription)\(guess); the channels are \(PushChannel.names.joined(separator: ", "))"
                )
            }
            return channel
        }
    }

    /// A preview request's `"languages"`: each item one device, a string as `--language` takes
    /// it or its languages one per item; absent or null, the session's default devices.
    static func devices(_ value: LocatedJSON?) throws -> [[String]] {
        switch value?.value {
        case nil, .null?:
            return []
        case .array(let items)?:
            // An empty list would preview nothing; leaving it out previews every localization.
            guard !items.isEmpty else { throw APIError.badRequest(#""languages" holds no devices; leave it out for one device per localization"#) }
            var devices: [[String]] = []
            for (index, item) in items.enumerated() {
                let subject = #"device \#(index + 1) of "languages""#
                let parsed: Result<[String], PreferredLanguages.Failure>
                if let text = item.stringValue {
                    parsed = PreferredLanguages.parse(text, naming: subject)
                } else if let list = item.items, case let strings = list.compactMap(\.stringValue), strings.count == list.count {
                    parsed = PreferredLanguages.parse(items: strings, naming: subject)
                } else {
                    throw APIError.badRequest("each of \"languages\" is one device: a string (\"fr-CA,en\") or an array of strings")
                }
                switch parsed {
                case .success(let languages): devices.append(languages)
                case .failure(let failure): throw APIError.badRequest(failure.message)
                }
            }
            guard devices.count <= ServerRoutes.maximumPreviewDevices else {
                throw APIError.badRequest("\(devices.count) devices; at most \(ServerRoutes.maximumPreviewDevices) in one request")
            }
            return devices
        default:
            throw APIError.badRequest("\"languages\" must be an array, one device each (\"fr-CA,en\" or [\"fr-CA\", \"en\"])")
        }
    }

    func localizations() -> Response {
        let tables = server.tables.current
        return JSONResponse.make(
            .object([
                ("localizations", .array(tables.localizations.map { .string($0) })),
                ("developmentRegion", .string(tables.developmentRegion)),
                ("androidLocales", tables.android == nil ? .null : .array(tables.androidLocales.map { .string($0) })),
                ("generation", .number(tables.generation)),
            ]))
    }

    func ready() -> Response {
        let tables = server.tables.current
        if server.isDraining {
            return JSONResponse.make(
                .object([("status", .string("shutting-down")), ("generation", .number(tables.generation))]), status: .serviceUnavailable)
        }
        var members: [(String, LocatedJSON)] = [
            ("status", .string("ready")), ("generation", .number(tables.generation)), ("localizations", .number(tables.localizations.count)),
        ]
        // Still ready after a failed reload (the last good tables are served), but it shows.
        if let failure = server.tables.lastFailure {
            members.append(
                (
                    "lastReloadFailure",
                    .object([("reason", .string(failure.reason)), ("time", .number(failure.time)), ("failures", .number(failure.count))])
                ))
        }
        return JSONResponse.make(.object(members))
    }
}

/// Splits a byte stream into lines of at most `maximumLength` bytes kept (a longer one is
/// reported with its length, its bytes dropped as they come); a trailing `\r` is removed.
struct LineSplitter {
    enum Line {
        case text([UInt8])
        case tooLong(length: Int)
    }

    let maximumLength: Int
    private var line: [UInt8] = []
    private var length = 0

    init(maximumLength: Int) { self.maximumLength = maximumLength }

    mutating func feed(_ buffer: ByteBuffer, _ emit: (Line) -> Void) {
        buffer.withUnsafeReadableBytes { bytes in
            var start = bytes.startIndex
            while start < bytes.endIndex {
                if let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
                    keep(bytes[start..<newline])
                    emit(take())
                    start = newline + 1
                } else {
                    keep(bytes[start...])
                    start = bytes.endIndex
                }
            }
        }
    }

    mutating func finish(_ emit: (Line) -> Void) {
        if length > 0 { emit(take()) }
    }

    private mutating func keep(_ bytes: Slice<UnsafeRawBufferPointer>) {
        let room = max(0, maximumLength - line.count)
        line += bytes.prefix(room)
        length += bytes.count
    }

    private mutating func take() -> Line {
        defer {
            line = []
            length = 0
        }
        if length > maximumLength { return .tooLong(length: length) }
        return .text(line.last == UInt8(ascii: "\r") ? Array(line.dropLast()) : line)
    }
}
