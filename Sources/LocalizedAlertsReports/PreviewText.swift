@_spi(Presentation) import LocalizedAlerts

/// `preview --format text`: per payload, a table with one row per device, then what looks
/// wrong, each finding listed once with the languages it affects.
public enum PreviewText {
    /// The text report for `previews`, then what is wrong with the app as a whole (`appDiagnostics`), styled
    /// for `style`.
    public static func render(_ previews: [PayloadPreview], appDiagnostics: [LocalizationDiagnostic], style: TerminalStyle) -> String {
        payloads(previews, style: style) + summary(previews, style: style) + tablesSummary(appDiagnostics, style: style)
    }

    /// Each payload's header, table and facts.
    static func payloads(_ previews: [PayloadPreview], style: TerminalStyle) -> String {
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
        return out
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

        // The last column is not padded: no line ends in spaces.
        var headerCells = [cell("DEVICE", deviceWidth), cell("USES", usesWidth)]
        for (index, name) in names.enumerated() {
            headerCells.append(cell(name.rawValue.uppercased(), index == names.count - 1 ? 0 : widths[index]))
        }
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
                    cells.append(painters[index](cell(text, index == columns.count - 1 ? 0 : columnWidths[index])))
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

    /// One fact of a payload's renderings: a finding as each device reported it, merged.
    struct Fact {
        var diagnostic: LocalizationDiagnostic
        var devices: [String]
        /// The localizations of a missing key, gathered from each device and restated once.
        var localizations: [String] = []
        var seen: Set<String> = []
        /// For a fact found in each localization's own table (a plural, a `%d`): its message
        /// with the localization's name taken out, and the localizations and places found.
        var template: String?
        var factLocalizations: [String] = []
        var locations: [SourceLocation] = []
    }

    /// Marks where a localization's name stood in a message made into a template.
    static let localizationMark = "\u{1}"

    /// The message of `diagnostic`, found for a device using `localization`, with that name
    /// taken out, when the message names it (`"key" (de) is a plural`, `needs 2 in de`).
    static func template(_ diagnostic: LocalizationDiagnostic, localization: String?) -> String? {
        guard let localization, diagnostic.localizations.isEmpty else { return nil }
        for written in ["(\(localization))", " in \(localization) ", " in \(localization):"] {
            if let range = diagnostic.message.firstRange(of: written) {
                var message = diagnostic.message
                message.replaceSubrange(range, with: written.replacing(localization, with: localizationMark))
                return message
            }
        }
        return nil
    }

    /// Each fact of `renders` once, with the devices it affects: the same finding from several
    /// devices, a key missing in several localizations, and the same fault in each
    /// localization's own entry (a plural every language defines) are one fact each.
    static func facts(_ renders: [RenderedAlert]) -> [Fact] {
        var facts: [Fact] = []
        var index: [String: Int] = [:]
        func identity(_ diagnostic: LocalizationDiagnostic, template: String?) -> String {
            if let template { return [diagnostic.id.rawValue, diagnostic.key ?? "", template, diagnostic.hint ?? ""].joined(separator: "\u{0}") }
            if diagnostic.localizations.isEmpty { return [diagnostic.id.rawValue, diagnostic.message].joined(separator: "\u{0}") }
            return [diagnostic.id.rawValue, diagnostic.location.description, diagnostic.key ?? ""].joined(separator: "\u{0}")
        }
        for render in renders {
            let device = render.preferredLanguages.joined(separator: ",")
            for diagnostic in render.diagnostics {
                let template = template(diagnostic, localization: render.localization)
                let key = identity(diagnostic, template: template)
                guard let at = index[key] else {
                    index[key] = facts.count
                    facts.append(
                        Fact(
                            diagnostic: diagnostic, devices: [device], localizations: diagnostic.localizations, seen: Set(diagnostic.localizations),
                            template: template, factLocalizations: render.localization.map { [$0] } ?? [], locations: [diagnostic.location]))
                    continue
                }
                if facts[at].devices.last != device { facts[at].devices.append(device) }
                for localization in diagnostic.localizations where facts[at].seen.insert(localization).inserted {
                    facts[at].localizations.append(localization)
                }
                if template != nil, let localization = render.localization, !facts[at].factLocalizations.contains(localization) {
                    facts[at].factLocalizations.append(localization)
                    facts[at].locations.append(diagnostic.location)
                }
            }
        }
        for at in facts.indices {
            facts[at].diagnostic = facts[at].diagnostic.restated(for: facts[at].localizations)
            if let template = facts[at].template, facts[at].factLocalizations.count > 1 {
                facts[at].diagnostic.message = template.replacing(localizationMark, with: inWords(facts[at].factLocalizations))
            }
        }
        // A key missing for every device previewed is most likely not in the app at all.
        for at in facts.indices where renders.count > 1 && facts[at].devices.count == renders.count {
            let diagnostic = facts[at].diagnostic
            guard diagnostic.id == .payloadKeyMissing, let key = diagnostic.key else { continue }
            let written = diagnostic.message.prefix { $0 != " " }
            facts[at].diagnostic.message =
                "\(written) \"\(key)\" is in no localization's Localizable table: every device previewed shows the key itself (a typo?)"
            facts[at].devices = ["every device"]
        }
        return facts.sorted { $0.diagnostic.severity > $1.diagnostic.severity }
    }

    /// Names, the first five and a count when there are more than six.
    static func listing(_ names: [String]) -> String {
        names.count > 6 ? names.prefix(5).joined(separator: ", ") + ", … (\(names.count))" : names.joined(separator: ", ")
    }

    /// Names in a sentence: the first five and how many more when there are more than six.
    static func inWords(_ names: [String]) -> String {
        names.count > 6 ? names.prefix(5).joined(separator: ", ") + " and \(names.count - 5) more" : names.joined(separator: ", ")
    }

    /// Each distinct fact once, with the devices it affects.
    static func grouped(_ renders: [RenderedAlert], style: TerminalStyle) -> String {
        var out = ""
        for fact in facts(renders) {
            var place = DiagnosticText.place(fact.diagnostic.location)
            let others = Set(fact.locations).subtracting([fact.diagnostic.location]).count
            if others > 0 { place += " and the same entry in \(others) more table\(others == 1 ? "" : "s")" }
            out += "  " + DiagnosticText.symbol(fact.diagnostic.severity, style: style) + " "
            out += printable(fact.diagnostic.message) + " " + style.dim("[\(fact.diagnostic.id)]") + "\n"
            out += "      " + style.dim("\(printable(listing(fact.devices))) — \(place)") + "\n"
            if let hint = fact.diagnostic.hint { out += "      " + style.dim("→ \(printable(hint))") + "\n" }
        }
        return out
    }

    /// The severities of what each payload's preview states: its own findings, then each fact once.
    static func statedSeverities(_ preview: PayloadPreview) -> [DiagnosticSeverity] {
        preview.payload.diagnostics.map(\.severity) + facts(preview.renders).map(\.diagnostic.severity)
    }

    /// The closing line: what was previewed, and how many distinct problems it shows.
    static func summary(_ previews: [PayloadPreview], style: TerminalStyle) -> String {
        guard !previews.isEmpty else { return "" }
        let devices = Set(previews.flatMap { $0.renders.map { $0.preferredLanguages.joined(separator: ",") } })
        return summary(noun: "payload", severities: previews.map(statedSeverities), devices: devices.count, style: style)
    }

    /// "N payloads on M devices: E errors and W warnings in K of them", from the severities
    /// each item states.
    static func summary(noun: String, severities: [[DiagnosticSeverity]], devices: Int, style: TerminalStyle) -> String {
        let problems = ProblemCount(severities)
        let words = problems.isEmpty ? "no problems" : problems.words + " in \(problems.items) of them, each stated once above"
        return style.bold("\(ProblemCount.count(severities.count, noun)) on \(ProblemCount.count(devices, "device")): \(words)") + "\n"
    }
}

/// Errors and warnings stated by a preview, each fact once, and the items (payloads, messages)
/// that state any: the text report's closing line and the HTML page's summary say the same.
struct ProblemCount {
    var errors = 0
    var warnings = 0
    /// Items stating at least one error or warning.
    var items = 0

    /// From the severities each item states.
    init(_ severities: [[DiagnosticSeverity]]) {
        for item in severities {
            errors += item.filter { $0 == .error }.count
            warnings += item.filter { $0 == .warning }.count
            if item.contains(where: { $0 != .note }) { items += 1 }
        }
    }

    var isEmpty: Bool { errors + warnings == 0 }
    /// "2 errors and 1 warning".
    var words: String { "\(Self.count(errors, "error")) and \(Self.count(warnings, "warning"))" }

    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
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
