import Foundation
import LocalizedAlertsServer
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Request bodies that arrive too slowly, and heads that settle a request before its body:
/// neither may hold a connection, and at the cap neither may keep other clients out.
@Suite("render-alert-server slow bodies", .serialized)
struct ServerBodyRateTests {
    /// Timeouts long enough that only the body's rate (or an answer that closes) ends a slow
    /// body within a test.
    static func limits(minimumBodyRate: Int = 1_000, grace: Duration = .seconds(1), maximumConnections: Int = 1_024) -> ConnectionLimits {
        var limits = ConnectionLimits()
        limits.headerTimeout = .seconds(20)
        limits.idleTimeout = .seconds(20)
        limits.lingerTimeout = .milliseconds(300)
        limits.minimumBodyRate = minimumBodyRate
        limits.bodyRateGrace = grace
        limits.maximumConnections = maximumConnections
        return limits
    }

    static let localize = #"{"payload":{"aps":{"alert":{"loc-key":"call.missed.body","loc-args":["Ana"]}}},"languages":["fr"]}"#

    /// Clients that each send a request head at once, then its body a byte every 50 ms (20
    /// bytes a second), coming back whenever the server closes them, until stopped.
    final class SlowBodyClients: Sendable {
        let stop = StopFlag()
        private let answers = Mutex<[String]>([])
        /// Clients still running.
        private let running = Atomic<Int>(0)

        init(port: Int, count: Int, path: String = "/v1/localize", headers: String = "") {
            running.store(count, ordering: .relaxed)
            for _ in 0..<count {
                Thread { [self] in
                    defer { running.subtract(1, ordering: .relaxed) }
                    while !stop.isSet {
                        guard let connection = try? RawConnection(port: port) else { return }
                        connection.send(
                            "POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\(headers)Content-Length: 100000\r\n\r\n")
                        while !stop.isSet {
                            guard connection.send([UInt8(ascii: "{")], timeout: 0.5) else { break }
                            let (bytes, closed) = connection.readUntilClosed(timeout: 0.05)
                            if !bytes.isEmpty || closed {
                                let rest = closed ? [] : connection.readUntilClosed(timeout: 1).bytes
                                answers.withLock { $0.append(String(decoding: bytes + rest, as: UTF8.self)) }
                                break
                            }
                        }
                    }
                }
                .start()
            }
        }

        /// What the server answered the connections it closed ("" for none).
        var closedWith: [String] { answers.withLock { $0 } }

        func finish() {
            stop.set()
            while running.load(ordering: .relaxed) > 0 { usleep(10_000) }
        }
    }

