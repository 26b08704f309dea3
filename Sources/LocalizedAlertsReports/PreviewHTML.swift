@_spi(Presentation) import LocalizedAlerts

/// `preview --format html`: one self-contained page (no scripts, fonts or images from anywhere)
/// with a card per payload and device in the current (iOS 15 and later) layout: the app icon at
/// the leading edge, the bold one-line title (the app's name only when there is no title) with
/// the time at the trailing edge, a one-line subtitle and the body clamped to the lines the
/// chosen presentation shows (lock screen, Notification Center or banner), plus the expanded
/// notification with the full text. Notifications sharing a `thread-id` also stack as a group.
/// Cards lay out in the device language's direction; each argument is a `<bdi>`, so that a
/// Latin name inside Arabic text keeps its place. Around each card: the localization used, the
/// search list and every finding.
///
/// Sources for the layout (none of them Apple's layout specification, which is not published):
/// WWDC21 "Send communication and Time Sensitive notifications" as summarised by Batch
/// (batch.com/blog/posts/wwdc-2021-major-push-notifications-announcements: "the application
/// icon will take up more space", "if the notification does not have a title, then only the
/// app name will appear") and Notificare (notificare.com/blog/2021/07/12/Notifications-in-iOS-15:
/// "the app icon is now more prominent"); iOS 16's stacks at the bottom of the lock screen,
/// newest on top (macrumors.com/how-to/change-notifications-layout-lock-screen,
/// jacobsquick.tips/change-notification-display-mode); body lines per presentation: an
/// experiment published on Stack Overflow (stackoverflow.com/questions/6307748, "What is the
/// maximum length of a Push Notification alert text?", iOS 7: banners about 2 lines,
/// Notification Center and lock screen about 4), which the page states as an approximation.
public enum PreviewHTML {
    /// The app's name where its tables give none: the `.app` bundle's name when the path is
    /// inside one (`Relay.app`), else the folder's; the cards in the terminal use it too.
    static func appName(_ app: AppLocalizations) -> String {
        if let name = app.displayName { return name }
        let parts = (app.directory ?? "").split(separator: "/")
        if let bundle = parts.last(where: { $0.hasSuffix(".app") || $0.hasSuffix(".ipa") }) { return String(bundle.dropLast(4)) }
        return parts.last.map(String.init) ?? "App"
    }

    /// The page for `previews`, with what is wrong with the app as a whole (`appDiagnostics`).
    /// `appName`, when given, is shown on every card instead of the app's (localized) name;
    /// `appIcon`, a base64 PNG or JPEG `data:` URI, is the icon on every card instead of the
    /// name's initial (anything else is ignored).
    public static func make(
        _ previews: [PayloadPreview], app: AppLocalizations, appDiagnostics: [LocalizationDiagnostic], appName override: String? = nil,
        appIcon: String? = nil
    ) -> String {
        let appName = override ?? Self.appName(app)
        let icon = appIcon.flatMap(iconRule)
        let look = Look(hasIcon: icon != nil) { render in
            override ?? app.displayName(searchList: render.searchList) ?? appName
        }
        var out = pageOpening(title: "\(appName) — notification preview", style: stylesheet + (icon ?? ""))
        // The same count as the text report's closing line: each fact once.
        let count = ProblemCount(previews.map(PreviewText.statedSeverities))
        let problems = count.isEmpty ? "no problems" : count.words + " in " + ProblemCount.count(count.items, "payload")
        out += """
            <p class="summary">\(previews.count) payload\(previews.count == 1 ? "" : "s") · \(app.localizations.filter { $0.name != "Base" }.count) localizations\(app.developmentRegion.map { " · development region \(escape($0))" } ?? "") · <span class="problems">\(problems)</span> · render-alert \(LocalizedAlertsVersion.current)</p>
            <form class="controls" aria-label="Display">
            \(appearanceControls)<fieldset><legend>Shown as</legend>
            <label><input type="radio" name="shown-as" id="shown-lock-screen" checked> Lock screen</label>
            <label><input type="radio" name="shown-as" id="shown-center"> Notification Center</label>
            <label><input type="radio" name="shown-as" id="shown-banner"> Banner</label></fieldset>
            <label><input type="checkbox" id="show-arguments" checked> Highlight arguments (review help; the device shows none)</label>
            </form>
            <p class="approximate" role="note"><strong>Line breaking is approximate.</strong> Fonts, sizes and line breaks are this browser’s, not the device’s: a body that fits in four lines here may need five on an iPhone, or the reverse. The body’s line count is an approximation too: four lines on the lock screen and in Notification Center, two in a banner, as measured on iOS 7 and published (Apple documents no number). The text itself, the localization chosen and the substitutions are what the device computes.</p>

            """
        if !appDiagnostics.isEmpty {
            let errors = appDiagnostics.filter { $0.severity == .error }.count
            out +=
                "<p class=\"tables\">The app’s tables: \(errors) error\(errors == 1 ? "" : "s"), \(appDiagnostics.count - errors) warning\(appDiagnostics.count - errors == 1 ? "" : "s") (<code>render-alert lint</code> lists them).</p>\n"
        }
        out += "<nav><ol>\n"
        for (index, preview) in previews.enumerated() {
            out += "<li><a href=\"#payload-\(index + 1)\">\(escape(fileName(preview.file)))</a></li>\n"
        }
        out += "</ol></nav>\n"
        out += matrix(previews)
        out += "</header>\n<main>\n"
        out += threads(previews, look: look)
        for (index, preview) in previews.enumerated() {
            out += section(preview, number: index + 1, look: look)
        }
        out += "</main>\n</body>\n</html>\n"
        return out
    }

