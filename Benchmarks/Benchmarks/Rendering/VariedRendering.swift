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
    Benchmark("Batch-localize 10,000 varied NDJSON lines/LocalizedAlerts", configuration: .init(maxDuration: .seconds(20), maxIterations: 20)) {
        benchmark in
        for _ in benchmark.scaledIterations {
            var bytes = 0
            for (index, line) in lines.enumerated() {
                bytes &+= renderer.localize(batchLine: line, lineNumber: index + 1, fallback: .device).line.outputBytes().count
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

/// What a provider writes with Foundation alone.
struct FoundationProvider: @unchecked Sendable {
    let tables: [String: [String: String]]
    let localizationOf: [[String]: String]

    init(strings: String, languageLists: [[String]]) {
        var tables: [String: [String: String]] = [:]
        for folder in try! FileManager.default.contentsOfDirectory(atPath: strings) where folder.hasSuffix(".lproj") {
            guard let data = FileManager.default.contents(atPath: strings + "/" + folder + "/Localizable.strings") else { continue }
            tables[String(folder.dropLast(6))] = (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: String] ?? [:]
        }
        self.tables = tables
        var chosen: [[String]: String] = [:]
        // Bundle.preferredLocalizations answers the same localization for every list on Linux,
        // so the baseline matches by trimming subtags (fr-CA, then fr); it runs once per list.
        for languages in languageLists {
            chosen[languages] =
                languages.lazy.compactMap { language -> String? in
                    var parts = language.split(separator: "-").map(String.init)
                    while !parts.isEmpty {
                        if tables[parts.joined(separator: "-")] != nil { return parts.joined(separator: "-") }
                        parts.removeLast()
                    }
                    return nil
                }.first ?? "en"
        }
        self.localizationOf = chosen
    }

    func render(_ object: [String: Any], _ languages: [String]) -> (title: String?, subtitle: String?, body: String?) {
        let table = tables[localizationOf[languages] ?? "en"] ?? [:]
        guard let aps = object["aps"] as? [String: Any] else { return (nil, nil, nil) }
        if let text = aps["alert"] as? String { return (nil, nil, text) }
        guard let alert = aps["alert"] as? [String: Any] else { return (nil, nil, nil) }
        func field(_ text: String, _ key: String, _ arguments: String) -> String? {
            guard let locKey = alert[key] as? String else { return alert[text] as? String }
            let format = table[locKey] ?? alert[text] as? String ?? locKey
            let args = (alert[arguments] as? [Any] ?? []).map { "\($0)" as CVarArg }
            return String(format: format, arguments: args)
        }
        return (
            field("title", "title-loc-key", "title-loc-args"), field("subtitle", "subtitle-loc-key", "subtitle-loc-args"),
            field("body", "loc-key", "loc-args")
        )
    }

    func localizedObject(_ object: [String: Any], _ languages: [String]) -> [String: Any] {
        var object = object
        guard var aps = object["aps"] as? [String: Any], var alert = aps["alert"] as? [String: Any] else { return object }
        let texts = render(object, languages)
        for key in ["title-loc-key", "title-loc-args", "subtitle-loc-key", "subtitle-loc-args", "loc-key", "loc-args"] { alert[key] = nil }
        alert["title"] = texts.title
        alert["subtitle"] = texts.subtitle
        alert["body"] = texts.body
        aps["alert"] = alert
        object["aps"] = aps
        object["Simulator Target Bundle"] = nil
        return object
    }

    func localize(_ data: Data, _ languages: [String]) -> Data {
        let object = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
        return try! JSONSerialization.data(withJSONObject: localizedObject(object, languages))
    }

    func batchLine(_ line: Data, number: Int) -> Data {
        let request = try! JSONSerialization.jsonObject(with: line) as! [String: Any]
        let languages = request["languages"] as! [String]
        let localized = localizedObject(request["payload"] as! [String: Any], languages)
        let output: [String: Any] = [
            "line": number, "id": request["id"] ?? NSNull(), "localization": localizationOf[languages] ?? "en", "payload": localized,
        ]
        var data = try! JSONSerialization.data(withJSONObject: output)
        data.append(0x0A)
        return data
    }
}
