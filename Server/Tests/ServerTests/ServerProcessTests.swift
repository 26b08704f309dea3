import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built executable: its first line, SIGHUP reloads and SIGTERM.
@Suite("render-alert-server process", .serialized)
struct ServerProcessTests {
    static let request = #"{"payload": {"aps": {"alert": {"loc-key": "call.missed.body", "loc-args": ["Ana"]}}}, "languages": ["ja"]}"#

    static func body(port: Int) async throws -> String? {
        let json = try await HTTP.post(port: port, "/v1/localize", json: request).json()
        return ((json["payload"] as? [String: Any])?["aps"] as? [String: Any]).flatMap { ($0["alert"] as? [String: Any])?["body"] as? String }
    }

    static func generation(port: Int) async throws -> Int? {
        try await HTTP.get(port: port, "/v1/localizations").json()["generation"] as? Int
    }

    @Test("SIGHUP reloads changed tables (generation 2); a failed reload keeps them; SIGTERM exits 0")
    func reloadAndShutdown() async throws {
        let strings = try Paths.copyOfStrings()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: strings).deletingLastPathComponent().path) }
        let server = try await ServerProcess.start(arguments: ["--strings", strings, "--port", "0"])
        #expect(try await Self.body(port: server.port) == "Ana から着信がありました。")
        #expect(try await Self.generation(port: server.port) == 1)

        // A changed table is served after SIGHUP.
        let table = strings + "/ja.lproj/Localizable.strings"
        let text = try String(contentsOfFile: table, encoding: .utf8)
        try text.replacingOccurrences(of: "\"%@ から着信がありました。\"", with: "\"%@ さんから不在着信\"").write(toFile: table, atomically: true, encoding: .utf8)
        server.signal(SIGHUP)
        #expect(try await eventually { try await Self.generation(port: server.port) == 2 })
        #expect(try await Self.body(port: server.port) == "Ana さんから不在着信")

        // The directory vanishes: the reload fails, the tables in force stay.
        let moved = strings + ".moved"
        try FileManager.default.moveItem(atPath: strings, toPath: moved)
        server.signal(SIGHUP)
        #expect(
            try await eventually {
                try await HTTP.get(port: server.port, "/metrics").text.contains(#"render_alert_table_reloads_total{result="failure"} 1"#)
            })
        #expect(try await Self.generation(port: server.port) == 2)
        #expect(try await Self.body(port: server.port) == "Ana さんから不在着信")

        // An empty directory (no tables) fails the same way.
        try FileManager.default.createDirectory(atPath: strings, withIntermediateDirectories: false)
        server.signal(SIGHUP)
        #expect(
            try await eventually {
                try await HTTP.get(port: server.port, "/metrics").text.contains(#"render_alert_table_reloads_total{result="failure"} 2"#)
            })
        #expect(try await Self.generation(port: server.port) == 2)
        #expect(try await HTTP.get(port: server.port, "/readyz").status == 200)

        server.signal(SIGTERM)
        #expect(await server.waitForExit() == 0)
        let log = server.standardError
        #expect(log.contains("tables reloaded"))
        #expect(log.contains("tables not reloaded"))
        #expect(log.contains("holds no table"))
    }

    @Test("SIGINT shuts down gracefully too")
    func interrupt() async throws {
        let server = try await ServerProcess.start(arguments: ["--strings", Paths.strings, "--port", "0", "--token", "t"])
        #expect(try await HTTP.get(port: server.port, "/v1/localizations").status == 401)
        #expect(try await HTTP.get(port: server.port, "/v1/localizations", headers: ["Authorization": "Bearer t"]).status == 200)
        // The executable's metrics: Hummingbird's request metrics and the service's own, in the
        // one registry /metrics writes out.
        let metrics = try await HTTP.get(port: server.port, "/metrics").text
        #expect(metrics.contains(#"render_alert_http_requests_total{endpoint="/v1/localizations",method="GET",status="401"} 1"#), "\(metrics)")
        #expect(metrics.contains(#"render_alert_http_requests_total{endpoint="/v1/localizations",method="GET",status="200"} 1"#))
        #expect(metrics.contains("render_alert_tables_generation 1"))
        server.signal(SIGINT)
        #expect(await server.waitForExit() == 0)
    }

    @Test("Tables that cannot be read: the server does not start, and says why")
    func unreadableTables() throws {
        let process = Process()
        process.executableURL = Paths.productsDirectory.appendingPathComponent("render-alert-server")
        process.arguments = ["--strings", "/nonexistent/strings", "--port", "0"]
        let error = Pipe()
        process.standardError = error
        process.standardOutput = Pipe()
        try process.run()
        let log = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(log.contains("cannot start"))
    }
}
