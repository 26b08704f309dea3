/// A translation whose format arguments differ from the reference's: count, positions or types.
struct IncompatibleSpecifiersRule: LintRule {
    /// `format.incompatible` (error). The same arguments are passed to every language: a translation that
    /// expects other positions or types shows the wrong value, `<null>`, or crashes String(format:).
    static let id = DiagnosticID(
        "format.incompatible", .error, .formats,
        rationale:
            "The same arguments are passed to every language: a translation that expects other positions or types shows the wrong value, <null>, or crashes String(format:).",
        example: "en \"%d new in %@\", ja \"%@ に %d 件\": the name lands where the number should.")

    /// Argument positions with the type each is first read as, sorted by position, as a format
    /// reads them; `50% off`-style accidents are format.percent-accident's and left out. An
    /// array, not a dictionary: compared for every value of every localization.
    static func signature(_ format: FormatString) -> [(position: Int, type: ArgumentType)] {
        guard format.hasSpecifiers else { return [] }
        var result: [(position: Int, type: ArgumentType)] = []
        var sorted = true
        format.forEachArgumentUse { position, type, index in
            guard !PercentAccidentRule.isAccident(format.specifiers[index]), !result.contains(where: { $0.position == position }) else { return }
            if let last = result.last, last.position > position { sorted = false }
            result.append((position, type))
        }
        return sorted ? result : result.sorted { $0.position < $1.position }
    }

    func check(_ context: LintContext, into findings: inout LintFindings) {
        guard let reference = context.reference else { return }
        // The reference's signatures, computed once however many localizations compare with them.
        var expectedSignatures: [ObjectIdentifier: [(position: Int, type: ArgumentType)]] = [:]
        var references = LintContext.ReferenceTables(context)
        for value in context.values where value.localization != reference && value.localized == nil {
            guard let original = references.table(of: value)?.entry(value.key), original.localized == nil else { continue }
            if !value.format.hasSpecifiers && !original.format.hasSpecifiers { continue }
            let expected = expectedSignatures[ObjectIdentifier(original)] ?? Self.signature(original.format)
            expectedSignatures[ObjectIdentifier(original)] = expected
            let actual = Self.signature(value.format)
            guard !expected.elementsEqual(actual, by: { $0.position == $1.position && $0.type == $1.type }) else { continue }
            findings.append(aboutKey: value.key, file: value.location.file, rule: Self.id) {
                finding(value, original, expected: expected, actual: actual, reference: reference)
            }
        }
    }

    /// The finding about `value`, whose arguments are `actual` where the reference's `original`
    /// takes `expected`.
    private func finding(
        _ value: LocalizationModel.Entry, _ original: LocalizationModel.Entry, expected: [(position: Int, type: ArgumentType)],
        actual: [(position: Int, type: ArgumentType)], reference: String
    ) -> LocalizationDiagnostic {
        let localization = value.localization
        let expectedTypes = Dictionary(expected, uniquingKeysWith: { first, _ in first })
        let actualTypes = Dictionary(actual, uniquingKeysWith: { first, _ in first })
        var differences: [String] = []
        for position in Set(expectedTypes.keys).union(actualTypes.keys).sorted() {
            switch (expectedTypes[position], actualTypes[position]) {
            case (let e?, nil): differences.append("argument \(position) (\(e.rawValue)) is not used")
            case (nil, let a?): differences.append("argument \(position) (\(a.rawValue)) is not in \(reference)")
            case (let e?, let a?) where e != a: differences.append("argument \(position) is \(a.rawValue) here but \(e.rawValue) in \(reference)")
            default: break
            }
        }
        return finding(
            value.location,
            "\"\(value.key)\" in \(localization) does not take the arguments \(reference) does: \(differences.joined(separator: "; "))",
            hint: "use the same specifiers; reorder with positions (%1$@, %2$d) instead of changing them",
            notes: [LocalizationDiagnostic.Note(location: original.location, message: "\(reference): \"\(original.text)\"")], key: value.key)
    }
}
