/// Numbered and unnumbered specifiers in one format.
struct MixedPositionsRule: LintRule {
    /// `format.mixed-positions` (error). Mixing `%1$@` with `%@` has no defined meaning: which argument the
    /// unnumbered one takes depends on the implementation.
    static let id = DiagnosticID(
        "format.mixed-positions", .error, .formats,
        rationale: "Mixing %1$@ with %@ has no defined meaning: which argument the unnumbered one takes depends on the implementation.",
        example: "\"%1$@ sent %@\"")

    func check(_ context: LintContext, into findings: inout LintFindings) {
        for value in context.values where value.format.hasSpecifiers {
            let specifiers = value.format.specifiers
            let takesArgument = { (index: Int) in specifiers[index].argumentType != nil && !specifiers[index].isVariable }
            guard specifiers.indices.contains(where: { takesArgument($0) && specifiers[$0].position != nil }),
                specifiers.indices.contains(where: { takesArgument($0) && specifiers[$0].position == nil })
            else { continue }
            let arguments = value.format.specifiers.filter { $0.argumentType != nil && !$0.isVariable }
            guard arguments.contains(where: { $0.position != nil }), arguments.contains(where: { $0.position == nil }) else { continue }
            findings.append(
                finding(
                    context.location(of: arguments.first { $0.position == nil }!, in: value),
                    "\"\(value.key)\" mixes numbered and unnumbered specifiers: \(arguments.map(\.text).joined(separator: " "))",
                    hint: "number them all (%1$@ %2$@)", key: value.key))
        }
    }
}
