/// Diagnostic IDs for what a device would show.
extension DiagnosticID {
    public static let renderMissingKey = DiagnosticID(
        "render.missing-key", .error, .push,
        rationale: "No per-key fallback: the device shows the key itself.",
        example: "a key missing from fr.lproj")
    public static let renderMissingKeyRawText = DiagnosticID(
        "render.missing-key-raw-text", .warning, .push,
        rationale: "No per-key fallback: the device shows the payload's raw text, in whatever language it was written.",
        example: "a key missing from fr.lproj, with \"body\": \"Missed call\" in the payload")
    public static let renderTooFewArguments = DiagnosticID(
        "render.too-few-arguments", .error, .push,
        rationale: "A placeholder without argument shows <null>.",
        example: "\"%1$@ %2$@\" with one argument")
    public static let renderExtraArguments = DiagnosticID(
        "render.extra-arguments", .warning, .push,
        rationale: "Arguments beyond the placeholders are ignored.",
        example: "\"Hello\" with [\"Ana\"]")
    public static let renderDroppedSpecifier = DiagnosticID(
        "render.dropped-specifier", .error, .push,
        rationale: "The device drops every specifier but %@, %n$@ and %%.",
        example: "\"%d new\" shows \" new\"")
    public static let renderPluralVariable = DiagnosticID(
        "render.plural-variable", .error, .push,
        rationale: "Plurals never resolve in a push: @count@ shows.",
        example: "%#@count@")
    public static let renderPercentBeforeNonASCII = DiagnosticID(
        "render.percent-before-non-ascii", .error, .push,
        rationale: "The text cannot be built; the key shows.",
        example: "\"50%ü\"")
    public static let renderUnformattedPlaceholder = DiagnosticID(
        "render.unformatted-placeholder", .error, .push,
        rationale: "Without loc-args the format shows verbatim, %@ included.",
        example: "loc-key with placeholders, no loc-args")
    public static let renderEmptyResult = DiagnosticID(
        "render.empty-result", .error, .push,
        rationale: "An empty result shows the key.",
        example: "\"k\" = \"\";")
    public static let renderBodyWithLocKey = DiagnosticID(
        "render.body-with-loc-key", .warning, .payloads,
        rationale: "loc-key wins when it resolves; body is only its fallback (older iOS preferred body).",
        example: "{\"body\": \"Hi\", \"loc-key\": \"greeting\"}")
    public static let renderNoLocalizableTable = DiagnosticID(
        "render.no-localizable-table", .error, .push,
        rationale: "No localization has a Localizable table: every key shows untranslated.",
        example: "an app with InfoPlist.strings only", isAboutWholeFile: true)
    public static let renderUnreadableTable = DiagnosticID(
        "render.unreadable-table", .error, .push,
        rationale: "The chosen Localizable table does not parse: it is empty on the device.",
        example: "a table with a missing ';'")
}
