/// A `%` sequence that is no specifier at all, or `%1#@count@` without its `$`.
struct InvalidSpecifierRule: LintRule {
    /// `format.invalid-specifier` (error). In a string that takes arguments, an invalid sequence is printed
    /// differently by every implementation; a position without its `$` (`%1#@count@`) only works by accident.
    static let id = DiagnosticID(
        "format.invalid-specifier", .error, .formats,
        rationale:
            "In a string that takes arguments, an invalid sequence is printed differently by every implementation; a position without its $ (%1#@count@) only works by accident.",
        example: "\"%1#@count@\", \"%@ is 100%y\", \"%d %\"")

    func check(_ context: LintContext, into findings: inout LintFindings) {
        for value in context.values where value.localized != nil || value.format.hasProblems {
            // The value's text, then each plural form's format.
            var texts: [(text: String, location: SourceLocation?)] = [(value.text, nil)]
            if case .format(let format)? = value.localized { texts += format.variables.flatMap { $0.cases.map { ($0.format, $0.location) } } }
            for (index, (text, textLocation)) in texts.enumerated() {
                let specifiers = index == 0 ? value.format.specifiers : FormatString(text).specifiers
                // Without arguments a stray % is format.percent-accident's (the text may never be formatted).
                let isFormat = index > 0 || value.localized != nil || PercentAccidentRule.isFormat(specifiers)
                for specifier in specifiers {
                    guard let problem = specifier.problem else { continue }
                    if !isFormat && PercentAccidentRule.isStrayPercent(specifier) { continue }
                    let location =
                        index == 0
                        ? context.location(of: specifier, in: value)
                        : textLocation.map { context.model.location(ofUTF8Offset: specifier.range.lowerBound, inLiteralAt: $0, of: value.origin) }
                            ?? value.location
                    let what: String
                    switch problem {
                    case .incomplete: what = "a % at the end is not a specifier"
                    case .unknownConversion(let c): what = "\"\(specifier.text)\": \(c) is not a conversion"
                    case .positionWithoutDollar:
                        what =
                            "\"\(specifier.text)\" lacks the $ of its position (write %\(specifier.position ?? 1)$#@\(specifier.variableName ?? "")@)"
                    case .unterminatedVariable: what = "\"\(specifier.text)\" is never closed with @"
                    case .positionOutOfRange(let position):
                        what =
                            "\"\(specifier.text)\": argument \(position) \(position < 1 ? "does not exist (arguments count from 1)" : "is past the limit of \(FormatSpecifier.maximumPosition)")"
                    }
                    if case .unknownConversion(let c) = problem, c.isLetter {
                        findings.append(
                            finding(location, "\"\(value.key)\": \(what); a literal percent sign is written %%", hint: "write %%", key: value.key))
                    } else {
                        findings.append(finding(location, "\"\(value.key)\": \(what)", hint: "see String(format:)'s specifiers", key: value.key))
                    }
                }
            }
        }
    }
}
