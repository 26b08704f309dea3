import Foundation
import Testing

/// Runs the built `render-alert` executable, as swift-argument-parser's end-to-end tests do.
enum RenderAlertCommand {
    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    static var executable: URL {
        // Tests run from the build products directory, where the executable is built too.
        let products = Bundle.main.bundleURL
        return products.appendingPathComponent("render-alert")
    }

    static func run(_ arguments: [String], environment: [String: String] = [:], directory: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env["COLUMNS"] = "200"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.currentDirectoryURL = URL(fileURLWithPath: directory ?? Fixtures.repositoryRoot)
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            error: String(decoding: errorData, as: UTF8.self))
    }

    static func json(_ arguments: [String], directory: String? = nil) throws -> Any {
        let result = try run(arguments, directory: directory)
        return try JSONSerialization.jsonObject(with: Data(result.output.utf8))
    }
}
