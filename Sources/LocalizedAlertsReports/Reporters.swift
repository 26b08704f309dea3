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

/// For people: every error first, grouped by file with the offending line and a caret, hint
/// and notes; then the warnings, where many of one rule in one table are summed up in a line
/// with a few examples (all of them with `verbose`); then counts per rule, the configuration
/// lines that would quiet a whole class of findings, and the totals.
public struct HumanReporter: FindingsReporter {
    /// `human`.
    public static let identifier = "human"
    /// Colours and width of the output.
    public var style: TerminalStyle
    /// Whether every finding is listed, instead of many of one rule in a table summed up.
    public var verbose: Bool
    /// A reporter writing for a terminal of this style.
    public init(style: TerminalStyle, verbose: Bool = false) {
        self.style = style
        self.verbose = verbose
    }
    /// The findings, errors first, then the summaries.
    public func report(_ findings: [LocalizationDiagnostic], summary: LintSummary) -> String {
        LintHuman.render(findings, summary: summary, style: style, verbose: verbose)
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
    /// One workflow command per finding, errors first (GitHub shows only the first annotations
    /// of each kind), then a notice counting the findings per rule.
    public func report(_ findings: [LocalizationDiagnostic], summary: LintSummary) -> String { LintGitHub.render(findings, summary: summary) }
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

/// Every reporter, by the identifier `--format` knows it by.
public enum FindingsReporters {
    /// The identifiers, as `render-alert lint --format` lists them.
    public static let identifiers = [
        HumanReporter.identifier, XcodeReporter.identifier, GitHubReporter.identifier, JSONReporter.identifier,
        SARIFReporter.identifier, JUnitReporter.identifier, MarkdownReporter.identifier,
    ]

    /// The reporter named `identifier`; `style` and `verbose` are the human report's.
    public static func named(_ identifier: String, style: TerminalStyle = .plain, verbose: Bool = false) -> (any FindingsReporter)? {
        switch identifier {
        case HumanReporter.identifier: HumanReporter(style: style, verbose: verbose)
        case XcodeReporter.identifier: XcodeReporter()
        case GitHubReporter.identifier: GitHubReporter()
        case JSONReporter.identifier: JSONReporter()
        case SARIFReporter.identifier: SARIFReporter()
        case JUnitReporter.identifier: JUnitReporter()
        case MarkdownReporter.identifier: MarkdownReporter()
        default: nil
        }
    }
}
