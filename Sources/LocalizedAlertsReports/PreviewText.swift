@_spi(Presentation) import LocalizedAlerts

/// `preview --format text`: per payload, a table with one row per device, then what looks
/// wrong, each finding listed once with the languages it affects.
public enum PreviewText {
    /// The text report for `previews`, then what is wrong with the app as a whole (`appDiagnostics`), styled
    /// for `style`.
    public static func render(_ previews: [PayloadPreview], appDiagnostics: [LocalizationDiagnostic], style: TerminalStyle) -> String {
        var out = ""
        for preview in previews {
            out += header(preview, style: style)
            for diagnostic in preview.payload.diagnostics {
                out += "  " + DiagnosticText.line(diagnostic, style: style) + "\n"
            }
            out += table(preview, style: style)
            out += grouped(preview.renders, style: style)
            out += "\n"
        }
        return out + tablesSummary(appDiagnostics, style: style)
    }

    /// One line about the tables' own problems, which lint lists.
    static func tablesSummary(_ appDiagnostics: [LocalizationDiagnostic], style: TerminalStyle) -> String {
        guard !appDiagnostics.isEmpty else { return "" }
        let errors = appDiagnostics.filter { $0.severity == .error }.count
        return style.bold("The app's tables: \(errors) errors, \(appDiagnostics.count - errors) warnings") + "  "
            + style.dim("(render-alert lint lists them)") + "\n"
    }

    static func header(_ preview: PayloadPreview, style: TerminalStyle) -> String {
        let aps = preview.payload.aps
        var facts = ["\(preview.payload.byteCount) bytes"]
        if aps.isSilent { facts.append("background push: nothing shown") }
        if aps.mutableContent { facts.append("mutable content: an extension may change it") }
        if aps.interruptionLevel != .active { facts.append(aps.interruptionLevel.rawValue) }
        if let badge = aps.badge { facts.append("badge \(badge)") }
        if let category = aps.category { facts.append("category \(category)") }
        if let bundle = preview.payload.simulatorTargetBundle { facts.append("simulator target \(bundle)") }
        let name = preview.file.split(separator: "/").last.map(String.init) ?? preview.file
        return style.bold("▌ \(printable(name))") + "  " + style.dim(printable(facts.joined(separator: " · "))) + "\n"
    }

    static func table(_ preview: PayloadPreview, style: TerminalStyle) -> String {
        let renders = preview.renders
        guard !renders.isEmpty else { return "" }
        if renders.allSatisfy(\.isSilent) { return "  " + style.dim("A background push: no device shows anything.") + "\n" }
        let names = AlertFieldName.allCases.filter { name in renders.contains { $0.field(name) != nil } }
        let deviceWidth = min(18, max(6, renders.map { DisplayText.width($0.preferredLanguages.joined(separator: ",")) }.max() ?? 6))
        let usesWidth = min(10, max(4, renders.map { DisplayText.width($0.localization ?? "—") }.max() ?? 4))
        let available = max(30, style.width - deviceWidth - usesWidth - 2 * (names.count + 2) - 2)
        let shares: [AlertFieldName: Int] =
            names.count == 3
            ? [.title: 28, .subtitle: 22, .body: 50]
            : names.count == 2 ? [.title: 36, .subtitle: 36, .body: 64] : [.title: 100, .subtitle: 100, .body: 100]
        let total = names.reduce(0) { $0 + (shares[$1] ?? 0) }
        let widths = names.map { max(10, available * (shares[$0] ?? 0) / max(total, 1)) }

        var headerCells = [cell("DEVICE", deviceWidth), cell("USES", usesWidth)]
        for (index, name) in names.enumerated() { headerCells.append(cell(name.rawValue.uppercased(), widths[index])) }
        var out = "  " + style.dim(headerCells.joined(separator: "  ")) + "\n"
        for render in renders {
            var columns: [[String]] = [
                DisplayText.wrap(render.preferredLanguages.joined(separator: ","), columns: deviceWidth),
                [render.localization ?? "—"],
            ]
            var painters: [(String) -> String] = [{ $0 }, { style.cyan($0) }]
            for (index, name) in names.enumerated() {
                var text = ""
                var painter: (String) -> String = { $0 }
                if render.isSilent {
                    text = name == .body ? "(nothing shown)" : ""
                    painter = { style.dim($0) }
                } else if let field = render.field(name) {
                    switch field.source {
                    case .key:
                        text = field.text + " [key]"
                        painter = { style.red($0) }
                    case .fallbackText:
                        text = field.text + " [fallback]"
                        painter = { style.yellow($0) }
                    case .raw, .localized:
                        text = field.text
                    }
                }
                columns.append(DisplayText.wrap(text, columns: widths[index]))
                painters.append(painter)
            }
            let columnWidths = [deviceWidth, usesWidth] + widths
            let height = columns.map(\.count).max() ?? 1
            for line in 0..<height {
                var cells: [String] = []
                for (index, column) in columns.enumerated() {
                    let text = line < column.count ? column[line] : ""
                    cells.append(painters[index](cell(text, columnWidths[index])))
                }
                out += "  " + cells.joined(separator: "  ") + "\n"
            }
        }
        return out
    }

