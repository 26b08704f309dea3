/// A key of the reference localization that another localization's table lacks.
struct MissingKeyRule: LintRule {
    /// `table.missing-key` (warning). A device never looks in another localization for a missing key: it
    /// shows the key (or the raw text) instead.
    static let id = DiagnosticID(
        "table.missing-key", .warning, .consistency,
        rationale: "A device never looks in another localization for a missing key: it shows the key (or the raw text) instead.",
        example: "en.lproj has \"call.missed.title\"; pt-PT.lproj does not.", isAboutWholeFile: true)

    static let hint = "translate it; a device shows the untranslated key or text"

    /// The files `entries` come from: a table's values come from one or two files, so each is
    /// compared with the few found, not hashed.
    static func files(of entries: [LocalizationModel.Entry]) -> [String] {
        var files: [String] = []
        for entry in entries {
            guard let file = entry.location.file, !files.contains(file) else { continue }
            files.append(file)
        }
        return files
    }

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
                let facts = context.valueFacts
                let present = context.valueRange(table: table, localization: localization)!.reduce(0) { count, index in
                    if case .at = facts[index].inReference { count + 1 } else { count }
                }
                let missingCount = base.entries.count - present
                guard missingCount > 0 else { continue }
                // The localization's .strings file when it has one (a table may also have a
                // .stringsdict); chosen by name, so that every run reports the same file.
                let files = Self.files(of: values.entries)
                let file = files.filter { $0.hasSuffix(".strings") }.min() ?? files.min()
                let place = SourceLocation(file: file, line: 1, column: 1)
                let table = table
                findings.append(
                    aboutKeys: missingCount, base.entries.lazy.filter { values.entry($0.key) == nil }.map(\.key), file: file, rule: Self.id,
                    separately: { key in
                        finding(
                            place, "\"\(key)\" is missing from \(localization)'s \(table) table (present in \(reference))", hint: Self.hint,
                            notes: base.entry(key).map {
                                [LocalizationDiagnostic.Note(location: $0.location, message: "defined here in \(reference)")]
                            } ?? [],
                            key: key)
                    },
                    together: { subject in
                        // Many keys are defined all over the reference's table: the note names it.
                        let referenceFile = base.files.filter { $0.hasSuffix(".strings") }.min() ?? base.files.min()
                        return finding(
                            place, "\(subject) missing from \(localization)'s \(table) table (present in \(reference))",
                            hint: "translate them; a device shows the untranslated keys or text",
                            notes: [
                                LocalizationDiagnostic.Note(
                                    location: SourceLocation(file: referenceFile, line: 1, column: 1), message: "where \(reference) defines them")
                            ])
                    })
            }
        }
    }
}
