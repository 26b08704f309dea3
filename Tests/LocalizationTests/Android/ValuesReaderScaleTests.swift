import Testing

@testable import LocalizedAlerts

/// Both strings.xml readers stay linear in what a file may hold many of: attributes on one tag,
/// namespace declarations, nesting with prefixed names. Each file below took minutes when a
/// reader compared every attribute or prefix with all the earlier ones.
@Suite("strings.xml readers at scale")
struct ValuesReaderScaleTests {
    /// `<string name="big" a0="0" a1="1" …>text</string>` with `count` extra attributes, and
    /// whatever `tail` adds before the tag's end.
    static func manyAttributes(_ count: Int, tail: String = "", afterRoot: String = "") -> [UInt8] {
        var text = #"<?xml version="1.0" encoding="utf-8"?>"# + "\n<resources>\n<string name=\"big\""
        text.reserveCapacity(count * 12)
        for number in 0..<count { text += " a\(number)=\"\(number)\"" }
        text += tail + ">text</string>\n<string name=\"after\">more</string>\n</resources>\n" + afterRoot
        return Array(text.utf8)
    }

    @Test("a string with 200,000 attributes reads the same through both readers")
    func manyAttributesRead() {
        let bytes = Self.manyAttributes(200_000)
        let direct = AndroidStringsFile(parsing: bytes, file: "strings.xml", limits: .default, readingDirectly: true)
        let located = AndroidStringsFile(parsing: bytes, file: "strings.xml", limits: .default, readingDirectly: false)
        #expect(direct.diagnostics.isEmpty)
        #expect(direct.strings.value(named: "big") == .text("text"))
        #expect(direct.strings.value(named: "after") == .text("more"))
        #expect(direct.strings == located.strings)
        #expect(located.diagnostics.isEmpty)
    }

    @Test("an attribute repeated after 150,000 others is refused by both readers, a PI after the root too")
    func repeatedAttributeFarOn() {
        for afterRoot in ["", "<?pi after the root?>\n"] {
            let bytes = Self.manyAttributes(150_000, tail: #" a3="again""#, afterRoot: afterRoot)
            #expect(DirectValuesReader.read(bytes, file: "strings.xml", limits: .default) == nil)
            let file = AndroidStringsFile(parsing: bytes, file: "strings.xml")
            #expect(file.diagnostics.map(\.message) == ["XML error: duplicate attribute"])
            #expect(file.diagnostics.first?.location.line == 3)
        }
    }

    @Test("a root declaring 100,000 namespaces, each prefix used on a string, reads through both readers")
    func manyNamespaces() {
        let count = 100_000
        var text = "<resources"
        for number in 0..<count { text += " xmlns:p\(number)=\"urn:\(number)\"" }
        text += ">\n<string name=\"s\""
        for number in stride(from: count - 1, through: 0, by: -1) { text += " p\(number):x=\"\(number)\"" }
        text += ">v</string>\n</resources>\n"
        let bytes = Array(text.utf8)
        let direct = AndroidStringsFile(parsing: bytes, file: "strings.xml", limits: .default, readingDirectly: true)
        let located = AndroidStringsFile(parsing: bytes, file: "strings.xml", limits: .default, readingDirectly: false)
        #expect(direct.strings.value(named: "s") == .text("v"))
        #expect(located.strings.value(named: "s") == .text("v"))
        #expect(direct.diagnostics.isEmpty && located.diagnostics.isEmpty)
    }

    @Test("60,000 nested prefixed elements resolve their namespace in one look each")
    func deepPrefixedNesting() {
        let depth = 60_000
        var text = #"<resources xmlns:p="urn:p"><string name="s">"#
        for _ in 0..<depth { text += "<p:b xmlns:q=\"urn:q\">" }
        text += "x"
        for _ in 0..<depth { text += "</p:b>" }
        text += "</string></resources>"
        var reader = ResourceXMLReader(bytes: Array(text.utf8), file: nil, maximumDepth: depth + 10)
        var prefixed = 0
        var deepest = 0
        while let event = reader.next() {
            if case .start(_, let namespace, _, _) = event, namespace == "urn:p" { prefixed += 1 }
            deepest = max(deepest, reader.depth)
        }
        #expect(reader.failure == nil)
        #expect(prefixed == depth)
        #expect(deepest == depth + 2)
    }

    @Test("a declaration goes out of force with its element; the one it hid is back")
    func namespaceScopes() {
        let text = #"<r xmlns:p="urn:outer"><a xmlns:p="urn:inner"><p:x/></a><p:y/></r>"#
        var reader = ResourceXMLReader(bytes: Array(text.utf8), file: nil, maximumDepth: 10)
        var namespaces: [String: String] = [:]
        while let event = reader.next() {
            if case .start(let name, let namespace, _, _) = event { namespaces[name] = namespace }
        }
        #expect(reader.failure == nil)
        #expect(namespaces == ["r": "", "a": "", "x": "urn:inner", "y": "urn:outer"])
        let unbound = #"<r><a xmlns:p="urn:inner"/><p:y/></r>"#
        var second = ResourceXMLReader(bytes: Array(unbound.utf8), file: nil, maximumDepth: 10)
        while second.next() != nil {}
        #expect(second.failure?.message == "unbound prefix")
    }
}
