import Hummingbird
import HummingbirdCore
import LocalizedAlerts
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import Synchronization

/// Hummingbird's HTTP/1 channel with ``ConnectionLimits`` enforced on every connection: a
/// ``ConnectionGuard`` in front of the HTTP decoder (timeouts, request line and header sizes,
/// closing after an error answer) and a ``RequestPartObserver`` after it (where requests and
/// responses begin and end).
struct GuardedHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = HTTP1Channel.Value

    let responder: HTTPChannelHandler.Responder
    let limits: ConnectionLimits
    let metrics: ServerMetrics
    let sheddable: SheddableConnections

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let observer: NIOLoopBound<RequestPartObserver>
        do {
            let guardHandler = ConnectionGuard(limits: limits, metrics: metrics, sheddable: sheddable)
            try channel.pipeline.syncOperations.addHandler(guardHandler)
            observer = NIOLoopBound(RequestPartObserver(guard: guardHandler), eventLoop: channel.eventLoop)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        // The decoder's own limits stay as a backstop behind the guard's exact counts (a pipelined
        // head that arrived with the previous body is counted by the decoder alone).
        let configuration = HTTP1Channel.Configuration(
            additionalChannelHandlers: [observer.value],
            httpDecoderConfiguration: .init(
                maxHeaderFieldSize: limits.maximumRequestLineBytes + limits.maximumHeaderBytes,
                maxHeaderListSize: limits.maximumRequestLineBytes + limits.maximumHeaderBytes,
                maxHeaderFieldCount: limits.maximumHeaderCount))
        return HTTP1Channel(responder: responder, configuration: configuration).setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await handleHTTP(asyncChannel: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with ``ConnectionLimits``.
    static func guardedHTTP1(limits: ConnectionLimits, metrics: ServerMetrics, sheddable: SheddableConnections) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in GuardedHTTP1Channel(responder: responder, limits: limits, metrics: metrics, sheddable: sheddable) }
    }
}

/// Counts open connections and stops the accept loop at the cap: past it, new connections
/// wait in the kernel's listen backlog (no descriptor is spent on them, nothing spins) until one
/// closes. At the cap the ``SheddableConnections`` are closed to make room.
struct ConnectionCap: AvailableConnectionsDelegate {
    let maximum: Int
    let metrics: ServerMetrics
    let sheddable: SheddableConnections
    var open = 0

    mutating func connectionOpened() {
        open += 1
        metrics.connections(open: open)
    }

    mutating func connectionClosed() {
        open -= 1
        metrics.connections(open: open)
    }

    func isAcceptingNewConnections() -> Bool {
        guard open < maximum else {
            sheddable.atCapacity(true)
            sheddable.shed(max(1, maximum / 8), metrics: metrics)
            return false
        }
        sheddable.atCapacity(false)
        return true
    }
}

/// The connections that hold a slot without doing their share, in the order they became so:
/// what the server closes first when it is at its connection cap. First the request bodies
/// behind ``ConnectionLimits/minimumBodyRate``, then the silent connections (open with no byte
/// of a request, or idle between requests), the longest silent first.
final class SheddableConnections: Sendable {
    /// A connection silent for less than this is not shed yet: one just accepted (the one that
    /// reached the cap) has not been read, and its request may be waiting in the socket. It is
    /// shed once this has passed, if it is still silent.
    static let minimumSilence = TimeAmount.milliseconds(100)

    enum Kind {
        /// A request body arriving below the minimum rate.
        case slowBody
        /// No request in progress.
        case silent
    }

    private struct Listed: Sendable {
        var order: UInt64
        var since: NIODeadline
        var channel: any Channel
    }

    private let state = Mutex<(next: UInt64, slowBodies: [ObjectIdentifier: Listed], silent: [ObjectIdentifier: Listed])>((0, [:], [:]))
    private let capacityReached = Atomic<Bool>(false)

    /// Whether the server is at its connection cap now: a body falling behind is then closed at
    /// once rather than listed.
    var isAtCapacity: Bool { capacityReached.load(ordering: .relaxed) }

    func atCapacity(_ reached: Bool) { capacityReached.store(reached, ordering: .relaxed) }

