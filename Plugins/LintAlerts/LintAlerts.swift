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
        let tool = try PluginsTraitIsOff.renderAlert { try context.tool(named: "render-alert").url }
        let status = try run(tool, ["lint"] + paths + options, in: context.package.directoryURL)
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

/// What a package sees when it uses the plugins without LocalizedAlerts' Plugins trait: SwiftPM
/// then builds no render-alert for them. (Plugins share no code: each holds this twin.)
struct PluginsTraitIsOff: Error, CustomStringConvertible {
    var description: String {
        #"LocalizedAlerts' plugins need its Plugins trait. Depend on it with .package(url: "https://github.com/localizedalerts/LocalizedAlerts", from: "0.1.0", traits: ["Plugins"]) (in Xcode 26.4 or later, tick Plugins in the package's Traits column); in the LocalizedAlerts package itself, run swift package --traits Plugins lint-alerts."#
    }

    /// render-alert's path, or this error when the trait is off.
    static func renderAlert(_ lookup: () throws -> URL) throws -> URL {
        do { return try lookup() } catch { throw PluginsTraitIsOff() }
    }
}
