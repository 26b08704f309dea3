import LocalizedAlerts
import Testing

@Suite("Android locale resolution against libandroidfw")
struct AndroidLocaleTests {
    @Test("the native choice of folder agrees with libandroidfw's")
    func nativeVectors() throws {
        let rows = try AndroidVectors.rows("locale-vectors.tsv")
        #expect(rows.count > 2000)
        var disagreements: [String] = []
        for row in rows {
            let device = try #require(AndroidLocale(languageTag: row[0]), "\(row[0])")
            let qualifiers = row[1].split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            let folders = qualifiers.map { $0.isEmpty ? nil : AndroidLocale(qualifier: $0) }
            let chosen = AndroidLocaleResolution.bestMatch(for: device, among: folders).map { qualifiers[$0] } ?? "-"
            if chosen != row[2] { disagreements.append("\(row[0]) among \(row[1]): \(chosen), libandroidfw \(row[2])") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(rows.count):\n\(disagreements.prefix(40).joined(separator: "\n"))")
    }

    @Test("folder names: the locale and the other qualifiers")
    func folders() {
        #expect(AndroidResourceFolder(name: "values")?.locale == nil)
        #expect(AndroidResourceFolder(name: "values-fr")?.locale == AndroidLocale(language: "fr"))
        #expect(AndroidResourceFolder(name: "values-fr-rCA")?.locale == AndroidLocale(language: "fr", region: "CA"))
        #expect(AndroidResourceFolder(name: "values-b+zh+Hant+TW")?.locale == AndroidLocale(language: "zh", script: "Hant", region: "TW"))
        #expect(AndroidResourceFolder(name: "values-b+es+419")?.locale == AndroidLocale(language: "es", region: "419"))
        #expect(AndroidResourceFolder(name: "values-iw")?.locale?.language == "iw")
        let night = AndroidResourceFolder(name: "values-night")
        #expect(night?.locale == nil && night?.otherQualifiers == ["night"])
        #expect(AndroidResourceFolder(name: "values-v21")?.locale == nil)
        #expect(AndroidResourceFolder(name: "values-land")?.locale == nil)
        let both = AndroidResourceFolder(name: "values-mcc310-en-rUS-night")
        #expect(both?.locale == AndroidLocale(language: "en", region: "US") && both?.otherQualifiers == ["mcc310", "night"])
        #expect(AndroidLocale(language: "zh", script: "Hant", region: "TW").qualifier == "b+zh+Hant+TW")
        #expect(AndroidLocale(language: "fr", region: "CA").qualifier == "fr-rCA")
    }

    @Test("the Java layer picks the first device locale the app supports, English assumed")
    func javaLayer() {
        let app = ["fr", "de", "es-US"]
        #expect(AndroidLocaleResolution.resourceLocale(deviceLocales: ["it-IT", "de-DE"], appLocales: app) == "de-DE")
        #expect(AndroidLocaleResolution.resourceLocale(deviceLocales: ["it-IT", "en-GB", "de-DE"], appLocales: app) == "en-GB")
        #expect(AndroidLocaleResolution.resourceLocale(deviceLocales: ["it-IT", "pt-BR"], appLocales: app) == "it-IT")
        #expect(AndroidLocaleResolution.resourceLocale(deviceLocales: ["es-MX", "fr-FR"], appLocales: app) == "es-MX")
        #expect(AndroidLocaleResolution.resourceLocale(deviceLocales: ["zh-HK", "zh-CN"], appLocales: ["zh-CN"]) == "zh-CN")
        #expect(AndroidLocaleResolution.resourceLocale(deviceLocales: ["zh-TW", "zh-CN"], appLocales: ["zh-Hant"]) == "zh-TW")
        #expect(AndroidLocaleResolution.resourceLocale(deviceLocales: ["he-IL", "fr"], appLocales: ["iw"]) == "he-IL")
        #expect(AndroidLocaleResolution.resourceLocale(deviceLocales: ["sv"], appLocales: app) == "sv")
        #expect(AndroidLocaleResolution.resourceLocale(deviceLocales: [], appLocales: app) == nil)
        // Then the native layer, with the legacy code for Hebrew.
        let folders: [AndroidLocale?] = [nil, AndroidLocale(language: "iw"), AndroidLocale(language: "fr")]
        #expect(AndroidLocaleResolution.resolve(deviceLocales: ["he-IL", "fr"], folders: folders).folderIndex == 1)
        #expect(AndroidLocaleResolution.resolve(deviceLocales: ["es-MX", "fr-CA"], folders: folders).folderIndex == 2)
    }
}
