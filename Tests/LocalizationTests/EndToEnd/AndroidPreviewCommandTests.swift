import Foundation
import Testing

/// `render-alert preview MESSAGE.json --res DIR`: an FCM message shown as an Android phone shows
/// it, per device locale, in text and JSON, with the iPhone's half when --strings is given.
@Suite("render-alert preview --res (end to end)")
struct AndroidPreviewCommandTests {
    typealias Object = [String: Any]

    static let message = #"""
        {"message": {"token": "t",
          "android": {"notification": {"title_loc_key": "delivery_title", "body_loc_key": "delivery_body", "body_loc_args": ["Ana", "the door"]}},
          "apns": {"payload": {"aps": {"alert": {"loc-key": "call.missed.body", "loc-args": ["Ana"]}}}}}}
        """#

    func write(_ json: String) throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory()
        try directory.write("message.json", json)
        return (directory, directory.path + "/message.json")
    }

    @Test func eachDeviceLocaleGetsItsFolderAndTheTextShowsWhichOne() throws {
        let (directory, file) = try write(Self.message)
        defer { withExtendedLifetime(directory) {} }
        let result = try RenderAlertCommand.run(
            ["preview", file, "--res", Fixtures.path("android/res"), "--language", "fr-CA", "--language", "es-MX", "--language", "de-DE"])
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "\(file) — Android")
        #expect(lines.contains("  fr-CA       title: Votre colis est arrivé (Québec)   [values-fr-rCA]"), "\(result.output)")
        #expect(lines.contains("              body:  Ana l'a déposé : the door.   [values-fr]"), "\(result.output)")
        #expect(lines.contains { $0.hasPrefix("  es-MX       title: Llegó tu paquete") }, "\(result.output)")
        // German is not in the app: the default folder.
        #expect(lines.contains("  de-DE       title: Your parcel is here   [values]"), "\(result.output)")
        // Without --strings, no iPhone half.
        #expect(!result.output.contains("iPhone"))
    }

    @Test func aFormatThatThrowsIsACrashAndAnErrorFinding() throws {
        let (directory, file) = try write(#"{"message": {"android": {"notification": {"body_loc_key": "count_body", "body_loc_args": ["3"]}}}}"#)
        defer { withExtendedLifetime(directory) {} }
        let result = try RenderAlertCommand.run(["preview", file, "--res", Fixtures.path("android/res"), "--language", "en-US"])
        #expect(result.output.contains("  en-US       the app crashes (IllegalFormatConversionException): nothing shown"), "\(result.output)")
        #expect(result.output.contains("android.format-crash"), "\(result.output)")
    }

    @Test func jsonListsEveryDeviceAndTheIPhoneHalf() throws {
        let (directory, file) = try write(Self.message)
        defer { withExtendedLifetime(directory) {} }
        let root =
            try RenderAlertCommand.json(
                ["preview", file, "--res", Fixtures.path("android/res"), "--strings", "Resources/strings", "--language", "fr-CA", "--format", "json"])
            as! Object
        #expect(root["schemaVersion"] as? Int == 1)
        let messages = root["messages"] as! [Object]
        #expect(messages.count == 1 && messages[0]["message"] as? String == file)
        let android = messages[0]["android"] as! [Object]
        #expect(android.count == 1)
        #expect(android[0]["deviceLocales"] as? [String] == ["fr-CA"])
        #expect(android[0]["outcome"] as? String == "shown")
        #expect(android[0]["title"] as? String == "Votre colis est arrivé (Québec)")
        #expect(android[0]["titleFolder"] as? String == "values-fr-rCA")
        #expect(android[0]["bodyFolder"] as? String == "values-fr")
        let iPhone = messages[0]["iPhone"] as! Object
        let renders = iPhone["renders"] as! [Object]
        #expect(renders.count == 1 && renders[0]["localization"] as? String == "fr-CA")
        #expect(renders[0]["body"] as? String == "Ana a tenté de vous joindre.", "\(renders[0])")
    }

    /// Messages for the HTML page: one shown on both phones (its loc args with markup in them),
    /// one without a title, one whose format throws, one data message.
    static func htmlMessages() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write(
            "messages/1-delivery.json",
            #"""
            {"message": {"token": "t",
              "android": {"notification": {"title_loc_key": "delivery_title", "body_loc_key": "delivery_body", "body_loc_args": ["Ana <b>&amp;</b> \"Bo\"", "l'entrée"]}},
              "apns": {"payload": {"aps": {"alert": {"loc-key": "call.missed.body", "loc-args": ["Ana <i>&</i>"]}}}}}}
            """#)
        try directory.write("messages/2-untitled.json", #"{"message": {"android": {"notification": {"body": "No title <here> & there"}}}}"#)
        try directory.write(
            "messages/3-crash.json", #"{"message": {"android": {"notification": {"body_loc_key": "count_body", "body_loc_args": ["3"]}}}}"#)
        try directory.write("messages/4-data.json", #"{"message": {"data": {"k": "v"}}}"#)
        return directory
    }

    /// Text as the page escapes it.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
    }

    /// The page's text with its tags removed (character references kept).
    static func withoutTags(_ html: Substring) -> String {
        String(html.replacing(/<[^>]*>/, with: ""))
    }

    @Test func theHTMLPageShowsEachDevicesCardWithTheTextTheJSONGives() throws {
        let directory = try Self.htmlMessages()
        let arguments = [
            "preview", directory.path + "/messages", "--res", Fixtures.path("android/res"), "--strings", "Resources/strings",
            "--language", "fr-CA", "--language", "es-MX", "--language", "zh-TW", "--language", "ar",
        ]
        let page = directory.path + "/android.html"
        let result = try RenderAlertCommand.run(arguments + ["--format", "html", "--output", page])
        #expect(result.status == 0, "\(result.error)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let root = try RenderAlertCommand.json(arguments + ["--format", "json"]) as! Object
        let messages = root["messages"] as! [Object]
        #expect(messages.count == 4)

        // Self-contained, and no markup from a message reaches the page unescaped.
        #expect(!html.contains("<script") && !html.contains("url(") && html.firstMatch(of: /(src|href)\s*=\s*"(https?:)?\/\//) == nil)
        #expect(!html.contains("<b>") && !html.contains("<i>") && !html.contains("<here>"))
        #expect(html.contains("The Android card is approximate") && html.contains("One UI") && html.contains("MIUI"))
        #expect(html.contains("prefers-color-scheme: dark") && html.contains("id=\"scheme-dark\""))

        let sections = html.split(separator: "<section class=\"message\"").dropFirst().map(String.init)
        #expect(sections.count == messages.count)
        var outcomes: [String] = []
        for (number, (message, section)) in zip(messages, sections).enumerated() {
            let file = (message["message"] as! String).split(separator: "/").last.map(String.init)!
            #expect(section.hasPrefix(" id=\"message-\(number + 1)\">\n<h2>\(file) "), "\(section.prefix(120))")
            // Every finding is listed under its message.
            for diagnostic in message["diagnostics"] as! [Object] {
                #expect(section.contains(Self.escaped(diagnostic["message"] as! String)), "\(file): \(diagnostic)")
            }
            let android = message["android"] as! [Object]
            for (index, device) in android.enumerated() {
                let locales = (device["deviceLocales"] as! [String]).joined(separator: ",")
                let card = try #require(
                    section.firstMatch(of: try Regex(#"<article id="android-\#(number + 1)-\#(index + 1)"[\s\S]*?</article>"#)),
                    "\(file) \(locales): no Android card"
                ).output[0].substring!
                let outcome = device["outcome"] as! String
                outcomes.append(outcome)
                #expect(card.contains(#"data-device="\#(locales)" data-outcome="\#(outcome)""#), "\(file) \(locales)")
                switch outcome {
                case "shown":
                    // Expanded and collapsed: the title and body exactly as the JSON gives them.
                    let titles = card.matches(of: /<div class="android-title[^"]*">(.*?)<\/div>/).map { String($0.output.1) }
                    #expect(titles == Array(repeating: Self.escaped(device["title"] as! String), count: 2), "\(file) \(locales)")
                    let bodies = card.matches(of: /<div class="android-body">(.*?)<\/div>/).map { String($0.output.1) }
                    let body = device["body"] as? String
                    #expect(bodies == (body.map { Array(repeating: Self.escaped($0), count: 2) } ?? []), "\(file) \(locales)")
                    #expect(card.contains(#"<span class="android-app">Parcel</span>"#))
                    if let folder = device["titleFolder"] as? String { #expect(card.contains("<dt>Title from</dt><dd><code>\(folder)</code>")) }
                case "crash":
                    let exception = try #require(device["exception"] as? String)
                    #expect(card.contains("<strong>The app crashes</strong> (<code>\(exception)</code>): nothing is shown."), "\(card)")
                    #expect(card.contains("has-errors") && !card.contains("android-notification"))
                case "not-displayed":
                    #expect(card.contains("Nothing is shown: a data message") && !card.contains("android-notification"), "\(card)")
                default:
                    Issue.record("unknown outcome \(outcome)")
                }
            }
            // The iPhone half: a card per device for apns.payload, with the text its JSON gives.
            if let iPhone = message["iPhone"] as? Object {
                for (index, render) in (iPhone["renders"] as! [Object]).enumerated() {
                    let card = try #require(
                        section.firstMatch(of: try Regex(#"<article id="iphone-\#(number + 1)-\#(index + 1)"[\s\S]*?</article>"#)),
                        "\(file): no iPhone card \(index + 1)"
                    ).output[0].substring!
                    let body = try #require(card.firstMatch(of: /<div class="body[^"]*">(.*?)<\/div>/)).output.1
                    #expect(Self.withoutTags(body) == Self.escaped(render["body"] as! String), "\(file) \(render["preferredLanguages"]!)")
                }
            } else {
                #expect(message["iPhone"] is NSNull)
                #expect(section.contains("No <code>apns.payload</code>") && !section.contains("<article id=\"iphone-"), "\(file)")
            }
        }
        // The messages cover every outcome, and the untitled one shows the app's name, marked.
        #expect(Set(outcomes) == ["shown", "crash", "not-displayed"])
        let untitled = sections[1]
        #expect(untitled.contains(#"<div class="android-title app-name">Parcel</div>"#))
        #expect(untitled.contains("No title: the app’s name stands in"))
    }

    @Test func whatCannotBePreviewedIsRefusedWithTheReason() throws {
        let (directory, file) = try write(Self.message)
        defer { withExtendedLifetime(directory) {} }
        let cards = try RenderAlertCommand.run(["preview", file, "--res", Fixtures.path("android/res"), "--layout", "cards"])
        #expect(cards.status != 0 && cards.error.contains("--res previews as a text table, JSON or HTML"), "\(cards.error)")
        let noMessage = try RenderAlertCommand.run(["preview", "--res", Fixtures.path("android/res")])
        #expect(noMessage.status != 0 && noMessage.error.contains("give an FCM message file"), "\(noMessage.error)")
        let missing = try RenderAlertCommand.run(["preview", file, "--res", directory.path + "/no-such-res"])
        #expect(missing.status != 0 && missing.error.contains("cannot read the resources"), "\(missing.error)")
    }
}

/// `--res` given the built app: an `.apk`, a folder of split APKs and an `.aab`, made by aapt2
/// from `Fixtures/android/built/source` (scripts/android/build-app-fixtures.sh), answer as the
/// source folder does, read as the build reads it.
@Suite("render-alert preview --res APP.apk|APP.aab|SPLITS (end to end)")
struct BuiltAndroidAppCommandTests {
    typealias Object = [String: Any]

    static let devices = ["fr-CA", "sr-Latn-RS", "es-MX", "tl-PH,fr-FR", "fil-PH", "it-IT,fr-FR", "de-DE,fr-FR", "en-US"]

    /// What each device shows, by the fields the phone has.
    static func shown(_ res: String, message: String) throws -> [[String?]] {
        var arguments = ["preview", message, "--res", res, "--format", "json", "--app-name", "Parcel"]
        for device in devices { arguments += ["--language", device] }
        let root = try RenderAlertCommand.json(arguments) as! Object
        let android = (root["messages"] as! [Object])[0]["android"] as! [Object]
        return android.map { device in ["resourceLocale", "outcome", "exception", "title", "body"].map { device[$0] as? String } }
    }

    @Test func theBuiltAppAnswersAsItsSourceFolder() throws {
        let directory = try TemporaryDirectory()
        // A reference followed to a colour, a key given as type/name, and one as a number.
        try directory.write(
            "message.json", #"{"message": {"android": {"notification": {"title_loc_key": "string/title_again", "body_loc_key": "accent"}}}}"#)
        let message = directory.path + "/message.json"
        let folder = try Self.shown(Fixtures.path("android/built/source/res"), message: message)
        #expect(folder.count == Self.devices.count)
        #expect(folder.allSatisfy { $0[1] == "shown" }, "\(folder)")
        for built in ["app.apk", "app-sparse.apk", "splits", "app.aab"] {
            #expect(try Self.shown(Fixtures.path("android/built/" + built), message: message) == folder, "\(built)")
        }
        // Italian holds only a colour: still one of the app's locales for Java's choice.
        #expect(folder[5][0] == "it-IT")
        // German's only resource is removed by the link: Java moves on to French.
        #expect(folder[6][0] == "fr-FR")
    }

    @Test func aDamagedOrEmptyBuiltAppIsRefusedWithWhatIsWrong() throws {
        let directory = try TemporaryDirectory()
        try directory.write("message.json", #"{"message": {"android": {"notification": {"title_loc_key": "title"}}}}"#)
        let apk = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("android/built/app.apk")))
        try apk.prefix(apk.count / 2).write(to: URL(fileURLWithPath: directory.path + "/cut.apk"))
        try FileManager.default.createDirectory(atPath: directory.path + "/empty-splits", withIntermediateDirectories: true)
        try Data("not a zip".utf8).write(to: URL(fileURLWithPath: directory.path + "/empty-splits/base.apk"))
        // The table's local header (before the central directory) names another file.
        var renamed = apk
        let name = try #require(renamed.range(of: Data("resources.arsc".utf8)))
        renamed.replaceSubrange(name, with: Data("resources_arsc".utf8))
        try renamed.write(to: URL(fileURLWithPath: directory.path + "/renamed.apk"))
        for (target, words) in [
            ("cut.apk", "cut.apk"), ("empty-splits", "base.apk"), ("missing.aab", "missing.aab"), ("renamed.apk", "in its local header"),
        ] {
            let result = try RenderAlertCommand.run(["preview", directory.path + "/message.json", "--res", directory.path + "/" + target])
            #expect(result.status == 2, "\(target): \(result.output)")
            #expect(result.error.contains(words) && result.error.contains("cannot read"), "\(target): \(result.error)")
        }
    }
}
