import Testing

@testable import LocalizedAlerts

/// The matcher against Apple's own implementation on generated inputs. `MATCHER_DIFFERENTIAL_SEED`
/// and `MATCHER_DIFFERENTIAL_COUNT` in the environment change the seed and the number of
/// generated cases (the garbage test runs a third as many), for longer runs by hand.
@Suite("Matching agrees with Apple's ualoc", .enabled(if: AppleMatcherOracle.isAvailable, AppleMatcherOracle.unavailable))
struct MatcherDifferentialTests {
    static let languages = [
        "en", "fr", "de", "es", "pt", "zh", "ja", "ko", "ar", "he", "ru", "it", "nl", "sv", "nb", "nn", "no", "da", "fi",
        "pl", "tr", "th", "vi", "id", "ms", "hi", "uk", "cs", "sk", "hu", "ro", "ca", "hr", "sr", "el", "bg", "yue",
        "wuu", "ars", "tl", "fil", "iw", "in", "mo", "sh", "und", "qaa", "xx", "zxx", "sl", "et", "lv", "lt", "is",
        "ga", "cy", "eu", "gl", "af", "sw", "ta", "te", "bn", "pa", "ur", "fa", "az", "kk", "uz", "mn", "ka", "hy",
    ]
    static let scripts = ["Hans", "Hant", "Latn", "Cyrl", "Arab", "Deva", "Guru"]
    static let regions = [
        "US", "GB", "AU", "IN", "CA", "FR", "BE", "CH", "DE", "AT", "MX", "ES", "419", "BR", "PT", "CN", "TW", "HK",
        "MO", "SG", "JP", "001", "150", "ZA", "NZ", "IE", "AR", "CL", "CO", "RS", "BA", "NO", "EG", "SA", "IL", "KR",
        "RU", "UA", "IT", "NL", "SE", "FI", "PL", "TR", "TH", "VN", "ID", "MY", "PK", "NG", "KE", "PH", "US_POSIX",
    ]
    static let legacy = [
        "English", "French", "German", "Japanese", "Spanish", "Italian", "Dutch", "Chinese", "Portuguese", "Norwegian",
        "Swedish", "Danish", "Finnish", "Korean", "Russian", "Polish", "Arabic", "Thai", "Turkish", "zh_TW", "zh_CN",
        "zh_HK", "zh_SG", "zh_MO", "no_NO", "yue_CN", "yue_HK", "Base", "", "root", "en-US-u-ca-gregory",
        "en@calendar=japanese", "zh-Hant-HK", "sr-Latn-RS", "es-419", "pt-PT", "pt-BR", "en_GB", "en-001", "EN-us",
        "ZH-hant", "x-private", "i-klingon", "en--US", "_", "-", "de-DE-1996", "hi-Latn", "ca-ES-valencia",
    ]

    static func identifier(_ generator: inout SplitMix64) -> String {
        func pick<T>(_ items: [T]) -> T { items[Int(generator.next() % UInt64(items.count))] }
        if generator.next() % 6 == 0 { return pick(legacy) }
        var parts = [pick(languages)]
        if generator.next() % 4 == 0 { parts.append(pick(scripts)) }
        if generator.next() % 2 == 0 { parts.append(pick(regions)) }
        return parts.joined(separator: generator.next() % 2 == 0 ? "-" : "_")
    }

    static func list(_ generator: inout SplitMix64, maximum: Int) -> [String] {
        (0..<Int(generator.next() % UInt64(maximum + 1))).map { _ in identifier(&generator) }
    }

    @Test("seeded random preferred and available lists (30,000 by default)")
    func agreesOnGeneratedCases() {
        let campaign = RandomCampaign("MATCHER_DIFFERENTIAL", seed: 0x1A1A, count: 30_000)
        var generator = campaign.generator
        let count = campaign.count
        let matcher = LocalizationMatcher()
        var failures: [String] = []
        var checked = 0
        for round in 0..<count {
            let preferred = Self.list(&generator, maximum: round % 10 == 0 ? 8 : 3)
            let available = Self.list(&generator, maximum: round % 7 == 0 ? 40 : 12)
            guard let expected = AppleMatcherOracle.localizationsToUse(preferred: preferred, available: available) else {
                continue
            }
            checked += 1
            let got = matcher.match(preferred: preferred, available: available).localizations
            if got != expected {
                failures.append("\(preferred) vs \(available): Apple \(expected), toolkit \(got)")
            }
        }
        #expect(checked >= count)
        #expect(failures.isEmpty, "\(failures.count) of \(checked) differ:\n\(failures.prefix(25).joined(separator: "\n"))")
    }
}

extension MatcherDifferentialTests {
    /// Character-level garbage, odd case, keywords and lengths around Apple's 58-byte buffers.
    static func garbage(_ generator: inout SplitMix64) -> String {
        let alphabet = Array("aAbBeEnNzZhHsStTuUdD019-_@=;.x")
        if generator.next() % 3 == 0 {
            // A real identifier with noise around it.
            var base = identifier(&generator)
            switch generator.next() % 5 {
            case 0: base = base.uppercased()
            case 1: base += "@calendar=gregorian;collation=phonebook"
            case 2: base += "-u-nu-latn-ca-buddhist"
            case 3: base = "-" + base + "_"
            default: base += "-" + String(repeating: "abcdefgh-", count: Int(generator.next() % 8))
            }
            return base
        }
        let length = Int(generator.next() % 70)
        return String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
    }

    /// Identifiers Apple's ICU reads at all (see AppleICUBehavior for what happens to the others).
    static func comparable(_ identifier: String, matcher: LocalizationMatcher) -> Bool {
        matcher.describe(identifier).isUsable
    }

    @Test("seeded random garbage identifiers (10,000 by default)")
    func agreesOnGarbage() {
        let campaign = RandomCampaign("MATCHER_DIFFERENTIAL", seed: 0xBAD, count: 30_000)
        var generator = campaign.generator
        let count = campaign.count / 3
        let matcher = LocalizationMatcher()
        var failures: [String] = []
        var checked = 0
        var unreadable = 0
        for _ in 0..<count {
            let preferred = (0..<Int(generator.next() % 4)).map { _ in Self.garbage(&generator) }
            let available = (0..<Int(generator.next() % 10)).map { _ in
                generator.next() % 2 == 0 ? Self.garbage(&generator) : Self.identifier(&generator)
            }
            guard (preferred + available).allSatisfy({ Self.comparable($0, matcher: matcher) }) else {
                unreadable += 1
                _ = matcher.match(preferred: preferred, available: available)  // must simply answer
                continue
            }
            guard let expected = AppleMatcherOracle.localizationsToUse(preferred: preferred, available: available) else { continue }
            checked += 1
            let got = matcher.match(preferred: preferred, available: available).localizations
            if got != expected { failures.append("\(preferred) vs \(available): Apple \(expected), toolkit \(got)") }
        }
        #expect(checked * 3 > count, "\(unreadable) cases held an identifier left out of the comparison")
        #expect(failures.isEmpty, "\(failures.count) of \(checked) differ:\n\(failures.prefix(25).joined(separator: "\n"))")
    }
}
