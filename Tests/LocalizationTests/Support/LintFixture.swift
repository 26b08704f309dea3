import Foundation
import Testing

/// A small app written to a temporary directory from marked texts, linted by the built
/// executable. Each marker (1️⃣…) in a file is where one finding of the rule under test is
/// expected; findings of other rules are not this fixture's concern.
struct LintFixture: CustomTestStringConvertible, Sendable {
    var rule: String
    /// Relative path → marked text. `payloads/…` files are passed with `--payloads`.
    var files: [String: String]
    var arguments: [String] = []

    init(_ rule: String, _ files: [String: String], arguments: [String] = []) {
        self.rule = rule
        self.files = files
        self.arguments = arguments
    }

    var testDescription: String { rule }

    struct Finding: Hashable, CustomStringConvertible {
        var file: String
        var line: Int
        var column: Int
        var description: String { "\(file):\(line):\(column)" }
    }

    /// Writes the app, runs `render-alert lint … --format json` and returns the expected and
    /// actual positions of the rule's findings, plus the whole output.
    func run() throws -> (expected: Set<Finding>, actual: Set<Finding>, status: Int32, output: [[String: Any]]) {
        let directory = try TemporaryDirectory()
        var expected: Set<Finding> = []
        for (relative, marked) in files {
            let text = MarkedText(marked)
            try directory.write(relative, text.text)
            for position in text.markers.values {
                expected.insert(Finding(file: relative, line: position.line, column: position.column))
            }
        }
        var command = ["lint", directory.path + "/app", "--format", "json"] + arguments
        if files.keys.contains(where: { $0.hasPrefix("payloads/") }) { command += ["--payloads", directory.path + "/payloads"] }
        let result = try RenderAlertCommand.run(command)
        let root = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let findings = root?["findings"] as? [[String: Any]] ?? []
        var actual: Set<Finding> = []
        for finding in findings where finding["id"] as? String == rule {
            let file = (finding["file"] as? String ?? "").replacingOccurrences(of: directory.path + "/", with: "")
            actual.insert(Finding(file: file, line: finding["line"] as? Int ?? 0, column: finding["column"] as? Int ?? 0))
        }
        return (expected, actual, result.status, findings)
    }
}
