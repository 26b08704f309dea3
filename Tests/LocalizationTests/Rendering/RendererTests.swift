import Testing

@testable import LocalizedAlerts

/// A small app built in memory, for renderer tests.
func makeApp(_ tables: [String: String], developmentRegion: String? = "en", extraTables: [String: [String: String]] = [:]) -> AppLocalizations {
    var localizations: [AppLocalizations.Localization] = []
    for (name, text) in tables {
        var named: [String: LocalizationTable] = [:]
        if !text.isEmpty {
            named["Localizable"] = LocalizationTable(parsing: Array(text.utf8), file: "\(name).lproj/Localizable.strings")
        }
        for (tableName, tableText) in extraTables[name] ?? [:] {
            named[tableName] = LocalizationTable(parsing: Array(tableText.utf8), file: "\(name).lproj/\(tableName).strings")
        }
        localizations.append(AppLocalizations.Localization(name: name, path: "\(name).lproj", tables: named))
    }
    return AppLocalizations(developmentRegion: developmentRegion, localizations: localizations)
}

@Suite("Renderer")
struct RendererTests {
    let renderer = AlertRenderer(
        app: makeApp([
            "en":
                #""greeting" = "Hello %@"; "pair" = "%2$@ then %1$@"; "count" = "You have %ld new from %@"; "empty" = ""; "plain" = "No args %@ 100%%"; "pct" = "50%é %@";"#,
            "fr": #""greeting" = "Bonjour %@";"#,
            "de": #""greeting" = "Hallo %@""#,  // missing ';': unreadable on a device
            "Base": "",
        ]))

    func render(_ payload: String, _ languages: [String]) -> RenderedAlert {
        renderer.render(NotificationPayload(parsing: payload), preferredLanguages: languages)
    }

