// swift-tools-version: 6.1
import Foundation
import PackageDescription

// The main package is this folder's parent; SwiftPM names a path dependency after its folder.
let mainPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent.lowercased()

// Benchmarks live in their own package so that the main package's tests never build them.
// Run with: cd Benchmarks && swift package benchmark
let package = Package(
    name: "LocalizedAlertsBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: ["Tables", "Localization", "Rendering", "Linting", "Hostile", "Android"].map { name in
        .executableTarget(
            name: name,
            dependencies: [
                .product(name: "LocalizedAlerts", package: mainPackage),
                .product(name: "LocalizedAlertsReports", package: mainPackage),
                .product(name: "Benchmark", package: "benchmark"),
                "SampleInput",
            ],
            path: "Benchmarks/\(name)",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    } + [
        // The sample app and the varied input, shared by the rendering benchmarks and the profile.
        .target(name: "SampleInput", dependencies: [.product(name: "LocalizedAlerts", package: mainPackage)], path: "Benchmarks/SampleInput"),
        // Not a benchmark: the provider's path in a loop, for callgrind and perf.
        .executableTarget(
            name: "ProviderProfile",
            dependencies: [
                .product(name: "LocalizedAlerts", package: mainPackage), .product(name: "LocalizedAlertsReports", package: mainPackage),
                "SampleInput",
            ],
            path: "Benchmarks/ProviderProfile"),
    ]
)
