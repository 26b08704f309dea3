/// Numbered specifiers that skip a position.
struct SkippedPositionRule: LintRule {
    /// `format.skipped-position` (error). String(format:) cannot know the type of an argument no specifier
    /// names, so the arguments after the gap are read wrongly.
    static let id = DiagnosticID(
        "format.skipped-position", .error, .formats,
        rationale: "String(format:) cannot know the type of an argument no specifier names, so the arguments after the gap are read wrongly.",
        example: "\"%1$@ and %3$@\" (nothing uses argument 2)")

    func check(_ context: LintContext, into findings: inout LintFindings) {
        for value in context.values where value.localized == nil && value.format.hasSpecifiers {
            // Positions as bits: 1...64 are checked (a gap past 64 is not a translator's slip).
            var positions: UInt64 = 0
            var highest = 0
            value.format.forEachArgumentUse { position, _, _ in
                highest = max(highest, position)
                if (1...64).contains(position) { positions |= 1 << UInt64(position - 1) }
            }
            guard highest >= 1, highest <= 64, positions != (UInt64.max >> UInt64(64 - highest)) else { continue }
            let skipped = (1...highest).filter { positions & (1 << UInt64($0 - 1)) == 0 }
            guard !skipped.isEmpty else { continue }
            findings.append(
                finding(
                    value.location,
                    "\"\(value.key)\" uses argument \(highest) but never \(skipped.map(String.init).joined(separator: ", ")): the arguments are read wrongly",
                    hint: "use every position from 1 up", key: value.key))
        }
    }
}
