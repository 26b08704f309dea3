/// Diagnostic IDs produced while reading tables. Each names one kind of problem; the lint rule
/// catalog (``RuleCatalog``) documents them with a rationale and an example.
extension DiagnosticID {
    // Files and encodings
    /// `table.unreadable-file` (error). A file that cannot be read is not checked at all.
    public static let unreadableFile = DiagnosticID(
        "table.unreadable-file", .error, .files,
        rationale: "A file that cannot be read is not checked at all.",
        example: "a table without read permission", isAboutWholeFile: true)
    /// `bundle.uncompiled-catalog` (error). A built app that ships a String Catalog as it is.
    public static let uncompiledCatalog = DiagnosticID(
        "bundle.uncompiled-catalog", .error, .files,
        rationale:
            "A device reads only compiled tables: a String Catalog copied into a built app as it is (as SwiftPM's resource processing does) gives its users the keys.",
        example: "MyApp.app/Localizable.xcstrings, with no .lproj tables compiled from it", isAboutWholeFile: true)
    /// `table.too-large` (error). Files over the reading limit are refused before they are read.
    public static let fileTooLarge = DiagnosticID(
        "table.too-large", .error, .files,
        rationale: "Files over the reading limit are refused before they are read.",
        example: "a 3 GB .strings file", isAboutWholeFile: true)
    /// `table.too-many-entries` (error). Reading stops at the entry limit (10,000,000 by default) so that no
    /// file can exhaust memory; the rest is not checked.
    public static let tooManyEntries = DiagnosticID(
        "table.too-many-entries", .error, .files,
        rationale: "Reading stops at the entry limit (10,000,000 by default) so that no file can exhaust memory; the rest is not checked.",
        example: "a generated table with 20 million entries")
    /// `plist.expands-too-much` (error). A compiled property list whose entries share objects could describe
    /// far more text than it holds; past 8 times its size plus 16 MiB it is not read.
    public static let expandsTooMuch = DiagnosticID(
        "plist.expands-too-much", .error, .files,
        rationale:
            "A compiled property list whose entries share objects could describe far more text than it holds; past 8 times its size plus 16 MiB it is not read.",
        example: "a 1 MB bplist whose 100,000 keys all point at one 100 KB string")
    /// `strings.empty-file` (error). Foundation refuses a zero-byte file (or one that is only a byte order
    /// mark): the table does not exist on a device.
    public static let emptyFile = DiagnosticID(
        "strings.empty-file", .error, .files,
        rationale: "Foundation refuses a zero-byte file (or one that is only a byte order mark): the table does not exist on a device.",
        example: "an empty Localizable.strings", isAboutWholeFile: true)
    /// `strings.invalid-encoding` (error). Foundation rejects invalid UTF-8 and the whole table is empty on a
    /// device; a broken UTF-16 pair shows U+FFFD.
    public static let invalidEncoding = DiagnosticID(
        "strings.invalid-encoding", .error, .files,
        rationale: "Foundation rejects invalid UTF-8 and the whole table is empty on a device; a broken UTF-16 pair shows U+FFFD.",
        example: "a Latin-1 file saved as .strings")
    /// `strings.stray-final-bytes` (warning). A UTF-16 or UTF-32 file that ends in the middle of a character:
    /// Foundation ignores the stray bytes, but the file was probably cut short.
    public static let strayFinalBytes = DiagnosticID(
        "strings.stray-final-bytes", .warning, .files,
        rationale:
            "A UTF-16 or UTF-32 file that ends in the middle of a character: Foundation ignores the stray bytes, but the file was probably cut short.",
        example: "a UTF-16 file with an odd number of bytes")
    /// `strings.utf16-without-bom` (warning). Without a byte order mark Foundation drops the first character;
    /// here that is only whitespace, but the file is fragile.
    public static let utf16WithoutBOM = DiagnosticID(
        "strings.utf16-without-bom", .warning, .files,
        rationale: "Without a byte order mark Foundation drops the first character; here that is only whitespace, but the file is fragile.",
        example: "UTF-16LE starting with a newline, no BOM")
    /// `strings.utf16-without-bom-misread` (error). Without a byte order mark Foundation misreads UTF-16
    /// (little-endian, first character dropped): the table is empty on a device.
    public static let utf16WithoutBOMMisread = DiagnosticID(
        "strings.utf16-without-bom-misread", .error, .files,
        rationale: "Without a byte order mark Foundation misreads UTF-16 (little-endian, first character dropped): the table is empty on a device.",
        example: "UTF-16BE without BOM")
    // Syntax that CoreFoundation rejects (the whole table is empty on a device)
    /// `strings.missing-semicolon` (error). One missing ';' makes Foundation reject the whole file: every key
    /// of the language shows untranslated.
    public static let missingSemicolon = DiagnosticID(
        "strings.missing-semicolon", .error, .syntax,
        rationale: "One missing ';' makes Foundation reject the whole file: every key of the language shows untranslated.",
        example: "\"a\" = \"b\"\n\"c\" = \"d\";")
    /// `strings.expected-equals` (error). A key must be followed by '=' or ';'; Foundation rejects the file.
    public static let expectedEquals = DiagnosticID(
        "strings.expected-equals", .error, .syntax,
        rationale: "A key must be followed by '=' or ';'; Foundation rejects the file.",
        example: "\"a\" \"b\";")
    /// `strings.missing-value` (error). '=' must be followed by a value; Foundation rejects the file.
    public static let missingValue = DiagnosticID(
        "strings.missing-value", .error, .syntax,
        rationale: "'=' must be followed by a value; Foundation rejects the file.",
        example: "\"a\" = ;")
    /// `strings.unexpected-character` (error). A value must be quoted unless it is only A–Z a–z 0–9 _ $ / : .
    /// -; Foundation rejects the file.
    public static let unexpectedCharacter = DiagnosticID(
        "strings.unexpected-character", .error, .syntax,
        rationale: "A value must be quoted unless it is only A–Z a–z 0–9 _ $ / : . -; Foundation rejects the file.",
        example: "a = é;")
    /// `strings.unterminated-string` (error). An unclosed quote runs to the end of the file; Foundation
    /// rejects it.
    public static let unterminatedString = DiagnosticID(
        "strings.unterminated-string", .error, .syntax,
        rationale: "An unclosed quote runs to the end of the file; Foundation rejects it.",
        example: "\"a\" = \"b;")
    /// `strings.missing-closing-brace` (error). A table opened with `{` must close with `}`.
    public static let missingClosingBrace = DiagnosticID(
        "strings.missing-closing-brace", .error, .syntax,
        rationale: "A table opened with '{' must close with '}'.",
        example: "{ \"a\" = \"b\";")
    /// `strings.junk-after-table` (error). Text after the closing '}' makes Foundation reject the file.
    public static let junkAfterTable = DiagnosticID(
        "strings.junk-after-table", .error, .syntax,
        rationale: "Text after the closing '}' makes Foundation reject the file.",
        example: "{ \"a\" = \"b\"; } \"c\" = \"d\";")
    /// `strings.not-a-table` (error). The file holds one string, an array or data, not key/value entries.
    public static let notATable = DiagnosticID(
        "strings.not-a-table", .error, .syntax,
        rationale: "The file holds one string, an array or data, not key/value entries.",
        example: "\"hello\"")
    /// `strings.nesting-too-deep` (error). Deeper nesting than Foundation accepts.
    public static let nestingTooDeep = DiagnosticID(
        "strings.nesting-too-deep", .error, .syntax,
        rationale: "Deeper nesting than Foundation accepts.",
        example: "513 nested arrays")
    /// `strings.non-string-value` (error). An array, dictionary or data value cannot be shown.
    public static let nonStringValue = DiagnosticID(
        "strings.non-string-value", .error, .values,
        rationale: "An array, dictionary or data value cannot be shown.",
        example: "\"a\" = (\"x\", \"y\");")
    // What CoreFoundation drops without a word
    /// `strings.dropped-after-semicolon` (error). After ';' Foundation stops silently at anything that cannot
    /// start a key and drops the rest of the file.
    public static let droppedAfterSemicolon = DiagnosticID(
        "strings.dropped-after-semicolon", .error, .syntax,
        rationale: "After ';' Foundation stops silently at anything that cannot start a key and drops the rest of the file.",
        example: "\"a\" = \"b\";\n}\n\"c\" = \"d\";")
    /// `strings.unterminated-comment` (error). An unclosed `/*` swallows the rest of the file, entries
    /// included, without an error.
    public static let unterminatedComment = DiagnosticID(
        "strings.unterminated-comment", .error, .syntax,
        rationale: "An unclosed /* swallows the rest of the file, entries included, without an error.",
        example: "/* note\n\"a\" = \"b\";")
    /// `strings.unicode-whitespace` (error). U+00A0, U+FEFF and other Unicode spaces are not whitespace to
    /// the parser: the file is rejected or cut short.
    public static let unicodeWhitespace = DiagnosticID(
        "strings.unicode-whitespace", .error, .syntax,
        rationale: "U+00A0, U+FEFF and other Unicode spaces are not whitespace to the parser: the file is rejected or cut short.",
        example: "\"a\"\u{00A0}= \"b\";")
    // Values that decode differently from what the author meant
    /// `strings.lowercase-u-escape` (warning). `\u` is not an escape in .strings: the device shows u00e9.
    public static let lowercaseUEscape = DiagnosticID(
        "strings.lowercase-u-escape", .warning, .values,
        rationale: "\\u is not an escape in .strings: the device shows u00e9.",
        example: "\"k\" = \"caf\\u00e9\";")
    /// `strings.unknown-escape` (warning). An unknown escape drops the backslash: `\F` shows F, not a form
    /// feed.
    public static let unknownEscape = DiagnosticID(
        "strings.unknown-escape", .warning, .values,
        rationale: "An unknown escape drops the backslash: \\F shows F, not a form feed.",
        example: "\"k\" = \"a\\qb\";")
    /// `strings.octal-escape` (warning). Octal escapes decode through NeXTSTEP Latin: `\351` is Ø, not é.
    public static let octalEscape = DiagnosticID(
        "strings.octal-escape", .warning, .values,
        rationale: "Octal escapes decode through NeXTSTEP Latin: \\351 is Ø, not é.",
        example: "\"k\" = \"caf\\351\";")
    /// `strings.unpaired-surrogate-escape` (warning). A `\U` escape of half a surrogate pair, alone, decodes
    /// to U+FFFD: the device shows �.
    public static let unpairedSurrogateEscape = DiagnosticID(
        "strings.unpaired-surrogate-escape", .warning, .values,
        rationale: "A \\U escape of half a surrogate pair, alone, decodes to U+FFFD: the device shows �.",
        example: "\"k\" = \"\\UD800\";")
    /// `strings.duplicate-key` (warning). Of two different values for one key, a device silently uses
    /// the later (the first, in a compiled table).
    public static let duplicateKey = DiagnosticID(
        "strings.duplicate-key", .warning, .values,
        rationale: "Of two different values for one key, a device silently uses the later (the first, in a compiled table).",
        example: "\"a\" = \"one\";\n\"a\" = \"two\";")
    // Compiled property lists
    /// `plist.syntax` (error). A malformed XML property list is rejected whole; entities are never expanded.
    public static let propertyListSyntax = DiagnosticID(
        "plist.syntax", .error, .syntax,
        rationale: "A malformed XML property list is rejected whole; entities are never expanded.",
        example: "<strin>b</string>")
    /// `plist.ignored-content` (warning). Content after the root element, and entity declarations, are read
    /// past: nothing in them reaches the device.
    public static let propertyListIgnoredContent = DiagnosticID(
        "plist.ignored-content", .warning, .syntax,
        rationale:
            "Content after the root element, a DOCTYPE's internal subset and entity declarations, and entries of a compiled nested dictionary whose key is not a string, are read past: nothing in them reaches the device (and Foundation on Linux rejects an internal subset).",
        example: "<!ENTITY e \"text\"> in the DOCTYPE")
    /// `plist.binary-corrupt` (error). A corrupt compiled table is rejected whole.
    public static let binaryPropertyListCorrupt = DiagnosticID(
        "plist.binary-corrupt", .error, .syntax,
        rationale: "A corrupt compiled table is rejected whole.",
        example: "a truncated bplist00 file")
}

/// The consequence a first fatal syntax error has on a device, said once per file.
let rejectedFileConsequence =
    "Foundation rejects the whole file, so on a device every key of this table shows untranslated"
