@_spi(Presentation) import LocalizedAlerts

/// `preview --layout cards`: each rendering as a lock-screen card in the terminal, side by side
/// as the width allows. The card is as wide as an iPhone notification holds Latin text (about
/// 38 columns); widths come from ICU grapheme clusters and East Asian width, so CJK text wraps
/// at half the characters. Like the HTML page, line breaking is an approximation.
public enum PreviewCards {
    /// Text columns inside a card.
    static let textWidth = 38
    static let bodyLines = 4

    /// The cards for `previews`, each payload's header first, then what is wrong with the app as a whole
    /// (`appDiagnostics`), styled for `style`.
    public static func render(_ previews: [PayloadPreview], app: AppLocalizations, appDiagnostics: [LocalizationDiagnostic], style: TerminalStyle)
        -> String
    {
        var out =
            style.dim(
                "Cards approximate the lock screen: title and subtitle on one line, the body on four; real line breaks depend on the device's fonts.")
            + "\n\n"
        let fallbackName = PreviewHTML.appName(app)
        for preview in previews {
            out += PreviewText.header(preview, style: style)
            for diagnostic in preview.payload.diagnostics {
                out += "  " + DiagnosticText.line(diagnostic, style: style) + "\n"
            }
            if !preview.renders.isEmpty && preview.renders.allSatisfy(\.isSilent) {
                out += "  " + style.dim("A background push: no device shows anything.") + "\n\n"
                continue
            }
            let cards = preview.renders.map { card($0, appName: app.displayName(searchList: $0.searchList) ?? fallbackName, style: style) }
            out += grid(cards, width: style.width)
            out += PreviewText.grouped(preview.renders, style: style)
            out += "\n"
        }
        return out + PreviewText.summary(previews, style: style) + PreviewText.tablesSummary(appDiagnostics, style: style)
    }

    /// Cards side by side, as many per row as fit.
    static func grid(_ cards: [[String]], width: Int) -> String {
        let cardWidth = textWidth + 4
        let perRow = max(1, (width - 2) / (cardWidth + 1))
        var out = ""
        var start = 0
        while start < cards.count {
            let row = Array(cards[start..<min(start + perRow, cards.count)])
            let height = row.map(\.count).max() ?? 0
            for line in 0..<height {
                let cells = row.map { line < $0.count ? $0[line] : String(repeating: " ", count: cardWidth) }
                out += "  " + cells.joined(separator: " ") + "\n"
            }
            start += perRow
        }
        return out
    }

    /// One card's lines, each exactly `textWidth + 4` columns wide.
    static func card(_ render: RenderedAlert, appName: String, style: TerminalStyle) -> [String] {
        let device = render.preferredLanguages.joined(separator: ",")
        let isRTL = LanguageFacts.isRightToLeft(render.preferredLanguages.first ?? "")
        var lines: [String] = []
        lines.append(border(left: "╭", right: "╮", label: device, trailing: "uses " + (render.localization ?? "—"), style: style))

        func line(_ text: String, paint: (String) -> String = { $0 }) {
            let shown = DisplayText.truncate(printable(text), columns: textWidth)
            let padding = String(repeating: " ", count: max(0, textWidth - DisplayText.width(shown)))
            // Isolated, so that a terminal applying the bidi algorithm keeps each line whole;
            // right-to-left devices align right, as the lock screen does.
            let isolated = DisplayText.containsRightToLeft(shown) ? "\u{2068}\(shown)\u{2069}" : shown
            let content = isRTL ? padding + paint(isolated) : paint(isolated) + padding
            lines.append(style.dim("│") + " " + content + " " + style.dim("│"))
        }

        if render.isSilent || !render.showsAlert {
            line(render.isSilent ? "(background push: nothing shown)" : "(no alert text: nothing shown)") { style.dim($0) }
        } else {
            let time = "now"
            let name = DisplayText.truncate(appName.uppercased(), columns: textWidth - time.count - 4)
            let gap = String(repeating: " ", count: max(1, textWidth - 2 - DisplayText.width(name) - time.count))
            line("▣ " + name + gap + time) { style.dim($0) }
            if let title = render.title { line(oneLine(title.text)) { style.bold(paint(title, $0, style: style)) } }
            if let subtitle = render.subtitle { line(oneLine(subtitle.text)) { paint(subtitle, $0, style: style) } }
            if let body = render.body {
                for text in clamp(body.text, lines: bodyLines) { line(text) { paint(body, $0, style: style) } }
            }
        }

        let errors = render.diagnostics.filter { $0.severity == .error }.count
        let warnings = render.diagnostics.filter { $0.severity == .warning }.count
        var status: [String] = []
        if errors > 0 { status.append("✖ \(errors)") }
        if warnings > 0 { status.append("⚠ \(warnings)") }
        // The counts on the left, the extension's note on the right: each half fits whole.
        let edited = render.mutableContent && !render.isSilent ? "extension may edit" : ""
        lines.append(border(left: "╰", right: "╯", label: status.joined(separator: " "), trailing: edited, style: style))
        return lines
    }

    /// The body as the lock screen shows it: at most `lines` lines, the last cut with "…".
    static func clamp(_ text: String, lines count: Int) -> [String] {
        let wrapped = DisplayText.wrap(text, columns: textWidth)
        guard wrapped.count > count else { return wrapped }
        var kept = Array(wrapped.prefix(count))
        let last = kept[count - 1]
        kept[count - 1] = DisplayText.width(last) < textWidth ? last + "…" : DisplayText.truncate(last + "…", columns: textWidth)
        return kept
    }

    static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }

    static func paint(_ field: RenderedField, _ text: String, style: TerminalStyle) -> String {
        switch field.source {
        case .key: style.red(text)
        case .fallbackText: style.yellow(text)
        case .raw, .localized: text
        }
    }

    /// `╭─ label ───── trailing ─╮`, exactly the card's width.
    static func border(left: String, right: String, label: String, trailing: String, style: TerminalStyle) -> String {
        let inner = textWidth + 2
        let head = label.isEmpty ? "" : "─ " + DisplayText.truncate(printable(label), columns: inner / 2) + " "
        let tail = trailing.isEmpty ? "" : " " + DisplayText.truncate(printable(trailing), columns: inner / 2 - 2) + " ─"
        let fill = String(repeating: "─", count: max(0, inner - DisplayText.width(head) - DisplayText.width(tail)))
        return style.dim(left + head + fill + tail + right)
    }
}
