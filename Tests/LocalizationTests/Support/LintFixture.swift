import Foundation
import LocalizedAlerts
import Testing

/// A small app written to a temporary directory from marked texts, linted in-process by a
/// ``LintSession`` (the run `render-alert lint` makes). Each marker (1️⃣…) in a file is where
/// one finding of the rule under test is expected; findings of other rules are not this
/// fixture's concern. `message`, when given, is words every finding of the rule must say.
struct LintFixture: CustomTestStringConvertible, Sendable {
    var rule: String
    /// Relative path → marked text. `payloads/…` files are checked as payloads, `res/…` as the
    /// app's Android resources.
    var files: [String: String]
    var message: String?

    init(_ rule: String, _ files: [String: String], message: String? = nil) {
        self.rule = rule
        self.files = files
        self.message = message
    }

    var testDescription: String { rule }

    struct Finding: Hashable, CustomStringConvertible {
        var file: String
        var line: Int
        var column: Int
        var description: String { "\(file):\(line):\(column)" }
    }

    /// Writes the app, lints it and returns the expected and actual positions of the rule's
    /// findings, plus every finding.
    func run() throws -> (expected: Set<Finding>, actual: Set<Finding>, findings: [LocalizationDiagnostic]) {
        let directory = try TemporaryDirectory()
        var expected: Set<Finding> = []
        for (relative, marked) in files {
            let text = MarkedText(marked)
            try directory.write(relative, text.text)
            for position in text.markers.values {
                expected.insert(Finding(file: relative, line: position.line, column: position.column))
            }
        }
        var session = LintSession(paths: [directory.path + "/app"], workingDirectory: directory.path)
        if files.keys.contains(where: { $0.hasPrefix("payloads/") }) { session.payloadFiles = [directory.path + "/payloads"] }
        if files.keys.contains(where: { $0.hasPrefix("res/") }) { session.resourceDirectories = [directory.path + "/res"] }
        let findings = try session.run().findings
        var actual: Set<Finding> = []
        for finding in findings where finding.id.rawValue == rule {
            let file = (finding.location.file ?? "").replacingOccurrences(of: directory.path + "/", with: "")
            actual.insert(Finding(file: file, line: finding.location.line, column: finding.location.column))
        }
        return (expected, actual, findings)
    }
}
