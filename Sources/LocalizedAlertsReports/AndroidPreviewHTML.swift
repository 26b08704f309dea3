@_spi(Presentation) import LocalizedAlerts

/// `preview --res DIR --format html`: one self-contained page (no scripts, fonts or images from
/// anywhere) with, per FCM message and device, an Android card: the notification as stock
/// Android 12 and later draws a standard one in the shade, expanded (the app's icon in a circle,
/// the app's name and the time, the title in bold, the text) and, folded under it, collapsed
/// (title and text on one line each). A crash and a data message say so instead. With an iOS
/// app, each device's iPhone card for the message's `apns.payload` stands beside it, drawn by
/// ``PreviewHTML``. Under each message: every finding.
///
/// What the card follows: Firebase builds the notification with the body as both the content
/// text and `NotificationCompat.BigTextStyle` text (firebase-android-sdk
/// `CommonNotificationBuilder.createNotificationInfo`), so the expanded notification shows the
/// whole body up to the big text's line limit (AOSP `Notification.BigTextStyle.MAX_LINES`, 13);
/// the title is the app's name when the message gives none (`AndroidRenderer`). Colours,
/// corners and sizes are estimates of stock Android's, and the page says where it is approximate.
public enum AndroidPreviewHTML {
    /// The most lines the expanded notification gives the body.
    static let expandedBodyLines = 13

    /// The page for `previews`. `appName` is the Android app's label (the name the renderings'
    /// untitled notifications show). `iPhoneApp`, the iOS app whose tables rendered the
    /// messages' `apns.payload`, adds an iPhone card beside each Android card; `iPhoneAppName`,
    /// when given, is the name on every iPhone card instead of the app's (localized) one.
    public static func make(_ previews: [FCMMessagePreview], appName: String, iPhoneApp: AppLocalizations? = nil, iPhoneAppName: String? = nil)
        -> String
    {
        let look = iPhoneApp.map { app in
            PreviewHTML.Look(hasIcon: false) { render in
                iPhoneAppName ?? app.displayName(searchList: render.searchList) ?? app.displayName ?? appName
            }
        }
        let deviceCount = previews.map(\.devices.count).max() ?? 0
        let named = appName != AndroidAlertRenderer.unnamedApp
        var out = PreviewHTML.pageOpening(
            title: named ? "\(appName) — Android notification preview" : "Android notification preview (give the app's name with --app-name)",
            style: PreviewHTML.stylesheet + stylesheet)
        out += """
            <p class="summary">\(previews.count) message\(previews.count == 1 ? "" : "s") · \(deviceCount) device\(deviceCount == 1 ? "" : "s") · Android\(look == nil ? "" : " and iPhone (<code>apns.payload</code>)") · render-alert \(LocalizedAlertsVersion.current)</p>
            <form class="controls" aria-label="Display">
            \(PreviewHTML.appearanceControls)
            """
        if look != nil {
            out += """
                <fieldset><legend>iPhone shown as</legend>
                <label><input type="radio" name="shown-as" id="shown-lock-screen" checked> Lock screen</label>
                <label><input type="radio" name="shown-as" id="shown-center"> Notification Center</label>
                <label><input type="radio" name="shown-as" id="shown-banner"> Banner</label></fieldset>
                <label><input type="checkbox" id="show-arguments" checked> Highlight arguments on the iPhone (review help; the device shows none)</label>

                """
        }
        out += "</form>\n"
        out +=
            "<p class=\"approximate\" role=\"note\"><strong>The Android card is approximate.</strong> It draws stock Android’s shade (Android 12 and later); manufacturers’ skins such as Samsung’s One UI or Xiaomi’s MIUI and HyperOS restyle it (colours, corners, sizes, the header). Text is cut by lines as stock Android cuts it: the title on one line, the text on one line collapsed and on at most \(expandedBodyLines) expanded. Where a line breaks, though, depends on the phone’s fonts and width, and this browser’s fonts differ. The icon is the name’s initial: the app’s notification icon, a drawable, is not read. The text itself, the folder each string came from, the formatting and whether the app crashes are what the phone computes.</p>\n"
        if look != nil {
            out +=
                "<p class=\"approximate\" role=\"note\"><strong>The iPhone card’s line breaking is approximate</strong> too: the body gets four lines on the lock screen and in Notification Center, two in a banner (as measured on iOS 7 and published; Apple documents no number), in this browser’s fonts.</p>\n"
        }
        out += "<nav><ol>\n"
        for (index, preview) in previews.enumerated() {
            out += "<li><a href=\"#message-\(index + 1)\">\(PreviewHTML.escape(PreviewHTML.fileName(preview.file)))</a></li>\n"
        }
        out += "</ol></nav>\n</header>\n<main>\n"
        for (index, preview) in previews.enumerated() {
            out += section(preview, number: index + 1, appName: appName, look: look)
        }
        out += "</main>\n</body>\n</html>\n"
        return out
    }

