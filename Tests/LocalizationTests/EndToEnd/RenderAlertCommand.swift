import Foundation
import Testing

/// Runs the built `render-alert` executable, as swift-argument-parser's end-to-end tests do.
enum RenderAlertCommand {
    struct Result {
        var status: Int32
        var output: String
        var error: String
        /// Killed after the time limit: the command hung.
        var timedOut: Bool
    }

    static var executable: URL {
        productsDirectory.appendingPathComponent("render-alert")
    }

    /// The build products directory, where the executable is built too. On Linux the tests run
    /// from it; on macOS they are a `.xctest` bundle inside it, loaded by a runner from Xcode.
    static var productsDirectory: URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        #endif
        return Bundle.main.bundleURL
    }

    /// Runs the command; `standardOutput` sends its output to that file instead of a pipe
    /// (`/dev/full`), `input` is its standard input, and `shellSetup` runs in `/bin/sh` before
    /// the command (`ulimit -f 1`); `shellCommand` runs a whole command line in `/bin/sh` instead
    /// (`cat requests.ndjson | render-alert localize --batch`). A command still running after
    /// `timeout` seconds is killed, so that a hang fails the test instead of stopping the run.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], directory: String? = nil,
        standardOutput: String? = nil, input: String? = nil, shellSetup: String? = nil, shellCommand: String? = nil,
        timeout: Double = 120
    ) throws -> Result {
        let process = Process()
        if let shellCommand {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", shellCommand]
        } else if let shellSetup {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", shellSetup + "; exec \"$0\" \"$@\"", executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env["COLUMNS"] = "200"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.currentDirectoryURL = URL(fileURLWithPath: directory ?? Fixtures.repositoryRoot)
        let output = Pipe()
        let error = Pipe()
        if let standardOutput {
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: standardOutput))
        } else {
            process.standardOutput = output
        }
        process.standardError = error
        let stdin = Pipe()
        if input != nil { process.standardInput = stdin }
        try process.run()
        // SIGKILL: the child inherits the test thread's blocked signals, SIGTERM among them.
        let pid = process.processIdentifier
        let deadline = DispatchWorkItem { if process.isRunning { kill(pid, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: deadline)
        if let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
        let outputData = standardOutput == nil ? output.fileHandleForReading.readDataToEndOfFile() : Data()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        deadline.cancel()
        return Result(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            error: String(decoding: errorData, as: UTF8.self),
            timedOut: process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
    }

    static func json(_ arguments: [String], directory: String? = nil) throws -> Any {
        let result = try run(arguments, directory: directory)
        return try JSONSerialization.jsonObject(with: Data(result.output.utf8))
    }
}