    func add(_ id: ObjectIdentifier, _ channel: any Channel, as kind: Kind) {
        state.withLock { state in
            state.next += 1
            switch kind {
            case .slowBody: state.slowBodies[id] = Listed(order: state.next, since: .now(), channel: channel)
            case .silent: state.silent[id] = Listed(order: state.next, since: .now(), channel: channel)
            }
        }
    }

    func remove(_ id: ObjectIdentifier, as kind: Kind) {
        state.withLock { state in
            switch kind {
            case .slowBody: _ = state.slowBodies.removeValue(forKey: id)
            case .silent: _ = state.silent.removeValue(forKey: id)
            }
        }
    }

    /// Closes up to `count` connections: slow bodies first, then the longest silent (those
    /// silent for less than ``minimumSilence`` once it has passed, if they still are).
    func shed(_ count: Int, metrics: ServerMetrics) {
        let now = NIODeadline.now()
        let (chosen, fresh) = state.withLock { state in
            let slow = state.slowBodies.sorted { $0.value.order < $1.value.order }.prefix(count)
            let silent = state.silent.sorted { $0.value.order < $1.value.order }.prefix(count - slow.count)
            let due = silent.filter { $0.value.since + Self.minimumSilence <= now }
            for (id, _) in slow { state.slowBodies.removeValue(forKey: id) }
            for (id, _) in due { state.silent.removeValue(forKey: id) }
            return (slow.map(\.value.channel) + due.map(\.value.channel), silent.filter { $0.value.since + Self.minimumSilence > now })
        }
        for channel in chosen {
            metrics.connectionClosed(reason: "shed-at-capacity")
            channel.close(promise: nil)
        }
        for (id, listed) in fresh {
            listed.channel.eventLoop.scheduleTask(deadline: listed.since + Self.minimumSilence) {
                let stillSilent = self.state.withLock { state in
                    guard state.silent[id]?.order == listed.order else { return false }
                    state.silent.removeValue(forKey: id)
                    return true
                }
                guard stillSilent else { return }
                metrics.connectionClosed(reason: "shed-at-capacity")
                listed.channel.close(promise: nil)
            }
        }
    }
}

/// Why the guard closed a connection: the `reason` label of
/// `render_alert_http_connections_closed_total`, and the answer the client gets (none for an
/// idle connection).
enum ConnectionRefusal: String {
    case headerTimeout = "header-timeout"
    case idleTimeout = "idle-timeout"
    case requestLineTooLong = "request-line-too-long"
    case headersTooLarge = "headers-too-large"
    case malformed = "malformed-request"
    /// A request body behind ``ConnectionLimits/minimumBodyRate`` by the whole grace.
    case bodyTooSlow = "body-too-slow"
    /// A request body behind the rate by half the grace, while the server is at its cap.
    case slowBodyShed = "shed-at-capacity"

    /// Ends a request whose handler is waiting for its body: answered at once when no response
    /// has begun, else the connection is closed.
    var interruptsRequest: Bool { self == .bodyTooSlow || self == .slowBodyShed }

    /// The answer's status line and `{"error": …}` body; nil: closed without one.
    func answer(_ limits: ConnectionLimits) -> (status: String, code: String, message: String)? {
        switch self {
        case .idleTimeout:
            nil
        case .headerTimeout:
            (
                "408 Request Timeout", "request-timeout",
                "the request head did not arrive within \(Self.seconds(limits.headerTimeout)) s (--header-timeout)"
            )
        case .requestLineTooLong:
            (
                "414 URI Too Long", "request-line-too-long",
                "the request line is over the limit of \(limits.maximumRequestLineBytes) bytes (--max-request-line-bytes)"
            )
        case .headersTooLarge:
            (
                "431 Request Header Fields Too Large", "headers-too-large",
                "the header fields are over the limit of \(limits.maximumHeaderBytes) bytes or \(limits.maximumHeaderCount) fields (--max-header-bytes, --max-header-count)"
            )
        case .malformed:
            ("400 Bad Request", "bad-request", "the request is not valid HTTP/1.1")
        case .bodyTooSlow:
            (
                "408 Request Timeout", "request-timeout",
                "the request body arrived slower than \(limits.minimumBodyRate) bytes a second for over \(Self.seconds(limits.bodyRateGrace)) s (--min-body-rate, --body-rate-grace)"
            )
        case .slowBodyShed:
            (
                "408 Request Timeout", "request-timeout",
                "the request body arrived slower than \(limits.minimumBodyRate) bytes a second (--min-body-rate) while the server was at its connection cap"
            )
        }
    }

