/// A key that payloads use, with `%` before a non-ASCII character.
public struct PushNonASCIIPercentRule: LintRule {
    public static let id = DiagnosticID(
        "push.percent-before-non-ascii", .error, .push,
        rationale: "The device formatter drops the % and the first byte of the next character; the text is then not valid UTF-8 and the key shows instead (evidence: indirect).",
        example: "\"Rabatt 50%ü…\" or \"%é\" in a key sent in pushes")

    public init() {}

    public func check(_ context: LintContext, into findings: inout LintFindings) {
        for use in PushKeyUse.distinctValues(PushKeyUse.all(context)) {
            guard let entry = use.entry, entry.format.breaksUTF8 else { continue }
            let bytes = Array(entry.value.utf8)
            let split = entry.format.dropped.first(where: { $0.offset + 1 < bytes.count && bytes[$0.offset + 1] >= 0x80 })
            let offset = split.map(\.offset) ?? 0
            findings.append(
                finding(
                    entry.isPlural ? entry.location : context.location(ofUTF8Offset: offset, inValue: entry.value, at: entry.location), "\"\(use.key)\" (\(use.localization)) has % before a non-ASCII character: the device shows the key instead",
                    hint: "write %% for a percent sign",
                    notes: [Diagnostic.Note(location: use.payloadLocation, message: "used by this payload's \(use.field.keys.locKey)")]))
        }
    }
}
