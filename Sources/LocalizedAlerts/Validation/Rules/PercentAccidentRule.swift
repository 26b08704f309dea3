/// A `%` meant literally that reads as a specifier: `50% off` is `% o`, an octal conversion.
struct PercentAccidentRule: LintRule {
    /// `format.percent-accident` (warning). A literal % followed by a space and a letter forms a specifier
    /// (`% o`, `% g`…): when the string is formatted it consumes an argument and prints a number, or nothing
    /// on a device.
    static let id = DiagnosticID(
        "format.percent-accident", .warning, .formats,
        rationale:
            "A literal % followed by a space and a letter forms a specifier (% o, % g…): when the string is formatted it consumes an argument and prints a number, or nothing on a device.",
        example: "\"Save 50% off today\" reads % o; write \"50%% off\"")

    func check(_ context: LintContext, into findings: inout LintFindings) {
        for value in context.values where value.format.hasSpecifiers {
            let specifiers = value.format.specifiers
            let isFormat = Self.isFormat(specifiers)
            var quoted: String?  // made for the first finding only: most values have none
            for specifier in specifiers where Self.isAccident(specifier) || (!isFormat && Self.isStrayPercent(specifier)) {
                if quoted == nil { quoted = Self.shortened(value.text) }
                let what = specifier.problem == .incomplete ? "a % at the end" : "\"\(specifier.text)\""
                findings.append(
                    finding(
                        context.location(of: specifier, in: value),
                        "\"\(value.key)\": \(what) in \"\(quoted!)\" reads as a format specifier if the string is formatted; a literal percent sign is written %%",
                        hint: "write %% for a percent sign", key: value.key))
            }
        }
    }

    /// Long values are quoted by their start; the finding's location shows the rest. Counts at
    /// most 60 characters, whatever the value's length.
    static func shortened(_ text: String) -> String {
        text.index(text.startIndex, offsetBy: 60, limitedBy: text.endIndex).map { $0 == text.endIndex } ?? true
            ? text : String(text.prefix(59)) + "…"
    }

    /// A space flag is almost never meant.
    static func isAccident(_ specifier: FormatSpecifier) -> Bool {
        guard specifier.problem == nil, !specifier.isVariable, !specifier.isPercentLiteral else { return false }
        return specifier.flags.contains(" ") && specifier.conversion != "@"
    }

    /// `100%y`, `Numeric %`: no specifier at all, in a string without arguments (which may never
    /// be formatted; in one with arguments it is an error, format.invalid-specifier).
    static func isStrayPercent(_ specifier: FormatSpecifier) -> Bool {
        switch specifier.problem {
        case .incomplete?: true
        case .unknownConversion?: true
        default: false
        }
    }

    /// Whether the value takes arguments, so that it is certainly formatted.
    static func isFormat(_ specifiers: [FormatSpecifier]) -> Bool {
        specifiers.contains { $0.argumentType != nil && !isAccident($0) }
    }
}
