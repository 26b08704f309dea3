@_spi(Presentation) import LocalizedAlerts

/// `lint --format human`: findings grouped by file, each with the offending line and a caret
/// under the column, then a one-line summary.
enum LintHuman {
    static func render(_ findings: [LocalizationDiagnostic], summary: LintSummary, style: TerminalStyle, verbose: Bool = false) -> String {
        // Every error leads, those that change what a push shows first; then the warnings and
        // notes, where many of one rule in one table are summed up unless `verbose`.
        let errors = findings.filter { $0.severity == .error }
        let rest = findings.filter { $0.severity != .error }
        var out = ""
        if !errors.isEmpty {
            let (push, other) = PushRelevance.split(errors)
            if !rest.isEmpty || (!push.isEmpty && !other.isEmpty) {
                out += style.bold("Errors (\(count(errors.count, "finding")))") + "\n\n"
            }
            out += listing(push + other, style: style)
        }
        if !rest.isEmpty {
            if !errors.isEmpty { out += "\n" + style.bold("Warnings and notes (\(count(rest.count, "finding")))") + "\n\n" }
            out += verbose ? listing(rest, style: style) : grouped(rest, style: style)
        }
        if !findings.isEmpty { out += "\n" }
        if Set(findings.map(\.id)).count > 1 || findings.count > 10 {
            out += ruleSummary(findings, style: style) + "\n"
        }
        let advice = quieting(findings)
        if !advice.isEmpty {
            out += style.bold("To quiet a whole class of findings") + "\n" + advice.map { "  " + $0 + "\n" }.joined() + "\n"
        }
        out += summaryLine(summary, style: style) + "\n"
        return out
    }

    /// Errors, then warnings, then notes, each in the given order.
    static func bySeverity(_ findings: [LocalizationDiagnostic]) -> [LocalizationDiagnostic] {
        findings.filter { $0.severity == .error } + findings.filter { $0.severity == .warning } + findings.filter { $0.severity == .note }
    }

    /// Findings of one rule in one table (or one file outside tables), in order of appearance.
    struct Group {
        var id: DiagnosticID
        var table: String
        var findings: [LocalizationDiagnostic] = []
        var localizations: Set<String> = []

        static func of(_ findings: [LocalizationDiagnostic]) -> [Group] {
            var groups: [Group] = []
            var index: [String: Int] = [:]
            for finding in findings {
                let table = TablePath.table(of: finding.location.file) ?? finding.location.file ?? ""
                let name = finding.id.rawValue + "\u{0}" + table
                if index[name] == nil {
                    index[name] = groups.count
                    groups.append(Group(id: finding.id, table: table))
                }
                groups[index[name]!].findings.append(finding)
                if let localization = TablePath.localization(of: finding.location.file) { groups[index[name]!].localizations.insert(localization) }
            }
            return groups
        }
    }

    /// Groups this large are summed up in one line with examples.
    static let groupedAbove = 5
    /// Examples a summed-up group shows.
    static let examplesPerGroup = 3

    /// Small groups listed as usual; each large one as a count and a few examples.
    static func grouped(_ findings: [LocalizationDiagnostic], style: TerminalStyle) -> String {
        let groups = Group.of(findings)
        let small = groups.filter { $0.findings.count <= groupedAbove }.flatMap(\.findings)
        var out = listing(Linter.ordered(small), style: style)
        let large = groups.filter { $0.findings.count > groupedAbove }
        guard !large.isEmpty else { return out }
        if !small.isEmpty { out += "\n" }
        for group in large {
            let place = group.localizations.isEmpty ? "" : " in \(count(group.localizations.count, "localization"))"
            out += style.bold("\(printable(group.table)): ") + DiagnosticText.symbol(group.findings[0].severity, style: style)
            out += "  \(group.findings.count) × \(group.id)\(place), such as:\n"
            for finding in group.findings.prefix(examplesPerGroup) {
                out += "      " + style.dim("\(DiagnosticText.place(finding.location)): ") + printable(finding.message) + "\n"
            }
        }
        out += style.dim("  (--verbose lists every finding; --format json lists them for scripts)") + "\n"
        return out
    }

