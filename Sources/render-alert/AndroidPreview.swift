import LocalizedAlerts
import LocalizedAlertsReports

/// `render-alert preview MESSAGE.json --res app/src/main/res`: what an Android phone shows for
/// an FCM HTTP v1 message, per device, and with --strings what an iPhone shows for its
/// apns.payload.
enum AndroidPreview {
    static func text(
        messages: [String], resourceDirectory: String, devices requested: [[String]], appName: String?, iPhone: AlertRenderer?,
        filter: DiagnosticFilter, style: TerminalStyle
    ) throws -> String {
        let resources = try readingInput("cannot read the resources \(resourceDirectory)") {
            try AndroidAppResources(resourceDirectory: resourceDirectory)
        }
        let name = appName ?? resources.folders.first { $0.qualifiers.locale == nil }?.files.lazy.compactMap { $0.text(ofString: "app_name") }.first ?? "<app name>"
        let devices = requested.isEmpty ? (resources.locales.isEmpty ? [["en-US"]] : resources.locales.map { [$0] }) : requested
        var out = ""
        for file in messages {
            let message = try readingInput("cannot read the message", file: file) { try FCMMessage(contentsOfFile: file) }
            out += "\(file) — Android\n"
            var findings: [LocalizationDiagnostic] = []
            for device in devices {
                let rendering = AndroidRenderer.render(message, deviceLocales: device, resources: resources, appName: name)
                findings += rendering.diagnostics
                let label = device.joined(separator: ",")
                let pad = String(repeating: " ", count: max(0, 12 - label.count))
                switch rendering.outcome {
                case .notDisplayed:
                    out += "  \(label)\(pad)nothing shown: a data message, handled by the app's code\n"
                case .crash(let exception):
                    out += "  \(label)\(pad)the app crashes (\(exception)): nothing shown\n"
                case .shown:
                    let folder = { (folder: String?) in folder.map { "   [\($0)]" } ?? "" }
                    out += "  \(label)\(pad)title: \(printable(rendering.title ?? ""))\(folder(rendering.titleFolder))\n"
                    out += "  \(String(repeating: " ", count: label.count))\(pad)body:  \(printable(rendering.body ?? "(none)"))\(folder(rendering.bodyFolder))\n"
                }
            }
            var seen: Set<String> = []
            let listed = filter.apply(resources.diagnostics.filter { $0.severity != .note } + findings).filter { seen.insert($0.description).inserted }
            for diagnostic in listed { out += "  \(diagnostic)\n" }
            if let iPhone {
                out += "\(file) — iPhone (apns.payload)\n"
                if var payload = message.apnsPayload {
                    payload.diagnostics = filter.apply(payload.diagnostics)
                    let renders = devices.map { languages in
                        var render = iPhone.render(payload, preferredLanguages: languages)
                        render.diagnostics = filter.apply(render.diagnostics)
                        return render
                    }
                    out += PreviewText.render([PayloadPreview(file: file, payload: payload, renders: renders)], appDiagnostics: [], style: style)
                } else {
                    out += "  no apns.payload: an iPhone gets what FCM makes of message.notification\n"
                }
            }
        }
        return out
    }

    /// Text with control characters shown as escapes, so that a title cannot move the cursor.
    static func printable(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined())
    }
}
