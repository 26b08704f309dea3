import Foundation
import Testing

@testable import LocalizedAlerts

@Suite("Compiled property-list tables")
struct PropertyListTableTests {
    static func randomTable(_ generator: inout SplitMix64, count: Int) -> [String: String] {
        let alphabet = Array("abcXYZ019 %@$.-_\"\\\n\té😀漢字ßΩ\u{200F}\u{00A0}")
        var table: [String: String] = [:]
        for _ in 0..<count {
            func word() -> String {
                String((0..<Int(generator.next() % 24)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            }
            table[word()] = word()
        }
        return table
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.binary, .xml])
    func readsWhatFoundationWrites(format: PropertyListSerialization.PropertyListFormat) throws {
        var generator = SplitMix64(seed: 42)
        for size in [0, 1, 5, 300] {
            let expected = Self.randomTable(&generator, count: size)
            let data = try PropertyListSerialization.data(fromPropertyList: expected, format: format, options: 0)
            let table = LocalizationTable(parsing: [UInt8](data), file: "t.strings")
            #expect(table.format == (format == .binary ? .binaryPropertyList : .xmlPropertyList))
            #expect(table.isReadableOnDevice)
            #expect(table.dictionary == expected)
            #expect(table.diagnostics.isEmpty, "\(table.diagnostics)")
        }
    }

    @Test func corpusBinaryTablesMatchFoundation() throws {
        let files = Fixtures.corpusStringsFiles().filter { $0.contains("transmission-binary-plist") }
        #expect(files.count >= 4)
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
            let table = LocalizationTable(parsing: bytes, file: file)
            guard case .table(let expected, _) = FoundationOracle.parse(bytes) else {
                Issue.record("Foundation could not read \(file)")
                continue
            }
            #expect(table.format == .binaryPropertyList)
            #expect(table.dictionary == expected, "\(file)")
            #expect(table.entries.allSatisfy { $0.location.line == 1 && $0.location.column > 8 }, "offsets as columns")
        }
    }

    @Test func nonStringValuesAndNonDictionaryRoots() throws {
        let mixed: [String: Any] = ["s": "t", "n": 3, "a": ["x"], "d": ["k": "v"]]
        for format in [PropertyListSerialization.PropertyListFormat.binary, .xml] {
            let data = try PropertyListSerialization.data(fromPropertyList: mixed, format: format, options: 0)
            let table = LocalizationTable(parsing: [UInt8](data))
            #expect(table.dictionary == ["s": "t"])
            #expect(table.diagnostics.filter { $0.id == .nonStringValue }.count == 3)
            let array = try PropertyListSerialization.data(fromPropertyList: ["x"], format: format, options: 0)
            #expect(LocalizationTable(parsing: [UInt8](array)).diagnostics.map(\.id) == [.notATable])
        }
    }

