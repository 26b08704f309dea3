import LocalizedAlerts
import Testing

/// A request's `"languages"` follow `--language`'s rule: a list that is not one is refused,
/// never answered in the development region as if the device had no language.
@Suite("Localization requests: languages")
struct LocalizationRequestTests {
    static let payload = #"{"aps":{"alert":{"loc-key":"call.missed.body","loc-args":["Ana"]}}}"#

    static func parse(_ languages: String) -> Result<LocalizationRequest, LocalizationRequest.Failure> {
        LocalizationRequest.parse(request: Array(#"{"payload": \#(payload), "languages": \#(languages), "id": "r3"}"#.utf8))
    }

    @Test(
        "A list that is not one is refused, naming the value",
        arguments: [
            (#""fr;en""#, #""languages" takes language IDs separated by commas, such as fr-CA,en; got "fr;en" ("fr;en" is not a language ID)"#),
            (#""fr,,en""#, #""languages" takes language IDs separated by commas, such as fr-CA,en; got "fr,,en" (an empty item)"#),
            (#""""#, #""languages" takes language IDs separated by commas, such as fr-CA,en; got "" (an empty item)"#),
            (#""fr,\ten""#, #"("\#ten" is not a language ID)"#),
            ("[]", #""languages" holds no languages; give at least one, such as ["fr-CA", "en"]"#),
            (#"[""]"#, #""languages" holds one language ID per item, such as ["fr-CA", "en"]; item 1 is empty"#),
            (#"["fr;en"]"#, #""languages" holds one language ID per item, such as ["fr-CA", "en"]; item 1 is "fr;en", not a language ID"#),
            (#"["en", "fr-CA,en"]"#, #"item 2 is "fr-CA,en", not a language ID"#),
            (#"[" fr"]"#, #"item 1 is " fr", not a language ID"#),
        ])
    func refused(languages: String, message: String) {
        guard case .failure(let failure) = Self.parse(languages) else {
            Issue.record("\(languages) was taken")
            return
        }
        #expect(failure.message.contains(message), "\(failure.message)")
        #expect(failure.id?.stringValue == "r3", "the line's id is kept for its answer")
        // A batch line says the same.
        let line = LocalizationRequest.parse(line: Array(#"{"payload": \#(Self.payload), "languages": \#(languages)}"#.utf8), lineNumber: 4)
        #expect((try? line.get()) == nil)
    }

    /// The rule itself: what `--language` takes (and so a batch line, and the HTTP service).
    @Test func theRuleIsOneForEveryWayLanguagesComeIn() throws {
        #expect(try PreferredLanguages.parse("fr-CA, en", naming: "--language").get() == ["fr-CA", "en"])
        // A language no app has is a device's as much as any: the matcher decides what it gets.
        #expect(try PreferredLanguages.parse("xx", naming: "--language").get() == ["xx"])
        let identifiers = ["sr@latin", "en_US", "zh-Hant-HK", "de-DE@collation=phonebook", "x.y", "XX9"]
        #expect(try PreferredLanguages.parse(items: identifiers, naming: "x").get() == identifiers)
        #expect(try PreferredLanguages.parse(identifiers.joined(separator: ","), naming: "x").get() == identifiers)
        for refused in ["fr;en", "fr,,en", "", " ", "fr,", "é", "fr en", "fr\u{0}", "fr+CA", "zh/Hans"] {
            #expect((try? PreferredLanguages.parse(refused, naming: "--language").get()) == nil, "\(refused.debugDescription)")
        }
        #expect(
            PreferredLanguages.parse("fr;en", naming: "--language")
                == .failure(
                    PreferredLanguages.Failure(
                        message: #"--language takes language IDs separated by commas, such as fr-CA,en; got "fr;en" ("fr;en" is not a language ID)"#))
        )
        // In an array each item is one language: a comma is not split there.
        #expect((try? PreferredLanguages.parse(items: ["fr-CA,en"], naming: "x").get()) == nil)
        #expect((try? PreferredLanguages.parse(items: [], naming: "x").get()) == nil)
        // A request reads its languages so, in either form.
        #expect(try Self.parse(#""xx, ja""#).get().preferredLanguages == ["xx", "ja"])
        #expect(try Self.parse(#"["xx"]"#).get().preferredLanguages == ["xx"])
        #expect(try Self.parse(#"["\#(identifiers.joined(separator: #"", ""#))"]"#).get().preferredLanguages == identifiers)
    }
}
