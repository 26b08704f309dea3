import Foundation
import Testing

@testable import LocalizedAlerts

#if canImport(Glibc)
import Glibc
#endif

/// Every resource a hostile file could take is bounded, and each bound is a clear, located
/// error rather than a crash, a hang or silently missing data. Cases the fuzzers found are
/// kept here as regression tests.
@Suite("Resource limits and hostile input")
struct ResourceLimitTests {
    // MARK: Files and entries

    @Test func filesOverTheSizeLimitAreRefusedUnread() throws {
        let directory = try TemporaryDirectory()
        try directory.write("big.strings", String(repeating: "\"k\" = \"v\";\n", count: 200))
        let limits = ReadingLimits(maximumFileSize: 1_000)
        let table = try LocalizationTable(contentsOfFile: directory.path + "/big.strings", limits: limits)
        #expect(table.count == 0)
        #expect(table.diagnostics.map(\.id) == [.fileTooLarge])
        #expect(table.diagnostics.first?.message.contains("over the reading limit of 1000 bytes") == true)
        #expect(table.diagnostics.first?.location == SourceLocation(file: directory.path + "/big.strings", line: 1, column: 1))
    }

    @Test func readingStopsAtTheEntryLimitAndSaysWhere() {
        let limits = ReadingLimits(maximumEntryCount: 10)
        let text = (1...20).map { "\"key\($0)\" = \"value\";" }.joined(separator: "\n")
        let table = LocalizationTable(parsing: Array(text.utf8), file: "many.strings", limits: limits)
        #expect(table.count == 10)
        let stop = table.diagnostics.first { $0.id == .tooManyEntries }
        #expect(stop?.severity == .error)
        #expect(stop?.location.position == Position(11, 1), "at the first entry not read")

        let xml = "<plist><dict>" + (1...20).map { "<key>k\($0)</key><string>v</string>" }.joined() + "</dict></plist>"
        let fromXML = LocalizationTable(parsing: Array(xml.utf8), file: "many.plist", limits: limits)
        #expect(fromXML.count == 10)
        #expect(fromXML.diagnostics.contains { $0.id == .tooManyEntries })

        let binary = try! PropertyListSerialization.data(
            fromPropertyList: Dictionary(uniqueKeysWithValues: (1...20).map { ("k\($0)", "v") }), format: .binary, options: 0)
        let fromBinary = LocalizationTable(parsing: [UInt8](binary), file: "many.bplist", limits: limits)
        #expect(fromBinary.count <= 10)
        #expect(fromBinary.diagnostics.containsErrors)
    }

    /// A text table's line index is made only when a location needs it (a walk back), and from
    /// then on it is part of what the table keeps.
    @Test func aTablesLineIndexCountsInItsFootprint() {
        let lines = 10_000
        let text = (1...lines).map { "\"k\($0)\" = \"v\";" }.joined(separator: "\n")
        let table = LocalizationTable(parsing: Array(text.utf8), file: "lines.strings")
        let before = table.memoryFootprint
        #expect(table.entries[lines - 1].location.line == lines)
        #expect(table.memoryFootprint == before, "a walk forward keeps no index")
        #expect(table.entries[0].location.line == 1)
        #expect(table.memoryFootprint >= before + lines * MemoryLayout<Int>.stride, "\(before) -> \(table.memoryFootprint)")
    }

    /// A compiled table whose 2,000 keys all point at one 2 KB string object (as a writer that
    /// uniques strings produces): the string is stored once, as Foundation shares the object.
    @Test func sharedObjectsInBinaryTablesAreStoredOnce() throws {
        let value = String(repeating: "x", count: 2_000)
        let keys = (1...2_000).map { "key\($0)" }
        let data = BinaryPropertyListBuilder.table(keys: keys, sharedValue: value)
        let table = LocalizationTable(parsing: data, file: "shared.strings")
        #expect(table.count == 2_000)
        #expect(table["key1234"] == value)
        #expect(table.diagnostics.isEmpty)
        #expect(table.memoryFootprint < 4 * data.count, "\(table.memoryFootprint) bytes for a \(data.count)-byte file")
        // Foundation reads the same file to the same table.
        let foundation = try PropertyListSerialization.propertyList(from: Data(data), format: nil) as? [String: String]
        #expect(foundation == table.dictionary)
        // The general reader (used when a value is not a string) shares them too.
        let mixed = BinaryPropertyListBuilder.table(keys: keys, sharedValue: value, extraInteger: true)
        let mixedTable = LocalizationTable(parsing: mixed, file: "mixed.strings")
        #expect(mixedTable.count == 2_000)
        #expect(mixedTable.memoryFootprint < 4 * mixed.count)
    }

