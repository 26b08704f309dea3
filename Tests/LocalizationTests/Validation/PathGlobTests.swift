import Testing

@testable import LocalizedAlerts

@Suite("Path globs")
struct PathGlobTests {
    /// What a glob means, matched the slow way: every way of splitting the text, tried.
    static func reference(_ pattern: [UInt8], _ text: [UInt8]) -> Bool {
        var memo: [Int: Bool] = [:]
        func match(_ p: Int, _ t: Int) -> Bool {
            if let known = memo[p * (text.count + 1) + t] { return known }
            let result: Bool
            if p == pattern.count {
                result = t == text.count
            } else if pattern[p] == UInt8(ascii: "*"), p + 1 < pattern.count, pattern[p + 1] == UInt8(ascii: "*") {
                // `**` any run; `**/` may also stand for no folder at all.
                let rest = p + 2
                let slashAfter = rest < pattern.count && pattern[rest] == UInt8(ascii: "/")
                result = (t...text.count).contains { end in match(rest, end) || (slashAfter && match(rest + 1, end)) }
            } else if pattern[p] == UInt8(ascii: "*") {
                var end = t
                var found = match(p + 1, end)
                while !found && end < text.count && text[end] != UInt8(ascii: "/") {
                    end += 1
                    found = match(p + 1, end)
                }
                result = found
            } else if t < text.count && (pattern[p] == text[t] || (pattern[p] == UInt8(ascii: "?") && text[t] != UInt8(ascii: "/"))) {
                result = match(p + 1, t + 1)
            } else {
                result = false
            }
            memo[p * (text.count + 1) + t] = result
            return result
        }
        return match(0, 0)
    }

    @Test func matchesWhatTheSlowWayMatches() {
        var generator = SplitMix64(seed: 20_261_127)
        let alphabet: [UInt8] = Array("ab/".utf8)
        let patternAlphabet: [UInt8] = Array("ab/*?".utf8)
        for _ in 0..<4_000 {
            let pattern = (0..<Int.random(in: 0...9, using: &generator)).map { _ in patternAlphabet.randomElement(using: &generator)! }
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let glob = PathGlob(String(decoding: pattern, as: UTF8.self))
            let expected = Self.reference(pattern, text)
            #expect(glob.matches(String(decoding: text, as: UTF8.self)) == expected, "\(glob) against \(String(decoding: text, as: UTF8.self))")
        }
        #expect(PathGlob("/src/**/Pods/**").matches("/src/a/b/Pods/x/y.strings"))
        #expect(PathGlob("/src/**/fr.lproj/*.strings").matches("/src/fr.lproj/Main.strings"))
        #expect(!PathGlob("/src/*/fr.lproj/*.strings").matches("/src/a/b/fr.lproj/Main.strings"))
    }

    @Test func aPatternOfThousandsOfStarsCostsWhatTheTextDoes() {
        // The longest pattern a configuration may write, of the worst shape: `*a` over and over.
        let glob = PathGlob(String(repeating: "*a", count: PathGlob.maximumLength / 2))
        for index in 0..<2_000 {
            let text = String(repeating: "a", count: index % 37) + "stale\(String(repeating: "b", count: 40))\(index)"
            let (matches, steps) = glob.match(text)
            let n = text.utf8.count
            #expect(!matches)
            // At most four places reached per character read: far below pattern × text.
            #expect(steps <= 2 * n * (n + 1))
        }
        // Two thousand characters, a few too few for the pattern's 2,048 `a`.
        let long = String(repeating: "a", count: 2_000)
        let tooFew = glob.match(long)
        #expect(!tooFew.matches && tooFew.steps <= 2 * 2_000 * 2_001)
        #expect(PathGlob(String(repeating: "*a", count: 1_500)).match(long).matches)
    }

    @Test func aConfigurationRefusesAPatternLongerThanTheLimit() {
        #expect(throws: PathGlob.PatternError.self) { try PathGlob(validating: String(repeating: "*a", count: 50_000)) }
        #expect((try? PathGlob(validating: String(repeating: "*a", count: PathGlob.maximumLength / 2))) != nil)
    }

    @Test func aGlobTooLongForAConfigurationIsAnErrorWhereItIsWritten() throws {
        let directory = try TemporaryDirectory()
        try directory.write("app/en.lproj/Localizable.strings", (0..<2_000).map { "\"key.\($0)\" = \"Value\";\n" }.joined())
        try directory.write("app/fr.lproj/Localizable.strings", "\"key.0\" = \"Valeur\";\n")
        try directory.write(".render-alert.yml", "ignore:\n  - key: \"" + String(repeating: "*a", count: 50_000) + "\"\n")
        let result = try RenderAlertCommand.run(["lint", "app"], directory: directory.path)
        #expect(result.status == 2)
        #expect(result.error.contains(".render-alert.yml:2:10: error: key: the pattern is 100000 bytes long"), "\(result.error)")
    }
}