    /// One message: its findings, then per device the Android card and, with an iOS app, the
    /// iPhone card (or why there is none).
    static func section(_ preview: FCMMessagePreview, number: Int, appName: String, look: PreviewHTML.Look?) -> String {
        var facts = ["\(preview.devices.count) device\(preview.devices.count == 1 ? "" : "s")"]
        if let iPhone = preview.iPhone { facts.append("apns.payload \(iPhone.payload.byteCount) bytes") }
        var out = "<section class=\"message\" id=\"message-\(number)\">\n"
        out +=
            "<h2>\(PreviewHTML.escape(PreviewHTML.fileName(preview.file))) <span class=\"facts\">\(PreviewHTML.escape(facts.joined(separator: " · ")))</span></h2>\n"
        out += PreviewHTML.diagnosticList(preview.findings, className: "payload-diagnostics findings")
        if let iPhone = preview.iPhone, !iPhone.payload.diagnostics.isEmpty {
            out += "<p class=\"findings-of\"><code>apns.payload</code>:</p>\n"
            out += PreviewHTML.diagnosticList(iPhone.payload.diagnostics, className: "payload-diagnostics")
        }
        out += "<div class=\"\(look == nil ? "cards" : "pairs")\">\n"
        for (index, device) in preview.devices.enumerated() {
            var card = androidCard(device.locales, device.rendering, appName: appName, id: "android-\(number)-\(index + 1)")
            if index < preview.channels.count { card += channelCards(preview.channels[index], id: "channel-\(number)-\(index + 1)") }
            guard let look else {
                out += card
                continue
            }
            let label = device.locales.joined(separator: ",")
            out += "<div class=\"pair\" data-device=\"\(PreviewHTML.escape(label))\">\n"
            out +=
                "<h3>\(PreviewHTML.escape(device.locales.joined(separator: ", ")))\(PreviewHTML.languageName(device.locales.first ?? ""))</h3>\n"
            out += "<div class=\"half\"><p class=\"platform\">Android</p>\n\(card)</div>\n"
            out += "<div class=\"half\"><p class=\"platform\">iPhone · <code>apns.payload</code></p>\n"
            if let iPhone = preview.iPhone, index < iPhone.renders.count {
                out += PreviewHTML.card(iPhone.renders[index], payload: iPhone.payload, look: look, id: "iphone-\(number)-\(index + 1)")
            } else {
                out +=
                    "<p class=\"no-payload\">No <code>apns.payload</code>: an iPhone gets what FCM makes of <code>message.notification</code>.</p>\n"
            }
            out += "</div>\n</div>\n"
        }
        out += "</div>\n</section>\n"
        return out
    }

    /// One device's cards for the channels that take only text: the text the server writes,
    /// as the channel shows it, or why the channel refuses it.
    static func channelCards(_ results: [LocalizedFCMMessage], id: String) -> String {
        var out = ""
        for result in results {
            let refused = !result.isSendable
            out +=
                "<article id=\"\(id)-\(result.channel.rawValue)\" class=\"card channel\(refused ? " has-errors" : "")\" data-platform=\"\(result.channel.rawValue)\" data-device=\"\(PreviewHTML.escape(result.preferredLanguages.joined(separator: ",")))\">\n"
            out += "<p class=\"platform\">\(PreviewHTML.escape(result.channel.name)) · text written by the server</p>\n"
            if let text = result.channelRequest?.text {
                out += "<p class=\"channel-title\"><strong>\(PreviewHTML.escape(text.title ?? ""))</strong></p>\n"
                out += "<p class=\"channel-body\">\(PreviewHTML.escape(text.body ?? ""))</p>\n"
            }
            if let error = result.error {
                out += "<p class=\"android-outcome crash\" role=\"alert\"><strong>Refused</strong>: \(PreviewHTML.escape(error))</p>\n"
            }
            out += "</article>\n"
        }
        return out
    }

    /// How a rendering ends up, as the card's class and `data-outcome` name it.
    static func outcomeName(_ outcome: AndroidRendering.Outcome) -> String {
        switch outcome {
        case .shown: "shown"
        case .notDisplayed: "not-displayed"
        case .crash: "crash"
        }
    }

