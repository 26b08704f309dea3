import Foundation
import Testing

@_spi(Oracle) @testable import LocalizedAlerts

/// The direct `.stringsdict` reader against the located one: whenever it takes a file, the file
/// is the located reading's in every part (entries with their values and locations,
/// diagnostics, readability, the text kept). Checked on the repository's stringsdicts and the
/// larger corpus, on seeded random ones built from what the two readings treat differently
/// (prologs, tags written otherwise, entities, CDATA, comments and processing instructions,
/// rules of every kind and their mistakes, line ends, byte order marks, bad UTF-8, cut files),
/// and on seeded mutations of the real ones.
@Suite("Direct .stringsdict reader against the located reader")
struct DirectStringsDictionaryReaderTests {
    /// What differs between the two readings of `bytes`, or nil when nothing does.
    static func difference(_ bytes: [UInt8], limits: ReadingLimits = .default) -> String? {
        let file = "en.lproj/Localizable.stringsdict"
        let direct = StringsDictionary(parsing: bytes, file: file, limits: limits, readingDirectly: true)
        let located = StringsDictionary(parsing: bytes, file: file, limits: limits, readingDirectly: false)
        if direct.file != located.file { return "file" }
        if direct.entries != located.entries {
            let differing = zip(direct.entries, located.entries).first { $0 != $1 }
            return "entries (\(direct.entries.count) vs \(located.entries.count)): \(differing.map { "\($0.0) vs \($0.1)" } ?? "")"
        }
        if direct.diagnostics != located.diagnostics { return "diagnostics: \(direct.diagnostics) vs \(located.diagnostics)" }
        if direct.isReadableOnDevice != located.isReadableOnDevice { return "readability" }
        if direct.source?.bytes != located.source?.bytes || direct.source?.file != located.source?.file { return "source" }
        return nil
    }

    static func isTakenDirectly(_ bytes: [UInt8], limits: ReadingLimits = .default) -> Bool {
        DirectStringsDictionaryReader.read(bytes, file: "en.lproj/Localizable.stringsdict", limits: limits) != nil
    }

    /// Every `.stringsdict` of the fixtures and `Resources/`, and of the larger corpus when one is named.
    static func realFiles() -> [String] {
        var files = Fixtures.files(under: Fixtures.directory, suffixes: [".stringsdict"])
        files += Fixtures.files(under: Fixtures.repositoryRoot + "/Resources", suffixes: [".stringsdict"])
        if let corpus = Fixtures.largerCorpus() { files += Fixtures.files(under: corpus, suffixes: [".stringsdict"]) }
        return files
    }

    @Test("the fixtures' and the corpus's stringsdicts read the same either way, most of them directly")
    func realStringsdicts() throws {
        let files = Self.realFiles()
        #expect(files.count >= 5)
        var taken = 0
        for path in files {
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
            if Self.isTakenDirectly(bytes) { taken += 1 }
            #expect(Self.difference(bytes) == nil, "\(path)")
        }
        // The corpus's edge cases (UTF-16, binary, broken files) are left to the located reading.
        #expect(taken * 10 >= files.count * 8, "\(taken) of \(files.count) taken directly")
    }

    /// `STRINGSDICT_MUTATION_SEED` and `STRINGSDICT_MUTATION_COUNT` (mutations of each file)
    /// change the seed and the count, for longer runs by hand.
    @Test("seeded mutations of the real files (cut, bytes swapped, entities, comments and CDATA put in) read the same either way")
    func mutatedStringsdicts() throws {
        let campaign = RandomCampaign("STRINGSDICT_MUTATION", seed: 20_261_128, count: 12)
        var generator = campaign.generator
        let perFile = campaign.count
        var (taken, left, failures) = (0, 0, 0)
        for path in Self.realFiles() {
            let original = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
            guard !original.isEmpty else { continue }
            for _ in 0..<perFile {
                let bytes = Self.mutated(original, &generator)
                if Self.isTakenDirectly(bytes) { taken += 1 } else { left += 1 }
                if let difference = Self.difference(bytes) {
                    failures += 1
                    if failures <= 3 { Issue.record("\(path), mutated: \(String(decoding: bytes, as: UTF8.self).debugDescription)\n\(difference)") }
                }
            }
        }
        #expect(failures == 0)
        // Both readings are exercised.
        #expect(taken >= 10 && left >= 10, "\(taken) taken directly, \(left) left to the located reading")
    }

