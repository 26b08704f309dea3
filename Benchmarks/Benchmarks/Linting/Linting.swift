import Benchmark
import Foundation
import LocalizedAlerts
import SampleInput

/// Linting a generated app with 50 localizations (1,000 keys each, with specifiers, plus a
/// stringsdict per localization and 20 payloads), against what a script would spend only reading
/// the same tables with Foundation's PropertyListSerialization.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal],
        maxDuration: .seconds(5),
        maxIterations: 50
    )
    let app = GeneratedApp.write()
    let payloads = GeneratedApp.payloads.map { NotificationPayload(parsing: $0) }
    let findings = Linter().lint(try! AppLocalizations(directory: app.directory), payloads: payloads)
    precondition(findings.contains { $0.id == "format.incompatible" }, "the generated app has known problems")

    Benchmark("Lint a 50-localization app/LocalizedAlerts: read + every rule + 20 payloads") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Linter().lint(try! AppLocalizations(directory: app.directory), payloads: payloads))
        }
    }

    let loaded = try! AppLocalizations(directory: app.directory)
    Benchmark("Lint a 50-localization app/LocalizedAlerts: every rule, tables already read") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(Linter().lint(loaded, payloads: payloads))
        }
    }

    Benchmark("Lint a 50-localization app/Foundation baseline: only read the .strings with PropertyListSerialization") { benchmark in
        for _ in benchmark.scaledIterations {
            for file in app.stringsFiles {
                let data = FileManager.default.contents(atPath: file)!
                blackHole(try! PropertyListSerialization.propertyList(from: data, format: nil))
            }
        }
    }
}
