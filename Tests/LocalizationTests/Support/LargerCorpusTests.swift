import Foundation
import Testing

/// Says once whether the corpus tests read the larger corpus too: skipped, with the reason,
/// when `LOCALIZED_ALERTS_CORPUS` is not set (they then check the repository's copy only).
@Suite("Larger corpus")
struct LargerCorpusTests {
    @Test(.enabled(if: Fixtures.largerCorpusPath != nil, "LOCALIZED_ALERTS_CORPUS is not set: the corpus tests read the repository's copy only"))
    func theLargerCorpusIsReadByTheCorpusTests() throws {
        let corpus = try #require(Fixtures.largerCorpus())
        #expect(!Fixtures.files(under: corpus, suffixes: [".strings"]).isEmpty, "\(corpus) holds .strings tables")
    }
}
