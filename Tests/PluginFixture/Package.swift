// swift-tools-version: 6.1
// A package that uses LocalizedAlerts' plugins as an app's package would, with the Plugins
// trait: the build-tool plugin lints Relay's tables whenever it builds, and `swift package
// lint-alerts` is available. scripts/test-plugins.sh builds a copy of it with a clean and with
// a broken table, and without the trait.
import PackageDescription

let package = Package(
    name: "PluginFixture",
    defaultLocalization: "en",
    dependencies: [.package(name: "LocalizedAlerts", path: "../..", traits: ["Plugins"])],
    targets: [
        .target(
            name: "Relay",
            resources: [.process("Resources")],
            plugins: [.plugin(name: "LintAlertsBuildTool", package: "LocalizedAlerts")]
        )
    ]
)