    /// `bytes` with one change, at a random place or just after a random tag: cut there, two
    /// bytes swapped, a byte dropped or replaced, or an entity, comment, CDATA section,
    /// processing instruction or line end put in.
    static func mutated(_ bytes: [UInt8], _ generator: inout SplitMix64) -> [UInt8] {
        var bytes = bytes
        var at = Int(generator.next() % UInt64(bytes.count))
        if chance(60, &generator), let tagEnd = bytes[at...].firstIndex(of: UInt8(ascii: ">")) { at = tagEnd + 1 }
        let inserts = [
            "&amp;", "&#x41;", "&#233;", "&lt;b&gt;", "&bad;", "&#xD800;", "<!-- c -->", "<![CDATA[x <y> & z]]>", "<![CDATA[", "<?pi x?>", "\r\n",
            "\r",
            "<", "&", "]]>", "\u{FEFF}", "é", " ", "<string>x</string>", "<key>k</key>", "<dict/>", "<integer>1</integer>",
        ]
        switch generator.next() % 6 {
        case 0: bytes.removeSubrange(at...)
        case 1 where at + 1 < bytes.count: bytes.swapAt(at, at + 1)
        case 2 where at < bytes.count: bytes.remove(at: at)
        case 3 where at < bytes.count: bytes[at] = pick([0x3C, 0x3E, 0x26, 0x2F, 0x20, 0x0D, 0xFF, 0x00, 0x61], &generator)
        default: bytes.insert(contentsOf: Array(pick(inserts, &generator).utf8), at: min(at, bytes.count))
        }
        return bytes
    }

    @Test("locations count lines (LF, CR, CRLF) and Unicode scalars, after a byte order mark too")
    func locations() throws {
        let text =
            "\u{FEFF}<?xml version=\"1.0\"?>\r\n<plist><dict>\r<key>é</key> <string>ü</string><!-- ✓ --><key>n</key>\n"
            + "\t<dict><key>NSStringLocalizedFormatKey</key><string>%#@c@</string><key>c</key><dict>"
            + "<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string>"
            + "<key>other</key><string>%d 😀</string></dict></dict></dict></plist>\n"
        let bytes = Array(text.utf8)
        let dictionary = try #require(DirectStringsDictionaryReader.read(bytes, file: "f", limits: .default))
        #expect(dictionary.entries.map(\.key) == ["é", "n"])
        #expect(dictionary.entries[0].location == SourceLocation(file: "f", line: 3, column: 1))
        #expect(dictionary.entries[0].valueLocation == SourceLocation(file: "f", line: 3, column: 14))
        #expect(dictionary.entries[1].location == SourceLocation(file: "f", line: 3, column: 42))
        #expect(Self.difference(bytes) == nil)
    }

    @Test("the rules' diagnostics are the same, made from either tree")
    func ruleDiagnostics() throws {
        let text = """
            <plist><dict>
            <key>a</key><dict><key>x</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string></dict></dict>
            <key>b</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@ and %#@m@</string>
              <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>one</key><string>one</string><key>several</key><string>x</string></dict></dict>
            <key>c</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@k@</string>
              <key>k</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringGenderRuleType</string></dict></dict>
            <key>d</key><dict><key>NSStringDeviceSpecificRuleType</key><dict><key>iphone</key><string>i</string><key>watch</key><dict/></dict></dict>
            <key>e</key><dict><key>NSStringLocalizedFormat&#x212A;ey</key><string>%#@v@</string><key>v</key><string>s</string></dict>
            </dict></plist>
            """
        let bytes = Array(text.utf8)
        let dictionary = try #require(DirectStringsDictionaryReader.read(bytes, file: "en.lproj/Localizable.stringsdict", limits: .default))
        #expect(dictionary.diagnostics.count >= 6)
        #expect(Self.difference(bytes) == nil)
    }

