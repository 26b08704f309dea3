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
        // The HTTP service (docs/server.md): localize, batch and preview over HTTP for
        // providers in any language. Its own product, so that render-alert never builds Hummingbird.
        .executable(name: "render-alert-server", targets: ["render-alert-server"]),
        // `swift package lint-alerts`, and a build-tool plugin that lints a target's tables
        // while it builds (findings in SwiftPM's output and Xcode's issue navigator).
        .plugin(name: "LintAlerts", targets: ["LintAlerts"]),
        .plugin(name: "LintAlertsBuildTool", targets: ["LintAlertsBuildTool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // .render-alert.yml, lint's configuration file.
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // .ipa archives (zips) read by render-alert.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.19"),
        // DocC: swift package generate-documentation.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // render-alert-server only: the HTTP server, its lifecycle (signals, graceful shutdown),
        // logs and Prometheus metrics. Hummingbird without its default traits (swift-configuration
        // support and full Foundation), which the server does not use.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
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
        .target(
            name: "LocalizedAlerts",
            dependencies: ["CICU"]
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
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        // The HTTP service's app (routes, tables and their reload, metrics), a library so that
        // tests can start it in-process.
        .target(
            name: "LocalizedAlertsServer",
            dependencies: [
                "LocalizedAlerts",
                "LocalizedAlertsReports",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        .executableTarget(
            name: "render-alert-server",
            dependencies: [
                "LocalizedAlertsServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .plugin(
            name: "LintAlerts",
            capability: .command(
                intent: .custom(verb: "lint-alerts", description: "Checks the package's localized tables and payloads with render-alert lint")
            ),
            dependencies: ["render-alert"]
        ),
        .plugin(
            name: "LintAlertsBuildTool",
            capability: .buildTool(),
            dependencies: ["render-alert"]
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
        // The HTTP service end to end: real servers on loopback ports, real HTTP requests; the
        // signal tests run the built render-alert-server.
        .testTarget(
            name: "ServerTests",
            dependencies: [
                "LocalizedAlertsServer", "render-alert-server",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ]
)
