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
}
