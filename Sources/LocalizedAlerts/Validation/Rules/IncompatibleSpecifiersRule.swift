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

    /// ``signature(_:)`` as one number, without building it: up to four arguments at positions
    /// 1...255, each a 16-bit lane (position, then type), lanes sorted. Two formats pack to the
    /// same number exactly when their signatures are equal; nil when the arguments do not fit.
    static func packedSignature(_ format: FormatString) -> UInt64? {
        guard format.hasSpecifiers else { return 0 }
        var lanes: UInt64 = 0
        var count = 0
        var fits = true
        format.forEachArgumentUse { position, type, index in
            guard fits, !PercentAccidentRule.isAccident(format.specifiers[index]) else { return }
            guard (1...255).contains(position) else {
                fits = false
                return
            }
            // The first use of a position gives its type, as in signature(_:).
            for lane in 0..<count where (lanes >> UInt64(16 * lane + 8)) & 0xFF == UInt64(position) { return }
            guard count < 4 else {
                fits = false
                return
            }
            lanes |= (UInt64(position) << 8 | UInt64(ordinal(type))) << UInt64(16 * count)
            count += 1
        }
        guard fits else { return nil }
        // Positions are distinct, so sorting the lanes sorts by position (four at most: by
        // selection).
        var sorted: UInt64 = 0
        var taken = 0
        for slot in 0..<count {
            var least = (lane: UInt64.max, index: 0)
            for index in 0..<count where taken & (1 << index) == 0 {
                let lane = (lanes >> UInt64(16 * index)) & 0xFFFF
                if lane < least.lane { least = (lane, index) }
            }
            taken |= 1 << least.index
            sorted |= least.lane << UInt64(16 * slot)
        }
        return sorted
    }

    /// A type's number in a packed signature.
    private static func ordinal(_ type: ArgumentType) -> UInt8 {
        switch type {
        case .object: 1
        case .integer: 2
        case .double: 3
        case .character: 4
        case .cString: 5
        case .pointer: 6
        case .count: 7
        }
    }

    func check(_ context: LintContext, into findings: inout LintFindings) {
        guard let reference = context.reference else { return }
        // The reference's signatures, computed once however many localizations compare with them.
        var expectedSignatures: [ObjectIdentifier: [(position: Int, type: ArgumentType)]] = [:]
        let values = context.values
        let facts = context.valueFacts
        for index in facts.indices {
            let fact = facts[index]
            guard fact.isPlainText, case .at(let originalIndex) = fact.inReference, facts[originalIndex].isPlainText else { continue }
            // Equal packed signatures are equal signatures (two texts without specifiers both pack
            // to 0): most values stop here, untouched.
            if let packed = fact.packedSignature, packed == facts[originalIndex].packedSignature { continue }
            let value = values[index]
            let original = values[originalIndex]
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
