import ArgumentParser
import LocalizedAlerts
import LocalizedAlertsReports

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Checks tables and payloads for everything a device would show broken; for CI.",
        discussion: """
            PATH may be a directory (searched recursively for apps: folders holding .lproj \
            folders or .xcstrings catalogs, and Android res/ folders, linked per module with the \
            library modules beside them), a single .strings, .stringsdict or .xcstrings file. \
            With --payloads, every payload's keys are checked in every localization a device \
            could select. Exit status: 0 clean, 1 errors found (with --strict, warnings too), \
            2 usage or I/O problems, or nothing to check (no table under PATH, payloads with no \
            app to check them against, no payload in a --payloads directory).

            Examples:
              render-alert lint MyApp/Resources --payloads push-payloads/
              render-alert lint --format github --strict
              render-alert lint ios/MyApp/Resources --res android/app/src/main/res
              render-alert lint . --payloads fcm/
              render-alert lint --write-baseline lint-baseline.json && render-alert lint --baseline lint-baseline.json
            """
    )

    @Argument(
        help: "Directories or files to check. Default: the current directory.",
        completion: .file(extensions: ["strings", "stringsdict", "xcstrings"]))
    var paths: [String] = []

    @Option(
        parsing: .upToNextOption, help: "Payload files (.json, .apns) or directories of them to check against the tables.",
        completion: .file(extensions: ["json", "apns"]))
    var payloads: [String] = []

    @Option(
        name: .customLong("res"),
        help: ArgumentHelp(
            "The same app's Android res/ directory (repeatable), or the built app (.apk, .aab, or a folder of split APKs): its strings are checked, and each string it and the iOS Localizable table both define must take the same arguments.",
            valueName: "dir"),
        completion: .directory)
    var resourceDirectories: [String] = []

    @Option(
        help: ArgumentHelp(
            "A push-key manifest (JSON, docs/cli.md \"Push-key manifests\"): each key is checked in every localization as a payload carrying it, and keys a String Catalog marks stale are reported.",
            valueName: "file"),
        completion: .file(extensions: ["json"]))
    var manifest: String?

    @Option(
        name: .customLong("app"),
        help: ArgumentHelp(
            "A build still in the field, as VERSION=DIR or VERSION=APP.ipa (repeat for each): its tables are linted, and each key the payloads or manifest send is checked in every version.",
            valueName: "version=dir"))
    var appVersions: [String] = []

    @Option(help: "The development region, the localization others are compared with (default: each app's Info.plist, else en).")
    var developmentRegion: String?

    @Option(help: "Output: human, xcode, github, json, sarif, junit or markdown.")
    var format: LintFormat = .human

    @Flag(help: "Fail (exit 1) on warnings too.")
    var strict = false

    @OptionGroup var findingOptions: FindingOptions

    @OptionGroup(title: "APNs request headers (for every payload)") var apnsHeaders: APNsHeaderOptions

    @OptionGroup(title: "Android build") var androidBuild: AndroidBuildOptions

    @OptionGroup(title: "Push channels") var channelOptions: ChannelOptions

    @Option(help: "Accept the findings listed in this baseline file; report only new ones.", completion: .file(extensions: ["json"]))
    var baseline: String?

    @Option(help: "Write the current findings to this baseline file (and exit 0).", completion: .file(extensions: ["json"]))
    var writeBaseline: String?

    @Flag(help: "List every rule with its ID, severity and rationale, and exit.")
    var listRules = false

    @Option(help: ArgumentHelp("Explain one rule: why it matters, an example, how to fix or silence it; and exit.", valueName: "rule"))
    var explain: String?

    @Flag(help: "Report errors only (warnings and notes still count for --strict).")
    var quiet = false

    @Option(help: "Write the report to this file instead of standard output (replaced only once complete).", completion: .file())
    var output: String?

    @Option(
        help: "The configuration file (default: \(LintConfiguration.fileName) in the working directory or the nearest folder above it).",
        completion: .file(extensions: ["yml", "yaml"]))
    var config: String?

    @Flag(help: "List every finding in the human report (by default many warnings of one rule in a table are summed up in one line).")
    var verbose = false

    mutating func run() throws {
        if listRules {
            switch format {
            case .json, .sarif: try destination.write(RuleListing.json().outputText(pretty: true))
            case .human, .xcode, .github, .junit, .markdown: try destination.write(RuleListing.text())
            }
            return
        }
        if let explain {
            guard let rule = RuleCatalog.descriptor(named: explain) else {
                throw ValidationError("unknown rule \"\(printable(explain))\" for --explain (see render-alert lint --list-rules)")
            }
            try destination.write(RuleListing.explanation(rule))
            return
        }
        let workingDirectory = LintSARIF.currentDirectory() ?? "."
        var session = LintSession(paths: paths, workingDirectory: workingDirectory)
        session.configuration = try (config ?? LintConfiguration.find(from: workingDirectory)).map {
            try LintConfigurationFile.load($0, workingDirectory: workingDirectory)
        }
        session.ignored = try findingOptions.filter().ignored
        session.payloadFiles = payloads
        session.manifest = manifest
        if androidBuild.isGiven && resourceDirectories.isEmpty {
            throw ValidationError("--android-build and --library-locales go with --res")
        }
        // A built app is read here (zips are the command line's); res/ folders by the session.
        let builtApps = resourceDirectories.filter(AndroidArchive.isBuiltApp)
        session.resourceDirectories = resourceDirectories.filter { !AndroidArchive.isBuiltApp($0) }
        session.builtAndroidApps = try builtApps.map(AndroidArchive.read)
        session.androidBuild = try androidBuild.settings()
        session.channels = try channelOptions.channels()
        session.headers = apnsHeaders.headers
        session.developmentRegion = developmentRegion
        session.appVersions = try appVersions.map(Self.appVersion)
        session.archiveReader = { path in .success(try AppArchive.extract(path).localizations) }
        // A long run says where it is, on a terminal, for the human report only.
        let progressLine = format == .human && writeBaseline == nil ? ProgressLine.onTerminal() : nil
        if let progressLine { session.progress = { progressLine.update($0) } }
        defer { progressLine?.finish() }
        if let baseline {
            let bytes = try FileReading.bytes(baseline, "cannot read the baseline", maximumSize: FileReading.maximumBaselineBytes)
            do {
                session.baseline = try LintBaseline(parsing: bytes)
            } catch {
                throw InputOutputError("cannot use the baseline", baseline, reason: error.description)
            }
        }
        let result: LintResult
        do {
            result = try session.run()
            progressLine?.finish()
        } catch let failure as LintSession.Failure {
            throw InputOutputError(failure)
        }
        if let writeBaseline {
            // Never larger than --baseline reads: the writer counts keys instead of naming them, or refuses.
            let text: String
            do { text = try LintBaseline(findings: result.findings).fileText() } catch {
                throw InputOutputError("cannot write the baseline", writeBaseline, reason: error.description)
            }
            try Output.file(writeBaseline, what: "cannot write the baseline").write(text)
            printError("wrote \(result.findings.count) findings to \(printable(writeBaseline))")
            // Accepting errors is a choice worth saying: they still show users something broken.
            let errors = result.findings.filter { $0.severity == .error }
            if !errors.isEmpty {
                let byRule = Dictionary(grouping: errors, by: \.id.rawValue).map { ($0.key, $0.value.count) }
                    .sorted { ($1.1, $0.0) < ($0.1, $1.0) }
                let listed = byRule.prefix(5).map { "\($0.0) \($0.1)" }.joined(separator: ", ") + (byRule.count > 5 ? ", …" : "")
                printError(
                    "warning: \(errors.count) of them \(errors.count == 1 ? "is an error" : "are errors") (\(listed)): the baseline accepts them, and what they break stays broken; fix them rather than keep them"
                )
            }
            return
        }
        let summary = LintSummary(result)
        // --quiet keeps errors, and what is wrong with the run's own settings (a stale ignore
        // entry, an unknown rule in a suppression): hiding those would hide why a finding shows.
        let findings = quiet ? result.findings.filter { $0.severity == .error || Self.settingsRules.contains($0.id) } : result.findings
        let reporter = FindingsReporters.named(format.rawValue, style: TerminalStyle.current(), verbose: verbose)!
        try destination.write(
            reporter.report(findings, summary: quiet ? LintSummary(findings: findings, accepted: result.accepted, checked: result.checked) : summary))
        // GitHub shows the first annotations of each kind only: the job summary counts them all.
        if format == .github, let file = Environment.value("GITHUB_STEP_SUMMARY"), !file.isEmpty {
            try Output.append(file, MarkdownReporter().report(result.findings, summary: summary), what: "cannot write the job summary")
        }
        let status: Int32 = summary.errors > 0 || (strict && summary.warnings > 0) ? 1 : 0
        ProcessEnd.now(status: status, keeping: result.models)
    }

    /// Findings about the run's own settings, which --quiet keeps.
    static let settingsRules: Set<DiagnosticID> = [.configUnusedEntry, .configUnusedIgnore, .suppressionUnknownRule, .suppressionUnused]

    private var destination: Output { output.map { .file($0, what: "cannot write the report") } ?? .standardOutput }

    /// `VERSION=DIR` or `VERSION=APP.ipa`.
    static func appVersion(_ argument: String) throws -> LintSession.AppVersion {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex, argument.index(after: equals) != argument.endIndex else {
            throw ValidationError("--app takes VERSION=DIR, such as --app 5.2=builds/5.2/MyApp.app; got \(printable(argument))")
        }
        return LintSession.AppVersion(label: String(argument[..<equals]), path: String(argument[argument.index(after: equals)...]))
    }
}

enum LintFormat: String, ExpressibleByArgument, CaseIterable {
    case human, xcode, github, json, sarif, junit, markdown
}