    /// Found by an audit: 120 KB of keys sharing one 60 KB value (or one 60 KB key) was copied
    /// per entry by every reader of the table, 1.6 GB and more. What the entries expand to is
    /// bounded (8 times the file plus 16 MiB); past it the file is refused, located, at once.
    @Test func compiledTablesThatExpandTooMuchAreRefused() {
        let big = String(repeating: "v", count: 60_000)
        let keys = (1...4_000).map { "k\($0)" }
        for (name, data) in [
            ("shared value", BinaryPropertyListBuilder.table(keys: keys, sharedValue: big)),
            ("shared key", BinaryPropertyListBuilder.table(keys: [big] + keys, sharedValue: "v", sharedKey: true)),
            ("general reader", BinaryPropertyListBuilder.table(keys: keys, sharedValue: big, extraInteger: true)),
        ] {
            #expect(data.count < 140_000, "\(name)")
            let clock = ContinuousClock()
            var table: LocalizationTable!
            let elapsed = clock.measure { table = LocalizationTable(parsing: data, file: "amplified.strings") }
            #expect(elapsed < .seconds(2), "\(name): \(elapsed)")
            let refusal = table.diagnostics.first { $0.id == .expandsTooMuch }
            #expect(refusal?.severity == .error, "\(name)")
            #expect(refusal?.location.file == "amplified.strings" && refusal!.location.column > 1, "\(name)")
            #expect(table.count == 0 && table.entries.isEmpty, "\(name)")
            #expect(table.memoryFootprint < data.count, "\(name)")
        }
    }

    /// Found by the fuzz smoke: a UTF-16 value shared by every key was charged two bytes per
    /// unit by the general reader and one (its UTF-8) by the .strings fast path, so a file just
    /// under the budget in UTF-8 was a table to one and refused by the other. Both charge UTF-8.
    @Test func everyReaderChargesSharedUTF16TextAlike() throws {
        let keys = (1...800).map { "k\($0)" }
        // The budget is 8 times the file plus 16 MiB, about 17 MB here. 800 × 20,000 ASCII units
        // are 16 MB as UTF-8 (read) and 32 MB as UTF-16; 800 × 8,000 euro signs are 19.2 MB as
        // UTF-8 (refused) and 12.8 MB as UTF-16.
        for (name, value, readable) in [
            ("ASCII text", String(repeating: "v", count: 20_000), true), ("euro signs", String(repeating: "€", count: 8_000), false),
        ] {
            let fast = BinaryPropertyListBuilder.table(keys: keys, sharedValue: value, valueAsUTF16: true)
            let general = BinaryPropertyListBuilder.table(keys: keys, sharedValue: value, extraInteger: true, valueAsUTF16: true)
            let budget = 8 * general.count + 16 << 20
            #expect((800 * value.utf8.count < budget) == readable && (800 * 2 * value.utf16.count < budget) == !readable, "\(name)")
            for (path, bytes) in [("fast path", fast), ("general reader", general)] {
                let table = LocalizationTable(parsing: bytes, file: "shared.strings")
                #expect(table.isReadableOnDevice == readable, "\(name), \(path)")
                #expect((PropertyListReader.read(bytes).root != nil) == readable, "\(name), \(path)")
                if readable {
                    let sameValue = table["k800"] == value
                    #expect(sameValue, "\(name), \(path)")
                    #expect(table.memoryFootprint < 4 * bytes.count, "\(name), \(path)")
                } else {
                    #expect(table.diagnostics.map(\.id) == [.expandsTooMuch], "\(name), \(path)")
                }
            }
        }
    }

