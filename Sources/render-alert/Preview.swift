import ArgumentParser
import LocalizedAlerts
import LocalizedAlertsReports

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Shows what a device displays for push payloads, per language.",
        discussion: """
            Each --language is one device, whose preferred languages are that value \
            (comma-separated for a full list: --language fr-CA,en). Without --language, it \
            previews one device per localization of the app. With no arguments at all it \
            previews the bundled sample payloads (Resources/payloads) against the bundled \
            sample app (Resources/strings): from the current directory when it holds them, \
            else the copy built into the binary.

            --format html writes one self-contained page with a lock-screen card per language \
            (to --output, or standard output); --layout cards draws the same cards in the \
            terminal. With --res, the page has an Android notification card per language, beside \
            the iPhone's with --strings, and a card per --channel that takes only text (vivo, \
            xiaomi…) with the text the server writes for it; a Huawei Push Kit message is shown \
            as Huawei shows it, multi_lang_key first. Line breaking in all of them is approximate. --watch \
            regenerates the output whenever a table, payload or the icon changes, until Ctrl-C.

            Examples:
              render-alert preview
              render-alert preview payload.json --strings MyApp/Resources --language zh-HK --language ar
              render-alert preview payload.json --strings MyApp/Resources --format json
              render-alert preview --format html --output preview.html
              render-alert preview --format html --app-name Relay --app-icon icon.png --output preview.html
              render-alert preview --layout cards
              render-alert preview payload.json --strings MyApp/Resources --format html --output preview.html --watch
              render-alert preview message.json --res app/src/main/res --language fr-CA
              render-alert preview message.json --res app/src/main/res --channel vivo --channel xiaomi --language ja
              render-alert preview message.json --res app/src/main/res --strings MyApp/Resources --format html --output android.html
            """
    )

    @Argument(
        help: "Payload files (.json, .apns) or directories of them. Default: the bundled samples.",
        completion: .file(extensions: ["json", "apns"]))
    var payloads: [String] = []

    @Option(
        help: "The app's localizations: a directory of .lproj folders (a built .app too), or an .ipa. Default: the bundled sample app.",
        completion: .directory)
    var strings: String?

    @Option(
        help:
            "An Android app's res/ directory (repeat it for its libraries' res/ folders, the app's first), or the built app (.apk, .aab, or a folder of split APKs): the payloads are FCM HTTP v1 messages, shown as an Android phone shows them (with --strings, as an iPhone shows their apns.payload too).",
        completion: .directory)
    var res: [String] = []

    @Option(name: .customLong("language"), help: "A device's preferred languages, best first (fr-CA,en). Repeatable.")
    var languages: [String] = []

    @Flag(help: "One device per localization of the app (the default without --language).")
    var allLocalizations = false

    @Option(help: "The development region (default: the app's Info.plist).")
    var developmentRegion: String?

    @Option(help: "Output format: text, json or html.")
    var format: PreviewFormat = .text

    @Option(help: "Text layout: table (one row per device) or cards (lock-screen cards).")
    var layout: PreviewLayout = .table

    @Option(help: "Write the output to this file instead of standard output.", completion: .file())
    var output: String?

    @Option(help: "The app's name on every card of the HTML page, instead of its Info.plist and InfoPlist.strings names.")
    var appName: String?

    @Option(
        help:
            "A PNG or JPEG (at most 1 MiB) shown as the app's icon on every card of the HTML page, embedded in it (default: a built app's own icon, when --strings is one).",
        completion: .file(extensions: ["png", "jpg", "jpeg"]))
    var appIcon: String?

    @OptionGroup var findingOptions: FindingOptions

    @OptionGroup(title: "Android build") var androidBuild: AndroidBuildOptions

    @OptionGroup(title: "Push channels") var channelOptions: ChannelOptions

    @OptionGroup(title: "APNs request headers") var apnsHeaders: APNsHeaderOptions

    @Flag(help: "Regenerate the output (the --output file, or the terminal view) whenever a table, payload or the icon changes, until Ctrl-C.")
    var watch = false

    mutating func run() throws {
        if !res.isEmpty { return try runAndroid(res) }
        if androidBuild.isGiven || channelOptions.isGiven { throw ValidationError("--android-build, --library-locales and --channel go with --res") }
        if appName != nil && format != .html { throw ValidationError("--app-name goes with --format html") }
        if let appName, appName.trimmingSpaces().isEmpty { throw ValidationError("--app-name needs a name") }
        if appIcon != nil && format != .html { throw ValidationError("--app-icon goes with --format html") }
        if payloads.isEmpty && strings != nil { throw ValidationError("give a payload file to preview with --strings") }
        // A bad --ignore is refused before anything is read.
        _ = try findingOptions.filter()
        let resources = strings == nil || payloads.isEmpty ? try SampleResources.locate() : nil
        let stringsDirectory = strings ?? resources! + "/strings"
        let payloadPaths = payloads.isEmpty ? [resources! + "/payloads"] : payloads
        guard watch else { return try generate(stringsDirectory, payloadPaths) }
        let isTerminal = output == nil && isatty(STDOUT_FILENO) == 1
        Watch.run([stringsDirectory] + payloadPaths + (appIcon.map { [$0] } ?? [])) {
            // The terminal view replaces the last one; into a file or pipe, each follows the last.
            if isTerminal { try Output.standardOutput.write("\u{1B}[H\u{1B}[2J") }
            try generate(stringsDirectory, payloadPaths)
        }
    }

    /// FCM messages against an Android app's resources (and its iPhone twin with --strings).
    func runAndroid(_ res: [String]) throws {
        if layout != .table { throw ValidationError("--res previews as a text table, JSON or HTML (not --layout cards)") }
        if payloads.isEmpty { throw ValidationError("give an FCM message file to preview with --res") }
        if watch || appIcon != nil || allLocalizations { throw ValidationError("--res does not take --watch, --app-icon or --all-localizations") }
        var session = try session(apple: try strings.map { AlertRenderer(app: try AppArchive.read($0).localizations) })
        session.android = AndroidAlertRenderer(resources: try AndroidArchive.resources(res, build: try androidBuild.settings()), appName: appName)
        session.channels = try channelOptions.textChannels()
        let channel = try channelOptions.messageChannel()
        let previews = try PayloadFiles.expand(payloads).map { file in
            session.preview(
                try readingInput("cannot read the message", file: file) { try FCMMessage(contentsOfFile: file, channel: channel) }, file: file)!
        }
        let iPhone = session.apple
        var style = TerminalStyle.current()
        if output != nil { style.colors = false }
        let text =
            switch format {
            case .json: AndroidPreviewJSON.make(previews, showsIPhone: iPhone != nil).outputText(pretty: true)
            case .html:
                AndroidPreviewHTML.make(previews, appName: session.android!.appName, iPhoneApp: iPhone?.app, iPhoneAppName: appName)
            case .text: AndroidPreviewText.render(previews, showsIPhone: iPhone != nil, style: style)
            }
        try (output.map { Output.file($0, what: "cannot write the output") } ?? .standardOutput).write(text)
    }

    /// The library's preview session for these options: the devices asked for, the filter,
    /// the headers.
    func session(apple: AlertRenderer?) throws -> PreviewSession {
        var session = PreviewSession(apple: apple)
        session.devices = try languages.map { try LanguageList.parse($0, option: "--language") }
        session.filter = try findingOptions.filter()
        session.headers = apnsHeaders.headers
        return session
    }

    /// Reads the app, the payloads and the icon afresh and writes the output once.
    func generate(_ stringsDirectory: String, _ payloadPaths: [String]) throws {
        // Read first: a bad icon is reported before any payload is.
        let icon = try appIcon.map(AppIcon.dataURI)
        let files = try PayloadFiles.expand(payloadPaths)
        // Without --app-icon, a built app's own icon.
        let read = try AppArchive.read(stringsDirectory)
        var app = read.localizations
        var bundleIcon: String?
        if format == .html && icon == nil {
            bundleIcon =
                read.icons.map { AppIcon.fromBundle(icons: $0, names: app.iconFiles) } ?? AppIcon.fromBundle(stringsDirectory, names: app.iconFiles)
        }
        if let developmentRegion { app.developmentRegion = developmentRegion }
        var session = try session(apple: AlertRenderer(app: app))
        // --all-localizations adds one device per localization after those asked for.
        if allLocalizations && !session.devices.isEmpty {
            session.devices += PreviewSession(apple: session.apple).appleDevices
        }
        let previews = try files.map { file in
            session.preview(try readingInput("cannot read the payload", file: file) { try NotificationPayload(contentsOfFile: file) }, file: file)
        }
        let tableDiagnostics = session.appleAppDiagnostics
        var text: String
        switch format {
        case .json:
            text = PreviewJSON.make(previews, app: app).outputText(pretty: true)
        case .html:
            text = PreviewHTML.make(previews, app: app, appDiagnostics: tableDiagnostics, appName: appName, appIcon: icon ?? bundleIcon)
        case .text:
            var style = TerminalStyle.current()
            if output != nil { style.colors = false }
            switch layout {
            case .table: text = PreviewText.render(previews, appDiagnostics: tableDiagnostics, style: style)
            case .cards: text = PreviewCards.render(previews, app: app, appDiagnostics: tableDiagnostics, style: style)
            }
        }
        try (output.map { Output.file($0, what: "cannot write the output") } ?? .standardOutput).write(text)
    }
}

enum PreviewFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, html
}

enum PreviewLayout: String, ExpressibleByArgument, CaseIterable {
    case table, cards
}

/// The bundled sample: `Resources/` in the current directory (a clone of the repository), else
/// the copy built into the binary (BundledSample.generated.swift), written to a new private
/// temporary directory that is removed when the command exits.
enum SampleResources {
    static func locate() throws(InputOutputError) -> String {
        if FileStatus.isDirectory("Resources/strings") && FileStatus.isDirectory("Resources/payloads") { return "Resources" }
        return try BundledSample.extract()
    }
}

enum PayloadFiles {
    /// Files as given; directories replaced by their .json and .apns files, as lint reads them.
    static func expand(_ paths: [String]) throws(InputOutputError) -> [String] {
        do {
            return try LintSession.expandPayloads(paths)
        } catch {
            throw InputOutputError(error)
        }
    }
}
