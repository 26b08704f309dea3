import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reloads are all or nothing: a broken table never replaces a good one.
@Suite("render-alert-server reloads", .serialized)
struct ServerReloadTests {
    static let original = "Ana から着信がありました。"
    static let changed = "Ana さんから不在着信"

    /// The Japanese table as shipped, and as changed (both whole).
    static func tables(_ strings: String) throws -> (path: String, original: [UInt8], changed: [UInt8]) {
        let path = strings + "/ja.lproj/Localizable.strings"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let changed = text.replacingOccurrences(of: "\"%@ から着信がありました。\"", with: "\"%@ さんから不在着信\"")
        #expect(changed != text)
        return (path, Array(text.utf8), Array(changed.utf8))
    }

    static func utf16LE(_ text: String) -> [UInt8] {
        text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    static func reloads(_ port: Int, _ result: String) async throws -> Int {
        let metrics = try await HTTP.get(port: port, "/metrics").text
        let prefix = #"render_alert_table_reloads_total{result="\#(result)"} "#
        return metrics.split(separator: "\n").first { $0.hasPrefix(prefix) }.flatMap { Int($0.dropFirst(prefix.count)) } ?? 0
    }

    @Test("A table cut in a string, an empty one or invalid UTF-16: the reload fails, is shown and counted, the old tables serve")
    func brokenTables() async throws {
        let strings = try Paths.copyOfStrings()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: strings).deletingLastPathComponent().path) }
        let (path, original, _) = try Self.tables(strings)
        let server = try await ServerProcess.start(arguments: ["--strings", strings, "--port", "0"])
        let cut = Array(original[..<(original.count / 2)]) + Array("\"cut here".utf8)
        // UTF-16 with a high surrogate and no low one after it.
        let utf16: [UInt8] = [0xFF, 0xFE] + Self.utf16LE("\"call.missed.body\" = \"%@ ") + [0x00, 0xD8] + Self.utf16LE("\";\n")
        for (index, broken) in [cut, [], utf16].enumerated() {
            try Data(broken).write(to: URL(fileURLWithPath: path))
            server.signal(SIGHUP)
            #expect(try await eventually(timeout: 10) { try await Self.reloads(server.port, "failure") == index + 1 })
            #expect(try await ServerProcessTests.generation(port: server.port) == 1)
            #expect(try await ServerProcessTests.body(port: server.port) == Self.original)
            let ready = try await HTTP.get(port: server.port, "/readyz")
            #expect(ready.status == 200)
            let failure = try ready.json()["lastReloadFailure"] as? [String: Any]
            #expect((failure?["reason"] as? String)?.contains("ja.lproj/Localizable.strings:") == true)
            #expect(failure?["failures"] as? Int == index + 1)
        }
        #expect(try await Self.reloads(server.port, "success") == 0)
        #expect(try await HTTP.get(port: server.port, "/metrics").text.contains("render_alert_tables_last_reload_failed 1"))
        // Whole again: the reload succeeds and the failure is no longer shown.
        try Data(original).write(to: URL(fileURLWithPath: path))
        server.signal(SIGHUP)
        #expect(try await eventually(timeout: 10) { try await ServerProcessTests.generation(port: server.port) == 2 })
        #expect(try await HTTP.get(port: server.port, "/readyz").json()["lastReloadFailure"] == nil)
        server.signal(SIGTERM)
        #expect(await server.waitForExit() == 0)
        let log = server.standardError
        #expect(log.contains("error render-alert-server:"))
        #expect(log.contains("ja.lproj/Localizable.strings:1:1"))
    }

    /// The Japanese table with one `;` missing: every other entry still reads.
    static func missingSemicolon(_ original: [UInt8]) throws -> [UInt8] {
        let text = String(decoding: original, as: UTF8.self)
        let broken = text.replacingOccurrences(of: "\"写真を送信しました\";", with: "\"写真を送信しました\"")
        #expect(broken != text)
        return Array(broken.utf8)
    }

    @Test("A table with a syntax error: a reload refuses it, and a start refuses it for the same reason")
    func syntaxErrorAtStartAndReload() async throws {
        let strings = try Paths.copyOfStrings()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: strings).deletingLastPathComponent().path) }
        let (path, original, _) = try Self.tables(strings)
        let server = try await ServerProcess.start(arguments: ["--strings", strings, "--port", "0"])
        try Data(try Self.missingSemicolon(original)).write(to: URL(fileURLWithPath: path))
        server.signal(SIGHUP)
        #expect(try await eventually(timeout: 10) { try await Self.reloads(server.port, "failure") == 1 })
        let failure = try await HTTP.get(port: server.port, "/readyz").json()["lastReloadFailure"] as? [String: Any]
        let reason = try #require(failure?["reason"] as? String)
        #expect(reason.contains("ja.lproj/Localizable.strings:5:"), "\(reason)")
        #expect(try await ServerProcessTests.generation(port: server.port) == 1)
        server.signal(SIGTERM)
        #expect(await server.waitForExit() == 0)

        // A rollout (a restart) on the same tables is refused just as the reload was.
        let start = try await ServerProcess.failedStart(arguments: ["--strings", strings, "--port", "0"])
        #expect(start.status == 1)
        #expect(start.standardError.contains("cannot start: \(reason)"), "\(start.standardError)")

        // --accept-table-errors takes them, at start and on reload alike, and says so each time.
        let accepting = try await ServerProcess.start(arguments: ["--strings", strings, "--port", "0", "--accept-table-errors"])
        #expect(try await ServerProcessTests.generation(port: accepting.port) == 1)
        accepting.signal(SIGHUP)
        #expect(try await eventually(timeout: 10) { try await ServerProcessTests.generation(port: accepting.port) == 2 })
        accepting.signal(SIGTERM)
        #expect(await accepting.waitForExit() == 0)
        let warnings = accepting.standardError.split(separator: "\n").filter { $0.contains("serving tables with errors") }
        #expect(warnings.count == 2, "\(accepting.standardError)")
        #expect(warnings.allSatisfy { $0.contains(reason) }, "\(warnings)")
    }

    @Test("Tables rewritten in place while SIGHUPs arrive under load: every answer is sendable, from whole tables")
    func rewrittenUnderLoad() async throws {
        let strings = try Paths.copyOfStrings()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: strings).deletingLastPathComponent().path) }
        let (path, original, changed) = try Self.tables(strings)
        let server = try await ServerProcess.start(arguments: ["--strings", strings, "--port", "0"])
        let port = server.port
        let pid = server.process.processIdentifier
        // A SIGHUP as soon as the port is announced: the server traps it before it announces.
        server.signal(SIGHUP)
        #expect(try await eventually(timeout: 10) { try await ServerProcessTests.generation(port: port) == 2 })
        let done = StopFlag()
        // The writer: truncate, write half (cut inside a string), pause, write the rest; the two
        // versions in turn. A signaller: SIGHUP every 10 ms.
        let writer = Thread {
            var turn = 0
            while !done.isSet {
                let bytes = turn % 2 == 0 ? changed : original
                turn += 1
                let descriptor = open(path, O_WRONLY | O_TRUNC)
                guard descriptor >= 0 else { continue }
                let half = bytes.count / 2
                _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress!, half) }
                usleep(1_000)
                _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + half, bytes.count - half) }
                close(descriptor)
                usleep(3_000)
            }
        }
        let signaller = Self.hangups(to: pid, every: 10_000, until: done)
        writer.start()
        signaller.start()
        var answers = 0
        var wrong: [String] = []
        let deadline = Date().addingTimeInterval(3)
        while Date() < deadline {
            let response = try await HTTP.post(port: port, "/v1/localize", json: ServerProcessTests.request)
            let json = try response.json()
            let body = ((json["payload"] as? [String: Any])?["aps"] as? [String: Any]).flatMap { ($0["alert"] as? [String: Any])?["body"] as? String }
            answers += 1
            if json["sendable"] as? Bool != true || (body != Self.original && body != Self.changed) { wrong.append(response.text) }
        }
        done.set()
        try await Task.sleep(for: .milliseconds(50))
        let failures = try await Self.reloads(port, "failure")
        let successes = try await Self.reloads(port, "success")
        #expect(answers > 20)
        #expect(wrong.isEmpty, "\(wrong.count) of \(answers) answers from a broken table: \(wrong.first ?? "")")
        #expect(failures > 0, "no reload saw a half-written table (\(successes) succeeded)")
        server.signal(SIGTERM)
        #expect(await server.waitForExit() == 0)
    }
}

extension ServerReloadTests {
    /// A thread (not started) that sends SIGHUP to `pid` every `interval` microseconds until `done`.
    static func hangups(to pid: pid_t, every interval: useconds_t, until done: StopFlag) -> Thread {
        Thread {
            while !done.isSet {
                kill(pid, SIGHUP)
                usleep(interval)
            }
        }
    }
}

final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .relaxed) }
    func set() { value.store(true, ordering: .relaxed) }
}
