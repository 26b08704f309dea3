import Foundation
import Testing

@testable import LocalizedAlerts

/// The direct strings.xml reader against the located one: whenever it takes a file, the file is
/// the located reading's in every part (each string with its value, flags and location, plurals,
/// arrays, diagnostics). Checked on the repository's strings.xml files and on seeded random
/// ones built from what the two readings treat differently: prologs, namespaces, attributes,
/// entities, CDATA, comments, styling and xliff tags, escapes, quotes, formats, references,
/// duplicates, plurals and arrays, other resource types, CR and CRLF line ends, bad UTF-8 and
/// cut files.
@Suite("Direct strings.xml reader against the located reader")
struct DirectValuesReaderTests {
    /// What differs between the two readings of `bytes`, or nil when nothing does.
    static func difference(_ bytes: [UInt8], limits: ReadingLimits = .default) -> String? {
        let direct = AndroidStringsFile(parsing: bytes, file: "strings.xml", limits: limits, readingDirectly: true)
        let located = AndroidStringsFile(parsing: bytes, file: "strings.xml", limits: limits, readingDirectly: false)
        if direct.file != located.file { return "file" }
        if direct.strings != located.strings {
            let names = Set(direct.strings.names).union(located.strings.names).sorted()
            let differing = names.filter { direct.strings[$0] != located.strings[$0] }.prefix(2)
            return "strings: "
                + differing.map { "\(direct.strings[$0].debugDescription) vs \(located.strings[$0].debugDescription)" }.joined(separator: "; ")
        }
        if direct.plurals != located.plurals { return "plurals" }
        if direct.stringArrays != located.stringArrays { return "string arrays" }
        if direct.otherResources != located.otherResources { return "other resources" }
        if direct.otherValues != located.otherValues { return "other resources' values" }
        if direct.otherValueLocations != located.otherValueLocations { return "other resources' locations" }
        if direct.diagnostics != located.diagnostics { return "diagnostics: \(direct.diagnostics) vs \(located.diagnostics)" }
        return nil
    }

    static func isTakenDirectly(_ bytes: [UInt8], limits: ReadingLimits = .default) -> Bool {
        DirectValuesReader.read(bytes, file: "strings.xml", limits: limits) != nil
    }

    @Test("the fixtures' values files read the same either way")
    func fixtureFiles() throws {
        let files = Fixtures.files(under: Fixtures.path("android"), suffixes: [".xml"])
        #expect(files.count >= 20)
        var taken = 0
        for path in files {
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
            if Self.isTakenDirectly(bytes) { taken += 1 }
            #expect(Self.difference(bytes) == nil, "\(path)")
        }
        #expect(taken >= 5, "\(taken) of \(files.count) taken directly")
    }

    @Test("a string's location counts lines and Unicode scalars, after a byte order mark too")
    func locations() throws {
        let text =
            "\u{FEFF}<?xml version=\"1.0\"?>\n<resources>\n\t<string name=\"a\">é</string><!-- ü --><string name=\"b\">x</string>\n</resources>\n"
        let file = try #require(DirectValuesReader.read(Array(text.utf8), file: "f.xml", limits: .default))
        #expect(file.strings["a"]?.location == SourceLocation(file: "f.xml", line: 3, column: 2))
        #expect(file.strings["b"]?.location == SourceLocation(file: "f.xml", line: 3, column: 39))
        #expect(Self.difference(Array(text.utf8)) == nil)
    }

