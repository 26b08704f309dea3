import Foundation
import LocalizedAlertsServer
import Logging
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum Paths {
    /// Server/Tests/ServerTests/Harness.swift, four folders below the repository's root.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let strings = repositoryRoot + "/Resources/strings"

    /// Where `swift build` put the executables (the tests run from there on Linux).
    static var productsDirectory: URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        #endif
        return Bundle.main.bundleURL
    }

    /// A fresh copy of the sample tables, to change and reload.
    static func copyOfStrings() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("render-alert-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let copy = directory.appendingPathComponent("strings")
        try FileManager.default.copyItem(atPath: strings, toPath: copy.path)
        return copy.path
    }
}

/// A server started in this process on a free loopback port.
struct InProcessServer {
    let server: LocalizationServer
    let running: RunningServer
    var port: Int { running.port }

    static func start(
        token: String? = nil, maximumBodyBytes: Int? = nil, limits: ConnectionLimits? = nil, strings: String = Paths.strings
    ) async throws -> InProcessServer {
        var configuration = ServerConfiguration(strings: strings)
        configuration.port = 0
        configuration.token = token
        if let limits { configuration.limits = limits }
        if let maximumBodyBytes { configuration.maximumBodyBytes = maximumBodyBytes }
        var logger = Logger(label: "render-alert-server-test")
        logger.logLevel = .warning
        let server = try LocalizationServer(configuration: configuration, logger: logger)
        return InProcessServer(server: server, running: try await server.start())
    }

    /// Runs `body` against a new server, then stops it.
    static func with<T>(
        token: String? = nil, maximumBodyBytes: Int? = nil, limits: ConnectionLimits? = nil, _ body: (InProcessServer) async throws -> T
    ) async throws -> T {
        let server = try await start(token: token, maximumBodyBytes: maximumBodyBytes, limits: limits)
        do {
            let result = try await body(server)
            try await server.running.stop()
            return result
        } catch {
            try? await server.running.stop()
            throw error
        }
    }
}

/// The built `render-alert-server`, run as a process.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    let output = Pipe()
    /// Standard error goes to a file: a pipe nobody reads until the end would fill up and stop
    /// a server that logs much (a reload each few milliseconds).
    let errorPath = FileManager.default.temporaryDirectory.appendingPathComponent("render-alert-server-\(UUID().uuidString).log").path
    private(set) var port = 0

    /// `openFileLimit`: run under `prlimit --nofile=N` (util-linux), the server's descriptors capped.
    static func start(arguments: [String], openFileLimit: Int? = nil) async throws -> ServerProcess {
        try await offPool { try ServerProcess(arguments: arguments, openFileLimit: openFileLimit) }
    }

    private init(arguments: [String], openFileLimit: Int?) throws {
        let server = Paths.productsDirectory.appendingPathComponent("render-alert-server")
        if let openFileLimit {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
            process.arguments = ["--nofile=\(openFileLimit)", server.path] + arguments
        } else {
            process.executableURL = server
            process.arguments = arguments
        }
        process.standardOutput = output
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: errorPath)
        try process.run()
        // The first line: `listening on http://127.0.0.1:PORT`.
        let line = try readLine(from: output.fileHandleForReading, timeout: 60)
        guard line.hasPrefix("listening on http://127.0.0.1:"), let port = Int(line.split(separator: ":").last ?? "") else {
            process.terminate()
            throw HTTPClientError("unexpected first line \(line.debugDescription); standard error: \(standardError)")
        }
        self.port = port
    }

    /// Runs the server where it is expected not to start: its exit status (nil when it was still
    /// running after `timeout` seconds, and was stopped) and standard error.
    static func failedStart(arguments: [String], timeout: Double = 30) async throws -> (status: Int32?, standardError: String) {
        let process = Process()
        process.executableURL = Paths.productsDirectory.appendingPathComponent("render-alert-server")
        process.arguments = arguments
        let errorPath = FileManager.default.temporaryDirectory.appendingPathComponent("render-alert-server-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: errorPath)
        process.standardOutput = Pipe()
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        var status: Int32?
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        } else {
            status = process.terminationStatus
        }
        return (status, (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
    }

    private func readLine(from handle: FileHandle, timeout: Double) throws -> String {
        var bytes: [UInt8] = []
        let descriptor = handle.fileDescriptor
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(descriptor, &byte, 1) == 1 else { break }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// Waits for the process to exit; nil when it has not within `timeout` seconds (then it is killed).
    func waitForExit(timeout: Double = 30) async -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning {
            process.terminate()
            return nil
        }
        return process.terminationStatus
    }

    /// Standard error, once the process has exited.
    var standardError: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    deinit {
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(atPath: errorPath)
    }
}

/// Polls until `condition` holds (or `timeout` passes).
func eventually(timeout: Double = 20, _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(50))
    }
    return try await condition()
}
