import Testing

@testable import LocalizedAlerts

/// strings.xml read as aapt2 (with expat) reads it, each case checked against `aapt2 compile`
/// and `aapt2 link` (Debian's aapt2): encodings, characters XML does not allow, entry names,
/// `<item type="string">` and what follows the root element.
@Suite("strings.xml as aapt2 reads it")
struct AndroidAAPT2ReadingTests {
    static func read(_ bytes: [UInt8]) -> [AndroidStringsFile] {
        [true, false].map { AndroidStringsFile(parsing: bytes, file: "strings.xml", limits: .default, readingDirectly: $0) }
    }

    static func utf16(_ text: String, bigEndian: Bool, byteOrderMark: Bool) -> [UInt8] {
        var bytes: [UInt8] = byteOrderMark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in text.utf16 {
            bytes += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        return bytes
    }

    @Test("the encodings expat takes read to the same strings, at the same locations")
    func encodings() {
        let text = "<?xml version=\"1.0\" encoding=\"ENC\"?>\n<resources>\n  <string name=\"a\">café 😀</string>\n</resources>\n"
        let utf16Text = text.replacingOccurrences(of: "ENC", with: "UTF-16")
        let files: [(String, [UInt8])] = [
            ("UTF-16 LE with a BOM", Self.utf16(utf16Text, bigEndian: false, byteOrderMark: true)),
            ("UTF-16 BE with a BOM", Self.utf16(utf16Text, bigEndian: true, byteOrderMark: true)),
            ("UTF-16 LE without", Self.utf16(utf16Text, bigEndian: false, byteOrderMark: false)),
            ("UTF-16 BE without", Self.utf16(utf16Text, bigEndian: true, byteOrderMark: false)),
            ("utf-8", Array(text.replacingOccurrences(of: "ENC", with: "utf-8").utf8)),
        ]
        for (label, bytes) in files {
            for file in Self.read(bytes) {
                #expect(file.diagnostics.isEmpty, "\(label): \(file.diagnostics)")
                #expect(file.strings.value(named: "a") == .text("café 😀"), "\(label)")
                #expect(file.strings["a"]?.location.line == 3, "\(label)")
                #expect(file.strings["a"]?.location.column == 3, "\(label)")
            }
        }
        // In UTF-16 too, nothing after the root's end is read (an odd last byte included); a
        // lone surrogate before it fails the build.
        let root = #"<resources><string name="a">x</string></resources>"#
        let trailing = Self.utf16(root, bigEndian: false, byteOrderMark: true) + Array("<?located?>".utf8)
        for file in Self.read(trailing) { #expect(file.diagnostics.isEmpty && file.strings.value(named: "a") == .text("x")) }
        let lone =
            Self.utf16("<resources><string name=\"a\">x", bigEndian: false, byteOrderMark: true) + [0x00, 0xD8]
            + Self.utf16("</string></resources>", bigEndian: false, byteOrderMark: false)
        for file in Self.read(lone) {
            #expect(file.diagnostics.map(\.id) == [.androidMalformedXML])
            #expect(file.diagnostics.first?.location.column == 30)
        }
        // ISO-8859-1: each byte one character, whatever a UTF-8 byte order mark says.
        let latin1 =
            Array(#"<?xml version="1.0" encoding="iso-8859-1"?><resources><string name="a">caf"#.utf8) + [0xE9]
            + Array("</string></resources>".utf8)
        for prefix in [[], [0xEF, 0xBB, 0xBF] as [UInt8]] {
            for file in Self.read(prefix + latin1) { #expect(file.strings.value(named: "a") == .text("café")) }
        }
        // UTF-8 bytes declared ISO-8859-1 are two characters each, as aapt2 compiles them.
        let misdeclared = Array(#"<?xml version="1.0" encoding="ISO-8859-1"?><resources><string name="a">café</string></resources>"#.utf8)
        for file in Self.read(misdeclared) { #expect(file.strings.value(named: "a") == .text("cafÃ©")) }
    }

    @Test("an unknown or wrong encoding, and US-ASCII with a byte past 127, fail the build")
    func refusedEncodings() {
        let cases: [([UInt8], String, Int)] = [
            (Array(#"<?xml version="1.0" encoding="windows-1252"?><resources/>"#.utf8), "unknown encoding", 1),
            (Array(#"<?xml version="1.0" encoding="latin1"?><resources/>"#.utf8), "unknown encoding", 1),
            (Array(#"<?xml version="1.0" encoding="UTF-16"?><resources/>"#.utf8), "encoding specified in XML declaration is incorrect", 1),
            (
                Self.utf16(#"<?xml version="1.0" encoding="UTF-8"?><resources/>"#, bigEndian: false, byteOrderMark: true),
                "encoding specified in XML declaration is incorrect", 1
            ),
            (
                Array("<?xml version=\"1.0\" encoding=\"US-ASCII\"?>\n<resources><string name=\"a\">caf".utf8) + [0xE9]
                    + Array("</string></resources>".utf8), "not well-formed (invalid token)", 32
            ),
        ]
        for (bytes, message, column) in cases {
            for file in Self.read(bytes) {
                #expect(file.diagnostics.map(\.message) == ["XML error: \(message)"])
                #expect(file.diagnostics.first?.id == .androidMalformedXML)
                #expect(file.diagnostics.first?.location.column == column, "\(message)")
                #expect(file.strings.isEmpty)
            }
        }
    }

    @Test("a NUL, another C0 control or U+FFFF before the root's end fails the build; anything after it is never read")
    func charactersAndTheRootsEnd() {
        for bad in ["x\u{0}y", "x\u{1}y", "x\u{B}y", "x\u{FFFF}y"] {
            for place in ["<string name=\"a\">\(bad)</string>", "<string name=\"a\" note=\"\(bad)\">v</string>", "<!-- \(bad) -->"] {
                for file in Self.read(Array("<resources>\n\(place)</resources>".utf8)) {
                    #expect(file.diagnostics.map(\.message) == ["XML error: not well-formed (invalid token)"], "\(place.debugDescription)")
                    #expect(file.diagnostics.first?.location.line == 2)
                }
            }
        }
        let after = ["junk <b>", "<more/>", "\u{0}zz", "<!-- never closed", "<resources><string name=\"b\">y</string></resources>", "<?pi?>"]
        for tail in after {
            for file in Self.read(Array("<resources><string name=\"a\">x</string></resources>\(tail)".utf8)) {
                #expect(file.diagnostics.isEmpty, "\(tail.debugDescription): \(file.diagnostics)")
                #expect(file.strings.names == ["a"])
            }
        }
        let badUTF8After = Array("<resources><string name=\"a\">x</string></resources>".utf8) + [0xFF, 0xFE]
        for file in Self.read(badUTF8After) { #expect(file.diagnostics.isEmpty && file.strings.value(named: "a") == .text("x")) }
    }

    /// Debian's aapt2 failed to compile each refused file and linked the others to these values.
    @Test("a simple value aapt2 refuses fails the build, located; a styled or string-taking one is its text")
    func simpleValues() throws {
        let refused = [
            "<dimen name=\"v\">16em</dimen>", "<integer name=\"v\">it's</integer>", "<color name=\"v\">red</color>",
            "<fraction name=\"v\">\(String(repeating: "0", count: 125))1%</fraction>",
            "<item type=\"dimen\" name=\"v\" format=\"float|integer\">1</item>",
            "<dimen name=\"v\">\"16dp\"</dimen>",
        ]
        for element in refused {
            for file in Self.read(Array("<resources>\n  \(element)\n</resources>".utf8)) {
                #expect(file.diagnostics.map(\.location.line) == [2], "\(element): \(file.diagnostics)")
                #expect(file.otherValues.isEmpty, "\(element)")
            }
        }
        let taken: [(element: String, value: AndroidResourceValue)] = [
            ("<integer name=\"v\"><b>1</b></integer>", .text("1")), ("<dimen name=\"v\"><b>1dp</b></dimen>", .text("1dp")),
            ("<item type=\"integer\" name=\"v\">\"it's\"</item>", .text("it's")), ("<item type=\"dimen\" name=\"v\">  a   b  </item>", .text("a b")),
            ("<bool name=\"v\"></bool>", .reference(type: "null", name: "null")),
            ("<dimen name=\"v\" format=\"float\">1.5dp</dimen>", .text("1.5dip")),
            ("<dimen name=\"v\">1e66dp</dimen>", .text("0.0dip")), ("<item type=\"color\" name=\"v\">16</item>", .text("16")),
            ("<dimen name=\"v\"/>", .reference(type: "null", name: "null")), ("<item type=\"dimen\" name=\"v\"/>", .text("")),
        ]
        for (element, value) in taken {
            for file in Self.read(Array("<resources>\(element)</resources>".utf8)) {
                #expect(file.diagnostics.isEmpty, "\(element): \(file.diagnostics)")
                let resource = try #require(file.otherResources.first, "\(element)")
                #expect(file.otherValues[resource] == value, "\(element)")
            }
        }
    }

    /// What Debian's aapt2 compiled and linked for each, or refused.
    @Test("attributes are trimmed; translatable and formatted are booleans in three cases, or the build fails")
    func attributesAsAapt2ReadsThem() throws {
        func read(_ element: String) -> [AndroidStringsFile] { Self.read(Array("<resources>\n  \(element)\n</resources>".utf8)) }
        for file in read(#"<string name=" s " translatable=" false " formatted="False">%s %s</string>"#) {
            #expect(file.diagnostics.isEmpty, "\(file.diagnostics)")
            let string = try #require(file.strings["s"])
            #expect(!string.isTranslatable && !string.isFormatted)
        }
        for file in read(#"<string name="s" translatable="FALSE">x</string>"#) { #expect(file.strings["s"]?.isTranslatable == false) }
        for file in read(#"<item type=" string " name="t" format=" string ">x</item>"#) { #expect(file.strings.value(named: "t") == .text("x")) }
        // An <item type="string">'s booleans are not checked.
        for file in read(#"<item type="string" name="t" translatable="no" formatted="no">x</item>"#) {
            #expect(file.diagnostics.isEmpty && file.strings.value(named: "t") == .text("x"), "\(file.diagnostics)")
        }
        for file in read(#"<item type=" dimen " name="v" format=" float ">1.5</item>"#) {
            #expect(file.otherValues[AndroidResourceName(type: "dimen", name: "v")] == .text("1.5"))
        }
        for file in read(#"<plurals name="p" translatable="no"><item quantity=" one ">x</item><item quantity="other">y</item></plurals>"#) {
            #expect(file.diagnostics.isEmpty, "\(file.diagnostics)")
            #expect(file.plurals["p"]?.items.keys.sorted() == ["one", "other"])
        }
        let refused = [
            #"<string name="s" translatable="no">x</string>"#, #"<string name="s" translatable="">x</string>"#,
            #"<string name="s" formatted="nope">x</string>"#, #"<string-array name="a" translatable="no"><item>y</item></string-array>"#,
            #"<string name="  ">x</string>"#,
        ]
        for element in refused {
            for file in read(element) {
                #expect(file.diagnostics.map(\.id) == [.androidInvalidResource], "\(element): \(file.diagnostics)")
                #expect(file.strings.isEmpty && file.stringArrays.isEmpty, "\(element)")
            }
        }
    }

    @Test("entry names aapt2 refuses fail the build and define nothing; the names it takes are read")
    func entryNames() {
        let refused = ["a:b", ":c", "a&amp;b", "a&#9;b", "a&#13;b", "1abc", "-a", ".a", "a$b", "a b", "٣a", "·a", "a@b", "a/b", "a+b", "a%b"]
        for name in refused {
            for file in Self.read(Array("<resources><string name=\"\(name)\">x</string><string name=\"ok\">y</string></resources>".utf8)) {
                #expect(file.diagnostics.count == 1, "\(name)")
                #expect(file.diagnostics.first?.id == .androidInvalidResource, "\(name)")
                #expect(file.diagnostics.first?.message.contains("invalid name") == true, "\(name)")
                #expect(file.strings.names == ["ok"], "\(name)")
            }
        }
        let taken = ["é", "a.b", "a-b", "_a", "_", "ab٣", "aͅ", "ª", "a·b", "Ⅻ", "a‿b", "中文", "A9"]
        for name in taken {
            for file in Self.read(Array("<resources><string name=\"\(name)\">x</string></resources>".utf8)) {
                #expect(file.diagnostics.isEmpty, "\(name): \(file.diagnostics)")
                #expect(file.strings.value(named: name) == .text("x"), "\(name)")
            }
        }
    }

    @Test("<item type=\"string\"> defines a string, compiled as <string> is, and a later <string> of its name is a duplicate")
    func itemTypeString() {
        let text =
            #"<resources><item type="string" name="x">  Hi  %s </item><item type="string" format="string" name="y">Y</item><string name="x">again</string></resources>"#
        for file in Self.read(Array(text.utf8)) {
            #expect(file.strings.value(named: "x") == .text("Hi %s"))
            #expect(file.strings.value(named: "y") == .text("Y"))
            #expect(file.diagnostics.map(\.id) == [.androidDuplicateResource])
        }
    }
}
