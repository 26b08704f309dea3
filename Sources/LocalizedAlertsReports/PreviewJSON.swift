@_spi(Presentation) import LocalizedAlerts

/// `preview --format json`, schema version 1 (documented in docs/cli.md).
public enum PreviewJSON {
    /// The preview document for `previews` of `app`; write it with `outputText(pretty:)`.
    /// Without `showsPaths` (a service answering a client) the app's directory and the
    /// payloads' file names are left out.
    public static func make(_ previews: [PayloadPreview], app: AppLocalizations, showsPaths: Bool = true) -> LocatedJSON {
        var appMembers: [(String, LocatedJSON)] = showsPaths ? [("directory", .string(app.directory))] : []
        appMembers += [
            ("developmentRegion", .string(app.developmentRegion)),
            ("localizations", .array(app.localizations.map { .string($0.name) })),
        ]
        return .object([
            ("schemaVersion", .number(1)),
            ("generator", .string("render-alert \(LocalizedAlertsVersion.current)")),
            ("app", .object(appMembers)),
            ("previews", .array(previews.map { preview($0, showsPaths: showsPaths) })),
        ])
    }

    /// One payload's preview as the document's `previews` list holds it (an FCM message's
    /// iPhone half uses it too).
    public static func preview(_ preview: PayloadPreview, showsPaths: Bool = true) -> LocatedJSON {
        .object(
            (showsPaths ? [("payload", .string(preview.file))] : []) + [
                ("byteCount", .number(preview.payload.byteCount)),
                ("diagnostics", .array(preview.payload.diagnostics.map(DiagnosticJSON.make))),
                ("renders", .array(preview.renders.map(render))),
            ])
    }

    static func render(_ render: RenderedAlert) -> LocatedJSON {
        func fieldDetail(_ field: RenderedField?) -> LocatedJSON {
            guard let field else { return .null }
            return .object([
                ("text", .string(field.text)),
                ("source", .string(field.source.rawValue)),
                ("key", .string(field.key)),
                ("format", .string(field.format)),
            ])
        }
        var sound: LocatedJSON = .null
        switch render.sound {
        case .named(let name)?: sound = .string(name)
        case .dictionary(let name, let critical, let volume)?:
            sound = .object([("name", .string(name)), ("critical", .bool(critical)), ("volume", volume.map { .number($0) } ?? .null)])
        case nil: break
        }
        return .object([
            ("preferredLanguages", .array(render.preferredLanguages.map { .string($0) })),
            ("localization", .string(render.localization)),
            ("searchList", .array(render.searchList.map { .string($0) })),
            ("title", .string(render.title?.text)),
            ("subtitle", .string(render.subtitle?.text)),
            ("body", .string(render.body?.text)),
            (
                "fields",
                .object([
                    ("title", fieldDetail(render.title)),
                    ("subtitle", fieldDetail(render.subtitle)),
                    ("body", fieldDetail(render.body)),
                ])
            ),
            ("silent", .bool(render.isSilent)),
            ("mutableContent", .bool(render.mutableContent)),
            ("interruptionLevel", .string(render.interruptionLevel.rawValue)),
            ("badge", render.badge.map { .number($0) } ?? .null),
            ("sound", sound),
            ("diagnostics", .array(render.diagnostics.map(DiagnosticJSON.make))),
        ])
    }
}
