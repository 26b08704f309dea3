import Testing

@testable import LocalizedAlerts

/// What a message's loc keys and an app's locale folders lead to on a phone, each finding at
/// its marked place with its message.
@Suite("Android loc key findings")
struct AndroidLocKeyFindingTests {
    static let values = """
        <resources>
          <string name="new_message">%1$s wrote: %2$s</string>
          <string name="welcome">Welcome</string>
          <string name="discount">50%% off</string>
          <plurals name="new_photos"><item quantity="one">%d photo</item><item quantity="other">%d photos</item></plurals>
          <string-array name="tips"><item>Swipe</item></string-array>
        </resources>
        """

    /// The resources, with `extra` files beside values/strings.xml.
    static func resources(_ extra: [String: String] = [:]) throws -> (AndroidAppResources, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        try directory.write("res/values/strings.xml", values)
        for (path, text) in extra { try directory.write("res/" + path, text) }
        return (try AndroidAppResources(resourceDirectory: directory.path + "/res"), directory)
    }

    /// The findings of rendering `marked` (an FCM message with position markers) for `locale`.
    static func findings(_ marked: String, locale: String = "en-US", resources: AndroidAppResources) -> (AndroidRendering, MarkedText) {
        let text = MarkedText(marked)
        let message = FCMMessage(parsing: Array(text.text.utf8), file: "message.json")
        return (AndroidRenderer.render(message, deviceLocales: [locale], resources: resources, appName: "App"), text)
    }

