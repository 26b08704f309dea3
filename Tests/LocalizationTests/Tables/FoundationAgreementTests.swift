import Foundation
import Testing

@testable import LocalizedAlerts

/// The table a device has must equal what Foundation (CoreFoundation, the parser devices run)
/// reads, for every file; where Foundation fails, the toolkit must say so with a located error.
@Suite("Agreement with Foundation")
struct FoundationAgreementTests {
    /// An XML DOCTYPE's internal subset: CoreFoundation, on devices, skips it (so does the
    /// toolkit, with a warning); corelibs rejects the file (docs/device-behaviour.md §8.1).
    static func skippedInternalSubset(_ table: LocalizationTable) -> Bool {
        table.diagnostics.contains { $0.id == .propertyListIgnoredContent && $0.message.hasPrefix("the DOCTYPE's internal subset is skipped") }
    }

    /// Checks one input against Foundation and returns a description of any disagreement.
    static func disagreement(_ bytes: [UInt8], file: String? = nil) -> String? {
        let table = LocalizationTable(parsing: bytes, file: file)
        switch FoundationOracle.parse(bytes) {
        case .table(let expected, let nonStringKeys):
            guard table.isReadableOnDevice else {
                return "Foundation reads the file, the toolkit says a device cannot: \(table.diagnostics.first?.message ?? "")"
            }
            if table.dictionary != expected {
                let missing = Set(expected.keys).subtracting(table.dictionary.keys).sorted().prefix(3)
                let extra = Set(table.dictionary.keys).subtracting(expected.keys).sorted().prefix(3)
                let different = expected.keys.filter { table.dictionary[$0] != nil && table.dictionary[$0] != expected[$0] }.sorted().prefix(3)
                return
                    "tables differ: missing \(Array(missing)), extra \(Array(extra)), different \(different.map { "\($0): \(expected[$0]!.debugDescription) vs \(table.dictionary[$0]!.debugDescription)" })"
            }
            if !nonStringKeys.isEmpty && !table.diagnostics.contains(where: { $0.id == .nonStringValue }) {
                return "non-string values not reported"
            }
            return nil
        case .notADictionary:
            // A device gets no table; the error that says so may be a syntax or corruption one.
            return !table.isReadableOnDevice && table.diagnostics.containsErrors
                ? nil : "Foundation reads a non-dictionary; the toolkit did not report an error that empties the table"
        case .failure:
            if table.isReadableOnDevice && !Self.skippedInternalSubset(table) {
                return "Foundation rejects the file; the toolkit says a device reads it"
            }
            return table.diagnostics.containsErrors ? nil : "Foundation rejects the file; the toolkit reports no error"
        }
    }

