import Foundation
import Testing

/// The Chromium the browser tests run, and whether one is required. Outside the suite, whose
/// `.enabled(if:)` trait reads it.
enum HeadlessChromium {
    static let path: String? = {
        let environment = ProcessInfo.processInfo.environment
        var candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/snap/bin/chromium"]
        if let path = environment["CHROMIUM"] { candidates.insert(path, at: 0) }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static var isRequired: Bool { ProcessInfo.processInfo.environment["LOCALIZED_ALERTS_REQUIRE_BROWSER"] == "1" }
}

/// `preview --format html` in a real browser: headless Chromium lays the page out, and the test
/// reads the layout back from the rendered DOM (a measuring script is added to a copy of the
/// page; the page itself has no scripts). Without a Chromium the suite is reported as skipped;
/// with `LOCALIZED_ALERTS_REQUIRE_BROWSER=1` (`.ci/run` installs Chromium and sets it) it runs
/// anyway and a missing browser fails every test.
@Suite(
    "HTML preview in a browser", .serialized,
    .enabled(
        if: HeadlessChromium.path != nil || HeadlessChromium.isRequired,
        "no Chromium found (install chromium, or set CHROMIUM to one)")
)
struct HTMLPreviewBrowserTests {
    typealias Object = [String: Any]

    static let browser = HeadlessChromium.path
    static var isRequired: Bool { HeadlessChromium.isRequired }

    /// Whether a Chromium runs the test. The suite runs without one only where one is
    /// required, so its absence here is a failure.
    static func hasBrowser() -> Bool {
        if browser == nil { Issue.record("LOCALIZED_ALERTS_REQUIRE_BROWSER=1 but no Chromium was found (set CHROMIUM)") }
        return browser != nil
    }

    /// Runs headless Chromium with `arguments` and returns its standard output.
    static func chromium(_ arguments: [String], profile: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser!)
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--user-data-dir=\(profile)", "--hide-scrollbars",
            ] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // A browser that hangs must not hang the tests.
        let deadline = DispatchTime.now() + .seconds(120)
        DispatchQueue.global().asyncAfter(deadline: deadline) { if process.isRunning { process.terminate() } }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static let measuringScript = """
        <script>
        (function () {
          for (const details of document.querySelectorAll('details')) details.open = true;
          const measure = (element) => {
            if (!element) return null;
            const lineHeight = parseFloat(getComputedStyle(element).lineHeight);
            return { lines: Math.round(element.clientHeight / lineHeight), fullLines: Math.round(element.scrollHeight / lineHeight),
                     clamped: element.scrollHeight > element.clientHeight + 1, cut: element.scrollWidth > element.clientWidth + 1 };
          };
          const cards = [...document.querySelectorAll('article.card')].map((card) => ({
            device: card.dataset.device,
            payload: card.closest('section.payload').querySelector('h2').firstChild.textContent.trim(),
            direction: getComputedStyle(card.querySelector('.screen')).direction,
            title: measure(card.querySelector('[data-variant=collapsed] .title')),
            body: measure(card.querySelector('[data-variant=collapsed] .body')),
            expandedBody: measure(card.querySelector('[data-variant=expanded] .body')),
            isolatedArguments: card.querySelectorAll('[data-variant=collapsed] bdi.arg').length,
            bodyText: (card.querySelector('[data-variant=collapsed] .body') || {}).innerText || '',
          }));
          const pre = document.createElement('pre');
          pre.id = 'measurements';
          pre.textContent = JSON.stringify({ cards, sections: document.querySelectorAll('section.payload').length });
          document.body.appendChild(pre);
        })();
        </script>
        """

