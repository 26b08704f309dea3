@_spi(Presentation) import LocalizedAlerts

/// The counts a lint report closes with.
public struct LintSummary: Sendable {
    /// Findings of severity error.
    public var errors = 0
    /// Findings of severity warning.
    public var warnings = 0
    /// Findings of severity note.
    public var notes = 0
    /// Files with at least one finding.
    public var files = 0
    /// Findings the baseline accepted (not among the findings reported).
    public var accepted = 0
    /// Targets checked (apps or files); the JSON report calls them `targets`.
    public var checked = 0

    /// Counts `findings` by severity and file.
    /// - Parameters:
    ///   - findings: The findings reported.
    ///   - accepted: How many findings a baseline accepted.
    ///   - checked: How many targets were checked.
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

extension LintSummary {
    /// The counts of a lint run.
    public init(_ result: LintResult) {
        self.init(findings: result.findings, accepted: result.accepted, checked: result.checked)
    }
}

/// One payload and what each device shows for it: what the preview reports present.
public struct PayloadPreview: Sendable {
    /// The payload's file, as given.
    public var file: String
    /// The payload as read.
    public var payload: NotificationPayload
    /// One rendering per device (list of preferred languages).
    public var renders: [RenderedAlert]

    /// A payload and its renderings.
    public init(file: String, payload: NotificationPayload, renders: [RenderedAlert]) {
        self.file = file
        self.payload = payload
        self.renders = renders
    }
}

/// One FCM HTTP v1 message and what each Android device shows for it, with the iPhone's
/// preview of its `apns.payload`: what the Android preview reports present.
public struct FCMMessagePreview: Sendable {
    /// The message's file, as given.
    public var file: String
    /// The message as read.
    public var message: FCMMessage
    /// One rendering per device, with the device's locales (BCP 47, best first).
    public var devices: [(locales: [String], rendering: AndroidRendering)]
    /// What is listed under the message: the resources' problems and the renderings'
    /// findings, filtered, each once.
    public var findings: [LocalizationDiagnostic]
    /// The iPhone's preview of `apns.payload`, when an iOS app was given and the message has one.
    public var iPhone: PayloadPreview?
    /// Per device (in ``devices``' order), the message localized for each channel that takes
    /// only text (``PreviewSession/channels``).
    public var channels: [[LocalizedFCMMessage]] = []

    /// A message, its renderings and its findings.
    public init(
        file: String, message: FCMMessage, devices: [(locales: [String], rendering: AndroidRendering)], findings: [LocalizationDiagnostic],
        iPhone: PayloadPreview? = nil
    ) {
        self.file = file
        self.message = message
        self.devices = devices
        self.findings = findings
        self.iPhone = iPhone
    }
}
