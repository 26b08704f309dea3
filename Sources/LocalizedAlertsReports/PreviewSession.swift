@_spi(Presentation) import LocalizedAlerts

/// One preview, as `render-alert preview` and the service's `/v1/preview` both make it: the
/// devices (those asked for, else one per localization of the app), each payload rendered for
/// each, an FCM message for an Android phone of each and its `apns.payload` for an iPhone of
/// each, the findings filtered and a fact several devices see listed once. Front ends only
/// read their inputs and print the previews.
///
/// ```swift
/// var session = PreviewSession(apple: AlertRenderer(app: try AppLocalizations(directory: "MyApp/Resources")))
/// session.devices = [["fr-CA", "en"]]
/// let preview = session.preview(try NotificationPayload(contentsOfFile: "payload.json"), file: "payload.json")
/// print(PreviewText.render([preview], appDiagnostics: [], style: .plain))
/// ```
public struct PreviewSession: Sendable {
    /// The iOS app's renderer; nil when only an Android app is previewed.
    public var apple: AlertRenderer?
    /// The Android app's renderer; nil without Android resources.
    public var android: AndroidAlertRenderer?
    /// The devices, each a list of preferred languages (best first); empty: one per
    /// localization of the app.
    public var devices: [[String]] = []
    /// Rule severities and rules left out.
    public var filter = DiagnosticFilter()
    /// The APNs headers each payload is sent with.
    public var headers: APNsHeaders?
    /// Channels that take only text (vivo, Xiaomi…) an FCM message is also sent through: each
    /// device gets a card per channel with the text the server writes for it.
    public var channels: [PushChannel] = []

    /// A session over either app or both.
    public init(apple: AlertRenderer? = nil, android: AndroidAlertRenderer? = nil) {
        self.apple = apple
        self.android = android
    }

    /// The iPhones previewed: those asked for, else one per localization of the app (`Base`
    /// left out).
    public var appleDevices: [[String]] {
        devices.isEmpty ? (apple?.bundle.names.filter { $0 != "Base" }.map { [$0] } ?? []) : devices
    }

    /// The Android phones previewed: those asked for, else one per locale of the app (en-US
    /// for an app with none).
    public var androidDevices: [[String]] {
        devices.isEmpty ? android?.devicePerLocale ?? [] : devices
    }

    /// What each iPhone shows for `payload`, with the payload's and each render's findings
    /// filtered.
    public func preview(_ payload: NotificationPayload, file: String) -> PayloadPreview {
        var payload = payload
        if let headers { payload.diagnostics = headers.diagnostics(of: payload) }
        payload.diagnostics = filter.apply(payload.diagnostics)
        guard let apple else { return PayloadPreview(file: file, payload: payload, renders: []) }
        let renders = appleDevices.map { languages in
            var render = apple.render(payload, preferredLanguages: languages)
            render.diagnostics = filter.apply(render.diagnostics)
            return render
        }
        return PayloadPreview(file: file, payload: payload, renders: renders)
    }

    /// What each Android phone shows for `message` (nil without Android resources), its
    /// findings and the resources' each once, and with an iOS app what each iPhone shows for
    /// its `apns.payload`.
    public func preview(_ message: FCMMessage, file: String) -> FCMMessagePreview? {
        guard let android else { return nil }
        let renderings = androidDevices.map { ($0, android.render(message, deviceLocales: $0)) }
        let textChannels = channels.filter { !$0.takesLocKeys }
        let channelResults = androidDevices.map { device in
            textChannels.map { android.localize(message, preferredLanguages: device, channel: $0) }
        }
        // The channels' own findings: the rendering's are the phone's, already listed.
        let channelFindings = channelResults.flatMap { $0.flatMap(\.channelFindings) }
        var seen: Set<String> = []
        let findings = filter.apply(
            android.resources.diagnostics.filter { $0.severity != .note } + renderings.flatMap(\.1.diagnostics) + channelFindings
        )
        .filter { seen.insert($0.description).inserted }
        var preview = FCMMessagePreview(file: file, message: message, devices: renderings, findings: findings)
        preview.channels = channelResults
        if apple != nil, let payload = message.apnsPayload {
            var twin = self
            twin.devices = androidDevices
            preview.iPhone = twin.preview(payload, file: file)
        }
        return preview
    }

    /// The app's own problems a preview lists first: its tables' warnings and errors, filtered.
    public var appleAppDiagnostics: [LocalizationDiagnostic] {
        filter.apply(apple?.app.allDiagnostics.filter { $0.severity != .note } ?? [])
    }
}
