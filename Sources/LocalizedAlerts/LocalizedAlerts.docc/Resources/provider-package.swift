// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "PushService",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/localizedalerts/LocalizedAlerts", from: "0.1.0"),
    ],
    targets: [
        .executableTarget(
            name: "PushService",
            dependencies: [.product(name: "LocalizedAlerts", package: "LocalizedAlerts")]
        ),
    ]
)