    /// The library never hands back a payload to send from one that did not parse or has
    /// errors, nor (unless asked) one whose field would show its key.
    @Test func localizeRefusesWhatMustNotBeSent() {
        for broken in [#"{"aps": {"alert": "#, "", "[1, 2]", #"{"aps": []}"#, #"{"aps": {"alert": {"loc-key": 42}}}"#] {
            for mode in LocalizationMode.allCases {
                for fallback in KeyFallback.allCases {
                    let result = renderer.localize(NotificationPayload(parsing: broken), preferredLanguages: ["en"], mode: mode, fallback: fallback)
                    #expect(result.payload == nil && result.payloadBytes == nil && !result.isSendable, "\(broken) \(mode) \(fallback)")
                    #expect(result.refusal != nil)
                    #expect(result.diagnostics.contains { $0.id == .localizeRefused })
                }
            }
        }
        let missing = NotificationPayload(parsing: #"{"aps":{"alert":{"title-loc-key":"pair","loc-key":"greeting","loc-args":["Ana"]}}}"#)
        let failed = renderer.localize(missing, preferredLanguages: ["fr"])
        #expect(failed.payload == nil && failed.payloadBytes == nil)
        #expect(failed.refusal == #"title-loc-key "pair" would show the key itself in fr"#)
        #expect(failed.fallbacks == [LocalizedPayload.Fallback(field: .title, key: "pair", outcome: .showsKey)])
        let region = renderer.localize(missing, preferredLanguages: ["fr"], fallback: .developmentRegion)
        #expect(region.isSendable)
        #expect(region.title == " then ", "the en text, formatted (no title-loc-args: empty arguments)")
        #expect(region.body == "Bonjour Ana")
        #expect(region.fallbacks == [LocalizedPayload.Fallback(field: .title, key: "pair", outcome: .developmentRegion(localization: "en"))])
        #expect(region.diagnostics.contains { $0.id == .localizeFallback })
        #expect(!region.diagnostics.contains { $0.severity == .error }, "a sendable result carries no error: \(region.diagnostics)")
        let device = renderer.localize(missing, preferredLanguages: ["fr"], fallback: .device)
        #expect(device.title == "pair" && device.isSendable)
        #expect(renderer.localize(missing, preferredLanguages: ["fr"], mode: .device).title == "pair", "device mode is what the phone shows")
    }

    /// The bytes to send are the payload as APNs counts it, written once: without Xcode's
    /// simulator key, `byteCount` long, and written again when the payload is replaced.
    @Test func payloadBytesAreWhatIsSent() throws {
        let apns = NotificationPayload(
            parsing: #"{"Simulator Target Bundle":"com.x","aps":{"alert":{"loc-key":"greeting","loc-args":["Ana"]}},"x":[1,2.50]}"#)
        var result = renderer.localize(apns, preferredLanguages: ["fr"])
        let bytes = try #require(result.payloadBytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"aps":{"alert":{"body":"Bonjour Ana"}},"x":[1,2.50]}"#)
        #expect(bytes.count == result.byteCount)
        #expect(result.payload?.serialized().contains("Simulator Target Bundle") == true, "the document keeps it (for .apns output)")
        result.payload = LocatedJSON(.object([.init(key: "aps", value: .object([]))]))
        #expect(result.payloadBytes.map { String(decoding: $0, as: UTF8.self) } == #"{"aps":{}}"#)
        result.payload = nil
        #expect(result.payloadBytes == nil)
    }

    @Test func locKeyIsLookedUpAndFormatted() {
        let alert = render(#"{"aps":{"alert":{"loc-key":"greeting","loc-args":["Ana"],"title":"Raw %@"}}}"#, ["fr-CA"])
        #expect(alert.localization == "fr")
        #expect(alert.body == RenderedField(text: "Bonjour Ana", source: .localized, key: "greeting", format: "Bonjour %@"))
        #expect(alert.title == RenderedField(text: "Raw %@", source: .raw), "raw values are never formatted")
        #expect(alert.diagnostics.isEmpty)
    }

    @Test func whatARenderingSaysOfTheDeviceChangesOnePropertyAtATime() {
        let alert = render(#"{"aps":{"alert":{"loc-key":"greeting","loc-args":["Ana"]}}}"#, ["fr-CA"])
        #expect(alert.preferredLanguages == ["fr-CA"] && alert.localization == "fr" && alert.searchList.first == "fr")
        var changed = alert
        changed.localization = nil
        #expect(changed.localization == nil && changed.preferredLanguages == ["fr-CA"] && changed.searchList == alert.searchList)
        changed.preferredLanguages = ["de"]
        changed.searchList = ["de", "en"]
        #expect(changed.preferredLanguages == ["de"] && changed.searchList == ["de", "en"] && changed.localization == nil)
        #expect(changed != alert && changed.body == alert.body)
        // The original is untouched, and equal to a second rendering in the same context.
        #expect(alert.localization == "fr" && alert == render(#"{"aps":{"alert":{"loc-key":"greeting","loc-args":["Ana"]}}}"#, ["fr-CA"]))
    }

    @Test func reorderedArguments() {
        #expect(render(#"{"aps":{"alert":{"loc-key":"pair","loc-args":["A","B"]}}}"#, ["en"]).body?.text == "B then A")
    }

    @Test func noPerKeyFallback() {
        // "pair" exists in en but not in fr: a French device never looks in en.
        let alert = render(#"{"aps":{"alert":{"loc-key":"pair","loc-args":["A","B"]}}}"#, ["fr"])
        #expect(alert.body?.text == "pair")
        #expect(alert.body?.source == .key)
        #expect(alert.diagnostics.map(\.id) == [.payloadKeyMissing])
        #expect(alert.diagnostics.first?.severity == .error)
        let withBody = render(#"{"aps":{"alert":{"loc-key":"pair","loc-args":["A","B"],"body":"Fallback %@"}}}"#, ["fr"])
        #expect(withBody.body == RenderedField(text: "Fallback A", source: .fallbackText, key: "pair", format: "Fallback %@"))
        #expect(Set(withBody.diagnostics.map(\.id)) == [.payloadKeyMissingRawText, .renderBodyWithLocKey])
        #expect(withBody.diagnostics.first { $0.id == .payloadKeyMissingRawText }?.severity == .warning)
    }

    @Test func unparsableTableIsEmptyOnTheDevice() {
        let alert = render(#"{"aps":{"alert":{"loc-key":"greeting","loc-args":["Ana"]}}}"#, ["de"])
        #expect(alert.localization == "de")
        #expect(alert.body?.text == "greeting")
        #expect(alert.diagnostics.contains { $0.id == .renderUnreadableTable })
    }

    /// Found by a held-out differential test: an empty translation showed the payload's raw
    /// body. CoreFoundation returns the empty string (a hit), so the device shows the key.
    @Test func anEmptyTranslationShowsTheKeyNotTheRawText() {
        let alert = render(#"{"aps":{"alert":{"loc-key":"empty","body":"Hi"}}}"#, ["en"])
        #expect(alert.body == RenderedField(text: "empty", source: .key, key: "empty", format: ""))
        #expect(alert.diagnostics.map(\.id).contains(.renderEmptyResult))
        let payload = NotificationPayload(parsing: #"{"aps":{"alert":{"loc-key":"empty","body":"Hi"}}}"#)
        for mode in LocalizationMode.allCases {
            #expect(renderer.localize(payload, preferredLanguages: ["en"], mode: mode).body == "empty", "\(mode)")
        }
    }

    /// Found by a held-out differential test: a .strings file that does not parse (or is zero
    /// bytes) also discarded the .stringsdict. CFBundle starts from the stringsdict's table, so
    /// its keys still resolve; the rest fall back.
    @Test func aBrokenStringsFileKeepsItsStringsdict() {
        let plural = Array(#"<plist><dict><key>K</key><string>From the stringsdict %@</string></dict></plist>"#.utf8)
        func localization(_ name: String, strings: String?) -> AppLocalizations.Localization {
            AppLocalizations.Localization(
                name: name, path: nil,
                tables: strings.map { ["Localizable": LocalizationTable(parsing: Array($0.utf8), file: "\(name)/Localizable.strings")] } ?? [:],
                stringsDictionaries: ["Localizable": StringsDictionary(parsing: plural, file: "\(name)/Localizable.stringsdict")])
        }
        let app = AppLocalizations(
            developmentRegion: "en",
            localizations: [
                localization("en", strings: #""K" = "en %@"; "L" = "en only";"#),
                localization("fr", strings: #""K" = "fr %@" "L" = "fr";"#),  // missing ';'
                localization("de", strings: ""),  // zero bytes
            ])
        let renderer = AlertRenderer(app: app)
        let payload = NotificationPayload(parsing: #"{"aps":{"alert":{"loc-key":"K","loc-args":["Ana"],"title-loc-key":"L"}}}"#)
        for language in ["fr", "de"] {
            let alert = renderer.render(payload, preferredLanguages: [language])
            #expect(alert.localization == language)
            #expect(alert.body?.text == "From the stringsdict Ana", "\(language)")
            #expect(alert.title?.text == "L" && alert.title?.source == .key, "\(language): the .strings keys fall back")
            #expect(alert.diagnostics.contains { $0.id == .renderUnreadableTable && $0.message.contains("not in its .stringsdict") })
            #expect(renderer.localize(payload, preferredLanguages: [language], mode: .server).body == "From the stringsdict Ana")
        }
    }

    @Test func theDeviceFormatterRulesApply() {
        let counted = render(#"{"aps":{"alert":{"loc-key":"count","loc-args":["3","Bob"]}}}"#, ["en"])
        #expect(counted.body?.text == "You have d new from 3")
        #expect(counted.diagnostics.contains { $0.id == .pushUnsupportedSpecifier && $0.message.contains("%ld") })
        let missing = render(#"{"aps":{"alert":{"loc-key":"pair","loc-args":["A"]}}}"#, ["en"])
        #expect(missing.body?.text == "<null> then A")
        #expect(missing.diagnostics.map(\.id) == [.payloadTooFewArguments])
        let verbatim = render(#"{"aps":{"alert":{"loc-key":"plain"}}}"#, ["en"])
        #expect(verbatim.body?.text == "No args %@ 100%%", "no arguments: shown verbatim")
        #expect(verbatim.diagnostics.map(\.id) == [.renderUnformattedPlaceholder])
        let empty = render(#"{"aps":{"alert":{"loc-key":"empty","loc-args":["x"]}}}"#, ["en"])
        #expect(empty.body?.text == "empty" && empty.body?.source == .key, "an empty value falls back to the key")
        let split = render(#"{"aps":{"alert":{"loc-key":"pct","loc-args":["x"]}}}"#, ["en"])
        #expect(split.body?.text == "pct")
        #expect(split.diagnostics.contains { $0.id == .pushPercentBeforeNonASCII })
    }

    /// A text that drops thousands of specifiers: each reported one names its own specifier
    /// (the pairing walks both lists once), and a rendering lists at most 50 of a kind.
    @Test func manyDroppedSpecifiersAreNamedAndCapped() {
        let value = (0..<3_000).map { "%\($0 % 7 + 1)d x" }.joined(separator: " ")
        let app = makeApp(["en": "\"many\" = \"\(value)\";"])
        let alert = AlertRenderer(app: app).render(
            NotificationPayload(parsing: #"{"aps":{"alert":{"loc-key":"many","loc-args":["a"]}}}"#), preferredLanguages: ["en"])
        let dropped = alert.diagnostics.filter { $0.id == .pushUnsupportedSpecifier }
        #expect(dropped.count == 50)
        for (index, diagnostic) in dropped.enumerated() {
            #expect(diagnostic.message.contains("uses %\(index % 7 + 1)d: the device drops it and shows \"d\""), "\(diagnostic.message)")
        }
        #expect(dropped.last?.message.hasSuffix("(and 2950 more like this in this rendering, not listed)") == true)
    }

    /// A field found in a table gives its key and format from the entry; it equals, and hashes
    /// as, the same field made from strings, and changing one keeps the other.
    @Test func aFieldFromATableIsTheFieldOfItsStrings() throws {
        let body = render(#"{"aps":{"alert":{"loc-key":"pair","loc-args":["A","B"]}}}"#, ["en"]).body
        let field = try #require(body)
        let written = RenderedField(text: field.text, source: field.source, key: "pair", format: field.format)
        #expect(field.key == "pair" && field.format != nil)
        #expect(field == written && field.hashValue == written.hashValue)
        var changed = field
        changed.key = "other"
        #expect(changed.key == "other" && changed.format == field.format && changed != field)
        changed.format = nil
        #expect(changed.key == "other" && changed.format == nil)
    }

    /// What shows of a dropped specifier is counted in characters, as `dropFirst` counts
    /// them, whether or not the specifier is plain ASCII.
    @Test func aDroppedSpecifiersLeftoverIsCountedInCharacters() {
        for (specifier, dropped) in [
            ("%ld", "%l"), ("%5$d", "%5"), ("%.2f", "%."), ("%é", "%"), ("%l\u{301}d", "%l"), ("%\r\nx", "%\r"), ("% d", "% "), ("%@", "%@"),
        ] {
            #expect(FieldResolver.leftover(of: specifier, dropping: dropped) == String(specifier.dropFirst(dropped.count)), "\(specifier)")
        }
        #expect(FieldResolver.leftover(of: "%ld", dropping: "%l") == "d")
        #expect(FieldResolver.leftover(of: "%\r\nx", dropping: "%\r") == "x", "CR LF is one character")
    }

    @Test func onlyLocalizableIsRead() {
        let app = makeApp(["en": #""a" = "A";"#], extraTables: ["en": ["Notifications": #""n" = "N";"#]])
        let alert = AlertRenderer(app: app).render(NotificationPayload(parsing: #"{"aps":{"alert":{"loc-key":"n"}}}"#), preferredLanguages: ["en"])
        #expect(alert.body?.text == "n")
    }

    @Test func baseIsSearchedRightAfterTheFirstLocalization() {
        let app = makeApp(["en": #""k" = "English";"#, "fr": "", "Base": #""k" = "Base";"#])
        let renderer = AlertRenderer(app: app)
        let french = renderer.render(NotificationPayload(parsing: #"{"aps":{"alert":{"loc-key":"k"}}}"#), preferredLanguages: ["fr"])
        #expect(french.searchList == ["fr", "en"])
        #expect(french.localization == "Base", "fr has no Localizable table; Base comes before en")
        #expect(french.body?.text == "Base")
    }

    @Test func silentAndFlags() {
        let alert = render(#"{"aps":{"content-available":1},"x":1}"#, ["en"])
        #expect(alert.isSilent && !alert.showsAlert)
        let mutable = render(#"{"aps":{"alert":"x","mutable-content":1,"interruption-level":"passive"}}"#, ["en"])
        #expect(mutable.mutableContent && mutable.interruptionLevel == .passive && mutable.showsAlert)
    }

    @Test func everyLocalization() {
        let renders = renderer.renderForEveryLocalization(NotificationPayload(parsing: #"{"aps":{"alert":{"loc-key":"greeting","loc-args":["A"]}}}"#))
        #expect(renders.map(\.preferredLanguages) == [["de"], ["en"], ["fr"]])
        #expect(renders.map { $0.body?.text } == ["greeting", "Hello A", "Bonjour A"])
    }

    @Test func sharedAcrossThreads() async {
        let renderer = self.renderer
        let payload = NotificationPayload(parsing: #"{"aps":{"alert":{"loc-key":"greeting","loc-args":["Ana"]}}}"#)
        await withTaskGroup(of: String?.self) { group in
            for index in 0..<200 {
                group.addTask { renderer.render(payload, preferredLanguages: index % 2 == 0 ? ["fr"] : ["fr", "en"]).body?.text }
            }
            for await text in group { #expect(text == "Bonjour Ana") }
        }
    }
}
