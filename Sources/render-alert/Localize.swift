import ArgumentParser
import LocalizedAlerts
import LocalizedAlertsReports

struct Localize: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Fills in a payload's title, subtitle and body for a user's languages, on the server.",
        discussion: """
            Returns the payload with title/subtitle/body set for the chosen localization and the \
            *-loc-key/*-loc-args of those fields removed; every other key is left as it is. \
            --mode server (the default) resolves plurals and formats numbers for the locale; \
            --mode device reproduces exactly what the phone would have shown. A payload file \
            that is not JSON exits 2; a result that may not be sent (the payload has errors, a \
            field would show its key under --fallback fail, or it is over APNs' 4,096 bytes) \
            has "sendable": false and the command exits 1.

            --batch reads NDJSON lines {"payload": {…}, "languages": ["fr-CA", "en"]} (optional \
            "mode", "fallback", and an "id" echoed back) from standard input and writes one \
            result line per input line as it goes, each with "line", "id" and "sendable"; a bad \
            line gives {"line": n, "sendable": false, "error": "…"} and the stream goes on. It \
            exits 1 when any line gave nothing to send.

            --format apns --output-dir DIR writes one Xcode .apns file per language instead \
            (DIR/<payload>.<languages>.apns, with "Simulator Target Bundle" set when --bundle-id \
            is given), to drop onto a Simulator or pass to `xcrun simctl push`; it prints the \
            files written.

            With --res (an Android app's res/ folder, or its built .apk or .aab), the file is an \
            FCM HTTP v1 message ({"message": {…}}): android.notification's title and body are \
            filled in as that user's phone would show them, their loc keys and args removed, or \
            the message is refused (the app would crash, or a field would show nothing or its \
            specifiers). In server mode a loc key naming a <plurals> is resolved with \
            --quantity body=N. Batch lines with "message" instead of "payload" are FCM requests \
            ({"message": {…}, "languages": [...], "quantities": {"body": 3}}); --strings and --res \
            together answer both kinds.

            A Huawei Push Kit message (told by its shape, or --channel huawei) is filled in the \
            same way, multi_lang_key first. --channel vivo (xiaomi, oppo, honor, harmonyos, \
            umeng, jpush, getui) writes that channel's request body with each user's text \
            instead, refused when the channel would refuse it (a title over vivo's 20 Chinese \
            characters); a batch line names it with "channel". Without --res, --channel writes \
            the APNs payload's text from the iOS app's tables as that channel's request.

            Examples:
              render-alert localize Resources/payloads/group-message.json --language ja
              render-alert localize message.json --res app/src/main/res --language fr-CA,en
              render-alert localize message.json --res app/src/main/res --channel vivo --language zh-CN
              cat requests.ndjson | render-alert localize --batch --strings MyApp --res app/src/main/res
              render-alert localize payload.json --strings MyApp --language fr-CA,en --payload-only
              cat requests.ndjson | render-alert localize --batch --strings MyApp
              render-alert localize payload.json --strings MyApp --format apns --output-dir push --bundle-id com.example.app
            """
    )

    @Argument(help: "The payload file (not with --batch).", completion: .file(extensions: ["json", "apns"]))
    var payload: String?

    @Option(
        help:
            "The app's localizations (a directory of .lproj folders and .xcstrings, a built .app too), or an .ipa. Default: the bundled sample app.",
        completion: .directory)
    var strings: String?

    @Option(
        help:
            "An Android app's res/ directory (repeat it for its libraries' res/ folders, the app's first), or the built app (.apk, .aab, or a folder of split APKs): the file is an FCM HTTP v1 message, and batch lines may be FCM requests.",
        completion: .directory)
    var res: [String] = []

    @OptionGroup(title: "Android build") var androidBuild: AndroidBuildOptions

    @OptionGroup(title: "Push channels") var channelOptions: ChannelOptions

    @Option(
        help: ArgumentHelp(
            "With --res, server mode: the count of a field whose loc key names a <plurals> (body=3, title=1). Repeatable.", valueName: "field=n"))
    var quantity: [String] = []

    @Option(name: .customLong("language"), help: "A device's preferred languages, best first (fr-CA,en). Repeatable.")
    var languages: [String] = []

    @Option(help: "server (plurals and numbers resolved) or device (what the phone shows).")
    var mode: LocalizationMode = .server

    @Option(
        help: ArgumentHelp(
            "In server mode, when the chosen localization has no text for a key: fail (no payload, exit 1), development-region (its text, reported), or device (the key, as a phone shows it).",
            valueName: "policy"))
    var fallback: KeyFallback = .fail

    @Option(help: "Device for device-specific variants: iphone, ipad, ipod, mac, applewatch, appletv, applevision.")
    var device: DeviceKind = .iphone

    @Option(help: "The development region (default: the app's Info.plist).")
    var developmentRegion: String?

    @Flag(
        help:
            "Keep *-loc-key and *-loc-args beside the finished text: a build that has the key shows its own translation, one that lacks it shows this text instead of the key."
    )
    var keepKeys = false

    @Flag(help: "Read NDJSON requests from standard input and write one result per line.")
    var batch = false

    @Flag(help: "Print only the localized payloads, one compact JSON per line.")
    var payloadOnly = false

    @OptionGroup var findingOptions: FindingOptions

    @OptionGroup(title: "APNs request headers") var apnsHeaders: APNsHeaderOptions

    @Option(help: "Output: json (results, or payloads with --payload-only) or apns (one Simulator file per language, with --output-dir).")
    var format: LocalizeFormat = .json

    @Option(help: "With --format apns: the directory for the .apns files (created when missing).", completion: .directory)
    var outputDir: String?

    @Option(help: "With --format apns: the app's bundle identifier, written as \"Simulator Target Bundle\".")
    var bundleId: String?

    mutating func validate() throws {
        if batch && payload != nil { throw ValidationError("give either a payload file or --batch, not both") }
        if !batch && payload == nil { throw ValidationError("give a payload file, or --batch to read requests from standard input") }
        // tvOS shows badges, never notification alerts.
        if mode == .device && device == .appletv {
            throw ValidationError("Apple TV shows no notification alerts (only badges): there is nothing to render for --device appletv")
        }
        if format == .apns {
            if batch { throw ValidationError("--format apns writes files for one payload; it does not take --batch") }
            if payloadOnly { throw ValidationError("--format apns writes whole payloads already; leave out --payload-only") }
            if outputDir == nil { throw ValidationError("--format apns needs --output-dir DIR") }
        } else if outputDir != nil || bundleId != nil {
            throw ValidationError("--output-dir and --bundle-id go with --format apns")
        }
        if res.isEmpty {
            if androidBuild.isGiven || !quantity.isEmpty {
                throw ValidationError("--android-build, --library-locales and --quantity go with --res")
            }
            // The iOS app's text may go to a channel that takes only text.
            if let channel = try channelOptions.channels().first(where: \.takesLocKeys) {
                throw ValidationError(
                    "--channel \(channel.rawValue) goes with --res (an FCM or Huawei message); an APNs payload's text goes to the channels that take only text"
                )
            }
            if channelOptions.isGiven && (batch || format == .apns) {
                throw ValidationError("--channel writes one payload's text as a channel's request: it does not take --batch or --format apns")
            }
        } else {
            if format == .apns { throw ValidationError("--format apns writes APNs payloads; an FCM message (--res) has no Simulator file") }
            if keepKeys { throw ValidationError("--keep-keys is for APNs payloads; an FCM message's loc keys are always replaced by its text") }
            if !quantity.isEmpty && batch { throw ValidationError("--quantity is for one message; a batch line gives its own \"quantities\"") }
            if channelOptions.isGiven && batch { throw ValidationError("--channel is for one message; a batch line gives its own \"channel\"") }
            _ = try channelOptions.channels()
        }
    }

    /// `--quantity body=3 --quantity title=1`.
    func quantities() throws -> FCMQuantities {
        var quantities = FCMQuantities()
        for entry in quantity {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let field = FCMQuantities.Field(rawValue: parts[0]), let count = Double(parts[1]), count.isFinite else {
                throw ValidationError("--quantity takes title=N or body=N, such as --quantity body=3; got \(printable(entry))")
            }
            quantities[field] = count
        }
        return quantities
    }

    mutating func run() throws {
        if !res.isEmpty { return try runAndroid() }
        let directory = try strings ?? SampleResources.locate() + "/strings"
        var app = try AppArchive.read(directory).localizations
        if let developmentRegion { app.developmentRegion = developmentRegion }
        let renderer = AlertRenderer(app: app)
        let filter = try findingOptions.filter()
        if batch {
            if strings == nil { printError("note: no --strings given: localizing against the bundled sample app (\(printable(directory)))") }
            try runBatch(ProviderLocalizer(apple: renderer, android: nil), filter: filter)
            return
        }
        let document = try readingInput("cannot read the payload", file: payload!) { try NotificationPayload(contentsOfFile: payload!) }
            .sent(with: apnsHeaders.headers)
        // A payload that did not parse is never localized: there is nothing to send.
        if !document.isParsed {
            let problem = document.diagnostics.first { $0.severity == .error }
            throw InputOutputError(
                "cannot use the payload", payload!,
                reason: problem.map { "\($0.location.line):\($0.location.column): \($0.message)" } ?? "it is not a JSON object")
        }
        if strings == nil { printError("note: no --strings given: localizing against the bundled sample app (\(printable(directory)))") }
        let devices =
            languages.isEmpty
            ? renderer.bundle.names.filter { $0 != "Base" }.map { [$0] }
            : try languages.map { try LanguageList.parse($0, option: "--language") }
        let results = devices.map { languages in
            var result = renderer.localize(
                document, preferredLanguages: languages, mode: mode, device: device, fallback: fallback, keepKeys: keepKeys)
            result.diagnostics = filter.apply(result.diagnostics)
            return result
        }
        let textChannels = try channelOptions.textChannels()
        if !textChannels.isEmpty {
            // The same text, as each channel's request.
            let lines = results.flatMap { result in textChannels.map { (result, $0) } }.enumerated().map {
                $0.element.0.channelLine($0.element.1, lineNumber: $0.offset + 1, file: payload)
            }
            if payloadOnly {
                try Output.standardOutput.write(lines.compactMap { $0["sendable"]?.boolValue == true ? $0["message"]?.outputText() : nil }.joined())
            } else {
                try Output.standardOutput.write(LocatedJSON.array(lines).outputText(pretty: true))
            }
            Self.sayFallbacks(results)
            try Self.failIfRefused(
                lines.filter { $0["sendable"]?.boolValue != true }.map {
                    ($0["preferredLanguages"]?.items?.compactMap(\.stringValue) ?? [], $0["error"]?.stringValue)
                })
            return
        }
        if format == .apns, let outputDir {
            try SimulatorFiles(directory: outputDir, bundleIdentifier: bundleId).write(results, payloadFile: payload!)
            Self.sayFallbacks(results)
        } else if payloadOnly {
            try Output.standardOutput.write(results.compactMap { $0.isSendable ? $0.payload?.outputText() : nil }.joined())
            Self.sayFallbacks(results)
        } else {
            let lines = results.enumerated().map { $0.element.batchLine(lineNumber: $0.offset + 1, id: nil) }
            try Output.standardOutput.write(LocatedJSON.array(lines).outputText(pretty: true))
        }
        try Self.failIfRefused(results.filter { !$0.isSendable }.map { ($0.preferredLanguages, $0.error) })
    }

    /// Outputs that carry only payloads (`--payload-only`, `--format apns`) say every fallback
    /// taken on standard error, as the JSON results list them.
    static func sayFallbacks(_ results: [LocalizedPayload]) {
        for result in results where result.isSendable {
            for fallback in result.fallbacks {
                let place = printable(result.preferredLanguages.joined(separator: ","))
                let what: String
                switch fallback.outcome {
                case .showsKey: what = "shows the key itself (--fallback device)"
                case .showsPayloadText: what = "shows the payload's raw \(fallback.field.keys.text) text"
                case .developmentRegion(let localization): what = "the \(printable(localization)) text was used"
                }
                printError(
                    "warning: for \(place): \(fallback.field.keys.locKey) \"\(printable(fallback.key))\" has no text in \(printable(result.localization ?? "the chosen localization")): \(what)"
                )
            }
        }
    }

    /// Whatever may not be sent is said on standard error, and the command fails.
    static func failIfRefused(_ refused: [(languages: [String], error: String?)]) throws {
        for (languages, error) in refused {
            printError("error: nothing to send for \(printable(languages.joined(separator: ","))): \(printable(error ?? "not sendable"))")
        }
        if !refused.isEmpty { throw ExitCode(1) }
    }

    /// FCM messages against the Android app (and, in a batch with --strings, APNs payloads
    /// against the iOS app).
    func runAndroid() throws {
        let android = AndroidAlertRenderer(resources: try AndroidArchive.resources(res, build: try androidBuild.settings()))
        let filter = try findingOptions.filter()
        if batch {
            var apple: AlertRenderer?
            if let strings {
                var app = try AppArchive.read(strings).localizations
                if let developmentRegion { app.developmentRegion = developmentRegion }
                apple = AlertRenderer(app: app)
            }
            return try runBatch(ProviderLocalizer(apple: apple, android: android), filter: filter)
        }
        let file = payload!
        let bytes = try FileReading.bytes(file, "cannot read the message", maximumSize: 16 << 20)
        guard FCMMessage.isMessage(bytes) else {
            throw InputOutputError(
                "cannot use the message", file, reason: "with --res the file is an FCM HTTP v1 message ({\"message\": {…}}), not an APNs payload")
        }
        let message = FCMMessage(parsing: bytes, file: file, channel: try channelOptions.messageChannel())
        let devices =
            languages.isEmpty
            ? android.devicePerLocale
            : try languages.map { try LanguageList.parse($0, option: "--language") }
        let quantities = try quantities()
        // One result per device, for the message's own service and then each text channel.
        let textChannels = try channelOptions.textChannels()
        let channels: [PushChannel?] =
            try textChannels.isEmpty || channelOptions.channels().count > textChannels.count ? [nil] + textChannels : textChannels
        let results = devices.flatMap { languages in
            channels.map { channel in
                var result = android.localize(message, preferredLanguages: languages, mode: mode, quantities: quantities, channel: channel)
                result.diagnostics = filter.apply(result.diagnostics)
                return result
            }
        }
        if payloadOnly {
            try Output.standardOutput.write(results.compactMap { $0.isSendable ? $0.message?.outputText() : nil }.joined())
        } else {
            let lines = results.enumerated().map { $0.element.batchLine(lineNumber: $0.offset + 1, id: nil) }
            try Output.standardOutput.write(LocatedJSON.array(lines).outputText(pretty: true))
        }
        try Self.failIfRefused(results.filter { !$0.isSendable }.map { ($0.preferredLanguages, $0.error) })
    }

    /// A request line longer than this is answered with an error (a payload is at most 4 KB).
    static let maximumLineLength = 1 << 20

    /// Streams NDJSON: each line is answered, and written, before the next is read.
    func runBatch(_ localizer: ProviderLocalizer, filter: DiagnosticFilter) throws {
        var lineNumber = 0
        var unsendable = 0
        var lines = BoundedLineReader(maximumLength: Self.maximumLineLength)
        while let line = lines.next() {
            lineNumber += 1
            let output: [UInt8]
            switch line {
            case .tooLong(let length):
                output = LocalizationRequest.Failure(
                    message: "the line is \(length) bytes, over the limit of \(Self.maximumLineLength); it was not read"
                )
                .batchLine(lineNumber: lineNumber, payloadOnly: payloadOnly).outputBytes()
                unsendable += 1
            case .text(let bytes):
                if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                let answer = localizer.localize(
                    batchLine: bytes, lineNumber: lineNumber, mode: mode, device: device, fallback: fallback, keepKeys: keepKeys,
                    payloadOnly: payloadOnly,
                    filter: filter)
                output = answer.outputBytes()
                if !answer.sendable { unsendable += 1 }
            }
            try Output.standardOutput.write(String(decoding: output, as: UTF8.self))
        }
        if unsendable > 0 {
            printError("error: \(unsendable) of \(lineNumber) lines gave nothing to send (their lines say why)")
            throw ExitCode(1)
        }
    }
}

enum LocalizeFormat: String, ExpressibleByArgument, CaseIterable {
    case json, apns
}

extension LocalizationMode: ExpressibleByArgument {}
extension DeviceKind: ExpressibleByArgument {}
extension KeyFallback: ExpressibleByArgument {}
