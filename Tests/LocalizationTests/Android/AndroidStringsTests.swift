import Foundation
import LocalizedAlerts
import Testing

@Suite("Android strings.xml against aapt2")
struct AndroidStringsTests {
    static func read(_ file: String) throws -> AndroidStringsFile {
        let path = Fixtures.path("android/strings/\(file)")
        return AndroidStringsFile(parsing: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), file: path)
    }

    /// The text of a resource named as the vectors name it: `string/x`, `plurals/x:one`, `array/x[2]`.
    static func text(of resource: String, in file: AndroidStringsFile) -> String? {
        func resolve(_ value: AndroidResourceValue?) -> String? {
            switch value {
            case .text(let text)?: text
            case .reference("string", let name)?: file.text(ofString: name)
            default: nil
            }
        }
        let (type, rest) = (resource.prefix { $0 != "/" }, resource.drop { $0 != "/" }.dropFirst())
        switch type {
        case "string": return file.text(ofString: String(rest))
        case "plurals":
            let parts = rest.split(separator: ":")
            return resolve(file.plurals[String(parts[0])]?.items[String(parts[1])])
        default:
            let name = rest.prefix { $0 != "[" }
            let index = Int(rest.drop { $0 != "[" }.dropFirst().dropLast())!
            return resolve(file.stringArrays[String(name)]?.items[index])
        }
    }

    /// References aapt2 link would reject: to a string, plural or array the file does not
    /// define, or to any other resource (the fixtures define none).
    static func dangling(in file: AndroidStringsFile) -> [String] {
        file.strings.compactMap {
            guard case .reference(let type, let name) = $0.value, type != "null", type != "id" else { return nil }
            switch type {
            case "string": return file.strings[name] == nil ? name : nil
            case "plurals": return file.plurals[name] == nil ? name : nil
            case "array": return file.stringArrays[name] == nil ? name : nil
            default: return "\(type)/\(name)"
            }
        }
    }

    /// Whether plain `aapt2 compile` and `link`, which the vectors come from, reject the file: an
    /// error, a dangling reference, or a non-positional format (a Gradle build's `--legacy`
    /// only warns of that one).
    static func rejectedByPlainAAPT2(_ file: AndroidStringsFile) -> Bool {
        file.diagnostics.containsErrors || !dangling(in: file).isEmpty || file.diagnostics.contains { $0.id == .androidNonpositionalFormat }
    }

    @Test("every aapt2 vector: the same text, or the same rejection")
    func vectors() throws {
        let rows = try AndroidVectors.rows("strings-vectors.tsv")
        #expect(rows.count > 80)
        var files: [String: AndroidStringsFile] = [:]
        for row in rows {
            let (name, resource, kind, expected) = (row[0], row[1], row[2], row[3])
            let file = try files[name] ?? Self.read(name)
            files[name] = file
            if kind == "error" {
                #expect(Self.rejectedByPlainAAPT2(file), "\(name): aapt2 says \(expected)")
            } else {
                #expect(!file.diagnostics.containsErrors, "\(name): \(file.diagnostics)")
                #expect(Self.text(of: resource, in: file) == expected, "\(name) \(resource)")
            }
        }
        // Every resource the reader found is one aapt2 compiled.
        for (name, file) in files where !rows.contains(where: { $0[0] == name && $0[2] == "error" }) {
            let listed = Set(rows.filter { $0[0] == name }.map { $0[1] })
            for string in file.strings.names { #expect(listed.contains("string/\(string)"), "\(name): \(string)") }
        }
    }

    @Test("the rejection is the one aapt2 names, at its line")
    func rejections() throws {
        let expected: [(String, DiagnosticID, Int)] = [
            ("error_unescaped_apostrophe.xml", .androidUnescapedApostrophe, 3),
            ("error_apostrophe_entity.xml", .androidUnescapedApostrophe, 3),
            ("error_bad_unicode.xml", .androidInvalidUnicodeEscape, 3),
            ("error_nonpositional.xml", .androidNonpositionalFormat, 3),
            ("error_duplicate.xml", .androidDuplicateResource, 3),
            ("error_missing_name.xml", .androidInvalidResource, 3),
            ("error_nested_xliff.xml", .androidNestedXLIFF, 3),
            ("error_plain_text.xml", .androidInvalidResource, 3),
            ("error_unclosed.xml", .androidMalformedXML, 3),
            ("error_bad_entity.xml", .androidMalformedXML, 3),
        ]
        for (name, id, line) in expected {
            let file = try Self.read(name)
            let diagnostic = try #require(file.diagnostics.first, "\(name)")
            #expect(diagnostic.id == id, "\(name): \(diagnostic)")
            #expect(diagnostic.location.line == line, "\(name): \(diagnostic)")
            #expect(diagnostic.location.file?.hasSuffix(name) == true)
        }
    }

    @Test("attributes, plurals and arrays are kept")
    func attributes() throws {
        let file = try Self.read("attributes.xml")
        #expect(file.strings["app_name"]?.isTranslatable == false)
        #expect(file.strings["percent"]?.isFormatted == false)
        #expect(file.strings["ref"]?.value == .reference(type: "string", name: "app_name"))
        #expect(file.plurals["photos"]?.items.keys.sorted() == ["one", "other"])
        #expect(file.stringArrays["planets"]?.items.count == 4)
        #expect(file.strings["positional"]?.location.line == 5)
    }

    @Test("a string table gives back every value put in, in order, and keeps the first of a name")
    func stringTable() {
        let values: [AndroidResourceValue] = [
            .text(""), .text("Noor a partagé « %1$s »"), .text("a\u{0}b"), .text("@string/app_name"), .reference(type: "string", name: "app_name"),
            .reference(type: "android:string", name: "ok"), .reference(type: "attr", name: "colorPrimary"),
            .reference(type: "android:attr", name: "textColor"), .reference(type: "null", name: "null"), .reference(type: "id", name: "a/b c"),
        ]
        var table = AndroidStringTable()
        var inserted: [AndroidStringResource] = []
        // Enough names to grow the index several times.
        for index in 0..<2_000 {
            let resource = AndroidStringResource(
                name: "name_\(index)", value: values[index % values.count], isTranslatable: index % 3 != 0, isFormatted: index % 5 != 0,
                isStyled: index % 7 == 0, location: SourceLocation(line: index + 1, column: 5))
            let added = table.insert(resource)
            #expect(added)
            inserted.append(resource)
        }
        var again = inserted[10]
        again.value = .text("later")
        let addedAgain = table.insert(again)
        #expect(!addedAgain && table[again.name] == inserted[10])
        #expect(Array(table) == inserted && table.names == inserted.map(\.name))
        #expect(inserted.allSatisfy { table[$0.name] == $0 && table.value(named: $0.name) == $0.value })
        #expect(table["name_2000"] == nil && table["name_"] == nil && table[""] == nil)
        var reordered = AndroidStringTable()
        for resource in inserted.reversed() { reordered.insert(resource) }
        #expect(reordered == table && reordered != AndroidStringTable())
    }

    @Test("hostile input stays bounded")
    func limits() {
        let many = "<resources>" + String(repeating: "<string name=\"a\">x</string>", count: 50) + "</resources>"
        let file = AndroidStringsFile(parsing: Array(many.utf8), limits: ReadingLimits(maximumEntryCount: 10, maximumDiagnosticsPerKind: 3))
        #expect(file.diagnostics.contains { $0.id == .tooManyEntries })
        #expect(file.diagnostics.filter { $0.id == .androidDuplicateResource }.count <= 3)
        let deep = String(repeating: "<a>", count: 2000)
        let nested = AndroidStringsFile(parsing: Array(("<resources><string name=\"x\">" + deep).utf8))
        #expect(nested.diagnostics.containsErrors)
        #expect(AndroidStringsFile(parsing: [0xFF, 0xFE, 0x00]).diagnostics.containsErrors)
        #expect(AndroidStringsFile(parsing: []).diagnostics.containsErrors)
    }

    /// Lines end at LF, CR and CRLF for every reader: a byte that is not UTF-8 after a lone CR
    /// is located on the line the other readers and the editor count.
    @Test("invalid UTF-8 is located by the same line rule as everything else")
    func invalidUTF8AfterALoneCarriageReturn() {
        for (text, line, column) in [
            ("<resources>\r<string name=\"a\">y</string>\r\n<string name=\"b\">x", 3, 19),
            ("<resources>\n<string\rname=\"a\">caf", 3, 13),
        ] {
            let bytes = Array(text.utf8) + [0xE4, UInt8(ascii: "s")]
            let file = AndroidStringsFile(parsing: bytes, file: "strings.xml")
            let failure = file.diagnostics.first { $0.message.contains("invalid UTF-8") }
            #expect(failure?.location.line == line && failure?.location.column == column, "\(file.diagnostics)")
            #expect(failure.map { $0.location.line <= SourceText.lines(of: String(decoding: bytes, as: UTF8.self)).count } == true)
        }
    }

    /// Fuzzing found both: a line feed written as `&#10;` counted as a line of the file, and
    /// a carriage return inside a tag name. Every finding stays on a line the file has.
    @Test("findings after character references and a CR in a tag are on the file's lines")
    func findingsStayOnTheFilesLines() throws {
        for name in ["entity-line-feed-between-resources.xml", "carriage-return-in-tag-then-invalid-utf8.xml"] {
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: Fixtures.repositoryRoot + "/Fuzz/Seeds/FuzzAndroidStrings/" + name)))
            let file = AndroidStringsFile(parsing: bytes, file: name)
            let lines = SourceText.lines(of: String(decoding: bytes, as: UTF8.self)).count
            #expect(!file.diagnostics.isEmpty)
            for diagnostic in file.diagnostics { #expect(diagnostic.location.line <= lines, "\(diagnostic)") }
        }
        // The plain text after "&#13;&#10;" is on the line the references are written on.
        let text = "<resources>\n <string name=\"a\">x</string> &#13;&#10; b<string name=\"c\">y</string></resources>"
        let file = AndroidStringsFile(parsing: Array(text.utf8))
        let plain = try #require(file.diagnostics.first { $0.message.contains("plain text") })
        #expect(plain.location.line == 2 && plain.location.column == 41, "\(plain.location)")
    }
}
