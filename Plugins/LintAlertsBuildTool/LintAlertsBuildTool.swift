import Foundation
import PackagePlugin

/// Lints a target's localized tables (`.strings`, `.stringsdict`, `.xcstrings`) during the
/// build with `render-alert lint --format xcode`: each finding is a
/// `file:line:column: error|warning: message` line, which SwiftPM prints and Xcode lists in its
/// issue navigator; an error fails the build.
///
/// A build command runs only to make its outputs, so this one makes a stamp in the plugin's
/// work folder, written only when the lint passes: the lint runs again whenever a table
/// changes, or after it failed. The stamp is a Swift file holding one comment, compiled into
/// the target: any other kind of output would be copied into the target's resource bundle.
@main
struct LintAlertsBuildTool: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tables = target.sourceFiles.map(\.url).filter { Self.isTable($0) }
        return try Self.commands(
            tables: tables, tool: PluginsTraitIsOff.renderAlert { try context.tool(named: "render-alert").url },
            workDirectory: context.pluginWorkDirectoryURL,
            targetName: target.name)
    }

    static func isTable(_ url: URL) -> Bool {
        ["strings", "stringsdict", "xcstrings"].contains(url.pathExtension)
    }

    /// The folders `render-alert lint` reads as apps: the one holding a table's `.lproj`
    /// folder, or a catalog's own folder. Each is linted whole, so that the consistency rules
    /// (a key missing in one language) see every localization.
    static func appDirectories(_ tables: [URL]) -> [String] {
        let folders = tables.map { table -> URL in
            let folder = table.deletingLastPathComponent()
            return folder.pathExtension == "lproj" ? folder.deletingLastPathComponent() : folder
        }
        return Set(folders.map(\.standardizedFileURL.path)).sorted()
    }

    static func commands(tables: [URL], tool: URL, workDirectory: URL, targetName: String) -> [Command] {
        guard !tables.isEmpty else { return [] }
        let stamp = workDirectory.appendingPathComponent("render-alert-lint.generated.swift")
        // /bin/sh writes the stamp once render-alert has passed; its status is the command's.
        let script = #"""
            rm -f "$LINT_ALERTS_STAMP" && "$0" lint --format xcode "$@" \
              && echo '// render-alert lint passed: this file marks it for the build (LintAlertsBuildTool).' > "$LINT_ALERTS_STAMP"
            """#
        return [
            .buildCommand(
                displayName: "Linting the localized strings of \(targetName)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, tool.path] + appDirectories(tables),
                environment: ["LINT_ALERTS_STAMP": stamp.path],
                inputFiles: [tool] + tables,
                outputFiles: [stamp])
        ]
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

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same for an app target of an Xcode project (Build Phases › Run Build Tool Plug-ins).
extension LintAlertsBuildTool: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let tables = target.inputFiles.map(\.url).filter { Self.isTable($0) }
        return try Self.commands(
            tables: tables, tool: PluginsTraitIsOff.renderAlert { try context.tool(named: "render-alert").url },
            workDirectory: context.pluginWorkDirectoryURL,
            targetName: target.displayName)
    }
}
#endif
