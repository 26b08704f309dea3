/// A key of the reference localization that another localization's table lacks.
struct MissingKeyRule: LintRule {
    /// `table.missing-key` (warning). A device never looks in another localization for a missing key: it
    /// shows the key (or the raw text) instead.
    static let id = DiagnosticID(
        "table.missing-key", .warning, .consistency,
        rationale: "A device never looks in another localization for a missing key: it shows the key (or the raw text) instead.",
        example: "en.lproj has \"call.missed.title\"; pt-PT.lproj does not.", isAboutWholeFile: true)

    func check(_ context: LintContext, into findings: inout LintFindings) {
        guard let reference = context.reference else { return }
        for table in context.model.tableNames where !context.runtimeFallbackTables.contains(table) {
            guard let base = context.model.table(table, localization: reference), !base.entries.isEmpty else { continue }
            for localization in context.model.localizations(of: table) where localization != reference && localization != "Base" {
                // A localization with nothing readable in this table is another finding's.
                guard let values = context.model.table(table, localization: localization), !values.entries.isEmpty else { continue }
                // How many are missing, from this localization's own entries: linear in the
                // table's size however the keys spread over localizations (a catalog whose keys
                // each have a language of their own).
                let present = values.entries.reduce(0) { count, entry in base.entry(entry.key) == nil ? count : count + 1 }
                let missingCount = base.entries.count - present
                guard missingCount > 0 else { continue }
                // The localization's .strings file when it has one (a table may also have a
                // .stringsdict); chosen by name, so that every run reports the same file.
                let files = Set(values.entries.compactMap(\.location.file))
                let file = files.filter { $0.hasSuffix(".strings") }.min() ?? files.min()
                // Findings are built only while the file has room for them; the rest are counted.
                let room = findings.room(file: file, rule: Self.id)
                var listed = 0
                for entry in base.entries where listed < room && values.entry(entry.key) == nil {
                    listed += 1
                    findings.append(
                        finding(
                            SourceLocation(file: file, line: 1, column: 1),
                            "\"\(entry.key)\" is missing from \(localization)'s \(table) table (present in \(reference))",
                            hint: "translate it; a device shows the untranslated key or text",
                            notes: [LocalizationDiagnostic.Note(location: entry.location, message: "defined here in \(reference)")], key: entry.key))
                }
                findings.countUnlisted(missingCount - listed, file: file, rule: Self.id)
            }
        }
    }
}
