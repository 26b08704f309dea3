import Testing

@testable import LocalizedAlerts

@Suite("Strings file parser")
struct StringsFileParserTests {
    func parse(_ text: String) -> LocalizationTable {
        LocalizationTable(parsing: Array(text.utf8), file: "test.strings")
    }

    @Test func readsEntriesCommentsAndLocations() {
        let marked = MarkedText(
            """
            /* Greeting on the home screen */
            1️⃣"greeting" = 2️⃣"Hello, %@!";
            // Shown in a push
            3️⃣push.body = 4️⃣"You have mail";
            5️⃣"only";
            """)
        let table = parse(marked.text)
        #expect(table.diagnostics.isEmpty)
        #expect(table.isReadableOnDevice)
        #expect(table.count == 3)
        let entries = Array(table.entries)
        #expect(entries.map(\.key) == ["greeting", "push.body", "only"])
        #expect(entries[0].value == "Hello, %@!")
        #expect(entries[0].comment == "Greeting on the home screen")
        #expect(entries[1].comment == "Shown in a push")
        #expect(entries[2].value == "only")
        #expect(entries[0].location.position == marked.location("1️⃣"))
        #expect(entries[0].valueLocation.position == marked.location("2️⃣"))
        #expect(entries[1].location.position == marked.location("3️⃣"))
        #expect(entries[1].valueLocation.position == marked.location("4️⃣"))
        #expect(entries[2].location.position == marked.location("5️⃣"))
        #expect(entries[0].location.file == "test.strings")
    }

    @Test func columnsCountScalarsNotBytes() {
        let marked = MarkedText("\"é😀\" = \"x\"; 1️⃣\"k\" = \"v\";")
        let table = parse(marked.text)
        let entry = table.entries[1]
        #expect(entry.location.position == marked.location("1️⃣"))
    }

    /// The reader keeps byte offsets and locates an entry when it is asked for: the same line and
    /// column in any order of asking, over every line ending CoreFoundation knows, for the
    /// entries, the effective values the model reads, and duplicate-key findings.
    @Test func entriesAreLocatedInAnyOrderAcrossLineEndings() {
        let marked = MarkedText(
            "1️⃣\"a\" = 2️⃣\"x\";\r\n/* é * 🎉 */ 3️⃣\"b\" =\r4️⃣\"é🎉\";\n\u{2028}5️⃣\"c\";\r\r\n\t6️⃣\"a\" = 7️⃣\"y\";\n")
        let table = parse(marked.text)
        let expected = [("1️⃣", "2️⃣"), ("3️⃣", "4️⃣"), ("5️⃣", "5️⃣"), ("6️⃣", "7️⃣")].map {
            (marked.location($0.0), marked.location($0.1))
        }
        #expect(table.entries.map(\.key) == ["a", "b", "c", "a"])
        for index in [3, 0, 2, 1, 3, 1] {
            let entry = table.entries[index]
            #expect(entry.location.position == expected[index].0, "entry \(index)")
            #expect(entry.valueLocation.position == expected[index].1, "entry \(index)")
            #expect(entry.location.file == "test.strings")
        }
        var effective: [String: Position] = [:]
        table.forEachEffectiveValue { key, _, location in effective[key] = location.position }
        #expect(effective == ["a": expected[3].1, "b": expected[1].1, "c": expected[2].1])
        let duplicate = table.diagnostics.first { $0.id == .duplicateKey }
        #expect(duplicate?.position == expected[3].0)
        #expect(duplicate?.notes.first?.location.position == expected[0].0)
    }