    /// The whole response, closing the connection.
    func response(_ limits: ConnectionLimits) -> ByteBuffer? {
        guard let answer = answer(limits) else { return nil }
        let body = LocatedJSON.object([("error", .object([("code", .string(answer.code)), ("message", .string(answer.message))]))]).outputBytes()
        var buffer = ByteBuffer()
        buffer.writeString(
            "HTTP/1.1 \(answer.status)\r\nContent-Type: \(JSONResponse.contentType)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n")
        buffer.writeBytes(body)
        return buffer
    }

    static func seconds(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1_000 == 0 ? String(milliseconds / 1_000) : String(Double(milliseconds) / 1_000)
    }
}

/// The first handler of a connection, on its raw bytes. It times the request head (from its
/// first byte, or from the connection opening), idle stretches and the body's rate, measures the
/// request line and header fields as they arrive (the decoder sees none of an oversized head),
/// and answers what is over a limit itself, then closes: its own answer and the router's error
/// answers that say `Connection: close` end with the output shut, what the client still sends
/// read and dropped for ``ConnectionLimits/lingerTimeout``, then the connection closed.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    let limits: ConnectionLimits
    let metrics: ServerMetrics
    let sheddable: SheddableConnections
    private var context: ChannelHandlerContext?
    /// Listed in ``sheddable`` as silent.
    private var isSilent = false
    /// The rate of the body being read; nil between bodies.
    private var body: BodyRate?
    /// Listed in ``sheddable`` as a slow body.
    private var isBehind = false
    private var rateTimer: Scheduled<Void>?
    /// A response head has been written and its end has not.
    private var responseStarted = false
    /// The guard answered over a request still being handled: the handler's own answer, when it
    /// comes, is dropped.
    private var answeredOverHandler = false

    /// The next bytes begin (or continue) a request head.
    private var awaitingHead = true
    /// Some of that head has arrived (its timer runs).
    private var headStarted = false
    /// The head's blank line has been seen: the rest is body (or the next request).
    private var headComplete = false
    private var requestLineEnded = false
    private var requestLineBytes = 0
    private var headerBytes = 0
    private var currentLineBytes = 0
    /// Responses begun and not yet ended.
    private var outstanding = 0
    /// An answer to send once the responses in progress have ended.
    private var pendingRefusal: ConnectionRefusal?
    /// Closing: the answer is out (or being written), input is dropped.
    private var closing = false
    /// The connection's clock: at `deadline` it is refused with `deadlineRefusal`, unless the
    /// clock is moved or stopped first. Nil: stopped.
    private var deadline: NIODeadline?
    private var deadlineRefusal = ConnectionRefusal.idleTimeout
    /// The task scheduled for the clock, and when it runs: it may run before the deadline (the
    /// clock moved on since), and then waits again.
    private var timer: Scheduled<Void>?
    private var timerRuns: NIODeadline?

    init(limits: ConnectionLimits, metrics: ServerMetrics, sheddable: SheddableConnections) {
        self.limits = limits
        self.metrics = metrics
        self.sheddable = sheddable
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive {
            startTimer(limits.headerTimeout, .headerTimeout)
            setSilent(true)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
        endBody()
        setSilent(false)
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        if deadline == nil, !closing {
            startTimer(limits.headerTimeout, .headerTimeout)
            setSilent(true)
        }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        endBody()
        setSilent(false)
        context.fireChannelInactive()
    }

    private func setSilent(_ silent: Bool) { list(silent, as: .silent, listed: &isSilent) }

    private func setBehind(_ behind: Bool) { list(behind, as: .slowBody, listed: &isBehind) }

    /// Lists this connection in ``sheddable`` as `kind`, or takes it off; `listed` says which it is.
    private func list(_ shouldList: Bool, as kind: SheddableConnections.Kind, listed: inout Bool) {
        guard shouldList != listed, let context else { return }
        listed = shouldList
        if shouldList {
            sheddable.add(ObjectIdentifier(self), context.channel, as: kind)
        } else {
            sheddable.remove(ObjectIdentifier(self), as: kind)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if closing { return }
        setSilent(false)
        let buffer = unwrapInboundIn(data)
        if awaitingHead {
            if !headStarted {
                headStarted = true
                if outstanding == 0 { startTimer(limits.headerTimeout, .headerTimeout) }
            }
            if !headComplete, let refusal = measureHead(buffer) {
                refuse(refusal)
                return
            }
        } else {
            // A body arriving: each read restarts the idle clock.
            startTimer(limits.idleTimeout, .idleTimeout)
        }
        context.fireChannelRead(data)
        // Counted once passed on, so that the bytes after a head read with it count for its body
        // (with the head's: at most a head's worth too many).
        if body != nil, !closing {
            body?.received(buffer.readableBytes, at: .now())
            checkBodyRate()
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // Dropping input: keep reading, so that the client's sends complete and it reads the answer.
        if closing {
            context.read()
            return
        }
        if body != nil {
            body?.stopWaiting(at: .now())
            checkBodyRate()
        }
        context.fireChannelReadComplete()
    }

    /// The server asks for more bytes: while a body is read, its clock runs until they come. A
    /// handler that does not take the body (a batch whose client does not read its answers)
    /// asks for none, and the client is not held to the rate meanwhile.
    func read(context: ChannelHandlerContext) {
        if body != nil, !closing {
            body?.startWaiting(at: .now())
            checkBodyRate()
        }
        context.read()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !answeredOverHandler else {
            promise?.fail(ChannelError.outputClosed)
            return
        }
        context.write(data, promise: promise)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if closing, let event = event as? ChannelEvent, event == .inputClosed {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if closing { return }
        context.fireErrorCaught(error)
    }

    /// Counts the head's bytes up to its blank line; a refusal when a limit is passed.
    private func measureHead(_ buffer: ByteBuffer) -> ConnectionRefusal? {
        for byte in buffer.readableBytesView {
            switch byte {
            case UInt8(ascii: "\n"):
                if !requestLineEnded {
                    // Blank lines before a request line are allowed (RFC 9112, 2.2).
                    if currentLineBytes > 0 { requestLineEnded = true }
                } else if currentLineBytes == 0 {
                    headComplete = true
                    return nil
                }
                currentLineBytes = 0
            case UInt8(ascii: "\r"):
                break
            default:
                currentLineBytes += 1
                if !requestLineEnded {
                    requestLineBytes += 1
                    if requestLineBytes > limits.maximumRequestLineBytes { return .requestLineTooLong }
                } else {
                    headerBytes += 1
                    if headerBytes > limits.maximumHeaderBytes { return .headersTooLarge }
                }
            }
        }
        return nil
    }

    // MARK: What the request-part observer reports

    /// A request head was decoded: its handler runs; the body's reads keep the idle clock, and
    /// its rate is measured from now.
    func requestHeadRead() {
        awaitingHead = false
        outstanding += 1
        startTimer(limits.idleTimeout, .idleTimeout)
        if limits.minimumBodyRate > 0 { body = BodyRate(limits: limits, now: .now()) }
    }

    /// A request was read to its end: what follows is the next head.
    func requestEndRead() {
        endBody()
        awaitingHead = true
        headStarted = false
        headComplete = false
        requestLineEnded = false
        requestLineBytes = 0
        headerBytes = 0
        currentLineBytes = 0
        if outstanding > 0 { stopClock() }
    }

    /// The decoder failed. In a head (nothing answered yet): refused here (431 for too many or
    /// too large fields, 400 otherwise), the error kept from Hummingbird, which would answer an
    /// empty 400 and wait for the client to close. In a body being answered: the handler's read
    /// throws it, and the router answers 400 with `Connection: close`. Returns whether the
    /// error goes on down the pipeline.
    func decoderFailed(_ error: any Error) -> Bool {
        if closing { return false }
        if awaitingHead {
            refuse((error as? HTTPParserError) == .headerOverflow ? (requestLineEnded ? .headersTooLarge : .requestLineTooLong) : .malformed)
            return false
        }
        if outstanding == 0 {
            // The answer is out; the rest of the body is malformed. No second answer: close.
            metrics.connectionClosed(reason: ConnectionRefusal.malformed.rawValue)
            finish()
            return false
        }
        return true
    }

    /// A response head was written.
    func responseBegan() { responseStarted = true }

    /// A response ended. `close`: it said `Connection: close` (or the request was broken).
    func responseEnded(close: Bool) {
        responseStarted = false
        outstanding = max(0, outstanding - 1)
        if closing {
            if outstanding == 0, pendingRefusal != nil { finish() }
            return
        }
        if close {
            finish()
            return
        }
        guard outstanding == 0 else { return }
        if let refusal = pendingRefusal {
            refuse(refusal)
        } else if !awaitingHead {
            startTimer(limits.idleTimeout, .idleTimeout)
        } else if headStarted {
            startTimer(limits.headerTimeout, .headerTimeout)
        } else {
            startTimer(limits.idleTimeout, .idleTimeout)
            setSilent(true)
        }
    }

    // MARK: Closing

    /// Answers `refusal` (when it has an answer) and closes; after the responses in progress
    /// when there are some (nothing more is read meanwhile).
    private func refuse(_ refusal: ConnectionRefusal) {
        guard let context, !closing else { return }
        metrics.connectionClosed(reason: refusal.rawValue)
        closing = true
        cancelTimer()
        endBody()
        setSilent(false)
        if refusal.interruptsRequest {
            // The handler waits for a body that is not coming: it is not waited for. A response
            // begun (a batch's stream) cannot take another; the connection is closed under it.
            guard !responseStarted, let response = refusal.response(limits) else {
                context.close(promise: nil)
                return
            }
            context.writeAndFlush(wrapOutboundOut(.byteBuffer(response))).assumeIsolated().whenComplete { _ in self.linger() }
            answeredOverHandler = true
            return
        }
        if refusal == .headerTimeout, outstanding == 0, !headStarted, let response = refusal.response(limits) {
            // Nothing was sent, so nothing is left to drain: answer and close at once.
            context.writeAndFlush(wrapOutboundOut(.byteBuffer(response))).assumeIsolated().whenComplete { _ in self.context?.close(promise: nil) }
            return
        }
        guard refusal.answer(limits) != nil else {
            context.close(promise: nil)
            return
        }
        pendingRefusal = refusal
        if outstanding == 0 { finish() }
    }

    /// Writes the pending answer if there is one, then shuts the output, drops input until the
    /// client closes or the linger time passes, and closes.
    private func finish() {
        guard let context else { return }
        closing = true
        cancelTimer()
        endBody()
        setSilent(false)
        if let refusal = pendingRefusal, let response = refusal.response(limits) {
            pendingRefusal = nil
            context.writeAndFlush(wrapOutboundOut(.byteBuffer(response))).assumeIsolated().whenComplete { _ in self.linger() }
        } else {
            linger()
        }
    }

    private func linger() {
        guard let context else { return }
        context.close(mode: .output, promise: nil)
        cancelTimer()
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(limits.lingerTimeout)) {
            self.timer = nil
            self.context?.close(promise: nil)
        }
        context.read()
    }

    /// Sets the clock: the connection is refused with `refusal` after `duration`, unless the
    /// clock is set or stopped before. A request sets it three or four times; the task scheduled
    /// is moved only when it would run too late, else it runs, finds the later deadline and
    /// waits again: one task a timeout rather than one a read.
    private func startTimer(_ duration: Duration, _ refusal: ConnectionRefusal) {
        guard let context, !closing else { return }
        let due = NIODeadline.now() + TimeAmount(duration)
        deadline = due
        deadlineRefusal = refusal
        if let runs = timerRuns, runs <= due { return }
        timer?.cancel()
        schedule(at: due, on: context)
    }

    private func schedule(at due: NIODeadline, on context: ChannelHandlerContext) {
        timerRuns = due
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: due) {
            self.timer = nil
            self.timerRuns = nil
            guard let deadline = self.deadline, let context = self.context, !self.closing else { return }
            if deadline > .now() {
                self.schedule(at: deadline, on: context)
            } else {
                self.deadline = nil
                self.refuse(self.deadlineRefusal)
            }
        }
    }

    /// Stops the clock; the task scheduled stays, to be reused, and does nothing if it runs.
    private func stopClock() { deadline = nil }

    /// Stops the clock and its task: the connection is ending.
    private func cancelTimer() {
        deadline = nil
        timer?.cancel()
        timer = nil
        timerRuns = nil
    }

    // MARK: The body's rate

    /// After the body's clock moved: closes a body the whole grace behind, lists one half the
    /// grace behind for shedding (or sheds it at once at the cap), and sets the timer for the
    /// moment it crosses the next of these lines.
    private func checkBodyRate() {
        guard let context, let body, !closing else { return }
        rateTimer?.cancel()
        rateTimer = nil
        let now = NIODeadline.now()
        let owed = body.owed(at: now)
        if owed >= body.allowance {
            refuse(.bodyTooSlow)
            return
        }
        let behind = owed >= body.allowance / 2
        if behind, sheddable.isAtCapacity {
            refuse(.slowBodyShed)
            return
        }
        setBehind(behind)
        guard body.isWaiting else { return }
        let line = behind ? body.allowance : body.allowance / 2
        let nanoseconds = Int64(((line - owed) / Double(body.rate) * 1e9).rounded(.up)) + 1
        rateTimer = context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(nanoseconds)) {
            self.rateTimer = nil
            self.checkBodyRate()
        }
    }

    /// The body was read, or the connection is closing: its rate no longer matters.
    private func endBody() {
        body = nil
        rateTimer?.cancel()
        rateTimer = nil
        setBehind(false)
    }
}

