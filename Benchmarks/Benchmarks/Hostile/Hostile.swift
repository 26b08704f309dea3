import Benchmark
import Foundation
import LocalizedAlerts

/// Inputs shaped to find quadratic behaviour: everything on one long line, many `%`, variables
/// that refer to variables. Each should cost about as much per byte as ordinary input; the
/// Foundation baselines read the same bytes.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(3), maxIterations: 200)

    // 50,000 entries on a single line (about 1 MB).
    let oneLine = Array((0..<50_000).map { "\"key\($0)\"=\"value \($0)\";" }.joined().utf8)
    precondition(LocalizationTable(parsing: oneLine).count == 50_000)
    Benchmark("One-line .strings, 50,000 entries (1 MB)/LocalizedAlerts") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(LocalizationTable(parsing: oneLine)) }
    }
    Benchmark("One-line .strings, 50,000 entries (1 MB)/Foundation PropertyListSerialization") { benchmark in
        let data = Data(oneLine)
        for _ in benchmark.scaledIterations { blackHole(try! PropertyListSerialization.propertyList(from: data, format: nil)) }
    }

    // A compact payload with 150,000 values on one line (300 KB).
    let payload = Array(("{\"aps\":{\"alert\":\"hi\"},\"x\":[" + Array(repeating: "0", count: 150_000).joined(separator: ",") + "]}").utf8)
    Benchmark("One-line JSON, 150,000 values (300 KB)/LocalizedAlerts NotificationPayload") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(NotificationPayload(parsing: payload)) }
    }
    Benchmark("One-line JSON, 150,000 values (300 KB)/Foundation JSONSerialization") { benchmark in
        let data = Data(payload)
        for _ in benchmark.scaledIterations { blackHole(try! JSONSerialization.jsonObject(with: data)) }
    }

    // 100,000 specifiers in one format.
    let percents = String(repeating: "%@ %d %% %5$@ ", count: 25_000)
    let arguments: [FormatArgument] = ["a", "1", "b", "c", "d"]
    Benchmark("Format with 100,000 specifiers/FormatString + DeviceFormat + ServerFormatter") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(FormatString(percents).argumentUses.count)
            blackHole(DeviceFormat(percents).apply(["a", "b"]))
            blackHole(ServerFormatter(locale: "en").format(percents, arguments: arguments))
        }
    }

    // A localized value of 20,000 specifiers the device drops: each is explained, 50 are listed.
    let dropping = String(repeating: "%d ", count: 20_000)
    let droppingApp = AppLocalizations(localizations: [
        .init(name: "en", path: nil, tables: ["Localizable": LocalizationTable(parsing: Array("\"k\" = \"\(dropping)\";".utf8))])
    ])
    let droppingPayload = NotificationPayload(parsing: Array(#"{"aps":{"alert":{"loc-key":"k","loc-args":["a"]}}}"#.utf8))
    let droppingRenderer = AlertRenderer(app: droppingApp)
    precondition(droppingRenderer.render(droppingPayload, preferredLanguages: ["en"]).diagnostics.contains { $0.message.contains("19950 more") })
    Benchmark("Render a value with 20,000 dropped specifiers/AlertRenderer") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(droppingRenderer.render(droppingPayload, preferredLanguages: ["en"])) }
    }

    // Each form names the variable eight times: 8^16 texts unless expansion is bounded.
    let forms = String(repeating: "%#@v@", count: 8) + "x"
    let variable = LocalizedFormat.Variable(name: "v", kind: .plural, valueType: "d", cases: [.init(name: "other", format: forms)])
    let nested = LocalizedValue.format(LocalizedFormat(formatKey: "%#@v@", variables: [variable]))
    Benchmark("Self-referring plural variables (bounded expansion)/ServerFormatter") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(ServerFormatter(locale: "en").format(nested, arguments: ["1"])) }
    }

    // Round two (an independent audit). Each was quadratic, exponential or unbounded before.

    // 4,000 keys of a compiled table share one 60 KB value (120 KB; 240 MB if copied per entry).
    let amplified = CompiledPropertyList.table(keys: (1...4_000).map { "k\($0)" }, sharedValue: String(repeating: "v", count: 60_000))
    precondition(LocalizationTable(parsing: amplified).diagnostics.contains { $0.id == "plist.expands-too-much" })
    Benchmark("Compiled table, 4,000 keys sharing a 60 KB value (120 KB)/LocalizedAlerts: refused") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(LocalizationTable(parsing: amplified)) }
    }

    // A compiled .stringsdict whose device variants all point at one dictionary, 20 levels deep:
    // 4^20 paths in 700 bytes.
    let tree = CompiledPropertyList.sharedVariants(levels: 20)
    precondition(StringsDictionary(parsing: tree).diagnostics.contains { $0.id == "plist.expands-too-much" })
    Benchmark("Compiled .stringsdict of shared variants, 4^20 paths (700 bytes)/LocalizedAlerts: refused") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(StringsDictionary(parsing: tree)) }
    }

    // One value of 20,000 "50% off " (160 KB): 20,000 findings of one rule, located in the value.
    let accidents = HostileApp(value: String(repeating: "50% off ", count: 20_000))
    Benchmark("Lint one value of 20,000 stray % (160 KB)/Linter") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Linter().lint(accidents.app)) }
    }

    // One value of 100,000 %d (200 KB), sent in a push: every one is dropped by the device.
    let dropped = HostileApp(value: String(repeating: "%d", count: 100_000))
    let pushed = NotificationPayload(parsing: #"{"aps":{"alert":{"loc-key":"k","loc-args":["a"]}}}"#)
    Benchmark("Lint one pushed value of 100,000 %d (200 KB)/Linter with a payload") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Linter().lint(dropped.app, payloads: [pushed])) }
    }

    // A String Catalog with one key in 100,000 languages (6.5 MB).
    let catalog = Array(
        (#"{"sourceLanguage":"en","version":"1.0","strings":{"k":{"localizations":{"#
            + (0..<100_000).map { #""l\#($0)":{"stringUnit":{"state":"translated","value":"x"}}"# }.joined(separator: ",") + "}}}}").utf8)
    Benchmark("String Catalog of 100,000 languages (6.5 MB)/read + lint") { benchmark in
        for _ in benchmark.scaledIterations {
            let app = AppLocalizations(localizations: [], catalogs: ["Localizable": StringCatalog(parsing: catalog)])
            blackHole(Linter().lint(app))
        }
    }

    // String Catalogs whose languages spread over their keys rather than piling on one key:
    // each key has English and a language of its own; then 50 languages sharing 2,000 keys.
    // Each is linted, with or without a payload, in time linear in its size.
    func catalogBytes(keys: Int, languages: (Int) -> [String]) -> [UInt8] {
        let strings = (0..<keys).map { key in
            let units = (["en"] + languages(key)).map { #""\#($0)":{"stringUnit":{"state":"translated","value":"v\#(key) %@"}}"# }
            return #""k\#(key)":{"localizations":{"# + units.joined(separator: ",") + "}}"
        }
        return Array((#"{"sourceLanguage":"en","version":"1.0","strings":{"# + strings.joined(separator: ",") + "}}").utf8)
    }
    for (name, bytes) in [
        ("a language per key, 10,000 keys", catalogBytes(keys: 10_000) { ["l\($0)"] }),
        ("50 languages on 2,000 keys", catalogBytes(keys: 2_000) { key in (0..<50).map { "l\(($0 + key) % 50)" } }),
    ] {
        Benchmark("String Catalog, \(name) (\(bytes.count / 1_000) KB)/read + lint", configuration: .init(maxIterations: 5)) { benchmark in
            for _ in benchmark.scaledIterations {
                let app = AppLocalizations(localizations: [], catalogs: ["Localizable": StringCatalog(parsing: bytes)])
                blackHole(Linter().lint(app))
            }
        }
        // With a payload, a device for each language: the matcher meets the bundle's whole
        // list once per device.
        let payload = NotificationPayload(parsing: Array(#"{"aps":{"alert":{"loc-key":"k1","loc-args":["a"]}}}"#.utf8))
        Benchmark("String Catalog, \(name) (\(bytes.count / 1_000) KB)/read + lint with a payload", configuration: .init(maxIterations: 5)) {
            benchmark in
            for _ in benchmark.scaledIterations {
                let app = AppLocalizations(localizations: [], catalogs: ["Localizable": StringCatalog(parsing: bytes)])
                blackHole(Linter().lint(app, payloads: [payload]))
            }
        }
        Benchmark("String Catalog, \(name) (\(bytes.count / 1_000) KB)/Foundation JSONSerialization", configuration: .init(maxIterations: 5)) {
            benchmark in
            let data = Data(bytes)
            for _ in benchmark.scaledIterations { blackHole(try! JSONSerialization.jsonObject(with: data)) }
        }
    }

    // A push-key manifest of 10,000 keys against an app of 40 localizations that has them all:
    // each key is a payload taken to every localization (400,000 lookups and server texts).
    let manifestLanguages = (0..<40).map { "l\($0)" }
    let manifestTables = manifestLanguages.map { language in
        Array((0..<10_000).map { "\"k\($0)\" = \"\(language) text \($0) for %@\";\n" }.joined().utf8)
    }
    let manifestApp = AppLocalizations(
        localizations: zip(manifestLanguages, manifestTables).map { language, table in
            .init(name: language, path: nil, tables: ["Localizable": LocalizationTable(parsing: table)])
        })
    let manifest = PushManifest(
        parsing: Array(
            (#"{"version":1,"keys":["# + (0..<10_000).map { #"{"key":"k\#($0)","arguments":["string"]}"# }.joined(separator: ",") + "]}").utf8))
    precondition(manifest.diagnostics.isEmpty && manifest.payloads.count == 10_000)
    Benchmark("Manifest of 10,000 keys x 40 localizations/Linter", configuration: .init(maxIterations: 5)) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Linter().lint(manifestApp, payloads: manifest.payloads)) }
    }
    Benchmark("Manifest of 10,000 keys x 40 localizations/Foundation reads the 40 tables", configuration: .init(maxIterations: 5)) { benchmark in
        let data = manifestTables.map { Data($0) }
        for _ in benchmark.scaledIterations {
            for table in data { blackHole(try! PropertyListSerialization.propertyList(from: table, format: nil)) }
        }
    }

    // A UTF-16 table whose value is 250,000 lone surrogates (500 KB).
    let surrogates: [UInt8] =
        [0xFF, 0xFE] + Array(#""k" = ""#.utf8).flatMap { [$0, 0] }
        + Array(repeating: [0x00, 0xD8], count: 250_000).flatMap { $0 } + Array(#"";"#.utf8).flatMap { [$0, 0] }
    Benchmark("UTF-16 table of 250,000 lone surrogates (500 KB)/LocalizedAlerts") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(LocalizationTable(parsing: surrogates)) }
    }

    // 20,000 requests, each from a device with languages no other request has: every cache
    // stays within its bound.
    let relay = try! AppLocalizations(directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/../../../Resources/strings")
    let request = NotificationPayload(parsing: #"{"aps":{"alert":{"loc-key":"call.missed.body","loc-args":["Ana"]}}}"#)
    Benchmark("Localize 20,000 requests of distinct languages/AlertRenderer (server mode)", configuration: .init(maxIterations: 3)) { benchmark in
        for _ in benchmark.scaledIterations {
            let renderer = AlertRenderer(app: relay)
            for index in 0..<20_000 {
                blackHole(renderer.localize(request, preferredLanguages: ["x\(index)-R\(index % 977)", "fr-CA", "en"], mode: .server))
            }
        }
    }
}

/// An app of one localization whose Localizable table has one entry, "k".
struct HostileApp {
    let app: AppLocalizations

    init(value: String) {
        let table = LocalizationTable(parsing: Array("\"k\" = \"\(value)\";".utf8), file: "Localizable.strings")
        app = AppLocalizations(localizations: [.init(name: "en", path: nil, tables: ["Localizable": table])])
    }
}

/// Compiled (`bplist00`) files whose objects are shared, written object by object.
enum CompiledPropertyList {
    enum Object {
        case ascii(String)
        case dictionary(keys: [Int], values: [Int])
    }

    static func write(_ objects: [Object]) -> [UInt8] {
        func bigEndian(_ value: Int, _ size: Int) -> [UInt8] { (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        func length(_ marker: UInt8, _ count: Int) -> [UInt8] { count < 15 ? [marker | UInt8(count)] : [marker | 0x0F, 0x12] + bigEndian(count, 4) }
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            switch object {
            case .ascii(let text): bytes += length(0x50, text.utf8.count) + Array(text.utf8)
            case .dictionary(let keys, let values): bytes += length(0xD0, keys.count) + (keys + values).flatMap { bigEndian($0, 4) }
            }
        }
        let table = bytes.count
        for offset in offsets { bytes += bigEndian(offset, 4) }
        return bytes + [0, 0, 0, 0, 0, 0, 4, 4] + bigEndian(objects.count, 8) + bigEndian(0, 8) + bigEndian(table, 8)
    }

    /// A dictionary (object 0) whose keys all refer to one string object.
    static func table(keys: [String], sharedValue: String) -> [UInt8] {
        write(
            [.dictionary(keys: Array(2..<(2 + keys.count)), values: Array(repeating: 1, count: keys.count)), .ascii(sharedValue)]
                + keys.map { .ascii($0) })
    }

    /// A .stringsdict of one entry whose device variants, level after level, all refer to the
    /// same next-level dictionary.
    static func sharedVariants(levels: Int) -> [UInt8] {
        var objects: [Object] = [
            .ascii(""), .ascii("k"), .ascii("NSStringDeviceSpecificRuleType"), .ascii("iphone"), .ascii("ipad"), .ascii("mac"), .ascii("other"),
            .ascii("leaf %@"),
        ]
        var level = objects.count - 1
        for _ in 0..<levels {
            objects.append(.dictionary(keys: [3, 4, 5, 6], values: [level, level, level, level]))
            objects.append(.dictionary(keys: [2], values: [objects.count - 1]))
            level = objects.count - 1
        }
        objects[0] = .dictionary(keys: [1], values: [level])
        return write(objects)
    }
}
