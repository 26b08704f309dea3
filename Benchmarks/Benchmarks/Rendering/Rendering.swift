import Benchmark
import Foundation
import LocalizedAlerts
import LocalizedAlertsReports
import SampleInput

/// Rendering one payload (a title key, a body key with two arguments) with the tables loaded,
/// against the Foundation baseline: a dictionary lookup per key plus String(format:).
let benchmarks: @Sendable () -> Void = {
    batchBenchmarks()
    variedBenchmarks()
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        maxDuration: .seconds(3),
        maxIterations: 5_000_000
    )
    let strings = Sample.directory + "/strings"
    let app = try! AppLocalizations(directory: strings)
    let renderer = AlertRenderer(app: app)
    let payload = NotificationPayload(
        parsing: """
            {"aps":{"alert":{"title-loc-key":"call.missed.title","loc-key":"file.shared.body","loc-args":["Noor","Trip plan.pdf"]}}}
            """)
    let preferred = ["fr-CA"]
    precondition(renderer.render(payload, preferredLanguages: preferred).body?.text == "Noor a partagé « Trip plan.pdf » avec vous.")

    Benchmark("Render title key + body key with two arguments/LocalizedAlerts") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(renderer.render(payload, preferredLanguages: preferred))
        }
    }

    let context = renderer.context(preferredLanguages: preferred)
    Benchmark("Render title key + body key with two arguments/LocalizedAlerts, context kept") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(context.render(payload))
        }
    }

    // Foundation baseline: the same table read by Foundation, a lookup per key, String(format:).
    let data = FileManager.default.contents(atPath: strings + "/fr-CA.lproj/Localizable.strings")!
    let table = try! PropertyListSerialization.propertyList(from: data, format: nil) as! [String: String]
    let arguments: [CVarArg] = ["Noor", "Trip plan.pdf"]
    precondition(String(format: table["file.shared.body"]!, arguments: arguments) == "Noor a partagé « Trip plan.pdf » avec vous.")
    Benchmark("Render title key + body key with two arguments/Foundation dictionary + String(format:)") { benchmark in
        for _ in benchmark.scaledIterations {
            let title = table["call.missed.title"] ?? "call.missed.title"
            let body = String(format: table["file.shared.body"] ?? "file.shared.body", arguments: arguments)
            blackHole(title)
            blackHole(body)
        }
    }

    // The provider's real path: payload bytes in, the rendered alert out.
    let payloadBytes = Array(
        #"{"aps":{"alert":{"title-loc-key":"call.missed.title","loc-key":"file.shared.body","loc-args":["Noor","Trip plan.pdf"]}}}"#.utf8)
    Benchmark("Read a payload (JSON) and render it/LocalizedAlerts", configuration: .init(maxIterations: 1_000_000)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(renderer.render(NotificationPayload(parsing: payloadBytes), preferredLanguages: preferred))
        }
    }
    let payloadData = Data(payloadBytes)
    Benchmark(
        "Read a payload (JSON) and render it/Foundation JSONSerialization + dictionary + String(format:)",
        configuration: .init(maxIterations: 1_000_000)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            let object = try! JSONSerialization.jsonObject(with: payloadData) as! [String: Any]
            let alert = (object["aps"] as! [String: Any])["alert"] as! [String: Any]
            let titleKey = alert["title-loc-key"] as! String
            let bodyKey = alert["loc-key"] as! String
            let arguments = (alert["loc-args"] as! [String]).map { $0 as CVarArg }
            blackHole(table[titleKey] ?? titleKey)
            blackHole(String(format: table[bodyKey] ?? bodyKey, arguments: arguments))
        }
    }
}

/// Batch localization as `render-alert localize --batch` runs it, line by line; each line's
/// output is dropped once written, so memory must stay flat however many lines there are.
let batchBenchmarks: @Sendable () -> Void = {
    let app = try! AppLocalizations(directory: Sample.directory + "/strings")
    // What `localize --batch` and the service answer lines with.
    let provider = ProviderLocalizer(apple: AlertRenderer(app: app), android: nil)
    let languages = ["fr-CA", "ja", "ar", "zh-HK", "pt-PT", "de", "es-MX", "he"]
    func line(_ index: Int) -> [UInt8] {
        Array(
            #"{"payload":{"aps":{"alert":{"title-loc-key":"inbox.unread.summary","title-loc-args":["\#(index % 40)"],"loc-key":"file.shared.body","loc-args":["Noor","file-\#(index).pdf"]}},"order":\#(index)},"languages":["\#(languages[index % languages.count])","en"],"id":\#(index)}"#
                .utf8)
    }
    for count in [10_000, 100_000] {
        Benchmark(
            "Batch-localize \(count) NDJSON lines (server mode)",
            configuration: .init(metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal], maxDuration: .seconds(60), maxIterations: 1)
        ) { benchmark in
            var bytes = 0
            for index in 0..<count {
                bytes &+= provider.localize(batchLine: line(index), lineNumber: index + 1).outputBytes().count
            }
            blackHole(bytes)
        }
    }
}
