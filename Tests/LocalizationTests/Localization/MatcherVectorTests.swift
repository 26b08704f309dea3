import Testing

@testable import LocalizedAlerts

@Suite("Localization matching vectors")
struct MatcherVectorTests {
    @Test func everyUalocVectorPasses() throws {
        let rows = try Vectors.rows("lproj-selection.tsv")
        #expect(rows.count == 5031)
        let matcher = LocalizationMatcher()
        var failures: [String] = []
        for row in rows {
            let result = matcher.match(preferred: Vectors.list(row[0]), available: Vectors.list(row[1]))
            if result.localizations != Vectors.list(row[3]) {
                failures.append("\(row[0]) | \(row[1]): expected \(row[3]), got \(result.localizations.joined(separator: "|"))")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.prefix(30).joined(separator: "\n"))")
    }
}

extension MatcherVectorTests {
    /// Rows whose `search` column was computed with an exact-name check for the development
    /// region, where CoreFoundation (`_CFBundleCopyLanguageFoundInLocalizations`, rdar 14006652)
    /// and docs/device-behaviour.md §7.1 also accept its legacy name: `English` for `en`,
    /// `French` for `fr`. The toolkit follows CoreFoundation; these rows are checked for that.
    static let legacyNameRows: [String: String] = [
        "en\tar|Base|ca|cs|da|Dutch|el|English|es_MX|fi|French|German|he|hr|hu|id|Italian|Japanese|ko|ms|no|pl|pt|pt_PT|ro|ru|sk|Spanish|sv|th|tr|uk|vi|zh_CN|zh_TW\ten":
            "English|en",
        "de|de|pt\tfi|zh-Hant|Base|French|fr_FR|mo\tfr": "French|fr",
        "ar-EG|uk\tde|French|id|tr|Base|pt-PT|hi-Latn\tfr": "French|fr",
    ]

    @Test func everySearchListVectorPasses() throws {
        let rows = try Vectors.rows("lproj-selection.tsv")
        let matcher = LocalizationMatcher()
        var failures: [String] = []
        var legacyRowsSeen = 0
        for row in rows {
            // The vectors give the localizations in bundle order; keep that order.
            let ordered = BundleLocalizations(declared: Vectors.list(row[1]), folders: [], developmentRegion: row[2].isEmpty ? nil : row[2])
            let result = matcher.searchList(preferredLanguages: Vectors.list(row[0]), bundle: ordered)
            let got = result.localizations.joined(separator: "|")
            let key = "\(row[0])\t\(row[1])\t\(row[2])"
            if let coreFoundation = Self.legacyNameRows[key] {
                legacyRowsSeen += 1
                #expect(got == coreFoundation, "\(key)")
                #expect(got != row[4], "the vector's exact-name answer differs")
                continue
            }
            if got != row[4] { failures.append("\(key): expected \(row[4]), got \(got)") }
        }
        #expect(legacyRowsSeen == 3)
        #expect(failures.isEmpty, "\(failures.count) failures:\n\(failures.prefix(30).joined(separator: "\n"))")
    }
}
