/// What a device does with a payload that its author did not mean, found by resolving each
/// field exactly as the device does. Preview, server-side localization and
/// lint all report these same issues, with these IDs and words: there is one explanation of
/// the device.
public struct DeviceIssue: Sendable {
    /// What the device does, with the details its message needs.
    public enum Kind: Sendable, Hashable {
        /// No table the device reads here has the key: it shows the raw text, or the key.
        case keyMissing(showsRawText: Bool)
        /// The key is missing from Localizable but defined in another table of this localization.
        case keyInOtherTable(table: String, location: SourceLocation)
        /// The key's value is empty: the device shows the key.
        case emptyValue
        /// Formatting left nothing (every character dropped): the device shows the key.
        case formatsToNothing
        /// A `%…` sequence other than `%@`, `%N$@` and `%%`, which the device drops.
        case unsupportedSpecifier(offset: Int, written: String, leftover: String)
        /// A plural entry or `%#@variable@`: the device shows the variable, never a form.
        case pluralVariable(shown: String)
        /// `%` before a non-ASCII character: the text cannot be built, the key shows.
        case percentBeforeNonASCII(offset: Int)
        /// A NUL character: the formatter stops there, and the rest is not shown.
        case endsAtNUL(offset: Int, shown: String)
        case tooFewArguments(needed: Int, given: Int)
        /// A placeholder reads a value past the `*-loc-args` this tool reads: the device has it.
        case argumentNotRead(needed: Int, read: Int)
        case extraArguments(used: Int, given: Int)
        /// Placeholders, and no `*-loc-args` at all: the format shows as written.
        case unformattedPlaceholder(needed: Int)
        /// The chosen Localizable `.strings` does not parse (its `.stringsdict` still counts).
        case unreadableTable(file: String?, keepsDictionary: Bool)
        /// No localization in the search list has a Localizable table.
        case noLocalizableTable(searchList: [String])
        /// `body` and `loc-key` together: `loc-key` wins when it resolves.
        case bodyWithLocKey
        /// The formatted text would pass ``OutputBudget/maximumLength``: it is not built, and
        /// the field is refused rather than shown.
        case outputOverBudget
    }

    /// What happens.
    public var kind: Kind
    /// The field concerned; nil for the alert as a whole.
    public var field: AlertFieldName?
    /// The field's `*-loc-key`.
    public var key: String?
    /// The table entry behind the text, when there is one.
    package var entry: LocalizationModel.Entry?
    /// The localization whose table was used.
    public var localization: String?
    /// Where the field (or the alert) is written in the payload.
    public var payloadLocation: SourceLocation

    /// The ID every command reports this issue with.
    public var id: DiagnosticID {
        switch kind {
        case .keyMissing(let showsRawText): showsRawText ? .payloadKeyMissingRawText : .payloadKeyMissing
        case .keyInOtherTable: .pushWrongTable
        case .emptyValue, .formatsToNothing: .renderEmptyResult
        case .unsupportedSpecifier: .pushUnsupportedSpecifier
        case .pluralVariable: .pushPluralVariable
        case .percentBeforeNonASCII: .pushPercentBeforeNonASCII
        case .endsAtNUL: .pushNULInValue
        case .tooFewArguments: .payloadTooFewArguments
        case .argumentNotRead: .renderArgumentNotRead
        case .extraArguments: .renderExtraArguments
        case .unformattedPlaceholder: .renderUnformattedPlaceholder
        case .unreadableTable: .renderUnreadableTable
        case .noLocalizableTable: .renderNoLocalizableTable
        case .bodyWithLocKey: .renderBodyWithLocKey
        case .outputOverBudget: .renderOutputOverBudget
        }
    }

