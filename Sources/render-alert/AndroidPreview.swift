import LocalizedAlerts
import LocalizedAlertsReports

/// `render-alert preview MESSAGE.json --res app/src/main/res`: what an Android phone shows for
/// an FCM HTTP v1 message, per device, and with --strings what an iPhone shows for its
/// apns.payload.
enum AndroidPreview {
    /// Reads the resources and the messages and renders each for each device; with the app's
    /// name, as untitled notifications show it.
    static func previews(
        messages: [String], resources paths: [String], build: AndroidBuildSettings, devices requested: [[String]], appName: String?,
        iPhone: AlertRenderer?, filter: DiagnosticFilter
    ) throws -> (appName: String, previews: [FCMMessagePreview]) {
        let resources = try AndroidArchive.resources(paths, build: build)
        let name =
            appName ?? resources.folders.first { $0.qualifiers.locale == nil }?.files.lazy.compactMap { $0.text(ofString: "app_name") }.first
            ?? "<app name>"
        let devices = requested.isEmpty ? (resources.locales.isEmpty ? [["en-US"]] : resources.locales.map { [$0] }) : requested
        let previews = try messages.map { file in
            let message = try readingInput("cannot read the message", file: file) { try FCMMessage(contentsOfFile: file) }
            let renderings = devices.map { ($0, AndroidRenderer.render(message, deviceLocales: $0, resources: resources, appName: name)) }
            var seen: Set<String> = []
            let findings = filter.apply(resources.diagnostics.filter { $0.severity != .note } + renderings.flatMap(\.1.diagnostics))
                .filter { seen.insert($0.description).inserted }
            var preview = FCMMessagePreview(file: file, message: message, devices: renderings, findings: findings)
            if let iPhone, var payload = message.apnsPayload {
                payload.diagnostics = filter.apply(payload.diagnostics)
                let renders = devices.map { languages in
                    var render = iPhone.render(payload, preferredLanguages: languages)
                    render.diagnostics = filter.apply(render.diagnostics)
                    return render
                }
                preview.iPhone = PayloadPreview(file: file, payload: payload, renders: renders)
            }
            return preview
        }
        return (name, previews)
    }

    /// The text table: per message, a line per device, then the findings; with --strings, the
    /// iPhone's table for `apns.payload`.
    static func text(_ previews: [FCMMessagePreview], showsIPhone: Bool, style: TerminalStyle) -> String {
        var out = ""
        for preview in previews {
            out += "\(preview.file) — Android\n"
            for (locales, rendering) in preview.devices {
                let label = locales.joined(separator: ",")
                let pad = String(repeating: " ", count: max(0, 12 - label.count))
                switch rendering.outcome {
                case .notDisplayed:
                    out += "  \(label)\(pad)nothing shown: a data message, handled by the app's code\n"
                case .crash(let exception):
                    out += "  \(label)\(pad)the app crashes (\(exception)): nothing shown\n"
                case .shown:
                    let folder = { (folder: String?) in folder.map { "   [\($0)]" } ?? "" }
                    out += "  \(label)\(pad)title: \(printable(rendering.title ?? ""))\(folder(rendering.titleFolder))\n"
                    out +=
                        "  \(String(repeating: " ", count: label.count))\(pad)body:  \(printable(rendering.body ?? "(none)"))\(folder(rendering.bodyFolder))\n"
                }
            }
            for diagnostic in preview.findings { out += "  \(diagnostic)\n" }
            guard showsIPhone else { continue }
            out += "\(preview.file) — iPhone (apns.payload)\n"
            if let iPhone = preview.iPhone {
                out += PreviewText.render([iPhone], appDiagnostics: [], style: style)
            } else {
                out += "  no apns.payload: an iPhone gets what FCM makes of message.notification\n"
            }
        }
        return out
    }

    /// `--format json`: per message, each device's Android rendering and, with --strings, the
    /// iPhone's renders of `apns.payload` in the shape `preview --format json` uses.
    static func json(_ previews: [FCMMessagePreview], showsIPhone: Bool) -> LocatedJSON {
        func android(_ locales: [String], _ rendering: AndroidRendering) -> LocatedJSON {
            let outcome: String
            var exception: LocatedJSON = .null
            switch rendering.outcome {
            case .shown: outcome = "shown"
            case .notDisplayed: outcome = "not-displayed"
            case .crash(let name):
                outcome = "crash"
                exception = .string(name)
            }
            return .object([
                ("deviceLocales", .array(locales.map { .string($0) })),
                ("resourceLocale", .string(rendering.resourceLocale)),
                ("outcome", .string(outcome)),
                ("exception", exception),
                ("title", .string(rendering.title)),
                ("titleFolder", .string(rendering.titleFolder)),
                ("body", .string(rendering.body)),
                ("bodyFolder", .string(rendering.bodyFolder)),
            ])
        }
        return .object([
            ("schemaVersion", .number(1)),
            ("generator", .string("render-alert \(LocalizedAlertsVersion.current)")),
            (
                "messages",
                .array(
                    previews.map { preview in
                        var members: [(String, LocatedJSON)] = [
                            ("message", .string(preview.file)),
                            ("android", .array(preview.devices.map(android))),
                            ("diagnostics", .array(preview.findings.map(DiagnosticJSON.make))),
                        ]
                        if showsIPhone { members.append(("iPhone", preview.iPhone.map { PreviewJSON.preview($0) } ?? .null)) }
                        return .object(members)
                    })
            ),
        ])
    }

    /// Text with control characters shown as escapes, so that a title cannot move the cursor.
    static func printable(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined())
    }
}
