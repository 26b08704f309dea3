import Foundation
@_spi(Presentation) import LocalizedAlerts
import Testing

@Suite("render-alert preview (end to end)")
struct PreviewCommandTests {
    typealias Object = [String: Any]

    func renders(_ arguments: [String]) throws -> [Object] {
        let root = try RenderAlertCommand.json(["preview"] + arguments + ["--format", "json"]) as! Object
        #expect(root["schemaVersion"] as? Int == 1)
        let previews = root["previews"] as! [Object]
        return previews.flatMap { $0["renders"] as! [Object] }
    }

    @Test func noArgumentsPreviewsTheBundledSampleInEveryLanguage() throws {
        let result = try RenderAlertCommand.run([])
        #expect(result.status == 0, "\(result.error)")
        for text in ["group-message.json", "Ana in Weekend trip", "Weekend trip の Ana", "Weekend trip 中的 Ana", "رسالة من Ana", "Verpasster Anruf"] {
            #expect(result.output.contains(text), "\(text)")
        }
        #expect(!result.output.contains("\u{1B}["), "no colour when not a terminal")
    }

    @Test func appNameReplacesTheAppsNameOnEveryCard() throws {
        let html = try RenderAlertCommand.run(["preview", "--format", "html", "--app-name", "Chatter & Co"])
        #expect(html.status == 0)
        let names = html.output.matches(of: /<span class="app">([^<]*)<\/span>/).map { String($0.output.1) }
        #expect(!names.isEmpty && names.allSatisfy { $0 == "Chatter &amp; Co" }, "\(Set(names))")
        let plain = try RenderAlertCommand.run(["preview", "--format", "html"])
        #expect(!plain.output.contains("Chatter"))
        for arguments in [["--app-name", "X"], ["--format", "html", "--app-name", " "]] {
            let refused = try RenderAlertCommand.run(["preview"] + arguments)
            #expect(refused.status == 2, "\(arguments)")
        }
    }

    /// A 2×2 PNG, written by Python's zlib and struct.
    static let png = Array(
        Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4nGNQSXz2H4QZYAwAUM4JqbzmeNcAAAAASUVORK5CYII=")!)

    @Test func appIconIsEmbeddedOnceAndAnythingButAnImageIsRefused() throws {
        let directory = try TemporaryDirectory()
        try directory.write("icon.png", Self.png)
        let result = try RenderAlertCommand.run(["preview", "--format", "html", "--app-icon", directory.path + "/icon.png"])
        #expect(result.status == 0, "\(result.error)")
        let page = result.output
        // The image once, in the stylesheet; every notification's icon draws it, with no initial.
        let urls = page.matches(of: /url\("([^"]*)"\)/).map { String($0.output.1) }
        #expect(urls == ["data:image/png;base64," + Data(Self.png).base64EncodedString()])
        let icons = page.matches(of: /<span class="icon( image)?" role="img" aria-label="[^"]*">([^<]*)<\/span>/)
        #expect(!icons.isEmpty && icons.allSatisfy { $0.output.1 != nil && $0.output.2.isEmpty })
        try directory.write("photo.jpg", [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46])
        let jpeg = try RenderAlertCommand.run(["preview", "--format", "html", "--app-icon", directory.path + "/photo.jpg"])
        #expect(jpeg.output.contains(#"url("data:image/jpeg;base64,/9j/4AAQSkZJRg==")"#))

        // Refused, exit 2, naming the file and why.
        try directory.write("icon.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        try directory.write("empty.png", "")
        try directory.write("huge.png", Self.png + [UInt8](repeating: 0, count: 1 << 20))
        for (file, reason) in [
            ("missing.png", "No such file"), ("icon.svg", "not a PNG or JPEG"), ("empty.png", "empty"), ("huge.png", "1 MiB"), ("", "is a directory"),
        ] {
            let refused = try RenderAlertCommand.run(["preview", "--format", "html", "--app-icon", directory.path + "/" + file])
            #expect(refused.status == 2 && refused.output.isEmpty, "\(file)")
            #expect(
                refused.error.contains("cannot use the app icon (\(directory.path)/\(file))") && refused.error.contains(reason), "\(refused.error)")
        }
        let notHTML = try RenderAlertCommand.run(["preview", "--app-icon", directory.path + "/icon.png"])
        #expect(notHTML.status == 2 && notHTML.error.contains("--app-icon goes with --format html"))
    }

    @Test func theMatrixLinksEveryPayloadAndLanguageToItsCardProblemsFirst() throws {
        let html = try RenderAlertCommand.run(["preview", "--format", "html"]).output
        let ids = Set(html.matches(of: /\sid="([^"]+)"/).map { String($0.output.1) })
        let matrix = try #require(html.firstMatch(of: /<details class="matrix"[\s\S]*?<\/table><\/div><\/details>/)).output
        let targets = matrix.matches(of: /<t[dh][^>]*><a href="#([^"]+)"/).map { String($0.output.1) }
        #expect(!targets.isEmpty && targets.allSatisfy(ids.contains), "\(targets.filter { !ids.contains($0) })")
        let json = try RenderAlertCommand.json(["preview", "--format", "json"]) as! Object
        let previews = json["previews"] as! [Object]
        let cells = matrix.matches(of: /<td class="([a-z]+)">/).map { String($0.output.1) }
        #expect(cells.count == previews.reduce(0) { $0 + ($1["renders"] as! [Object]).count })
        // Rows with a problem come before clean ones, and a key shown raw is marked as such.
        let rows = matrix.matches(of: /<tr class="worst-(ok|warning|error)"><th scope="row">/).map { $0.output.1 == "ok" }
        #expect(rows.count == previews.count && rows == rows.sorted { !$0 && $1 })
        #expect(cells.contains("key"), "missed-call.json shows its key in pt-PT")
    }

