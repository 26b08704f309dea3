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
    /// `human`.
    public static let identifier = "human"
    /// Colours and width of the output.
    public var style: TerminalStyle
    /// A reporter writing for a terminal of this style.
    public init(style: TerminalStyle) { self.style = style }
    /// The findings grouped by file, then the summary line.
    public func report(_ findings: [LocalizationDiagnostic], summary: LintSummary) -> String {
        LintHuman.render(findings, summary: summary, style: style)
    }
}

/// `file:line:column: error: message [rule]`, what Xcode and editors' problem matchers read.
public struct XcodeReporter: FindingsReporter {
    /// `xcode`.
    public static let identifier = "xcode"
    /// A reporter in Xcode's format.
    public init() {}
    /// One line per finding; the summary is not written.
    public func report(_ findings: [LocalizationDiagnostic], summary: LintSummary) -> String { LintXcode.render(findings) }
}

/// GitHub Actions workflow commands: annotations on a pull request.
public struct GitHubReporter: FindingsReporter {
    /// `github`.
    public static let identifier = "github"
    /// A reporter of GitHub Actions annotations.
    public init() {}
    /// One workflow command per finding; the summary is not written.
    public func report(_ findings: [LocalizationDiagnostic], summary: LintSummary) -> String { LintGitHub.render(findings) }
}

/// `{"schemaVersion": 1, "generator", "summary", "findings"}`, for scripts.
public struct JSONReporter: FindingsReporter {
    /// `json`.
    public static let identifier = "json"
    /// A reporter of JSON.
    public init() {}
    /// The findings and summary as one pretty-printed JSON document.
    public func report(_ findings: [LocalizationDiagnostic], summary: LintSummary) -> String {
        LintJSON.make(findings, summary: summary).outputText(pretty: true)
    }
}

/// SARIF 2.1.0, for code scanning; URIs relative to `workingDirectory` (`%SRCROOT%`).
public struct SARIFReporter: FindingsReporter {
    /// `sarif`.
    public static let identifier = "sarif"
    /// The directory `%SRCROOT%` stands for, written into the log so that viewers can resolve the
    /// relative paths of findings; nil writes no base and leaves `%SRCROOT%` to the viewer.
    public var workingDirectory: String?
    /// A SARIF reporter; by default relative to the current directory.
    public init(workingDirectory: String? = LintSARIF.currentDirectory()) { self.workingDirectory = workingDirectory }
    /// The findings as a SARIF log, with every rule the tool can report.
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
