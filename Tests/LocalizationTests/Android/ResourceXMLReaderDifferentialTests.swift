import Foundation
import Testing

@testable import LocalizedAlerts

/// The byte-level resource XML reader against the scalar reference it replaced: the same events
/// with the same locations, and the same first failure at the same place, on the fixtures and on
/// seeded random documents built from the constructs that differ between the two (line ends,
/// multi-byte text, invalid UTF-8, entities, attributes, namespaces, comments, CDATA, processing
/// instructions, unclosed and mismatched tags).
@Suite("Resource XML reader against its scalar reference")
struct ResourceXMLReaderDifferentialTests {
    static let fragments: [String] = [
        "a", "Zoë", "日本語", "😀", " ", "  ", "\t", "\n", "\r", "\r\n", "\n\r", "&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "&#10;", "&#x1F600;",
        "&#xD800;", "&#0;", "&nope;", "&é;", "&éééééééééééééééééé;", "&amp", "&", "]]>", "]", "]]", "<b>", "</b>", "<i>x</i>", "<br/>",
        "<!-- c -->", "<!-- a -- b -->", "<!-- c --->", "<![CDATA[ c \r\n d ]]>", "<![CDATA[", "<?pi x?>", "<?>", "<?pi", "<!DOCTYPE x>",
        "<xliff:g id=\"a\">%1$s</xliff:g>", "<x:y>", "<q:g xmlns:q=\"urn:q\">t</q:g>", "<b a=\"1\" a=\"2\">", "<b a='x\r\ny'>z</b>",
        "<b a=\"&amp;&#9;\tz\">z</b>", "<b a=\"<\">", "<b a=x>", "<b\ta=\"1\"/>", "<b a=\"1\"b=\"2\"/>", "</string>", "</wrong>", "<", ">",
        "=", "\"", "'", "\u{FEFF}", "\u{A0}", "\u{2028}",
    ]

    /// A document: a resources element holding strings made of fragments, sometimes with bytes
    /// that are not UTF-8, a byte order mark, or junk before or after the root.
    static func document(_ generator: inout SplitMix64) -> [UInt8] {
        var text = Int.random(in: 0..<6, using: &generator) == 0 ? "<?xml version=\"1.0\"?>\r\n" : ""
        text += "<resources xmlns:xliff=\"urn:oasis:names:tc:xliff:document:1.2\">\n"
        for index in 0..<Int.random(in: 0...5, using: &generator) {
            text += "  <string name=\"s\(index)\">"
            for _ in 0..<Int.random(in: 0...8, using: &generator) { text += fragments.randomElement(using: &generator)! }
            text += "</string>\r\n"
        }
        text += Int.random(in: 0..<8, using: &generator) == 0 ? "" : "</resources>"
        if Int.random(in: 0..<8, using: &generator) == 0 { text += fragments.randomElement(using: &generator)! }
        var bytes = Array(text.utf8)
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: bytes = [0xEF, 0xBB, 0xBF] + bytes
        case 1:
            let bad: [[UInt8]] = [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80]]
            bytes.insert(contentsOf: bad.randomElement(using: &generator)!, at: Int.random(in: 0...bytes.count, using: &generator))
        case 2 where !bytes.isEmpty:
            bytes.removeSubrange(Int.random(in: 0..<bytes.count, using: &generator)...)
        default: break
        }
        return bytes
    }

    /// One event as a line, the same for both readers.
    static func describe(_ event: ResourceXMLReader.Event) -> String {
        switch event {
        case .start(let name, let namespace, let attributes, let location):
            "start \(name) {\(namespace)} \(attributes.map { "\($0.name){\($0.namespace)}=\($0.value.debugDescription)" }) \(location)"
        case .end(let name, let namespace, let location): "end \(name) {\(namespace)} \(location)"
        case .text(let text, let location): "text \(String(decoding: text, as: UTF8.self).debugDescription) \(location)"
        case .comment: "comment"
        }
    }

    static func ending(_ failure: ResourceXMLReader.Failure?, depth: Int) -> String {
        "failure \(failure.map { "\($0.message) \($0.location)" } ?? "none") depth \(depth)"
    }

    static func events(_ bytes: [UInt8]) -> [String] {
        var reader = ResourceXMLReader(bytes: bytes, file: "f.xml", maximumDepth: 8)
        var out: [String] = []
        while let event = reader.next() { out.append(describe(event)) }
        return out + [ending(reader.failure, depth: reader.depth)]
    }

    /// The reference reader's events, its texts as UTF-8 like the library reader's.
    static func referenceEvents(_ bytes: [UInt8]) -> [String] {
        var reader = ScalarResourceXMLReader(bytes: bytes, file: "f.xml", maximumDepth: 8)
        var out: [String] = []
        while let event = reader.next() {
            switch event {
            case .start(let name, let namespace, let attributes, let location):
                out.append(describe(.start(name: name, namespace: namespace, attributes: attributes, location: location)))
            case .end(let name, let namespace, let location): out.append(describe(.end(name: name, namespace: namespace, location: location)))
            case .text(let text, let location): out.append(describe(.text(Array(text.utf8)[...], location: location)))
            case .comment: out.append(describe(.comment))
            }
        }
        return out + [ending(reader.failure, depth: reader.depth)]
    }

    @Test("every Android fixture reads to the same events")
    func fixtures() throws {
        let root = Fixtures.repositoryRoot + "/Tests/LocalizationTests/Fixtures/android"
        let files = try #require(FileManager.default.enumerator(atPath: root)).compactMap { $0 as? String }.filter { $0.hasSuffix(".xml") }
        #expect(files.count >= 5)
        for file in files {
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: root + "/" + file)))
            #expect(Self.events(bytes) == Self.referenceEvents(bytes), "\(file)")
        }
    }

    /// `ANDROID_XML_SEED` and `ANDROID_XML_COUNT` change the seed and the number of documents,
    /// for longer runs by hand.
    @Test("seeded random documents (3,000 by default)")
    func randomDocuments() {
        let campaign = RandomCampaign("ANDROID_XML", seed: 20_261_125, count: 3_000)
        var generator = campaign.generator
        let count = campaign.count
        var failures = 0
        var outcomes: Set<String> = []
        for _ in 0..<count {
            let bytes = Self.document(&generator)
            let events = Self.events(bytes)
            outcomes.insert(String(events.last!.prefix(while: { $0 != ":" && !$0.isNumber })))
            let expected = Self.referenceEvents(bytes)
            if events != expected {
                failures += 1
                if failures <= 3 {
                    let difference = zip(events, expected).first { $0 != $1 }
                    Issue.record(
                        "\(bytes.debugDescription)\nbyte reader: \(difference?.0 ?? events.last!)\nreference:   \(difference?.1 ?? expected.last!)")
                }
            }
        }
        #expect(failures == 0)
        // The documents reach the readers' failures as well as their successes.
        #expect(outcomes.count >= 8, "\(outcomes.sorted())")
    }
}