    @Test func hongKongGetsTraditionalChinese() throws {
        let render = try renders(["Resources/payloads/missed-call.json", "--language", "zh-HK"])[0]
        #expect(render["localization"] as? String == "zh-Hant")
        #expect(render["title"] as? String == "未接來電")
        #expect(render["body"] as? String == "Samir 曾嘗試打電話給你。")
        #expect((render["searchList"] as? [String])?.first == "zh-Hant")
    }

    @Test func missingKeyShowsTheKey() throws {
        let render = try renders(["Resources/payloads/missed-call.json", "--language", "pt-PT"])[0]
        #expect(render["title"] as? String == "call.missed.title")
        let fields = render["fields"] as! Object
        #expect((fields["title"] as? Object)?["source"] as? String == "key")
        let diagnostics = render["diagnostics"] as! [Object]
        #expect(diagnostics.contains { $0["id"] as? String == "payload.key-missing" })
    }

    @Test func reorderedArgumentsAndArabic() throws {
        let all = try renders(["Resources/payloads/group-message.json", "--language", "ja", "--language", "ar-SA,en", "--language", "zh-Hans-CN"])
        #expect(all.map { $0["title"] as? String } == ["Weekend trip の Ana", "Ana في Weekend trip", "Weekend trip 中的 Ana"])
        #expect(all[1]["localization"] as? String == "ar")
        #expect(all[1]["preferredLanguages"] as? [String] == ["ar-SA", "en"])
        let text = try RenderAlertCommand.run(["preview", "Resources/payloads/reaction.json", "--language", "ar"])
        #expect(text.output.contains("\u{2068}تفاعل Ana بـ ❤️ مع «See you at 8»\u{2069}"), "right-to-left text is isolated in the table")
    }

    @Test func theTrapIsReported() throws {
        let render = try renders(["Resources/payloads/unread-digest.json", "--language", "en"])[0]
        #expect(render["body"] as? String == "You have  unread messages in 5.")
        let ids = (render["diagnostics"] as! [Object]).compactMap { $0["id"] as? String }
        #expect(ids.contains("push.unsupported-specifier"))
    }

    @Test func colourOnlyWhenAsked() throws {
        // NO_COLOR is set by the helper; without a terminal there is never colour anyway.
        let result = try RenderAlertCommand.run(["preview", "Resources/payloads/reaction.json", "--language", "en"], environment: ["NO_COLOR": ""])
        #expect(!result.output.contains("\u{1B}["))
    }

    @Test func badInputExitsTwo() throws {
        let missing = try RenderAlertCommand.run(["preview", "no-such-file.json"])
        #expect(missing.status == 2)
        #expect(missing.error.contains("cannot read the payload (no-such-file.json)"))
        let broken = try RenderAlertCommand.run(["preview", "Resources/payloads/reaction.json", "--strings", "/nonexistent"])
        #expect(broken.status == 2)
    }

    @Test func matchCommand() throws {
        let root =
            try RenderAlertCommand.json([
                "match", "--preferred", "es-MX", "--available", "es,es-419,en", "--development-region", "en", "--format", "json",
            ]) as! Object
        #expect(root["searchList"] as? [String] == ["es-419", "es", "en"])
        #expect((root["explanation"] as? String)?.contains("es_MX → es_419 → es") == true)
        let directory = try RenderAlertCommand.run(["match", "--preferred", "zh-HK", "--available", "Resources/strings"])
        #expect(directory.output.contains("Search list: zh-Hant, en"))
        #expect(directory.output.components(separatedBy: "Search list:").count == 2, "the search list is said once: \(directory.output)")
        // A list that is not language IDs is refused with match's own usage.
        let listed = try RenderAlertCommand.run(["match", "--preferred", "fr", "--available", "x;y"])
        #expect(listed.status == 2 && listed.output.isEmpty)
        #expect(listed.error.contains(#"--available takes language IDs"#), "\(listed.error)")
        #expect(listed.error.contains("Usage: render-alert match ") && listed.error.contains("'render-alert match --help'"), "\(listed.error)")
        let preview = try RenderAlertCommand.run(["preview", "--language", "fr;en"])
        #expect(preview.status == 2 && preview.error.contains("Usage: render-alert preview "), "\(preview.error)")
    }

