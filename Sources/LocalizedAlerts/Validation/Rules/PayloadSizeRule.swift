/// A payload that, localized for some language, exceeds APNs' 4,096-byte limit.
struct PayloadSizeRule: LintRule {
    /// `payload.localized-too-large` (error). APNs rejects a payload over 4,096 bytes (413); filled in with a
    /// long translation, a payload that fits in English may not.
    public static let id = DiagnosticID(
        "payload.localized-too-large", .error, .payloads,
        rationale: "APNs rejects a payload over 4,096 bytes (413); filled in with a long translation, a payload that fits in English may not.",
        example: "a 3,900-byte payload whose German body adds 300 bytes")

    init() {}

    func check(_ context: LintContext, into findings: inout LintFindings) {
        for payload in context.payloads where payload.aps.alert?.usesKeys == true {
            var oversized: [(String, Int)] = []
            for localization in context.selectableLocalizations {
                let localized = context.renderer.localize(payload, preferredLanguages: [localization], mode: .server)
                if localized.exceedsLimit { oversized.append((localization, localized.byteCount)) }
            }
            guard !oversized.isEmpty else { continue }
            findings.append(
                finding(
                    payload.document.location ?? SourceLocation(file: payload.file, line: 1, column: 1),
                    "localized, this payload exceeds APNs' 4,096 bytes for \(oversized.map { "\($0.0) (\($0.1) bytes)" }.joined(separator: ", "))",
                    hint: "shorten the text, or move data out of the payload"))
        }
    }
}
