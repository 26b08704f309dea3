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
    targets: [
        .executableTarget(
            name: "Tables",
            dependencies: [
                .product(name: "LocalizedAlerts", package: mainPackage),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Tables",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Localization",
            dependencies: [
                .product(name: "LocalizedAlerts", package: mainPackage),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Localization",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Rendering",
            dependencies: [
                .product(name: "LocalizedAlerts", package: mainPackage),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Rendering",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Linting",
            dependencies: [
                .product(name: "LocalizedAlerts", package: mainPackage),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Linting",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
