import Foundation
import Testing

@testable import LocalizedAlerts

@Suite("Search lists")
struct SearchListTests {
    let matcher = LocalizationMatcher()

    func search(_ preferred: String, _ available: String, development: String? = "en") -> SearchList {
        matcher.searchList(
            preferredLanguages: preferred.split(separator: ",").map(String.init),
            bundle: BundleLocalizations(declared: available.split(separator: ",").map(String.init), folders: [], developmentRegion: development))
    }

    /// docs/device-behaviour.md §7.5.
    @Test(arguments: [
        ("zh-HK", "en,zh-Hans,zh-Hant", "zh-Hant,en"),
        ("en-AU", "en,en-GB", "en-GB,en"),
        ("en-IN", "en,en_GB", "en_GB,en"),
        ("pt-BR", "pt,pt-PT", "pt,en"),
        ("pt-PT", "en,pt-BR", "pt-BR,en"),
        ("pt-PT,en", "en,pt-BR", "en"),
        ("es-MX", "es,es-419", "es-419,es,en"),
        ("es-ES", "fr-CA,pt-BR,es-MX,en-US,en", "es-MX,en"),
        ("nb", "en,no", "no,en"),
        ("fr-CA,en", "en,fr", "fr,en"),
        ("de", "en,fr", "en"),
        ("de", "Base,fr", "en"),
        ("zh-Hant-TW", "en,zh", "en"),
        ("sr-Latn", "en,sr", "en"),
        ("en-US,en-GB", "en,en-AU,en-GB", "en"),
        ("it", "it_CH,it_IT", "it_IT,en"),
    ])
    func workedExamples(preferred: String, available: String, expected: String) {
        #expect(search(preferred, available).localizations.joined(separator: ",") == expected)
    }

    /// Apple's answers for identifiers at the edges of ICU 76's parser and Apple's buffers.
    @Test(
        arguments: [
            // A legacy name with a BCP 47 extension: ICU 76 drops the extension.
            (["Norwegian-u-nu-latn-ca-buddhist"], ["pt-BR", "Spanish", "af_ID", "no"], ["no"]),
            // A trailing separator is an empty variant that lengthens the chain past its nine links.
            (["EN-us@calendar=gregorian"], ["en_PT-abcdefgh-abcdefgh-abcdefgh-abcdefgh-"], []),
            // Minimized to exactly 16 bytes, no room for the NUL: the region penalty still applies.
            (["cs"], ["cs-Cyrl-US_POSIX", "cs-Arab-PK"], ["cs-Arab-PK"]),
        ] as [([String], [String], [String])])
    func identifiersAtTheEdges(preferred: [String], available: [String], expected: [String]) {
        #expect(matcher.match(preferred: preferred, available: available).localizations == expected)
        if let apple = AppleMatcherOracle.localizationsToUse(preferred: preferred, available: available) {
            #expect(apple == expected)
        }
    }

    @Test func explanationsNameTheChainAndTheWinningPair() {
        let hongKong = search("zh-HK", "en,zh-Hans,zh-Hant")
        #expect(hongKong.source == .preferredLanguages)
        #expect(hongKong.explanation.contains("zh_Hant_HK → zh_HK → zh_Hant"))
        #expect(hongKong.explanation.contains("Both reach zh_Hant"))
        if case .sharedFallback(_, _, let link, _, _, _)? = hongKong.match?.reason {
            #expect(link == "zh_Hant")
        } else {
            Issue.record("expected a shared-fallback match, got \(String(describing: hongKong.match?.reason))")
        }
        let german = search("de", "en,fr")
        #expect(german.source == .developmentRegion)
        #expect(german.explanation.contains("No preferred language matches"))
        let base = search("de", "Base,fr")
        #expect(base.bundle.addedDevelopmentRegion)
        #expect(base.explanation.contains("Base.lproj is present"))
        let canada = search("fr-CA,en", "en,fr")
        #expect(canada.localizations == ["fr", "en"])
        #expect(canada.explanation.contains("fr_CA"))
    }

    @Test func describesIdentifiers() {
        let india = matcher.describe("en-IN")
        #expect(india.baseName == "en_IN")
        #expect(india.fallbackChain == ["en_IN", "en_GB", "en_001", "en"])
        #expect(matcher.describe("zh_TW").normalized == "zh_Hant_TW")
        #expect(matcher.describe("iw").normalized == "he")
        #expect(matcher.describe("English").normalized == "en")
        #expect(matcher.describe("sr-Latn-RS").fallbackChain == ["sr_Latn_RS", "sr_Latn"])
        #expect(matcher.describe("it_CH").hasRegionPenalty)
        #expect(!matcher.describe("it_IT").hasRegionPenalty)
    }

