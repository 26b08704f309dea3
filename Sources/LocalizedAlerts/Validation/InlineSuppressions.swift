/// `render-alert:disable RULE…` written where translators and tools edit: in the comment before
/// a `.strings` entry, or in a String Catalog key's `comment`. It silences those rules' findings
/// about that key in that table, in every localization (so a suppression next to the English
/// text covers "missing from fr" too), and any of those rules' findings on the entry's own lines.
///
/// ```
/// /* Brand name, never translated. render-alert:disable table.missing-key table.stale-key */
/// "brand.name" = "Relay";
/// ```
///
/// Rule IDs follow the marker, separated by spaces or commas; the first word that is not a rule
/// ID ends the list, so a reason may follow. A suppression that silences nothing, or names a
/// rule that does not exist, is itself reported.
package struct InlineSuppressions: Sendable {
    /// One `render-alert:disable` comment.
    package struct Suppression: Sendable, Hashable {
        /// The rules it silences.
        package var rules: Set<DiagnosticID>
        /// The table it is about.
        package var table: String
        /// The key it is about.
        package var key: String
        /// The file it is written in.
        package var file: String?
        /// The lines of its entry there.
        package var lines: ClosedRange<Int>
        /// Where its entry is: where an unused suppression is reported.
        package var location: SourceLocation
    }

    /// Every suppression found, in file order.
    package private(set) var suppressions: [Suppression] = []
    /// Suppressions that name no rule, or a rule that does not exist.
    package private(set) var diagnostics: [LocalizationDiagnostic] = []

    static let marker = "render-alert:disable"

    /// The suppressions written in the app's `.strings` files and catalogs. Files without the
    /// marker are skipped by a byte search, so an app without suppressions costs nothing more.
    package init(_ app: AppLocalizations) {
        let marker = Array(Self.marker.utf8)
        for localization in app.localizations {
            for (name, table) in localization.tables.sorted(by: { $0.key < $1.key }) {
                guard let source = table.source, source.contains(marker) else { continue }
                for entry in table.entries {
                    guard let comment = entry.comment, comment.contains(Self.marker) else { continue }
                    add(
                        comment, table: name, key: entry.key, file: entry.location.file,
                        lines: entry.location.line...max(entry.location.line, entry.valueLocation.line), location: entry.location)
                }
            }
        }
        for (name, catalog) in app.catalogs.sorted(by: { $0.key < $1.key }) where catalog.source.contains(marker) {
            for key in catalog.strings {
                guard let comment = key.comment, comment.contains(Self.marker) else { continue }
                let location = key.location ?? SourceLocation(file: catalog.file, line: 1, column: 1)
                add(comment, table: name, key: key.key, file: catalog.file, lines: location.line...location.line, location: location)
            }
        }
    }

    private mutating func add(_ comment: String, table: String, key: String, file: String?, lines: ClosedRange<Int>, location: SourceLocation) {
        var rest = Substring(comment)
        while let range = rest.firstRange(of: Self.marker) {
            rest = rest[range.upperBound...]
            var rules: Set<DiagnosticID> = []
            var namedSomething = false
            let words = rest.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" || $0 == "*" || $0 == "/" })
            for word in words {
                // A rule ID is lower-case words joined by dots; anything else ends the list.
                guard word.contains("."), word.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "." || $0 == "-") }) else { break }
                namedSomething = true
                if let id = RuleCatalog.declaredID(named: DiagnosticID(String(word)).current.rawValue) {
                    rules.insert(id)
                } else {
                    let guess = EditDistance.suggestion(for: String(word), among: RuleCatalog.all.map(\.id.rawValue))
                    diagnostics.append(
                        LocalizationDiagnostic(
                            .suppressionUnknownRule, at: location,
                            "the suppression before \"\(key)\" names \"\(word)\", which is not a rule\(guess)",
                            hint: "render-alert lint --list-rules lists the rule IDs"))
                }
            }
            if !namedSomething {
                diagnostics.append(
                    LocalizationDiagnostic(
                        .suppressionUnknownRule, at: location, "the suppression before \"\(key)\" names no rule",
                        hint: "write the rule IDs after \(Self.marker), such as \(Self.marker) table.missing-key"))
            }
            if !rules.isEmpty {
                suppressions.append(Suppression(rules: rules, table: table, key: key, file: file, lines: lines, location: location))
            }
        }
    }

    /// `findings` without those a suppression silences, then a finding for each suppression
    /// that silenced nothing (rules in `notRun`, left out of the run, cannot be expected to
    /// have found anything) and for each that names no rule.
    package func apply(_ findings: [LocalizationDiagnostic], notRun: Set<DiagnosticID> = []) -> [LocalizationDiagnostic] {
        guard !suppressions.isEmpty || !diagnostics.isEmpty else { return findings }
        var used = [Bool](repeating: false, count: suppressions.count)
        // Looked up by key and by file, so that many suppressions and many findings do not
        // multiply.
        var byKey: [String: [Int]] = [:]
        var byFile: [String: [Int]] = [:]
        for (index, suppression) in suppressions.enumerated() {
            byKey[suppression.key, default: []].append(index)
            byFile[suppression.file ?? "", default: []].append(index)
        }
        var kept: [LocalizationDiagnostic] = []
        for finding in findings {
            let file = finding.location.file
            if !finding.keys.isEmpty {
                // A finding about many keys keeps those no suppression of its table silences.
                let table = TablePath.table(of: file)
                let left = finding.keys.filter { key in
                    let silencing = byKey[key]?.first { suppressions[$0].rules.contains(finding.id) && suppressions[$0].table == table }
                    if let silencing { used[silencing] = true }
                    return silencing == nil
                }
                if let restated = finding.restated(forKeys: left, unlisted: finding.unlistedKeyCount) { kept.append(restated) }
                continue
            }
            let candidates = (finding.key.flatMap { byKey[$0] } ?? []) + (byFile[file ?? ""] ?? [])
            let silencing = candidates.first { index in
                let suppression = suppressions[index]
                guard suppression.rules.contains(finding.id) else { return false }
                if let key = finding.key, key == suppression.key, TablePath.table(of: file) == suppression.table { return true }
                return file == suppression.file && suppression.lines.contains(finding.location.line)
            }
            if let silencing { used[silencing] = true } else { kept.append(finding) }
        }
        for (index, suppression) in suppressions.enumerated() where !used[index] && !suppression.rules.isSubset(of: notRun) {
            kept.append(
                LocalizationDiagnostic(
                    .suppressionUnused, at: suppression.location,
                    "the suppression of \(suppression.rules.map(\.rawValue).sorted().joined(separator: ", ")) before \"\(suppression.key)\" silences nothing",
                    hint: "remove it; the problem it silenced is gone"))
        }
        return kept + diagnostics
    }
}

extension DiagnosticID {
    /// `suppression.unused` (warning): an inline suppression silences nothing.
    public static let suppressionUnused = DiagnosticID(
        "suppression.unused", .warning, .files,
        rationale:
            "A suppression that silences nothing is left over from a problem since fixed, or is misspelled; it would hide the problem if it came back.",
        example: "/* render-alert:disable table.missing-key */ before a key every localization has")
    /// `suppression.unknown-rule` (warning): an inline suppression names no rule, or one that does not exist.
    public static let suppressionUnknownRule = DiagnosticID(
        "suppression.unknown-rule", .warning, .files,
        rationale: "A suppression that names a rule that does not exist silences nothing.",
        example: "/* render-alert:disable table.missing-kye */")
}
