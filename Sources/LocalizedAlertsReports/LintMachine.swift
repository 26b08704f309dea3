@_spi(Presentation) import LocalizedAlerts

/// `lint --format xcode`: `file:line:column: error: message [rule]`, which Xcode, editors and
/// compilers' problem matchers understand. Notes follow their finding as `note:` lines.
enum LintXcode {
    static func render(_ findings: [LocalizationDiagnostic]) -> String {
        var out = ""
        for finding in findings {
            out += "\(place(finding.location)): \(finding.severity.rawValue): \(oneLine(finding.message)) [\(finding.id)]\n"
            for note in finding.notes { out += "\(place(note.location)): note: \(oneLine(note.message))\n" }
        }
        return out
    }

    /// `file:line:column`, the file name printable on one line.
    static func place(_ location: SourceLocation) -> String {
        "\(printable(location.file ?? "<input>")):\(location.line):\(location.column)"
    }
}

/// `lint --format github`: GitHub Actions workflow commands, which annotate the pull request's
/// files. https://docs.github.com/actions/reference/workflow-commands-for-github-actions
enum LintGitHub {
    static func render(_ findings: [LocalizationDiagnostic], summary: LintSummary) -> String {
        var out = ""
        for finding in LintHuman.bySeverity(findings) {
            let command: String
            switch finding.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            var properties: [String] = []
            if let file = finding.location.file { properties.append("file=" + escapeProperty(file)) }
            properties.append("line=\(finding.location.line)")
            properties.append("col=\(finding.location.column)")
            properties.append("title=" + escapeProperty(finding.id.rawValue))
            var message = finding.message
            if let hint = finding.hint { message += "\n→ " + hint }
            for note in finding.notes { message += "\nnote: \(note.location): \(note.message)" }
            out += "::\(command) \(properties.joined(separator: ","))::\(escapeData(message))\n"
        }
        if !findings.isEmpty {
            // GitHub shows ten annotations of each kind per step: this line counts them all.
            let rows = RuleTally.of(findings).map { "\($0.id) \($0.count) (\($0.severity.rawValue))" }
            let totals = LintHuman.summaryLine(summary, style: .plain)
            out += "::notice title=\(escapeProperty("render-alert lint"))::\(escapeData("\(totals): \(rows.joined(separator: ", "))"))\n"
        }
        return out
    }

    /// The runner reads `%`, CR and LF as escapes in a message (and ends the command at a
    /// line break); other control characters are made printable, since the log shows them.
    static func escapeData(_ text: String) -> String {
        text.replacingScalars { scalar in
            switch scalar {
            case "%": "%25"
            case "\r": "%0D"
            case "\n": "%0A"
            default: printableReplacement(scalar)
            }
        }
    }

    /// Properties also end at `,` and `:`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingScalars { scalar in
            switch scalar {
            case ":": "%3A"
            case ",": "%2C"
            default: nil
            }
        }
    }
}
