import Testing

@testable import LocalizedAlerts

/// `payload.localized-too-large` sizes every payload in every localization from the fields'
/// server text alone. These tests hold that size to the one `localize` writes, byte for byte.
@Suite("Localized payload size")
struct LocalizedPayloadSizeTests {
    /// Texts that escape differently in JSON: quotes, backslashes, control characters, U+2028,
    /// multi-byte characters; a plural; a key one localization lacks; a value the device shows
    /// as its key.
    static let app = AppLocalizations(localizations: [
        .init(
            name: "en", path: nil,
            tables: [
                "Localizable": LocalizationTable(
                    parsing: Array(
                        #"""
                        "t" = "Title \"quoted\" \\ back";
                        "s" = "Tab\there\U2028line";
                        "b" = "%1$@ sent %2$@ files";
                        "c" = "\U0001 control \U001F";
                        "e" = "";
                        "long" = "\#(String(repeating: "Lorem ipsum dolor sit amet. ", count: 100))";
                        """#.utf8), file: "en.lproj/Localizable.strings")
            ]),
        .init(
            name: "de", path: nil,
            tables: [
                "Localizable": LocalizationTable(
                    parsing: Array(
                        #"""
                        "t" = "Titel „zitiert“ 🎉";
                        "b" = "%1$@ hat %2$@ Dateien gesendet";
                        "long" = "\#(String(repeating: "Längerer deutscher Text. ", count: 170))";
                        """#.utf8), file: "de.lproj/Localizable.strings")
            ]),
    ])

    static let payloads = [
        #"{"aps":{"alert":{"title-loc-key":"t","subtitle-loc-key":"s","loc-key":"b","loc-args":["Ana","3"]}}}"#,
        #"{"aps":{"alert":{"loc-key":"c"},"sound":"default"},"x":[1,2,{"y":"\u2028"}]}"#,
        #"{"aps":{"alert":{"title":"Raw","loc-key":"missing","body":"fallback \"text\""}}}"#,
        #"{"aps":{"alert":{"loc-key":"e","title-loc-key":"missing"}},"Simulator Target Bundle":"com.example"}"#,
        #"{"aps":{"alert":{"loc-key":"long","title-loc-key":"t","title-loc-args":["unused"]}},"pad":"\#(String(repeating: "p", count: 1_000))"}"#,
        #"{"aps":{"alert":{"loc-key":"b","loc-args":["Ana"],"loc-key":"t"},"alert":{"loc-key":"s"}}}"#,
    ].map { NotificationPayload(parsing: Array($0.utf8)) }

    @Test(arguments: 0..<payloads.count)
    func theSizeFromTextsIsTheSizeLocalizeWrites(index: Int) {
        let payload = Self.payloads[index]
        let renderer = AlertRenderer(app: Self.app)
        var size = LocalizedPayloadSize(payload)
        var scratch: [UInt8] = []
        for language in ["en", "de", "fr"] {
            let localized = renderer.localize(payload, preferredLanguages: [language], mode: .server)
            let texts = renderer.serverTexts(payload, in: renderer.context(preferredLanguages: [language]), language: language)
            #expect(texts.title == localized.title && texts.subtitle == localized.subtitle && texts.body == localized.body, "\(language)")
            #expect(size.byteCount(texts, scratch: &scratch) == localized.byteCount, "\(language)")
        }
    }

    @Test func germanTextThatOverflowsIsReportedWithItsSize() {
        let payload = Self.payloads[4]
        let renderer = AlertRenderer(app: Self.app)
        let german = renderer.localize(payload, preferredLanguages: ["de"], mode: .server)
        let english = renderer.localize(payload, preferredLanguages: ["en"], mode: .server)
        #expect(german.exceedsLimit && !english.exceedsLimit, "\(german.byteCount) \(english.byteCount)")
        let findings = Linter().lint(Self.app, payloads: [payload]).filter { $0.id == PayloadSizeRule.id }
        #expect(findings.map(\.message) == ["localized, this payload exceeds APNs' 4,096 bytes for de (\(german.byteCount) bytes)"])
    }
}