    @Test func cardsLayOutAsTheLockScreenDoes() throws {
        guard Self.hasBrowser() else { return }
        let directory = try TemporaryDirectory()
        let page = directory.path + "/preview.html"
        let result = try RenderAlertCommand.run(["preview", "--format", "html", "--output", page])
        #expect(result.status == 0, "\(result.error)")
        let html = try String(contentsOfFile: page, encoding: .utf8)

        // Self-contained: nothing is loaded from anywhere, and the page runs no code.
        #expect(html.firstMatch(of: /(src|href)\s*=\s*"(https?:)?\/\//) == nil)
        #expect(!html.contains("<script"))
        #expect(!html.contains("@import") && !html.contains("url("))
        #expect(html.contains("Line breaking is approximate"))

        // What the cards must show: every non-silent rendering of every bundled payload.
        let json = try RenderAlertCommand.json(["preview", "--format", "json"]) as! Object
        let previews = json["previews"] as! [Object]
        let expected = previews.flatMap { preview -> [String] in
            let renders = preview["renders"] as! [Object]
            if renders.allSatisfy({ $0["silent"] as? Bool == true }) { return [] }
            let name = (preview["payload"] as! String).split(separator: "/").last.map(String.init)!
            return renders.map { "\(name)|\(($0["preferredLanguages"] as! [String]).joined(separator: ","))" }
        }

        let measured = directory.path + "/measured.html"
        try html.replacingOccurrences(of: "</body>", with: Self.measuringScript + "\n</body>").write(
            toFile: measured, atomically: true, encoding: .utf8)
        let dom = try Self.chromium(
            ["--virtual-time-budget=5000", "--dump-dom", URL(fileURLWithPath: measured).absoluteString], profile: directory.path + "/profile-1")
        let match = try #require(dom.firstMatch(of: /<pre id="measurements">(.*?)<\/pre>/), "no measurements in the rendered DOM: \(dom.prefix(300))")
        let text = String(match.output.1).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        let measurements = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! Object
        let cards = measurements["cards"] as! [Object]
        #expect(measurements["sections"] as? Int == previews.count)
        #expect(cards.map { "\($0["payload"] as! String)|\($0["device"] as! String)" } == expected)

        for card in cards {
            let device = card["device"] as! String
            let isRightToLeft = device == "ar" || device == "he"
            #expect(card["direction"] as? String == (isRightToLeft ? "rtl" : "ltr"), "\(device)")
            // Titles and subtitles stay on one line.
            if let title = card["title"] as? Object { #expect(title["lines"] as? Int == 1, "\(device) \(title)") }
        }
        // The long message is clamped to four lines in every language; the expanded
        // notification shows all of it.
        let long = cards.filter { $0["payload"] as? String == "long-message.json" }
        #expect(long.count == 13)
        for card in long {
            let body = card["body"] as! Object
            let expanded = card["expandedBody"] as! Object
            #expect(body["clamped"] as? Bool == true, "\(card["device"]!)")
            #expect(body["lines"] as? Int == 4, "\(card["device"]!): \(body)")
            #expect((expanded["lines"] as? Int ?? 0) > 4, "\(card["device"]!): \(expanded)")
            #expect(expanded["clamped"] as? Bool == false)
        }
        // A short body is not clamped; formatted arguments are isolated.
        let group = cards.filter { $0["payload"] as? String == "group-message.json" }
        #expect(group.allSatisfy { ($0["body"] as? Object)?["clamped"] as? Bool == false })
        #expect(group.allSatisfy { $0["isolatedArguments"] as? Int == 2 })

        // Text is laid out as the device shows it: the double space a dropped %d leaves stays.
        let digest = try #require(cards.first { $0["payload"] as? String == "unread-digest.json" && $0["device"] as? String == "pt-PT" })
        #expect((digest["bodyText"] as? String)?.hasPrefix("Tem  mensagens por ler") == true, "\(digest["bodyText"] ?? "")")

        // The screenshot, as an artefact of the run.
        let artefacts = Fixtures.repositoryRoot + "/.build/test-artifacts"
        try FileManager.default.createDirectory(atPath: artefacts, withIntermediateDirectories: true)
        let screenshot = artefacts + "/preview.png"
        try? FileManager.default.removeItem(atPath: screenshot)
        _ = try Self.chromium(
            ["--window-size=1280,2400", "--screenshot=\(screenshot)", URL(fileURLWithPath: page).absoluteString],
            profile: directory.path + "/profile-2")
        let png = try Data(contentsOf: URL(fileURLWithPath: screenshot))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(png.count > 20_000)
        Attachment.record(Array(png), named: "preview.png")
    }

    /// Computed colours the switches and the system's scheme decide, read back from the DOM.
    static let styleScript = """
        <script>
        (function () {
          const color = (selector, property) => { const e = document.querySelector(selector); return e ? getComputedStyle(e)[property] : null; };
          const pre = document.createElement('pre');
          pre.id = 'styles';
          pre.textContent = JSON.stringify({
            page: color('body', 'backgroundColor'), card: color('.card', 'backgroundColor'),
            notification: color('.notification', 'color'), argument: color('bdi.arg', 'backgroundColor'),
          });
          document.body.appendChild(pre);
        })();
        </script>
        """

    func styles(_ html: String, _ extra: [String] = [], in directory: TemporaryDirectory, name: String) throws -> [String: String] {
        let page = directory.path + "/\(name).html"
        try html.replacingOccurrences(of: "</body>", with: Self.styleScript + "\n</body>").write(toFile: page, atomically: true, encoding: .utf8)
        let dom = try Self.chromium(
            extra + ["--virtual-time-budget=3000", "--dump-dom", URL(fileURLWithPath: page).absoluteString],
            profile: directory.path + "/profile-\(name)")
        let match = try #require(dom.firstMatch(of: /<pre id="styles">(.*?)<\/pre>/), "no styles in \(name)")
        let text = String(match.output.1).replacingOccurrences(of: "&quot;", with: "\"")
        return try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: String]
    }

