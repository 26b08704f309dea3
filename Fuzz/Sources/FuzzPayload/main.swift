import FuzzSupport
import LocalizedAlerts

FuzzDriver.fixHashKeys()

/// The payload reader and the renderer. Invariants: locations inside the input; a parsed
/// document serializes to JSON that parses back to the same document; rendering and server
/// localization never fail, and a localized payload serializes to valid JSON, its bytes to send
/// the same as the payload written.
let app = AppLocalizations(localizations: [
    .init(name: "en", path: nil, tables: ["Localizable": LocalizationTable(parsing: Array(#""k" = "%@ and %2$@ %d %%"; "t" = "Title";"#.utf8))]),
    .init(name: "ar", path: nil, tables: ["Localizable": LocalizationTable(parsing: Array(#""k" = "%2$@ و %1$@"; "t" = "عنوان";"#.utf8))]),
])
let renderer = AlertRenderer(app: app)

func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = FuzzDriver.bytes(data, count)
    let payload = NotificationPayload(parsing: bytes, file: "fuzz.json")
    let lines = Invariants.lines(bytes)
    Invariants.locationsInside(Invariants.diagnosticLocations(payload.diagnostics), lines: lines, what: "payload")
    // A payload read without remarks reads the same through the located tree (the reader
    // that takes common payloads straight from their bytes must agree with it).
    if payload.diagnostics.isEmpty {
        guard let root = LocatedJSON.parse(bytes, file: "fuzz.json", maximumValueCount: NotificationPayload.maximumValueCount).root else {
            violated("a payload without diagnostics is not JSON")
        }
        let located = NotificationPayload(document: root, file: "fuzz.json")
        guard located.aps == payload.aps, located.customKeys == payload.customKeys, located.diagnostics.isEmpty else {
            violated("the payload reads differently through the located tree")
        }
    }
    let serialized = payload.document.serialized()
    let reparsed = LocatedJSON.parse(serialized)
    guard let root = reparsed.root, root.serialized() == serialized else {
        violated("the document does not survive serializing: \(serialized.prefix(200))")
    }
    for languages in [["en"], ["ar-EG", "en"], ["zz"]] {
        let alert = renderer.render(payload, preferredLanguages: languages)
        _ = alert.showsAlert
        for mode in [LocalizationMode.server, .device] {
            for fallback in KeyFallback.allCases {
                let localized = renderer.localize(payload, preferredLanguages: languages, mode: mode, fallback: fallback, keepKeys: mode == .device)
                // Never a payload to send from one that did not parse or has errors.
                if !payload.isParsed || payload.diagnostics.contains(where: { $0.severity == .error }) {
                    guard localized.payload == nil, localized.refusal != nil else { violated("a broken payload was localized into one to send") }
                    continue
                }
                guard (localized.payload == nil) == (localized.refusal != nil) else { violated("a payload and a refusal disagree") }
                guard let document = localized.payload else { continue }
                guard LocatedJSON.parse(document.serialized()).root != nil else { violated("a localized payload is not JSON") }
                // What is sent is the payload written, whether from the input's text (a payload
                // the direct reader took) or from the tree.
                if document["Simulator Target Bundle"] == nil, localized.payloadBytes != document.serializedBytes() {
                    violated(
                        "the bytes to send are not the localized payload written: \(String(decoding: localized.payloadBytes ?? [], as: UTF8.self).prefix(200))"
                    )
                }
            }
        }
    }
    return 0
}

FuzzDriver.run(fuzz)
