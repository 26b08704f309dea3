// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "LocalizedAlerts",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "LocalizedAlerts", targets: ["LocalizedAlerts"]),
        // Findings and previews as JSON, SARIF, Xcode, GitHub, terminal and HTML output: what
        // render-alert prints, for any other front end (an HTTP service, an editor).
        .library(name: "LocalizedAlertsReports", targets: ["LocalizedAlertsReports"]),
        .executable(name: "render-alert", targets: ["render-alert"]),
        // The HTTP service (docs/server.md) is its own package, Server/Package.swift: a package
        // that depends on this one never resolves Hummingbird, NIO or swift-crypto.
        // `swift package lint-alerts`, and a build-tool plugin that lints a target's tables
        // while it builds (findings in SwiftPM's output and Xcode's issue navigator). Both need
        // the Plugins trait (docs/integrations.md).
        .plugin(name: "LintAlerts", targets: ["LintAlerts"]),
        .plugin(name: "LintAlertsBuildTool", targets: ["LintAlertsBuildTool"]),
    ],
    // The command-line tool's own dependencies (argument parsing, YAML, zip) are used only when
    // the CommandLineTool trait is on, as it is by default. A package that wants the library
    // alone depends on this one with `traits: []` and resolves none of them.
    //
    // The plugins run render-alert built for the host: SwiftPM builds that second copy of the
    // tool and all it depends on whenever it builds a package's plugins, so they are a trait of
    // their own, off by default. Otherwise `swift test` here would compile everything twice.
    traits: [
        .default(enabledTraits: ["CommandLineTool"]),
        .trait(name: "CommandLineTool", description: "Build render-alert: swift-argument-parser, Yams and ZIPFoundation."),
        .trait(
            name: "Plugins", description: "The lint-alerts command plugin and the LintAlertsBuildTool build-tool plugin.",
            enabledTraits: ["CommandLineTool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // .render-alert.yml, lint's configuration file.
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // .ipa archives (zips) read by render-alert.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.19"),
        // DocC: swift package generate-documentation.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // System ICU, found with pkg-config: a machine without it gets SwiftPM's install hint.
        // Homebrew's icu4c is keg-only: PKG_CONFIG_PATH="$(brew --prefix icu4c)/lib/pkgconfig".
        .systemLibrary(
            name: "SystemICU",
            pkgConfig: "icu-uc icu-i18n",
            providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]
        ),
        // ICU behind a header that shows only plain C types, so that Swift modules importing
        // Foundation (which bundles its own ICU) can use it without clashes.
        .target(
            name: "CICU",
            dependencies: ["SystemICU"]
        ),
        // The readers' scans over ordinary bytes, with SSE2 where the machine has it.
        .target(name: "CByteScan"),
        .target(
            name: "LocalizedAlerts",
            dependencies: ["CICU", "CByteScan"]
        ),
        .target(
            name: "LocalizedAlertsReports",
            dependencies: ["LocalizedAlerts"]
        ),
        .executableTarget(
            name: "render-alert",
            dependencies: [
                "LocalizedAlerts",
                "LocalizedAlertsReports",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["CommandLineTool"])),
                .product(name: "Yams", package: "Yams", condition: .when(traits: ["CommandLineTool"])),
                .product(name: "ZIPFoundation", package: "ZIPFoundation", condition: .when(traits: ["CommandLineTool"])),
            ]
        ),
        .plugin(
            name: "LintAlerts",
            capability: .command(
                intent: .custom(verb: "lint-alerts", description: "Checks the package's localized tables and payloads with render-alert lint")
            ),
            dependencies: [.target(name: "render-alert", condition: .when(traits: ["Plugins"]))]
        ),
        .plugin(
            name: "LintAlertsBuildTool",
            capability: .buildTool(),
            dependencies: [.target(name: "render-alert", condition: .when(traits: ["Plugins"]))]
        ),
        .testTarget(
            name: "LocalizationTests",
            dependencies: ["LocalizedAlerts"],
            exclude: ["Fixtures"],
            // Apple's own localization matcher, shipped inside the Linux toolchain: a test-only
            // oracle (on macOS the oracle tests are skipped).
            linkerSettings: [.linkedLibrary("_FoundationICU", .when(platforms: [.linux]))]
        ),
        // The reporters' output, in-process, against snapshots kept beside the tests.
        .testTarget(
            name: "ReportsTests",
            dependencies: ["LocalizedAlerts", "LocalizedAlertsReports"],
            exclude: ["Snapshots"]
        ),
    ]
)
