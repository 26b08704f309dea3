@_spi(Presentation) import LocalizedAlerts

/// `lint --list-rules`: every rule by category with its ID, severity, rationale and example.
public enum RuleListing {
    /// The listing as text: per category, each rule's ID, severity, rationale and example.
    public static func text(_ rules: [RuleDescriptor] = RuleCatalog.all) -> String {
        var out = ""
        let width = rules.map(\.id.rawValue.count).max() ?? 0
        for category in RuleDescriptor.Category.allCases {
            let members = rules.filter { $0.category == category }
            guard !members.isEmpty else { continue }
            out += "\(category.rawValue)\n"
            for rule in members {
                let id = rule.id.rawValue + String(repeating: " ", count: width - rule.id.rawValue.count)
                let severity = rule.severity.rawValue + String(repeating: " ", count: 7 - rule.severity.rawValue.count)
                out += "  \(id)  \(severity)  \(rule.rationale)\n"
                out += "  \(String(repeating: " ", count: width + 11))example: \(oneLine(rule.example))\n"
            }
            out += "\n"
        }
        return out
    }

    /// The listing as JSON (`schemaVersion` 1), for scripts and editors.
    public static func json(_ rules: [RuleDescriptor] = RuleCatalog.all) -> LocatedJSON {
        .object([
            ("schemaVersion", .number(1)),
            (
                "rules",
                .array(
                    rules.map { rule in
                        .object([
                            ("id", .string(rule.id.rawValue)),
                            ("severity", .string(rule.severity.rawValue)),
                            ("category", .string(rule.category.rawValue)),
                            ("rationale", .string(rule.rationale)),
                            ("example", .string(rule.example)),
                        ])
                    })
            ),
        ])
    }

    /// `lint --explain RULE`: the rule's declaration, read by a person.
    public static func explanation(_ rule: RuleDescriptor) -> String {
        """
        \(rule.id) (\(rule.severity), \(rule.category.rawValue)\(rule.isAboutWholeFile ? ", about a whole file" : ""))

        Why: \(rule.rationale)

        Example: \(oneLine(rule.example))

        Fix: each finding's "→" line says what to change at that place.
        Silence it: --ignore \(rule.id) on the command line (every command), or in .render-alert.yml
          disabled_rules: [\(rule.id)]
        or only where it does not apply (path, table, localization and key are globs):
          ignore:
            - rule: \(rule.id)
              path: "Vendor/**"
        or for one key, in the comment before its .strings entry or in its catalog comment:
          /* render-alert:disable \(rule.id) */
        or change its severity:
          severity:
            \(rule.id): \(rule.severity == .error ? "warning" : "error")

        """
    }
}