    /// The configuration lines or flags that would quiet the largest classes of warnings, when
    /// they apply: at most two.
    static func quieting(_ findings: [LocalizationDiagnostic]) -> [String] {
        let warnings = findings.filter { $0.severity != .error }
        // Counted in keys: a localization lacking many is one finding about them all.
        func keys(_ findings: [LocalizationDiagnostic]) -> Int { findings.reduce(0) { $0 + max(1, $1.keys.count + $1.unlistedKeyCount) } }
        guard keys(warnings) > groupedAbove else { return [] }
        var advice: [String] = []
        // A UI table missing many keys is often one the app fills from its development region.
        func missingKeys(_ group: Group) -> Int { keys(group.findings) }
        let missing = Group.of(warnings.filter { $0.id.rawValue == "table.missing-key" })
            .filter { $0.table != "Localizable" && missingKeys($0) > groupedAbove }
            .sorted { missingKeys($0) > missingKeys($1) }
        if !missing.isEmpty {
            let tables = missing.prefix(3).map(\.table)
            advice.append(
                "runtime_fallback_tables: [\(printable(tables.joined(separator: ", ")))]   (.render-alert.yml; if the app fills missing keys from its development region)"
            )
        }
        let tally = RuleTally.of(warnings).filter { $0.count > groupedAbove && $0.id.rawValue != "table.missing-key" }.max { $0.count < $1.count }
        if let tally {
            advice.append("--ignore \(tally.id)   (or disabled_rules: [\(tally.id)] in .render-alert.yml; \(tally.count) findings)")
        }
        if advice.count < 2 {
            advice.append("--write-baseline lint-baseline.json, then --baseline lint-baseline.json   (accept today's findings, report only new ones)")
        }
        return Array(advice.prefix(2))
    }

    /// One line per rule: severity, count and the localizations it concerns, pushes first;
    /// at most `maximumSummaryRows` lines, so that it fits on one screen.
    static func ruleSummary(_ findings: [LocalizationDiagnostic], style: TerminalStyle) -> String {
        let ordered = RuleTally.of(findings)
        let width = min(ordered.map(\.id.rawValue.count).max() ?? 0, 40)
        var out = style.bold("By rule") + "\n"
        for row in ordered.prefix(maximumSummaryRows) {
            let id = row.id.rawValue + String(repeating: " ", count: max(0, width - row.id.rawValue.count))
            let number = String(row.count)
            let severity = row.severity.rawValue + String(repeating: " ", count: 7 - row.severity.rawValue.count)
            var line = "  \(row.push ? "▸" : " ") \(id)  \(severity)  \(String(repeating: " ", count: max(0, 7 - number.count)))\(number)"
            let names = row.localizations.sorted()
            if !names.isEmpty {
                let shown = printable(names.prefix(6).joined(separator: ", "))
                line += "  in " + (names.count > 6 ? "\(shown), … (\(names.count) localizations)" : shown)
            }
            out += line + "\n"
        }
        if ordered.count > maximumSummaryRows { out += "  … and \(ordered.count - maximumSummaryRows) more rules\n" }
        if ordered.contains(where: \.push) { out += style.dim("  ▸ changes what a push shows") + "\n" }
        return out
    }

    static let maximumSummaryRows = 20