    @Test("a loc key whose string takes arguments, sent without loc args, shows its specifiers")
    func argumentsNotSent() throws {
        let (resources, directory) = try Self.resources()
        let (rendering, text) = Self.findings(
            #"{"message": {"android": {"notification": {"body_loc_key": 1️⃣"new_message"}}}}"#, resources: resources)
        #expect(rendering.body == "%1$s wrote: %2$s")
        let finding = try #require(rendering.diagnostics.first { $0.id == .androidLocArgsMissing })
        #expect(finding.severity == .error)
        #expect(Position(finding.location.line, finding.location.column) == text.markers["1️⃣"])
        #expect(
            finding.message
                == #""new_message" in values takes 2 arguments but the message sends no body_loc_args: the phone shows %1$s as it is"#)
        #expect(finding.hint == "send body_loc_args with 2 values")
        // A string whose only specifier is %% reads no argument: shown as it is, no finding.
        let (plain, _) = Self.findings(#"{"message": {"android": {"notification": {"body_loc_key": "discount"}}}}"#, resources: resources)
        #expect(plain.body == "50%% off")
        #expect(!plain.diagnostics.contains { $0.id == .androidLocArgsMissing })
        // With the arguments, none either.
        let (sent, _) = Self.findings(
            #"{"message": {"android": {"notification": {"body_loc_key": "new_message", "body_loc_args": ["Ana", "hi"]}}}}"#,
            resources: resources)
        #expect(sent.body == "Ana wrote: hi" && !sent.diagnostics.contains { $0.id == .androidLocArgsMissing })
        _ = directory
    }

    @Test("a plurals or string-array name sent as a loc key is not a string")
    func bagNames() throws {
        let (resources, directory) = try Self.resources()
        let (plurals, text) = Self.findings(
            #"{"message": {"android": {"notification": {"title": "T", "body_loc_key": 1️⃣"new_photos", "body_loc_args": ["3"]}}}}"#,
            resources: resources)
        #expect(plurals.outcome == .shown && plurals.body == nil)
        let finding = try #require(plurals.diagnostics.first { $0.id == .androidLocKeyNotAString })
        #expect(Position(finding.location.line, finding.location.column) == text.markers["1️⃣"])
        #expect(finding.message == #""new_photos" is a <plurals>, not a string: Firebase looks loc keys up as strings, so the phone finds none"#)
        #expect(finding.hint?.contains("render-alert localize") == true)
        let (array, _) = Self.findings(#"{"message": {"android": {"notification": {"body_loc_key": "tips"}}}}"#, resources: resources)
        #expect(array.diagnostics.contains { $0.id == .androidLocKeyNotAString && $0.message.contains("<string-array>") })
        // Named with its type, getString throws: the app crashes, for the same reason.
        let (typed, _) = Self.findings(
            #"{"message": {"android": {"notification": {"body_loc_key": "plurals/new_photos", "body_loc_args": ["3"]}}}}"#,
            resources: resources)
        #expect(typed.outcome == .crash(exception: "Resources.NotFoundException"))
        #expect(typed.diagnostics.contains { $0.id == .androidLocKeyNotAString })
        _ = directory
    }

    @Test("a misspelt loc key says which string was meant")
    func didYouMean() throws {
        let (resources, directory) = try Self.resources()
        let (rendering, _) = Self.findings(
            #"{"message": {"android": {"notification": {"body_loc_key": "new_mesage", "body_loc_args": ["a", "b"]}}}}"#, resources: resources)
        let finding = try #require(rendering.diagnostics.first { $0.id == .androidMissingLocKey })
        #expect(finding.message == #"no values folder defines string "new_mesage" (did you mean "new_message"?)"#)
        #expect(finding.hint == #"send "new_message", or add "new_mesage" to values/"#)
        // Nothing near: no guess.
        let (far, _) = Self.findings(#"{"message": {"android": {"notification": {"body_loc_key": "zzzzzz"}}}}"#, resources: resources)
        #expect(far.diagnostics.contains { $0.id == .androidMissingLocKey && $0.message == #"no values folder defines string "zzzzzz""# })
        _ = directory
    }

    @Test("values-he is never read: a Hebrew phone gets values/, and the folder is reported")
    func legacyLanguageCodes() throws {
        let (resources, directory) = try Self.resources([
            "values-he/strings.xml": "<resources>\n  <string name=\"welcome\">ברוך הבא</string>\n</resources>\n",
            "values-b+id/strings.xml": "<resources>\n  <string name=\"welcome\">Selamat datang</string>\n</resources>\n",
            // values-ji has every string of values-yi: nothing is lost, nothing reported.
            "values-yi/strings.xml": "<resources><string name=\"welcome\">ברוכים</string></resources>",
            "values-ji/strings.xml": "<resources><string name=\"welcome\">ברוכים</string></resources>",
        ])
        for locale in ["he-IL", "iw-IL"] {
            let (rendering, _) = Self.findings(
                #"{"message": {"android": {"notification": {"body_loc_key": "welcome"}}}}"#, locale: locale, resources: resources)
            #expect(rendering.body == "Welcome" && rendering.bodyFolder == "values")
        }
        let unread = resources.diagnostics.filter { $0.id == .androidUnreadLocaleFolder }.sorted { $0.location.file ?? "" < $1.location.file ?? "" }
        #expect(unread.count == 2)
        #expect(unread.first?.location.file?.hasSuffix("values-b+id/strings.xml") == true)
        #expect(unread.first?.hint == "rename values-b+id to values-b+in")
        let hebrew = try #require(unread.last)
        #expect(hebrew.location.file?.hasSuffix("values-he/strings.xml") == true && hebrew.location.line == 2)
        #expect(
            hebrew.message
                == #"values-he is never read: Android looks Hebrew up as iw, not he, so a phone in Hebrew shows values/'s text for 1 string values-iw lacks ("welcome" first)"#
        )
        _ = directory
    }

    @Test("a string whose references never reach text shows its resource ID: said in the table and on the phone")
    func referenceLoops() throws {
        // loop refers to itself; a → b → a goes round; long runs 21 references to text.
        let chain = (0...20).map { #"<string name="r\#($0)">@string/r\#($0 + 1)</string>"# }.joined()
        let (resources, directory) = try Self.resources([
            "values/loops.xml": """
            <resources>
              <string name="loop">@string/loop</string>
              <string name="a">@string/b</string>
              <string name="b">@string/a</string>
              <string name="via">@string/welcome</string>
            </resources>
            """,
            "values/chain.xml": "<resources>\(chain)<string name=\"r21\">end</string></resources>",
        ])
        let id = { (name: String) in "@\(Int32(bitPattern: resources.link.identifier(of: AndroidResourceName(type: "string", name: name))!))" }
        let (rendering, text) = Self.findings(
            #"{"message": {"android": {"notification": {"title_loc_key": 1️⃣"loop", "body_loc_key": 2️⃣"a"}}}}"#, resources: resources)
        #expect(rendering.outcome == .shown && rendering.title == id("loop") && rendering.body == id("b"))
        let onPhone = rendering.diagnostics.filter { $0.id == .androidReferenceLoop }
        #expect(onPhone.map { Position($0.location.line, $0.location.column) } == [text.markers["1️⃣"], text.markers["2️⃣"]])
        #expect(
            onPhone.first?.message
                == #""loop" never reaches text: its references go round (@string/loop → @string/loop) and Android stops after 20, so getString gives the resource ID "\#(id("loop"))""#
        )
        #expect(onPhone.first?.severity == .error && onPhone.first?.hint == "give @string/loop a text, or refer to a string that has one")
        #expect(onPhone.last?.message.contains("(@string/a → @string/b → @string/a)") == true)
        // In the table, at each string that never reaches text; a reference that does is fine.
        let inTable = resources.diagnostics.filter { $0.id == .androidReferenceLoop }
        // r0 alone of the run: r1 reaches text in twenty.
        #expect(Set(inTable.compactMap(\.key)) == ["loop", "a", "b", "r0"])
        let loop = try #require(inTable.first { $0.key == "loop" })
        #expect(loop.location.file?.hasSuffix("values/loops.xml") == true && loop.location.line == 2 && loop.location.column == 3)
        #expect(loop.message.hasPrefix(#"string "loop" in values never reaches text: its references go round"#))
        // Twenty-one references in a row end on an ID too, without going round.
        let (long, _) = Self.findings(#"{"message": {"android": {"notification": {"body_loc_key": "r0"}}}}"#, resources: resources)
        #expect(long.body == id("r21"))
        #expect(
            long.diagnostics.contains {
                $0.id == .androidReferenceLoop && $0.message.contains("run on (@string/r0 → @string/r1 → @string/r2 → @string/r3 → …)")
            })
        let (one, _) = Self.findings(#"{"message": {"android": {"notification": {"body_loc_key": "r1"}}}}"#, resources: resources)
        #expect(one.body == "end" && !one.diagnostics.contains { $0.id == .androidReferenceLoop })
        let (via, _) = Self.findings(#"{"message": {"android": {"notification": {"body_loc_key": "via"}}}}"#, resources: resources)
        #expect(via.body == "Welcome" && !via.diagnostics.contains { $0.id == .androidReferenceLoop })
        _ = directory
    }

    @Test("a loc key that is a resource ID names its string in this build only; libraries known by their locales may renumber it")
    func identifierKeys() throws {
        let (resources, directory) = try Self.resources()
        let welcome = try #require(resources.link.identifier(of: AndroidResourceName(type: "string", name: "welcome")))
        let (rendering, text) = Self.findings(
            #"{"message": {"android": {"notification": {"body_loc_key": 1️⃣"\#(Int32(bitPattern: welcome))"}}}}"#, resources: resources)
        #expect(rendering.body == "Welcome")
        let finding = try #require(rendering.diagnostics.first { $0.id == .androidIdentifierLocKey })
        #expect(finding.severity == .warning && Position(finding.location.line, finding.location.column) == text.markers["1️⃣"])
        #expect(
            finding.message
                == #"body_loc_key "\#(Int32(bitPattern: welcome))" is read as a resource ID: it names string "welcome" in this build, and another once resources are added or removed"#
        )
        #expect(finding.hint == #"send the name, "welcome""#)
        // A name is not an ID: no finding.
        let (named, _) = Self.findings(#"{"message": {"android": {"notification": {"body_loc_key": "welcome"}}}}"#, resources: resources)
        #expect(!named.diagnostics.contains { $0.id == .androidIdentifierLocKey })
        // With libraries given by their locales alone, the number may count resources not read.
        let withLibrary = try AndroidAppResources(
            resourceDirectory: directory.path + "/res", build: AndroidBuildSettings(libraryLocales: ["de"]))
        let (guessed, _) = Self.findings(
            #"{"message": {"android": {"notification": {"body_loc_key": "\#(Int32(bitPattern: welcome))"}}}}"#, resources: withLibrary)
        #expect(guessed.diagnostics.contains { $0.id == .androidIdentifierLocKey && $0.message.hasSuffix(AndroidDeviceIssue.unreadLibrariesCaveat) })
        let (unknown, _) = Self.findings(#"{"message": {"android": {"notification": {"body_loc_key": "2131099999"}}}}"#, resources: withLibrary)
        #expect(unknown.outcome == .crash(exception: "Resources.NotFoundException"))
        #expect(unknown.diagnostics.contains { $0.id == .androidMissingLocKey && $0.message.hasSuffix(AndroidDeviceIssue.unreadLibrariesCaveat) })
        _ = directory
    }
}
