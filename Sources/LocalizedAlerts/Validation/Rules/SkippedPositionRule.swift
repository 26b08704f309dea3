/// Numbered specifiers that skip a position.
struct SkippedPositionRule: LintRule {
    public static let id = DiagnosticID(
        "format.skipped-position", .error, .formats,
        rationale: "String(format:) cannot know the type of an argument no specifier names, so the arguments after the gap are read wrongly.",
        example: "\"%1$@ and %3$@\" (nothing uses argument 2)")

    init() {}

    func check(_ context: LintContext, into findings: inout LintFindings) {
        for value in context.values where value.localized == nil && value.format.hasSpecifiers {
            let positions = Set(value.format.argumentUses.map(\.position))
            guard let highest = positions.max(), highest <= 64 else { continue }
            let skipped = (1...highest).filter { !positions.contains($0) }
            guard !skipped.isEmpty else { continue }
            findings.append(
                finding(
                    value.location,
                    "\"\(value.key)\" uses argument \(highest) but never \(skipped.map(String.init).joined(separator: ", ")): the arguments are read wrongly",
                    hint: "use every position from 1 up"))
        }
    }
}