    /// The same without a `\r` (line ends found with memchr) and as UTF-16 with a byte order
    /// mark (offsets into the decoded text).
    @Test(arguments: [false, true])
    func entriesAreLocatedWithNewlinesOnlyInEveryEncoding(utf16: Bool) {
        let marked = MarkedText("// é\n1️⃣\"a\" = 2️⃣\"x\";\n\n  /* 🎉 */ 3️⃣\"b\" =\n\t4️⃣\"é🎉\";\n")
        let bytes = utf16 ? [0xFF, 0xFE] + marked.text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } : Array(marked.text.utf8)
        let table = LocalizationTable(parsing: bytes, file: "test.strings")
        #expect(table.format == .text(utf16 ? .utf16LittleEndianWithBOM : .utf8))
        #expect(table.entries[1].location.position == marked.location("3️⃣"))
        #expect(table.entries[1].valueLocation.position == marked.location("4️⃣"))
        #expect(table.entries[0].location.position == marked.location("1️⃣"))
        #expect(table.entries[0].valueLocation.position == marked.location("2️⃣"))
    }

    @Test func duplicateKeysAreAllKeptAndTheLastWins() {
        let marked = MarkedText("1️⃣\"a\" = \"first\";\n2️⃣\"a\" = \"second\";\n\"b\" = \"x\";\n\"b\" = \"x\";\n")
        let table = parse(marked.text)
        #expect(table.entries.count == 4)
        #expect(table["a"] == "second")
        #expect(table.count == 2)
        #expect(table.keys == ["a", "b"])
        let duplicates = table.diagnostics.filter { $0.id == .duplicateKey }
        #expect(duplicates.count == 1, "same value twice is not reported")
        #expect(duplicates.first?.position == marked.location("2️⃣"))
        #expect(duplicates.first?.severity == .warning)
        #expect(duplicates.first?.notes.first?.location.position == marked.location("1️⃣"))
    }

    @Test func missingSemicolonRejectsTheWholeFileAtTheExactPosition() {
        let marked = MarkedText("\"a\" = \"b\";\n\"c\" = \"d\"1️⃣\n\"e\" = \"f\";\n")
        let table = parse(marked.text)
        #expect(!table.isReadableOnDevice)
        #expect(table["a"] == nil, "a rejected table is empty on a device")
        #expect(table.entries.map(\.key) == ["a", "c", "e"], "every entry is still kept")
        #expect(table.entries.allSatisfy { !$0.isReadByDevice })
        let errors = table.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.id) == [.missingSemicolon])
        #expect(errors.first?.position == marked.location("1️⃣"))
        #expect(errors.first?.message.contains("rejects the whole file") == true)
    }

    @Test func recoveryReportsEveryMissingSemicolon() {
        let table = parse("\"a\" = \"b\"\n\"c\" = \"d\"\n\"e\" = \"f\";\n")
        #expect(table.diagnostics.filter { $0.id == .missingSemicolon }.map(\.location.line) == [1, 2])
        #expect(table.entries.map(\.key) == ["a", "c", "e"])
    }

    @Test(arguments: [
        ("\"a\" = \"b\";\n1️⃣}\n\"c\" = \"d\";\n", DiagnosticID.droppedAfterSemicolon),
        ("\"a\" = \"b\";\n1️⃣= \"x\";\n\"c\" = \"d\";\n", .droppedAfterSemicolon),
        ("\"a\" = \"b\";1️⃣;\n\"c\" = \"d\";\n", .droppedAfterSemicolon),
        ("\"a\" = \"b\";\n1️⃣# comment\n\"c\" = \"d\";\n", .droppedAfterSemicolon),
        ("\"a\" = \"b\";\n1️⃣\"c = \n", .droppedAfterSemicolon),
        ("\"a\" = \"b\";\n1️⃣\u{00A0}\"c\" = \"d\";\n", .unicodeWhitespace),
        ("\"a\" = \"b\";1️⃣\u{FEFF}\"c\" = \"d\";\n", .unicodeWhitespace),
    ])
    func silentTruncationIsAnErrorAtTheFirstDroppedByte(input: String, id: DiagnosticID) {
        let marked = MarkedText(input)
        let table = parse(marked.text)
        #expect(table.isReadableOnDevice, "Foundation accepts the file")
        #expect(table.dictionary == ["a": "b"], "and keeps only what comes before")
        let diagnostic = table.diagnostics.first { $0.severity == .error }
        #expect(diagnostic?.id == id)
        #expect(diagnostic?.position == marked.location("1️⃣"))
        #expect(diagnostic?.message.contains("silently") == true)
    }

    @Test func droppedEntriesAreKeptAndCounted() {
        let table = parse("\"a\" = \"b\";\n}\n\"c\" = \"d\";\n\"e\" = \"f\";\n")
        #expect(table.entries.map(\.key) == ["a", "c", "e"])
        #expect(table.entries.map(\.isReadByDevice) == [true, false, false])
        #expect(table.diagnostics.first?.message.contains("2 entries never reach the device") == true)
    }

    /// Found by an audit: entries after a NUL on the same line were neither listed nor counted.
    @Test func entriesAfterJunkOnTheSameLineAreKeptAndCounted() {
        let marked = MarkedText("\"a\" = \"b\";1️⃣\u{0}2️⃣\"c\" = \"d\"; }}} \"e\" = \"f\";\n")
        let table = parse(marked.text)
        #expect(table.dictionary == ["a": "b"])
        #expect(table.entries.map(\.key) == ["a", "c", "e"])
        #expect(table.entries.map(\.isReadByDevice) == [true, false, false])
        #expect(table.entries[1].location.position == marked.location("2️⃣"))
        let stop = table.diagnostics.first
        #expect(stop?.position == marked.location("1️⃣"))
        #expect(stop?.message.hasSuffix("(2 entries never reach the device)") == true)
    }

    /// An unclosed comment swallows the rest of the file on a device; the entries in it are
    /// listed (never read by the device) and counted, and its own words are not entries.
    @Test func unterminatedCommentIsReportedWithTheEntriesItSwallows() {
        let marked = MarkedText("\"a\" = \"b\";\n1️⃣/* note about\nthe next ones\n2️⃣\"c\" = \"d\";\n\"e\" = \"f\";\n")
        let table = parse(marked.text)
        #expect(table.dictionary == ["a": "b"])
        #expect(table.isReadableOnDevice)
        #expect(table.entries.map(\.key) == ["a", "c", "e"])
        #expect(table.entries.map(\.isReadByDevice) == [true, false, false])
        #expect(table.entries[1].location.position == marked.location("2️⃣"))
        #expect(table.diagnostics.map(\.id) == [.unterminatedComment], "nothing in the comment is reported")
        let diagnostic = table.diagnostics.first
        #expect(diagnostic?.position == marked.location("1️⃣"))
        #expect(diagnostic?.message.contains("entries included") == true)
        #expect(diagnostic?.message.hasSuffix("(2 entries never reach the device)") == true)
    }

    /// A block comment closes at its first `*/`, wherever the stars before it fall: a lone `*`,
    /// `**/`, a `*` right before the end of the file, `/*/` (not closed by its own star).
    @Test(arguments: [
        ("/* a * b */\"k\" = \"v\";", true),
        ("/***/\"k\" = \"v\";", true),
        ("/* x **/\"k\" = \"v\";", true),
        ("/*/ still open */\"k\" = \"v\";", true),
        ("/* 🎉 * é */\n\"k\" = \"v\";", true),
        ("/* a */\"k\" = \"v\"; /* b */", true),
        ("\"k\" = \"v\";/* open *", false),
        ("\"k\" = \"v\";/*/", false),
    ])
    func blockCommentsCloseAtTheFirstStarSlash(text: String, closedBeforeEntry: Bool) {
        let table = parse(text)
        #expect(table.dictionary == ["k": "v"], "\(text)")
        let unterminated = table.diagnostics.contains { $0.id == .unterminatedComment }
        if closedBeforeEntry {
            #expect(table.diagnostics.isEmpty, "\(text)")
        } else {
            #expect(unterminated, "\(text)")
        }
    }

    @Test func nbspBeforeEqualsIsNamed() {
        let marked = MarkedText("\"a\"1️⃣\u{00A0}= \"b\";")
        let table = parse(marked.text)
        #expect(!table.isReadableOnDevice)
        let diagnostic = table.diagnostics.first
        #expect(diagnostic?.id == .unicodeWhitespace)
        #expect(diagnostic?.message.contains("NO-BREAK SPACE") == true)
        #expect(diagnostic?.position == marked.location("1️⃣"))
        #expect(table.entries.first?.value == "b", "recovery treats it as the space that was meant")
    }

    @Test func escapesDecodeLikeFoundation() {
        let table = parse(#""k" = "\n\t\r\"\\\a\b\f\v|\U00e9|\UD83D\UDE00|\U41|\351|\101|\0012|\q|\'|\%|\u00e9";"#)
        #expect(table["k"] == "\n\t\r\"\\\u{07}\u{08}\u{0C}\u{0B}|é|😀|A|Ø|A|\u{01}2|q|'|%|u00e9")
        let ids = table.diagnostics.map(\.id)
        #expect(ids.contains(.lowercaseUEscape))
        #expect(ids.contains(.unknownEscape))
        #expect(ids.contains(.octalEscape))
        #expect(!table.diagnostics.containsErrors)
    }

    /// Found by an audit: these became U+FFFD silently; each half alone is now reported.
    @Test func loneSurrogateEscapesBecomeReplacementCharacters() {
        let marked = MarkedText(#""k" = "1️⃣\UD83Dx"; "l" = "2️⃣\UDE003️⃣\UD83D"; "m" = "\UD83D\UDE00";"#)
        let table = parse(marked.text)
        #expect(table["k"] == "\u{FFFD}x")
        #expect(table["l"] == "\u{FFFD}\u{FFFD}")
        #expect(table["m"] == "😀")
        let reported = table.diagnostics.filter { $0.id == .unpairedSurrogateEscape }
        #expect(reported.map(\.position) == [marked.location("1️⃣"), marked.location("2️⃣"), marked.location("3️⃣")])
        #expect(reported.allSatisfy { $0.severity == .warning && $0.message.contains("U+FFFD") })
        #expect(reported.first?.message.hasPrefix("\\UD83D is half of a surrogate pair") == true)
        #expect(parse(#""k" = "\U";"#)["k"] == "\u{0}")
        #expect(parse(#""k" = "\U12345";"#)["k"] == "\u{1234}5")
    }

    @Test func backslashNewlineAndRawNewlinesAreKept() {
        #expect(parse("\"k\" = \"a\\\nb\";")["k"] == "a\nb")
        #expect(parse("\"k\" = \"a\r\nb\";")["k"] == "a\r\nb")
    }

    @Test func unquotedTokensAndShorthand() {
        let table = parse("key.with-dots/and:colons$_ = v_1.0;\nalone;\na = http://x;")
        #expect(table.dictionary == ["key.with-dots/and:colons$_": "v_1.0", "alone": "alone", "a": "http://x"])
    }

    @Test func bracesAroundTheTable() {
        #expect(parse("{ \"a\" = \"b\"; }").dictionary == ["a": "b"])
        let junk = parse("{ \"a\" = \"b\"; }\n\"c\" = \"d\";")
        #expect(!junk.isReadableOnDevice)
        #expect(junk.diagnostics.first?.id == .junkAfterTable)
        let unclosed = parse("{ \"a\" = \"b\";")
        #expect(unclosed.diagnostics.first?.id == .missingClosingBrace)
    }

    @Test func singleStringAndArraysAreNotTables() {
        #expect(parse("\"hello\"").diagnostics.first?.id == .notATable)
        #expect(parse("(\"a\", \"b\")").diagnostics.first?.id == .notATable)
    }

    @Test func nonStringValuesAreErrorsButKept() {
        let table = parse("\"arr\" = (\"x\", \"y\",);\n\"dict\" = { \"k\" = \"v\"; };\n\"data\" = <0fbd 77>;\n\"s\" = \"t\";")
        #expect(table.entries.map(\.valueKind) == [.array, .dictionary, .data, .string])
        #expect(table.dictionary == ["s": "t"])
        #expect(table.diagnostics.filter { $0.id == .nonStringValue }.count == 3)
    }

    @Test func lineNumbersCountCRAndCRLF() {
        let table = parse("\"a\" = \"b\";\r\"c\" = \"d\";\r\n\"e\" = \"f\";\n\"g\" = \"h\";")
        #expect(table.entries.map(\.location.line) == [1, 2, 3, 4])
    }

    @Test func whitespaceIncludesLineAndParagraphSeparators() {
        #expect(parse("\"a\"\u{2028}=\u{2029}\"b\";").dictionary == ["a": "b"])
    }

    @Test func emptyAndBlankFiles() {
        let empty = LocalizationTable(parsing: [], file: "e.strings")
        #expect(empty.diagnostics.map(\.id) == [.emptyFile])
        #expect(!empty.isReadableOnDevice)
        let blank = parse(" \n\t/* nothing */\n")
        #expect(blank.diagnostics.isEmpty)
        #expect(blank.isReadableOnDevice && blank.count == 0)
        let bomOnly = LocalizationTable(parsing: [0xEF, 0xBB, 0xBF])
        #expect(!bomOnly.isReadableOnDevice, "Foundation fails on an empty string")
        #expect(bomOnly.diagnostics.map(\.id) == [.emptyFile])
    }

    @Test func keysCompareByBytesLikeCoreFoundation() {
        // "é" precomposed and decomposed are different keys on a device.
        let table = parse("\"\u{E9}\" = \"precomposed\";\n\"e\u{301}\" = \"decomposed\";")
        #expect(table.count == 2)
        #expect(table["\u{E9}"] == "precomposed")
        #expect(table["e\u{301}"] == "decomposed")
        #expect(table.diagnostics.isEmpty)
    }

    @Test func invalidUTF8IsLocated() {
        let bytes = Array("\"a\" = \"b\";\n\"k\" = \"Gr".utf8) + [0xFC, 0xDF] + Array("e\";".utf8)
        let table = LocalizationTable(parsing: bytes)
        #expect(!table.isReadableOnDevice)
        let diagnostic = table.diagnostics.first { $0.id == .invalidEncoding }
        #expect(diagnostic?.position == Position(2, 10))
        #expect(diagnostic?.message.contains("2 invalid bytes") == true)
        #expect(table.entries.count == 2, "entries are still read, with U+FFFD for the bad bytes")
    }

    @Test func utf16WithoutBOMIsDecodedWithAWarning() {
        func utf16(_ s: String, littleEndian: Bool) -> [UInt8] {
            s.utf16.flatMap { unit in littleEndian ? [UInt8(unit & 0xFF), UInt8(unit >> 8)] : [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        }
        for littleEndian in [true, false] {
            let table = LocalizationTable(parsing: utf16("\"greeting\" = \"Grüße 😀\";", littleEndian: littleEndian))
            #expect(table.format == .text(littleEndian ? .utf16LittleEndianWithoutBOM : .utf16BigEndianWithoutBOM))
            #expect(table.entries.first?.value == "Grüße 😀")
            #expect(table.diagnostics.map(\.id) == [.utf16WithoutBOMMisread])
            #expect(table.diagnostics.first?.severity == .error)
            #expect(!table.isReadableOnDevice, "Foundation mangles the first character")
        }
        // Little-endian starting with whitespace: Foundation only drops that whitespace.
        let readable = LocalizationTable(parsing: utf16("\n\"a\" = \"b\";", littleEndian: true))
        #expect(readable.isReadableOnDevice)
        #expect(readable.dictionary == ["a": "b"])
        #expect(readable.diagnostics.map(\.id) == [.utf16WithoutBOM])
        #expect(readable.diagnostics.first?.severity == .warning)
    }

    @Test func printerRoundTrips() {
        let source = """
            /* A comment with "quotes" */
            "a\\"b" = "line1\\nline2\\t\\U0001é😀";
            // first
            // second */ tricky
            "k" = "v";
            "arr" = ("x", "y");
            "" = "";
            """
        let table = parse(source)
        let printed = StringsFilePrinter.print(table.entries)
        let reparsed = parse(printed)
        #expect(
            Array(reparsed.entries).map { [$0.key, $0.value, $0.comment ?? "", $0.valueKind.rawValue] }
                == Array(table.entries).map { [$0.key, $0.value, $0.comment ?? "", $0.valueKind.rawValue] })
    }
}
