import Foundation
import LocalizedAlertsServer
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Deploying tables: a release swapped in by a symbolic link is read whole, never mixed with
/// the one before; a reload that would lose tables says so and, unless told otherwise, keeps
/// the ones served.
@Suite("render-alert-server deployments", .serialized)
struct ServerDeploymentTests {
    /// A release: English with a title and a body, French with the title only (its body falls
    /// back to English), each marked with the release's number, and `filler` more keys each so
    /// that a read takes a while.
    static func writeRelease(_ directory: String, number: Int, filler: Int = 3_000) throws {
        let fillerLines = (0..<filler).map { "\"filler.\($0)\" = \"\($0) \(number)\";\n" }.joined()
        for (language, entries) in [
            ("en", "\"alert.title\" = \"Title \(number)\";\n\"alert.body\" = \"Body \(number)\";\n"),
            ("fr", "\"alert.title\" = \"Titre \(number)\";\n"),
        ] {
            try FileManager.default.createDirectory(atPath: "\(directory)/\(language).lproj", withIntermediateDirectories: true)
            try Data((entries + fillerLines).utf8).write(to: URL(fileURLWithPath: "\(directory)/\(language).lproj/Localizable.strings"))
        }
    }

    /// The documented deployment: the release in a folder of its own, a link to it made beside
    /// the served one and renamed over it (`ln -s`, then `mv -T`).
    static func deploy(_ base: String, number: Int) throws {
        let release = "\(base)/releases/\(number)"
        try writeRelease(release, number: number)
        let next = "\(base)/strings.next"
        unlink(next)
        guard symlink(release, next) == 0, rename(next, "\(base)/strings") == 0 else {
            throw HTTPClientError("cannot swap the link to \(release): errno \(errno)")
        }
    }

    static let request =
        #"{"payload":{"aps":{"alert":{"title-loc-key":"alert.title","loc-key":"alert.body"}}},"languages":["fr"],"fallback":"development-region"}"#

    /// The release numbers of an answer's title and body.
    static func releases(port: Int) async throws -> (title: Int?, body: Int?, text: String) {
        let response = try await HTTP.post(port: port, "/v1/localize", json: request)
        let alert = (((try response.json())["payload"] as? [String: Any])?["aps"] as? [String: Any])?["alert"] as? [String: Any]
        func number(_ field: String, _ prefix: String) -> Int? {
            (alert?[field] as? String).flatMap { $0.hasPrefix(prefix) ? Int($0.dropFirst(prefix.count)) : nil }
        }
        return (number("title", "Titre "), number("body", "Body "), response.text)
    }

    @Test("Releases swapped in by a link while SIGHUPs and requests arrive: every reload reads one release, no answer mixes two")
    func linkSwappedUnderReloads() async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("render-alert-server-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        try Self.deploy(base, number: 1)
        let server = try await ServerProcess.start(arguments: ["--strings", "\(base)/strings", "--port", "0", "--development-region", "en"])
        let port = server.port
        let pid = server.process.processIdentifier
        let first = try await Self.releases(port: port)
        #expect(first.title == 1 && first.body == 1, "\(first.text)")
        let done = StopFlag()
        let deployed = Atomic<Int>(1)
        let deployer = Thread {
            var number = 1
            while !done.isSet {
                number += 1
                guard (try? Self.deploy(base, number: number)) != nil else { break }
                deployed.store(number, ordering: .relaxed)
                usleep(10_000)
            }
        }
        let signaller = ServerReloadTests.hangups(to: pid, every: 5_000, until: done)
        deployer.start()
        signaller.start()
        var answers = 0
        var mixed: [String] = []
        let deadline = Date().addingTimeInterval(2.5)
        while Date() < deadline {
            let answer = try await Self.releases(port: port)
            answers += 1
            if answer.title == nil || answer.title != answer.body {
                mixed.append(answer.text.count > 300 ? String(answer.text.prefix(300)) + "…" : answer.text)
            }
        }
        done.set()
        while !deployer.isFinished || !signaller.isFinished { try await Task.sleep(for: .milliseconds(10)) }
        // Once the last release is in place, one more SIGHUP serves it.
        let last = deployed.load(ordering: .relaxed)
        server.signal(SIGHUP)
        #expect(try await eventually(timeout: 10) { try await Self.releases(port: port).title == last })
        let failures = try await ServerReloadTests.reloads(port, "failure")
        let successes = try await ServerReloadTests.reloads(port, "success")
        #expect(last > 20)
        #expect(answers > 20)
        #expect(mixed.isEmpty, "\(mixed.count) of \(answers) answers mix two releases: \(mixed.first ?? "")")
        #expect(successes > 10)
        #expect(failures == 0, "\(failures) reloads failed while releases were swapped in (\(successes) succeeded)")
        server.signal(SIGTERM)
        #expect(await server.waitForExit() == 0)
        #expect(!server.standardError.contains("changed while they were read"), "\(server.standardError.suffix(2_000))")
    }