    /// Found by an audit: a compiled .stringsdict whose device variants all point at one shared
    /// dictionary, twenty levels deep, is a 4^20-path tree to whoever walks it (541 bytes → 17 s
    /// and 3.9 GB). Each reference is charged what it expands to; past the budget: refused.
    @Test func sharedContainersCannotDescribeAnExponentialTree() {
        var builder = BinaryPropertyListBuilder()
        let root = builder.add(.raw([]))
        let key = builder.add(.ascii("k"))
        let rule = builder.add(.ascii("NSStringDeviceSpecificRuleType"))
        let devices = ["iphone", "ipad", "mac", "other"].map { builder.add(.ascii($0)) }
        var level = builder.add(.ascii("leaf %@"))
        for _ in 0..<20 {
            let variants = builder.add(.dictionary(keys: devices, values: Array(repeating: level, count: devices.count)))
            level = builder.add(.dictionary(keys: [rule], values: [variants]))
        }
        builder.objects[root] = .dictionary(keys: [key], values: [level])
        let bytes = builder.build().bytes
        #expect(bytes.count < 1_000)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            let dictionary = StringsDictionary(parsing: bytes, file: "dag.stringsdict")
            #expect(dictionary.entries.isEmpty)
            #expect(dictionary.diagnostics.map(\.id) == [.expandsTooMuch])
            #expect(PropertyListReader.read(bytes).root == nil)
            let app = AppLocalizations(localizations: [.init(name: "en", path: nil, tables: [:], stringsDictionaries: ["Localizable": dictionary])])
            #expect(Linter().lint(app).contains { $0.id == .expandsTooMuch })
        }
        #expect(elapsed < .seconds(2), "\(elapsed)")
        // The same shape with no sharing beyond strings reads (a compiler's output).
        var plain = BinaryPropertyListBuilder()
        let plainRoot = plain.add(.raw([]))
        let plainKey = plain.add(.ascii("k"))
        let plainRule = plain.add(.ascii("NSStringDeviceSpecificRuleType"))
        let names = ["iphone", "other"].map { plain.add(.ascii($0)) }
        let leaf = plain.add(.ascii("leaf %@"))
        let variants = plain.add(.dictionary(keys: names, values: [leaf, leaf]))
        let entry = plain.add(.dictionary(keys: [plainRule], values: [variants]))
        plain.objects[plainRoot] = .dictionary(keys: [plainKey], values: [entry])
        let readable = StringsDictionary(parsing: plain.build().bytes)
        #expect(readable.diagnostics.isEmpty)
        #expect(readable["k"]?.deviceText().text == "leaf %@")
    }

    /// Found by an audit: a reference or offset of 2^63 or more trapped converting to Int
    /// (SIGILL in every command). Every integer field of a compiled file, set to such values,
    /// gives a located error or a table, never a trap.
    @Test func integerFieldsPastIntRangeNeverTrap() {
        let audit = [UInt8](Data(base64Encoded: "YnBsaXN0MDBRa1F20f//////////AAAAAAAAAAEICgwAAAAAAAABCAAAAAAAAAADAAAAAAAAAAIAAAAAAAAAHQ==")!)
        let table = LocalizationTable(parsing: audit, file: "audit.strings")
        #expect(table.diagnostics.map(\.id) == [.binaryPropertyListCorrupt])
        #expect(table.diagnostics.first?.location.column == 14, "at the reference")

        var builder = BinaryPropertyListBuilder()
        builder.referenceSize = 8
        builder.offsetSize = 8
        let root = builder.add(.raw([]))
        let keys = [builder.add(.ascii("a")), builder.add(.ascii("b"))]
        let values = [builder.add(.ascii("x")), builder.add(.array([]))]
        builder.objects[root] = .dictionary(keys: keys, values: values)
        let (bytes, _, _, _) = builder.build()
        #expect(LocalizationTable(parsing: bytes).diagnostics.map(\.id) == [.nonStringValue], "the intact file reads")
        // Every 8-byte field (references, offsets, trailer counts) and every single byte, set
        // past Int's range or to all ones.
        var variants: [[UInt8]] = []
        for start in 8..<(bytes.count - 7) {
            for pattern: [UInt8] in [
                [0x80, 0, 0, 0, 0, 0, 0, 0], [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], [0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
            ] {
                var copy = bytes
                copy.replaceSubrange(start..<(start + 8), with: pattern)
                variants.append(copy)
            }
        }
        for index in bytes.indices {
            var copy = bytes
            copy[index] = 0xFF
            variants.append(copy)
        }
        for variant in variants {
            let table = LocalizationTable(parsing: variant, file: "f.strings")
            #expect(table.isReadableOnDevice || table.diagnostics.containsErrors)
            _ = StringsDictionary(parsing: variant)
            _ = PropertyListReader.read(variant)
        }
    }

    @Test func nestingBeyondTheLimitIsAnError() {
        let strings = "\"k\" = " + String(repeating: "(", count: 600) + String(repeating: ")", count: 600) + ";"
        #expect(LocalizationTable(parsing: Array(strings.utf8)).diagnostics.contains { $0.id == .nestingTooDeep })
        let xml = "<plist>" + String(repeating: "<array>", count: 600) + String(repeating: "</array>", count: 600) + "</plist>"
        #expect(PropertyListReader.read(Array(xml.utf8)).diagnostics.contains { $0.message.contains("nest more than 512") })
        let json = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let payload = NotificationPayload(parsing: json)
        #expect(payload.diagnostics.contains { $0.message.contains("nest more than 512") })
    }

    @Test func documentsWithTooManyValuesAreRefused() {
        let many = "{\"aps\":{\"alert\":\"hi\"},\"x\":[" + Array(repeating: "0", count: 300_000).joined(separator: ",") + "]}"
        let payload = NotificationPayload(parsing: many)
        #expect(payload.diagnostics.contains { $0.id == .jsonSyntax && $0.message.contains("more than 200000 values") })
    }

    @Test func locArgumentsBeyondTheLimitAreReported() {
        let arguments = Array(repeating: "\"a\"", count: 1_500).joined(separator: ",")
        let payload = NotificationPayload(parsing: "{\"aps\":{\"alert\":{\"loc-key\":\"k\",\"loc-args\":[\(arguments)]}}}")
        #expect(payload.aps.alert?.body.locArgs?.count == NotificationPayload.maximumLocArguments)
        let diagnostic = payload.diagnostics.first { $0.id == .payloadTooManyArguments }
        #expect(
            diagnostic?.message
                == "loc-args has 1500 values; this tool reads only the first 1000 (its own bound for hostile input; a device reads them all)")
    }

    /// Found with a 2,000,000-entry file of one key: every duplicate was listed (6 GB, 68 s).
    @Test func duplicatesAreListedUpToALimit() {
        let text = (1...500).map { "\"k\" = \"v\($0)\";" }.joined(separator: "\n")
        let table = LocalizationTable(parsing: Array(text.utf8))
        #expect(table.diagnostics.filter { $0.id == .duplicateKey }.count == 499, "under the default limit: every one")
        let limited = LocalizationTable(parsing: Array(text.utf8), limits: ReadingLimits(maximumDiagnosticsPerKind: 200))
        let duplicates = limited.diagnostics.filter { $0.id == .duplicateKey }
        #expect(duplicates.count == 200)
        #expect(duplicates.last?.message.hasSuffix("(and 299 more like this in the file, not listed)") == true)
        #expect(table["k"] == "v500")
    }

    /// Found by an audit: each lone UTF-16 surrogate was a diagnostic of its own, and nothing
    /// limited them (1 MB → 0.9 GB). Every kind of diagnostic a file can repeat is listed up to
    /// ``ReadingLimits/maximumDiagnosticsPerKind``, and counted past it, in every encoding.
    @Test func repeatedProblemsAreListedUpToTheLimitAndCounted() {
        let limit = ReadingLimits.default.maximumDiagnosticsPerKind
        let key = Array("\"k\" = \"".utf16)
        let end = Array("\";\n".utf16)
        let units = key + Array(repeating: UInt16(0xD800), count: 250_000) + end
        let utf16: [UInt8] = [0xFF, 0xFE] + units.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        var utf32: [UInt8] = [0xFF, 0xFE, 0, 0]
        for scalar in [0x22, 0x6B, 0x22, 0x3D, 0x22] + Array(repeating: 0x11_0000, count: 100_000) + [0x22, 0x3B] {
            utf32 += [UInt8(scalar & 0xFF), UInt8((scalar >> 8) & 0xFF), UInt8(scalar >> 16), 0]
        }
        let escapes = Array(("\"k\" = \"" + String(repeating: "\\q", count: 100_000) + "\";").utf8)
        for (name, bytes, id, total): (String, [UInt8], DiagnosticID, Int) in [
            ("lone surrogates", utf16, DiagnosticID.invalidEncoding, 250_000), ("unknown escapes", escapes, .unknownEscape, 100_000),
        ] {
            let clock = ContinuousClock()
            var table: LocalizationTable!
            let elapsed = clock.measure { table = LocalizationTable(parsing: bytes, file: "repeated.strings") }
            #expect(elapsed < .seconds(3), "\(name): \(elapsed)")
            let listed = table.diagnostics.filter { $0.id == id }
            #expect(listed.count == limit, "\(name)")
            #expect(
                listed.last?.message.hasSuffix("(and \(total - limit) more like this in the file, not listed)") == true,
                "\(name): \(listed.last?.message ?? "")")
        }
        // Invalid UTF-8 and invalid UTF-32 reject the file at the first bad byte or value: one
        // diagnostic, with the count (found by FuzzStringsFoundation for UTF-32).
        let latin1 = Array("\"k\" = \"".utf8) + Array(repeating: UInt8(0xE9), count: 200_000) + Array("\";".utf8)
        let invalid = LocalizationTable(parsing: latin1).diagnostics.filter { $0.id == .invalidEncoding }
        #expect(invalid.count == 1)
        #expect(invalid.first?.message.hasSuffix("(200000 invalid bytes in all)") == true)
        let scalars = LocalizationTable(parsing: utf32)
        #expect(!scalars.isReadableOnDevice)
        #expect(scalars.diagnostics.filter { $0.id == .invalidEncoding }.count == 1)
        #expect(scalars.diagnostics.first { $0.id == .invalidEncoding }?.message.hasSuffix("(100000 invalid values in all)") == true)
    }

    /// Found with a 300,000-value payload on one line: each location counted its column from
    /// the line's start (quadratic). Locations asked in any order still count the same, on text
    /// with line endings everywhere, on long lines (which the index walks eight bytes at a
    /// time) and on text without `\r` (whose line ends the index finds with `memchr`).
    @Test(arguments: [
        ["a", "é", "😀", "\n", "\r\n", "\r", "漢字", " "],
        ["a", "é", "😀", "漢字", " ", "ab", "x", "\n", "\r"] + Array(repeating: "plain", count: 40) + ["\r\n"],
        ["a", "é", "😀", "漢字", " ", "\n"] + Array(repeating: "plain", count: 10),
    ])
    func locationsOnLongLinesAreCountedIncrementally(pieces: [String]) {
        var generator = SplitMix64(seed: 3)
        let text = Array((0..<2_000).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined().utf8)
        text.withUnsafeBufferPointer { buffer in
            var index = LineIndex(file: nil)
            // Offsets where a character starts (not inside one, nor between \r and \n).
            let starts = (0...buffer.count).filter { offset in
                offset == buffer.count
                    || (buffer[offset] & 0xC0 != 0x80 && !(offset > 0 && buffer[offset - 1] == 0x0D && buffer[offset] == 0x0A))
            }
            var offsets = (0..<300).map { _ in starts[Int(generator.next() % UInt64(starts.count))] }
            offsets += offsets.sorted()
            for offset in offsets {
                let location = index.location(of: offset, in: buffer)
                let before = String(decoding: buffer[..<offset], as: UTF8.self)
                let lines = SourceText.lines(of: before)
                #expect(location.line == lines.count, "\(offset)")
                #expect(location.column == lines.last!.unicodeScalars.count + 1, "\(offset)")
            }
        }
        let many = "{\"aps\":{\"alert\":\"hi\"},\"x\":[" + Array(repeating: "0", count: 150_000).joined(separator: ",") + "]}"
        #expect(NotificationPayload(parsing: many).diagnostics.map(\.id) == [.payloadTooLarge])
    }

    /// Found by FuzzStrings (after 2 million inputs, then again with U+2028): a comment holding
    /// "*/" is printed as line comments, which were split at "\n" only; a "\r" or a line
    /// separator inside ended the line comment early and the rest was read as entries.
    @Test func printedCommentsEndWhereTheReaderEndsLines() {
        let comment = "ends */ here\r\"x\" = \"y\";\r\nand\rmore\u{2028}\"p\" = \"q\";\u{2029}end"
        let entry = LocalizationTable.Entry(key: "k", value: "v", valueKind: .string, comment: comment, location: SourceLocation(line: 1, column: 1))
        let printed = StringsFilePrinter.print([entry])
        let table = LocalizationTable(parsing: Array(printed.utf8))
        #expect(table.dictionary == ["k": "v"], "\(printed.debugDescription)")
        #expect(table.diagnostics.isEmpty)
        // And a third time: "*/" whose "/" carries a combining mark (U+0D4D) is one Character,
        // so String.contains("*/") missed it, while the reader still ends the comment there.
        let combining = LocalizationTable.Entry(
            key: "k", value: "v", valueKind: .string, comment: "a */\u{0D4D} \"x\" = \"y\"; /*", location: SourceLocation(line: 1, column: 1))
        let printedCombining = StringsFilePrinter.print([combining])
        #expect(LocalizationTable(parsing: Array(printedCombining.utf8)).dictionary == ["k": "v"], "\(printedCombining.debugDescription)")
    }

    // MARK: Lint

    /// Found by an audit: every finding inside a value walked the value's literal from its start
    /// ("50% off " × 20,000: 37.6 s; %d × 100,000 in a pushed key: over 100 s), and 20,000
    /// findings of one rule in one file were all listed. A literal is mapped once; each rule
    /// lists ``Linter/maximumFindingsPerKind`` findings per file and counts the rest.
    @Test func findingsInsideOneValueAreLocatedOnceAndListedUpToTheLimit() throws {
        let directory = try TemporaryDirectory()
        try directory.write("App/en.lproj/Localizable.strings", "\"k\" = \"" + String(repeating: "50% off ", count: 20_000) + "\";\n")
        try directory.write("Pushed/en.lproj/Localizable.strings", "\"k\" = \"" + String(repeating: "%d", count: 30_000) + "\";\n")
        let limit = Linter().maximumFindingsPerKind
        let clock = ContinuousClock()
        var accidents: [LocalizationDiagnostic] = []
        let elapsed = try clock.measure {
            accidents = Linter().lint(try AppLocalizations(directory: directory.path + "/App")).filter { $0.id == PercentAccidentRule.id }
        }
        #expect(elapsed < .seconds(10), "\(elapsed)")
        #expect(accidents.count == limit)
        #expect(accidents.prefix(3).map(\.location.column) == [10, 18, 26], "each at its %")
        #expect(accidents.last?.location.column == 10 + 8 * (limit - 1))
        #expect(accidents.last?.message.hasSuffix("(and \(20_000 - limit) more like this in the file, not listed)") == true)

        let payload = NotificationPayload(parsing: #"{"aps":{"alert":{"loc-key":"k","loc-args":["a"]}}}"#)
        var dropped: [LocalizationDiagnostic] = []
        let pushElapsed = try clock.measure {
            dropped = Linter().lint(try AppLocalizations(directory: directory.path + "/Pushed"), payloads: [payload])
                .filter { $0.id == DiagnosticID.pushUnsupportedSpecifier }
        }
        #expect(pushElapsed < .seconds(20), "\(pushElapsed)")
        #expect(dropped.count == limit)
        #expect(dropped.prefix(3).map(\.location.column) == [8, 10, 12])
        #expect(dropped.last?.message.hasSuffix("(and \(30_000 - limit) more like this in the file, not listed)") == true)
    }

    /// Rules run concurrently, each into its own list; merged, the lists are capped and counted
    /// exactly as one list the findings were appended to in order.
    @Test func findingsMergedFromConcurrentRulesAreCappedAsIfAppendedInOrder() {
        let ids: [DiagnosticID] = ["rule-a", "rule-b"]
        let findings = (0..<25).map { index in
            LocalizationDiagnostic(
                ids[index % 3 == 0 ? 1 : 0], at: SourceLocation(file: index % 2 == 0 ? "a" : "b", line: index + 1, column: 1), "finding \(index)")
        }
        var appended = LintFindings(limit: 4, ignoring: [])
        appended.append(contentsOf: findings)
        for split in [0, 3, 11, 25] {
            var merged = LintFindings(limit: 4, ignoring: [])
            merged.append(contentsOf: findings[..<split])
            var other = LintFindings(limit: 4, ignoring: [])
            other.append(contentsOf: findings[split...])
            merged.merge(other)
            #expect(merged.finished() == appended.finished(), "split at \(split)")
        }
        #expect(appended.finished().count == 4 * 4)
    }

    /// Every offset of a value maps back to its file through the escapes its own reader
    /// decoded (.strings `\\` escapes and surrogate pairs, XML entities and CDATA, JSON escapes),
    /// from the text kept in memory: no file is read again.
    @Test func offsetsInsideValuesMapThroughEachReadersEscapes() {
        let table = LocalizationTable(parsing: Array(#""k" = "a\"b\U00E9\UD83D\UDE00c\351d\n" ;"#.utf8), file: "t.strings")
        let xml = Array(#"<plist><dict><key>k</key><string>x&amp;<![CDATA[<%d>]]>y</string></dict></plist>"#.utf8)
        let catalog = Array(
            #"{"sourceLanguage":"en","strings":{"k":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"a\n\u00e9%d"}}}}}}"#.utf8)
        let app = AppLocalizations(
            localizations: [
                .init(name: "en", path: nil, tables: ["Localizable": table]),
                .init(
                    name: "fr", path: nil, tables: [:], stringsDictionaries: ["Localizable": StringsDictionary(parsing: xml, file: "t.stringsdict")]),
            ],
            catalogs: ["Other": StringCatalog(parsing: catalog, file: "t.xcstrings")])
        let model = LocalizationModel(app)
        // .strings: where each scalar's literal starts: a, \", b, \U00E9, \UD83D\UDE00 (its second half), c, \351, d, \n, then the closing quote.
        let entry = model.table("Localizable", localization: "en")!.entry("k")!
        #expect(entry.text == "a\"b\u{E9}\u{1F600}c\u{D8}d\n")
        let expectedColumns = [8, 9, 11, 12, 24, 30, 31, 35, 36, 38]
        var offset = 0
        for (index, scalar) in entry.text.unicodeScalars.enumerated() {
            #expect(model.location(ofUTF8Offset: offset, in: entry).column == expectedColumns[index], "scalar \(index)")
            offset += UTF8.width(scalar)
        }
        #expect(model.location(ofUTF8Offset: offset, in: entry).column == expectedColumns.last!)
        #expect(model.location(ofUTF8Offset: 0, in: entry).file == "t.strings")
        // XML: an entity and a CDATA section.
        let plural = model.table("Localizable", localization: "fr")!.entry("k")!
        #expect(plural.text == "x&<%d>y")
        #expect(plural.location.column == 26, "at <string>")
        #expect((0..<7).map { model.location(ofUTF8Offset: $0, in: plural).column } == [34, 35, 49, 50, 51, 52, 56])
        // JSON: \n and \u00e9.
        let unit = model.table("Other", localization: "en")!.entry("k")!
        #expect(unit.text == "a\n\u{E9}%d")
        #expect((0..<6).map { model.location(ofUTF8Offset: $0, in: unit).column }.map { $0 - unit.location.column } == [1, 2, 4, 4, 10, 11])
    }

    /// Found by an audit: a catalog of 100,000 languages took 77 s to lint (every language
    /// looked through every key's localizations, and bundle names were de-duplicated by a
    /// linear search). Compiling every language now costs what the catalog holds.
    @Test func catalogsOfManyLanguagesCompileInOnePass() throws {
        let languages = (0..<20_000).map { String(format: "l%05d", $0) }
        let json =
            #"{"sourceLanguage":"en","version":"1.0","strings":{"k":{"localizations":{"#
            + languages.map { #""\#($0)":{"stringUnit":{"state":"translated","value":"v-\#($0)"}}"# }.joined(separator: ",")
            + #"}},"only":{"localizations":{"l00007":{"stringUnit":{"state":"translated","value":"x"}},"l00007":{"stringUnit":{"state":"translated","value":"last"}}}}}}"#
        let clock = ContinuousClock()
        var findings: [LocalizationDiagnostic] = []
        let elapsed = clock.measure {
            let catalog = StringCatalog(parsing: Array(json.utf8), file: "Localizable.xcstrings")
            #expect(catalog.languages.count == 20_001)
            #expect(catalog.languages.first == "en")
            #expect(catalog.compiled(for: "l01234").map(\.key) == ["k"])
            #expect(catalog.compiled(for: "l00007").map { $0.value.deviceText().text } == ["v-l00007", "last"], "the last of duplicates")
            #expect(catalog.compiled(for: "en").map(\.key) == ["k", "only"], "source language: the key as text")
            let app = AppLocalizations(localizations: [], catalogs: ["Localizable": catalog])
            #expect(app.localizations.count == 20_001)
            findings = Linter().lint(app)
        }
        #expect(elapsed < .seconds(20), "\(elapsed)")
        #expect(findings.contains { $0.id == .catalogDuplicateKey })
    }

    // MARK: Formats

    /// Found by FuzzPayload: a server-mode `%c` given a number past Int64's range trapped in
    /// `Int64(Double)`. Numbers beyond Double's range, "nan" and "inf" are text, not numbers; a
    /// `summary-arg-count` of 1e400 is no count.
    @Test func numbersPastTheirRangeAreNeverConvertedWithATrap() {
        let formatter = ServerFormatter(locale: "en")
        let huge = "0000004000000000000000000000008954563434096099323"
        #expect(formatter.format("[%c]", arguments: [FormatArgument(huge)]).text == "[0]", "not a code point: the text's first character")
        #expect(formatter.format("[%c|%c]", arguments: ["65", "nan"]).text == "[A|n]")
        for text in ["nan", "inf", "-Infinity", "1e400"] {
            #expect(FormatArgument(text).number == nil, "\(text)")
            #expect(formatter.format("%1$d %1$x %1$e", arguments: [FormatArgument(text)]).text == "\(text) \(text) \(text)")
        }
        #expect(formatter.format("%d", arguments: ["1e19"]).text == "1e19", "past Int64: shown as sent, not as 0")
        let payload = NotificationPayload(parsing: #"{"aps":{"alert":{"body":"x","summary-arg":"a","summary-arg-count":1e400}}}"#)
        #expect(payload.aps.alert?.summaryArgumentCount == nil)
        let crasher = #"{"aps":{"alert":{"title":"Relay","loc-key":"%%%cakm%%@$$m%%laad.boy","loc-args":["\#(huge)","0","Weekend trip"]}}}"#
        let app = AppLocalizations(localizations: [.init(name: "en", path: nil, tables: [:])])
        let localized = AlertRenderer(app: app).localize(
            NotificationPayload(parsing: crasher), preferredLanguages: ["en"], mode: .server, fallback: .device)
        #expect(localized.payload?.serialized().contains("\"body\"") == true)
    }

    /// Found by FuzzFormatString: `*0$` took argument 0.
    @Test func positionsOutsideOneToTheLimitAreInvalid() {
        for text in ["%0$@", "%10000$@", "%*0$d", "%.*0$f", "%99999999999999999999$@"] {
            let specifier = FormatString(text).specifiers[0]
            guard case .positionOutOfRange? = specifier.problem else {
                Issue.record("\(text): \(String(describing: specifier.problem))")
                continue
            }
            #expect(FormatString(text).argumentUses.isEmpty, "\(text)")
        }
        #expect(FormatString("%9999$@").specifiers[0].problem == nil)
        // The device reads such positions as missing arguments.
        #expect(DeviceFormat("%0$@|%10000$@").apply(["a"]) == "<null>|<null>")
    }

    @Test func hugeWidthsAreNotApplied() {
        let (text, problems) = ServerFormatter(locale: "en").format("%999999999d|%5d", arguments: ["7", "8"])
        #expect(text == "7|    8")
        #expect(problems.contains { $0.message.contains("width over 1024") })
        let (precise, _) = ServerFormatter(locale: "en").format("%.999999999f", arguments: ["1.5"])
        #expect(precise.utf8.count < 200)
    }

    /// Forms that name variables again could describe an exponentially long text; expansion
    /// stops at its budget with a problem, quickly.
    @Test func variableExpansionIsBounded() {
        let forms = (0..<8).map { _ in "%#@v@" }.joined()
        let variable = LocalizedFormat.Variable(
            name: "v", kind: .plural, valueType: "d", cases: [.init(name: "other", format: forms + "x")])
        let value = LocalizedValue.format(LocalizedFormat(formatKey: "%#@v@", variables: [variable]))
        let (text, problems) = ServerFormatter(locale: "en").format(value, arguments: ["1"])
        #expect(text.utf8.count <= ServerFormatter.maximumExpandedBytes)
        #expect(problems.contains { $0.message.contains("expand to more than") })
    }

    // MARK: Matching

    /// Found by FuzzMatcher: duplicates in the available list come back duplicated, exactly as
    /// Apple's `ualoc_localizationsToUse` returns them; a bundle never lists a name twice.
    @Test(.enabled(if: AppleMatcherOracle.isAvailable, AppleMatcherOracle.unavailable))
    func duplicateAvailableNamesBehaveAsApplesMatcher() {
        for (preferred, available) in [(["sr"], ["sr", "sr"]), (["fr-CA"], ["fr", "fr", "fr-CA", "fr-CA"]), (["de"], ["en", "en"])] {
            let ours = LocalizationMatcher().match(preferred: preferred, available: available).localizations
            #expect(ours == AppleMatcherOracle.localizationsToUse(preferred: preferred, available: available), "\(available)")
        }
        #expect(BundleLocalizations(folders: ["sr", "sr"], developmentRegion: "en").names == ["sr"])
    }

    // MARK: XML

    /// External entities are never fetched nor expanded: a DTD naming a local file and a
    /// listening socket leaves the file unread and the socket untouched.
    @Test func externalEntitiesAreNeverFetchedOrExpanded() throws {
        #if canImport(Glibc)
        let streamSocket = Int32(SOCK_STREAM.rawValue)
        #else
        let streamSocket = SOCK_STREAM
        #endif
        let listener = socket(AF_INET, streamSocket, 0)
        #expect(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }
        #expect(listen(listener, 4) == 0)
        let port = UInt16(bigEndian: address.sin_port)

        let directory = try TemporaryDirectory()
        try directory.write("secret.txt", "TOP-SECRET-CONTENT")
        let doctype = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist [
              <!ENTITY local SYSTEM "file://\(directory.path)/secret.txt">
              <!ENTITY remote SYSTEM "http://127.0.0.1:\(port)/entity">
              <!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
            ]>
            """
        // Declarations alone: read past with a warning; predefined entities still work.
        let declared = LocalizationTable(parsing: Array((doctype + "<plist><dict><key>d</key><string>&amp; fine</string></dict></plist>").utf8))
        #expect(declared.dictionary == ["d": "& fine"])
        #expect(declared.diagnostics.contains { $0.severity == .warning && $0.message.contains("entities are never expanded") })
        // References to them: the file is rejected with a located error, nothing substituted.
        for reference in ["&local;", "&remote;", "&lol2;"] {
            let xml = doctype + "<plist><dict><key>a</key><string>\(reference)</string></dict></plist>"
            let table = LocalizationTable(parsing: Array(xml.utf8), file: "entities.strings")
            let dictionary = StringsDictionary(parsing: Array(xml.utf8), file: "entities.stringsdict")
            #expect(!table.isReadableOnDevice || table.dictionary.values.allSatisfy { !$0.contains("TOP-SECRET") && !$0.contains("lol") })
            #expect(
                table.diagnostics.contains { $0.severity == .error && $0.location.line == 6 && $0.message.contains("never expanded") }, "\(reference)"
            )
            #expect(dictionary.entries.isEmpty)
        }

        // Nothing connected to the socket.
        _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)
        let connection = accept(listener, nil, nil)
        #expect(connection < 0 && (errno == EAGAIN || errno == EWOULDBLOCK), "a connection was made")
        if connection >= 0 { close(connection) }
    }
}
