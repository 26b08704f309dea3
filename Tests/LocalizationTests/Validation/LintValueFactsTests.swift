import Testing

@testable import LocalizedAlerts

/// The facts a lint works out once for every value stand for looking each value up in the
/// reference's table and comparing signatures: held here to those lookups and signatures, so
/// that a rule reading a fact reads what a lookup would have found.
@Suite("Lint value facts")
struct LintValueFactsTests {
    /// Pieces formats are made of: unnumbered and numbered specifiers of every argument type,
    /// `*` widths, `50% off`-style accidents, `%%`, invalid ones, positions past what packs.
    static let pieces = [
        "%d", "%@", "%1$@", "%2$d", "%2$@", "%3$f", "%*d", "%1$*2$d", "% d", "%% ", "%lld", "%f", "%c", "%s", "%p", "%n",
        "%4$@", "%5$d", "%255$d", "%256$@", "%0$d", "%", "%y", " text ", "é",
    ]

    /// Seeded formats of up to six pieces.
    static func formats(count: Int, seed: UInt64) -> [String] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0..<count).map { _ in (0..<next(7)).map { _ in pieces[next(pieces.count)] }.joined() }
    }

    @Test func packedSignaturesAreEqualExactlyWhenSignaturesAre() {
        let texts = Self.formats(count: 2000, seed: 20_261_129)
        let formats = texts.map(FormatString.init)
        let signatures = formats.map { IncompatibleSpecifiersRule.signature($0).map { "\($0.position):\($0.type)" } }
        let packed = formats.map(IncompatibleSpecifiersRule.packedSignature)
        var packedCount = 0
        for (signature, packed) in zip(signatures, packed) {
            // Only what does not fit is left unpacked: more than four arguments, or a position past 255.
            let fits = signature.count <= 4 && signature.allSatisfy { Int($0.split(separator: ":")[0])! <= 255 }
            #expect((packed != nil) == fits, "\(signature)")
            if packed != nil { packedCount += 1 }
        }
        #expect(packedCount > 1400, "the generated formats mostly pack")
        // One signature per packed number and one packed number per signature: equal exactly when equal.
        var signatureOfPacked: [UInt64: [String]] = [:]
        var packedOfSignature: [[String]: UInt64] = [:]
        for index in formats.indices {
            guard let number = packed[index] else { continue }
            let signature = signatures[index]
            #expect(signatureOfPacked[number, default: signature] == signature, "\(texts[index])")
            #expect(packedOfSignature[signature, default: number] == number, "\(texts[index])")
            signatureOfPacked[number] = signature
            packedOfSignature[signature] = number
        }
        #expect(signatureOfPacked.count > 100, "the generated formats have many signatures")
    }

    /// Seeded `.strings` text: keys `k<first>`… with the seeded formats, shifted.
    static func strings(_ keys: Range<Int>, shift: Int) -> String {
        let texts = formats(count: 40, seed: 7)
        return keys.map { "\"k\($0)\" = \"\(texts[($0 + shift) % texts.count])\";\n" }.joined()
    }

    @Test func factsAgreeWithLookingEachValueUp() throws {
        let directory = try TemporaryDirectory()
        try directory.write("en.lproj/Localizable.strings", Self.strings(0..<30, shift: 0))
        try directory.write("fr.lproj/Localizable.strings", Self.strings(5..<35, shift: 0))
        try directory.write("de.lproj/Localizable.strings", Self.strings(0..<30, shift: 3))
        try directory.write("Base.lproj/Localizable.strings", Self.strings(0..<10, shift: 0))
        try directory.write("ar.lproj/Other.strings", Self.strings(0..<5, shift: 0))
        try directory.write("en.lproj/Empty.strings", "")
        try directory.write("fr.lproj/Empty.strings", Self.strings(0..<3, shift: 0))
        // A key in both parts of the reference's table and of another's: the stringsdict's wins.
        try directory.write("en.lproj/Localizable.stringsdict", LintRuleTests.plural("k4", [("one", "%d file"), ("other", "%d files")]))
        try directory.write("fr.lproj/Localizable.stringsdict", LintRuleTests.plural("k6", [("one", "%d fichier"), ("other", "%d fichiers")]))
        // A reference whose .strings does not parse: only its stringsdict is read.
        try directory.write("en.lproj/Broken.strings", "\"k1\" = \"one\"\n\"k2\" = ")
        try directory.write("en.lproj/Broken.stringsdict", LintRuleTests.plural("k1", [("other", "%d")]))
        try directory.write("de.lproj/Broken.strings", Self.strings(0..<4, shift: 0))
        let app = try AppLocalizations(directory: directory.path)
        try Self.expectFactsAgree(app, reference: "en")
        let facts = LintContext(model: LocalizationModel(app)).valueFacts
        #expect(facts.contains { $0.inReference == .noTable } && facts.contains { $0.inReference == .missing })
        #expect(facts.contains(where: \.isBase) && facts.contains { !$0.isPlainText })
    }

    @Test func factsAgreeWhenBaseIsTheReference() throws {
        let directory = try TemporaryDirectory()
        try directory.write("Base.lproj/Localizable.strings", Self.strings(0..<20, shift: 0))
        try directory.write("fr.lproj/Localizable.strings", Self.strings(3..<25, shift: 1))
        try directory.write("ja.lproj/Localizable.strings", Self.strings(0..<20, shift: 0))
        let app = try AppLocalizations(directory: directory.path)
        try Self.expectFactsAgree(app, reference: "Base")
        #expect(LintContext(model: LocalizationModel(app)).valueFacts.contains { $0.inReference == .missing })
    }

    @Test func factsAgreeOverAStringCatalog() throws {
        let directory = try TemporaryDirectory()
        func unit(_ value: String) -> String { #"{ "stringUnit" : { "state" : "translated", "value" : "\#(value)" } }"# }
        let strings = (0..<12).map { key in
            let languages = ["en", "fr", "de"].enumerated().filter { key % 4 != $0.offset + 1 }.map {
                "\"\($0.element)\" : \(unit(["%d of %@", "%@ : %d", "%1$@ %2$d", "plain"][(key + $0.offset) % 4]))"
            }
            return "\"k\(key)\" : { \"localizations\" : { \(languages.joined(separator: ", ")) } }"
        }
        try directory.write(
            "Localizable.xcstrings", "{ \"sourceLanguage\" : \"en\", \"strings\" : { \(strings.joined(separator: ", ")) }, \"version\" : \"1.0\" }")
        let catalog = try StringCatalog(contentsOfFile: directory.path + "/Localizable.xcstrings")
        #expect(catalog.isReadable)
        var app = AppLocalizations(localizations: [], catalogs: ["Localizable": catalog])
        app.developmentRegion = "en"
        try Self.expectFactsAgree(app, reference: "en")
    }

    /// Every value's facts against looking it up in the reference's table, for both kinds of model.
    static func expectFactsAgree(_ app: AppLocalizations, reference expectedReference: String) throws {
        for compiling in [true, false] {
            let context = LintContext(model: LocalizationModel(app, compilingDeviceFormats: compiling))
            let reference = try #require(context.reference)
            #expect(reference == expectedReference)
            #expect(context.valueFacts.count == context.values.count)
            #expect(context.values.count > 10)
            var seen: Set<LintContext.ValueFacts.InReference> = []
            for (value, fact) in zip(context.values, context.valueFacts) {
                let base = context.model.table(value.table, localization: reference)
                let expected: LintContext.ValueFacts.InReference =
                    if value.localization == reference {
                        .isReference
                    } else if let base, !base.entries.isEmpty {
                        base.entry(value.key).map { found in .at(context.values.firstIndex { $0 === found }!) } ?? .missing
                    } else {
                        .noTable
                    }
                #expect(fact.inReference == expected, "\(value.localization) \(value.table) \(value.key)")
                #expect(fact.isBase == (value.localization == "Base"))
                #expect(fact.isPlainText == (value.localized == nil))
                #expect(fact.packedSignature == (value.localized == nil ? IncompatibleSpecifiersRule.packedSignature(value.format) : nil))
                seen.insert(fact.inReference)
                let range = try #require(context.valueRange(table: value.table, localization: value.localization))
                #expect(range.contains(context.values.firstIndex { $0 === value }!))
                // Compiled with the model or when first asked for, the same format.
                #expect(value.deviceFormat == DeviceFormat(value.text))
            }
            #expect(seen.contains(.isReference))
            #expect(seen.contains { if case .at = $0 { true } else { false } })
        }
    }
}
