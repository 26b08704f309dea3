import Foundation
import Testing

/// The README's HTTP example, as a newcomer runs it: the `curl` request it shows, sent to the
/// service over the bundled sample app, answers exactly the JSON the README shows.
@Suite("README's HTTP example")
struct ReadmeServerExampleTests {
    @Test func theCurlExampleAnswersWhatTheReadmeShows() async throws {
        let readme = try String(contentsOfFile: Paths.repositoryRoot + "/README.md", encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        let curl = try #require(lines.first { $0.hasPrefix("curl -s localhost:8080/v1/localize -d '") }, "the README's curl example")
        let body = String(curl.split(separator: "'")[1])
        let start = try #require(lines.firstIndex(of: "```json"), "the README's answer block")
        let shown = lines[start + 1]
        try await RouterClient.with { client in
            let response = try await client.post("/v1/localize", json: body)
            #expect(response.status == 200)
            #expect(response.text.trimmingCharacters(in: .whitespacesAndNewlines) == shown, "the README shows what the service answers")
        }
    }
}
