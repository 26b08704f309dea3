import Benchmark
import LocalizedAlerts

/// Choosing the localization: one preference list against an app with 40 localizations.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        maxDuration: .seconds(3),
        maxIterations: 1_000_000
    )
    let available = [
        "en", "fr", "fr-CA", "de", "es", "es-419", "es-MX", "it", "ja", "ko", "zh-Hans", "zh-Hant", "zh-HK", "pt-BR",
        "pt-PT", "ru", "ar", "he", "nl", "sv", "da", "fi", "nb", "pl", "tr", "th", "vi", "id", "ms", "hi", "uk", "cs",
        "sk", "hu", "ro", "ca", "hr", "el", "en-GB", "en-AU",
    ]
    let preferred = ["de-CH", "fr-CA", "en-IN"]
    let bundle = BundleLocalizations(folders: available, developmentRegion: "en")

    // What each identifier means is learnt once; the matching itself runs every time.
    let uncached = LocalizationMatcher(cacheLimit: 0)
    _ = uncached.match(preferred: preferred, available: bundle.names)
    Benchmark("Match 3 preferred languages against 40 localizations (no result cache)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(uncached.match(preferred: preferred, available: bundle.names))
        }
    }

    let cached = LocalizationMatcher()
    Benchmark("Match 3 preferred languages against 40 localizations (cached result)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(cached.match(preferred: preferred, available: bundle.names))
        }
    }

    Benchmark("Search list for 40 localizations (cached result)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(cached.searchList(preferredLanguages: preferred, bundle: bundle))
        }
    }

    Benchmark("Match with a new matcher (ICU reads all 43 identifiers)", configuration: .init(maxIterations: 2_000)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(LocalizationMatcher().match(preferred: preferred, available: bundle.names))
        }
    }
}