    @Test("what it gives up on is read by the located reader, with its diagnostics")
    func givesUp() {
        let documents = [
            "<plist><dict><key>a</key><integer>1</integer></dict></plist>",
            "<plist><dict><key>a</key><array/></dict></plist>",
            "<plist><array/></plist>",
            "<!DOCTYPE plist [ <!ENTITY x \"y\"> ]><plist><dict/></plist>",
            "<plist><dict><key>a</key><string>x</string></dict></plist>trailing",
            "<plist><dict><key>a</key><string>x</string></dict>",
            "<plist><dict><key>a</key><string>a <!-- c --> b</string></dict></plist>",
            "<plist><dict><key>a</key><string>&nope;</string></dict></plist>",
            "<plist><dict><key>a</key><plist><string>x</string></plist></dict></plist>",
            "",
        ]
        for document in documents {
            #expect(!Self.isTakenDirectly(Array(document.utf8)), "\(document)")
            #expect(Self.difference(Array(document.utf8)) == nil, "\(document)")
        }
        for bytes: [UInt8] in [[0xFF, 0xFE, 0x3C, 0x00], Array("<plist><dict><key>\u{FF}</key></dict></plist>".utf8).map { $0 == 0xC3 ? 0xFF : $0 }] {
            #expect(!Self.isTakenDirectly(bytes))
            #expect(Self.difference(bytes) == nil)
        }
        // Past the limits: two levels of dictionaries, and five values where one entry allows four.
        let nested = Array("<plist><dict><key>a</key><dict><key>b</key><dict/></dict><key>c</key><string/><key>d</key><string/></dict></plist>".utf8)
        for limits in [ReadingLimits(maximumNestingDepth: 1), ReadingLimits(maximumEntryCount: 1)] {
            #expect(!Self.isTakenDirectly(nested, limits: limits))
            #expect(Self.difference(nested, limits: limits) == nil)
        }
        #expect(Self.isTakenDirectly(nested))
    }

    static let prologs = [
        "",
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n",
        "\u{FEFF}", "<!-- licence -->\n", "<?>\n", "<!---->", "<!DOCTYPE plist>", "<!DOCTYPE plist [ ]>", "  \n", "x", "<!doctype plist>",
    ]
    static let roots = [
        ("<plist version=\"1.0\">\n<dict>", "</dict>\n</plist>\n"), ("<dict>", "</dict>"), ("<plist><!-- c --><dict >", "</dict ><?pi?></plist >"),
        ("<plist>\r\n<dict>", "</dict>\r\n</plist>"), ("<plist/>", ""), ("<plist><dict/>", "</plist>"), ("<plist><array>", "</array></plist>"),
        ("<plist><dict>", "</dict></plist><!-- end -->\n"), ("<plist><dict>", "</dict></plist><a/>"), ("<plist><dict>", "</dict></plistx>"),
    ]
    static let separators = ["\n\t", "", " ", "\n\t\t", " <!-- c --> ", "<?pi?>", "\r\n", "\r", "<!-- a -- b -->", "<!--", "x"]
    static let fragments = [
        "a", "word", " ", "Zoë", "日本語", "😀", "%d", "%@", "%#@n@", "%1$#@count@", "%2$#@people@", "%#@", "&amp;", "&lt;", "&gt;", "&quot;",
        "&apos;", "&#x2026;", "&#233;", "&#0;", "&#xD800;", "&#X41;", "&nope;", "&amp", "<![CDATA[x<y]]>", "<![CDATA[", "]]>", "]", "\r",
        "\r\n", "\t", "<!-- c -->", "<b>", "&", "NSStringPluralRuleType",
    ]
    static let categories = ["zero", "one", "two", "few", "many", "other", "other", "several", "iphone", "mac", "watch", "20", "50"]

    static func text(_ generator: inout SplitMix64) -> String {
        var text = ""
        let plain = chance(50, &generator)
        for _ in 0..<Int(generator.next() % 5) {
            text += plain ? pick(["word", " ", "Zoë", "日本", "%d", "😀", "%#@n@"], &generator) : pick(fragments, &generator)
        }
        return text
    }

