import Synchronization

/// Everything the rules look at, computed once per app: the resolved tables (the same
/// ``LocalizationModel`` the renderer reads), the reference localization and the payloads.
package final class LintContext: Sendable {
    /// The app's resolved tables.
    package let model: LocalizationModel
    /// The localization others are compared with: the development region as present in the app
    /// (in any form), else `en`, else `Base`.
    package let reference: String?
    /// The payloads to check against the tables.
    package let payloads: [NotificationPayload]
    /// A renderer over ``model``, for what a device does with the payloads.
    package let renderer: AlertRenderer
    /// Plural rules by locale, shared by the rules.
    package let plurals = PluralRulesCache()

    /// Tables whose missing keys the app fills at run time (``Linter/runtimeFallbackTables``);
    /// never Localizable.
    package let runtimeFallbackTables: Set<String>

    /// The same app's Android resources, when the lint was given them: strings both platforms
    /// define are compared.
    package let android: AndroidAppResources?

    /// What the rules comparing localizations ask of every value, in ``values``' order: worked
    /// out once per lint, tables concurrently, as plain values. Walking them retains nothing, so
    /// rules running side by side do not contend for the entries' reference counts; a rule
    /// reaches for an entry only to look closer or to report it.
    package let valueFacts: [ValueFacts]
    /// Where each table's values of each localization are in ``values``: table → localization.
    private let valueRanges: [String: [String: Range<Int>]]

    /// A context over resolved tables.
    /// - Parameters:
    ///   - model: The app's resolved tables.
    ///   - payloads: The payloads to check against them.
    ///   - runtimeFallbackTables: Tables the app fills from its development region key by key.
    ///   - android: The same app's Android resources.
    package init(
        model: LocalizationModel, payloads: [NotificationPayload] = [], runtimeFallbackTables: Set<String> = [], android: AndroidAppResources? = nil
    ) {
        self.model = model
        self.android = android
        self.payloads = payloads
        self.runtimeFallbackTables = runtimeFallbackTables.subtracting(["Localizable"])
        self.renderer = AlertRenderer(model: model)
        let names = model.app.localizations.map(\.name)
        let reference: String? =
            if let region = model.app.developmentRegion, let present = BundleLocalizations.form(of: region, in: names) {
                present
            } else {
                ["en", "English", "Base"].first(where: names.contains)
            }
        self.reference = reference
        (valueFacts, valueRanges) = Self.facts(of: model, reference: reference)
    }

    /// A context over an app read from disk (its tables resolved here).
    /// - Parameters:
    ///   - app: The app's localizations.
    ///   - payloads: The payloads to check against them.
    package convenience init(app: AppLocalizations, payloads: [NotificationPayload] = []) {
        self.init(model: LocalizationModel(app), payloads: payloads)
    }

    /// The app.
    package var app: AppLocalizations { model.app }

    /// Every value, by table and localization (sorted), then as the files have them (a table's
    /// `.strings` values, then its stringsdict's): what most rules walk.
    package var values: [LocalizationModel.Entry] { model.entries }

    /// Where table `table`'s values of `localization` are in ``values`` and ``valueFacts``.
    package func valueRange(table: String, localization: String) -> Range<Int>? { valueRanges[table]?[localization] }

    /// The value of `key` in table `table` of `localization`.
    package func value(_ key: String, table: String, localization: String) -> LocalizationModel.Entry? {
        model.table(table, localization: localization)?.entry(key)
    }

    /// What ``valueFacts`` holds for one value.
    package struct ValueFacts: Sendable {
        /// Where the reference localization's value of the same key in the same table is.
        package enum InReference: Sendable, Hashable {
            /// The value is the reference's own.
            case isReference
            /// The reference has no such table or nothing readable in it, or there is no reference.
            case noTable
            /// The reference's table lacks the key.
            case missing
            /// At this index of ``LintContext/values``.
            case at(Int)
        }

        package var inReference: InReference
        /// The value belongs to Base, which has no language.
        package var isBase: Bool
        /// Plain text, not a stringsdict or catalog value (plurals, variants).
        package var isPlainText: Bool
        /// For plain text, its arguments packed as ``IncompatibleSpecifiersRule/packedSignature(_:)``
        /// packs them; nil when they do not fit (or for other values).
        package var packedSignature: UInt64?
    }

    /// ``valueFacts`` and the ranges of ``values`` each table's localizations take, in the
    /// model's order (table, then localization).
    private static func facts(of model: LocalizationModel, reference: String?) -> ([ValueFacts], [String: [String: Range<Int>]]) {
        struct Group: Sendable {
            var table: LocalizationModel.Table
            /// The reference's table: its keys indexed, and where its values start.
            var reference: (keys: StringIndex, start: Int)?
        }
        var ranges: [String: [String: Range<Int>]] = [:]
        var groups: [Group] = []
        var start = 0
        for name in model.tableNames {
            var referenceKeys: (keys: StringIndex, start: Int)?
            var tables: [LocalizationModel.Table] = []
            for localization in model.localizations(of: name) {
                guard let table = model.table(name, localization: localization) else { continue }
                ranges[name, default: [:]][localization] = start..<(start + table.entries.count)
                if localization == reference, !table.entries.isEmpty { referenceKeys = (StringIndex(table.entries.map(\.key)), start) }
                start += table.entries.count
                tables.append(table)
            }
            groups += tables.map { Group(table: $0, reference: referenceKeys) }
        }
        precondition(start == model.entries.count, "the model's values are its tables' in name and localization order")
        let facts = ParallelWork.map(groups) { group in
            let table = group.table
            let isReference = table.localization == reference
            let isBase = table.localization == "Base"
            return table.entries.map { entry in
                let inReference: ValueFacts.InReference =
                    if isReference { .isReference } else if let keys = group.reference {
                        keys.keys.position(of: entry.key).map { .at(keys.start + $0) } ?? .missing
                    } else { .noTable }
                let isPlainText = entry.localized == nil
                return ValueFacts(
                    inReference: inReference, isBase: isBase, isPlainText: isPlainText,
                    packedSignature: isPlainText ? IncompatibleSpecifiersRule.packedSignature(entry.format) : nil)
            }
        }
        var all: [ValueFacts] = []
        all.reserveCapacity(start)
        for part in facts { all += part }
        return (all, ranges)
    }

    /// Where a specifier of a value is: in its text, or in a plural's format key; variants
    /// point at their key.
    package func location(of specifier: FormatSpecifier, in value: LocalizationModel.Entry) -> SourceLocation {
        model.location(ofUTF8Offset: specifier.range.lowerBound, in: value)
    }

    /// Every plural variable of a stringsdict or catalog value, its device and width variants'
    /// included, with the categories its localization's language uses (Base has no language
    /// and is skipped).
    package func forEachPluralVariable(
        _ body: (_ value: LocalizationModel.Entry, _ variable: LocalizedFormat.Variable, _ categories: [PluralCategory]) -> Void
    ) {
        struct Seen: Hashable {
            var name: String
            var location: SourceLocation?
            var forms: [String]
        }
        for value in values where value.localization != "Base" {
            guard let formats = value.localized?.formats, !formats.isEmpty else { continue }
            let categories = plurals.rules(for: value.localization).categories
            // A catalog plural whose forms vary by device compiles to one plural per device,
            // all written at one place: a variable with the same forms there is visited once.
            var seen: Set<Seen> = []
            for format in formats {
                for variable in format.variables where variable.kind == .plural {
                    guard seen.insert(Seen(name: variable.name, location: variable.location, forms: variable.cases.map(\.name))).inserted else {
                        continue
                    }
                    body(value, variable, categories)
                }
            }
        }
    }

    /// Localizations a device could select (every one but Base), sorted.
    package var selectableLocalizations: [String] {
        renderer.bundle.names.filter { $0 != "Base" }.sorted()
    }

    /// One device per selectable localization, each with its search list and tables: made once
    /// per check and used for every payload (a manifest of many keys is many payloads). Make
    /// them only when there is a payload to take to them.
    func selectableDevices() -> [(localization: String, device: DeviceContext)] {
        selectableLocalizations.map { ($0, renderer.context(preferredLanguages: [$0])) }
    }

    /// What a device does with every payload in every localization it could select: the issues
    /// preview and localize report, each reported once (a key missing from several
    /// localizations once per payload field, naming them all), in the order every output uses.
    package func deviceFindings() -> [LocalizationDiagnostic] {
        var findings = LintFindings(limit: .max, ignoring: [])
        deviceFindings(into: &findings)
        return findings.finished()
    }

    /// The same, added to `findings` as they are found: a value of 100,000 `%d` yields 100,000
    /// issues, and only what `findings` lists is kept (the rest are counted).
    func deviceFindings(into findings: inout LintFindings) {
        // Two localizations that fall back to the same table give the same issue: it is
        // reported once. Its identity is what its finding is made of, so that no finding has
        // to be built only to be found a duplicate.
        var seen: Set<IssueIdentity> = []
        guard !payloads.isEmpty else { return }
        let devices = selectableDevices()
        for payload in payloads {
            var missing: [(issue: DeviceIssue, localizations: [String])] = []
            for (localization, device) in devices {
                for issue in device.resolve(payload).issues {
                    if case .keyMissing = issue.kind {
                        if let index = missing.firstIndex(where: { $0.issue.payloadLocation == issue.payloadLocation && $0.issue.id == issue.id }) {
                            missing[index].localizations.append(localization)
                        } else {
                            missing.append((issue, [localization]))
                        }
                        continue
                    }
                    if seen.insert(IssueIdentity(issue)).inserted { findings.append(issue.diagnostic(model: model)) }
                }
            }
            findings.append(contentsOf: missing.map { $0.issue.diagnostic(model: model, localizations: $0.localizations) })
        }
    }

    private struct IssueIdentity: Hashable {
        var kind: DeviceIssue.Kind
        var field: AlertFieldName?
        var key: String?
        var localization: String?
        var payloadLocation: SourceLocation
        var entry: SourceLocation?

        init(_ issue: DeviceIssue) {
            kind = issue.kind
            field = issue.field
            key = issue.key
            localization = issue.localization
            payloadLocation = issue.payloadLocation
            entry = issue.entry?.location
        }
    }
}