    @Test func dumpCommand() throws {
        let tables =
            try RenderAlertCommand.json([
                "dump", "Tests/LocalizationTests/Fixtures/corpus/edge-cases/14_junk_after_semicolon.strings", "--format", "json",
            ]) as! [Object]
        let table = tables[0]
        #expect(table["table"] as? [String: String] == ["a": "b"])
        let entries = table["entries"] as! [Object]
        #expect(entries.map { $0["key"] as? String } == ["a", "c"])
        #expect(entries[1]["line"] as? Int == 3)
        let diagnostics = table["diagnostics"] as! [Object]
        #expect(diagnostics.first?["id"] as? String == "strings.dropped-after-semicolon")
        #expect(diagnostics.first?["line"] as? Int == 2)
    }

    /// Terminal cards: every line of a card is exactly as wide as the card; titles take one
    /// line and bodies at most four, the last cut with "…"; CJK text counts two columns a
    /// character (ICU East Asian width), so a line holds half as many.
    @Test func terminalCardsClampTheBodyByDisplayWidth() throws {
        let directory = try TemporaryDirectory()
        let japanese = String(repeating: "東京駅に着きました。電車が四十分遅れたので、ホテルには七時ごろ着きます。", count: 4)
        try directory.write(
            "long-ja.json", #"{"aps":{"alert":{"title-loc-key":"message.direct.title","title-loc-args":["Noor"],"body":"\#(japanese)"}}}"#)
        let result = try RenderAlertCommand.run(
            [
                "preview", "Resources/payloads/long-message.json", directory.path + "/long-ja.json", "--language", "en", "--language", "ja",
                "--language", "ar", "--layout", "cards",
            ],
            environment: ["COLUMNS": "50"])
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.components(separatedBy: "\n")
        var cards: [[String]] = []
        for line in lines {
            if line.hasPrefix("  ╭") { cards.append([]) }
            if !cards.isEmpty, line.hasPrefix("  ╭") || line.hasPrefix("  │") || line.hasPrefix("  ╰") { cards[cards.count - 1].append(line) }
        }
        #expect(cards.count == 6)
        for card in cards {
            for line in card {
                #expect(
                    DisplayText.width(line.replacingOccurrences(of: "\u{2068}", with: "").replacingOccurrences(of: "\u{2069}", with: "")) == 2 + 42,
                    "\(line)")
            }
            // Top border, app row, title, four body lines, bottom border.
            #expect(card.count == 8, "\(card.joined(separator: "\n"))")
            let lastBody = card[6].dropFirst(4).dropLast(2).trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\u{2069}", with: "")
            #expect(lastBody.hasSuffix("…"), "\(card[6])")
        }
        // The Japanese body: full lines hold 19 characters of two columns each (38 columns).
        let ja = cards[4]
        #expect(ja[0].contains("ja"))
        for line in ja[3...5] {
            let text = line.dropFirst(4).dropLast(2).trimmingCharacters(in: .whitespaces)
            #expect(DisplayText.width(text) >= 37 && text.count <= 19, "\(text)")
        }
    }

    /// Text from payloads and tables reaches the terminal as text: an escape sequence in a body
    /// is shown (␛), not obeyed, and every kind of line break (CR LF, U+2028) starts a new line
    /// instead of leaving a raw CR in a card.
    @Test func controlCharactersAreShownNotObeyed() throws {
        let directory = try TemporaryDirectory()
        let body = #"Cleared\u001b[2J screen\r\nnext line\u2028third\tend"#
        try directory.write("hostile.json", #"{"aps":{"alert":{"title":"Hi\u0007","body":"\#(body)"}}}"#)
        for layout in ["table", "cards"] {
            let result = try RenderAlertCommand.run(["preview", directory.path + "/hostile.json", "--language", "en", "--layout", layout])
            #expect(result.status == 0, "\(result.error)")
            #expect(!result.output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(layout): no control character but line feeds")
            #expect(result.output.contains("Cleared␛[2J screen"), "\(layout)")
            #expect(result.output.contains("Hi␇"), "\(layout)")
            let lines = result.output.components(separatedBy: "\n")
            for text in ["next line", "third end"] {
                #expect(lines.contains { $0.contains(text) && !$0.contains("Cleared") }, "\(layout): \(text) on a line of its own")
            }
        }
    }
}