    /// The finding, located where the fault is (inside the table's value when it is there),
    /// with a note pointing at the other end (the payload, or the value).
    /// - Parameters:
    ///   - model: The model the issue was found in; it places offsets inside values in their files.
    ///   - localizations: for a missing key, every localization it is missing from
    ///     (lint gathers them); by default the one this issue was found in.
    package func diagnostic(model: LocalizationModel, localizations: [String]? = nil) -> LocalizationDiagnostic {
        var diagnostic = described(model: model, localizations: localizations)
        diagnostic.key = key
        if case .keyMissing = kind { diagnostic.localizations = localizations ?? localization.map { [$0] } ?? [] }
        return diagnostic
    }

    private func described(model: LocalizationModel, localizations: [String]?) -> LocalizationDiagnostic {
        let key = self.key ?? ""
        let names = field?.keys ?? AlertFieldName.body.keys
        let place = localization.map { " (\($0))" } ?? ""
        let usedBy = LocalizationDiagnostic.Note(location: payloadLocation, message: "used by this payload's \(names.locKey)")
        func valueNote(_ entry: LocalizationModel.Entry) -> LocalizationDiagnostic.Note {
            LocalizationDiagnostic.Note(location: entry.location, message: "\(entry.localization): \"\(entry.text)\"")
        }
        func inTable(_ offset: Int) -> SourceLocation {
            entry.map { model.location(ofUTF8Offset: offset, in: $0) } ?? payloadLocation
        }
        switch kind {
        case .keyMissing(let showsRawText):
            let missing = localizations ?? localization.map { [$0] } ?? []
            let shows = showsRawText ? "the payload's \(names.text) text" : "the key itself"
            return LocalizationDiagnostic(
                id, at: payloadLocation,
                "\(names.locKey) \"\(key)\" is missing for \(LocalizationDiagnostic.languageList(missing)) shows \(shows)",
                hint: "add the key to those localizations' Localizable tables; a device never looks in another localization for a key")
        case .keyInOtherTable(let table, let location):
            return LocalizationDiagnostic(
                id, at: location, "\"\(key)\" is sent in pushes but defined in \(table), not Localizable: the device never finds it",
                hint: "move it to \(localization ?? "this localization")'s Localizable table", notes: [usedBy])
        case .emptyValue:
            return LocalizationDiagnostic(
                id, at: entry?.location ?? payloadLocation,
                "\"\(key)\"\(place) is empty in the Localizable table: the device shows the key \"\(key)\" instead",
                hint: "translate it; a raw \(names.text) in the payload is not used when the key is found", notes: [usedBy])
        case .formatsToNothing:
            return LocalizationDiagnostic(
                id, at: entry?.location ?? payloadLocation, "\"\(key)\"\(place) formats to nothing: the device shows the key \"\(key)\" instead",
                notes: entry == nil ? [] : [usedBy])
        case .unsupportedSpecifier(let offset, let written, let leftover):
            let shows = leftover.isEmpty ? "nothing" : "\"\(leftover)\""
            guard entry != nil else {
                return LocalizationDiagnostic(
                    id, at: payloadLocation,
                    "the payload's \(names.text) text, shown for \"\(key)\", uses \(written): the device drops it and shows \(shows)",
                    hint: "notifications format only %@ and %n$@: send the value as a string argument")
            }
            return LocalizationDiagnostic(
                id, at: inTable(offset), "\"\(key)\"\(place) is sent in pushes but uses \(written): the device drops it and shows \(shows)",
                hint: "use %@ (or %1$@) and send the value as a formatted string argument", notes: [usedBy])
        case .pluralVariable(let shown):
            return LocalizationDiagnostic(
                id, at: entry?.location ?? payloadLocation, "\"\(key)\"\(place) is a plural; in a push the device shows \"\(shown)\"",
                hint: "send finished text localized on the server, or use a key without plural forms", notes: [usedBy])
        case .percentBeforeNonASCII(let offset):
            return LocalizationDiagnostic(
                id, at: inTable(offset), "\"\(key)\"\(place) has % before a non-ASCII character: the device shows the key instead",
                hint: "write %% for a percent sign", notes: entry == nil ? [] : [usedBy])
        case .endsAtNUL(let offset, let shown):
            let what = entry == nil ? "the payload's \(names.text) text, shown for \"\(key)\"," : "\"\(key)\"\(place)"
            return LocalizationDiagnostic(
                id, at: inTable(offset), "\(what) has a NUL character: the device's formatter stops there and shows \"\(shown)\"",
                hint: "remove the NUL (\\U0000 or \\0 in the table)", notes: entry == nil ? [] : [usedBy])
        case .tooFewArguments(let needed, let given):
            return LocalizationDiagnostic(
                id, at: payloadLocation,
                "\(names.locArgs) has \(given) \(given == 1 ? "value" : "values") but \"\(key)\"\(localization.map { " in \($0)" } ?? "") needs \(needed): the device shows <null>",
                hint: "send \(needed) \(needed == 1 ? "value" : "values")", notes: entry.map { [valueNote($0)] } ?? [])
        case .argumentNotRead(let needed, let read):
            return LocalizationDiagnostic(
                id, at: payloadLocation,
                "\"\(key)\"\(localization.map { " in \($0)" } ?? "") reads \(names.locArgs) value \(needed), past the first \(read) this tool reads (its own bound for hostile input; a device reads them all): the preview shows <null> where the device shows that value",
                hint: "send only the arguments the format uses", notes: entry.map { [valueNote($0)] } ?? [])
        case .extraArguments(let used, let given):
            return LocalizationDiagnostic(
                id, at: payloadLocation,
                "\(names.locArgs) has \(given) \(given == 1 ? "value" : "values") but \"\(key)\"\(localization.map { " in \($0)" } ?? "") uses \(used): the rest are ignored",
                notes: entry.map { [valueNote($0)] } ?? [])
        case .unformattedPlaceholder(let needed):
            return LocalizationDiagnostic(
                id, at: entry?.location ?? payloadLocation,
                "\"\(key)\"\(place) has placeholders but the payload sends no \(names.locArgs): the device shows \"\(entry?.text ?? key)\" as written",
                hint: "send \(names.locArgs) with \(needed) \(needed == 1 ? "value" : "values")", notes: [usedBy])
        case .unreadableTable(let file, let keepsDictionary):
            let rest = keepsDictionary ? "every key not in its .stringsdict falls back" : "every key falls back"
            return LocalizationDiagnostic(
                id, at: SourceLocation(file: file, line: 1, column: 1),
                "\(localization ?? "the chosen localization")'s Localizable table does not parse, so on a device it is empty: \(rest)",
                hint: "fix the errors reported for that file")
        case .noLocalizableTable(let searchList):
            return LocalizationDiagnostic(
                id, at: payloadLocation,
                "no localization in the search list (\(searchList.joined(separator: ", "))) has a Localizable table: every key shows untranslated",
                hint: "add Localizable.strings (or a String Catalog) to the app")
        case .bodyWithLocKey:
            return LocalizationDiagnostic(
                id, at: payloadLocation, "the alert has both body and loc-key: loc-key wins when the key resolves; body is only its fallback",
                hint: "send one of them (older iOS versions preferred body)")
        case .outputOverBudget:
            return DeviceIssue.overBudget(
                key: key, place: place, locArgs: names.locArgs, at: entry?.location ?? payloadLocation, notes: entry == nil ? [] : [usedBy])
        }
    }
}

