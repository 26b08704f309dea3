// swift-tools-version: 6.1
import PackageDescription

// The HTTP service (docs/server.md): localize, batch and preview over HTTP for providers in any
// language. A package of its own beside the library's, so that neither a package depending on
// LocalizedAlerts nor the root `swift test` resolves or builds Hummingbird and NIO.
//
//   swift build --package-path Server -c release --product render-alert-server
//   swift test --package-path Server
let package = Package(
    name: "LocalizedAlertsServer",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "render-alert-server", targets: ["render-alert-server"])
    ],
    dependencies: [
        // The repository's root package: the library, its reporters and swift-argument-parser.
        // Named, so that its products are found whatever the clone's folder is called.
        .package(name: "LocalizedAlerts", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The HTTP server, its lifecycle (signals, graceful shutdown), logs, and metrics
        // (swift-metrics 2.13, whose withMetricsFactory binds a factory to a task) in Prometheus's
        // text format. Hummingbird without its default traits (swift-configuration support and
        // full Foundation), which the server does not use.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        // The HTTP service's app (routes, tables and their reload, metrics), a library so that
        // tests can start it in-process.
        .target(
            name: "LocalizedAlertsServer",
            dependencies: [
                .product(name: "LocalizedAlerts", package: "LocalizedAlerts"),
                .product(name: "LocalizedAlertsReports", package: "LocalizedAlerts"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            // GET /openapi.json, compiled in (see OpenAPIDocument.swift).
            resources: [.embedInCode("Resources/openapi.json")]
        ),
        .executableTarget(
            name: "render-alert-server",
            dependencies: [
                "LocalizedAlertsServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // A Hummingbird hello-world: the ceiling scripts/load/ceiling.sh measures the service
        // against, built and run the same way in the same session.
        .executableTarget(
            name: "hummingbird-hello",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")]
        ),
        // The HTTP service: its router through HummingbirdTesting, real servers on loopback
        // ports for what only a socket shows (limits, malformed HTTP, exact bytes); the signal
        // tests run the built render-alert-server.
        .testTarget(
            name: "ServerTests",
            dependencies: [
                "LocalizedAlertsServer", "render-alert-server",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
            ]
        ),
    ]
)
