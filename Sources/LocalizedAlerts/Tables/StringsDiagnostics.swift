/// Diagnostic IDs produced while reading tables. Each names one kind of problem; the lint rule
/// catalog (``RuleCatalog``) documents them with a rationale and an example.
extension DiagnosticID {
    // Files and encodings
    public static let unreadableFile: DiagnosticID = "table.unreadable-file"
    public static let fileTooLarge: DiagnosticID = "table.too-large"
    public static let tooManyEntries: DiagnosticID = "table.too-many-entries"
    public static let expandsTooMuch: DiagnosticID = "plist.expands-too-much"
    public static let emptyFile: DiagnosticID = "strings.empty-file"
    public static let invalidEncoding: DiagnosticID = "strings.invalid-encoding"
    public static let utf16WithoutBOM: DiagnosticID = "strings.utf16-without-bom"
    public static let utf16WithoutBOMMisread: DiagnosticID = "strings.utf16-without-bom-misread"
    // Syntax that CoreFoundation rejects (the whole table is empty on a device)
    public static let missingSemicolon: DiagnosticID = "strings.missing-semicolon"
    public static let expectedEquals: DiagnosticID = "strings.expected-equals"
    public static let missingValue: DiagnosticID = "strings.missing-value"
    public static let unexpectedCharacter: DiagnosticID = "strings.unexpected-character"
    public static let unterminatedString: DiagnosticID = "strings.unterminated-string"
    public static let missingClosingBrace: DiagnosticID = "strings.missing-closing-brace"
    public static let junkAfterTable: DiagnosticID = "strings.junk-after-table"
    public static let notATable: DiagnosticID = "strings.not-a-table"
    public static let nestingTooDeep: DiagnosticID = "strings.nesting-too-deep"
    public static let nonStringValue: DiagnosticID = "strings.non-string-value"
    // What CoreFoundation drops without a word
    public static let droppedAfterSemicolon: DiagnosticID = "strings.dropped-after-semicolon"
    public static let unterminatedComment: DiagnosticID = "strings.unterminated-comment"
    public static let unicodeWhitespace: DiagnosticID = "strings.unicode-whitespace"
    // Values that decode differently from what the author meant
    public static let lowercaseUEscape: DiagnosticID = "strings.lowercase-u-escape"
    public static let unknownEscape: DiagnosticID = "strings.unknown-escape"
    public static let octalEscape: DiagnosticID = "strings.octal-escape"
    public static let unpairedSurrogateEscape: DiagnosticID = "strings.unpaired-surrogate-escape"
    public static let duplicateKey: DiagnosticID = "strings.duplicate-key"
    // Compiled property lists
    public static let propertyListSyntax: DiagnosticID = "plist.syntax"
    public static let binaryPropertyListCorrupt: DiagnosticID = "plist.binary-corrupt"
}

/// The consequence a first fatal syntax error has on a device, said once per file.
let rejectedFileConsequence =
    "Foundation rejects the whole file, so on a device every key of this table shows untranslated"
