import Foundation
@_spi(Presentation) import LocalizedAlerts
import Testing

/// The documentation stays true to the code: every rule is documented, every section the code
/// cites exists, and the README keeps its two commands, the test one being what CI runs.
@Suite("Documentation")
struct DocumentationTests {
    static func read(_ relative: String) throws -> String {
        try String(contentsOfFile: Fixtures.repositoryRoot + "/" + relative, encoding: .utf8)
    }

    @Test func docsLintDocumentsEveryRule() throws {
        let lint = try Self.read("docs/lint.md")
        for id in RuleCatalog.all.map(\.id.rawValue) {
            #expect(lint.contains("<a id=\"\(id)\"></a>`\(id)`"), "\(id) documented in docs/lint.md")
        }
    }

    /// Comments cite `docs/device-behaviour.md §N` (or `§N.M`); each must be a heading there.
    @Test func everyCitedDeviceBehaviourSectionExists() throws {
        let document = try Self.read("docs/device-behaviour.md")
        let headings = Set(document.matches(of: #/(?m)^\#{2,3} (\d+(?:\.\d+)?)\.?\x20/#).map { String($0.output.1) })
        #expect(headings.isSuperset(of: ["1", "2", "3", "4", "5", "7.1", "7.5", "8.1", "8.2"]))
        var cited: [String: String] = [:]
        for folder in ["Sources", "Tests", "Fuzz/Sources", "Benchmarks/Benchmarks"] {
            for file in Fixtures.files(under: Fixtures.repositoryRoot + "/" + folder, suffixes: [".swift", ".tsv"]) {
                let text = try String(contentsOfFile: file, encoding: .utf8)
                // "docs/device-behaviour.md §1, §5" and "docs/device-behaviour.md section 7.4".
                for match in text.matches(of: #/docs/device-behaviour\.md((?:,?\x20(?:and\x20)?(?:§|section\x20)\d+(?:\.\d+)?)+)/#) {
                    for number in match.output.1.matches(of: #/\d+(?:\.\d+)?/#) { cited[String(number.output)] = file }
                }
            }
        }
        #expect(cited.count >= 5, "\(cited)")
        for (section, file) in cited {
            #expect(headings.contains(section), "\(file) cites docs/device-behaviour.md §\(section), which has no such section")
        }
    }

    /// One home for the project: every link to a repository of this name in the docs names
    /// ``LocalizedAlertsVersion/repository`` (as the SARIF report's help links do); no placeholder.
    @Test func everyLinkToTheProjectNamesItsOneHome() throws {
        let home = LocalizedAlertsVersion.repository.replacing("https://github.com/", with: "")
        for file in ["README.md", "docs/integrations.md", "docs/install.md", "docs/library.md"] {
            let text = try Self.read(file)
            #expect(!text.contains("OWNER"), "\(file) has a placeholder")
            for match in text.matches(of: /([A-Za-z0-9_.-]+)\/LocalizedAlerts(?=[@"\s])/) {
                #expect(match.output.0.hasSuffix(home) || match.output.1 == "localizedalerts", "\(file): \(match.output.0)")
            }
        }
    }

    /// The README's first shell block is the two commands, and `.ci/run` runs the test one.
    @Test func theReadmeKeepsItsTwoCommandsAndCIRunsTheTestOne() throws {
        let readme = try Self.read("README.md")
        #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count <= 350)
        let block = try #require(readme.firstMatch(of: #/```sh\n((?s).*?)```/#)).output.1
        let commands = block.split(separator: "\n").map { $0.split(separator: "#")[0].trimmingCharacters(in: .whitespaces) }
        #expect(commands == ["swift run render-alert", "swift test"])
        let ci = try Self.read(".ci/run")
        #expect(ci.contains("\nswift test 2>&1"), "`.ci/run` runs the README's test command")
    }
}
