import Testing

@testable import LocalizedAlerts

/// Every formatter counts what it appends against one output budget and refuses the text past
/// it, however the format gets there: placeholders repeating a long argument, widths, plural
/// forms, long literal text. Each shape here is a few kilobytes of input; formatted in full it
/// would be megabytes.
@Suite("Output budget")
struct OutputBudgetTests {
    static let budget = OutputBudget.maximumLength

    // MARK: The iPhone's formatter

    @Test("the device formatter refuses a text past the budget, and builds one at it exactly")
    func deviceFormatStopsAtTheBudget() {
        // 2,000 × %1$@ with a 3,000-byte argument: 6 MB.
        let repeated = DeviceFormat(String(repeating: "%1$@", count: 2_000))
        let long = LocArgument(text: String(repeating: "n", count: 3_000))
        #expect(repeated.formatted([long]) == .overBudget)
        #expect(repeated.apply([long]) == nil)
        #expect(repeated.runs([long]) == nil)
        // Missing arguments print <null>, which counts too: 700,000 of them are 4.2 MB.
        #expect(DeviceFormat(String(repeating: "%9$@", count: 700_000)).formatted(["a"]) == .overBudget)
        // Literal text between the placeholders counts: 1,024 × ("ab" + a 4,095-byte argument)
        // is 1,024 bytes past the budget; without the "ab", 1,024 bytes short of it.
        let argument = String(repeating: "é", count: 2_047) + "x"  // 4,095 bytes
        #expect(DeviceFormat(String(repeating: "ab%1$@", count: 1_024)).formatted([argument]) == .overBudget)
        #expect(DeviceFormat(String(repeating: "%1$@", count: 1_024)).apply([argument])?.utf8.count == Self.budget - 1_024)
        // At the budget exactly, the text is built in full.
        let exact = String(repeating: "x", count: 4_096)
        let text = DeviceFormat(String(repeating: "%1$@", count: 1_024)).apply([exact])
        #expect(text?.utf8.count == Self.budget)
        #expect(text == String(repeating: exact, count: 1_024))
        let runs = DeviceFormat(String(repeating: "%1$@", count: 1_024)).runs([LocArgument(text: exact)])
        #expect(runs?.count == 1_024 && runs?.map(\.text).joined() == text)
    }

    // MARK: Server formatting

    @Test("server formatting refuses a text past the budget, with a problem that says so")
    func serverFormattingStopsAtTheBudget() {
        let formatter = ServerFormatter(locale: "en")
        // Widths that each apply (1,024 at most) but add up: 5,000 × 1,024 spaces.
        let padded = formatter.format(String(repeating: "%1$1024@", count: 5_000), arguments: ["a"])
        #expect(padded.text.isEmpty)
        #expect(padded.problems.contains { $0.isOutputOverBudget })
        // A long literal (a table entry's format, which is not expanded), then numbers: only
        // the literal and one number fit.
        let literal = String(repeating: "z", count: Self.budget - 3)
        let numbered = formatter.format(FormatString(literal + "%d|%d"), arguments: ["123", "4"])
        #expect(numbered.text.isEmpty && numbered.problems.contains { $0.isOutputOverBudget })
        // One byte less and it is built exactly.
        let fits = formatter.format(FormatString(String(repeating: "z", count: Self.budget - 5) + "%d|%d"), arguments: ["123", "4"])
        #expect(fits.text.utf8.count == Self.budget && fits.text.hasSuffix("zz123|4") && fits.problems.isEmpty)
    }

    /// Expanding plural forms is bounded (10,000 steps, 64 KiB), but each placeholder of a form
    /// repeats an argument.
    @Test("a plural form that repeats its argument stops at the budget")
    func pluralFormsStopAtTheBudget() {
        func value(repeating count: Int) -> LocalizedValue {
            let variable = LocalizedFormat.Variable(
                name: "v", kind: .plural, valueType: "d",
                cases: [.init(name: "one", format: "one"), .init(name: "other", format: String(repeating: "%2$@", count: count))])
            return .format(LocalizedFormat(formatKey: "%#@v@", variables: [variable]))
        }
        let formatter = ServerFormatter(locale: "en")
        let over = formatter.format(value(repeating: 8_000), arguments: ["3", FormatArgument(String(repeating: "a", count: 600))])
        #expect(over.text.isEmpty && over.problems.contains { $0.isOutputOverBudget })
        let under = formatter.format(value(repeating: 8_000), arguments: ["3", FormatArgument(String(repeating: "a", count: 524))])
        #expect(under.text == String(repeating: "a", count: 8_000 * 524) && under.problems.isEmpty)
        #expect(formatter.format(value(repeating: 8_000), arguments: ["1", "b"]).text == "one")
    }

    // MARK: Android's String.format

