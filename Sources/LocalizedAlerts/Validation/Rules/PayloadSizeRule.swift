/// A payload that, localized for some language, exceeds APNs' 4,096-byte limit.
struct PayloadSizeRule: LintRule {
    /// `payload.localized-too-large` (error). APNs rejects a payload over 4,096 bytes (413); filled in with a
    /// long translation, a payload that fits in English may not.
    static let id = DiagnosticID(
        "payload.localized-too-large", .error, .payloads,
        rationale: "APNs rejects a payload over 4,096 bytes (413); filled in with a long translation, a payload that fits in English may not.",
        example: "a 3,900-byte payload whose German body adds 300 bytes")

    func check(_ context: LintContext, into findings: inout LintFindings) {
        // A manifest of many keys is as many payloads, each taken to every localization: the
        // devices are made once, and each localization costs the server text of the payload's
        // fields, not a localized payload written out (see LocalizedPayloadSize).
        // A payload with errors is never localized (localize refuses it): nothing is sent.
        let payloads = context.payloads.filter { payload in
            payload.aps.alert?.usesKeys == true && !payload.diagnostics.contains { $0.severity == .error }
        }
        guard !payloads.isEmpty else { return }
        let devices = context.selectableDevices()
        var scratch: [UInt8] = []
        for payload in payloads {
            var size = LocalizedPayloadSize(payload)
            var oversized: [String] = []
            for (localization, device) in devices {
                let texts = context.renderer.serverTexts(payload, in: device, language: localization)
                // A text past the output budget is not built: far past APNs' limit, by how much is not known.
                if texts.isOverBudget {
                    oversized.append("\(localization) (a field past the output budget of \(OutputBudget.maximumLength >> 20) MiB)")
                    continue
                }
                let byteCount = size.byteCount(texts, scratch: &scratch)
                if byteCount > NotificationPayload.maximumByteCount { oversized.append("\(localization) (\(byteCount) bytes)") }
            }
            guard !oversized.isEmpty else { continue }
            findings.append(
                finding(
                    payload.startLocation,
                    "localized, this payload exceeds APNs' 4,096 bytes for \(oversized.joined(separator: ", "))",
                    hint: "shorten the text, or move data out of the payload"))
        }
    }
}

/// The size of a payload localized with any texts, as `AlertRenderer.localize` writes it, from
/// one rewrite per set of fields present: between localizations only the fields' text changes,
/// and each adds exactly its escaped bytes to the payload written with empty texts.
struct LocalizedPayloadSize {
    private let payload: NotificationPayload
    /// Bytes with every present field's text empty, per set of present fields (one bit each).
    private var baseByteCounts: [UInt8: Int] = [:]

    init(_ payload: NotificationPayload) { self.payload = payload }

    mutating func byteCount(_ texts: AlertTexts, scratch: inout [UInt8]) -> Int {
        var present: UInt8 = 0
        var added = 0
        for (bit, text) in [(UInt8(1), texts.title), (2, texts.subtitle), (4, texts.body)] {
            guard let text else { continue }
            present |= bit
            scratch.removeAll(keepingCapacity: true)
            LocatedJSON.writeString(text, into: &scratch)
            added += scratch.count - 2
        }
        if baseByteCounts[present] == nil {
            let empty = AlertTexts(
                title: texts.title.map { _ in "" }, subtitle: texts.subtitle.map { _ in "" }, body: texts.body.map { _ in "" })
            baseByteCounts[present] = LocalizedPayload.bytesToSend(PayloadRewriter.rewrite(payload.document, texts: empty)).count
        }
        return baseByteCounts[present]! + added
    }
}