    @Test("A reload that loses a localization, a table or a quarter of a table's keys is refused and says what went")
    func lossesRefused() throws {
        let strings = try Paths.copyOfStrings()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: strings).deletingLastPathComponent().path) }
        let store = try TableStore(directory: strings)
        let fileManager = FileManager.default
        // Every table of one localization deleted, its folder left.
        for name in try fileManager.contentsOfDirectory(atPath: "\(strings)/de.lproj") {
            try fileManager.removeItem(atPath: "\(strings)/de.lproj/\(name)")
        }
        // One table gone from another.
        try fileManager.removeItem(atPath: "\(strings)/fr.lproj/Localizable.stringsdict")
        // A table cut at an entry boundary, a third of its entries kept.
        let ja = "\(strings)/ja.lproj/Localizable.strings"
        let entries = try String(contentsOfFile: ja, encoding: .utf8).components(separatedBy: ";\n")
        try (entries.prefix(entries.count / 3).joined(separator: ";\n") + ";\n").write(toFile: ja, atomically: true, encoding: .utf8)
        let refusal = #expect(throws: TableLoadError.self) { try store.reload() }
        let reason = try #require(refusal?.description)
        #expect(reason.contains("localization de is gone") || reason.contains("de.lproj/Localizable.strings is gone"), "\(reason)")
        #expect(reason.contains("fr.lproj/Localizable.stringsdict is gone"), "\(reason)")
        #expect(reason.contains("ja.lproj/Localizable.strings has "), "\(reason)")
        #expect(reason.contains("--accept-table-losses"))
        #expect(store.current.generation == 1)
        #expect(store.lastFailure?.reason == reason)

        // Taken when told to, with the losses listed; the next reload compares with what is then served.
        let sample = try TableStore(directory: try Paths.copyOfStrings(), acceptsTableLosses: true)
        let sampleDirectory = try #require(sample.directory)
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: sampleDirectory).deletingLastPathComponent().path) }
        try fileManager.removeItem(atPath: "\(sampleDirectory)/fr.lproj/Localizable.stringsdict")
        let loaded = try sample.reload()
        #expect(loaded.generation == 2)
        #expect(loaded.losses == ["fr.lproj/Localizable.stringsdict is gone"])
        #expect(try sample.reload().losses.isEmpty)
    }

    @Test("A lost localization on SIGHUP: logged, counted and shown in /readyz; --accept-table-losses takes it with a warning")
    func lossesLogged() async throws {
        var logs: [String] = []
        for accepting in [false, true] {
            let strings = try Paths.copyOfStrings()
            defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: strings).deletingLastPathComponent().path) }
            let server = try await ServerProcess.start(
                arguments: ["--strings", strings, "--port", "0"] + (accepting ? ["--accept-table-losses"] : []))
            try FileManager.default.removeItem(atPath: "\(strings)/pt-PT.lproj")
            server.signal(SIGHUP)
            if accepting {
                #expect(try await eventually(timeout: 10) { try await ServerProcessTests.generation(port: server.port) == 2 })
            } else {
                #expect(try await eventually(timeout: 10) { try await ServerReloadTests.reloads(server.port, "failure") == 1 })
                #expect(try await ServerProcessTests.generation(port: server.port) == 1)
                let failure = try await HTTP.get(port: server.port, "/readyz").json()["lastReloadFailure"] as? [String: Any]
                #expect((failure?["reason"] as? String)?.contains("localization pt-PT is gone") == true, "\(failure ?? [:])")
            }
            server.signal(SIGTERM)
            #expect(await server.waitForExit() == 0)
            logs.append(server.standardError)
        }
        #expect(logs[0].contains("error render-alert-server:"))
        let warning = logs[1].split(separator: "\n").first { $0.contains("tables reloaded with losses") }
        #expect(warning?.contains("warning render-alert-server:") == true, "\(logs[1])")
        #expect(warning?.contains("localization pt-PT is gone") == true)
    }
}
