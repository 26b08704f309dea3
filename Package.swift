// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "LocalizedAlerts",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "LocalizedAlerts", targets: ["LocalizedAlerts"]),
        .executable(name: "render-alert", targets: ["render-alert"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // System ICU (libicu-dev) behind a header that shows only plain C types, so that Swift
        // modules importing Foundation (which bundles its own ICU) can use it without clashes.
        .target(
            name: "CICU",
            linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n"), .linkedLibrary("icudata")]
        ),
        .target(
            name: "LocalizedAlerts",
            dependencies: ["CICU"]
        ),
        .executableTarget(
            name: "render-alert",
            dependencies: [
                "LocalizedAlerts",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "LocalizationTests",
            dependencies: ["LocalizedAlerts"],
            exclude: ["Fixtures"],
            // Apple's own localization matcher, shipped inside the toolchain: a test-only oracle.
            linkerSettings: [.linkedLibrary("_FoundationICU")]
        ),
    ]
)
