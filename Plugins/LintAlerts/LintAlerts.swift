import Foundation
import PackagePlugin

/// `swift package lint-alerts [--target NAME]... [render-alert lint options]`: runs
/// `render-alert lint` over the package (or the named targets' folders), from the package's
/// directory, so that relative paths in the options (`--payloads push`) mean the same as in a
/// shell. Findings are printed as `render-alert lint` prints them (`--format human` unless an
/// option says otherwise); the command fails when the lint does.
@main
struct LintAlerts: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let options = extractor.remainingArguments
        let root = context.package.directoryURL.standardizedFileURL.path
        var paths: [String] = []
        for target in try context.package.targets(named: targetNames) {
            let directory = target.directoryURL.standardizedFileURL.path
            paths.append(directory.hasPrefix(root + "/") ? String(directory.dropFirst(root.count + 1)) : directory)
        }
        let status = try run(context.tool(named: "render-alert").url, ["lint"] + paths + options, in: context.package.directoryURL)
        if status != 0 {
            throw LintFailed(status: status)
        }
    }

    func run(_ tool: URL, _ arguments: [String], in directory: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

struct LintFailed: Error, CustomStringConvertible {
    var status: Int32
    var description: String {
        status == 1
            ? "render-alert lint found problems (exit status 1)"
            : "render-alert lint could not check the package (exit status \(status))"
    }
}
