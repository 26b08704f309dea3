@_spi(Presentation) import LocalizedAlerts

/// `lint --format json`, schema version 1 (documented in docs/lint.md).
enum LintJSON {
    static func make(_ findings: [LocalizationDiagnostic], summary: LintSummary) -> LocatedJSON {
        .object([
            ("schemaVersion", .number(1)),
            ("generator", .string("render-alert \(LocalizedAlertsVersion.current)")),
            (
                "summary",
                .object([
                    ("errors", .number(summary.errors)),
                    ("warnings", .number(summary.warnings)),
                    ("notes", .number(summary.notes)),
                    ("files", .number(summary.files)),
                    ("targets", .number(summary.checked)),
                    ("acceptedByBaseline", .number(summary.accepted)),
                ])
            ),
            ("findings", .array(findings.map(DiagnosticJSON.make))),
        ])
    }
}