    static func string(_ generator: inout SplitMix64) -> String {
        switch generator.next() % 20 {
        case 0: "<string/>"
        case 1: "<string >\(text(&generator))</string >"
        case 2: "<key>\(text(&generator))</key>"
        case 3: "<integer>3</integer>"
        case 4: "<dict/>"
        default: "<string>\(text(&generator))</string>"
        }
    }

    static func key(_ name: String, _ generator: inout SplitMix64) -> String {
        switch generator.next() % 25 {
        case 0: "<key/>"
        case 1: "<key >\(name)</key>"
        case 2: "<key>\(name)</key >"
        case 3: "<key><![CDATA[\(name)]]></key>"
        default: "<key>\(name)</key>"
        }
    }

    /// A rule dictionary: a format with variables, or device or width variants.
    static func rule(_ generator: inout SplitMix64, depth: Int) -> String {
        let s = pick(separators.prefix(4).map { $0 }, &generator)
        var members: [(String, String)] = []
        switch generator.next() % 6 {
        case 0 where depth < 3:
            let kind = pick(["NSStringDeviceSpecificRuleType", "NSStringVariableWidthRuleType"], &generator)
            var variants = ""
            for _ in 0..<Int(generator.next() % 4) {
                let value = chance(70, &generator) ? string(&generator) : rule(&generator, depth: depth + 1)
                variants += key(pick(categories, &generator), &generator) + s + value + s
            }
            members.append((kind, "<dict>\(s)\(variants)</dict>"))
        default:
            let names = chance(25, &generator) ? ["count", "people"] : [pick(["count", "n", "items", "é"], &generator)]
            let format =
                chance(90, &generator) ? names.enumerated().map { "%\($0.offset + 1)$#@\($0.element)@" }.joined(separator: " ") : text(&generator)
            if chance(95, &generator) {
                members.append(("NSStringLocalizedFormatKey", chance(95, &generator) ? "<string>\(format)</string>" : string(&generator)))
            }
            for name in names where chance(95, &generator) {
                var rule = ""
                let type =
                    chance(85, &generator)
                    ? "NSStringPluralRuleType"
                    : pick(["NSStringDeviceSpecificRuleType", "NSStringVariableWidthRuleType", "NSStringGenderRuleType"], &generator)
                if chance(95, &generator) { rule += key("NSStringFormatSpecTypeKey", &generator) + s + "<string>\(type)</string>" + s }
                if chance(90, &generator) {
                    rule += key("NSStringFormatValueTypeKey", &generator) + s + "<string>\(pick(["d", "ld", "@"], &generator))</string>" + s
                }
                for _ in 0..<Int(generator.next() % 5) {
                    rule +=
                        key(pick(categories, &generator), &generator) + s
                        + (chance(95, &generator) ? "<string>\(text(&generator))</string>" : string(&generator)) + s
                }
                members.append((name, chance(97, &generator) ? "<dict>\(s)\(rule)</dict>" : string(&generator)))
            }
            if chance(5, &generator) { members.shuffle(using: &generator) }
        }
        return "<dict>" + s + members.map { key($0.0, &generator) + s + $0.1 }.joined(separator: s) + s + "</dict>"
    }

    /// A random stringsdict.
    static func document(_ generator: inout SplitMix64) -> [UInt8] {
        let (open, close) = chance(85, &generator) ? roots[Int(generator.next() % 2)] : pick(roots, &generator)
        var text = (chance(70, &generator) ? prologs[1] : pick(prologs, &generator)) + open + "\n"
        for index in 0..<Int(generator.next() % 8) {
            let separator = chance(80, &generator) ? "\n\t" : pick(separators, &generator)
            let name =
                chance(90, &generator) ? "key.\(index)" : pick(["k", "Key with spaces", "é", "NSStringLocalizedFormatKey", "key.0"], &generator)
            text += separator + key(name, &generator) + separator + (chance(70, &generator) ? rule(&generator, depth: 1) : string(&generator))
        }
        text += "\n" + close
        return damagedXML(text, &generator)
    }

    @Test("seeded random stringsdicts (4,000 by default) read the same either way")
    func randomFiles() {
        expectDirectReadingAgrees(
            environmentPrefix: "STRINGSDICT_READER", generate: Self.document, isTakenDirectly: { Self.isTakenDirectly($0) },
            difference: { Self.difference($0) })
    }
}
