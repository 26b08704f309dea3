import LocalizedAlerts

/// `lint --format human`: findings grouped by file, each with the offending line and a caret
/// under the column, then a one-line summary.
enum LintHuman {
    static func render(_ findings: [Diagnostic], summary: LintSummary, style: TerminalStyle) -> String {
        var out = ""
        var sources = SourceCache()
        var currentFile: String?? = .none
        for finding in findings {
            if currentFile != .some(finding.location.file) {
                if currentFile != nil { out += "\n" }
                out += style.bold(printable(finding.location.file ?? "<no file>")) + "\n"
                currentFile = .some(finding.location.file)
            }
            out += "  " + style.dim("\(finding.location.line):\(finding.location.column)") + "  "
            out += DiagnosticText.symbol(finding.severity, style: style) + "  " + printable(finding.message)
            out += " " + style.dim("[\(finding.id)]") + "\n"
            if RuleCatalog.descriptor(for: finding.id)?.isAboutWholeFile != true {
                out += excerpt(finding.location, sources: &sources, style: style)
            }
            if let hint = finding.hint { out += "      " + style.cyan("→ ") + printable(hint) + "\n" }
            for note in finding.notes {
                out += "      " + style.dim("note: \(DiagnosticText.place(note.location)): ") + printable(note.message) + "\n"
            }
        }
        if !findings.isEmpty { out += "\n" }
        out += summaryLine(summary, style: style) + "\n"
        return out
    }

    static func summaryLine(_ summary: LintSummary, style: TerminalStyle) -> String {
        var parts: [String] = []
        if summary.errors > 0 { parts.append(style.red(count(summary.errors, "error"))) }
        if summary.warnings > 0 { parts.append(style.yellow(count(summary.warnings, "warning"))) }
        if summary.notes > 0 { parts.append(count(summary.notes, "note")) }
        var line: String
        if parts.isEmpty {
            line = style.green("✔ no problems") + " in \(count(summary.checked, "target")) checked"
        } else {
            line = parts.joined(separator: ", ") + " in \(count(summary.files, "file"))"
        }
        if summary.accepted > 0 { line += style.dim(" (\(summary.accepted) accepted by the baseline)") }
        return line
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// The line the finding points at, fitted to the terminal, and a caret under the column.
    /// Columns count Unicode scalars, and control characters show one column wide (a tab as a
    /// space, others as symbols) so none moves the caret; the caret is placed by display width
    /// so that it stays under the right character after wide (CJK, emoji) text.
    static func excerpt(_ location: SourceLocation, sources: inout SourceCache, style: TerminalStyle) -> String {
        guard let file = location.file, let lines = sources.lines(of: file),
            location.line >= 1, location.line <= lines.count
        else { return "" }
        let scalars = Array(lines[location.line - 1].unicodeScalars.map(printable))
        let column = min(max(location.column - 1, 0), scalars.count)
        let gutter = String(location.line)
        let room = max(style.width - gutter.count - 12, 30)
        // Long lines: a window that keeps the column in view.
        var start = 0
        if DisplayText.width(String(String.UnicodeScalarView(scalars[0..<column]))) > room - 20 {
            start = max(column - (room / 2), 0)
        }
        var shown = String(String.UnicodeScalarView(scalars[start...]))
        let prefix = start > 0 ? "…" : ""
        shown = DisplayText.truncate(shown, columns: room)
        let before = prefix + String(String.UnicodeScalarView(scalars[start..<column]))
        let pad = String(repeating: " ", count: gutter.count)
        var out = "      " + style.dim("\(gutter) │ ") + prefix + shown + "\n"
        out += "      " + style.dim("\(pad) │ ") + String(repeating: " ", count: DisplayText.width(before)) + style.red("^") + "\n"
        return out
    }

    /// Each file's lines, read once however many findings point into it.
    struct SourceCache {
        var files: [String: [Substring]?] = [:]
        mutating func lines(of file: String) -> [Substring]? {
            if let cached = files[file] { return cached }
            let lines = SourceText.lines(ofFile: file)
            files[file] = .some(lines)
            return lines
        }
    }
}