/// What a request body owes ``ConnectionLimits/minimumBodyRate``: the rate times the time the
/// server waited for it, less the bytes that came, never less than minus one grace's worth (a
/// burst banks at most that much).
struct BodyRate {
    let rate: Int
    /// The grace in bytes: owing this much closes the body.
    let allowance: Double
    /// Owed as of ``settled``; negative: sent ahead.
    private var owedWhenSettled = 0.0
    private var settled: NIODeadline
    /// The server has asked for bytes that have not come yet.
    private(set) var isWaiting = false

    init(limits: ConnectionLimits, now: NIODeadline) {
        rate = limits.minimumBodyRate
        allowance =
            Double(limits.minimumBodyRate) * Double(limits.bodyRateGrace.components.seconds)
            + Double(limits.minimumBodyRate) * Double(limits.bodyRateGrace.components.attoseconds) / 1e18
        settled = now
    }

    func owed(at now: NIODeadline) -> Double {
        guard isWaiting else { return owedWhenSettled }
        return owedWhenSettled + Double(rate) * Double((now - settled).nanoseconds) / 1e9
    }

    private mutating func settle(at now: NIODeadline) {
        owedWhenSettled = owed(at: now)
        settled = now
    }

    mutating func startWaiting(at now: NIODeadline) {
        settle(at: now)
        isWaiting = true
    }

