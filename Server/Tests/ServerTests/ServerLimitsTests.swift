import Foundation
import LocalizedAlertsServer
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback connection that sends exactly what a hostile client sends (a slow head, an
/// oversized one, nothing at all) and reads what comes back until the server closes.
final class RawConnection: @unchecked Sendable {
    let socket: Int32

    init(port: Int, blocking: Bool = true) throws {
        #if canImport(Glibc)
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socket >= 0 else { throw HTTPClientError("socket: errno \(errno)") }
        if !blocking { _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK) }
        let result = HTTP.connectLoopback(socket, port: port)
        guard result == 0 || (!blocking && errno == EINPROGRESS) else {
            close(socket)
            throw HTTPClientError("connect to 127.0.0.1:\(port): errno \(errno)")
        }
    }

    deinit { close(socket) }

    /// Sends what it can within `timeout` seconds; false when the server stopped taking it.
    @discardableResult
    func send(_ bytes: [UInt8], timeout: Double = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var sent = 0
        while sent < bytes.count, Date() < deadline {
            var poller = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            if poller.revents & Int16(POLLERR | POLLHUP) != 0 { return false }
            let count = bytes.withUnsafeBytes { buffer in
                #if canImport(Glibc)
                Glibc.send(socket, buffer.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                #else
                Darwin.send(socket, buffer.baseAddress! + sent, bytes.count - sent, MSG_DONTWAIT)
                #endif
            }
            if count < 0, errno == EAGAIN { continue }
            if count <= 0 { return false }
            sent += count
        }
        return sent == bytes.count
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    /// Reads until the server closes (true) or `timeout` seconds pass (false), while reading
    /// whatever else the connection gets; what was read either way.
    func readUntilClosed(timeout: Double) -> (bytes: [UInt8], closed: Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while Date() < deadline {
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let count = recv(socket, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count == 0 { return (bytes, true) }
            if count < 0 {
                if errno == EAGAIN { continue }
                return (bytes, true)  // reset: closed too
            }
            bytes += buffer[0..<count]
        }
        return (bytes, false)
    }

    /// The response read until the server closes; throws when it does not within `timeout`.
    func responseThenClose(timeout: Double = 5) throws -> HTTPResponse {
        let (bytes, closed) = readUntilClosed(timeout: timeout)
        guard closed else { throw HTTPClientError("the connection is still open after \(timeout) s (\(bytes.count) bytes read)") }
        return try HTTP.parse(Data(bytes))
    }
}

/// The connection limits: each refused head is answered with its status and the connection
/// closed; slow and silent clients are timed out; at the open-file limit the server still answers.
@Suite("render-alert-server connection limits", .serialized)
struct ServerLimitsTests {
    static var small: ConnectionLimits {
        var limits = ConnectionLimits()
        limits.headerTimeout = .milliseconds(600)
        limits.idleTimeout = .milliseconds(600)
        limits.lingerTimeout = .milliseconds(500)
        return limits
    }

    static func exchange(port: Int, _ bytes: [UInt8], timeout: Double = 5) async throws -> HTTPResponse {
        try await offPool {
            let connection = try RawConnection(port: port)
            connection.send(bytes, timeout: timeout)
            return try connection.responseThenClose(timeout: timeout)
        }
    }

    @Test("A request line over the limit is 414 and closes, even at 8 MB")
    func requestLine() async throws {
        try await InProcessServer.with { server in
            let long = try await Self.exchange(
                port: server.port, Array("GET /\(String(repeating: "a", count: 9_000)) HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            #expect(long.status == 414)
            #expect(long.errorCode == "request-line-too-long")
            var huge = Array("GET /".utf8)
            huge += [UInt8](repeating: UInt8(ascii: "a"), count: 8 << 20)
            huge += Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
            let hugeResponse = try await Self.exchange(port: server.port, huge)
            #expect(hugeResponse.status == 414)
            // The server goes on.
            #expect(try await HTTP.get(port: server.port, "/healthz").status == 200)
        }
    }

    @Test("Header fields over the size or count limit are 431 and close")
    func headers() async throws {
        try await InProcessServer.with { server in
            let large = try await Self.exchange(
                port: server.port, Array("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Filler: \(String(repeating: "b", count: 40_000))\r\n\r\n".utf8))
            #expect(large.status == 431)
            #expect(large.errorCode == "headers-too-large")
            let many = (0..<150).map { "X-Field-\($0): v\r\n" }.joined()
            let manyResponse = try await Self.exchange(port: server.port, Array("GET /healthz HTTP/1.1\r\nHost: x\r\n\(many)\r\n".utf8))
            #expect(manyResponse.status == 431)
            // Under the limits: answered, and the connection stays open for the next request.
            let fine = try await offPool {
                let connection = try RawConnection(port: server.port)
                connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Filler: \(String(repeating: "b", count: 1_000))\r\n\r\n")
                return connection.readUntilClosed(timeout: 0.3)
            }
            #expect(!fine.closed)
            #expect(String(decoding: fine.bytes, as: UTF8.self).hasPrefix("HTTP/1.1 200"))
        }
    }

    @Test("A chunk size that overflows is 400 bad-request and closes; so is a head that is not HTTP")
    func malformed() async throws {
        try await InProcessServer.with { server in
            let chunk = try await Self.exchange(
                port: server.port,
                Array(
                    "POST /v1/localize HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nfffffffffffffffffffffff\r\n{}\r\n"
                        .utf8))
            #expect(chunk.status == 400)
            #expect(chunk.errorCode == "bad-request")
            let garbage = try await Self.exchange(port: server.port, Array("NOT HTTP AT ALL\r\n\r\n".utf8))
            #expect(garbage.status == 400)
            #expect(try await HTTP.get(port: server.port, "/healthz").status == 200)
        }
    }

    @Test("A head sent a line at a time past the header timeout is 408 and closed; a silent connection too")
    func slowHead() async throws {
        try await InProcessServer.with(limits: Self.small) { server in
            let (response, elapsed) = try await offPool {
                let start = Date()
                let connection = try RawConnection(port: server.port)
                connection.send("GET /healthz HTTP/1.1\r\n")
                var received: [UInt8] = []
                for index in 0..<40 {
                    guard connection.send(Array("X-Slow-\(index): v\r\n".utf8), timeout: 0.5) else { break }
                    let (bytes, closed) = connection.readUntilClosed(timeout: 0.1)
                    received += bytes
                    if closed { return (try HTTP.parse(Data(received)), Date().timeIntervalSince(start)) }
                }
                received += connection.readUntilClosed(timeout: 2).bytes
                return (try HTTP.parse(Data(received)), Date().timeIntervalSince(start))
            }
            #expect(response.status == 408)
            #expect(response.errorCode == "request-timeout")
            #expect(elapsed < 2.5)
            let silent = try await offPool { try RawConnection(port: server.port).responseThenClose(timeout: 3) }
            #expect(silent.status == 408)
            // A keep-alive connection idle past the idle timeout is closed.
            let idle = try await offPool {
                let connection = try RawConnection(port: server.port)
                connection.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
                return connection.readUntilClosed(timeout: 3)
            }
            #expect(idle.closed)
            #expect(String(decoding: idle.bytes, as: UTF8.self).hasPrefix("HTTP/1.1 200"))
            let metrics = try await HTTP.get(port: server.port, "/metrics").text
            #expect(metrics.contains(#"render_alert_http_connections_closed_total{reason="header-timeout"}"#))
            #expect(metrics.contains(#"render_alert_http_connections_closed_total{reason="idle-timeout"}"#))
        }
    }

    @Test("Hundreds of idle and slow clients past the open-file limit: the server still answers, without spinning")
    func flood() async throws {
        let server = try await ServerProcess.start(
            arguments: ["--strings", Paths.strings, "--port", "0", "--header-timeout", "1", "--idle-timeout", "1"], openFileLimit: 96)
        let port = server.port
        let pid = server.process.processIdentifier
        func cpuTicks() -> Int {
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
            return fields.count > 12 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : 0
        }
        // 300 connections that send nothing, and 20 that send a head a byte at a time: far more
        // than 96 descriptors.
        let idle = try (0..<300).map { _ in try RawConnection(port: port, blocking: false) }
        let slow = try (0..<20).map { _ in try RawConnection(port: port, blocking: false) }
        try await Task.sleep(for: .milliseconds(300))
        for connection in slow { connection.send(Array("GET /healthz HTTP/1.1\r\nX".utf8), timeout: 0.05) }
        let ticks = cpuTicks()
        let start = Date()
        let health = try await HTTP.request(port: port, "GET", "/healthz", timeout: 5)
        #expect(health.status == 200)
        #expect(Date().timeIntervalSince(start) < 3)
        try await Task.sleep(for: .seconds(1))
        let used = Double(cpuTicks() - ticks) / Double(sysconf(Int32(_SC_CLK_TCK))) / Date().timeIntervalSince(start)
        #expect(used < 0.5, "the server used \(Int(used * 100)) % of a core while flooded")
        let metrics = try await HTTP.get(port: port, "/metrics").text
        #expect(metrics.contains("render_alert_http_connections_closed_total"))
        withExtendedLifetime((idle, slow)) {}
        server.signal(SIGTERM)
        #expect(await server.waitForExit() == 0)
        #expect(server.standardError.contains("connection cap lowered"))
    }
}