    /// One device's Android card: the shade with the notification (or what happens instead),
    /// then the device, the locale the resources resolved for and where each string came from.
    static func androidCard(_ locales: [String], _ rendering: AndroidRendering, appName: String, id: String) -> String {
        let device = locales.first ?? ""
        let outcome = outcomeName(rendering.outcome)
        var classes = ["card", "android", outcome]
        if rendering.diagnostics.contains(where: { $0.severity == .error }) { classes.append("has-errors") }
        var out =
            "<article id=\"\(id)\" class=\"\(classes.joined(separator: " "))\" data-platform=\"android\" data-device=\"\(PreviewHTML.escape(locales.joined(separator: ",")))\" data-outcome=\"\(outcome)\">\n"
        out += "<div class=\"shade\" dir=\"\(LanguageFacts.isRightToLeft(device) ? "rtl" : "ltr")\" lang=\"\(PreviewHTML.escape(device))\">\n"
        let usesAppName = rendering.diagnostics.contains { $0.id == .androidAppNameTitle }
        switch rendering.outcome {
        case .shown:
            out += notification(rendering, appName: appName, usesAppName: usesAppName, variant: "expanded")
            out += "<details class=\"collapsed\"><summary>Collapsed</summary>\n"
            out += notification(rendering, appName: appName, usesAppName: usesAppName, variant: "collapsed")
            out += "</details>\n"
        case .notDisplayed:
            out +=
                "<div class=\"android-outcome nothing\" dir=\"ltr\" lang=\"en\">Nothing is shown: a data message, which the system does not display; the app’s code gets it (<code>onMessageReceived</code>).</div>\n"
        case .crash(let exception):
            out +=
                "<div class=\"android-outcome crash\" role=\"alert\" dir=\"ltr\" lang=\"en\"><strong>The app crashes</strong> (<code>\(PreviewHTML.escape(exception))</code>): nothing is shown.</div>\n"
        }
        out += "</div>\n<dl class=\"meta\">"
        out += "<dt>Device</dt><dd>\(PreviewHTML.escape(locales.joined(separator: ", ")))\(PreviewHTML.languageName(device))</dd>"
        if rendering.outcome != .notDisplayed {
            out += "<dt>Resources for</dt><dd>\(rendering.resourceLocale.map(PreviewHTML.escape) ?? "no locale: <code>values</code>")</dd>"
        }
        if rendering.outcome == .shown {
            let title = usesAppName ? "the app’s name" : rendering.titleFolder.map { "<code>\(PreviewHTML.escape($0))</code>" } ?? "the message"
            out += "<dt>Title from</dt><dd>\(title)</dd>"
            let body = rendering.body == nil ? "no text" : rendering.bodyFolder.map { "<code>\(PreviewHTML.escape($0))</code>" } ?? "the message"
            out += "<dt>Text from</dt><dd>\(body)</dd>"
        }
        if rendering.channel == .huawei {
            out += "<dt>Sent through</dt><dd>Huawei Push Kit</dd>"
            if let shown = rendering.shownInForeground {
                out +=
                    "<dt>App in the foreground</dt><dd>\(shown ? "shown (<code>foreground_show</code>)" : "not shown (<code>foreground_show</code> false)")</dd>"
            }
        }
        out += "</dl>\n"
        if !rendering.assumptions.isEmpty {
            out += "<ul class=\"assumptions\" aria-label=\"Assumed, not documented by Huawei\">\n"
            for assumption in rendering.assumptions { out += "<li>Assumed: \(PreviewHTML.escape(assumption.statement))</li>\n" }
            out += "</ul>\n"
        }
        if usesAppName && rendering.outcome == .shown {
            out += "<p class=\"marks\"><span class=\"mark fallback\">No title: the app’s name stands in</span></p>\n"
        }
        return out + "</article>\n"
    }

    /// The letter standing for the app's icon: its name's first, or a plain dot for an app
    /// whose name is not known (not the `<` of its placeholder).
    static func iconLetter(_ appName: String) -> String {
        appName == AndroidAlertRenderer.unnamedApp ? "•" : String(appName.prefix(1))
    }

    /// The notification as the shade draws it. Expanded: the icon in a circle at the leading
    /// edge, a header with the app's name and the time, the title, then the whole text up to
    /// the big text's limit. Collapsed: the title with the time, then the text, one line each.
    static func notification(_ rendering: AndroidRendering, appName: String, usesAppName: Bool, variant: String) -> String {
        var out = "<div class=\"android-notification\" data-variant=\"\(variant)\">\n"
        out +=
            "<span class=\"android-icon\" role=\"img\" aria-label=\"\(PreviewHTML.escape(appName))\">\(PreviewHTML.escape(iconLetter(appName)))</span>"
        out += "<div class=\"android-content\">\n"
        let time = "<time>now</time>"
        let title =
            "<div class=\"android-title\(usesAppName ? " app-name" : "")\">\(PreviewHTML.escape(rendering.title ?? appName))</div>"
        if variant == "expanded" {
            out +=
                "<div class=\"android-header\"><span class=\"android-app\">\(PreviewHTML.escape(appName))</span><span aria-hidden=\"true\">•</span>\(time)</div>\n"
            out += title + "\n"
        } else {
            out += "<div class=\"android-head\">\(title)<span aria-hidden=\"true\">•</span>\(time)</div>\n"
        }
        if let body = rendering.body { out += "<div class=\"android-body\">\(PreviewHTML.escape(body))</div>\n" }
        out += "</div>\n</div>\n"
        return out
    }

