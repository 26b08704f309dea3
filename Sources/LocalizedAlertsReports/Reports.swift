@_spi(Presentation) import LocalizedAlerts

/// The counts a lint report closes with.
public struct LintSummary: Sendable {
    public var errors = 0
    public var warnings = 0
    public var notes = 0
    public var files = 0
    public var accepted = 0
    public var checked = 0

    public init(findings: [LocalizationDiagnostic], accepted: Int, checked: Int) {
        for finding in findings {
            switch finding.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .note: notes += 1
            }
        }
        files = Set(findings.compactMap(\.location.file)).count
        self.accepted = accepted
        self.checked = checked
    }
}


/// One payload and what each device shows for it: what the preview reports present.
public struct PayloadPreview: Sendable {
    public var file: String
    public var payload: NotificationPayload
    public var renders: [RenderedAlert]

    public init(file: String, payload: NotificationPayload, renders: [RenderedAlert]) {
        self.file = file
        self.payload = payload
        self.renders = renders
    }
}