    @Test("Java's formatter counts every piece, not only widths, and throws OutOfMemoryError past the budget")
    func javaFormatterStopsAtTheBudget() throws {
        // 64 × %1$s with a 100,000-character argument: 6.4 million code units, through the shortcut.
        let repeated = String(repeating: "%1$s", count: 64)
        let long = String(repeating: "x", count: 100_000)
        #expect(JavaFormatter.simpleFormat(repeated, [long]) == nil)
        guard case .failure(let error) = JavaFormatter.format(repeated, [long], languageCode: "en") else {
            Issue.record("formatted past the budget")
            return
        }
        #expect(error.isOutOfMemory && error.specifier == "%1$s")
        // Widths each far below the budget, 600 of them: 5.4 million spaces.
        guard case .failure(let widths) = JavaFormatter.format(String(repeating: "%1$9000s", count: 600), ["a"], languageCode: "en") else {
            Issue.record("formatted past the budget")
            return
        }
        #expect(widths.isOutOfMemory)
        // At the budget exactly: built in full.
        let exact = String(repeating: "y", count: 65_536)
        let text = try JavaFormatter.format(repeated, [exact], languageCode: "en").get()
        #expect(text.utf16.count == Self.budget && text == String(repeating: exact, count: 64))
        // Counted in UTF-16 code units: 3 million "é" are 6 MB of UTF-8 but fit.
        let accented = String(repeating: "é", count: 3_000_000)
        #expect(try JavaFormatter.format("%s", [accented], languageCode: "en").get() == accented)
    }
}

// MARK: Renderers

@Suite("Output budget in the renderers")
struct OutputBudgetRendererTests {
    /// A title whose value repeats its one argument 2,000 times; the payload stays under 4 KB.
    static let renderer = AlertRenderer(app: makeApp(["en": #""k" = "\#(String(repeating: "%1$@", count: 2_000))"; "few" = "%1$@ %1$@";"#]))
    static func payload(key: String = "k") -> NotificationPayload {
        NotificationPayload(
            parsing:
                #"{"aps": {"alert": {"title-loc-key": "\#(key)", "title-loc-args": ["\#(String(repeating: "n", count: 3_000))"], "body": "Hi"}}}"#)
    }

    @Test("a rendering past the budget has no such field, and a located finding says why")
    func renderingIsRefused() {
        for detail in LocalizationDetail.allCases {
            let rendered = Self.renderer.render(Self.payload(), preferredLanguages: ["en"], detail: detail)
            #expect(rendered.title == nil && rendered.body?.text == "Hi")
            let finding = rendered.diagnostics.first { $0.id == .renderOutputOverBudget }
            #expect(finding?.severity == .error)
            #expect(finding?.message.contains("4 MiB") == true)
            #expect(finding?.location.file == "en.lproj/Localizable.strings")
        }
        // Under the budget the same argument is shown.
        let shown = Self.renderer.render(Self.payload(key: "few"), preferredLanguages: ["en"])
        #expect(shown.title?.text == String(repeating: "n", count: 3_000) + " " + String(repeating: "n", count: 3_000))
        #expect(!shown.diagnostics.contains { $0.id == .renderOutputOverBudget })
    }

    @Test("localization past the budget sends nothing, in device and server mode")
    func localizationIsRefused() {
        for mode in LocalizationMode.allCases {
            for detail in LocalizationDetail.allCases {
                let localized = Self.renderer.localize(Self.payload(), preferredLanguages: ["en"], mode: mode, detail: detail)
                #expect(localized.payload == nil && localized.payloadBytes == nil && !localized.isSendable, "\(mode) \(detail)")
                #expect(localized.refusal?.contains("4 MiB") == true, "\(mode) \(detail)")
                #expect(localized.title == nil, "\(mode) \(detail)")
                #expect(localized.diagnostics.filter { $0.id == .renderOutputOverBudget }.count == 1, "\(mode) \(detail)")
            }
        }
    }

    @Test("lint --payloads reports the field past the budget, and the payload as too large to send")
    func lintReportsIt() {
        let app = makeApp(["en": #""k" = "\#(String(repeating: "%1$@", count: 2_000))";"#])
        let findings = Linter().lint(app, payloads: [Self.payload()])
        #expect(findings.contains { $0.id == .renderOutputOverBudget })
        let size = findings.first { $0.id == PayloadSizeRule.id }
        #expect(size?.message == "localized, this payload exceeds APNs' 4,096 bytes for en (a field past the output budget of 4 MiB)")
    }

    @Test("an FCM message past the budget is the phone's OutOfMemoryError: a crash, never shown or sent")
    func androidIsRefused() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "res/values/strings.xml", "<resources><string name=\"big\">\(String(repeating: "%1$s", count: 1_000))</string></resources>")
        let android = AndroidAlertRenderer(resources: try AndroidAppResources(resourceDirectory: directory.path + "/res"), appName: "App")
        let message = FCMMessage(
            parsing: Array(
                #"{"message": {"android": {"notification": {"body_loc_key": "big", "body_loc_args": ["\#(String(repeating: "x", count: 10_000))"]}}}}"#
                    .utf8))
        let rendering = android.render(message, deviceLocales: ["en-US"])
        #expect(rendering.outcome == .crash(exception: "OutOfMemoryError"))
        #expect(rendering.body == nil)
        let finding = rendering.diagnostics.first { $0.id == .androidFormatCrash }
        #expect(finding?.message.contains("4 MiB") == true && finding?.message.contains("OutOfMemoryError") == true)
        let localized = android.localize(message, preferredLanguages: ["en-US"])
        #expect(localized.message == nil && localized.refusal?.contains("OutOfMemoryError") == true)
    }
}
