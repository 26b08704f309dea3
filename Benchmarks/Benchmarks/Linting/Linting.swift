import Benchmark
import Foundation
import LocalizedAlerts

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
    let payloads = (0..<20).map { index in
        NotificationPayload(
            parsing: #"{"aps":{"alert":{"title-loc-key":"key.\#(index).title","loc-key":"key.\#(index).body","loc-args":["Ana","3"]}}}"#)
    }
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

struct GeneratedApp {
    let directory: String
    let stringsFiles: [String]

    static let localizations = [
        "en", "ar", "bg", "ca", "cs", "da", "de", "el", "es", "es-419", "et", "fi", "fr", "fr-CA", "he", "hi", "hr", "hu",
        "id", "it", "ja", "kk", "ko", "lt", "lv", "ms", "nb", "nl", "pl", "pt-BR", "pt-PT", "ro", "ru", "sk", "sl", "sr",
        "sv", "th", "tr", "uk", "vi", "zh-Hans", "zh-Hant", "zh-HK", "cy", "ga", "is", "mt", "sq", "ta",
    ]

    static func write() -> GeneratedApp {
        let directory = NSTemporaryDirectory() + "localized-alerts-lint-benchmark"
        try? FileManager.default.removeItem(atPath: directory)
        var files: [String] = []
        for (index, localization) in localizations.enumerated() {
            let folder = directory + "/\(localization).lproj"
            try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            var text = ""
            for key in 0..<1_000 {
                text += "/* Key \(key) of the generated app. */\n"
                if key % 50 == 0 && index % 7 == 3 {
                    text += "\"key.\(key).body\" = \"%d messages from %@ (\(localization))\";\n"  // types swapped vs en
                } else {
                    text += "\"key.\(key).title\" = \"Title \(key) in \(localization)\";\n"
                    text += "\"key.\(key).body\" = \"%1$@ sent %2$@ items (\(localization) \(key))\";\n"
                }
            }
            let file = folder + "/Localizable.strings"
            try! text.write(toFile: file, atomically: true, encoding: .utf8)
            files.append(file)
            var plural = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
            for key in 0..<50 {
                plural += """
                    <key>count.\(key)</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
                    <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                    <key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>%d item</string>
                    <key>other</key><string>%d items</string></dict></dict>

                    """
            }
            plural += "</dict>\n</plist>\n"
            try! plural.write(toFile: folder + "/Localizable.stringsdict", atomically: true, encoding: .utf8)
        }
        return GeneratedApp(directory: directory, stringsFiles: files)
    }
}
