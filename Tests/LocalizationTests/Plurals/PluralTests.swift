import Foundation
import Testing

@testable import LocalizedAlerts

@Suite("Plural rules and server formatting")
struct PluralTests {
    @Test func icuCategories() {
        let arabic = PluralRules(locale: "ar")
        #expect(arabic.categories == [.zero, .one, .two, .few, .many, .other])
        let arabicNumbers: [Double] = [0, 1, 2, 3, 11, 100]
        let arabicCategories: [PluralCategory] = arabicNumbers.map { arabic.category(for: $0) }
        #expect(arabicCategories == [.zero, .one, .two, .few, .many, .other])
        let russian = PluralRules(locale: "ru")
        let russianNumbers: [Double] = [1, 2, 5, 21, 22, 25]
        let russianCategories: [PluralCategory] = russianNumbers.map { russian.category(for: $0) }
        #expect(russianCategories == [.one, .few, .many, .one, .few, .many])
        #expect(russian.category(for: 1.5, fractionDigits: 1) == .other)
        let english = PluralRules(locale: "en")
        #expect(english.category(for: 1) == .one)
        #expect(english.category(for: 1, fractionDigits: 1) == .other, "1.0 is not one")
        #expect(PluralRules(locale: "ja").categories == [.other])
        #expect(PluralRules(locale: "pt-PT").category(for: 0) == .other)
        #expect(PluralRules(locale: "pt-BR").category(for: 0) == .one)
    }

