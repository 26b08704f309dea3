// swift-tools-version: 6.1
import Foundation
import PackageDescription

// libFuzzer targets, in their own package so that the main package's build and tests never
// compile them. Build and run them with scripts/fuzz.sh, which passes -sanitize=fuzzer
// (-sanitize=fuzzer,address with --asan: one flag, as swiftc keeps only the last -sanitize=).
let mainPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent.lowercased()

let fuzzTargets = [
    "FuzzStrings", "FuzzStringsdict", "FuzzCatalog", "FuzzPayload", "FuzzFormatString", "FuzzDeviceFormat", "FuzzMatcher",
    // Structure-aware: the input is a recipe for a compiled property list.
    "FuzzBinaryPlist",
    // Differential: .strings against Foundation's PropertyListSerialization.
    "FuzzStringsFoundation",
    // Android: strings.xml and FCM messages, rendered for both phones.
    "FuzzAndroidStrings", "FuzzFCMMessage",
    // A built app's resource table, binary and protobuf, rendered.
    "FuzzResourceTable",
]

let package = Package(
    name: "LocalizedAlertsFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "..")],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [.product(name: "LocalizedAlerts", package: mainPackage)],
            path: "Sources/FuzzSupport"
        )
    ]
        + fuzzTargets.map { name in
            .executableTarget(
                name: name,
                dependencies: ["FuzzSupport", .product(name: "LocalizedAlerts", package: mainPackage)],
                path: "Sources/\(name)"
            )
        }
)