    @Test("plurals, arrays and self-closing elements are read directly, items as strings' values are")
    func pluralsAndArrays() throws {
        let text = #"""
            <resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
                <plurals name="songs"><!-- counts -->
                    <item quantity="one"><xliff:g id="n">%d</xliff:g> song</item>
                    <item quantity="other">%d <b>songs</b> in \"a\" list</item>
                </plurals>
                <string-array name="days"><item>Mon</item><item>l\'Tue &amp; Wed</item><item /></string-array>
                <plurals name="empty"><item quantity="other"/></plurals>
                <string name="blank" translatable="false"/>
            </resources>
            """#
        let file = try #require(DirectValuesReader.read(Array(text.utf8), file: "f.xml", limits: .default))
        #expect(file.plurals["songs"]?.items == ["one": .text("%d song"), "other": .text(#"%d songs in "a" list"#)])
        #expect(file.plurals["songs"]?.location == SourceLocation(file: "f.xml", line: 2, column: 5))
        #expect(file.stringArrays["days"]?.items == [.text("Mon"), .text("l'Tue & Wed"), .text("")])
        // Elements that close themselves hold the empty string.
        #expect(file.plurals["empty"]?.items == ["other": .text("")])
        #expect(file.strings["blank"]?.value == .text("") && file.strings["blank"]?.isTranslatable == false)
        #expect(Self.difference(Array(text.utf8)) == nil)
    }

    @Test("other resources are passed over once found well-formed")
    func otherResources() throws {
        let text = #"""
            <resources>
                <color name="accent">#FF6200EE</color>
                <string name="a">A</string>
                <style name="Theme" parent="Base"><item name="android:colorPrimary">@color/accent</item><item name="x">it's</item></style>
                <item type="id" name="row"/>
                <eat-comment/>
                <string name="b">B</string>
            </resources>
            """#
        let file = try #require(DirectValuesReader.read(Array(text.utf8), file: "f.xml", limits: .default))
        #expect(file.strings.map { [$0.name: $0.value] } == [["a": .text("A")], ["b": .text("B")]])
        #expect(file.strings["b"]?.location == SourceLocation(file: "f.xml", line: 7, column: 5))
        #expect(
            file.otherResources == [
                AndroidResourceName(type: "color", name: "accent"), AndroidResourceName(type: "style", name: "Theme"),
                AndroidResourceName(type: "id", name: "row"),
            ])
        #expect(Self.difference(Array(text.utf8)) == nil)
        // What an attribute definition defines is the located reading's to find: a styleable's
        // attributes with a format or values, and each enum's id.
        let styleable = #"""
            <resources>
                <declare-styleable name="View"><attr name="label" format="string"/><attr name="textColor"/><attr name="mode"><enum name="fast" value="0"/></attr></declare-styleable>
                <string name="b">B</string>
            </resources>
            """#
        #expect(DirectValuesReader.read(Array(styleable.utf8), file: "f.xml", limits: .default) == nil)
        #expect(
            AndroidStringsFile(parsing: Array(styleable.utf8)).otherResources == [
                AndroidResourceName(type: "attr", name: "label"), AndroidResourceName(type: "attr", name: "mode"),
                AndroidResourceName(type: "id", name: "fast"),
            ])
        // Each counts as a resource toward the entry limit, as in the located reading.
        let limited = ReadingLimits(maximumEntryCount: 3)
        #expect(!Self.isTakenDirectly(Array(text.utf8), limits: limited))
        #expect(Self.difference(Array(text.utf8), limits: limited) == nil)
    }

    @Test("CR and CRLF line ends read as line feeds, in values and between lines")
    func carriageReturns() throws {
        let text = "<resources>\r\n  <string name=\"a\">one\r\ntwo\rthree</string>\r  <string\r\nname=\"b\">\"x\r\ny\"</string>\r\n</resources>\r\n"
        let file = try #require(DirectValuesReader.read(Array(text.utf8), file: "f.xml", limits: .default))
        #expect(file.strings["a"]?.value == .text("one two three"))
        #expect(file.strings["b"]?.value == .text("x\ny"))
        #expect(file.strings["b"]?.location == SourceLocation(file: "f.xml", line: 5, column: 3))
        #expect(Self.difference(Array(text.utf8)) == nil)
        // In CDATA, the located reading normalizes them.
        #expect(!Self.isTakenDirectly(Array("<resources><string name=\"a\"><![CDATA[x\r\ny]]></string></resources>".utf8)))
    }

    @Test("what it gives up on is read by the located reader, with its diagnostics")
    func givesUp() throws {
        let documents = [
            "<resources><string name=\"a\">it's</string></resources>",
            "<resources><string name=\"a\">x</string><string name=\"a\">y</string></resources>",
            "<resources><string name=\"a\">%s %s</string></resources>",
            "<resources><plurals name=\"p\"><item quantity=\"several\">x</item></plurals></resources>",
            "<resources><string-array name=\"a\"><item>x</item>y</string-array></resources>",
            "<resources><color name=\"c\">#fff</colour></resources>",
            "<resources><tools:x xmlns:tools=\"urn:t\"/></resources>",
            "<resources><style name=\"s\"><t:item/></style></resources>",
            // What the fuzz target appends to send a file to the located reading.
            "<resources><string name=\"a\">x</string></resources><?located?>",
            "<resources><string name=\"a\">x</string>",
            "<resources/>",
        ]
        for document in documents {
            #expect(!Self.isTakenDirectly(Array(document.utf8)), "\(document)")
            #expect(Self.difference(Array(document.utf8)) == nil, "\(document)")
        }
        let depth = ReadingLimits(maximumNestingDepth: 3)
        let deep = Array("<resources><string name=\"a\"><b><i>x</i></b></string></resources>".utf8)
        #expect(!Self.isTakenDirectly(deep, limits: depth))
        #expect(Self.difference(deep, limits: depth) == nil)
    }

    static let prologs = [
        "", "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n", "\u{FEFF}", "<!-- licence -->\n", "<?>\n", "<!DOCTYPE resources>\n", "  \n", "x",
    ]
    static let roots = [
        "<resources>", "<resources xmlns:xliff=\"urn:oasis:names:tc:xliff:document:1.2\">",
        "<resources\n    xmlns:tools=\"http://schemas.android.com/tools\"\n    xmlns:xliff='urn:oasis:names:tc:xliff:document:1.2' tools:ignore=\"x\">",
        "<resources xmlns:x=\"urn:oasis:names:tc:xliff:document:1.2\">", "<resources xmlns=\"urn:a\">", "<resources xmlns:=\"urn:a\">",
        "<resources xmlns:t=\"\">", "<resources t:a=\"1\">", "<resourcesx>", "<resources/>", "<resources a=\"1\" a=\"2\">",
    ]
    static let attributes = [
        "", " translatable=\"false\"", " formatted=\"false\"", " translatable='true'", " tools:ignore=\"MissingTranslation\"", " xliff:n=\"1\"",
        " u:x=\"1\"", " xmlns:q=\"urn:q\"", " name=\"dup\"", " formatted=\"false\" translatable=\"false\"", " a=\"x&amp;y\"", " a=\"x\ty\"",
        " :name=\"n\"", " product=\"tablet\"", "a=\"1\"",
    ]
    static let fragments = [
        "a", "Zoë", "日本語", "😀", " ", "  ", "\t", "\n", "\n    ", "\r", "\r\n", "&#13;", "<![CDATA[\r]]>", "&amp;", "&lt;", "&gt;", "&quot;", "&apos;",
        "&#10;", "&#x1F600;", "&#32;",
        "&#xD800;", "&#0;", "&#+10;", "&#X41;", "&nope;", "&amp", "]]>", "]", "\\'", "'", "\\\"", "\"", "\\n", "\\t", "\\u2026", "\\u00", "\\uzz",
        "\\\\", "\\@", "\\?", "@string/other", "@null", "@empty", "?attr/x", "@", "%s", "%1$s", "%2$d", "%d", "%%", "%n", "100%", "<b>", "</b>",
        "<i>x</i>", "<br/>", "<font color=\"red\">y</font>", "<xliff:g id=\"n\" example=\"Ana\">%1$s</xliff:g>", "<xliff:g id=\"a\"/>",
        "<x:g>z</x:g>", "<tools:b>y</tools:b>", "<q:g xmlns:q=\"urn:q\">t</q:g>", "<!-- c -->", "<!-- a -- b -->", "<![CDATA[ c  <d> ]]>",
        "<![CDATA[", "<?pi x?>", "<!DOCTYPE x>", "</string>", "</wrong>", "<", ">", "\u{A0}", "\u{0B}", "\0",
    ]
    static let resources = [
        "<plurals name=\"p\"><item quantity=\"one\">one</item><item quantity=\"other\">%d</item></plurals>",
        "<string-array name=\"arr\"><item>a</item></string-array>", "<color name=\"c\">#fff</color>", "<eat-comment/>", "text", "&#32;",
        "<!-- between -->", "<?pi?>", "<tools:string name=\"t\">x</tools:string>",
        "<style name=\"S\" parent=\"P\">\n  <item name=\"android:textColor\">?attr/x</item>\r\n  <item name=\"y\">it's &amp; \"q\"</item>\n</style>",
        "<declare-styleable name=\"V\"><attr name=\"a\" format=\"string\"/><!-- c --><?pi?></declare-styleable>",
        "<dimen name=\"d\">4dp</dimen>", "<integer name=\"i\"><![CDATA[3\r\n]]></integer>", "<item type=\"id\" name=\"x\"/>",
        "<bool name=\"b\">true</bool >", "<color name=\"c\">&bad;</color>", "<color name=\"c\">a]]>b</color>", "<color name=\"c\">x</dimen>",
        "<style name=\"s\"><item><item><item>deep</item></item></item></style>", "<color name=\"c\" name=\"d\">x</color>",
        "<dimen name=\"d\" a=\"x&amp;y\">1dp</dimen>", "<style><x:item/></style>", "<color name=\"c\"><!DOCTYPE x></color>", "<color",
        "<dimen name=\"d\">16em</dimen>", "<integer name=\"i\"><b>1</b></integer>", "<item type=\"integer\" name=\"i\">\"it's\"</item>",
        "<item type=\"dimen\" name=\"d\" format=\"float|integer\">1</item>", "<bool name=\"b\"> </bool>",
        "<item type=\"dimen\" name=\"d\">abc</item>",
        "<dimen name=\"d\" format=\"float\">1.5dp</dimen>", "<item type=\"fraction\" name=\"f\" format=\"dimension\">5</item>",
        "<dimen name=\"d\"/>", "<item type=\"bool\" name=\"b\" />", "<item type=\" dimen \" name=\"d\" format=\" float \">1</item>",
        "<string-array name=\"arr\" translatable=\"no\"><item>a</item></string-array>",
        "<string name=\"a\" translatable=\"FALSE\" formatted=\" false \">%s %s</string>", "<string name=\" b \">x</string>",
    ]

    /// A random strings.xml.
    static func document(_ generator: inout SplitMix64) -> [UInt8] {
        var text = chance(70, &generator) ? pick(prologs.prefix(2).map { $0 }, &generator) : pick(prologs, &generator)
        text += chance(80, &generator) ? pick(Array(roots.prefix(3)), &generator) : pick(roots, &generator)
        text += "\n"
        let names = ["a", "b", "c", "d", "e", "call_missed_title", "dup", "é"]
        for _ in 0..<Int(generator.next() % 8) {
            if chance(8, &generator) {
                text += pick(resources, &generator) + "\n"
                continue
            }
            if chance(15, &generator) {
                // Plurals or an array, their items made like strings' values.
                let plurals = chance(50, &generator)
                let element = plurals ? "plurals" : "string-array"
                text += "    <\(element) name=\"\(pick(names, &generator))\">"
                for _ in 0..<Int(generator.next() % 4) {
                    let quantity = plurals ? " quantity=\"\(pick(["one", "other", "few", "one", "several"], &generator))\"" : ""
                    text += pick(["\n        ", "", " <!-- c --> ", "x", "\r\n  "], &generator) + "<item\(quantity)"
                    if chance(10, &generator) {
                        text += pick(["/>", " />"], &generator)
                        continue
                    }
                    text += ">"
                    for _ in 0..<Int(generator.next() % 4) { text += pick(fragments, &generator) }
                    text += "</item>"
                }
                text += "</\(element)>\n"
                continue
            }
            let name = chance(95, &generator) ? "name=\"\(pick(names, &generator))\"" : pick(["name=\"\"", "name='q'", "nom=\"x\""], &generator)
            text += "    <string " + name + (chance(30, &generator) ? pick(attributes, &generator) : "")
            if chance(5, &generator) {
                text += pick(["/>", " />", "/ >"], &generator) + "\n"
                continue
            }
            text += ">"
            if chance(10, &generator) { text += "\"" }
            let plain = chance(40, &generator)
            for _ in 0..<Int(generator.next() % 7) {
                text += plain ? pick(["word", " ", "Zoë", "日本", "%1$s", "😀"], &generator) : pick(fragments, &generator)
            }
            if chance(10, &generator) { text += "\"" }
            text += "</string>" + (chance(90, &generator) ? "\n" : "")
        }
        text +=
            chance(95, &generator)
            ? "</resources>\n" : pick(["", "</resources>x", "</resources><!-- end -->", "</resources><a/>", "</resources>\r\n<?pi?>"], &generator)
        return damagedXML(text, &generator)
    }

    @Test("seeded random files (4,000 by default) read the same either way")
    func randomFiles() {
        expectDirectReadingAgrees(
            environmentPrefix: "VALUES_READER", generate: Self.document, isTakenDirectly: { Self.isTakenDirectly($0) },
            difference: { Self.difference($0) })
    }

    @Test("a name index that meets a long probe run rehashes with SipHash and still finds every name")
    func collidingNames() {
        // With no probe allowed, the first collision switches to SipHash, with entries already in.
        var index = NameIndex(probeLimit: 0)
        var pool: [UInt8] = []
        var positions: [Range<Int>] = []
        for number in 0..<2_000 {
            let start = pool.count
            pool += Array("name_\(number)".utf8)
            positions.append(start..<pool.count)
            let entry = NameIndex.Entry(name: start..<pool.count, value: pool.count..<pool.count, line: 1, column: 1, flags: [])
            let inserted = pool.withUnsafeBufferPointer { index.insert(entry, in: $0) }
            #expect(inserted)
        }
        #expect(index.usesSipHash)
        pool.withUnsafeBufferPointer { pool in
            for (position, name) in positions.enumerated() {
                #expect(index.position(of: UnsafeBufferPointer(rebasing: pool[name]), in: pool) == position)
            }
            let missing = Array("name_2000".utf8)
            #expect(missing.withUnsafeBufferPointer { index.position(of: $0, in: pool) } == nil)
        }
    }
}