    /// What one device shows at a glance, worst first: the matrix cell's class and label.
    /// A self-contained page's start, to its `<h1>`: both preview pages open the same way.
    static func pageOpening(title: String, style: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="render-alert \(LocalizedAlertsVersion.current)">
        <title>\(escape(title))</title>
        <style>\(style)</style>
        </head>
        <body>
        <header class="page">
        <h1>\(escape(title))</h1>

        """
    }

    /// The light, dark or system appearance switch both preview pages offer.
    static let appearanceControls = """
        <fieldset><legend>Appearance</legend>
        <label><input type="radio" name="scheme" id="scheme-auto" checked> As the system</label>
        <label><input type="radio" name="scheme" id="scheme-light"> Light</label>
        <label><input type="radio" name="scheme" id="scheme-dark"> Dark</label></fieldset>

        """

    static func status(_ render: RenderedAlert) -> (name: String, label: String) {
        if render.isSilent || !render.showsAlert { return ("silent", "–") }
        if AlertFieldName.allCases.contains(where: { render.field($0)?.source == .key }) { return ("key", "key") }
        if render.diagnostics.contains(where: { $0.severity == .error }) { return ("error", "error") }
        if render.diagnostics.contains(where: { $0.severity == .warning }) { return ("warning", "warn") }
        return ("ok", "ok")
    }

    /// The severity filter's level of a status: a key shown is an error to the reader.
    static func level(_ status: String) -> String {
        switch status {
        case "key", "error": "error"
        case "warning": "warning"
        default: "ok"
        }
    }

    /// One row per payload, one column per device, each cell what the device shows at a glance
    /// and a link to its card: for fifty languages, the problems without scrolling through
    /// every card. Rows with problems come first. Filters, without a script (radio buttons,
    /// checkboxes and CSS `:has()`): by severity (rows and cards below it are hidden) and by
    /// language (a column and its cards hidden per device, or every device without problems);
    /// the form's reset button shows everything again.
    static func matrix(_ previews: [PayloadPreview]) -> String {
        guard let columns = previews.map(\.renders).max(by: { $0.count < $1.count }), columns.count > 1 || previews.count > 1 else { return "" }
        let rows = previews.enumerated().map { index, preview in
            let statuses = preview.renders.map(status)
            let levels = Set(statuses.map { level($0.name) })
            let worst = levels.contains("error") ? "error" : levels.contains("warning") ? "warning" : "ok"
            return (index: index, preview: preview, statuses: statuses, worst: worst)
        }
        // Problems first, the worst first, then those in the most languages.
        func rank(_ worst: String) -> Int { worst == "error" ? 0 : worst == "warning" ? 1 : 2 }
        func troubled(_ statuses: [(name: String, label: String)]) -> Int { statuses.filter { level($0.name) != "ok" }.count }
        let ordered = rows.enumerated().sorted {
            (rank($0.element.worst), -troubled($0.element.statuses), $0.offset) < (rank($1.element.worst), -troubled($1.element.statuses), $1.offset)
        }.map(\.element)
        let cleanColumns = columns.indices.filter { column in
            rows.allSatisfy { column >= $0.statuses.count || level($0.statuses[column].name) == "ok" }
        }
        // A payload broken in every language says nothing about any one language: a language
        // has problems of its own when a payload fine elsewhere has one there.
        let everywhere = rows.filter { row in row.statuses.count > 1 && row.statuses.allSatisfy { level($0.name) != "ok" } }
        let partial = rows.filter { row in row.worst != "ok" && !row.statuses.allSatisfy { level($0.name) != "ok" } }
        let ownColumns = columns.indices.filter { column in
            partial.contains { column < $0.statuses.count && level($0.statuses[column].name) != "ok" }
        }
        var out = "<details class=\"matrix\" open><summary>Every payload in every language</summary>\n"
        let names = { (rows: [(index: Int, preview: PayloadPreview, statuses: [(name: String, label: String)], worst: String)]) in
            rows.map { "<a href=\"#payload-\($0.index + 1)\">\(escape(fileName($0.preview.file)))</a>" }.joined(separator: ", ")
        }
        out += "<p class=\"matrix-summary\">"
        if everywhere.isEmpty && partial.isEmpty {
            out += "No payload has a problem in any language."
        } else {
            var parts: [String] = []
            if !everywhere.isEmpty { parts.append("\(everywhere.count) in every language (\(names(everywhere)))") }
            if !partial.isEmpty { parts.append("\(partial.count) in \(ownColumns.count) of \(columns.count) languages (\(names(partial)))") }
            out += "\(everywhere.count + partial.count) of \(rows.count) payloads have problems: " + parts.joined(separator: "; ") + "."
        }
        out += "</p>\n"
        out += "<form class=\"controls filters\" aria-label=\"Filters\">\n"
        out += "<fieldset><legend>Show</legend>"
        out += "<label><input type=\"radio\" name=\"severity\" id=\"severity-all\" checked> Everything</label>"
        out += "<label><input type=\"radio\" name=\"severity\" id=\"severity-warning\"> Warnings and errors</label>"
        out += "<label><input type=\"radio\" name=\"severity\" id=\"severity-error\"> Errors and keys only</label></fieldset>\n"
        out +=
            "<label><input type=\"checkbox\" id=\"only-problem-languages\"> Only languages with problems (\(columns.count - cleanColumns.count) of \(columns.count))</label>\n"
        if !everywhere.isEmpty && ownColumns.count < columns.count - cleanColumns.count {
            out +=
                "<label><input type=\"checkbox\" id=\"only-own-problem-languages\"> Only languages with problems of their own, beside the payloads broken in every language (\(ownColumns.count) of \(columns.count))</label>\n"
        }
        out += "<details class=\"languages\"><summary>Languages</summary><fieldset><legend>Devices shown</legend>"
        for (column, render) in columns.enumerated() {
            out +=
                "<label><input type=\"checkbox\" id=\"language-\(column + 1)\" checked> \(escape(render.preferredLanguages.joined(separator: ",")))</label>"
        }
        out += "</fieldset></details>\n<button type=\"reset\">Show everything</button>\n</form>\n"
        // Per column: its matrix cells (the row header is child 1) and its cards.
        out += "<style>\n"
        for column in columns.indices {
            out +=
                ":root:has(#language-\(column + 1):not(:checked)) :is(.matrix tr > :nth-child(\(column + 2)), article.card.column-\(column + 1)) { display: none; }\n"
        }
        func hiding(_ hidden: [Int], when checkbox: String) {
            guard !hidden.isEmpty else { return }
            let selectors = hidden.map { ".matrix tr > :nth-child(\($0 + 2)), article.card.column-\($0 + 1)" }.joined(separator: ", ")
            out += ":root:has(#\(checkbox):checked) :is(\(selectors)) { display: none; }\n"
        }
        hiding(cleanColumns, when: "only-problem-languages")
        hiding(columns.indices.filter { !ownColumns.contains($0) }, when: "only-own-problem-languages")
        out += "</style>\n"
        out += "<div class=\"matrix-scroll\"><table><thead><tr><th scope=\"col\">payload</th>"
        for render in columns { out += "<th scope=\"col\">\(escape(render.preferredLanguages.joined(separator: ",")))</th>" }
        out += "</tr></thead><tbody>\n"
        for row in ordered {
            out +=
                "<tr class=\"worst-\(row.worst)\"><th scope=\"row\"><a href=\"#payload-\(row.index + 1)\">\(escape(fileName(row.preview.file)))</a></th>"
            for (column, state) in row.statuses.enumerated() {
                // A payload no device shows has no cards: its section says so.
                let target = row.preview.renders.allSatisfy(\.isSilent) ? "payload-\(row.index + 1)" : "card-\(row.index + 1)-\(column + 1)"
                out += "<td class=\"\(state.name)\"><a href=\"#\(target)\">\(state.label)</a></td>"
            }
            out += "</tr>\n"
        }
        return out + "</tbody></table></div></details>\n"
    }

    /// What every notification on the page shows of the app: its icon (the page's image, else
    /// the name's initial) and its name on a device.
    struct Look {
        var hasIcon: Bool
        var name: (RenderedAlert) -> String
    }

    /// The rule that draws the icon: the image once, in the stylesheet, however many cards show
    /// it. Only a base64 PNG or JPEG `data:` URI, so that nothing outside the page is referred
    /// to and nothing in it can end the CSS string.
    static func iconRule(_ uri: String) -> String? {
        guard let comma = uri.firstIndex(of: ","), ["data:image/png;base64", "data:image/jpeg;base64"].contains(String(uri[..<comma])),
            uri[uri.index(after: comma)...].unicodeScalars.allSatisfy({
                ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || "+/=".unicodeScalars.contains($0)
            })
        else { return nil }
        return ".notification .icon.image { background: center / cover no-repeat url(\"\(uri)\"); }\n"
    }

    /// Notifications sharing a `thread-id` on one device, stacked as iOS shows a group: the newest
    /// on top, "n more notifications" beneath, expanding (no script: `<details>`) to the others.
    /// Without a `thread-id`, iOS groups an app's notifications together, and so does the page.
    /// Payloads have no arrival time: the last one given is taken as the newest.
    static func threads(_ previews: [PayloadPreview], look: Look) -> String {
        var keys: [String?] = []
        for preview in previews where !keys.contains(preview.payload.aps.threadID) { keys.append(preview.payload.aps.threadID) }
        // Named threads first: the app's own group of the rest is the least telling.
        keys = keys.filter { $0 != nil } + keys.filter { $0 == nil }
        let columns = previews.map(\.renders.count).max() ?? 0
        var out = ""
        for (number, key) in keys.enumerated() {
            let members = previews.enumerated().filter { $0.element.payload.aps.threadID == key }
            var stacks = ""
            for column in 0..<columns {
                // Newest first; a background push or an empty alert never joins a group.
                let shown = members.reversed().filter { column < $0.element.renders.count && $0.element.renders[column].showsAlert }
                guard shown.count > 1 else { continue }
                stacks += stack(shown.map { ($0.offset, $0.element, $0.element.renders[column]) }, thread: key, look: look)
            }
            guard !stacks.isEmpty else { continue }
            let files = members.map { "<a href=\"#payload-\($0.offset + 1)\">\(escape(fileName($0.element.file)))</a>" }.joined(separator: ", ")
            out +=
                "<div class=\"thread\" id=\"thread-\(number + 1)\">\n<h3>\(key.map { "thread-id <code>\(escape($0))</code>" } ?? "No thread-id (grouped by app)") <span class=\"facts\">\(files)</span></h3>\n"
            out += "<div class=\"cards\">\n\(stacks)</div>\n</div>\n"
        }
        guard !out.isEmpty else { return "" }
        return """
            <section class="threads" id="threads">
            <h2>Grouped by thread</h2>
            <p class="note">Each device’s notifications with the same <code>thread-id</code> stack as one group, the newest on top; “n more notifications” opens the group. The order is the order the payloads were given (the last is the newest): payloads carry no arrival time. The “more” line is the system’s, in the device’s language on a real device, in English here.</p>
            \(out)</section>

            """
    }

    /// One device's group: `members` newest first, as (payload number, payload, rendering).
    static func stack(_ members: [(Int, PayloadPreview, RenderedAlert)], thread: String?, look: Look) -> String {
        let (_, top, render) = members[0]
        let device = render.preferredLanguages.joined(separator: ",")
        let more = members.count - 1
        var out =
            "<article class=\"stack\" data-device=\"\(escape(device))\" data-thread=\"\(escape(thread ?? ""))\" data-count=\"\(members.count)\">\n"
        out += screen(render) + "<div class=\"stack-top\">\n" + notification(render, payload: top.payload, look: look, variant: "collapsed")
        out += "<div class=\"plates\" aria-hidden=\"true\">\(String(repeating: "<span></span>", count: min(more, 2)))</div>\n</div>\n"
        out +=
            "<details class=\"stack-rest\"><summary><span dir=\"ltr\" lang=\"en\">\(more) more notification\(more == 1 ? "" : "s")</span></summary>\n"
        for (_, preview, other) in members.dropFirst() {
            out += notification(other, payload: preview.payload, look: look, variant: "collapsed")
        }
        out += "</details>\n</div>\n"
        out +=
            "<dl class=\"meta\"><dt>Device</dt><dd>\(escape(render.preferredLanguages.joined(separator: ", ")))\(languageName(render.preferredLanguages.first ?? ""))</dd>"
        out +=
            "<dt>Newest first</dt><dd>\(members.map { "<a href=\"#payload-\($0.0 + 1)\">\(escape(fileName($0.1.file)))</a>" }.joined(separator: ", "))</dd></dl>\n"
        out += groupSummary(members.reversed().map(\.1.payload))
        return out + "</article>\n"
    }

    /// What the payloads give a group's summary. iOS 12–14 filled the category's summary format
    /// (`UNNotificationCategory.categorySummaryFormat`, "%u new messages from %@") with the
    /// count and the joined `summary-arg`s; that format is registered in the app's code, which
    /// this tool does not read, so the page shows what the payloads send and says so.
    static func groupSummary(_ payloads: [NotificationPayload]) -> String {
        let arguments = payloads.compactMap { $0.aps.alert?.summaryArgument }
        let count = payloads.reduce(0) { $0 + ($1.aps.alert?.summaryArgumentCount ?? 1) }
        let categories = Set(payloads.compactMap(\.aps.category)).sorted()
        guard !arguments.isEmpty || payloads.contains(where: { $0.aps.alert?.summaryArgumentCount != nil }) || !categories.isEmpty else { return "" }
        var out = "<p class=\"group-summary\">"
        if !arguments.isEmpty || payloads.contains(where: { $0.aps.alert?.summaryArgumentCount != nil }) {
            out += "Summary: <span class=\"summary-count\">\(count)</span> (the <code>summary-arg-count</code>s, 1 where none)"
            if !arguments.isEmpty {
                out += " from <span class=\"summary-args\">\(arguments.map { "<bdi>\(escape($0))</bdi>" }.joined(separator: ", "))</span>"
            }
            out += " — iOS 12–14 put these into the category’s summary format; iOS 15 and later ignore <code>summary-arg</code>. "
        }
        if !categories.isEmpty { out += "Category \(categories.map { "<code>\(escape($0))</code>" }.joined(separator: ", ")): " }
        out += "the summary format is in the app’s code (<code>categorySummaryFormat</code>), which this tool does not read.</p>\n"
        return out
    }

    static func section(_ preview: PayloadPreview, number: Int, look: Look) -> String {
        let aps = preview.payload.aps
        var facts = ["\(preview.payload.byteCount) bytes"]
        if aps.interruptionLevel != .active { facts.append(aps.interruptionLevel.rawValue) }
        if let badge = aps.badge { facts.append("badge \(badge)") }
        if let category = aps.category { facts.append("category \(category)") }
        if let thread = aps.threadID { facts.append("thread-id \(thread)") }
        var out = "<section class=\"payload\" id=\"payload-\(number)\">\n"
        out += "<h2>\(escape(fileName(preview.file))) <span class=\"facts\">\(escape(facts.joined(separator: " · ")))</span></h2>\n"
        var marks: [String] = []
        if aps.isSilent { marks.append("<span class=\"mark silent\">Background push: no device shows anything</span>") }
        if aps.mutableContent {
            marks.append(
                "<span class=\"mark mutable\">Mutable content: a notification service extension may change this text before it is shown</span>")
        }
        if !marks.isEmpty { out += "<p class=\"marks\">\(marks.joined(separator: " "))</p>\n" }
        out += diagnosticList(preview.payload.diagnostics, className: "payload-diagnostics")
        if !preview.renders.isEmpty && preview.renders.allSatisfy(\.isSilent) {
            let devices = preview.renders.map { $0.preferredLanguages.joined(separator: ",") }.joined(separator: ", ")
            return out + "<p class=\"nothing-shown\">No device shows anything (\(escape(devices))).</p>\n</section>\n"
        }
        out += "<div class=\"cards\">\n"
        for (index, render) in preview.renders.enumerated() {
            out += card(render, payload: preview.payload, look: look, id: "card-\(number)-\(index + 1)", column: index + 1)
        }
        out += "</div>\n</section>\n"
        return out
    }

    /// The device's screen around notifications, laid out in the device's language: the lock
    /// screen is, whatever the app supports.
    static func screen(_ render: RenderedAlert) -> String {
        let device = render.preferredLanguages.first ?? ""
        let lang = render.localization.flatMap { $0 == "Base" ? nil : $0 } ?? device
        return "<div class=\"screen\" dir=\"\(LanguageFacts.isRightToLeft(device) ? "rtl" : "ltr")\" lang=\"\(escape(lang))\">\n"
    }

    static func card(_ render: RenderedAlert, payload: NotificationPayload, look: Look, id: String? = nil, column: Int? = nil) -> String {
        let device = render.preferredLanguages.first ?? ""
        // The classes the matrix's filters select by: the device's column and the severity.
        var classes = ["card", "level-\(level(status(render).name))"]
        if let column { classes.append("column-\(column)") }
        if render.isSilent { classes.append("silent") }
        if render.diagnostics.contains(where: { $0.severity == .error }) { classes.append("has-errors") }
        var out =
            "<article\(id.map { " id=\"\($0)\"" } ?? "") class=\"\(classes.joined(separator: " "))\" data-device=\"\(escape(render.preferredLanguages.joined(separator: ",")))\" data-localization=\"\(escape(render.localization ?? ""))\">\n"
        out += screen(render)
        if render.isSilent || !render.showsAlert {
            out +=
                "<div class=\"notification nothing\" data-variant=\"collapsed\">\(render.isSilent ? "Background push: nothing is shown." : "No alert text: nothing is shown.")</div>\n"
        } else {
            out += notification(render, payload: payload, look: look, variant: "collapsed")
            out += "<details class=\"expanded\"><summary>Expanded (long press)</summary>\n"
            out += notification(render, payload: payload, look: look, variant: "expanded")
            out += "</details>\n"
        }
        out += "</div>\n"
        out += "<dl class=\"meta\">"
        out += "<dt>Device</dt><dd>\(escape(render.preferredLanguages.joined(separator: ", ")))\(languageName(device))</dd>"
        out += "<dt>Uses</dt><dd>\(render.localization.map { escape($0) + languageName($0) } ?? "no Localizable table")</dd>"
        out += "<dt>Search list</dt><dd>\(escape(render.searchList.joined(separator: " → ")))</dd>"
        out += "</dl>\n"
        var marks: [String] = []
        for name in AlertFieldName.allCases {
            guard let field = render.field(name) else { continue }
            switch field.source {
            case .key: marks.append("<span class=\"mark key\">\(name.rawValue) shows the key itself</span>")
            case .fallbackText: marks.append("<span class=\"mark fallback\">\(name.rawValue) shows the payload’s fallback text</span>")
            case .raw, .localized: break
            }
        }
        if render.mutableContent && !render.isSilent { marks.append("<span class=\"mark mutable\">may be changed by an extension</span>") }
        if !marks.isEmpty { out += "<p class=\"marks\">\(marks.joined(separator: " "))</p>\n" }
        out += diagnosticList(render.diagnostics, className: "diagnostics")
        out += "</article>\n"
        return out
    }

    /// One notification in the current layout: the icon at the leading edge; beside it the
    /// title, or the app's name when there is none, with the time at the trailing edge; then
    /// the subtitle and the body.
    static func notification(_ render: RenderedAlert, payload: NotificationPayload, look: Look, variant: String) -> String {
        let appName = look.name(render)
        var out = "<div class=\"notification\" data-variant=\"\(variant)\">\n"
        let initial = look.hasIcon ? "" : escape(String(appName.prefix(1)))
        out += "<span class=\"icon\(look.hasIcon ? " image" : "")\" role=\"img\" aria-label=\"\(escape(appName))\">\(initial)</span>"
        out += "<div class=\"content\">\n<div class=\"head\">"
        out += render.title == nil ? "<span class=\"app\">\(escape(appName))</span>" : field(.title, render, payload)
        switch render.interruptionLevel {
        case .timeSensitive: out += "<span class=\"level\">Time Sensitive</span>"
        case .critical: out += "<span class=\"level critical\">Critical</span>"
        case .active, .passive: break
        }
        out += "<time>now</time></div>\n"
        out += field(.subtitle, render, payload) + field(.body, render, payload)
        out += "</div>\n</div>\n"
        return out
    }

    /// A field's element, marked when it shows its key or the payload's fallback text.
    static func field(_ name: AlertFieldName, _ render: RenderedAlert, _ payload: NotificationPayload) -> String {
        guard let field = render.field(name) else { return "" }
        let shown = field.source == .key ? " shows-key" : field.source == .fallbackText ? " shows-fallback" : ""
        return "<div class=\"\(name.rawValue)\(shown)\">\(text(field, name: name, payload: payload))</div>\n"
    }

    /// The field's text with each argument isolated (`<bdi>`), when it was formatted.
    static func text(_ field: RenderedField, name: AlertFieldName, payload: NotificationPayload) -> String {
        guard field.source == .localized, let format = field.format,
            let arguments = payload.aps.alert?.fields.first(where: { $0.0 == name })?.1.locArgs,
            let runs = DeviceFormat(format).runs(arguments), runs.map(\.text).joined() == field.text
        else { return escape(field.text) }
        return runs.map { run in
            guard let argument = run.argument else { return escape(run.text) }
            let missing = run.isMissingArgument ? " missing" : ""
            return "<bdi class=\"arg\(missing)\" title=\"argument \(argument)\">\(escape(run.text))</bdi>"
        }.joined()
    }

    static func diagnosticList(_ diagnostics: [LocalizationDiagnostic], className: String) -> String {
        guard !diagnostics.isEmpty else { return "" }
        var out = "<ul class=\"\(className)\">\n"
        for diagnostic in diagnostics {
            out += "<li class=\"\(diagnostic.severity.rawValue)\"><span class=\"severity\">\(diagnostic.severity.rawValue)</span> "
            out += escape(diagnostic.message)
            out += " <code class=\"rule\">\(escape(diagnostic.id.rawValue))</code>"
            if diagnostic.location.file != nil { out += " <span class=\"where\">\(escape(diagnostic.location.description))</span>" }
            if let hint = diagnostic.hint { out += "<br><span class=\"hint\">→ \(escape(hint))</span>" }
            out += "</li>\n"
        }
        return out + "</ul>\n"
    }

    static func languageName(_ identifier: String) -> String {
        guard identifier != "Base", let name = LanguageFacts.displayName(identifier), name != identifier else { return "" }
        return " <span class=\"language\">(\(escape(name)))</span>"
    }

    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    static func escape(_ text: String) -> String {
        text.replacingScalars { scalar in
            if let reference = markupReference(scalar) { return reference }
            return switch scalar {
            // The same characters to a browser, but never obeyed when the page goes to a terminal.
            case "\u{00}"..."\u{08}", "\u{0B}", "\u{0C}", "\u{0E}"..."\u{1F}", "\u{7F}": "&#x\(String(scalar.value, radix: 16));"
            default: nil
            }
        }
    }

    /// The dark scheme's colours, for the system setting (unless the page's switch says light)
    /// and for the switch: one list, written into both rules.
    static func darkSchemeRule(_ opening: String, _ closing: String) -> String {
        opening + """
             color-scheme: dark; --page: #000; --text: #f5f5f7; --muted: #a1a1a6; --soft: #98989d; --panel: #1c1c1e;
              --notification: rgba(58,58,60,.92); --notification-text: #fff; --note: #3a3000; --note-border: #6b5a10; --link: #64a8ff; --rule: #38383a; --arg: rgba(100,168,255,.22); 
            """ + closing
    }

    /// iOS-like lock screen cards. Sizes follow an iPhone's notification (about 360 points wide,
    /// 15-point text); the fonts are whatever the viewer has, hence "approximate".
    static let stylesheet = """

        :root { color-scheme: light; --card: 360px; --page: #f2f2f7; --text: #1d1d1f; --muted: #555; --soft: #6e6e73; --panel: #fff;
          --notification: rgba(246,246,248,.93); --notification-text: #000; --note: #fff8e1; --note-border: #f0d98c; --link: #0a60d0; --rule: #d8d8de; --arg: rgba(10,96,208,.09); --body-lines: 4; }
        \(darkSchemeRule("@media (prefers-color-scheme: dark) { :root:not(:has(#scheme-light:checked)) {", "} }"))
        \(darkSchemeRule(":root:has(#scheme-dark:checked) {", "}"))
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.45 -apple-system, BlinkMacSystemFont, "SF Pro Text", "Helvetica Neue", "Noto Sans", "DejaVu Sans", Arial, sans-serif; color: var(--text); background: var(--page); }
        header.page { padding: 24px 32px 8px; }
        h1 { font-size: 22px; margin: 0 0 4px; }
        .summary, .tables, .matrix-summary { color: var(--muted); margin: 4px 0; }
        .approximate { background: var(--note); border: 1px solid var(--note-border); border-radius: 8px; padding: 8px 12px; max-width: 920px; }
        nav ol { columns: 4 200px; padding: 0 0 0 24px; margin: 8px 0 0; color: var(--muted); }
        nav a { color: var(--link); text-decoration: none; }
        section.payload { padding: 8px 32px 24px; border-top: 1px solid var(--rule); }
        h2 { font-size: 17px; margin: 16px 0 8px; }
        h2 .facts { font-weight: normal; color: var(--muted); font-size: 13px; margin-inline-start: 8px; }
        .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(calc(var(--card) + 24px), 1fr)); gap: 16px; }
        .nothing-shown { color: var(--muted); font-style: italic; }
        .card, .stack { background: var(--panel); border-radius: 14px; padding: 12px; box-shadow: 0 1px 2px rgba(0,0,0,.08); min-width: 0; }
        .card.has-errors { box-shadow: 0 0 0 2px #e0443e; }
        .screen { width: var(--card); max-width: 100%; padding: 10px; border-radius: 22px; background: linear-gradient(160deg, #3a4a7a, #8a5a8c 55%, #d08a6a); }
        .notification { background: var(--notification); border-radius: 20px; padding: 11px 14px 12px 11px; color: var(--notification-text); font-size: 15px; line-height: 20px;
          display: grid; grid-template-columns: 38px minmax(0, 1fr); column-gap: 10px; align-items: center; }
        .screen[dir=rtl] .notification { padding: 11px 11px 12px 14px; }
        .notification + details { margin-top: 8px; }
        .notification.nothing { display: block; color: var(--muted); font-style: italic; text-align: center; opacity: .7; }
        /* iOS 15 and later: a larger icon at the leading edge, no app-name row. */
        .notification .icon { width: 38px; height: 38px; border-radius: 9px; background: linear-gradient(#4fa3ff, #2461e6); color: #fff; font-size: 19px; font-weight: 600;
          display: inline-flex; align-items: center; justify-content: center; object-fit: cover; }
        .content { min-width: 0; }
        .head { display: flex; align-items: baseline; gap: 6px; }
        .head .title, .head .app { font-weight: 600; flex: 0 1 auto; min-width: 0; }
        .head .level { font-size: 12px; font-weight: 600; color: #c26a00; white-space: nowrap; }
        .head .level.critical { color: #d70015; }
        .head time { margin-inline-start: auto; padding-inline-start: 6px; font-size: 13px; color: var(--soft); white-space: nowrap; }
        .head .app { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        /* iOS cuts a title in logical order: the text's beginning stays, whatever the direction of
           its runs. An ellipsis on one unwrapped line cuts the visual end instead, which in mixed
           text is the middle or the start; lines break in logical order, so the first of them is. */
        .title, .subtitle { display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 1; line-clamp: 1; overflow: hidden; overflow-wrap: anywhere; }
        /* iOS aligns to the interface's side but takes each paragraph's direction from its text. */
        .title, .subtitle, .body { unicode-bidi: plaintext; }
        .screen[dir=ltr] .notification { text-align: left; }
        .screen[dir=rtl] .notification { text-align: right; }
        .body { white-space: pre-wrap; overflow-wrap: anywhere; }  /* as the device lays it out: a dropped %d leaves a double space */
        /* Body lines per presentation (approximate, see the page's note): the switch sets them. */
        .notification[data-variant=collapsed] .body { display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: var(--body-lines); line-clamp: var(--body-lines); overflow: hidden; }
        :root:has(#shown-center:checked) .screen { background: linear-gradient(160deg, #1f2a48, #4a3350); }
        :root:has(#shown-banner:checked) { --body-lines: 2; }
        :root:has(#shown-banner:checked) .screen { background: linear-gradient(160deg, #9ec5f0, #d9c8ef); }
        :root:has(#shown-banner:checked) details.expanded summary { color: #222; }
        .notification[data-variant=expanded] .title, .notification[data-variant=expanded] .subtitle { white-space: normal; }
        /* A group: the newest notification with the others as plates beneath it. */
        .stack-top { position: relative; }
        .plates span { display: block; height: 9px; margin: 0 14px; border-radius: 0 0 14px 14px; background: var(--notification); opacity: .75; }
        .plates span + span { margin: 0 26px; opacity: .5; }
        .stack:has(details.stack-rest[open]) .plates { display: none; }
        details.stack-rest summary { color: #fff; font-size: 13px; cursor: pointer; margin: 6px 4px 0; }
        details.stack-rest .notification { margin-top: 8px; }
        .group-summary { font-size: 12.5px; color: var(--muted); margin: 6px 2px; }
        section.threads { padding: 8px 32px 24px; border-top: 1px solid var(--rule); }
        section.threads .note { color: var(--muted); max-width: 920px; }
        h3 { font-size: 15px; margin: 14px 0 8px; }
        h3 .facts { font-weight: normal; color: var(--muted); font-size: 13px; margin-inline-start: 8px; }
        h3 .facts a { color: var(--link); }
        .shows-key { text-decoration: underline wavy #e0443e; text-underline-offset: 3px; }
        .shows-fallback { text-decoration: underline dotted #c26a00; text-underline-offset: 3px; }
        bdi.arg { background: var(--arg); border-radius: 3px; }
        /* Review help, not what the device shows: the page's switch turns it off. */
        :root:has(#show-arguments:not(:checked)) bdi.arg { background: none; }
        bdi.arg.missing { background: rgba(224,68,62,.18); }
        details.expanded summary { color: #fff; font-size: 12px; cursor: pointer; opacity: .85; }
        .meta { display: grid; grid-template-columns: max-content 1fr; gap: 2px 10px; margin: 10px 2px 4px; font-size: 12.5px; }
        .meta dt { color: var(--soft); }
        .meta dd { margin: 0; }
        .language { color: var(--soft); }
        .marks { margin: 6px 0; display: flex; flex-wrap: wrap; gap: 4px; }
        .mark { font-size: 12px; border-radius: 10px; padding: 1px 8px; background: #eef; color: #334; }
        .mark.key { background: #fde8e7; color: #a1261f; }
        .mark.fallback { background: #fff1de; color: #8a4b00; }
        .mark.silent { background: #e8e8ed; color: #333; }
        .mark.mutable { background: #e6f0ff; color: #0a4aa0; }
        ul.diagnostics, ul.payload-diagnostics { list-style: none; padding: 0; margin: 6px 0 0; font-size: 12.5px; }
        ul.diagnostics li, ul.payload-diagnostics li { padding: 4px 0 4px 8px; border-inline-start: 3px solid #aaa; margin-bottom: 4px; }
        li.error { border-color: #e0443e !important; }
        li.warning { border-color: #e8a400 !important; }
        li.note { border-color: #6aa0e0 !important; }
        .severity { font-weight: 600; text-transform: uppercase; font-size: 10.5px; letter-spacing: .04em; }
        li.error .severity { color: #c0302a; }
        li.warning .severity { color: #a06f00; }
        code.rule, .where, .hint { color: var(--soft); font-size: 11.5px; }
        .controls { display: flex; flex-wrap: wrap; gap: 4px 18px; font-size: 13px; color: var(--muted); margin: 8px 0 0; }
        .controls fieldset { border: 0; padding: 0; margin: 0; display: inline-flex; gap: 10px; }
        .controls legend { float: left; margin-inline-end: 8px; }
        details.matrix { margin: 12px 0 4px; }
        details.matrix summary { cursor: pointer; font-weight: 600; }
        .matrix-scroll { overflow-x: auto; max-width: 100%; }
        .matrix table { border-collapse: collapse; font-size: 12px; margin-top: 6px; }
        .matrix th, .matrix td { padding: 2px 6px; border: 1px solid var(--rule); text-align: center; white-space: nowrap; }
        .matrix th[scope=row] { text-align: start; font-weight: normal; }
        .matrix td a { color: inherit; text-decoration: none; display: block; }
        .matrix th a { color: var(--link); }
        .matrix td.ok { color: var(--soft); }
        .matrix td.warning { background: rgba(232,164,0,.18); }
        .matrix td.error { background: rgba(224,68,62,.2); font-weight: 600; }
        .matrix td.key { background: rgba(224,68,62,.35); font-weight: 600; }
        :root:has(#severity-warning:checked) :is(.matrix tr.worst-ok, article.card.level-ok) { display: none; }
        :root:has(#severity-error:checked) :is(.matrix tr:is(.worst-ok, .worst-warning), article.card:is(.level-ok, .level-warning)) { display: none; }
        .controls details.languages { flex-basis: 100%; }
        .controls details.languages fieldset { flex-wrap: wrap; gap: 2px 12px; }
        .where { overflow-wrap: anywhere; }

        """
}
