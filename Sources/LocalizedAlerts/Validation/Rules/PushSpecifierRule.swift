/// A key that payloads use, with a specifier other than `%@`, `%n$@` or `%%`.
public struct PushSpecifierRule: LintRule {
    public static let id = DiagnosticID(
        "push.unsupported-specifier", .error, .push,
        rationale: "The notification system formats only %@, %n$@ and %%; it drops everything else byte by byte (%d shows nothing, %ld shows d).",
        example: "\"You have %d new messages\" used by a payload's loc-key")

    public init() {}

    public func check(_ context: LintContext, into findings: inout LintFindings) {
        for use in PushKeyUse.distinctValues(PushKeyUse.all(context)) {
            guard let entry = use.entry, !entry.isPlural else { continue }
            let device = entry.format
            let written = FormatString(entry.value).specifiers.filter { !$0.isPlainObject && !$0.isPercentLiteral && !$0.isVariable }
            // By offset: a value of many specifiers must not make pairing them quadratic.
            let droppedAt = Dictionary(device.dropped.map { ($0.offset, $0) }, uniquingKeysWith: { first, _ in first })
            for specifier in written {
                let shown = droppedAt[specifier.range.lowerBound]
                let leftover = shown.map { String(specifier.text.dropFirst($0.dropped.count)) } ?? ""
                findings.append(
                    finding(
                        context.location(ofUTF8Offset: specifier.range.lowerBound, inValue: entry.value, at: entry.location),
                        "\"\(use.key)\" (\(use.localization)) is sent in pushes but uses \(specifier.text): the device drops it and shows \(leftover.isEmpty ? "nothing" : "\"\(leftover)\"")",
                        hint: "use %@ (or %1$@) and send the value as a formatted string argument",
                        notes: [Diagnostic.Note(location: use.payloadLocation, message: "used by this payload's \(use.field.keys.locKey)")]))
            }
        }
    }
}
