/// Every diagnostic the toolkit reports, with its default severity, rationale and example:
/// what `render-alert lint --list-rules` prints and the README documents.
public enum RuleCatalog {
    /// The checks `Linter` runs over an app, each in its own file under `Rules/`.
    public static let lintRules: [any LintRule] = [
        MissingKeyRule(), StaleKeyRule(), EmptyValueRule(),
        IncompatibleSpecifiersRule(), MixedPositionsRule(), SkippedPositionRule(), PercentAccidentRule(), InvalidSpecifierRule(),
        PluralCoverageRule(), PluralUnusedCategoryRule(),
        PushSpecifierRule(), PushPluralRule(), PushNonASCIIPercentRule(), PushWrongTableRule(),
        PayloadKeyMissingRule(), PayloadArgumentCountRule(), PayloadSizeRule(),
    ]

    /// What the readers report while reading files (tables, dictionaries, catalogs, payloads).
    public static let readingRules: [RuleDescriptor] = [
        .init(.unreadableFile, .error, .files, rationale: "A file that cannot be read is not checked at all.", example: "a table without read permission", isAboutWholeFile: true),
        .init(.fileTooLarge, .error, .files, rationale: "Files over the reading limit are refused before they are read.", example: "a 3 GB .strings file", isAboutWholeFile: true),
        .init(.tooManyEntries, .error, .files, rationale: "Reading stops at the entry limit (10,000,000 by default) so that no file can exhaust memory; the rest is not checked.", example: "a generated table with 20 million entries"),
        .init(.expandsTooMuch, .error, .files, rationale: "A compiled property list whose entries share objects could describe far more text than it holds; past 8 times its size plus 16 MiB it is not read.", example: "a 1 MB bplist whose 100,000 keys all point at one 100 KB string"),
        .init(.emptyFile, .error, .files, rationale: "Foundation refuses a zero-byte file (or one that is only a byte order mark): the table does not exist on a device.", example: "an empty Localizable.strings", isAboutWholeFile: true),
        .init(.invalidEncoding, .error, .files, rationale: "Foundation rejects invalid UTF-8 and the whole table is empty on a device; a broken UTF-16 pair shows U+FFFD.", example: "a Latin-1 file saved as .strings"),
        .init(.utf16WithoutBOM, .warning, .files, rationale: "Without a byte order mark Foundation drops the first character; here that is only whitespace, but the file is fragile.", example: "UTF-16LE starting with a newline, no BOM"),
        .init(.utf16WithoutBOMMisread, .error, .files, rationale: "Without a byte order mark Foundation misreads UTF-16 (little-endian, first character dropped): the table is empty on a device.", example: "UTF-16BE without BOM"),
        .init(.missingSemicolon, .error, .syntax, rationale: "One missing ';' makes Foundation reject the whole file: every key of the language shows untranslated.", example: "\"a\" = \"b\"\n\"c\" = \"d\";"),
        .init(.expectedEquals, .error, .syntax, rationale: "A key must be followed by '=' or ';'; Foundation rejects the file.", example: "\"a\" \"b\";"),
        .init(.missingValue, .error, .syntax, rationale: "'=' must be followed by a value; Foundation rejects the file.", example: "\"a\" = ;"),
        .init(.unexpectedCharacter, .error, .syntax, rationale: "A value must be quoted unless it is only A–Z a–z 0–9 _ $ / : . -; Foundation rejects the file.", example: "a = é;"),
        .init(.unterminatedString, .error, .syntax, rationale: "An unclosed quote runs to the end of the file; Foundation rejects it.", example: "\"a\" = \"b;"),
        .init(.missingClosingBrace, .error, .syntax, rationale: "A table opened with '{' must close with '}'.", example: "{ \"a\" = \"b\";"),
        .init(.junkAfterTable, .error, .syntax, rationale: "Text after the closing '}' makes Foundation reject the file.", example: "{ \"a\" = \"b\"; } \"c\" = \"d\";"),
        .init(.notATable, .error, .syntax, rationale: "The file holds one string, an array or data, not key/value entries.", example: "\"hello\""),
        .init(.nestingTooDeep, .error, .syntax, rationale: "Deeper nesting than Foundation accepts.", example: "513 nested arrays"),
        .init(.nonStringValue, .error, .values, rationale: "An array, dictionary or data value cannot be shown.", example: "\"a\" = (\"x\", \"y\");"),
        .init(.droppedAfterSemicolon, .error, .syntax, rationale: "After ';' Foundation stops silently at anything that cannot start a key and drops the rest of the file.", example: "\"a\" = \"b\";\n}\n\"c\" = \"d\";"),
        .init(.unterminatedComment, .error, .syntax, rationale: "An unclosed /* swallows the rest of the file, entries included, without an error.", example: "/* note\n\"a\" = \"b\";"),
        .init(.unicodeWhitespace, .error, .syntax, rationale: "U+00A0, U+FEFF and other Unicode spaces are not whitespace to the parser: the file is rejected or cut short.", example: "\"a\"\u{00A0}= \"b\";"),
        .init(.lowercaseUEscape, .warning, .values, rationale: "\\u is not an escape in .strings: the device shows u00e9.", example: "\"k\" = \"caf\\u00e9\";"),
        .init(.unknownEscape, .warning, .values, rationale: "An unknown escape drops the backslash: \\F shows F, not a form feed.", example: "\"k\" = \"a\\qb\";"),
        .init(.unpairedSurrogateEscape, .warning, .values, rationale: "A \\U escape of half a surrogate pair, alone, decodes to U+FFFD: the device shows �.", example: "\"k\" = \"\\UD800\";"),
        .init(.octalEscape, .warning, .values, rationale: "Octal escapes decode through NeXTSTEP Latin: \\351 is Ø, not é.", example: "\"k\" = \"caf\\351\";"),
        .init(.duplicateKey, .warning, .values, rationale: "The later of two different values wins silently on a device.", example: "\"a\" = \"one\";\n\"a\" = \"two\";"),
        .init(.propertyListSyntax, .error, .syntax, rationale: "A malformed XML property list is rejected whole; entities are never expanded.", example: "<strin>b</string>"),
        .init(.binaryPropertyListCorrupt, .error, .syntax, rationale: "A corrupt compiled table is rejected whole.", example: "a truncated bplist00 file"),
        .init(.jsonSyntax, .error, .syntax, rationale: "A payload or catalog that is not JSON cannot be used.", example: "{\"aps\": }"),
        .init(.jsonDuplicateKey, .warning, .values, rationale: "JSON readers keep the last of two equal keys.", example: "{\"aps\":{…},\"aps\":{…}}"),
        .init(.stringsdictNotADictionary, .error, .syntax, rationale: "A stringsdict entry must be a rule dictionary or a string.", example: "<key>k</key><integer>3</integer>"),
        .init(.stringsdictMissingFormatKey, .error, .plurals, rationale: "Without NSStringLocalizedFormatKey there is no format to show.", example: "a rule dictionary with variables only"),
        .init(.stringsdictUndefinedVariable, .error, .plurals, rationale: "A %#@name@ without its dictionary shows nothing for it.", example: "%#@count@ and no \"count\" dictionary"),
        .init(.stringsdictUnusedVariable, .warning, .plurals, rationale: "A variable no format uses is never shown.", example: "a \"files\" dictionary, format %#@count@"),
        .init(.stringsdictUnknownRuleType, .error, .plurals, rationale: "Only plural, device and width rules exist.", example: "NSStringFormatSpecTypeKey NSStringGenderRuleType"),
        .init(.stringsdictMissingOther, .error, .plurals, rationale: "Every missing form falls back to other; without it there is nothing to show.", example: "one only"),
        .init(.stringsdictUnknownCategory, .warning, .plurals, rationale: "Forms other than zero one two few many other (or devices) are never used.", example: "<key>several</key>"),
        .init(.stringsdictMissingValueType, .warning, .plurals, rationale: "The value type says how to read the number.", example: "no NSStringFormatValueTypeKey"),
        .init(.catalogStructure, .error, .syntax, rationale: "The catalog does not have the structure Xcode writes.", example: "a stringUnit without value"),
        .init(.catalogDuplicateKey, .error, .values, rationale: "Foundation's decoders keep one of two equal JSON keys silently: a translation is lost.", example: "\"a\" twice in \"strings\""),
        .init(.catalogUnknownVersion, .warning, .files, rationale: "A newer catalog version may hold things read differently.", example: "\"version\": \"2.0\""),
        .init(.catalogUntranslated, .warning, .values, rationale: "new, needs_review and stale strings ship as they are.", example: "\"state\": \"needs_review\""),
        .init(.catalogStale, .warning, .values, rationale: "A key Xcode no longer finds in code is still compiled in; often a renamed key.", example: "\"extractionState\": \"stale\""),
        .init(.catalogNotTranslatable, .note, .values, rationale: "shouldTranslate: false keys exist in the source language only.", example: "\"shouldTranslate\": false"),
        .init(.catalogMissingOther, .error, .plurals, rationale: "A plural variation without other has nothing to fall back to.", example: "plural with one only"),
        .init(.catalogUnknownCategory, .warning, .plurals, rationale: "Unknown plural categories or devices are never used.", example: "\"several\""),
        .init(.catalogUndefinedSubstitution, .error, .plurals, rationale: "A %#@name@ without a substitution shows nothing for it.", example: "\"%#@n@\" and no substitution n"),
        .init(.catalogUnusedSubstitution, .warning, .plurals, rationale: "A substitution the text never uses is never shown.", example: "substitution \"m\" not in the text"),
        .init(.payloadNotAnObject, .error, .payloads, rationale: "A payload is a JSON object.", example: "[1, 2]"),
        .init(.payloadMissingAPS, .error, .payloads, rationale: "Without aps the device shows nothing.", example: "{\"alert\": \"hi\"}"),
        .init(.payloadTypeMismatch, .error, .payloads, rationale: "A value of the wrong type counts as absent on the device.", example: "\"badge\": \"3\""),
        .init(.payloadUnknownAPSKey, .warning, .payloads, rationale: "Unknown aps keys are ignored; custom data belongs beside aps.", example: "\"aps\": {\"userId\": 7}"),
        .init(.payloadLocArgumentType, .warning, .payloads, rationale: "Numbers print in plain decimal form, booleans as 1/0, and null, objects and arrays as nothing.", example: "\"loc-args\": [3, null]"),
        .init(.payloadLocArgumentsWithoutKey, .warning, .payloads, rationale: "*-loc-args are used only with a *-loc-key.", example: "loc-args without loc-key"),
        .init(.payloadValueOutOfRange, .warning, .payloads, rationale: "Out-of-range values are clamped or ignored.", example: "\"relevance-score\": 2"),
        .init(.payloadEmptyAlert, .warning, .payloads, rationale: "An empty alert string shows nothing.", example: "\"alert\": \"\""),
        .init(.payloadSimulatorTarget, .note, .payloads, rationale: "Xcode's .apns key, not sent by APNs.", example: "\"Simulator Target Bundle\""),
        .init(.payloadDeprecatedKey, .note, .payloads, rationale: "Keys with no visible effect on current iOS.", example: "\"action-loc-key\""),
        .init(.payloadTooManyArguments, .error, .payloads, rationale: "More than 1,000 loc-args cannot be meant (a 4 KB payload holds about as many empty ones); the rest are not read.", example: "\"loc-args\": [1,500 values]"),
        .init(.payloadTooLarge, .error, .payloads, rationale: "APNs rejects payloads over 4,096 bytes (413).", example: "a 5 KB payload"),
        .init(.renderBodyWithLocKey, .warning, .payloads, rationale: "loc-key wins when it resolves; body is only its fallback (older iOS preferred body).", example: "{\"body\": \"Hi\", \"loc-key\": \"greeting\"}"),
    ]