    @Test func badInputGetsAClearAnswer() {
        let long = String(repeating: "a", count: 200)
        for preferred in ["", "@", "@@@=;", "en@@calendar", long, "日本語", "en-US-" + long, "\u{0}", "--"] {
            let result = matcher.searchList(
                preferredLanguages: [preferred, "fr"],
                bundle: BundleLocalizations(folders: ["en", "fr", "de"], developmentRegion: "en"))
            #expect(!result.localizations.isEmpty, "\(preferred.debugDescription)")
            #expect(result.localizations.allSatisfy { ["en", "fr", "de"].contains($0) }, "\(preferred.debugDescription)")
        }
        // iOS hands only ASCII identifiers of at most 156 characters to its matcher: a list with
        // another one is skipped as a whole.
        let nonASCII = matcher.searchList(
            preferredLanguages: ["日本語", "fr"], bundle: BundleLocalizations(folders: ["en", "fr"], developmentRegion: "en"))
        #expect(nonASCII.localizations == ["en"])
        #expect(nonASCII.unusableIdentifiers == ["日本語"])
        #expect(nonASCII.explanation.contains("Not usable by iOS"))
        #expect(matcher.describe(String(repeating: "a", count: 12)).isUsable == false)
        #expect(matcher.match(preferred: [], available: []).localizations.isEmpty)
        #expect(matcher.searchList(preferredLanguages: [], bundle: BundleLocalizations(folders: [], developmentRegion: nil)).localizations == ["en"])
    }

    @Test func bundleLocalizationsFollowCoreFoundation() {
        let bundle = BundleLocalizations(declared: ["fr", "en"], folders: ["zh-Hans", "Base", "en", "de"], developmentRegion: "en")
        #expect(bundle.names == ["fr", "en", "Base", "de", "zh-Hans"])
        #expect(!bundle.addedDevelopmentRegion)
        let withBase = BundleLocalizations(folders: ["Base", "fr"], developmentRegion: "de-DE")
        #expect(withBase.names == ["Base", "fr", "de-DE"])
        #expect(withBase.addedDevelopmentRegion)
        // Any form of the development region counts: its legacy name, - for _, its canonical form.
        #expect(!BundleLocalizations(folders: ["Base", "English"], developmentRegion: "en").addedDevelopmentRegion)
        #expect(!BundleLocalizations(folders: ["Base", "de_DE"], developmentRegion: "de-DE").addedDevelopmentRegion)
        #expect(!BundleLocalizations(folders: ["Base", "zh_TW"], developmentRegion: "zh-Hant-TW").addedDevelopmentRegion)
    }

    @Test func sharedAcrossThreads() async {
        let matcher = self.matcher
        let expected = matcher.match(preferred: ["es-MX"], available: ["es", "es-419", "en"]).localizations
        await withTaskGroup(of: [String].self) { group in
            for index in 0..<64 {
                group.addTask {
                    let preferred = index % 2 == 0 ? ["es-MX"] : ["es-MX", "en-\(index)"]
                    return matcher.match(preferred: preferred, available: ["es", "es-419", "en"]).localizations
                }
            }
            for await result in group { #expect(result == expected) }
        }
    }

    /// The generated Swift tables hold exactly the TSV files shipped in Data/locale.
    @Test func generatedLocaleDataMatchesTheTSVFiles() throws {
        func table(_ name: String) throws -> [String: String] {
            let text = try String(contentsOfFile: Fixtures.repositoryRoot + "/Data/locale/" + name, encoding: .utf8)
            var result: [String: String] = [:]
            for line in text.split(separator: "\n") where !line.hasPrefix("#") && line != "from\tto" {
                let fields = line.split(separator: "\t")
                result[String(fields[0])] = String(fields[1])
            }
            return result
        }
        #expect(try table("apple-alias-map.tsv") == LocaleData.appleAliasMap)
        #expect(try table("apple-parent-map.tsv") == LocaleData.appleParentMap)
        #expect(try table("parent-locales.tsv") == LocaleData.cldrParentLocales)
        #expect(LocaleData.cldrParentLocales.count > 300)
    }
}