/// IDs of what a device would show. Issues located in the table are `push.*`, issues about
/// what the payload sends are `payload.*`, the alert as a whole `render.*`.
extension DiagnosticID {
    /// `payload.key-missing` (error). No per-key fallback: for a device in that language the key is not
    /// found, and it shows the key itself.
    public static let payloadKeyMissing = DiagnosticID(
        "payload.key-missing", .error, .payloads,
        rationale: "No per-key fallback: for a device in that language the key is not found, and it shows the key itself.",
        example: "payload title-loc-key \"call.missed.title\"; pt-PT.lproj/Localizable.strings lacks it")
    /// `payload.key-missing-raw-text` (warning). No per-key fallback: the device shows the payload's raw text
    /// instead, in whatever language it was written.
    public static let payloadKeyMissingRawText = DiagnosticID(
        "payload.key-missing-raw-text", .warning, .payloads,
        rationale: "No per-key fallback: the device shows the payload's raw text instead, in whatever language it was written.",
        example: "a key missing from fr.lproj, with \"body\": \"Missed call\" in the payload")
    /// `payload.too-few-arguments` (error). A placeholder without an argument shows `<null>` on the device.
    public static let payloadTooFewArguments = DiagnosticID(
        "payload.too-few-arguments", .error, .payloads,
        rationale: "A placeholder without an argument shows <null> on the device.",
        example: "\"%1$@ in %2$@\" with loc-args [\"Ana\"]")
    /// `push.wrong-table` (error). Notifications read only the Localizable table of the main app; a key in
    /// Notifications.strings or InfoPlist.strings is never found.
    public static let pushWrongTable = DiagnosticID(
        "push.wrong-table", .error, .push,
        rationale:
            "Notifications read only the Localizable table of the main app; a key in Notifications.strings or InfoPlist.strings is never found.",
        example: "loc-key \"call.video.missed.body\" defined in en.lproj/Notifications.strings")
    /// `push.unsupported-specifier` (error). The notification system formats only `%@`, `%n$@` and `%%`; it
    /// drops everything else byte by byte (`%d` shows nothing, `%ld` shows d).
    public static let pushUnsupportedSpecifier = DiagnosticID(
        "push.unsupported-specifier", .error, .push,
        rationale: "The notification system formats only %@, %n$@ and %%; it drops everything else byte by byte (%d shows nothing, %ld shows d).",
        example: "\"You have %d new messages\" used by a payload's loc-key")
    /// `push.plural-variable` (error). Plurals never resolve in a notification: the device shows the format
    /// key's variable, such as `@count@`.
    public static let pushPluralVariable = DiagnosticID(
        "push.plural-variable", .error, .push,
        rationale: "Plurals never resolve in a notification: the device shows the format key's variable, such as @count@.",
        example: "loc-key \"inbox.unread.summary\" whose stringsdict format is %#@messages@")
    /// `push.percent-before-non-ascii` (error). The device formatter drops the % and the first byte of the
    /// next character; the text is then not valid UTF-8 and the key shows instead (evidence: indirect).
    public static let pushPercentBeforeNonASCII = DiagnosticID(
        "push.percent-before-non-ascii", .error, .push,
        rationale:
            "The device formatter drops the % and the first byte of the next character; the text is then not valid UTF-8 and the key shows instead (evidence: indirect).",
        example: "\"Rabatt 50%ü…\" or \"%é\" in a key sent in pushes")
    /// `render.argument-not-read` (warning). The tool reads the first 1,000 `*-loc-args`; a
    /// placeholder past them is not previewed, though the device shows its value.
    public static let renderArgumentNotRead = DiagnosticID(
        "render.argument-not-read", .warning, .payloads,
        rationale:
            "This tool reads the first 1,000 loc-args of a payload (a bound for hostile input, not the device's): a placeholder past them is previewed as <null>, though the device shows the value sent.",
        example: "\"%1001$@\" with 1,001 loc-args")
    /// `push.nul-in-value` (error). The device formatter walks the format as a C string: a NUL
    /// character ends it, and the rest of the text is never shown.
    public static let pushNULInValue = DiagnosticID(
        "push.nul-in-value", .error, .push,
        rationale:
            "The device formatter walks the format as a C string: a NUL character ends it, and the rest of the text is never shown (evidence: indirect).",
        example: "\"Hi \\U0000 %@ there\" with loc-args shows \"Hi \"")
    /// `render.extra-arguments` (warning). Arguments beyond the placeholders are ignored.
    public static let renderExtraArguments = DiagnosticID(
        "render.extra-arguments", .warning, .push,
        rationale: "Arguments beyond the placeholders are ignored.",
        example: "\"Hello\" with [\"Ana\"]")
    /// `render.unformatted-placeholder` (error). Without loc-args the format shows verbatim, `%@` included.
    public static let renderUnformattedPlaceholder = DiagnosticID(
        "render.unformatted-placeholder", .error, .push,
        rationale: "Without loc-args the format shows verbatim, %@ included.",
        example: "loc-key with placeholders, no loc-args")
    /// `render.empty-result` (error). An empty value, or one that formats to nothing, shows the key.
    public static let renderEmptyResult = DiagnosticID(
        "render.empty-result", .error, .push,
        rationale: "An empty value, or one that formats to nothing, shows the key.",
        example: "\"k\" = \"\";")
    /// `render.body-with-loc-key` (warning). `loc-key` wins when it resolves; body is only its fallback
    /// (older iOS preferred body).
    public static let renderBodyWithLocKey = DiagnosticID(
        "render.body-with-loc-key", .warning, .payloads,
        rationale: "loc-key wins when it resolves; body is only its fallback (older iOS preferred body).",
        example: "{\"body\": \"Hi\", \"loc-key\": \"greeting\"}")
    /// `render.no-localizable-table` (error). No localization has a Localizable table: every key shows
    /// untranslated.
    public static let renderNoLocalizableTable = DiagnosticID(
        "render.no-localizable-table", .error, .push,
        rationale: "No localization has a Localizable table: every key shows untranslated.",
        example: "an app with InfoPlist.strings only", isAboutWholeFile: true)
    /// `render.unreadable-table` (error). The chosen Localizable table does not parse: it is empty on the
    /// device (its .stringsdict still counts).
    public static let renderUnreadableTable = DiagnosticID(
        "render.unreadable-table", .error, .push,
        rationale: "The chosen Localizable table does not parse: it is empty on the device (its .stringsdict still counts).",
        example: "a table with a missing ';'")