    @Test func darkSchemeAndArgumentHighlightingFollowTheSwitches() throws {
        guard Self.hasBrowser() else { return }
        let directory = try TemporaryDirectory()
        let result = try RenderAlertCommand.run(["preview", "--format", "html", "--output", directory.path + "/p.html"])
        #expect(result.status == 0)
        let html = try String(contentsOfFile: directory.path + "/p.html", encoding: .utf8)
        let light = try styles(html, in: directory, name: "light")
        #expect(light["page"] == "rgb(242, 242, 247)" && light["card"] == "rgb(255, 255, 255)" && light["notification"] == "rgb(0, 0, 0)", "\(light)")
        #expect(light["argument"] != "rgba(0, 0, 0, 0)", "arguments are highlighted by default")
        // The page's switch, no script: dark.
        let dark = try styles(
            html.replacingOccurrences(of: #"id="scheme-auto" checked"#, with: #"id="scheme-auto""#)
                .replacingOccurrences(of: #"id="scheme-dark""#, with: #"id="scheme-dark" checked"#), in: directory, name: "dark")
        #expect(dark["page"] == "rgb(0, 0, 0)" && dark["card"] == "rgb(28, 28, 30)" && dark["notification"] == "rgb(255, 255, 255)", "\(dark)")
        // The system's dark scheme, unless the switch says light.
        let system = try styles(html, ["--force-dark-mode"], in: directory, name: "system")
        #expect(system["page"] == "rgb(0, 0, 0)", "\(system)")
        let forcedLight = try styles(
            html.replacingOccurrences(of: #"id="scheme-auto" checked"#, with: #"id="scheme-auto""#)
                .replacingOccurrences(of: #"id="scheme-light""#, with: #"id="scheme-light" checked"#), ["--force-dark-mode"], in: directory,
            name: "forced-light")
        #expect(forcedLight["page"] == "rgb(242, 242, 247)", "\(forcedLight)")
        // Highlighting off: the text as the device shows it.
        let plain = try styles(
            html.replacingOccurrences(of: #"id="show-arguments" checked"#, with: #"id="show-arguments""#), in: directory, name: "plain")
        #expect(plain["argument"] == "rgba(0, 0, 0, 0)", "\(plain)")
    }

    /// Reads a JSON object a script left in `<pre id="…">` of the rendered DOM.
    static func measurements(_ html: String, script: String, id: String, in directory: TemporaryDirectory, name: String) throws -> Object {
        let page = directory.path + "/\(name).html"
        try html.replacingOccurrences(of: "</body>", with: script + "\n</body>").write(toFile: page, atomically: true, encoding: .utf8)
        // An asynchronous script (an image decoded) runs on real time, which headless Chromium's
        // virtual-time budget does not wait for: on a busy machine the DOM can be dumped first.
        // Asked again, with more time, before the page is said to lack its answer.
        var dom = ""
        for budget in [3000, 10000, 30000] {
            dom = try chromium(
                ["--virtual-time-budget=\(budget)", "--dump-dom", URL(fileURLWithPath: page).absoluteString],
                profile: directory.path + "/profile-\(name)-\(budget)")
            if dom.contains("<pre id=\"\(id)\">") { break }
        }
        let match = try #require(dom.firstMatch(of: try Regex("<pre id=\"\(id)\">(.*?)</pre>")), "no \(id) in the rendered DOM of \(name)")
        let text = String(match.output[1].substring ?? "").replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        return try JSONSerialization.jsonObject(with: Data(text.utf8)) as! Object
    }

    /// Stacks before and after they are opened, the body's clamp for each presentation (the
    /// script checks the page's radio buttons, as a click would), and the notification's layout.
    static let groupScript = """
        <script>
        (function () {
          // Closed details keep their boxes in Chromium (content-visibility): ask what is rendered.
          const visible = (e) => e.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true });
          const lines = (e) => Math.round(e.clientHeight / parseFloat(getComputedStyle(e).lineHeight));
          const stack = (s) => ({
            device: s.dataset.device, thread: s.dataset.thread, count: +s.dataset.count,
            top: s.querySelector('.stack-top .body').innerText, more: s.querySelector('details.stack-rest summary').innerText,
            plates: [...s.querySelectorAll('.plates span')].filter(visible).length,
            shownOthers: [...s.querySelectorAll('details.stack-rest .notification')].filter(visible).map((n) => n.querySelector('.body').innerText),
            summaryCount: (s.querySelector('.summary-count') || {}).innerText || null,
            summaryArgs: (s.querySelector('.summary-args') || {}).innerText || null,
            says: (s.querySelector('.group-summary') || {}).innerText || '' });
          const closed = [...document.querySelectorAll('.stack')].map(stack);
          for (const d of document.querySelectorAll('details.stack-rest')) d.open = true;
          const opened = [...document.querySelectorAll('.stack')].map(stack);
          const clamp = {};
          for (const id of ['shown-lock-screen', 'shown-center', 'shown-banner']) {
            document.getElementById(id).checked = true;
            const body = document.querySelector('#long [data-variant=collapsed] .body');
            clamp[id] = { clamp: getComputedStyle(body).webkitLineClamp, lines: lines(body) };
          }
          const layout = [...document.querySelectorAll('article.card')].filter((c) => c.querySelector('.notification:not(.nothing)')).map((card) => {
            const n = card.querySelector('[data-variant=collapsed]');
            const box = (e) => e.getBoundingClientRect();
            const head = n.querySelector('.head'), time = n.querySelector('time'), title = n.querySelector('.head .title'), app = n.querySelector('.head .app');
            return { id: card.id, device: card.dataset.device, direction: getComputedStyle(n).direction,
              iconLeading: getComputedStyle(n).direction === 'rtl' ? box(n.querySelector('.icon')).left > box(head).right : box(n.querySelector('.icon')).right < box(head).left,
              timeTrailing: getComputedStyle(n).direction === 'rtl' ? Math.abs(box(time).left - box(head).left) < 2 : Math.abs(box(time).right - box(head).right) < 2,
              headline: title ? 'title' : app ? 'app' : null, headlineWeight: +getComputedStyle(title || app).fontWeight,
              headlineText: (title || app).innerText, upperCase: getComputedStyle(title || app).textTransform === 'uppercase',
              appNames: n.querySelectorAll('.app').length, iconLabel: n.querySelector('.icon').getAttribute('aria-label'),
              iconImage: getComputedStyle(n.querySelector('.icon')).backgroundImage.startsWith('url("data:image/png;base64,') };
          });
          const pre = document.createElement('pre');
          pre.id = 'groups';
          pre.textContent = JSON.stringify({ closed, opened, clamp, layout });
          document.body.appendChild(pre);
        })();
        </script>
        """

    @Test func threadsStackPresentationsClampAndTheCurrentLayout() throws {
        guard Self.hasBrowser() else { return }
        let directory = try TemporaryDirectory()
        let long = String(repeating: "The train from the airport was delayed by forty minutes, so we meet at the hotel. ", count: 4)
        // Read in name order: first, quiet, second and third.json share a thread; third is the newest.
        try directory.write(
            "payloads/first.json", #"{"aps":{"alert":{"title":"Ana","body":"First","summary-arg":"Ana","summary-arg-count":2},"thread-id":"trip"}}"#)
        try directory.write("payloads/quiet.json", #"{"aps":{"content-available":1,"thread-id":"trip"}}"#)
        try directory.write("payloads/second.json", #"{"aps":{"alert":{"title":"Noor","body":"Second","summary-arg":"Noor"},"thread-id":"trip"}}"#)
        try directory.write("payloads/third.json", #"{"aps":{"alert":{"title":"Samir","body":"\#(long)"},"thread-id":"trip"}}"#)
        try directory.write("icon.png", PreviewCommandTests.png)
        try directory.write("payloads/alone.json", #"{"aps":{"alert":{"body":"No title: the app's name stands in"},"thread-id":"solo"}}"#)
        let result = try RenderAlertCommand.run([
            "preview", directory.path + "/payloads", "--strings", "Resources/strings", "--language", "en", "--language", "ar",
            "--format", "html", "--app-name", "Relay", "--app-icon", directory.path + "/icon.png", "--output", directory.path + "/p.html",
        ])
        #expect(result.status == 0, "\(result.error)")
        // The long body's card, found by the script as #long.
        let html = try String(contentsOfFile: directory.path + "/p.html", encoding: .utf8)
            .replacingOccurrences(of: #"<article id="card-5-1""#, with: #"<article id="long""#)
        // The icon is the page's own: its one url() is a data: URI.
        #expect(!html.contains("<script") && html.matches(of: /url\(/).count == 1 && html.contains(#"url("data:image/png;base64,"#))
        let measured = try Self.measurements(html, script: Self.groupScript, id: "groups", in: directory, name: "groups")

        // One stack per device for the thread with three visible notifications (the background
        // push joins none); none for a thread of one.
        let closed = measured["closed"] as! [Object]
        #expect(closed.map { "\($0["thread"]!) \($0["device"]!) \($0["count"]!)" } == ["trip en 3", "trip ar 3"])
        for stack in closed {
            #expect((stack["top"] as? String)?.hasPrefix("The train") == true, "the newest on top: \(stack)")
            #expect(stack["more"] as? String == "2 more notifications")
            #expect(stack["plates"] as? Int == 2)
            #expect((stack["shownOthers"] as? [String]) == [], "closed: only the newest shows")
            #expect(stack["summaryCount"] as? String == "4" && stack["summaryArgs"] as? String == "Ana, Noor", "\(stack)")
            #expect((stack["says"] as? String)?.contains("does not read") == true, "says the summary format is not known")
        }
        for stack in measured["opened"] as! [Object] {
            #expect(stack["shownOthers"] as? [String] == ["Second", "First"], "opened: the others, newest first")
            #expect(stack["plates"] as? Int == 0)
        }

        // Banners show fewer lines than the lock screen and Notification Center.
        let clamp = measured["clamp"] as! [String: Object]
        #expect(clamp["shown-lock-screen"]?["clamp"] as? String == "4" && clamp["shown-lock-screen"]?["lines"] as? Int == 4, "\(clamp)")
        #expect(clamp["shown-center"]?["clamp"] as? String == "4" && clamp["shown-center"]?["lines"] as? Int == 4, "\(clamp)")
        #expect(clamp["shown-banner"]?["clamp"] as? String == "2" && clamp["shown-banner"]?["lines"] as? Int == 2, "\(clamp)")

        // Today's layout: icon at the leading edge, the time at the trailing edge, the title in
        // bold and no app-name row; the app's name only where there is no title.
        let layout = measured["layout"] as! [Object]
        #expect(layout.count == 8)
        for card in layout {
            #expect(card["iconLeading"] as? Bool == true && card["timeTrailing"] as? Bool == true, "\(card)")
            #expect((card["headlineWeight"] as? Int ?? 0) >= 600 && card["upperCase"] as? Bool == false, "\(card)")
            #expect(card["iconLabel"] as? String == "Relay" && card["iconImage"] as? Bool == true, "\(card)")
            let untitled = card["headlineText"] as? String == "Relay"
            #expect(card["headline"] as? String == (untitled ? "app" : "title") && card["appNames"] as? Int == (untitled ? 1 : 0), "\(card)")
        }
        #expect(layout.filter { $0["headline"] as? String == "app" }.count == 2, "alone.json in en and ar")
        #expect(Set(layout.map { $0["direction"] as! String }) == ["ltr", "rtl"])
    }
    /// The matrix as a reader uses it: every cell's link reaches an element of the page, and
    /// each filter (set as a click would) hides exactly the rows, columns and cards it names;
    /// the reset button shows everything again. Nothing is fetched from anywhere.
    static let matrixScript = """
        <script>
        (function () {
          const shown = (e) => getComputedStyle(e).display !== 'none';
          const state = () => ({
            rows: [...document.querySelectorAll('.matrix tbody tr')].filter(shown).map((r) => r.className),
            columns: [...document.querySelectorAll('.matrix thead th')].slice(1).filter(shown).length,
            cells: [...document.querySelectorAll('.matrix tbody td')].filter(shown).length,
            cards: [...document.querySelectorAll('main section.payload article.card')].filter(shown).map((c) => c.className) });
          const links = [...document.querySelectorAll('.matrix td a')].map((a) => a.getAttribute('href').slice(1));
          const result = { links: links.length, unresolved: links.filter((id) => !document.getElementById(id)),
            linkedCards: links.filter((id) => (document.getElementById(id) || {}).tagName === 'ARTICLE').length,
            columnCount: document.querySelectorAll('.matrix thead th').length - 1, all: state() };
          document.getElementById('severity-warning').checked = true; result.warning = state();
          document.getElementById('severity-error').checked = true; result.error = state();
          document.getElementById('severity-all').checked = true;
          document.getElementById('language-2').checked = false; result.withoutSecond = state();
          document.getElementById('language-2').checked = true;
          document.getElementById('only-problem-languages').checked = true; result.problemLanguages = state();
          document.getElementById('only-problem-languages').checked = false;
          document.getElementById('severity-error').checked = true;
          document.getElementById('language-2').checked = false;
          document.querySelector('.matrix button[type=reset]').click(); result.reset = state();
          result.fetched = performance.getEntriesByType('resource').map((r) => r.name);
          const pre = document.createElement('pre');
          pre.id = 'matrix';
          pre.textContent = JSON.stringify(result);
          document.body.appendChild(pre);
        })();
        </script>
        """

    @Test func theMatrixLinksToCardsAndFiltersWithoutAScript() throws {
        guard Self.hasBrowser() else { return }
        let directory = try TemporaryDirectory()
        let result = try RenderAlertCommand.run(["preview", "--format", "html", "--output", directory.path + "/p.html"])
        #expect(result.status == 0, "\(result.error)")
        let html = try String(contentsOfFile: directory.path + "/p.html", encoding: .utf8)
        #expect(!html.contains("<script"))
        let measured = try Self.measurements(html, script: Self.matrixScript, id: "matrix", in: directory, name: "matrix")
        let json = try RenderAlertCommand.json(["preview", "--format", "json"]) as! Object
        let renders = (json["previews"] as! [Object]).map { $0["renders"] as! [Object] }
        let shownCards = renders.filter { !$0.allSatisfy { $0["silent"] as? Bool == true } }.reduce(0) { $0 + $1.count }

        // Every cell links to something on the page: its card, or the section of a payload no
        // device shows. The page fetched nothing (the script measuring it is inline).
        #expect(measured["links"] as? Int == renders.reduce(0) { $0 + $1.count })
        #expect((measured["unresolved"] as? [String]) == [])
        #expect(measured["linkedCards"] as? Int == shownCards)
        #expect((measured["fetched"] as? [String]) == [], "\(measured["fetched"] ?? "")")

        func state(_ name: String) -> (rows: [String], columns: Int, cells: Int, cards: [String]) {
            let object = measured[name] as! Object
            return (object["rows"] as! [String], object["columns"] as! Int, object["cells"] as! Int, object["cards"] as! [String])
        }
        let columns = measured["columnCount"] as! Int
        #expect(columns == 13)
        let all = state("all")
        #expect(all.rows.count == renders.count && all.columns == columns && all.cards.count == shownCards)
        #expect(Set(all.rows) == ["worst-ok", "worst-warning", "worst-error"], "the sample has clean, warning and error payloads: \(all.rows)")
        // Severity: rows and cards below the level chosen are hidden.
        let warning = state("warning")
        #expect(warning.rows == all.rows.filter { $0 != "worst-ok" })
        #expect(!warning.cards.isEmpty && warning.cards.allSatisfy { !$0.contains("level-ok") } && warning.cards.count < all.cards.count)
        let error = state("error")
        #expect(!error.rows.isEmpty && error.rows.allSatisfy { $0 == "worst-error" })
        #expect(!error.cards.isEmpty && error.cards.allSatisfy { $0.contains("level-error") })
        // Language: the second device's column and its cards are hidden, and only those.
        let withoutSecond = state("withoutSecond")
        #expect(withoutSecond.columns == columns - 1 && withoutSecond.cells == all.cells - renders.count)
        #expect(withoutSecond.cards.count == all.cards.count - renders.filter { !$0.allSatisfy { $0["silent"] as? Bool == true } }.count)
        #expect(!withoutSecond.cards.contains { $0.split(separator: " ").contains("column-2") })
        // Every language of the sample has a problem somewhere: none goes.
        #expect(state("problemLanguages").columns == columns)
        // The reset button shows everything again.
        let reset = state("reset")
        #expect(reset.rows == all.rows && reset.columns == columns && reset.cells == all.cells && reset.cards == all.cards)

        // Only languages with a problem: of en, pt-PT (the missed call's title key is missing)
        // and fr, only pt-PT stays, with its cards.
        let few = try RenderAlertCommand.run([
            "preview", "Resources/payloads/missed-call.json", "Resources/payloads/group-message.json", "--language", "en", "--language", "pt-PT",
            "--language", "fr",
            "--format", "html", "--output", directory.path + "/few.html",
        ])
        #expect(few.status == 0, "\(few.error)")
        let fewMeasured = try Self.measurements(
            try String(contentsOfFile: directory.path + "/few.html", encoding: .utf8), script: Self.matrixScript, id: "matrix", in: directory,
            name: "few")
        let fewAll = fewMeasured["all"] as! Object
        let onlyProblems = fewMeasured["problemLanguages"] as! Object
        #expect(fewAll["columns"] as? Int == 3 && (fewAll["cards"] as? [String])?.count == 6)
        #expect(onlyProblems["columns"] as? Int == 1 && onlyProblems["cells"] as? Int == 2, "\(onlyProblems)")
        let kept = onlyProblems["cards"] as? [String] ?? []
        #expect(kept.count == 2 && kept.allSatisfy { $0.split(separator: " ").contains("column-2") }, "\(kept)")
    }
    /// A built app's icon (Apple's CgBI PNG in the bundle) as the browser draws it: the
    /// converted image decodes, with its colours in order and its alpha straight.
    static let iconScript = """
        <script>
        (async function () {
          const pre = document.createElement('pre');
          pre.id = 'icon';
          try {
            const css = getComputedStyle(document.querySelector('.notification .icon')).backgroundImage;
            const image = new Image();
            image.src = css.slice(5, -2);
            await image.decode();
            const canvas = document.createElement('canvas');
            canvas.width = image.naturalWidth; canvas.height = image.naturalHeight;
            const context = canvas.getContext('2d');
            context.drawImage(image, 0, 0);
            const at = (x, y) => [...context.getImageData(x, y, 1, 1).data];
            pre.textContent = JSON.stringify({ width: image.naturalWidth, height: image.naturalHeight, left: at(10, 57), right: at(100, 58), corner: at(119, 119) });
          } catch (error) {
            pre.textContent = JSON.stringify({ error: String(error) });
          }
          document.body.appendChild(pre);
        })();
        </script>
        """

    @Test func aBuiltAppsIconIsDrawnWithItsColours() throws {
        guard Self.hasBrowser() else { return }
        let directory = try TemporaryDirectory()
        let result = try RenderAlertCommand.run([
            "preview", "Resources/payloads/direct-message.json", "--strings", Fixtures.path("bundles/Sample.app"), "--language", "en",
            "--format", "html", "--output", directory.path + "/p.html",
        ])
        #expect(result.status == 0, "\(result.error)")
        let measured = try Self.measurements(
            try String(contentsOfFile: directory.path + "/p.html", encoding: .utf8), script: Self.iconScript, id: "icon", in: directory, name: "icon")
        #expect(measured["error"] == nil, "\(measured)")
        #expect(measured["width"] as? Int == 120 && measured["height"] as? Int == 120)
        func close(_ pixel: Any?, _ expected: [Int]) -> Bool {
            guard let pixel = pixel as? [Int], pixel.count == 4 else { return false }
            return zip(pixel, expected).allSatisfy { abs($0 - $1) <= 3 }
        }
        // Rows 57 and 58 were written with the Up and Average filters; the right half is
        // (20, 90, 220) at alpha 128, stored premultiplied and blue first.
        #expect(close(measured["left"], [200, 30, 60, 255]), "\(measured["left"] ?? "")")
        #expect(close(measured["right"], [20, 90, 220, 128]), "\(measured["right"] ?? "")")
        #expect(close(measured["corner"], [20, 90, 220, 128]), "\(measured["corner"] ?? "")")
    }

    /// For each collapsed title, which of its characters, in logical order, are inside the
    /// title's box: "1" shown, "0" cut.
    static let truncationScript = """
        <script>
        (function () {
          const shown = (title) => {
            const box = title.getBoundingClientRect();
            let flags = '';
            const walker = document.createTreeWalker(title, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              for (let i = 0; i < node.length; i++) {
                const range = document.createRange();
                range.setStart(node, i);
                range.setEnd(node, i + 1);
                const rect = range.getBoundingClientRect();
                const inside = rect.width > 0 && rect.left >= box.left - 1 && rect.right <= box.right + 1 && rect.top >= box.top - 1 && rect.bottom <= box.bottom + 1;
                flags += inside ? '1' : '0';
              }
            }
            return flags;
          };
          const titles = [...document.querySelectorAll('article.card')].map((card) => ({
            device: card.dataset.device, shown: shown(card.querySelector('[data-variant=collapsed] .title')),
          }));
          const pre = document.createElement('pre');
          pre.id = 'titles';
          pre.textContent = JSON.stringify(titles);
          document.body.appendChild(pre);
        })();
        </script>
        """

    /// iOS truncates a title in logical order: what is cut is the end of the text, whatever the
    /// direction of its runs. A Hebrew title that starts with a Latin word, an Arabic one that
    /// ends with one, each in a card of either direction.
    @Test func aMixedDirectionTitleIsCutAtItsLogicalEnd() throws {
        guard Self.hasBrowser() else { return }
        let directory = try TemporaryDirectory()
        let hebrew = "Trip summary: רחוק מאוד אל העיר העתיקה עם כל החברים והמשפחה בסוף השבוע הבא"
        let arabic = "رحلة طويلة جدا إلى المدينة القديمة مع جميع الأصدقاء والعائلة في نهاية end trip"
        try directory.write("app/he.lproj/Localizable.strings", "\"t\" = \"\(hebrew)\";\n\"m\" = \"\(arabic)\";\n\"b\" = \"x\";\n")
        try directory.write("app/en.lproj/Localizable.strings", "\"t\" = \"\(arabic)\";\n\"m\" = \"\(hebrew)\";\n\"b\" = \"x\";\n")
        try directory.write("p/title.json", #"{"aps":{"alert":{"title-loc-key":"t","loc-key":"b"}}}"#)
        try directory.write("p/mixed.json", #"{"aps":{"alert":{"title-loc-key":"m","loc-key":"b"}}}"#)
        let page = directory.path + "/p.html"
        let result = try RenderAlertCommand.run([
            "preview", directory.path + "/p", "--strings", directory.path + "/app", "--format", "html", "--output", page,
        ])
        #expect(result.status == 0, "\(result.error)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        try html.replacingOccurrences(of: "</body>", with: Self.truncationScript + "\n</body>").write(toFile: page, atomically: true, encoding: .utf8)
        let dom = try Self.chromium(
            ["--virtual-time-budget=3000", "--dump-dom", URL(fileURLWithPath: page).absoluteString], profile: directory.path + "/profile")
        let match = try #require(dom.firstMatch(of: /<pre id="titles">(.*?)<\/pre>/), "no titles in the rendered DOM")
        let titles =
            try JSONSerialization.jsonObject(with: Data(String(match.output.1).replacingOccurrences(of: "&quot;", with: "\"").utf8)) as! [Object]
        #expect(titles.count == 4)
        for title in titles {
            let shown = title["shown"] as! String
            // Too long for one line, so cut; what shows is a beginning of the text, never a middle.
            #expect(shown.hasPrefix("1") && shown.contains("0"), "\(title)")
            #expect(!shown.drop { $0 == "1" }.contains("1"), "characters after a cut one are shown: \(title)")
        }
    }

    /// Each Android card as laid out: what of the title and the text is visible, expanded and
    /// collapsed, the icon's shape and place, the title's weight, the shade's colours in the
    /// light and dark schemes, and what the page fetched.
    static let androidScript = """
        <script>
        (function () {
          for (const details of document.querySelectorAll('details')) details.open = true;
          const lines = (e) => Math.round(e.clientHeight / parseFloat(getComputedStyle(e).lineHeight));
          const field = (e) => e ? { text: e.innerText, lines: lines(e), fullLines: Math.round(e.scrollHeight / parseFloat(getComputedStyle(e).lineHeight)),
            clipped: e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1 } : null;
          const notification = (card, variant) => {
            const n = card.querySelector(`.android-notification[data-variant=${variant}]`);
            if (!n) return null;
            const icon = n.querySelector('.android-icon').getBoundingClientRect(), content = n.querySelector('.android-content').getBoundingClientRect();
            const rtl = getComputedStyle(n).direction === 'rtl';
            return { title: field(n.querySelector('.android-title')), body: field(n.querySelector('.android-body')),
              app: (n.querySelector('.android-app') || {}).innerText || null, titleWeight: +getComputedStyle(n.querySelector('.android-title')).fontWeight,
              round: getComputedStyle(n.querySelector('.android-icon')).borderRadius === '50%', direction: getComputedStyle(n).direction,
              iconLeading: rtl ? icon.left >= content.right : icon.right <= content.left };
          };
          const colours = () => { const n = document.querySelector('.android-notification'); const s = getComputedStyle(n);
            return { background: s.backgroundColor, text: getComputedStyle(n.querySelector('.android-title')).color }; };
          const cards = [...document.querySelectorAll('article.android')].map((card) => ({
            id: card.id, device: card.dataset.device, outcome: card.dataset.outcome,
            expanded: notification(card, 'expanded'), collapsed: notification(card, 'collapsed'),
            outcomeText: (card.querySelector('.android-outcome') || {}).innerText || null,
            outcomeBorder: card.querySelector('.android-outcome.crash') ? getComputedStyle(card.querySelector('.android-outcome.crash')).borderTopColor : null }));
          document.getElementById('scheme-light').checked = true; const light = colours();
          document.getElementById('scheme-dark').checked = true; const dark = colours();
          const pre = document.createElement('pre');
          pre.id = 'android';
          pre.textContent = JSON.stringify({ cards, light, dark, iPhoneCards: document.querySelectorAll('article.card:not(.android)').length,
            fetched: performance.getEntriesByType('resource').map((r) => r.name) });
          document.body.appendChild(pre);
        })();
        </script>
        """

    @Test func androidCardsShowTheirTextUnclippedInBothDirectionsAndSchemes() throws {
        guard Self.hasBrowser() else { return }
        let directory = try AndroidPreviewCommandTests.htmlMessages()
        let long = String(repeating: "The courier waited at the gate for ten minutes and then left the parcel with the neighbour. ", count: 12)
        try directory.write("messages/5-long.json", #"{"message": {"android": {"notification": {"title": "Delivered", "body": "\#(long)"}}}}"#)
        let page = directory.path + "/android.html"
        let result = try RenderAlertCommand.run([
            "preview", directory.path + "/messages", "--res", Fixtures.path("android/res"), "--strings", "Resources/strings", "--language", "fr-CA",
            "--language", "ar", "--format", "html", "--output", page,
        ])
        #expect(result.status == 0, "\(result.error)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        // The page runs no code of its own: the measuring script is the only one.
        #expect(!html.contains("<script"))
        let measured = try Self.measurements(html, script: Self.androidScript, id: "android", in: directory, name: "android")
        #expect((measured["fetched"] as? [String]) == [], "\(measured["fetched"] ?? "")")
        let cards = measured["cards"] as! [Object]
        #expect(cards.count == 10)
        #expect(measured["iPhoneCards"] as? Int == 2, "delivery.json's apns.payload, in fr-CA and ar")

        for card in cards where card["outcome"] as? String == "shown" {
            let label = "\(card["id"]!) \(card["device"]!)"
            let expanded = try #require(card["expanded"] as? Object, "\(label)")
            let collapsed = try #require(card["collapsed"] as? Object, "\(label)")
            let isLong = (card["id"] as! String).hasPrefix("android-5-")
            for notification in [expanded, collapsed] {
                #expect(notification["round"] as? Bool == true && notification["iconLeading"] as? Bool == true, "\(label): \(notification)")
                #expect((notification["titleWeight"] as? Int ?? 0) >= 600, "\(label)")
                #expect(notification["direction"] as? String == (card["device"] as? String == "ar" ? "rtl" : "ltr"), "\(label)")
                let title = notification["title"] as! Object
                #expect(title["lines"] as? Int == 1, "\(label): \(title)")
            }
            // Expanded, the title has the line to itself and these titles fit it; collapsed, the
            // time shares the line and may cut it.
            #expect((expanded["title"] as? Object)?["clipped"] as? Bool == false, "\(label): \(expanded)")
            #expect(expanded["app"] as? String == "Parcel", "the header names the app: \(label)")
            let body = try #require(expanded["body"] as? Object, "\(label)")
            if isLong {
                // Cut as stock Android cuts big text: 13 lines expanded, one collapsed.
                #expect(body["clipped"] as? Bool == true && body["lines"] as? Int == 13, "\(label): \(body)")
                let folded = collapsed["body"] as! Object
                #expect(folded["clipped"] as? Bool == true && folded["lines"] as? Int == 1, "\(label): \(folded)")
            } else {
                // Short text is shown whole, expanded.
                #expect(body["clipped"] as? Bool == false && body["lines"] as? Int == body["fullLines"] as? Int, "\(label): \(body)")
            }
        }
        let crashes = cards.filter { $0["outcome"] as? String == "crash" }
        #expect(crashes.count == 2 && crashes.allSatisfy { ($0["outcomeText"] as? String)?.hasPrefix("The app crashes") == true })
        #expect(crashes.allSatisfy { $0["outcomeBorder"] as? String == "rgb(224, 68, 62)" }, "an error's colour: \(crashes)")
        #expect(cards.filter { $0["outcome"] as? String == "not-displayed" }.count == 2)

        // The dark scheme darkens the notification and lightens its text.
        func luminance(_ colour: Any?) -> Double {
            let parts = ((colour as? String) ?? "").matches(of: /\d+(\.\d+)?/).prefix(3).compactMap { Double($0.output.0) }
            return parts.count == 3 ? 0.2126 * parts[0] + 0.7152 * parts[1] + 0.0722 * parts[2] : -1
        }
        let light = measured["light"] as! Object
        let dark = measured["dark"] as! Object
        #expect(luminance(light["background"]) > 200 && luminance(light["text"]) < 60, "\(light)")
        #expect(luminance(dark["background"]) < 60 && luminance(dark["text"]) > 200, "\(dark)")
    }
}
