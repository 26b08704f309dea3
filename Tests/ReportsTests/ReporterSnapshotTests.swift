import Foundation
import LocalizedAlerts
import LocalizedAlertsReports
import Testing

/// Each reporter's whole output for one set of findings, compared with the file kept in
/// `Snapshots/`. A change of output shows as a diff of that file: run the tests with
/// `UPDATE_SNAPSHOTS=1` to write the new output, and review it before committing.
@Suite("Reporters (snapshots)")
struct ReporterSnapshotTests {
    /// A push error with a hint and a note, a table error, a flood of one warning in one table
    /// across localizations, and a lone warning.
    static let findings: [LocalizationDiagnostic] = {
        var findings: [LocalizationDiagnostic] = []
        var specifier = LocalizationDiagnostic(
            .pushUnsupportedSpecifier, at: SourceLocation(file: "App/en.lproj/Localizable.strings", line: 3, column: 12),
            "\"digest\" (en) is sent in pushes but uses %d: the device drops it and shows nothing",
            hint: "use %@ (or %1$@) and send the value as a formatted string argument",
            notes: [.init(location: SourceLocation(file: "payloads/digest.json", line: 4, column: 7), message: "used by this payload's loc-key")])
        specifier.key = "digest"
        findings.append(specifier)
        findings.append(
            LocalizationDiagnostic(
                "strings.missing-semicolon", at: SourceLocation(file: "App/pt.lproj/Localizable.strings", line: 1, column: 12),
                "missing ';' after the value", hint: "add ';' after the value"))
        for language in ["de", "fr", "it"] {
            for key in 0..<4 {
                var missing = LocalizationDiagnostic(
                    "table.missing-key", at: SourceLocation(file: "App/\(language).lproj/Main.strings", line: 1, column: 1),
                    "\"ui.\(key)\" is missing from \(language)'s Main table (present in en)",
                    hint: "translate it; a device shows the untranslated key or text")
                missing.key = "ui.\(key)"
                findings.append(missing)
            }
        }
        findings.append(
            LocalizationDiagnostic(
                "table.stale-key", at: SourceLocation(file: "App/fr.lproj/Localizable.strings", line: 9, column: 9),
                "\"old\" is in fr's Localizable table but not in en's"))
        return Linter.ordered(findings)
    }()

    static let summary = LintSummary(findings: findings, accepted: 2, checked: 1)

    static let reports: [(name: String, reporter: any FindingsReporter)] = [
        ("human", HumanReporter(style: .plain)),
        ("human-verbose", HumanReporter(style: .plain, verbose: true)),
        ("github", GitHubReporter()),
        ("xcode", XcodeReporter()),
        ("markdown", MarkdownReporter()),
    ]

    @Test(arguments: reports.map(\.name))
    func reportMatchesItsSnapshot(_ name: String) throws {
        let reporter = try #require(Self.reports.first { $0.name == name }?.reporter)
        let output = reporter.report(Self.findings, summary: Self.summary)
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots/\(name).txt")
        if ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] == "1" {
            try output.write(to: file, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(output == expected, "run with UPDATE_SNAPSHOTS=1 to write the new output, then review its diff")
    }

    @Test func everyFormatHasAReporter() {
        for identifier in FindingsReporters.identifiers {
            #expect(FindingsReporters.named(identifier) != nil, "\(identifier)")
        }
        #expect(FindingsReporters.named("yaml") == nil)
    }

    /// Errors lead in every line-oriented format, whatever the order of files.
    @Test func errorsComeBeforeWarnings() {
        for (name, reporter) in Self.reports where name.hasPrefix("human") || name == "github" {
            let lines = reporter.report(Self.findings, summary: Self.summary).split(separator: "\n")
            let lastError = lines.lastIndex { $0.contains("error") && ($0.contains("✖") || $0.hasPrefix("::error")) }
            let firstWarning = lines.firstIndex { $0.contains("⚠") || $0.hasPrefix("::warning") }
            #expect(lastError != nil && firstWarning != nil && lastError! < firstWarning!, "\(name)")
        }
    }
}