    /// `render.output-over-budget` (error). Formatting would build more text than the tool's output
    /// budget: the rendering is refused, never shown or sent.
    public static let renderOutputOverBudget = DiagnosticID(
        "render.output-over-budget", .error, .formats,
        rationale:
            "A format whose placeholders repeat a long argument (or whose width is huge) would build megabytes of text: this tool stops building at its output budget of 4 MiB and refuses the rendering rather than say what a phone shows; no notification shows that much text.",
        example: "\"%1$@%1$@…\" (100,000 times) with title-loc-args [\"<a 3 KB name>\"]")

    /// IDs renamed when preview and lint came to report one explanation of the device: the old
    /// names still work in `--ignore`, configurations and baselines.
    public static let renamed: [String: DiagnosticID] = [
        "render.missing-key": .payloadKeyMissing,
        "render.dropped-specifier": .pushUnsupportedSpecifier,
        "render.plural-variable": .pushPluralVariable,
        "render.percent-before-non-ascii": .pushPercentBeforeNonASCII,
        "render.too-few-arguments": .payloadTooFewArguments,
    ]

    /// This ID under its current name (an old name from ``renamed`` becomes the new one).
    public var current: DiagnosticID { DiagnosticID.renamed[rawValue] ?? self }
}

extension DeviceIssue {
    /// The finding for a text past the output budget, in every mode that formats for an iPhone
    /// (the device's formatter, server formatting): one explanation of the tool's refusal.
    package static func overBudget(
        key: String, place: String, locArgs: String, at location: SourceLocation, notes: [LocalizationDiagnostic.Note] = []
    ) -> LocalizationDiagnostic {
        LocalizationDiagnostic(
            .renderOutputOverBudget, at: location,
            "\"\(key)\"\(place) formatted with its \(locArgs) would pass \(OutputBudget.explanation): it is not built, and nothing is shown or sent",
            hint: OutputBudget.hint, notes: notes)
    }
}