    /// A `bplist00` of `objects` (object 0 the top), offsets `offsetSize` bytes wide.
    static func compiled(_ objects: [[UInt8]], offsetSize: Int = 1, referenceSize: UInt8 = 1) -> [UInt8] {
        var file = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets += (0..<offsetSize).reversed().map { UInt8(truncatingIfNeeded: file.count >> (8 * $0)) }
            file += object
        }
        let tableOffset = file.count
        file += offsets + [0, 0, 0, 0, 0, 0, UInt8(offsetSize), referenceSize]
        for field in [UInt64(objects.count), 0, UInt64(tableOffset)] { file += withUnsafeBytes(of: field.bigEndian, Array.init) }
        return file
    }

    @Test func everyCorpusFileAgrees() throws {
        let files = Fixtures.corpusStringsFiles()
        #expect(files.count >= 60)
        var failures: [String] = []
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
            if let problem = Self.disagreement(bytes, file: file) { failures.append("\(file): \(problem)") }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func nextStepTableMatchesFoundation() {
        for byte in 0x80...0xFF {
            let source = "\"k\" = \"\\\(String(byte, radix: 8))\";"
            guard case .table(let expected, _) = FoundationOracle.parse(Array(source.utf8)) else {
                Issue.record("Foundation failed on \(source)")
                continue
            }
            #expect(LocalizationTable(parsing: Array(source.utf8))["k"] == expected["k"], "\(source)")
        }
    }

    /// Found by FuzzStringsFoundation (the differential target): Foundation ignores stray final
    /// bytes of UTF-16 and UTF-32 (a warning here, no longer a rejection); inside braces, an
    /// unclosed key quote followed by '}' ends the table without an error; BOM-less UTF-16 of
    /// one whitespace character is empty once Foundation drops that character.
    @Test func differentialFuzzerFindingsAgree() {
        // Each piece built on its own line with its type: one literal of all of them took the
        // type checker seconds.
        let entry = "\"a\" = \"b\";"
        let littleEndian16: [UInt8] = Self.utf16(entry + "\n", bigEndian: false)
        let bigEndian16: [UInt8] = Self.utf16(entry + "\n", bigEndian: true)
        let utf32: [UInt8] = Self.utf32LittleEndian(entry.unicodeScalars.map(\.value))
        // UTF-32 holding a value that is no scalar: Foundation rejects the file.
        let notAScalar: [UInt8] = Self.utf32LittleEndian([0x22, 0x61, 0x22, 0x3D, 0x22, 0x11_0000, 0x22, 0x3B])
        let texts: [String] = [
            #"{"}"#, "{'a' = 'b';'}",
            // The same inside a nested dictionary, and an element's unclosed quote before ')'.
            "\u{FEFF}" + #"at  ={" };"#, #"a = { b = c; " }; d = e;"#,
            #"a = ("x", " ); b = c;"#, #"a = (" );"#, #"a = ("x", " y);"#, #"{"a" = "b"; "c"#,
            "{ \"a\" = \"b\"; \"c /* x */ }",
        ]
        var cases: [[UInt8]] = [littleEndian16 + [0x01], bigEndian16 + [0x01], utf32 + [1, 2, 3]]
        cases += texts.map { Array($0.utf8) }
        cases += [[0x09, 0x00], [0x09, 0x00, 0x09, 0x00], notAScalar]
        for bytes in cases {
            #expect(Self.disagreement(bytes) == nil, "\(bytes)")
        }
        let stray = LocalizationTable(parsing: cases[0])
        #expect(stray.isReadableOnDevice && stray["a"] == "b")
        #expect(stray.diagnostics.map(\.id) == [.strayFinalBytes])
    }

    /// XML shapes the differential fuzzer reached in CI: how Foundation decides a file is XML,
    /// which bytes it decodes, and the encodings an XML declaration may name.
    @Test(
        arguments: [
            ("<?foo?>\n<plist><dict><key>a</key><string>b</string></dict></plist>", ["a": "b"]),
            ("<dict><key>a</key><string>b</string></dict>", ["a": "b"]),
            ("\u{FEFF}<dict><key>a</key><string>b</string></dict>junk", ["a": "b"]),
            ("<string>x</string>", nil),
            // Nothing after the root element is read, an unclosed processing instruction included.
            ("<dict/> <?xm", [:]), ("<plist><dict/></plist><!-- never closed", [:]),
            ("<a1>", nil), ("<foo>", nil), ("<?foo?>\"a\" = \"b\";", nil),
            // A tag runs to its first '>' and its name to the first whitespace, as CoreFoundation reads it.
            ("<plist><dict/* x><key>a</key><string>b</string></dict></plist>", nil),
            ("<plist version=\"1.0>\"><dict><key>a</key><string>b</string></dict></plist>", nil),
            ("<plist\nversion='1.0'><dict ><key >a</key><string\t>b</string><key>e</key><string/></dict></plist >", ["a": "b", "e": ""]),
        ] as [(String, [String: String]?)])
    func xmlIsRecognisedAsFoundationRecognisesIt(source: String, table expected: [String: String]?) {
        let bytes = Array(source.utf8)
        #expect(Self.disagreement(bytes) == nil)
        let table = LocalizationTable(parsing: bytes)
        #expect(table.isReadableOnDevice == (expected != nil))
        if let expected { #expect(table.dictionary == expected) }
    }

    @Test(
        arguments: [
            // Not UTF-8 in element text fails the file; in a comment or processing instruction it does not.
            ([UInt8]("<plist><dict><key>fi".utf8) + [0xFF, 0xFF] + Array("rst</key><string>a</string></dict></plist>".utf8), nil),
            ([UInt8]("<plist><dict><key>fi".utf8) + [0xED, 0xA0, 0x80] + Array("rst</key><string>a</string></dict></plist>".utf8), nil),
            (
                [UInt8]("<?".utf8) + [0xAC, 0xAC] + Array("?><!-- \u{1} ".utf8) + [0xAC]
                    + Array(" --><plist><dict><key>a</key><string>b</string></dict></plist>".utf8), "b"
            ),
            // Declared single-byte encodings.
            (
                [UInt8]("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><dict><key>a</key><string>caf".utf8) + [0xE9]
                    + Array("</string></dict></plist>".utf8), "café"
            ),
            (
                [UInt8]("<?xml version=\"1.0\" encoding=\"US-ASCII\"?><plist><dict><key>a</key><string>caf".utf8) + [0xE9]
                    + Array("</string></dict></plist>".utf8), "café"
            ),
            (
                [UInt8]("<?xml version=\"1.0\" encoding=\"windows-1252\"?><plist><dict><key>a</key><string>".utf8) + [0x80, 0x20, 0x93]
                    + Array("</string></dict></plist>".utf8), "€ “"
            ),
            (
                [UInt8]("<?xml version=\"1.0\" encoding=\"windows-1252\"?><plist><dict><key>a</key><string>".utf8) + [0x81]
                    + Array("</string></dict></plist>".utf8), nil
            ),
            // The declaration as CoreFoundation's encodingForXMLData finds it (found by
            // FuzzStringsFoundation): only at byte 0, only `encoding=` without spaces, and only
            // before the first '?' or '>'; anywhere else the file is UTF-8, where 0xFF fails it.
            (
                [UInt8]("<?xml version=\"1.0\" encoding = \"windows-1252\"?><plist><dict><key>a</key><string>".utf8) + [0xFF]
                    + Array("</string></dict></plist>".utf8), nil
            ),
            (
                [UInt8](" <?xml version=\"1.0\" encoding=\"windows-1252\"?><plist><dict><key>a</key><string>".utf8) + [0xFF]
                    + Array("</string></dict></plist>".utf8), nil
            ),
            (
                [UInt8]("<?xml0".utf8) + Array(repeating: 0xD0, count: 300)
                    + Array(" encoding=\"windows-1252\"?><plist><dict><key>a</key><string>".utf8) + [0xFF] + Array("</string></dict></plist>".utf8),
                "ÿ"
            ),
            (
                [UInt8]("<?xml v?".utf8) + Array(" encoding=\"windows-1252\"?><plist><dict><key>a</key><string>".utf8) + [0xFF]
                    + Array("</string></dict></plist>".utf8), nil
            ),
        ] as [([UInt8], String?)])
    func xmlTextIsDecodedAsFoundationDecodesIt(bytes: [UInt8], value: String?) {
        #expect(Self.disagreement(bytes) == nil)
        let table = LocalizationTable(parsing: bytes)
        #expect(table.isReadableOnDevice == (value != nil))
        if let value {
            #expect(table["a"] == value)
        } else {
            #expect(table.diagnostics.contains { $0.id == .propertyListSyntax || $0.id == .invalidEncoding })
        }
    }

    /// Declarations Foundation cannot read: a UTF-16 or UTF-32 name on a file that is neither
    /// (it decodes "<?" into a character no property list starts with), and `macintosh`, whose
    /// Mac OS Roman is CoreFoundation's encoding 0, its "no encoding found".
    @Test(arguments: ["utf-16", "UTF-16", "utf-32le", "macintosh", "MACINTOSH-x"])
    func xmlDeclarationsFoundationRefuses(name: String) throws {
        let bytes = Array("<?xml version=\"1.0\" encoding=\"\(name)\"?>\n<plist><dict><key>a</key><string>b</string></dict></plist>".utf8)
        #expect(Self.disagreement(bytes) == nil)
        let table = LocalizationTable(parsing: bytes)
        #expect(!table.isReadableOnDevice)
        let error = try #require(table.diagnostics.first)
        #expect(error.id == .invalidEncoding && error.location.line == 1 && error.location.column == 31, "\(error)")
        #expect(error.message.contains(name))
        // A declaration over two lines: the error is where the name is.
        let twoLines = Array("<?xml version=\"1.0\"\n   encoding=\"\(name)\"?>\n<plist><dict><key>a</key><string>b</string></dict></plist>".utf8)
        #expect(Self.disagreement(twoLines) == nil)
        let located = try #require(LocalizationTable(parsing: twoLines).diagnostics.first)
        #expect(located.id == .invalidEncoding && located.location.line == 2 && located.location.column == 14, "\(located)")
    }

    /// Foundation converts a file declared Windows-1252 whole before parsing it: a byte the code
    /// page leaves undefined fails the file wherever it is, in a comment or after the root too.
    @Test(arguments: [
        "<!-- \u{81} --><plist><dict><key>a</key><string>b</string></dict></plist>",
        "<plist><dict><key>a</key><string>b</string></dict></plist><!-- \u{8D} -->",
        "<plist><dict><key>a</key><string>b</string></dict></plist>\u{9D}",
    ])
    func undefinedWindows1252BytesFailTheFile(body: String) throws {
        let bytes = Array("<?xml version=\"1.0\" encoding=\"windows-1252\"?>".utf8) + body.unicodeScalars.map { UInt8($0.value) }
        #expect(Self.disagreement(bytes) == nil)
        let table = LocalizationTable(parsing: bytes)
        #expect(!table.isReadableOnDevice)
        let error = try #require(table.diagnostics.first)
        #expect(error.id == .invalidEncoding && error.message.contains("not defined in windows-1252"), "\(error)")
    }

    /// A compiled table whose offset table does not end where the trailer begins: both
    /// CoreFoundation and swift-foundation refuse it.
    /// BOM-less UTF-16 XML: Foundation reads it only little-endian after leading whitespace.
    @Test(arguments: [("", false, false), ("\n", false, true), ("\n", true, false), ("<?xml version=\"1.0\" encoding=\"UTF-16\"?>", false, false)])
    func xmlInUTF16WithoutAByteOrderMark(prefix: String, bigEndian: Bool, readable: Bool) {
        let source = prefix + "<plist><dict><key>a</key><string>b</string></dict></plist>"
        let bytes = source.utf16.flatMap { unit in bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(Self.disagreement(bytes) == nil)
        let table = LocalizationTable(parsing: bytes)
        #expect(table.isReadableOnDevice == readable)
        if readable { #expect(table["a"] == "b") } else { #expect(table.diagnostics.contains { $0.id == .utf16WithoutBOMMisread }) }
    }

    @Test func compiledTableEdgesAgreeWithFoundation() throws {
        let data = [UInt8](try PropertyListSerialization.data(fromPropertyList: ["a": "b"], format: .binary, options: 0))
        #expect(Self.disagreement(data) == nil)
        #expect(LocalizationTable(parsing: data).isReadableOnDevice)
        // "bplist0" and any eighth byte is read.
        var version = data
        version[7] = 0xD0
        #expect(Self.disagreement(version) == nil)
        #expect(LocalizationTable(parsing: version)["a"] == "b")
        // 0x7 (a UTF-8 string in later formats) is no bplist00 object.
        var utf8Marker = data
        let key = try #require(utf8Marker.firstIndex(of: 0x51))
        utf8Marker[key] = 0x71
        #expect(Self.disagreement(utf8Marker) == nil)
        #expect(!LocalizationTable(parsing: utf8Marker).isReadableOnDevice)
        // A key twice in one compiled dictionary: CFDictionaryCreate keeps the first value.
        let twice = Self.compiled([[0xD2, 1, 1, 2, 3], [0x51, 0x6B], [0x51, 0x61], [0x51, 0x62]])
        #expect(Self.disagreement(twice) == nil)
        let firstWins = LocalizationTable(parsing: twice)
        #expect(firstWins["k"] == "a" && firstWins.dictionary == ["k": "a"])
        #expect(firstWins.diagnostics.map(\.id) == [.duplicateKey])
        #expect(firstWins.diagnostics.first?.message.contains("keeps the first") == true)
        // Length integers wider than eight bytes (found by FuzzStringsFoundation in CI): 16 bytes
        // keep their last eight, 256 bytes truncate to a width of 0 and a length of 0.
        let sixteen: [UInt8] = [0x5F, 0x14] + Array(repeating: 0xFF, count: 8) + [0, 0, 0, 0, 0, 0, 0, 1] + Array("k".utf8)
        let twoFiftySix: [UInt8] = [0x5F, 0x18] + Array(repeating: 0x41, count: 256)
        let wide = Self.compiled([[0xD1, 1, 2], sixteen, twoFiftySix], offsetSize: 2)
        #expect(Self.disagreement(wide) == nil)
        #expect(LocalizationTable(parsing: wide).dictionary == ["k": ""])
        // An empty UTF-16 string (0x60, or 0x6F with a length of 0) fails the file: CoreFoundation
        // allocates 0 bytes for its characters, gets NULL and gives up (a fuzzer finding).
        for emptyUTF16: [UInt8] in [[0x60], [0x6F, 0x10, 0], [0x6F, 0x19] + Array(repeating: 0x41, count: 512)] {
            let file = Self.compiled([[0xD1, 1, 2], [0x51, 0x6B], emptyUTF16], offsetSize: 2)
            #expect(Self.disagreement(file) == nil, "\(emptyUTF16.prefix(3))")
            #expect(!LocalizationTable(parsing: file).isReadableOnDevice)
        }
        // A UID (0x8N, N + 1 bytes, a keyed archiver's reference) keeps its last eight bytes and
        // must fit 32 bits, else CoreFoundation refuses the file (a differential-fuzzer finding:
        // we read the first eight and took any value).
        for (uid, readable): ([UInt8], Bool) in [
            ([0x83, 0xFF, 0xFF, 0xFF, 0xFF], true), ([0x84, 1, 0, 0, 0, 0], false),
            ([0x8F] + Array(repeating: 0xFF, count: 8) + [0, 0, 0, 0, 0, 0, 0, 7], true),
            ([0x8F, 0, 0, 0, 0, 0, 0, 0, 7] + Array(repeating: 0x41, count: 8), false),
        ] {
            let file = Self.compiled([[0xD2, 1, 2, 3, 4], [0x51, 0x6B], [0x51, 0x75], [0x51, 0x76], uid], offsetSize: 1)
            #expect(Self.disagreement(file) == nil, "\(uid)")
            let table = LocalizationTable(parsing: file)
            #expect(table.isReadableOnDevice == readable, "\(uid)")
            #expect(table.dictionary == (readable ? ["k": "v"] : [:]), "\(uid)")
        }
        // The trailer's rules, as CoreFoundation checks them: offsets of any width (3 bytes
        // here), but wide enough to reach the offset table (1 byte cannot reach offset 288);
        // references wide enough to name every object; every offset inside the object area,
        // whether or not its object is used. A refused trailer makes the file text.
        let threeByteOffsets = Self.compiled([[0xD1, 1, 2], [0x51, 0x6B], [0x51, 0x76]], offsetSize: 3)
        #expect(Self.disagreement(threeByteOffsets) == nil)
        #expect(LocalizationTable(parsing: threeByteOffsets).dictionary == ["k": "v"])
        var refused = [Self.compiled([[0xD1, 1, 2], sixteen, twoFiftySix], offsetSize: 1)]
        refused.append(Self.compiled([[0xD1, 1, 2], [0x51, 0x6B], [0x51, 0x76]] + Array(repeating: [0x08], count: 254), offsetSize: 2))
        var unusedOutside = Self.compiled([[0xD1, 1, 2], [0x51, 0x6B], [0x51, 0x76], [0x08]])
        unusedOutside[unusedOutside.count - 32 - 1] = 0xF0
        refused.append(unusedOutside)
        for file in refused {
            #expect(Self.disagreement(file) == nil)
            #expect(!LocalizationTable(parsing: file).isReadableOnDevice)
        }
        // Not only a refused trailer: an object CoreFoundation cannot read (here the top object,
        // ";" = 0x3B, an unsupported date marker, under a valid trailer) sends the file to the
        // text reader too, where "bplist00;" is a table (a differential-fuzzer finding).
        let objectRefused: [UInt8] =
            Array("bplist00;".utf8) + [0x01, 0x02, 0x51, 0x00, 0x61, 0x08, 0x08, 0x0B, 0x0D] + [0, 0, 0, 0, 0, 0, 1, 1]
            + [0, 0, 0, 0, 0, 0, 0, 3] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 14]
        #expect(Self.disagreement(objectRefused) == nil)
        #expect(LocalizationTable(parsing: objectRefused).dictionary == ["bplist00": "bplist00"])
        // Such text that fails as text too: the corruption is reported.
        let failingText = Array("bplist00text = \"Chats\" other = \"x\";\n".utf8)
        #expect(Self.disagreement(failingText) == nil)
        #expect(LocalizationTable(parsing: failingText).diagnostics.map(\.id) == [.binaryPropertyListCorrupt])
        // Text that starts with "bplist0" but has no trailer is read as text, as Foundation does.
        let text = Array("bplist00text = \"Chats\"; other = \"x\";\n".utf8)
        #expect(Self.disagreement(text) == nil)
        #expect(LocalizationTable(parsing: text).dictionary == ["bplist00text": "Chats", "other": "x"])
        let padded = Array(data.dropLast(32)) + [0, 0] + Array(data.suffix(32))
        #expect(Self.disagreement(padded) == nil)
        let table = LocalizationTable(parsing: padded)
        #expect(!table.isReadableOnDevice)
        #expect(table.diagnostics.first?.message.contains("2 bytes lie between the offset table and the trailer") == true)
    }

    /// Dictionary keys in a compiled file: CoreFoundation takes any key that is not a container
    /// (`_typeIsPlistPrimitive`). In a nested dictionary such an entry is left out with a
    /// warning (no string reaches it) and the table reads; at the root, Foundation reads the file
    /// but it is no table of strings. We refused both as corrupt, and read the file as text next.
    @Test(arguments: [[0x10, 0x01], [0x41, 0x61], [0x09], [0x00], [0x80, 0x01], [0x33, 0, 0, 0, 0, 0, 0, 0, 0]] as [[UInt8]])
    func compiledKeysThatAreNotStrings(key: [UInt8]) {
        let nested = Self.compiled([[0xD2, 1, 2, 3, 4], [0x51, 0x6B], [0x51, 0x6E], [0x51, 0x76], [0xD1, 5, 6], key, [0x51, 0x78]])
        #expect(Self.disagreement(nested) == nil)
        let table = LocalizationTable(parsing: nested, file: "nested.strings")
        #expect(table.isReadableOnDevice && table.dictionary == ["k": "v"])
        #expect(table.diagnostics.map(\.id) == [.nonStringValue, .propertyListIgnoredContent])
        let ignored = table.diagnostics.last
        #expect(ignored?.location == SourceLocation(file: "nested.strings", line: 1, column: 23), "at the key")
        #expect(ignored?.message.contains("not a string") == true)
        #expect(PropertyListReader.read(nested).root != nil)

        let atRoot = Self.compiled([[0xD2, 1, 2, 3, 4], [0x51, 0x6B], key, [0x51, 0x76], [0x51, 0x77]])
        #expect(Self.disagreement(atRoot) == nil)
        let rootTable = LocalizationTable(parsing: atRoot)
        #expect(!rootTable.isReadableOnDevice)
        #expect(rootTable.diagnostics.map(\.id) == [.notATable])
    }

    /// A key written twice keeps the value a device keeps, the last (in a compiled table the
    /// first), whatever its kind: a later array or dictionary, or an earlier null, hides the
    /// string (a differential-fuzzer finding; we kept the last, or first, string).
    @Test(
        arguments: [
            (Array(#"<plist><dict><key>a</key><string>x</string><key>a</key><integer>1</integer></dict></plist>"#.utf8), [:]),
            (Array(#"<plist><dict><key>a</key><integer>1</integer><key>a</key><string>x</string></dict></plist>"#.utf8), ["a": "x"]),
            (Array(#""a" = "x"; "a" = (y); "b" = "z";"#.utf8), ["b": "z"]),
            (Array(#""a" = (y); "a" = "x";"#.utf8), ["a": "x"]),
            (Array(#""a" = "x"; "a" = {b = c;};"#.utf8), [:]),
            (FoundationAgreementTests.compiled([[0xD2, 1, 1, 2, 3], [0x51, 0x61], [0x00], [0x51, 0x62]]), [:]),
            (FoundationAgreementTests.compiled([[0xD2, 1, 1, 3, 2], [0x51, 0x61], [0x00], [0x51, 0x62]]), ["a": "b"]),
        ] as [([UInt8], [String: String])])
    func aKeptValueThatIsNotAStringHidesTheString(source: [UInt8], expected: [String: String]) {
        #expect(Self.disagreement(source) == nil)
        let table = LocalizationTable(parsing: source)
        #expect(table.dictionary == expected)
        #expect(Set(table.keys) == Set(expected.keys) && table.count == expected.count)
        #expect(table["a"] == expected["a"])
    }

    /// Comments and processing instructions, as CoreFoundation skips them: before the root it
    /// looks for `?>` from after `<?` and for `-->` from one byte past `<!--`; inside an element
    /// from the `?` and from after `<!--`; inside text only a CDATA section may follow `<!`. A
    /// differential-fuzzer finding (`<?>` before the root, read here as a whole instruction).
    @Test(arguments: [
        ("<?>\n", false), ("<?>?>\n", true), ("<!-->\n", false), ("<!-->-->\n", true), ("<!---->\n", false), ("<!--->\n", false),
        ("<!-- x -->\n", true), ("<?x?>\n", true),
    ])
    func commentsAndInstructionsBeforeTheRoot(prolog: String, readable: Bool) {
        let file = Array("<?xml version=\"1.0\"?>\n\(prolog)<plist><dict><key>a</key><string>b</string></dict></plist>".utf8)
        #expect(Self.disagreement(file) == nil, "\(prolog)")
        #expect(LocalizationTable(parsing: file).isReadableOnDevice == readable, "\(prolog)")
    }

    @Test(arguments: [
        ("<dict><?><key>a</key><string>b</string></dict>", true), ("<dict><!-->--><key>a</key><string>b</string></dict>", true),
        ("<dict><!----><key>a</key><string>b</string></dict>", true), ("<dict><key>a</key><string>b<!-- x -->c</string></dict>", false),
        ("<dict><key>a<!-- x --></key><string>b</string></dict>", false), ("<dict><key>a</key><string>b<![CDATA[x]]>c</string></dict>", true),
    ])
    func commentsAndInstructionsInsideElements(content: String, readable: Bool) {
        let file = Array("<?xml version=\"1.0\"?>\n<plist>\(content)</plist>".utf8)
        #expect(Self.disagreement(file) == nil, "\(content)")
        let table = LocalizationTable(parsing: file)
        #expect(table.isReadableOnDevice == readable, "\(content)")
        if !readable { #expect(table.diagnostics.first?.message.contains("does not open a CDATA section") == true) }
    }

    /// XML values as CoreFoundation's parseXMLElement reads them (found by comparing its source
    /// with ours): character references (a lowercase x, at most eight digits, no sign, &#; is
    /// U+0000), <key> and <plist> where a value goes, the depth of non-empty containers only,
    /// <true> closed at once, <integer>, <real>, <date> and <data> as CF reads them, and a dictionary of one
    /// CF$UID number, which is a UID.
    @Test(
        arguments: [
            ("<key>a</key><string>&#X41;</string>", nil), ("<key>a</key><string>&#+65;</string>", nil), ("<key>a</key><string>&#x+41;</string>", nil),
            ("<key>a</key><string>&#000000065;</string>", nil), ("<key>a</key><string>&#x000000041;</string>", nil),
            ("<key>a</key><string>&#00000065;</string>", "A"), ("<key>a</key><string>&#x41;&#x1F600;</string>", "A😀"),
            ("<key>a</key><string>&#0;</string>", "\u{0}"), ("<key>a</key><string>&#;</string>", "\u{0}"),
            ("<key>a</key><string>&#x;</string>", "\u{0}"),
            ("<key>a</key><string>&#xD800;</string>", nil), ("<key>a</key><string>&#x110000;</string>", nil),
            ("<key>a</key><key>b</key>", "b"), ("<key>a</key><array><key>x</key></array>", ""),
            ("<key>a</key><plist version=\"1.0\"><!-- c --><string>b</string> <?x?></plist >", "b"), ("<key>a</key><plist/>", nil),
            ("<key>a</key><true> </true>", nil), ("<key>a</key><false>\n</false>", nil), ("<key>a</key><true></true >", ""),
            ("<key>a</key>" + String(repeating: "<array>", count: 511) + "<string>x</string>" + String(repeating: "</array>", count: 511), ""),
            ("<key>a</key>" + String(repeating: "<array>", count: 511) + "<array/>" + String(repeating: "</array>", count: 511), ""),
            ("<key>a</key>" + String(repeating: "<array>", count: 512) + "<string>x</string>" + String(repeating: "</array>", count: 512), nil),
            // <date>: [-]digits-MM-DDThh:mm:ssZ, two digits a field, nothing around it.
            ("<key>a</key><date>2020-01-01T00:00:00Z</date>", ""), ("<key>a</key><date>99999-13-45T99:99:99Z</date >", ""),
            ("<key>a</key><date>-2020-01-01T00:00:00Z</date>", ""), ("<key>a</key><date>garbage</date>", nil), ("<key>a</key><date/>", nil),
            ("<key>a</key><date> 2020-01-01T00:00:00Z</date>", nil), ("<key>a</key><date>2020-01-01T00:00:00Z </date>", nil),
            ("<key>a</key><date>2020-01-01T00:00:00</date>", nil), ("<key>a</key><date>2020-01-01</date>", nil),
            ("<key>a</key><date>-01-01T00:00:00Z</date>", nil),
            // <data>: the bytes up to '<', ASCII only, anything outside base64 skipped.
            ("<key>a</key><data>!!!</data>", ""), ("<key>a</key><data>A=B</data>", ""), ("<key>a</key><data>AAAA====AAAA</data>", ""),
            ("<key>a</key><data>AAAA\u{1}</data>", ""), ("<key>a</key><data>&amp;</data>", ""), ("<key>a</key><data></data>", ""),
            ("<key>a</key><data/>", nil), ("<key>a</key><data><![CDATA[AAAA]]></data>", nil), ("<key>a</key><data>é</data>", nil),
            // <integer>: CoreFoundation's whitespace around the sign, 0x first, digits up to '<', up to 2^64.
            ("<key>a</key><integer>1 </integer>", nil), ("<key>a</key><integer>0 </integer>", nil), ("<key>a</key><integer>&#49;</integer>", nil),
            ("<key>a</key><integer><![CDATA[5]]></integer>", nil), ("<key>a</key><integer>+ 5</integer>", ""),
            ("<key>a</key><integer>+0x1</integer>", ""),
            ("<key>a</key><integer>18446744073709551615</integer>", ""), ("<key>a</key><integer>9223372036854775808</integer>", ""),
            ("<key>a</key><integer>0xFFFFFFFFFFFFFFFF</integer>", ""), ("<key>a</key><integer>-0x8000000000000000</integer>", ""),
            ("<key>a</key><integer>-9223372036854775809</integer>", nil), ("<key>a</key><integer>18446744073709551616</integer>", nil),
            ("<key>a</key><integer>\u{1}5</integer>", ""), ("<key>a</key><integer>\u{7F}5</integer>", ""),
            ("<key>a</key><integer>\u{2003}5</integer>", ""),
            ("<key>a</key><integer>-\u{1}5</integer>", ""), ("<key>a</key><integer> \n5</integer>", ""), ("<key>a</key><integer>-0x0</integer>", ""),
            ("<key>a</key><integer>0x</integer>", nil), ("<key>a</key><integer>-</integer>", nil), ("<key>a</key><integer>00x1</integer>", nil),
            ("<key>a</key><integer>-+1</integer>", nil), ("<key>a</key><integer/>", nil), ("<key>a</key><integer>0</integer>", ""),
            // <real>: nan and inf names, else CoreFoundation's whitespace and strtod over signs, digits, points and e only.
            ("<key>a</key><real>1.5 </real>", nil), ("<key>a</key><real>1.5\n</real>", nil), ("<key>a</key><real>0x1p3</real>", nil),
            ("<key>a</key><real>0x10</real>", nil), ("<key>a</key><real>-nan</real>", nil), ("<key>a</key><real>+nan</real>", nil),
            ("<key>a</key><real>snan</real>", nil), ("<key>a</key><real>nan(0x1)</real>", nil), ("<key>a</key><real>\u{1}1.5</real>", ""),
            ("<key>a</key><real>\u{A0}1.5</real>", ""), ("<key>a</key><real>\u{2003}1.5</real>", ""), ("<key>a</key><real>NaN</real>", ""),
            ("<key>a</key><real>-Infinity</real>", ""), ("<key>a</key><real>.5</real>", ""), ("<key>a</key><real>5.</real>", ""),
            ("<key>a</key><real>1e5000</real>", ""), ("<key>a</key><real>&#49;.5</real>", ""), ("<key>a</key><real> 1.5</real>", ""),
            ("<key>a</key><real>1e</real>", nil), ("<key>a</key><real>.</real>", nil), ("<key>a</key><real></real>", nil),
            ("<key>a</key><real>infinit</real>", nil),
        ] as [(String, String?)])
    func xmlValuesAsCoreFoundationReadsThem(content: String, a: String?) {
        let file = Array("<plist><dict><key>k</key><string>v</string>\(content)</dict></plist>".utf8)
        #expect(Self.disagreement(file) == nil, "\(content.prefix(80))")
        let table = LocalizationTable(parsing: file)
        #expect(table.isReadableOnDevice == (a != nil), "\(content.prefix(80))")
        // "" stands for a value that is there but not a string.
        if let a { #expect(table["a"] == (a.isEmpty ? nil : a) && table["k"] == "v", "\(content.prefix(80))") }
    }

    @Test func aDictionaryOfOneUIDNumberIsNoTable() {
        for root in [
            "<dict><key>CF$UID</key><integer>1</integer></dict>", "<plist><dict><key>CF$UID</key><real>1</real></dict></plist>",
            "<plist><dict><key>CF$UID</key><string>x</string><key>CF$UID</key><integer>2</integer></dict></plist>",
        ] {
            #expect(Self.disagreement(Array(root.utf8)) == nil, "\(root)")
            #expect(LocalizationTable(parsing: Array(root.utf8)).diagnostics.map(\.id) == [.notATable], "\(root)")
        }
        let string = Array("<plist><dict><key>CF$UID</key><string>x</string></dict></plist>".utf8)
        #expect(Self.disagreement(string) == nil && LocalizationTable(parsing: string)["CF$UID"] == "x")
    }

    /// A container as a key fails the file in CoreFoundation, and so it is read as text next.
    @Test func compiledContainerKeysFailTheFile() {
        for key: [UInt8] in [[0xA0], [0xD0]] {
            let nested = Self.compiled([[0xD2, 1, 2, 3, 4], [0x51, 0x6B], [0x51, 0x6E], [0x51, 0x76], [0xD1, 5, 6], key, [0x51, 0x78]])
            #expect(Self.disagreement(nested) == nil)
            let table = LocalizationTable(parsing: nested)
            #expect(!table.isReadableOnDevice && table.diagnostics.map(\.id) == [.binaryPropertyListCorrupt])
        }
    }

    /// Random token soups built from the grammar's sharp edges: every one must agree.
    @Test func generatedInputsAgree() {
        let pieces = [
            "\"a\"", "\"b\"", "'c'", "key", "v.1", " = ", "=", ";", ";", ";", " ", "\n", "\r\n", "\r", "\t",
            "/* c */", "// line\n", "/*", "*/", "{", "}", "(", ")", ",", "<0a1b>", "<", ">", "\"unterminated",
            "\\", "\"\\U00e9\"", "\"\\u00e9\"", "\"\\351\"", "\"\\UD83D\"", "\"x\\\ny\"", "\u{00A0}", "\u{FEFF}",
            "\u{2028}", "é", "#", "*", "\"é😀\"", "\"a\" = \"b\";", "\"k\" = \"v\";\n", "\"\"", "@", "%@",
        ]
        var generator = SplitMix64(seed: 0x5EED)
        var failures: [String] = []
        for _ in 0..<20000 {
            let count = Int(generator.next() % 20) + 1
            var text = ""
            for _ in 0..<count { text += pieces[Int(generator.next() % UInt64(pieces.count))] }
            if let problem = Self.disagreement(Array(text.utf8)) { failures.append("\(text.debugDescription): \(problem)") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(20).joined(separator: "\n"))")
    }

    /// Foundation's results as recorded in the corpus (FOUNDATION-RESULTS.ndjson), and the
    /// located diagnostic the toolkit gives where Foundation drops data or fails.
    @Test func edgeCasesMatchRecordedFoundationResults() throws {
        let lines = try String(contentsOfFile: Fixtures.path("corpus/edge-cases/FOUNDATION-RESULTS.ndjson"), encoding: .utf8)
            .split(separator: "\n")
        #expect(lines.count == 47)
        for line in lines {
            let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            let name = record["file"] as! String
            let table = try LocalizationTable(contentsOfFile: Fixtures.path("corpus/edge-cases/\(name)"))
            if record["ok"] as! Bool, let expected = record["table"] as? [String: String] {
                if name == "27_nested_values.strings" {
                    // Recorded with the array, dictionary and data stringified: errors here.
                    #expect(table.diagnostics.filter { $0.id == .nonStringValue }.count == 3)
                    continue
                }
                #expect(table.isReadableOnDevice, "\(name)")
                #expect(table.dictionary == expected, "\(name)")
            } else {
                #expect(!table.isReadableOnDevice, "\(name)")
                #expect(table.diagnostics.containsErrors, "\(name)")
            }
        }
    }

    @Test(arguments: [
        ("14_junk_after_semicolon.strings", DiagnosticID.droppedAfterSemicolon, 2, 1),
        ("15_equals_at_key_pos.strings", .droppedAfterSemicolon, 2, 1),
        ("16_unterminated_key_after_semicolon.strings", .droppedAfterSemicolon, 2, 1),
        ("18_comments.strings", .unterminatedComment, 3, 7),
        ("12_missing_final_semicolon.strings", .missingSemicolon, 2, 10),
        ("13_missing_semicolon_middle.strings", .missingSemicolon, 1, 10),
        ("17_unterminated_value.strings", .missingSemicolon, 2, 2),
        ("19_nested_comment.strings", .expectedEquals, 1, 35),
        ("21_empty.strings", .emptyFile, 1, 1),
        ("25_braces_then_junk.strings", .junkAfterTable, 2, 1),
        ("26_single_string.strings", .notATable, 1, 1),
        ("28_missing_value.strings", .missingValue, 1, 7),
        ("29_two_strings.strings", .expectedEquals, 1, 5),
        ("30_nbsp_before_equals.strings", .unicodeWhitespace, 1, 4),
        ("32_unquoted_nonascii.strings", .unexpectedCharacter, 1, 5),
        ("33_line_numbers_cr.strings", .missingSemicolon, 2, 10),
        ("43_utf16le_nobom.strings", .utf16WithoutBOMMisread, 1, 1),
        ("44_utf16be_nobom.strings", .utf16WithoutBOMMisread, 1, 1),
        ("46_latin1_invalid_utf8.strings", .invalidEncoding, 1, 10),
        ("47_utf16le_nobom_quote_first.strings", .utf16WithoutBOMMisread, 1, 1),
        ("48_utf16be_nobom_space_first.strings", .utf16WithoutBOMMisread, 1, 1),
        ("07_escape_u_lower.strings", .lowercaseUEscape, 1, 8),
        ("08_octal.strings", .octalEscape, 1, 13),
    ])
    func edgeCaseDiagnosticsAreLocated(file: String, id: DiagnosticID, line: Int, column: Int) throws {
        let table = try LocalizationTable(contentsOfFile: Fixtures.path("corpus/edge-cases/\(file)"))
        let diagnostic = table.diagnostics.first { $0.id == id }
        #expect(diagnostic != nil, "\(table.diagnostics)")
        #expect(diagnostic?.position == Position(line, column), "\(diagnostic?.message ?? "")")
    }

    /// UTF-16 units whose low byte is 0x00 (U+6500, U+2000, U+0B00…), four in a row, at every
    /// position: the four-units-at-a-time ASCII path checked big-endian units with its mask
    /// shifted by a byte, took four such units for ASCII and wrote their low bytes, NULs (a
    /// differential-fuzzer finding). ASCII runs and mixed text around them decode as before.
    @Test func utf16UnitsThatLookASCIIInOneByteAreDecoded() {
        let value = "\u{6500}\u{2000}\u{0B00}\u{0D00}abc\u{4E00}\u{3000}\u{0100}\u{7F00}\u{7F00}defgh\u{3041}ijk"
        for bigEndian in [true, false] {
            for padding in 0..<4 {
                let text = String(repeating: " ", count: padding) + "\"k\" = \"\(value)\";\n"
                let bytes: [UInt8] = Self.utf16(text, bigEndian: bigEndian)
                #expect(Self.disagreement(bytes) == nil, "\(bigEndian) \(padding)")
                #expect(LocalizationTable(parsing: bytes)["k"] == value, "\(bigEndian) \(padding)")
            }
        }
    }

    @Test func encodingsDecodeToTheSameTable() throws {
        for name in ["40_utf8_bom", "41_utf16le_bom", "42_utf16be_bom", "45_utf32le_bom"] {
            let table = try LocalizationTable(contentsOfFile: Fixtures.path("corpus/edge-cases/\(name).strings"))
            #expect(table.dictionary == ["greeting": "Grüße ✓ 😀"], "\(name)")
            #expect(table.entries.first?.comment == "c", "\(name)")
            #expect(table.diagnostics.isEmpty, "\(name)")
        }
    }
}

/// A small deterministic generator for reproducible random tests.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension FoundationAgreementTests {
    /// `text` as UTF-16 with its byte-order mark.
    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        for unit in text.utf16 {
            let high = UInt8(unit >> 8)
            let low = UInt8(unit & 0xFF)
            bytes += bigEndian ? [high, low] : [low, high]
        }
        return bytes
    }

    /// `values` as little-endian UTF-32 units after its byte-order mark (values need not be scalars).
    static func utf32LittleEndian(_ values: [UInt32]) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xFE, 0, 0]
        for value in values {
            bytes += [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value >> 16), 0]
        }
        return bytes
    }
}
