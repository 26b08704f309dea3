@_spi(Presentation) import LocalizedAlerts

/// `render-alert preview --res`'s text table: per FCM message, a line per Android device, then
/// the findings; with an iOS app, the iPhone's table for `apns.payload`.
public enum AndroidPreviewText {
    /// The table for `previews`; `showsIPhone` adds the iPhone's for each `apns.payload`.
    public static func render(_ previews: [FCMMessagePreview], showsIPhone: Bool, style: TerminalStyle) -> String {
        var out = ""
        for preview in previews {
            out += "\(preview.file) — Android\(preview.message.channel == .huawei ? " (Huawei Push Kit)" : "")\n"
            for (index, (locales, rendering)) in preview.devices.enumerated() {
                let label = locales.joined(separator: ",")
                let pad = String(repeating: " ", count: max(0, 12 - label.count))
                switch rendering.outcome {
                case .notDisplayed:
                    out += "  \(label)\(pad)nothing shown: a data message, handled by the app's code\n"
                case .crash(let exception):
                    out += "  \(label)\(pad)the app crashes (\(exception)): nothing shown\n"
                case .shown:
                    let folder = { (folder: String?) in folder.map { "   [\($0)]" } ?? "" }
                    out += "  \(label)\(pad)title: \(escapingControls(rendering.title ?? ""))\(folder(rendering.titleFolder))\n"
                    out +=
                        "  \(String(repeating: " ", count: label.count))\(pad)body:  \(escapingControls(rendering.body ?? "(none)"))\(folder(rendering.bodyFolder))\n"
                }
                let indent = "  " + String(repeating: " ", count: max(12, label.count))
                if rendering.shownInForeground == false { out += "\(indent)not shown while the app is in the foreground (foreground_show false)\n" }
                // The text each text-only channel is sent for this phone's languages.
                for result in index < preview.channels.count ? preview.channels[index] : [] {
                    let name = result.channel.rawValue
                    let pad = String(repeating: " ", count: max(1, 7 - name.count))
                    if let text = result.channelRequest?.text {
                        out += "\(indent)\(name):\(pad)\(escapingControls(text.title ?? "")) — \(escapingControls(text.body ?? ""))"
                        out += result.isSendable ? "\n" : "   [refused]\n"
                    } else {
                        out += "\(indent)\(name):\(pad)nothing to send: \(escapingControls(result.error ?? "not sendable"))\n"
                    }
                }
            }
            for diagnostic in preview.findings { out += "  \(diagnostic)\n" }
            guard showsIPhone else { continue }
            out += "\(preview.file) — iPhone (apns.payload)\n"
            if let iPhone = preview.iPhone {
                out += PreviewText.payloads([iPhone], style: style)
            } else {
                out += "  no apns.payload: an iPhone gets what FCM makes of message.notification\n"
            }
        }
        // Both phones' findings, each message counted once.
        let severities = previews.map { $0.findings.map(\.severity) + ($0.iPhone.map(PreviewText.statedSeverities) ?? []) }
        let devices = Set(previews.flatMap { $0.devices.map { $0.locales.joined(separator: ",") } })
        if !showsIPhone || previews.contains(where: { $0.iPhone == nil }) { out += "\n" }
        return out + PreviewText.summary(noun: "message", severities: severities, devices: devices.count, style: style)
    }

    /// Text with control characters shown as escapes, so that a title cannot move the cursor.
    private static func escapingControls(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined())
    }
}

/// `preview --res --format json`, and the service's `/v1/preview` for an FCM message.
public enum AndroidPreviewJSON {
    /// Per message, each device's Android rendering and, with --strings, the
    /// iPhone's renders of `apns.payload` in the shape `preview --format json` uses.
    public static func make(_ previews: [FCMMessagePreview], showsIPhone: Bool, showsPaths: Bool = true) -> LocatedJSON {
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
        // What a Huawei rendering adds: its service, foreground_show and its assumptions.
        func huawei(_ rendering: AndroidRendering) -> [(String, LocatedJSON)] {
            guard rendering.channel == .huawei else { return [] }
            return [
                ("channel", .string(rendering.channel.rawValue)),
                ("shownInForeground", rendering.shownInForeground.map { .bool($0) } ?? .null),
                ("assumptions", .array(rendering.assumptions.map { .object([("id", .string($0.rawValue)), ("statement", .string($0.statement))]) })),
            ]
        }
        func channel(_ result: LocalizedFCMMessage) -> LocatedJSON {
            .object([
                ("channel", .string(result.channel.rawValue)),
                ("sendable", .bool(result.isSendable)),
                ("title", .string(result.channelRequest?.text.title)),
                ("body", .string(result.channelRequest?.text.body)),
                ("error", .string(result.error)),
                ("request", result.message ?? .null),
            ])
        }
        func device(_ index: Int, _ preview: FCMMessagePreview) -> LocatedJSON {
            let (locales, rendering) = preview.devices[index]
            guard case .object(var members) = android(locales, rendering).value else { return .null }
            members += huawei(rendering).map { LocatedJSON.Member(key: $0.0, value: $0.1) }
            if index < preview.channels.count, !preview.channels[index].isEmpty {
                members.append(LocatedJSON.Member(key: "channels", value: .array(preview.channels[index].map(channel))))
            }
            return LocatedJSON(.object(members))
        }
        return .object([
            ("schemaVersion", .number(1)),
            ("generator", .string("render-alert \(LocalizedAlertsVersion.current)")),
            (
                "messages",
                .array(
                    previews.map { preview in
                        var members: [(String, LocatedJSON)] = showsPaths ? [("message", .string(preview.file))] : []
                        members += [
                            ("android", .array(preview.devices.indices.map { device($0, preview) })),
                            ("diagnostics", .array(preview.findings.map(DiagnosticJSON.make))),
                        ]
                        if showsIPhone { members.append(("iPhone", preview.iPhone.map { PreviewJSON.preview($0, showsPaths: showsPaths) } ?? .null)) }
                        return .object(members)
                    })
            ),
        ])
    }
}
