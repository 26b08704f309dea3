/// A table whose file name differs only in case from the name a device opens
/// (`de.lproj/localizable.strings` beside `en.lproj/Localizable.strings`). iOS's file system
/// is case-sensitive, so a device never reads it; the simulator, on a Mac volume that is not,
/// does, and the fault ships unnoticed.
struct TableNameCaseRule: LintRule {
    /// `table.name-case` (error).
    static let id = DiagnosticID(
        "table.name-case", .error, .files,
        rationale:
            "File names are case-sensitive on iOS: a device looking for Localizable.strings never opens localizable.strings, so that localization's text is never shown (the simulator on a default Mac volume opens it, which hides the fault).",
        example: "de.lproj/localizable.strings beside en.lproj/Localizable.strings", isAboutWholeFile: true)

    func check(_ context: LintContext, into findings: inout LintFindings) {
        let model = context.model
        // The names a device opens: Localizable (what notifications read), the runtime
        // fallback tables the configuration names, and the reference localization's tables.
        var expected: Set<String> = ["Localizable"]
        expected.formUnion(context.runtimeFallbackTables)
        if let reference = context.reference {
            expected.formUnion(model.tableNames.filter { model.table($0, localization: reference) != nil })
        }
        let byFolded = Dictionary(expected.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        for name in model.tableNames where !expected.contains(name) {
            guard let intended = byFolded[name.lowercased()] else { continue }
            for localization in model.localizations(of: name) {
                guard let table = model.table(name, localization: localization) else { continue }
                let consequence =
                    intended == "Localizable"
                    ? "notifications on devices set to \(localization) never find their keys here"
                    : "devices set to \(localization) never read this table"
                for file in table.files.sorted() {
                    let base = file.split(separator: "/").last ?? ""
                    let suffix = base.firstIndex(of: ".").map { String(base[$0...]) } ?? ""
                    findings.append(
                        finding(
                            SourceLocation(file: file, line: 1, column: 1),
                            "this file is named \(name)\(suffix), but a device opens \(intended)\(suffix): file names are case-sensitive on iOS, so \(consequence) (the simulator on a Mac volume that ignores case does)",
                            hint: "rename it to \(intended)\(suffix)"))
                }
            }
        }
    }
}
