/// Diagnostic IDs of Android resources (`res/values*/strings.xml`) and of FCM rendering.
extension DiagnosticID {
    /// `android.malformed-xml` (error). aapt2 rejects a strings.xml that is not well-formed XML:
    /// the app does not build.
    public static let androidMalformedXML = DiagnosticID(
        "android.malformed-xml", .error, .syntax,
        rationale: "aapt2 rejects a strings.xml that is not well-formed XML: the app does not build.",
        example: "<string name=\"a\">x</resources>")
    /// `android.invalid-resource` (error). aapt2 rejects the file: a root that is not <resources>,
    /// text between resources, a resource without a name, a plural with an unknown quantity, a
    /// value its type does not take (`<dimen>16em</dimen>`).
    public static let androidInvalidResource = DiagnosticID(
        "android.invalid-resource", .error, .syntax,
        rationale:
            "aapt2 rejects the file (a root that is not <resources>, text between resources, a resource without a name, an unknown plural quantity, a value its type does not take such as <dimen>16em</dimen>): the app does not build.",
        example: "<string>no name</string>")
    /// `android.unescaped-apostrophe` (error). aapt2 rejects an apostrophe outside double quotes.
    public static let androidUnescapedApostrophe = DiagnosticID(
        "android.unescaped-apostrophe", .error, .syntax,
        rationale: "aapt2 rejects an apostrophe that is neither escaped (\\') nor inside double quotes: the app does not build.",
        example: "<string name=\"a\">it's</string>")
    /// `android.invalid-unicode-escape` (error). aapt2 rejects `\u` followed by a non-hexadecimal
    /// character within its four digits.
    public static let androidInvalidUnicodeEscape = DiagnosticID(
        "android.invalid-unicode-escape", .error, .syntax,
        rationale: "aapt2 rejects \\u followed by a character that is not a hexadecimal digit within its four digits: the app does not build.",
        example: "<string name=\"a\">\\u12G4</string>")
    /// `android.nested-xliff` (error). aapt2 rejects an <xliff:g> inside another.
    public static let androidNestedXLIFF = DiagnosticID(
        "android.nested-xliff", .error, .syntax,
        rationale: "aapt2 rejects an <xliff:g> nested in another: the app does not build.",
        example: "<xliff:g><xliff:g>%1$s</xliff:g></xliff:g>")
    /// `android.nonpositional-format` (warning). A formatted, translatable string with several
    /// arguments not all positional (`%s and %s`): the Android Gradle Plugin compiles with
    /// `aapt2 compile --legacy`, which warns and keeps it; plain aapt2 rejects it (an error
    /// when the toolchain is plain aapt2).
    public static let androidNonpositionalFormat = DiagnosticID(
        "android.nonpositional-format", .warning, .formats,
        rationale:
            "A translatable string with several format arguments that are not all positional cannot be reordered by a translation. A Gradle build (aapt2 compile --legacy) warns and fills them in order; plain aapt2 rejects it and the app does not build.",
        example: "<string name=\"a\">%s and %s</string>")
    /// `android.duplicate-resource` (error). aapt2 rejects two values for one resource in one
    /// configuration.
    public static let androidDuplicateResource = DiagnosticID(
        "android.duplicate-resource", .error, .consistency,
        rationale: "aapt2 rejects two values for one resource in the same configuration: the app does not build.",
        example: "two <string name=\"title\"> in values/strings.xml")
    /// `android.missing-reference` (error). aapt2 link rejects a reference to a resource that no
    /// configuration defines.
    public static let androidMissingReference = DiagnosticID(
        "android.missing-reference", .error, .consistency,
        rationale: "aapt2 link rejects a reference to a resource that is defined nowhere: the app does not build.",
        example: "<string name=\"a\">@string/nowhere</string>")
    /// `android.reference-loop` (error). A string whose references never reach text (it refers
    /// to itself, or round a loop): aapt2 links it, and the phone shows a resource ID.
    public static let androidReferenceLoop = DiagnosticID(
        "android.reference-loop", .error, .consistency,
        rationale:
            "A string that refers to itself, or to strings that refer back, never reaches text: aapt2 links the app, AssetManager2 stops after 20 references, and getString gives \"@\" and a resource ID, which the notification or screen shows.",
        example: "<string name=\"a\">@string/a</string>")
}
