import Testing

@testable import LocalizedAlerts

/// Base names as Apple's ICU 76 writes them: examples, then the written-out parser against
/// Apple's own `uloc_getBaseName` on generated identifiers. `LOCALE_BASE_NAME_SEED` and
/// `LOCALE_BASE_NAME_COUNT` in the environment change the seed and the number of cases.
@Suite("Base names as Apple's ICU 76 writes them")
struct LocaleBaseNameTests {
    @Test(
        "examples where ICU 72 answers differently",
        arguments: [
            ("Norwegian-u-nu-latn-ca-buddhist", "norwegian"),
            ("pt-abcdefgh-", "pt__ABCDEFGH_"),
            ("en-", "en"),
            ("-", ""),
            ("und-Cyrl-BR", "und_Cyrl_BR"),
            ("root", "root"),
            ("x_abcdefghij@k=v", nil),
            ("aaaaaaaaaaaa", nil),
            ("xx_TAA", "xx_TA"),
        ] as [(String, String?)])
    func icu76Examples(identifier: String, expected: String?) {
        #expect(LocaleBaseName.of(identifier, capacity: 58) == expected)
    }

    @Test(
        "subtags by shape, charsets and POSIX variants kept, keywords dropped",
        arguments: [
            ("zh-hant-hk", "zh_Hant_HK"),
            ("EN-us@calendar=gregorian;collation=phonebook", "en_US"),
            ("en-US-u-ca-gregory", "en_US"),
            ("eng_USA", "en_US"),
            ("de-DE-1996", "de_DE_1996"),
            ("en_US.UTF-8", "en_US.UTF-8"),
            ("de@euro", "de@euro"),
            ("ZZ0n__.E;", "zz0n"),
            ("es-419", "es_419"),
            ("sr-Latn-abcdefgh", "sr_Latn__ABCDEFGH"),
        ] as [(String, String)])
    func shapes(identifier: String, expected: String) {
        #expect(LocaleBaseName.of(identifier, capacity: 58) == expected)
    }

    @Test("a base name that does not fit the buffer with its NUL is an error")
    func capacity() {
        #expect(LocaleBaseName.of("en_US", capacity: 6) == "en_US")
        #expect(LocaleBaseName.of("en_US", capacity: 5) == nil)
    }

    @Test(
        "seeded random identifiers agree with Apple's uloc_getBaseName (50,000 by default)",
        .enabled(if: AppleMatcherOracle.isAvailable, AppleMatcherOracle.unavailable))
    func agreesWithApple() {
        let campaign = RandomCampaign("LOCALE_BASE_NAME", seed: 0xBA5E, count: 50_000)
        var generator = campaign.generator
        let identifiers = (0..<campaign.count).map { _ in
            generator.next() % 2 == 0 ? MatcherDifferentialTests.garbage(&generator) : MatcherDifferentialTests.identifier(&generator)
        }
        let failures = Self.disagreements(identifiers)
        #expect(failures.isEmpty, "\(failures.count) differ:\n\(failures.prefix(25).joined(separator: "\n"))")
    }

    @Test(
        "every three-letter language and region code agrees with Apple's",
        .enabled(if: AppleMatcherOracle.isAvailable, AppleMatcherOracle.unavailable))
    func threeLetterCodes() {
        let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
        let codes = letters.flatMap { a in letters.flatMap { b in letters.map { c in a + b + c } } }
        let failures = Self.disagreements(codes.flatMap { [$0, "xx_" + $0.uppercased()] })
        #expect(failures.isEmpty, "\(failures.count) differ:\n\(failures.prefix(25).joined(separator: "\n"))")
    }

    /// The identifiers whose base name, in Apple's 58-byte buffer, differs from Apple's.
    static func disagreements(_ identifiers: [String]) -> [String] {
        identifiers.compactMap { identifier in
            let expected = AppleMatcherOracle.baseName(identifier, capacity: 58)
            let got = LocaleBaseName.of(identifier, capacity: 58)
            return got == expected ? nil : "\(identifier): Apple \(expected ?? "error"), toolkit \(got ?? "error")"
        }
    }
}
