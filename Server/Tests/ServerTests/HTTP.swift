import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A minimal HTTP/1.1 client over a loopback socket: exactly the bytes we send (a chunked body,
/// a body over the limit), and the response as the server wrote it. For what HummingbirdTesting's
/// router client (``RouterClient``) cannot show: limits, transfer codings, and servers run as
/// processes.
struct HTTPResponse {
    var status: Int
    var headers: [String: String]
    var body: Data

    var text: String { String(decoding: body, as: UTF8.self) }
    func json() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else { throw HTTPClientError("not a JSON object: \(text)") }
        return object
    }
    /// `{"error": {"code": …}}`'s code.
    var errorCode: String? { ((try? json())?["error"] as? [String: Any])?["code"] as? String }
}

struct HTTPClientError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Runs blocking work on a thread of its own, never on the concurrency pool: a test blocked in
/// `recv` must not starve the in-process server it is waiting for (2 cores, 2 pool threads).
func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.start()
    }
}

extension HTTPResponse: @unchecked Sendable {}

enum HTTP {
    /// Sends one request with `Connection: close` and reads the response to the end.
    static func request(
        port: Int, _ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil, chunked: Bool = false,
        timeout: Int = 30
    ) async throws -> HTTPResponse {
        try await offPool { try blockingRequest(port: port, method, path, headers: headers, body: body, chunked: chunked, timeout: timeout) }
    }

    static func blockingRequest(
        port: Int, _ method: String, _ path: String, headers: [String: String], body: Data?, chunked: Bool, timeout: Int
    ) throws -> HTTPResponse {
        let socket = try connect(port: port, timeout: timeout)
        defer { close(socket) }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        var bytes = Data()
        if let body {
            if chunked {
                head += "Transfer-Encoding: chunked\r\n\r\n"
                bytes.append(Data(head.utf8))
                var offset = 0
                while offset < body.count {
                    let piece = body[body.startIndex + offset..<body.startIndex + min(body.count, offset + 65_536)]
                    bytes.append(Data((String(piece.count, radix: 16) + "\r\n").utf8))
                    bytes.append(piece)
                    bytes.append(Data("\r\n".utf8))
                    offset += piece.count
                }
                bytes.append(Data("0\r\n\r\n".utf8))
            } else {
                head += "Content-Length: \(body.count)\r\n\r\n"
                bytes.append(Data(head.utf8))
                bytes.append(body)
            }
        } else {
            bytes.append(Data((head + "\r\n").utf8))
        }
        // A server may answer (413) and close before it has read everything: a failed send is
        // not an error as long as a response comes.
        _ = send(socket, bytes)
        shutdown(socket, Int32(SHUT_WR))
        return try parse(receiveAll(socket))
    }

    static func post(port: Int, _ path: String, json: String, headers: [String: String] = [:]) async throws -> HTTPResponse {
        try await request(
            port: port, "POST", path, headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a }, body: Data(json.utf8))
    }

    static func get(port: Int, _ path: String, headers: [String: String] = [:]) async throws -> HTTPResponse {
        try await request(port: port, "GET", path, headers: headers)
    }

    private static func connect(port: Int, timeout: Int) throws -> Int32 {
        #if canImport(Glibc)
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socket >= 0 else { throw HTTPClientError("socket: \(errno)") }
        var time = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        guard connectLoopback(socket, port: port) == 0 else {
            close(socket)
            throw HTTPClientError("connect to 127.0.0.1:\(port): errno \(errno)")
        }
        return socket
    }

    /// `connect(2)` to 127.0.0.1:`port`.
    static func connectLoopback(_ socket: Int32, port: Int) -> Int32 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }

    private static func send(_ socket: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { buffer in
            var sent = 0
            while sent < buffer.count {
                #if canImport(Glibc)
                let count = Glibc.send(socket, buffer.baseAddress! + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
                #else
                let count = Darwin.send(socket, buffer.baseAddress! + sent, buffer.count - sent, 0)
                #endif
                if count <= 0 { return false }
                sent += count
            }
            return true
        }
    }

    private static func receiveAll(_ socket: Int32) throws -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count == 0 { break }
            if count < 0 {
                if errno == ECONNRESET, !data.isEmpty { break }
                throw HTTPClientError("recv: errno \(errno) after \(data.count) bytes")
            }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    static func parse(_ data: Data) throws -> HTTPResponse {
        guard let end = data.range(of: Data("\r\n\r\n".utf8)) else { throw HTTPClientError("no response head in \(data.count) bytes") }
        let head = String(decoding: data[data.startIndex..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusLine = head[0].split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw HTTPClientError("bad status line \(head[0])") }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(data[end.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = try dechunk(body) }
        return HTTPResponse(status: status, headers: headers, body: body)
    }

    static func dechunk(_ data: Data) throws -> Data {
        var output = Data()
        var index = data.startIndex
        while true {
            guard let lineEnd = data[index...].range(of: Data("\r\n".utf8)) else { throw HTTPClientError("truncated chunked body") }
            let sizeText = String(decoding: data[index..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";")[0]
            guard let size = Int(sizeText, radix: 16) else { throw HTTPClientError("bad chunk size \(sizeText)") }
            index = lineEnd.upperBound
            if size == 0 { return output }
            output.append(data[index..<index + size])
            index += size + 2
        }
    }
}
