import ArgumentParser
import LocalizedAlerts

struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Shows what a device displays for push payloads, per language.",
        discussion: """
            Each --language is one device, whose preferred languages are that value \
            (comma-separated for a full list: --language fr-CA,en). Without --language, it \
            previews one device per localization of the app. With no arguments at all it \
            previews the bundled sample payloads (Resources/payloads) against the bundled \
            sample app (Resources/strings).

            Examples:
              render-alert preview
              render-alert preview payload.json --strings MyApp/Resources --language zh-HK --language ar
              render-alert preview payload.json --strings MyApp/Resources --format json
            """
    )

    @Argument(help: "Payload files (.json, .apns) or directories of them. Default: the bundled samples.")
    var payloads: [String] = []

    @Option(help: "The app's localizations: a directory of .lproj folders. Default: the bundled sample app.")
    var strings: String?

    @Option(name: .customLong("language"), help: "A device's preferred languages, best first (fr-CA,en). Repeatable.")
    var languages: [String] = []

    @Flag(help: "One device per localization of the app (the default without --language).")
    var allLocalizations = false

    @Option(help: "The development region (default: the app's Info.plist).")
    var developmentRegion: String?

    @Option(help: "Output format: text or json.")
    var format: PreviewFormat = .text

    mutating func run() throws {
        let resources = SampleResources.locate()
        guard let stringsDirectory = strings ?? resources.map({ $0 + "/strings" }) else {
            throw ValidationError("no --strings directory given and the bundled sample app (Resources/strings) was not found")
        }
        var payloadPaths = payloads
        if payloadPaths.isEmpty {
            guard strings == nil, let resources else {
                throw ValidationError("give a payload file to preview with --strings")
            }
            payloadPaths = [resources + "/payloads"]
        }
        let files = try PayloadFiles.expand(payloadPaths)
        var app: AppLocalizations
        do {
            app = try AppLocalizations(directory: stringsDirectory)
        } catch {
            throw ValidationError("cannot read the app's localizations: \(error)")
        }
        if let developmentRegion { app.developmentRegion = developmentRegion }
        let renderer = AlertRenderer(app: app)
        let devices: [[String]] =
            languages.isEmpty || allLocalizations
            ? renderer.bundle.names.filter { $0 != "Base" }.map { [$0] }
            : []
        let requested = languages.map { $0.split(separator: ",").map { String($0).trimmingSpaces() } }
        var previews: [PayloadPreview] = []
        for file in files {
            let payload: NotificationPayload
            do {
                payload = try NotificationPayload(contentsOfFile: file)
            } catch {
                throw ValidationError("cannot read \(error)")
            }
            let renders = (requested + devices).map { renderer.render(payload, preferredLanguages: $0) }
            previews.append(PayloadPreview(file: file, payload: payload, renders: renders))
        }
        switch format {
        case .json:
            print(PreviewJSON.make(previews, app: app).serialized(pretty: true))
        case .text:
            let style = TerminalStyle.current()
            let tableDiagnostics = app.allDiagnostics.filter { $0.severity != .note }
            print(PreviewText.render(previews, appDiagnostics: tableDiagnostics, style: style), terminator: "")
        }
    }
}

enum PreviewFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

struct PayloadPreview {
    var file: String
    var payload: NotificationPayload
    var renders: [RenderedAlert]
}

/// The bundled sample: `Resources/` in the current directory, or beside this source tree.
enum SampleResources {
    static func locate() -> String? {
        if FileStatus.isDirectory("Resources/strings") { return "Resources" }
        var path = #filePath  // …/Sources/render-alert/Preview.swift
        for _ in 0..<3 {
            guard let slash = path.lastIndex(of: "/") else { return nil }
            path = String(path[..<slash])
        }
        let candidate = path + "/Resources"
        return FileStatus.isDirectory(candidate + "/strings") ? candidate : nil
    }
}

enum PayloadFiles {
    /// Files as given; directories are replaced by their .json and .apns files, sorted.
    static func expand(_ paths: [String]) throws -> [String] {
        var files: [String] = []
        for path in paths {
            if FileStatus.isDirectory(path) {
                let names = try Directory.list(path).filter { $0.hasSuffix(".json") || $0.hasSuffix(".apns") }
                files += names.sorted().map { path.hasSuffix("/") ? path + $0 : path + "/" + $0 }
            } else if FileStatus.exists(path) {
                files.append(path)
            } else {
                throw ValidationError("no such payload file: \(path)")
            }
        }
        return files
    }
}