    @Test("Slow bodies past the connection cap, coming back when closed: ordinary requests are still answered")
    func slowBodiesAtTheCap() async throws {
        try await InProcessServer.with(limits: Self.limits(maximumConnections: 4)) { server in
            // Six slow bodies for four connections: the cap is held, two wait in the backlog.
            let slow = SlowBodyClients(port: server.port, count: 6)
            try await Task.sleep(for: .milliseconds(300))
            let answers = try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
                for _ in 0..<3 {
                    group.addTask {
                        try await HTTP.request(
                            port: server.port, "POST", "/v1/localize", headers: ["Content-Type": "application/json"], body: Data(Self.localize.utf8),
                            timeout: 8)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            await offPoolFinish(slow)
            #expect(answers.map(\.status) == [200, 200, 200])
            // The slow bodies were refused with a 408 that says why.
            let refused = slow.closedWith.filter { $0.hasPrefix("HTTP/1.1 408") }
            #expect(!refused.isEmpty, "\(slow.closedWith.prefix(3))")
            #expect(refused.allSatisfy { $0.contains("--min-body-rate") })
        }
    }

    @Test("At the cap, a connection that sends its request 30 ms after opening is not shed as silent")
    func briefSilenceNotShed() async throws {
        // No body rate: bodies in progress hold their connections, so the late sender is the
        // only silent connection when the cap is hit again.
        try await InProcessServer.with(limits: Self.limits(minimumBodyRate: 0, maximumConnections: 3)) { server in
            let head = "POST /v1/localize HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
            let statuses = try await offPool {
                let holder = try RawConnection(port: server.port)
                holder.send(head)
                var statuses: [Int] = []
                for _ in 0..<5 {
                    let closing = try RawConnection(port: server.port)
                    closing.send(head)
                    usleep(100_000)
                    // The late sender takes the last slot; a third waits in the backlog. Closing a
                    // body in progress frees a slot: the third is accepted and the cap hit again
                    // while the late sender has not sent yet.
                    let late = try RawConnection(port: server.port)
                    let waiting = try RawConnection(port: server.port, blocking: false)
                    usleep(10_000)
                    shutdown(closing.socket, Int32(SHUT_RDWR))
                    usleep(30_000)
                    late.send(Array("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), timeout: 1)
                    let (bytes, _) = late.readUntilClosed(timeout: 2)
                    statuses.append((try? HTTP.parse(Data(bytes)))?.status ?? 0)
                    withExtendedLifetime(waiting) {}
                }
                withExtendedLifetime(holder) {}
                return statuses
            }
            #expect(statuses == Array(repeating: 200, count: 5))
        }
    }

    @Test("A batch whose lines trickle in is closed once it falls behind the rate; a batch that keeps up is answered whole")
    func slowBatch() async throws {
        try await InProcessServer.with(limits: Self.limits(minimumBodyRate: 2_000, grace: .milliseconds(500))) { server in
            let (bytes, closed) = try await offPool {
                let connection = try RawConnection(port: server.port)
                connection.send(
                    "POST /v1/localize/batch HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-ndjson\r\nTransfer-Encoding: chunked\r\n\r\n")
                let line = Array((Self.localize + "\n").utf8)
                var received: [UInt8] = []
                // One line, then a byte of the next every 50 ms: 20 bytes a second.
                connection.send(Array((String(line.count, radix: 16) + "\r\n").utf8) + line + Array("\r\n".utf8))
                for _ in 0..<100 {
                    guard connection.send(Array("1\r\n \r\n".utf8), timeout: 0.5) else { break }
                    let (bytes, closed) = connection.readUntilClosed(timeout: 0.05)
                    received += bytes
                    if closed { return (received, true) }
                }
                return (received, false)
            }
            #expect(closed, "a batch trickling 20 bytes a second is still open after 5 s")
            // The line that came was answered before the stream was cut.
            #expect(String(decoding: bytes, as: UTF8.self).contains(#""sendable":true"#))
            // 2,000 lines sent at once, in 64 KB chunks: over the grace in all, yet answered whole.
            let batch = String(repeating: Self.localize + "\n", count: 2_000)
            let response = try await HTTP.request(
                port: server.port, "POST", "/v1/localize/batch", headers: ["Content-Type": "application/x-ndjson"], body: Data(batch.utf8),
                chunked: true)
            #expect(response.status == 200)
            #expect(response.text.split(separator: "\n").count == 2_000)
            let metrics = try await HTTP.get(port: server.port, "/metrics").text
            #expect(metrics.contains(#"render_alert_http_connections_closed_total{reason="body-too-slow"} 1"#))
        }
    }

    @Test("With --token, a 401 is decided from the head: a slow body is not read and the connection closes")
    func unauthorizedSlowBody() async throws {
        // No body rate: closing is the 401's doing.
        try await InProcessServer.with(token: "secret", limits: Self.limits(minimumBodyRate: 0)) { server in
            for headers in ["", "Authorization: Bearer wrong\r\n"] {
                let (bytes, closed) = try await offPool {
                    let connection = try RawConnection(port: server.port)
                    connection.send(
                        "POST /v1/localize HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\(headers)Content-Length: 100000\r\n\r\n{")
                    var received: [UInt8] = []
                    for _ in 0..<40 {
                        guard connection.send([UInt8(ascii: " ")], timeout: 0.5) else { break }
                        let (bytes, closed) = connection.readUntilClosed(timeout: 0.05)
                        received += bytes
                        if closed { return (received, true) }
                    }
                    return (received, false)
                }
                #expect(closed, "the connection of a 401 is still open while its body trickles in")
                let response = try HTTP.parse(Data(bytes))
                #expect(response.status == 401)
                #expect(response.errorCode == "unauthorized")
                #expect(response.headers["connection"] == "close")
            }
            // An unknown path with a body, too; without one the connection stays for the next request.
            let notFound = try await ServerLimitsTests.exchange(
                port: server.port, Array("POST /v2/nowhere HTTP/1.1\r\nHost: x\r\nContent-Length: 50000\r\n\r\n{".utf8), timeout: 2)
            #expect(notFound.status == 404)
            let kept = try await offPool {
                let connection = try RawConnection(port: server.port)
                connection.send("GET /v1/localizations HTTP/1.1\r\nHost: x\r\n\r\n")
                return connection.readUntilClosed(timeout: 0.5)
            }
            #expect(!kept.closed)
            #expect(String(decoding: kept.bytes, as: UTF8.self).hasPrefix("HTTP/1.1 401"))
        }
    }

    @Test("A Content-Length too large for a 64-bit integer, or at its edge, is 413 at once")
    func hugeContentLength() async throws {
        try await InProcessServer.with(limits: Self.limits(minimumBodyRate: 0)) { server in
            for length in ["9223372036854775808", "18446744073709551615", "9223372036854775807", "00000000000000000000001048577"] {
                let response = try await ServerLimitsTests.exchange(
                    port: server.port,
                    Array("POST /v1/localize HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n\r\n{".utf8),
                    timeout: 2)
                #expect(response.status == 413, "Content-Length: \(length)")
                #expect(response.errorCode == "body-too-large")
            }
            // Past 2^64 − 1 the decoder refuses the head itself.
            let beyond = try await ServerLimitsTests.exchange(
                port: server.port,
                Array("POST /v1/localize HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n{".utf8), timeout: 2)
            #expect(beyond.status == 400)
        }
    }
}

func offPoolFinish(_ clients: ServerBodyRateTests.SlowBodyClients) async {
    _ = try? await offPool { clients.finish() }
}