    mutating func stopWaiting(at now: NIODeadline) {
        settle(at: now)
        isWaiting = false
    }

    mutating func received(_ count: Int, at now: NIODeadline) {
        settle(at: now)
        owedWhenSettled = max(owedWhenSettled - Double(count), -allowance)
    }
}

/// After the HTTP decoder: tells the ``ConnectionGuard`` where requests and responses begin
/// and end, and about decoder errors.
final class RequestPartObserver: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let connectionGuard: ConnectionGuard
    private var closeAfterResponse = false

    init(guard connectionGuard: ConnectionGuard) { self.connectionGuard = connectionGuard }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: connectionGuard.requestHeadRead()
        case .body: break
        case .end: connectionGuard.requestEndRead()
        }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if error is IOError || error is ChannelError {
            context.fireErrorCaught(error)
            return
        }
        closeAfterResponse = true
        if connectionGuard.decoderFailed(error) { context.fireErrorCaught(error) }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let response):
            if response.status.code >= 200 {
                connectionGuard.responseBegan()
                if response.headerFields[.connection]?.lowercased() == "close" { closeAfterResponse = true }
            }
            context.write(data, promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            let close = closeAfterResponse
            let written = context.eventLoop.makePromise(of: Void.self)
            written.futureResult.cascade(to: promise)
            context.writeAndFlush(data, promise: written)
            written.futureResult.assumeIsolated().whenComplete { _ in self.connectionGuard.responseEnded(close: close) }
        }
    }
}
