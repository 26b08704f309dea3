import Foundation
import Testing

@testable import LocalizedAlerts

@Suite("String Catalogs")
struct StringCatalogTests {
    static func catalog(_ name: String) throws -> StringCatalog {
        try StringCatalog(contentsOfFile: Fixtures.path("corpus/xcstrings-tool-fixtures/XCStringsToolTests____Fixtures____\(name).xcstrings"))
    }

    @Test func everyCorpusCatalogLoads() throws {
        var files = Fixtures.files(under: Fixtures.path("corpus"), suffixes: [".xcstrings"])
        if let corpus = Fixtures.largerCorpus() { files += Fixtures.files(under: corpus, suffixes: [".xcstrings"]) }
        #expect(files.count >= 13)
        for file in files {
            let catalog = try StringCatalog(contentsOfFile: file)
            #expect(catalog.isReadable, "\(file)")
            #expect(catalog.sourceLanguage == "en", "\(file)")
            #expect(!catalog.strings.isEmpty, "\(file)")
            for language in catalog.languages { _ = catalog.compiled(for: language) }
        }
    }

    @Test func pluralAndDeviceVariations() throws {
        let catalog = try Self.catalog("Variations")
        let compiled = Dictionary(uniqueKeysWithValues: catalog.compiled(for: "en").map { ($0.key, $0.value) })
        let plural = try #require(compiled["String.Plural"])
        let formatter = ServerFormatter(locale: "en")
        #expect(formatter.format(plural, arguments: ["0"]).text == "I have no strings", "an explicit zero wins for 0")
        #expect(formatter.format(plural, arguments: ["1"]).text == "I have 1 string")
        #expect(formatter.format(plural, arguments: ["5"]).text == "I have 5 strings")
        #expect(plural.deviceText().text == "%#@arg1@", "assumed name of Xcode's generated variable")
        let device = try #require(compiled["String.Device"])
        #expect(device.deviceText(device: .iphone).text == "Tap to open")
        #expect(device.deviceText(device: .mac).text == "Click to open")
    }

    @Test func substitutions() throws {
        let catalog = try Self.catalog("Substitution")
        let value = try #require(catalog.compiled(for: "en").first?.value)
        let formatter = ServerFormatter(locale: "en")
        #expect(formatter.format(value, arguments: ["Hi", "1", "4"]).text == "Hi! There is 1 string and you have 4 remaining")
        #expect(formatter.format(value, arguments: ["Hi", "3", "1"]).text == "Hi! There are 3 strings and you have 1 remaining")
        #expect(catalog.diagnostics.filter { $0.id == .catalogUntranslated }.count == 3, "needs_review units are reported")
    }

