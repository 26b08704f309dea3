@_spi(Presentation) import LocalizedAlerts

/// `lint --format junit`: JUnit XML, which CI systems (GitLab, Jenkins, Azure DevOps, test
/// report actions) show as failed tests: one test suite per file, one failed test case per
/// finding. A clean run is one passing test case, so that the report is never empty.
enum LintJUnit {
    static func render(_ findings: [LocalizationDiagnostic], summary: LintSummary) -> String {
        var files: [(file: String, findings: [LocalizationDiagnostic])] = []
        var index: [String: Int] = [:]
        for finding in findings {
            let file = finding.location.file ?? "<input>"
            if let at = index[file] {
                files[at].findings.append(finding)
            } else {
                index[file] = files.count
                files.append((file, [finding]))
            }
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"render-alert lint\" tests=\"\(max(findings.count, 1))\" failures=\"\(findings.count)\">\n"
        if files.isEmpty {
            out += "  <testsuite name=\"render-alert lint\" tests=\"1\" failures=\"0\">\n"
            out += "    <testcase classname=\"render-alert lint\" name=\"no problems in \(LintHuman.count(summary.checked, "target")) checked\"/>\n"
            out += "  </testsuite>\n"
        }
        for (file, findings) in files {
            out += "  <testsuite name=\"\(xml(file))\" tests=\"\(findings.count)\" failures=\"\(findings.count)\">\n"
            for finding in findings {
                let place = "\(finding.location.line):\(finding.location.column)"
                out +=
                    "    <testcase classname=\"\(xml(finding.id.rawValue))\" name=\"\(xml(file)):\(place)\" file=\"\(xml(file))\" line=\"\(finding.location.line)\">\n"
                var body = "\(finding.severity.rawValue): \(finding.message)"
                if let hint = finding.hint { body += "\n→ \(hint)" }
                for note in finding.notes { body += "\nnote: \(LintXcode.place(note.location)): \(note.message)" }
                out += "      <failure type=\"\(finding.severity.rawValue)\" message=\"\(xml(finding.message))\">\(xml(body))</failure>\n"
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    /// Text for XML attributes and content: markup escaped, and characters XML 1.0 cannot hold
    /// at all (most control characters) shown as their printable pictures.
    static func xml(_ text: String) -> String {
        text.replacingScalars { scalar in
            if let reference = markupReference(scalar) { return reference }
            return switch scalar {
            case "\n": "&#10;"
            case "\t": "&#9;"
            default: printableReplacement(scalar)
            }
        }
    }
}

/// `lint --format markdown`: a summary for people where Markdown is read (a GitHub job
/// summary, a pull-request comment): the totals, one row per rule, then the findings, the
/// ones that change what a push shows first, at most `maximumListed`.
enum LintMarkdown {
    static let maximumListed = 200

    static func render(_ findings: [LocalizationDiagnostic], summary: LintSummary) -> String {
        var out =
            "### render-alert lint: " + LintHuman.summaryLine(summary, style: TerminalStyle(colors: false, width: 120, isTerminal: false)) + "\n"
        guard !findings.isEmpty else { return out }
        out += "\n| | Rule | Findings | Localizations |\n|---|---|--:|---|\n"
        for rule in RuleTally.of(findings) {
            let names = rule.localizations.sorted()
            let shown = names.prefix(8).joined(separator: ", ") + (names.count > 8 ? ", … (\(names.count))" : "")
            out +=
                "| \(icon(rule.severity)) | [`\(rule.id)`](\(LintSARIF.helpURI(rule.id)))\(rule.push ? " (push)" : "") | \(rule.count) | \(cell(shown)) |\n"
        }
        let (push, rest) = PushRelevance.split(findings)
        let ordered = push + rest
        out +=
            "\n<details><summary>\(ordered.count > maximumListed ? "The first \(maximumListed) of \(ordered.count) findings" : "Findings"), push first</summary>\n\n"
        out += "| | Where | Rule | Finding |\n|---|---|---|---|\n"
        for finding in ordered.prefix(maximumListed) {
            var text = finding.message
            if let hint = finding.hint { text += " → " + hint }
            out += "| \(icon(finding.severity)) | \(cell(LintXcode.place(finding.location))) | `\(finding.id)` | \(cell(text)) |\n"
        }
        return out + "\n</details>\n"
    }

    static func icon(_ severity: DiagnosticSeverity) -> String {
        switch severity {
        case .error: "❌"
        case .warning: "⚠️"
        case .note: "ℹ️"
        }
    }

    /// A table cell: on one line, with nothing that Markdown or HTML would read as markup.
    static func cell(_ text: String) -> String {
        text.replacingScalars { scalar in
            switch scalar {
            case "|": "\\|"
            case "\\", "`", "*", "_", "[", "]", "#", "~": "\\" + String(scalar)
            case "<": "&lt;"
            case ">": "&gt;"
            case "&": "&amp;"
            case "\n", "\r": " "
            default: printableReplacement(scalar)
            }
        }
    }
}
