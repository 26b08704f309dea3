/// A key of the reference localization that another localization's table lacks.
public struct MissingKeyRule: LintRule {
    public static let id = DiagnosticID(
        "table.missing-key", .warning, .consistency,
        rationale: "A device never looks in another localization for a missing key: it shows the key (or the raw text) instead.",
        example: "en.lproj has \"call.missed.title\"; pt-PT.lproj does not.", isAboutWholeFile: true)

    public init() {}

    public func check(_ context: LintContext, into findings: inout LintFindings) {
        guard let reference = context.reference else { return }
        for (table, localizations) in context.tables.sorted(by: { $0.key < $1.key }) {
            guard let base = localizations[reference] else { continue }
            for (localization, values) in localizations.sorted(by: { $0.key < $1.key }) where localization != reference && localization != "Base" {
                let missing = base.keys.filter { values[$0] == nil }.sorted()
                guard !missing.isEmpty else { continue }
                // The localization's .strings file when it has one (a table may also have a
                // .stringsdict); chosen by name, so that every run reports the same file.
                let files = Set(values.values.compactMap(\.location.file))
                let file = files.filter { $0.hasSuffix(".strings") }.min() ?? files.min()
                for key in missing {
                    findings.append(
                        finding(
                            SourceLocation(file: file, line: 1, column: 1),
                            "\"\(key)\" is missing from \(localization)'s \(table) table (present in \(reference))",
                            hint: "translate it; a device shows the untranslated key or text",
                            notes: [Diagnostic.Note(location: base[key]!.location, message: "defined here in \(reference)")]))
                }
            }
        }
    }
}