    /// What rendering reports (render-alert preview and localize); lint has rules for each.
    public static let renderingRules: [RuleDescriptor] = [
        .init(.renderMissingKey, .error, .push, rationale: "No per-key fallback: the device shows the raw text or the key.", example: "a key missing from fr.lproj"),
        .init(.renderTooFewArguments, .error, .push, rationale: "A placeholder without argument shows <null>.", example: "\"%1$@ %2$@\" with one argument"),
        .init(.renderExtraArguments, .warning, .push, rationale: "Arguments beyond the placeholders are ignored.", example: "\"Hello\" with [\"Ana\"]"),
        .init(.renderDroppedSpecifier, .error, .push, rationale: "The device drops every specifier but %@, %n$@ and %%.", example: "\"%d new\" shows \" new\""),
        .init(.renderPluralVariable, .error, .push, rationale: "Plurals never resolve in a push: @count@ shows.", example: "%#@count@"),
        .init(.renderPercentBeforeNonASCII, .error, .push, rationale: "The text cannot be built; the key shows.", example: "\"50%ü\""),
        .init(.renderUnformattedPlaceholder, .error, .push, rationale: "Without loc-args the format shows verbatim, %@ included.", example: "loc-key with placeholders, no loc-args"),
        .init(.renderEmptyResult, .error, .push, rationale: "An empty result shows the key.", example: "\"k\" = \"\";"),
        .init(.renderNoLocalizableTable, .error, .push, rationale: "No localization has a Localizable table: every key shows untranslated.", example: "an app with InfoPlist.strings only", isAboutWholeFile: true),
        .init(.renderUnreadableTable, .error, .push, rationale: "The chosen Localizable table does not parse: it is empty on the device.", example: "a table with a missing ';'"),
        .init(.localizeFormatProblem, .warning, .formats, rationale: "Server-side formatting could not do what the format asked.", example: "%d with the argument \"Ana\""),
    ]

    /// Every descriptor, lint rules first.
    public static var all: [RuleDescriptor] {
        lintRules.map { type(of: $0).descriptor } + readingRules + renderingRules
    }

    public static func descriptor(for id: DiagnosticID) -> RuleDescriptor? {
        byID[id]
    }

    private static let byID: [DiagnosticID: RuleDescriptor] = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
}