    /// Pads `text` to `width` columns; right-to-left text is isolated so that it keeps its
    /// order inside the table on terminals that apply the bidi algorithm.
    static func cell(_ text: String, _ width: Int) -> String {
        let text = printable(text)
        let padding = String(repeating: " ", count: max(0, width - DisplayText.width(text)))
        if DisplayText.containsRightToLeft(text) { return "\u{2068}\(text)\u{2069}" + padding }
        return text + padding
    }

    /// Each distinct finding once, with the devices it affects.
    static func grouped(_ renders: [RenderedAlert], style: TerminalStyle) -> String {
        struct Group {
            var diagnostic: LocalizationDiagnostic
            var devices: [String]
            /// The localizations of the same fact found for each device, restated once at the end.
            var localizations: [String] = []
            var seen: Set<String> = []
        }
        var groups: [Group] = []
        // The same fact found in several localizations (a key missing in each) is one finding
        // listing them, as lint reports it.
        func sameFact(_ a: LocalizationDiagnostic, _ b: LocalizationDiagnostic) -> Bool {
            guard a.id == b.id else { return false }
            guard !a.localizations.isEmpty, !b.localizations.isEmpty else { return a.message == b.message }
            return a.location == b.location && a.key == b.key
        }
        for render in renders {
            let device = render.preferredLanguages.joined(separator: ",")
            for diagnostic in render.diagnostics {
                if let index = groups.firstIndex(where: { sameFact($0.diagnostic, diagnostic) }) {
                    if groups[index].devices.last != device { groups[index].devices.append(device) }
                    for localization in diagnostic.localizations where groups[index].seen.insert(localization).inserted {
                        groups[index].localizations.append(localization)
                    }
                } else {
                    groups.append(
                        Group(diagnostic: diagnostic, devices: [device], localizations: diagnostic.localizations, seen: Set(diagnostic.localizations))
                    )
                }
            }
        }
        for index in groups.indices { groups[index].diagnostic = groups[index].diagnostic.restated(for: groups[index].localizations) }
        // A key missing for every device previewed is most likely not in the app at all.
        for index in groups.indices where renders.count > 1 && groups[index].devices.count == renders.count {
            let diagnostic = groups[index].diagnostic
            guard diagnostic.id == .payloadKeyMissing, let key = diagnostic.key else { continue }
            let written = diagnostic.message.prefix { $0 != " " }
            groups[index].diagnostic.message =
                "\(written) \"\(key)\" is in no localization's Localizable table: every device previewed shows the key itself (a typo?)"
            groups[index].devices = ["every device"]
        }
        var out = ""
        for group in groups.sorted(by: { $0.diagnostic.severity > $1.diagnostic.severity }) {
            let devices =
                group.devices.count > 6
                ? group.devices.prefix(5).joined(separator: ", ") + ", … (\(group.devices.count))"
                : group.devices.joined(separator: ", ")
            out += "  " + DiagnosticText.symbol(group.diagnostic.severity, style: style) + " "
            out += printable(group.diagnostic.message) + " " + style.dim("[\(group.diagnostic.id)]") + "\n"
            out += "      " + style.dim("\(printable(devices)) — \(DiagnosticText.place(group.diagnostic.location))") + "\n"
            if let hint = group.diagnostic.hint { out += "      " + style.dim("→ \(printable(hint))") + "\n" }
        }
        return out
    }
}

enum DiagnosticText {
    static func symbol(_ severity: DiagnosticSeverity, style: TerminalStyle) -> String {
        switch severity {
        case .error: style.red("✖ error")
        case .warning: style.yellow("⚠ warning")
        case .note: style.cyan("ℹ note")
        }
    }

    static func place(_ location: SourceLocation) -> String {
        location.file.map { "\(printable($0)):\(location.line):\(location.column)" } ?? "\(location.line):\(location.column)"
    }

    static func line(_ diagnostic: LocalizationDiagnostic, style: TerminalStyle) -> String {
        "\(symbol(diagnostic.severity, style: style)) \(printable(diagnostic.message)) \(style.dim("[\(diagnostic.id)] \(place(diagnostic.location))"))"
    }
}