    /// The shade's colours for the dark scheme, by the same selectors as the iPhone page's.
    static func darkShadeRule(_ opening: String, _ closing: String) -> String {
        opening
            + " --shade: #0e0f11; --android-notification: #1f2124; --android-text: #e3e3e3; --android-secondary: #c4c7c5; --android-accent: #a8c7fa; --android-on-accent: #062e6f; "
            + closing
    }

    /// Stock Android's shade, after the iPhone page's stylesheet (whose page, card, meta and
    /// finding styles it shares).
    static let stylesheet = """

        :root { --android-card: 360px; --shade: #dfe3eb; --android-notification: #fdfcff; --android-text: #1f1f1f; --android-secondary: #444746;
          --android-accent: #0b57d0; --android-on-accent: #fff; }
        \(darkShadeRule("@media (prefers-color-scheme: dark) { :root:not(:has(#scheme-light:checked)) {", "} }"))
        \(darkShadeRule(":root:has(#scheme-dark:checked) {", "}"))
        section.message { padding: 8px 32px 24px; border-top: 1px solid var(--rule); }
        .pairs { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, calc(var(--android-card) + var(--card) + 64px)), 1fr)); gap: 20px; }
        .pair { display: flex; flex-wrap: wrap; gap: 12px 16px; align-items: flex-start; }
        .pair h3 { flex-basis: 100%; margin: 8px 0 0; }
        .pair .half { flex: 0 1 calc(var(--android-card) + 24px); min-width: 0; }
        .platform { margin: 0 0 4px; font-size: 12.5px; font-weight: 600; color: var(--muted); }
        .findings-of { margin: 8px 0 0; font-size: 12.5px; color: var(--muted); }
        .no-payload { color: var(--muted); font-style: italic; }
        .shade { width: var(--android-card); max-width: 100%; padding: 10px; border-radius: 24px; background: var(--shade); }
        .android-notification { background: var(--android-notification); color: var(--android-text); border-radius: 24px; padding: 14px 16px;
          font-family: Roboto, "Google Sans", "Noto Sans", "Segoe UI", "DejaVu Sans", Arial, sans-serif; font-size: 14px; line-height: 20px;
          display: grid; grid-template-columns: 36px minmax(0, 1fr); column-gap: 12px; align-items: start; }
        .android-notification + details { margin-top: 8px; }
        .android-icon { width: 36px; height: 36px; border-radius: 50%; background: var(--android-accent); color: var(--android-on-accent);
          font-size: 17px; font-weight: 600; display: inline-flex; align-items: center; justify-content: center; }
        .android-content { min-width: 0; }
        .android-header, .android-head { display: flex; align-items: baseline; gap: 5px; color: var(--android-secondary); font-size: 12px; line-height: 16px; }
        .android-header { margin: 1px 0 2px; }
        .android-app { min-width: 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        .android-head time, .android-header time { white-space: nowrap; }
        .android-head .android-title { flex: 0 1 auto; min-width: 0; }
        .android-title { color: var(--android-text); font-size: 15px; line-height: 20px; font-weight: 600; }
        /* Cut in logical order, as a one-line clamp does: the beginning stays whatever the runs' direction. */
        .android-title, .android-notification[data-variant=collapsed] .android-body { display: -webkit-box; -webkit-box-orient: vertical;
          -webkit-line-clamp: 1; line-clamp: 1; overflow: hidden; overflow-wrap: anywhere; }
        .android-body { color: var(--android-secondary); white-space: pre-wrap; overflow-wrap: anywhere; }
        .android-notification[data-variant=expanded] .android-body { display: -webkit-box; -webkit-box-orient: vertical;
          -webkit-line-clamp: \(expandedBodyLines); line-clamp: \(expandedBodyLines); overflow: hidden; }
        .android-title, .android-body { unicode-bidi: plaintext; }
        .shade[dir=ltr] .android-notification { text-align: left; }
        .shade[dir=rtl] .android-notification { text-align: right; }
        details.collapsed summary { color: var(--android-text); font-size: 12px; cursor: pointer; opacity: .8; }
        .android-outcome { border-radius: 24px; padding: 14px 16px; font-size: 14px; line-height: 20px; }
        .android-outcome.nothing { background: var(--android-notification); color: var(--android-secondary); font-style: italic; text-align: center; opacity: .8; }
        .android-outcome.crash { background: #fde8e7; color: #8c1d18; border: 2px solid #e0443e; }
        .android-outcome.crash code { color: inherit; }

        """
}
