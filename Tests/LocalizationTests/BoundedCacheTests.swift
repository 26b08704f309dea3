import Testing

@testable import LocalizedAlerts

@Suite("Bounded caches")
struct BoundedCacheTests {
    /// A seeded sequence of lookups and insertions over more keys than the cache keeps, held to
    /// a plain dictionary of what was last kept: a cache never answers with a value replaced or
    /// forgotten since (it starts afresh when full), and never holds more than its limit.
    @Test func answersWhatWasLastKeptAndStaysBounded() {
        let cache = BoundedCache<String, Int>(limit: 16)
        var kept: [String: Int] = [:]
        var generator = SplitMix64(seed: 20_261_129)
        for step in 0..<20_000 {
            let key = "key\(generator.next() % 40)"
            switch generator.next() % 3 {
            case 0:
                cache.insert(step, for: key)
                if kept.count >= 16 { kept.removeAll() }
                kept[key] = step
            case 1:
                #expect(cache.cached(key) == kept[key], "step \(step): \(key)")
            default:
                let value = cache.value(for: key) { step }
                if let known = kept[key] {
                    #expect(value == known, "step \(step): \(key)")
                } else {
                    #expect(value == step)
                    if kept.count >= 16 { kept.removeAll() }
                    kept[key] = step
                }
            }
            #expect(cache.count <= 16)
        }
    }

    @Test func aLimitBelowOneKeepsOne() {
        let cache = BoundedCache<Int, Int>(limit: 0)
        cache.insert(1, for: 1)
        #expect(cache.cached(1) == 1)
        cache.insert(2, for: 2)
        #expect(cache.cached(1) == nil)
        #expect(cache.cached(2) == 2)
        #expect(cache.count == 1)
    }
}
