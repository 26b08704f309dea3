import Foundation

/// A seeded random test's seed and number of cases: the test's own, or `<prefix>_SEED` and
/// `<prefix>_COUNT` from the environment, for a longer run by hand.
struct RandomCampaign {
    let seed: UInt64
    let count: Int

    init(_ prefix: String, seed: UInt64, count: Int) {
        let environment = ProcessInfo.processInfo.environment
        self.seed = environment["\(prefix)_SEED"].flatMap { UInt64($0) } ?? seed
        self.count = environment["\(prefix)_COUNT"].flatMap { Int($0) } ?? count
    }

    /// A generator at the seed.
    var generator: SplitMix64 { SplitMix64(seed: seed) }
}
