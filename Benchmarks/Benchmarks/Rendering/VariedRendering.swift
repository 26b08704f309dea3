import Benchmark
import Foundation
import LocalizedAlerts
import LocalizedAlertsReports
import SampleInput

/// Varied input: every sample payload (ten: titles, bodies, arguments, plurals, one
/// silent push, one Xcode .apns) for thirteen language lists, some led by languages the app
/// lacks, against a provider written with Foundation alone doing the same work: JSONSerialization,
/// the app's tables read by PropertyListSerialization, the localization chosen once per language
/// list and then cached (in its favour), a lookup per key and
/// String(format:) with the loc-args.
let variedBenchmarks: @Sendable () -> Void = {
    let strings = Sample.directory + "/strings"
    let renderer = AlertRenderer(app: try! AppLocalizations(directory: strings))
    let payloads = Sample.payloads()
    let languageLists = Sample.languageLists
    let parsed = payloads.map { NotificationPayload(parsing: $0) }
    let foundation = FoundationProvider(strings: strings, languageLists: languageLists)
    let objects = payloads.map { try! JSONSerialization.jsonObject(with: Data($0)) as! [String: Any] }
    let combinations = payloads.count * languageLists.count
    print("Varied rendering: \(payloads.count) payloads × \(languageLists.count) language lists = \(combinations) renders per iteration")
    // Both sides give the same body for a payload whose format has only %@ arguments.
    let ours = renderer.render(parsed[5], preferredLanguages: ["fr-CA", "en"]).body?.text
    let theirs = foundation.render(objects[5], ["fr-CA", "en"]).body
    if ours != theirs { fatalError("\(ours ?? "nil") ≠ \(theirs ?? "nil") (\(foundation.localizationOf))") }

    Benchmark("Render varied payloads (parsed; 130 per iteration)/LocalizedAlerts") { benchmark in
        for _ in benchmark.scaledIterations {
            for languages in languageLists {
                for payload in parsed { blackHole(renderer.render(payload, preferredLanguages: languages)) }
            }
        }
    }
    Benchmark("Render varied payloads (parsed; 130 per iteration)/LocalizedAlerts, text only") { benchmark in
        for _ in benchmark.scaledIterations {
            for languages in languageLists {
                for payload in parsed { blackHole(renderer.render(payload, preferredLanguages: languages, detail: .textOnly)) }
            }
        }
    }
    Benchmark("Render varied payloads (parsed; 130 per iteration)/Foundation dictionaries + String(format:)") { benchmark in
        for _ in benchmark.scaledIterations {
            for languages in languageLists {
                for object in objects { blackHole(foundation.render(object, languages)) }
            }
        }
    }
    Benchmark("Read and render varied payloads (bytes; 130 per iteration)/LocalizedAlerts") { benchmark in
        for _ in benchmark.scaledIterations {
            for languages in languageLists {
                for bytes in payloads { blackHole(renderer.render(NotificationPayload(parsing: bytes), preferredLanguages: languages)) }
            }
        }
    }
    Benchmark("Read and render varied payloads (bytes; 130 per iteration)/LocalizedAlerts, text only") { benchmark in
        for _ in benchmark.scaledIterations {
            for languages in languageLists {
                for bytes in payloads {
                    blackHole(renderer.render(NotificationPayload(parsing: bytes), preferredLanguages: languages, detail: .textOnly))
                }
            }
        }
    }
    let datas = payloads.map { Data($0) }
    Benchmark("Read and render varied payloads (bytes; 130 per iteration)/Foundation JSONSerialization + dictionaries + String(format:)") {
        benchmark in
        for _ in benchmark.scaledIterations {
            for languages in languageLists {
                for data in datas { blackHole(foundation.render(try! JSONSerialization.jsonObject(with: data) as! [String: Any], languages)) }
            }
        }
    }
    Benchmark("Localize varied payloads to send (bytes in, bytes out; 130 per iteration)/LocalizedAlerts") { benchmark in
        for _ in benchmark.scaledIterations {
            for languages in languageLists {
                for bytes in payloads {
                    let result = renderer.localize(NotificationPayload(parsing: bytes), preferredLanguages: languages, fallback: .device)
                    blackHole(result.payloadBytes)
                }
            }
        }
    }
    // The provider's hot path: the same payloads to send, without the findings.
    Benchmark("Localize varied payloads to send (bytes in, bytes out; 130 per iteration)/LocalizedAlerts, text only") { benchmark in
        for _ in benchmark.scaledIterations {
            for languages in languageLists {
                for bytes in payloads {
                    let result = renderer.localize(
                        NotificationPayload(parsing: bytes), preferredLanguages: languages, fallback: .device, detail: .textOnly)
                    blackHole(result.payloadBytes)
                }
            }
        }
    }
    Benchmark("Localize varied payloads to send (bytes in, bytes out; 130 per iteration)/Foundation JSONSerialization both ways") { benchmark in
        for _ in benchmark.scaledIterations {
            for languages in languageLists {
                for data in datas { blackHole(foundation.localize(data, languages)) }
            }
        }
    }

    // A batch as `localize --batch` reads it, 10,000 lines of varied payloads and languages,
    // against the same batch done with Foundation alone.
    let lines = Sample.batchLines(count: 10_000)
    let provider = ProviderLocalizer(apple: renderer, android: nil)
    Benchmark("Batch-localize 10,000 varied NDJSON lines/LocalizedAlerts", configuration: .init(maxDuration: .seconds(20), maxIterations: 20)) {
        benchmark in
        for _ in benchmark.scaledIterations {
            var bytes = 0
            for (index, line) in lines.enumerated() {
                bytes &+= provider.localize(batchLine: line, lineNumber: index + 1, fallback: .device).outputBytes().count
            }
            blackHole(bytes)
        }
    }
    let lineDatas = lines.map { Data($0) }
    Benchmark(
        "Batch-localize 10,000 varied NDJSON lines/Foundation JSONSerialization both ways",
        configuration: .init(maxDuration: .seconds(20), maxIterations: 20)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            var bytes = 0
            for (index, line) in lineDatas.enumerated() { bytes &+= foundation.batchLine(line, number: index + 1).count }
            blackHole(bytes)
        }
    }
}
