import Foundation

/// A generated app of 50 localizations, each with 1,000 keys of `.strings` (some with their
/// specifiers' types swapped against English) and a stringsdict of 50 plural keys, written to a
/// temporary folder: the lint benchmark's input and ProviderProfile's `lint` mode's.
public struct GeneratedApp {
    public let directory: String
    public let stringsFiles: [String]

    public static let localizations = [
        "en", "ar", "bg", "ca", "cs", "da", "de", "el", "es", "es-419", "et", "fi", "fr", "fr-CA", "he", "hi", "hr", "hu",
        "id", "it", "ja", "kk", "ko", "lt", "lv", "ms", "nb", "nl", "pl", "pt-BR", "pt-PT", "ro", "ru", "sk", "sl", "sr",
        "sv", "th", "tr", "uk", "vi", "zh-Hans", "zh-Hant", "zh-HK", "cy", "ga", "is", "mt", "sq", "ta",
    ]

    /// The 20 payloads linted with the app, as JSON bytes: a title key and a body key each.
    public static let payloads: [[UInt8]] = (0..<20).map { index in
        Array(#"{"aps":{"alert":{"title-loc-key":"key.\#(index).title","loc-key":"key.\#(index).body","loc-args":["Ana","3"]}}}"#.utf8)
    }

    public static func write() -> GeneratedApp {
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