    /// Findings grouped by file, in the given order.
    static func listing(_ findings: [LocalizationDiagnostic], style: TerminalStyle) -> String {
        var out = ""
        var sources = SourceCache()
        var currentFile: String?? = .none
        // People read a few hundred findings of a kind in a file, not ten thousand: the rest is
        // counted here and listed in full by the machine formats.
        var shownPerRule: [DiagnosticID: Int] = [:]
        func closeFile() {
            for (id, count) in shownPerRule.sorted(by: { $0.key < $1.key }) where count > maximumShownPerRule {
                out += "  " + style.dim("… and \(count - maximumShownPerRule) more [\(id)] in this file (--format json lists them)") + "\n"
            }
            shownPerRule = [:]
        }
        for finding in findings {
            if currentFile != .some(finding.location.file) {
                if currentFile != nil {
                    closeFile()
                    out += "\n"
                }
                out += style.bold(printable(finding.location.file ?? "<no file>")) + "\n"
                currentFile = .some(finding.location.file)
            }
            shownPerRule[finding.id, default: 0] += 1
            guard shownPerRule[finding.id]! <= maximumShownPerRule else { continue }
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
        closeFile()
        return out
    }

    /// Findings of one rule shown per file.
    static let maximumShownPerRule = 200

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
        guard let file = location.file, let line = sources.scalars(of: file, line: location.line) else { return "" }
        let gutter = String(location.line)
        let room = max(style.width - gutter.count - 12, 30)
        // Only the part of the line that can be shown is measured: findings on a 100 KB line
        // cost what findings on a short one do.
        let lineColumn = min(max(location.column - 1, 0), line.count)
        let window = max(lineColumn - room, 0)..<min(lineColumn + room, line.count)
        let scalars = line[window].map(printable)
        let column = lineColumn - window.lowerBound
        // Long lines: a window that keeps the column in view.
        var start = 0
        if window.lowerBound > 0 || DisplayText.width(String(String.UnicodeScalarView(scalars[0..<column]))) > room - 20 {
            start = max(column - (room / 2), 0)
        }
        var shown = String(String.UnicodeScalarView(scalars[start...]))
        let prefix = window.lowerBound + start > 0 ? "…" : ""
        shown = DisplayText.truncate(shown, columns: room)
        let before = prefix + String(String.UnicodeScalarView(scalars[start..<column]))
        let pad = String(repeating: " ", count: gutter.count)
        var out = "      " + style.dim("\(gutter) │ ") + prefix + shown + "\n"
        out += "      " + style.dim("\(pad) │ ") + String(repeating: " ", count: DisplayText.width(before)) + style.red("^") + "\n"
        return out
    }

    /// Each file's lines, read once however many findings point into it; the scalars of the
    /// line last asked for, split once however many findings it has.
    struct SourceCache {
        var files: [String: [Substring]?] = [:]
        var lastLine: (file: String, line: Int, scalars: [Unicode.Scalar])?

        mutating func scalars(of file: String, line: Int) -> [Unicode.Scalar]? {
            if let lastLine, lastLine.file == file, lastLine.line == line { return lastLine.scalars }
            if files[file] == nil { files[file] = .some(SourceText.lines(ofFile: file)) }
            guard let lines = files[file]!, line >= 1, line <= lines.count else { return nil }
            let scalars = Array(lines[line - 1].unicodeScalars)
            lastLine = (file, line, scalars)
            return scalars
        }
    }
}

/// Which findings change what a notification shows: everything about pushes and payloads, and
/// an error in a Localizable table (the only one notifications read). These lead the human
/// report, so that the few that matter are not buried under the many that do not.
public enum PushRelevance {
    public static func changesWhatAPushShows(_ finding: LocalizationDiagnostic) -> Bool {
        if let category = RuleCatalog.descriptor(for: finding.id)?.category, category == .push || category == .payloads { return true }
        guard finding.severity == .error, let file = finding.location.file else { return false }
        return TablePath.table(of: file) == "Localizable"
    }

    /// The findings that change what a push shows, and the rest, each in the given order.
    static func split(_ findings: [LocalizationDiagnostic]) -> (push: [LocalizationDiagnostic], rest: [LocalizationDiagnostic]) {
        var push: [LocalizationDiagnostic] = []
        var rest: [LocalizationDiagnostic] = []
        for finding in findings {
            if changesWhatAPushShows(finding) { push.append(finding) } else { rest.append(finding) }
        }
        return (push, rest)
    }
}

/// Findings counted per rule, for the summaries people read (the human report's and the
/// Markdown one): the highest severity, how many, the localizations concerned, and whether the
/// rule changes what a push shows. Push rules first, then by severity, count and ID.
struct RuleTally {
    var id: DiagnosticID
    var severity: DiagnosticSeverity
    var count = 0
    var localizations: Set<String> = []
    var push: Bool

    static func of(_ findings: [LocalizationDiagnostic]) -> [RuleTally] {
        var rows: [DiagnosticID: RuleTally] = [:]
        for finding in findings {
            var row = rows[finding.id] ?? RuleTally(id: finding.id, severity: finding.severity, push: PushRelevance.changesWhatAPushShows(finding))
            row.count += 1
            row.severity = max(row.severity, finding.severity)
            if let localization = TablePath.localization(of: finding.location.file) { row.localizations.insert(localization) }
            rows[finding.id] = row
        }
        return rows.values.sorted { a, b in
            if a.push != b.push { return a.push }
            if a.severity != b.severity { return a.severity > b.severity }
            if a.count != b.count { return a.count > b.count }
            return a.id < b.id
        }
    }
}
