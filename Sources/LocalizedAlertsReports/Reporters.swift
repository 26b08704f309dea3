@_spi(Presentation) import LocalizedAlerts

/// Writes lint findings for one audience: people at a terminal, an editor, a CI runner, a
/// script, a code-scanning service. `render-alert lint --format` picks one by its identifier;
/// any other front end can use the same reporters.
public protocol FindingsReporter: Sendable {
    /// The name `--format` knows this reporter by.
    static var identifier: String { get }
    /// The whole report, ending with a line feed.
    func report(_ findings: [LocalizationDiagnostic], summary: LintSummary) -> String
}

/// For people: grouped by file, the offending line with a caret, hint and notes; 200 findings of
/// a rule per file, then a count.
public struct HumanReporter: FindingsReporter {
    public static let identifier = "human"
    public var style: TerminalStyle
    public init(style: TerminalStyle) { self.style = style }
    public func report(_ findings: [LocalizationDiagnostic], summary: LintSummary) -> String {
        LintHuman.render(findings, summary: summary, style: style)
    }
}

/// `file:line:column: error: message [rule]`, what Xcode and editors' problem matchers read.
public struct XcodeReporter: FindingsReporter {
    public static let identifier = "xcode"
    public init() {}
    public func report(_ findings: [LocalizationDiagnostic], summary: LintSummary) -> String { LintXcode.render(findings) }
}

/// GitHub Actions workflow commands: annotations on a pull request.
public struct GitHubReporter: FindingsReporter {
    public static let identifier = "github"
    public init() {}
    public func report(_ findings: [LocalizationDiagnostic], summary: LintSummary) -> String { LintGitHub.render(findings) }
}

/// `{"schemaVersion": 1, "generator", "summary", "findings"}`, for scripts.
public struct JSONReporter: FindingsReporter {
    public static let identifier = "json"
    public init() {}
    public func report(_ findings: [LocalizationDiagnostic], summary: LintSummary) -> String {
        LintJSON.make(findings, summary: summary).outputText(pretty: true)
    }
}

/// SARIF 2.1.0, for code scanning; URIs relative to `workingDirectory` (`%SRCROOT%`).
public struct SARIFReporter: FindingsReporter {
    public static let identifier = "sarif"
    public var workingDirectory: String?
    public init(workingDirectory: String? = LintSARIF.currentDirectory()) { self.workingDirectory = workingDirectory }
    public func report(_ findings: [LocalizationDiagnostic], summary: LintSummary) -> String {
        LintSARIF.make(findings, workingDirectory: workingDirectory).outputText(pretty: true)
    }
}

/// JUnit XML: one test suite per file, a failed test case per finding; for CI test reports.
public struct JUnitReporter: FindingsReporter {
    public static let identifier = "junit"
    public init() {}
    public func report(_ findings: [LocalizationDiagnostic], summary: LintSummary) -> String { LintJUnit.render(findings, summary: summary) }
}

/// Markdown: totals, a row per rule, then the findings (push first, at most 200); for a GitHub
/// job summary (`>> "$GITHUB_STEP_SUMMARY"`) or a pull-request comment.
public struct MarkdownReporter: FindingsReporter {
    public static let identifier = "markdown"
    public init() {}
    public func report(_ findings: [LocalizationDiagnostic], summary: LintSummary) -> String { LintMarkdown.render(findings, summary: summary) }
}