    @Test func sourceLanguageFallsBackToTheKey() {
        let catalog = StringCatalog(
            parsing: Array(
                #"""
                {"sourceLanguage":"en","version":"1.0","strings":{
                  "Hello":{},
                  "k":{"localizations":{"fr":{"stringUnit":{"state":"new","value":"Bonjour"}}}},
                  "brand":{"shouldTranslate":false,"localizations":{"en":{"stringUnit":{"state":"translated","value":"Relay"}},"de":{"stringUnit":{"state":"translated","value":"Relais"}}}}
                }}
                """#.utf8), file: "c.xcstrings")
        let english = catalog.compiled(for: "en").map { "\($0.key)=\($0.value)" }
        #expect(english == ["Hello=text(\"Hello\")", "k=text(\"k\")", "brand=text(\"Relay\")"])
        let german = catalog.compiled(for: "de").map(\.key)
        #expect(german.isEmpty, "shouldTranslate: false is compiled into the source language only")
        #expect(catalog.languages == ["en", "de", "fr"])
        let ids = catalog.diagnostics.map(\.id)
        #expect(ids.contains(.catalogUntranslated) && ids.contains(.catalogNotTranslatable))
    }

    @Test func duplicateJSONKeysAndStructuralErrors() {
        let marked = MarkedText(
            #"""
            {"sourceLanguage":"en","version":"1.0","strings":{
              "a":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"one"}}}},
              1️⃣"a":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"two"}}}},
              "p":{"localizations":{"en":{"variations":{2️⃣"plural":{"one":{"stringUnit":{"state":"translated","value":"x"}}}}}}},
              "s":{3️⃣"localizations":{"en":{"stringUnit":{"state":"translated","value":"%#@n@ and %#@m@"},"substitutions":{"n":{"argNum":1,"formatSpecifier":"lld","variations":{"plural":{"other":{"stringUnit":{"state":"translated","value":"%arg"}}}}}}}}},
              "old":{"extractionState":"stale"}
            }}
            """#)
        let catalog = StringCatalog(parsing: marked.bytes, file: "c.xcstrings")
        func find(_ id: DiagnosticID) -> [Position] { catalog.diagnostics.filter { $0.id == id }.map(\.position) }
        #expect(find(.catalogDuplicateKey) == [marked.location("1️⃣")])
        #expect(catalog.diagnostics.first { $0.id == .catalogDuplicateKey }?.severity == .error)
        #expect(find(.catalogMissingOther) == [marked.location("2️⃣")])
        #expect(find(.catalogUndefinedSubstitution).count == 1)
        #expect(find(.catalogStale).count == 1)
        _ = marked.location("3️⃣")
    }

    @Test func invalidFixturesAreDiagnosedNotFatal() throws {
        for name in ["!MismatchingArgumentType", "!MissingArgument", "!UnsupportedFormatSpecifiers"] {
            let catalog = try Self.catalog(name)
            #expect(catalog.isReadable, "\(name)")
            _ = catalog.compiled(for: "en")
        }
    }

    /// A catalog must render exactly as its compiled .strings + .stringsdict would.
    @Test func catalogRendersLikeItsCompiledFiles() throws {
        let catalogText = #"""
            {"sourceLanguage":"en","version":"1.0","strings":{
              "greet":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"Hi %@"}},"fr":{"stringUnit":{"state":"translated","value":"Salut %@"}}}},
              "count":{"localizations":{"en":{"variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"%lld item"}},"other":{"stringUnit":{"state":"translated","value":"%lld items"}}}}},
                                        "fr":{"variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"%lld élément"}},"other":{"stringUnit":{"state":"translated","value":"%lld éléments"}}}}}}}
            }}
            """#
        let directory = try TemporaryDirectory()
        try directory.write("catalog/Localizable.xcstrings", catalogText)
        for (language, greet, one, other) in [("en", "Hi %@", "%lld item", "%lld items"), ("fr", "Salut %@", "%lld élément", "%lld éléments")] {
            try directory.write("files/\(language).lproj/Localizable.strings", "\"greet\" = \"\(greet)\";")
            try directory.write(
                "files/\(language).lproj/Localizable.stringsdict",
                """
                <plist><dict><key>count</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@arg1@</string>
                <key>arg1</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>lld</string><key>one</key><string>\(one)</string><key>other</key><string>\(other)</string></dict></dict></dict></plist>
                """)
        }
        let fromCatalog = AlertRenderer(app: try AppLocalizations(directory: directory.path + "/catalog"))
        let fromFiles = AlertRenderer(app: try AppLocalizations(directory: directory.path + "/files"))
        #expect(fromCatalog.bundle.names == fromFiles.bundle.names)
        for payloadText in [
            #"{"aps":{"alert":{"loc-key":"greet","loc-args":["Ana"]}}}"#, #"{"aps":{"alert":{"loc-key":"count","loc-args":["1"]}}}"#,
            #"{"aps":{"alert":{"loc-key":"count","loc-args":["7"]}}}"#,
        ] {
            let payload = NotificationPayload(parsing: payloadText)
            for languages in [["fr-CA"], ["en"], ["de", "fr"]] {
                for mode in LocalizationMode.allCases {
                    let a = fromCatalog.localize(payload, preferredLanguages: languages, mode: mode)
                    let b = fromFiles.localize(payload, preferredLanguages: languages, mode: mode)
                    #expect(a.body == b.body, "\(payloadText) \(languages) \(mode)")
                    #expect(a.localization == b.localization)
                }
            }
        }
    }
}