    @Test func appleZeroRule() {
        let english = PluralRules(locale: "en")
        #expect(english.form(for: 0, isInteger: true, available: ["zero", "one", "other"]) == "zero")
        #expect(english.form(for: 0, isInteger: true, available: ["one", "other"]) == "other")
        #expect(english.form(for: 0, isInteger: false, available: ["zero", "one", "other"]) == "other", "0.0 selects by CLDR")
        #expect(
            PluralRules(locale: "ru").form(for: 3, isInteger: true, available: ["one", "other"]) == "other", "a missing form falls back to other")
    }

    @Test func sampleArabicSixForms() throws {
        let dictionary = try StringsDictionary(contentsOfFile: Fixtures.repositoryRoot + "/Resources/strings/ar.lproj/Localizable.stringsdict")
        let value = try #require(dictionary["inbox.unread.summary"])
        let formatter = ServerFormatter(numberLocale: "ar-u-nu-latn", pluralLocale: "ar")
        #expect(formatter.format(value, arguments: ["0"]).text == "لا توجد رسائل غير مقروءة")
        #expect(formatter.format(value, arguments: ["1"]).text == "رسالة واحدة غير مقروءة")
        #expect(formatter.format(value, arguments: ["2"]).text == "رسالتان غير مقروءتين")
        #expect(formatter.format(value, arguments: ["3"]).text == "3 رسائل غير مقروءة")
        #expect(formatter.format(value, arguments: ["11"]).text == "11 رسالة غير مقروءة")
        #expect(formatter.format(value, arguments: ["100"]).text == "100 رسالة غير مقروءة")
    }

    @Test func numbersForTheLocale() {
        #expect(ServerFormatter(locale: "en").format("%d items, %.2f km", arguments: ["1234", "3.5"]).text == "1,234 items, 3.50 km")
        #expect(ServerFormatter(locale: "de").format("%d Elemente, %.2f km", arguments: ["1234", "3.5"]).text == "1.234 Elemente, 3,50 km")
        #expect(ServerFormatter(locale: "ar").format("%d", arguments: ["12"]).text == "١٢")
        #expect(ServerFormatter(locale: "en").format("%2$@ then %1$@ %%", arguments: ["A", "B"]).text == "B then A %")
        #expect(ServerFormatter(locale: "en").format("[%5@|%-4d|%03d|%x]", arguments: ["ab", "7", "7", "255"]).text == "[   ab|7   |007|ff]")
        // Scientific forms as C's printf writes them, whatever the locale.
        #expect(ServerFormatter(locale: "de").format("%.2e, %g, %E", arguments: ["12345.678", "0.5", "-2"]).text == "1.23e+04, 0.5, -2.000000E+00")
        let missing = ServerFormatter(locale: "en").format("%@ and %@", arguments: ["A"])
        #expect(missing.text == "A and ")
        #expect(missing.problems.count == 1)
    }

    @Test func deviceShowsTheVariableWhileServerResolvesThePlural() throws {
        let app = try AppLocalizations(directory: Fixtures.repositoryRoot + "/Resources/strings")
        let renderer = AlertRenderer(app: app)
        let payload = NotificationPayload(
            parsing: #"{"aps":{"alert":{"title-loc-key":"inbox.unread.summary","title-loc-args":["3"],"body":"Tap"}},"x":1}"#)
        let device = renderer.localize(payload, preferredLanguages: ["en"], mode: .device)
        #expect(device.title == "@messages@")
        #expect(device.diagnostics.contains { $0.id == .pushPluralVariable })
        let server = renderer.localize(payload, preferredLanguages: ["en"], mode: .server)
        #expect(server.title == "3 unread messages")
        #expect(server.payload?.serialized() == #"{"aps":{"alert":{"title":"3 unread messages","body":"Tap"}},"x":1}"#)
        #expect(renderer.localize(payload, preferredLanguages: ["he"]).title == "3 הודעות שלא נקראו")
        #expect(renderer.localize(payload, preferredLanguages: ["fr-CA"]).title == "3 messages non lus")
    }

    @Test func localizedPayloadsKeepEverythingElse() throws {
        let renderer = AlertRenderer(app: try AppLocalizations(directory: Fixtures.repositoryRoot + "/Resources/strings"))
        let payload = NotificationPayload(
            parsing:
                #"{"z":[1,2.50,{"k":null}],"aps":{"badge":1,"alert":{"launch-image":"L","title-loc-key":"call.missed.title","loc-key":"call.missed.body","loc-args":["Samir"],"action-loc-key":"OPEN"},"sound":"default"},"a":true}"#
        )
        let result = renderer.localize(payload, preferredLanguages: ["de"])
        #expect(
            result.payload?.serialized()
                == #"{"z":[1,2.50,{"k":null}],"aps":{"badge":1,"alert":{"launch-image":"L","title":"Verpasster Anruf","body":"Samir hat versucht, dich anzurufen.","action-loc-key":"OPEN"},"sound":"default"},"a":true}"#
        )
        #expect(result.byteCount == result.payload?.serialized().utf8.count ?? -1)
        #expect(!result.exceedsLimit)
    }

    /// Found by an audit: with two "aps" members only the second (the one a device reads) was
    /// rewritten, so the first still carried its raw loc-key to APNs.
    @Test func duplicateApsMembersAreNotSentWithRawKeys() throws {
        let renderer = AlertRenderer(app: try AppLocalizations(directory: Fixtures.repositoryRoot + "/Resources/strings"))
        let payload = NotificationPayload(
            parsing:
                #"{"aps":{"alert":{"loc-key":"call.missed.body","loc-args":["A"]}},"x":1,"aps":{"alert":{"loc-key":"call.missed.body","loc-args":["B"]},"alert":{"loc-key":"call.missed.body","loc-args":["C"]}}}"#
        )
        let result = renderer.localize(payload, preferredLanguages: ["de"])
        #expect(result.payload?.serialized() == #"{"x":1,"aps":{"alert":{"body":"C hat versucht, dich anzurufen."}}}"#)
        #expect(result.diagnostics.contains { $0.id == .jsonDuplicateKey })
    }

    /// Found by an audit: server mode answered wrong-typed fields with no diagnostic at all.
    /// What is wrong with the payload is reported in both modes.
    @Test func wrongTypedFieldsAreReportedWhenLocalizing() throws {
        let renderer = AlertRenderer(app: try AppLocalizations(directory: Fixtures.repositoryRoot + "/Resources/strings"))
        for (json, expected) in [
            (#"{"aps":{"alert":{"loc-key":42}}}"#, "\"loc-key\" is a number"),
            (#"{"aps":{"alert":{"loc-key":"call.missed.body","loc-args":"Ana"}}}"#, "\"loc-args\" is a string"),
            (#"{"aps":{"alert":{"loc-key":"call.missed.body","loc-args":[{"name":"Ana"}]}}}"#, "loc-args[0] is an object"),
            (#"{"aps":[]}"#, "\"aps\" is an array"),
        ] {
            for mode in LocalizationMode.allCases {
                let result = renderer.localize(NotificationPayload(parsing: json), preferredLanguages: ["fr"], mode: mode)
                #expect(result.diagnostics.contains { $0.message.contains(expected) }, "\(mode): \(json)")
            }
        }
    }

    /// Found by an audit: 9,347 diagnostics came back for one payload from a 1.5 KB table.
    @Test func localizedPayloadsListFewDiagnosticsOfAKind() {
        let value = String(repeating: "%d %@ ", count: 3_000)
        let app = AppLocalizations(localizations: [
            .init(name: "en", path: nil, tables: ["Localizable": LocalizationTable(parsing: Array("\"k\" = \"\(value)\";".utf8))])
        ])
        let payload = NotificationPayload(parsing: #"{"aps":{"alert":{"loc-key":"k","loc-args":["x"]}}}"#)
        for mode in LocalizationMode.allCases {
            let result = AlertRenderer(app: app).localize(payload, preferredLanguages: ["en"], mode: mode)
            let counts = Dictionary(grouping: result.diagnostics, by: \.id).mapValues(\.count)
            #expect(counts.values.allSatisfy { $0 <= DeviceContext.diagnosticsPerKind }, "\(mode): \(counts)")
            #expect(result.diagnostics.contains { $0.message.contains("more like this in this") }, "\(mode)")
        }
    }
}

@Suite("Server formatting shortcuts")
struct ServerFormattingShortcutTests {
    /// Formatting an entry's parsed format skips the expansion pass when the format names no
    /// variable: on every value of the sample app and the corpus, with names, numbers and too
    /// few arguments, it gives the text the string path gives, and as many problems.
    @Test func parsedFormatAgreesWithTheStringPath() throws {
        var files = Fixtures.corpusStringsFiles()
        files += Fixtures.files(under: Fixtures.repositoryRoot + "/Resources/strings", suffixes: [".strings"])
        var values: [String] = ["%", "%%", "%1$@ %@ %@", "%d%%%s", "%lld %5.2f %-3@|", "%#@x@", "%1$#@x@ %d", "%y", "%1$", "%3$@ %1$@"]
        for file in files {
            values += LocalizationTable(parsing: try Array(Data(contentsOf: URL(fileURLWithPath: file))), file: file).entries.map(\.value)
        }
        #expect(values.count > 1_000)
        let formatter = ServerFormatter(locale: "de")
        for arguments in [[], ["Ana"], ["3", "2.5", "Ana", "-1", " 7"]] as [[FormatArgument]] {
            for value in values where value.contains("%") {
                let viaString = formatter.format(value, arguments: arguments)
                let viaParsed = formatter.format(FormatString(value), arguments: arguments)
                #expect(viaParsed.text == viaString.text, "\(value) \(arguments.map(\.text))")
                // The same problems; the messages quote the specifier as written ("%@"), where
                // the string path quotes it numbered by the expansion ("%1$@").
                #expect(viaParsed.problems.count == viaString.problems.count, "\(value)")
                let written = FormatString(value).specifiers.map(\.text)
                for problem in viaParsed.problems where !value.contains("%#@") && !value.contains("$#@") {
                    #expect(written.contains { problem.message.hasPrefix($0 + " ") }, "\(value): \(problem.message)")
                }
            }
        }
    }

    /// Arguments that cannot begin a number skip the number parsers; whatever reads as a finite
    /// number still does.
    @Test func argumentNumbersAreReadAsBefore() {
        let cases: [(String, Double?, Bool, Int)] = [
            ("Ana", nil, false, 0), ("3", 3, true, 0), ("+5", 5, true, 0), ("-.5", -0.5, false, 1), (" 7 ", 7, true, 0),
            ("2.50", 2.5, false, 2), ("1e3", 1000, false, 0), ("0x1p3", 8, false, 0), ("inf", nil, false, 0), ("nan", nil, false, 0),
            ("-inf", nil, false, 0), ("Ana.b", nil, false, 1), ("５", nil, false, 0), ("", nil, false, 0), ("1e999", nil, false, 0),
            // Whitespace, non-ASCII text and a point that carries a combining mark (no "." Character).
            ("\r\n2.5\r\n", 2.5, false, 1), ("\t-3\t", -3, true, 0), ("1.5é", nil, false, 2), ("1.\u{301}5", nil, false, 0),
            (" \u{301}1.25", nil, false, 2), ("Zoë", nil, false, 0), ("山田.太郎", nil, false, 2), ("12\u{00A0}", nil, false, 0),
            (".\r\n\n+ ", nil, false, 3), ("1.0\r\n0", nil, false, 3), (".\t\u{301}1éx", nil, false, 5),
        ]
        for (text, number, isInteger, fractionDigits) in cases {
            let argument = FormatArgument(text)
            #expect(argument.number == number && argument.isInteger == isInteger && argument.fractionDigits == fractionDigits, "\(text)")
        }
    }
}