    /// Found by the differential fuzzer: Foundation ends a DOCTYPE at its first `>` without
    /// reading quoted identifiers, so an unbalanced quote there does not hide the root element
    /// that follows, and a `>` inside quotes ends the declaration early.
    @Test(arguments: [
        (#"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#, true),
        (#"<!DOCTYPE plist PUBLIC -//Apple//EN" "http://x.dtd">"#, true),
        (#"<!DOCTYPE plist SYSTEM "a>b">"#, false),
    ])
    func doctypeEndsWhereFoundationEndsIt(doctype: String, readable: Bool) throws {
        let later = "<plist><dict><key>later</key><string>b</string></dict></plist>"
        let bytes = Array("<?xml version=\"1.0\"?>\n\(doctype)\n<plist><dict><key>first</key><string>a</string></dict></plist>\n\(later)".utf8)
        let table = LocalizationTable(parsing: bytes, file: "t.strings")
        #expect(table.isReadableOnDevice == readable)
        switch FoundationOracle.parse(bytes) {
        case .table(let expected, _):
            #expect(readable)
            #expect(table.dictionary == expected)
            #expect(table.dictionary == ["first": "a"])
        case .failure:
            #expect(!readable)
            #expect(table.diagnostics.contains { $0.id == .propertyListSyntax && $0.severity == .error })
        case .notADictionary:
            Issue.record("Foundation reads a non-dictionary from \(doctype)")
        }
    }

    /// An internal subset is skipped as CoreFoundation's skipInlineDTD skips it: declarations,
    /// comments, processing instructions and parameter-entity references only, each declaration
    /// ending at its first `>`. (swift-corelibs-foundation rejects every internal subset.)
    @Test(arguments: [
        ("<!DOCTYPE plist [ <!ELEMENT plist ANY> %pe; <!-- c > --> <?pi > ?> ]>", true),
        ("<!DOCTYPE plist [<!ENTITY e \"text\">]  >", true),
        ("<!DOCTYPE plist [ \"a\" = [\"b\"; ]>", false),
        ("<!DOCTYPE plist [ <!ENTITY e \"a>b\"> ]>", false),
        ("<!DOCTYPE plist [ <x> ]>", false),
        ("<!DOCTYPE plist [ ] x>", false),
    ])
    func internalSubsetIsSkippedAsCoreFoundationSkipsIt(doctype: String, readable: Bool) {
        let bytes = Array("<?xml version=\"1.0\"?>\n\(doctype)\n<plist><dict><key>a</key><string>b</string></dict></plist>".utf8)
        let table = LocalizationTable(parsing: bytes, file: "t.strings")
        #expect(table.isReadableOnDevice == readable)
        if readable {
            #expect(table.dictionary == ["a": "b"])
            #expect(
                table.diagnostics.contains {
                    $0.id == .propertyListIgnoredContent && $0.message.hasPrefix("the DOCTYPE's internal subset is skipped")
                })
        } else {
            #expect(table.diagnostics.contains { $0.id == .propertyListSyntax && $0.severity == .error && $0.location.line == 2 })
        }
    }

    /// CoreFoundation reads the compiled null object (0x00) as kCFNull: a value that is not a
    /// string leaves the rest of the table readable; a null key makes the file unreadable here
    /// and a non-dictionary to Foundation.
    @Test func compiledNullObjects() throws {
        func compiled(_ objects: [[UInt8]]) -> [UInt8] {
            var bytes = Array("bplist00".utf8)
            var offsets: [UInt8] = []
            for object in objects {
                offsets.append(UInt8(bytes.count))
                bytes += object
            }
            let table = bytes.count
            bytes += offsets + [0, 0, 0, 0, 0, 0, 1, 1]
            for field in [UInt64(objects.count), 0, UInt64(table)] { bytes += withUnsafeBytes(of: field.bigEndian, Array.init) }
            return bytes
        }
        let nullValue = compiled([[0xD2, 1, 3, 2, 4], [0x51, 0x61], [0x00], [0x51, 0x62], [0x51, 0x63]])
        guard case .table(let expected, let nonStringKeys) = FoundationOracle.parse(nullValue) else {
            Issue.record("Foundation does not read a dictionary with a null value")
            return
        }
        let table = LocalizationTable(parsing: nullValue, file: "t.strings")
        #expect(table.isReadableOnDevice)
        #expect(table.dictionary == expected)
        #expect(table.dictionary == ["b": "c"])
        #expect(nonStringKeys == ["a"])
        #expect(table.diagnostics.map(\.id) == [.nonStringValue])

        let nullKey = compiled([[0xD1, 1, 2], [0x00], [0x51, 0x62]])
        let refused = LocalizationTable(parsing: nullKey, file: "t.strings")
        #expect(!refused.isReadableOnDevice)
        // CoreFoundation reads a null key; a table of strings cannot be made of the dictionary.
        #expect(refused.diagnostics.map(\.id) == [.notATable])
        #expect(refused.diagnostics.first?.message.contains("a key that is null, not a string") == true)
        #expect(FoundationAgreementTests.disagreement(nullKey) == nil)
    }

    @Test func xmlPositionsAndEntities() {
        let marked = MarkedText(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t1️⃣<key>a &amp; b</key>
            \t2️⃣<string>&lt;tag&gt; &#233;&#x1F600; <![CDATA[<raw> & ]]>x</string>
            </dict>
            </plist>
            """)
        let table = LocalizationTable(parsing: marked.bytes, file: "x.strings")
        #expect(table.dictionary == ["a & b": "<tag> é😀 <raw> & x"])
        let entry = table.entries[0]
        #expect(entry.location.position == marked.location("1️⃣"))
        #expect(entry.valueLocation.position == marked.location("2️⃣"))
    }

    @Test func xmlErrorsAreLocated() {
        let marked = MarkedText("<plist><dict><key>a</key>1️⃣<strin>b</string></dict></plist>")
        let table = LocalizationTable(parsing: marked.bytes)
        #expect(!table.isReadableOnDevice)
        #expect(table.diagnostics.first?.id == .propertyListSyntax)
        #expect(table.diagnostics.first?.position == marked.location("1️⃣"))
    }

    /// External entities are never fetched or expanded: a reference to one is an error, and the
    /// declaration is reported, whatever its URL.
    @Test func externalEntitiesAreNeverExpanded() {
        let marked = MarkedText(
            """
            <?xml version="1.0"?>
            <!DOCTYPE plist [ 1️⃣<!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
            <plist><dict><key>k</key><string>2️⃣&xxe;</string></dict></plist>
            """)
        let table = LocalizationTable(parsing: marked.bytes)
        #expect(!table.isReadableOnDevice)
        #expect(table.entries.isEmpty)
        let warning = table.diagnostics.first { $0.severity == .warning && $0.message.hasPrefix("entity declarations") }
        #expect(warning?.position == marked.location("1️⃣"))
        let error = table.diagnostics.first { $0.severity == .error }
        #expect(error?.position == marked.location("2️⃣"))
        #expect(error?.message.contains("never expanded") == true)
        #expect(!table.diagnostics.contains { $0.message.contains("root:") }, "no file content leaks in")
    }

    @Test func corruptBinaryListsFailCleanly() throws {
        let data = try PropertyListSerialization.data(
            fromPropertyList: ["greeting": "Hello", "farewell": "Bye"], format: .binary, options: 0)
        let bytes = [UInt8](data)
        var generator = SplitMix64(seed: 7)
        for length in 0..<bytes.count {
            _ = LocalizationTable(parsing: Array(bytes[0..<length]))
        }
        for _ in 0..<3000 {
            var mutated = bytes
            for _ in 0..<Int(1 + generator.next() % 4) {
                mutated[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
            }
            let table = LocalizationTable(parsing: mutated)
            if !table.isReadableOnDevice { #expect(table.diagnostics.containsErrors) }
        }
    }

    @Test func selfReferencingBinaryListIsRefused() {
        // bplist00 with one array object (0xA1) whose single element is itself.
        var bytes = Array("bplist00".utf8) + [0xA1, 0x00]
        let offsetTable = bytes.count
        bytes.append(0x08)
        bytes +=
            [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0]
            + [0, 0, 0, 0, 0, 0, 0, UInt8(offsetTable)]
        let table = LocalizationTable(parsing: bytes)
        #expect(table.diagnostics.first?.id == .binaryPropertyListCorrupt)
        #expect(table.diagnostics.first?.message.contains("refers back to itself") == true)
    }
}
