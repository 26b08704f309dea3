import FuzzSupport
import LocalizedAlerts

FuzzDriver.fixHashKeys()

/// The FCM message reader, both phones' renderers and FCM localization. Invariants: locations
/// inside the input; a localized message keeps no loc key, shows what the original showed, and
/// its bytes to send are the message written; a message's Android notification renders to a
/// notification, a named crash or nothing; its `apns.payload` reads as its place in the
/// document does and renders on the iPhone engine like any payload.
let strings = #"""
    <resources>
      <string name="greeting">Hello %1$s</string>
      <string name="count">%1$d new</string>
      <string name="plain">No arguments</string>
      <string name="two">%s and %s</string>
      <string name="alias">@string/greeting</string>
    </resources>
    """#
let french = #"<resources><string name="greeting">Bonjour %1$s</string><string name="count">%1$d nouveaux</string></resources>"#
let resources = AndroidAppResources(folders: [
    .init(name: "values", qualifiers: AndroidResourceFolder(name: "values")!, files: [AndroidStringsFile(parsing: Array(strings.utf8))]),
    .init(name: "values-fr", qualifiers: AndroidResourceFolder(name: "values-fr")!, files: [AndroidStringsFile(parsing: Array(french.utf8))]),
])
let app = AppLocalizations(localizations: [
    .init(name: "en", path: nil, tables: ["Localizable": LocalizationTable(parsing: Array(#""greeting" = "Hello %@"; "count" = "%d new";"#.utf8))])
])
let renderer = AlertRenderer(app: app)
let android = AndroidAlertRenderer(resources: resources, appName: "App")

func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = FuzzDriver.bytes(data, count)
    let message = FCMMessage(parsing: bytes, file: "message.json")
    let lines = Invariants.lines(bytes)
    Invariants.locationsInside(Invariants.diagnosticLocations(message.diagnostics), lines: lines, what: "message")
    let fields = [message.android?.title, message.android?.body, message.android?.titleLocKey, message.android?.bodyLocKey]
    Invariants.locationsInside(fields.compactMap { $0?.location }, lines: lines, what: "a field's location")
    for locales in [["fr-CA"], ["en-US"], ["zz"]] {
        let rendering = AndroidRenderer.render(message, deviceLocales: locales, resources: resources, appName: "App")
        Invariants.locationsInside(Invariants.diagnosticLocations(rendering.diagnostics), lines: lines, what: "rendering")
        switch rendering.outcome {
        case .shown: if rendering.title == nil { violated("a shown notification without a title") }
        case .crash(let exception): if exception.isEmpty { violated("a crash without its exception") }
        case .notDisplayed: if message.android != nil { violated("a notification message not displayed") }
        }
    }
    // Localized on the server: a message that may be sent has no loc key left, and the phone
    // shows for it what it showed for the original.
    for (locales, quantities) in [(["fr-CA"], FCMQuantities()), (["en-US"], FCMQuantities(title: 1, body: 2))] {
        let localized = android.localize(message, preferredLanguages: locales, quantities: quantities)
        guard localized.isSendable, let sent = localized.message else { continue }
        // The bytes to send, written from the input's text or from the tree, are the message written.
        if localized.messageBytes != sent.serializedBytes() { violated("the bytes to send are not the localized message written") }
        let again = FCMMessage(parsing: sent.serializedBytes())
        if again.android?.titleLocKey != nil || again.android?.bodyLocKey != nil { violated("a loc key left in a localized message") }
        let before = android.render(message, deviceLocales: locales)
        let after = android.render(again, deviceLocales: locales)
        guard after.body == before.body, after.title == before.title else {
            violated(
                "the localized message shows \(after.title ?? "-") / \(after.body ?? "-"), the original \(before.title ?? "-") / \(before.body ?? "-")"
            )
        }
    }
    // Sent through a channel that takes only text: something is sent exactly when a request
    // was written that the channel takes, and it is that request's body.
    for channel in [PushChannel.vivo, .oppo] {
        let localized = android.localize(message, preferredLanguages: ["fr-CA"], channel: channel)
        let request = localized.channelRequest
        if localized.isSendable != (request?.fits == true) { violated("\(channel): sendable is not whether its request fits") }
        if localized.isSendable && localized.message != request?.body { violated("\(channel): the body sent is not its request's") }
    }
    if let payload = message.apnsPayload {
        // The payload reads as its place in the message's document does (a message read
        // straight from its bytes builds that document only now).
        guard let tree = message.document?["message"]?["apns"]?["payload"] ?? message.document?["apns"]?["payload"] else {
            violated("an apns.payload without its place in the document")
        }
        let located = NotificationPayload(document: tree, file: "message.json")
        guard located.aps == payload.aps, located.customKeys == payload.customKeys, located.document == payload.document else {
            violated("the apns.payload reads differently from its place in the document")
        }
        _ = renderer.render(payload, preferredLanguages: ["fr", "en"])
        _ = renderer.localize(payload, preferredLanguages: ["en"], mode: .server)
    }
    return 0
}

FuzzDriver.run(fuzz)
