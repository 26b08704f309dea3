/// Diagnostic IDs for what a device would show.
extension DiagnosticID {
    public static let renderMissingKey: DiagnosticID = "render.missing-key"
    public static let renderTooFewArguments: DiagnosticID = "render.too-few-arguments"
    public static let renderExtraArguments: DiagnosticID = "render.extra-arguments"
    public static let renderDroppedSpecifier: DiagnosticID = "render.dropped-specifier"
    public static let renderPluralVariable: DiagnosticID = "render.plural-variable"
    public static let renderPercentBeforeNonASCII: DiagnosticID = "render.percent-before-non-ascii"
    public static let renderUnformattedPlaceholder: DiagnosticID = "render.unformatted-placeholder"
    public static let renderEmptyResult: DiagnosticID = "render.empty-result"
    public static let renderBodyWithLocKey: DiagnosticID = "render.body-with-loc-key"
    public static let renderNoLocalizableTable: DiagnosticID = "render.no-localizable-table"
    public static let renderUnreadableTable: DiagnosticID = "render.unreadable-table"
}
