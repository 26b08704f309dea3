import ArgumentParser
import LocalizedAlerts
import LocalizedAlertsReports

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Checks tables and payloads for everything a device would show broken; for CI.",
        discussion: """
            PATH may be a directory (searched recursively for apps: folders holding .lproj \
            folders or .xcstrings catalogs), a single .strings, .stringsdict or .xcstrings file. \
            With --payloads, every payload's keys are checked in every localization a device \
            could select. Exit status: 0 clean, 1 errors found (with --strict, warnings too), \
            2 usage or I/O problems, or nothing to check (no table under PATH, no payload in a \
            --payloads directory).

            Examples:
              render-alert lint MyApp/Resources --payloads push-payloads/
              render-alert lint --format github --strict
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
        help: ArgumentHelp(
            "A push-key manifest (JSON, README \"Push-key manifests\"): each key is checked in every localization as a payload carrying it, and keys a String Catalog marks stale are reported.",
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
                throw ValidationError("unknown rule \"\(explain)\" for --explain (see render-alert lint --list-rules)")
            }
            try destination.write(RuleListing.explanation(rule))
            return
        }
        let workingDirectory = LintSARIF.currentDirectory() ?? "."
        let configurationFile = config ?? LintConfiguration.find(from: workingDirectory)
        let configuration = try configurationFile.map { try LintConfiguration.load($0, workingDirectory: workingDirectory) }
        var filter = configuration?.filter ?? DiagnosticFilter()
        filter.ignored.formUnion(try findingOptions.filter().ignored)
        var linter = Linter(ignoring: filter.ignored)
        linter.runtimeFallbackTables = configuration?.runtimeFallbackTables ?? []
        let developmentRegion = developmentRegion ?? configuration?.developmentRegion
        let versions = try appVersions.map { argument -> (label: String, path: String) in
            guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex, argument.index(after: equals) != argument.endIndex else {
                throw ValidationError("--app takes VERSION=DIR, such as --app 5.2=builds/5.2/MyApp.app; got \(printable(argument))")
            }
            let path = String(argument[argument.index(after: equals)...])
            guard FileStatus.isDirectory(path) || AppArchive.isArchive(path) else {
                throw InputOutputError("cannot read the app", path, reason: "no such directory")
            }
            return (String(argument[..<equals]), path)
        }
        // Labelled builds are linted below, each with the keys sent to it; the paths (default:
        // none when builds are given) as usual.
        // An .ipa among the paths is an app read from its archive (below), not a folder to search.
        let archives = paths.filter(AppArchive.isArchive)
        let searched =
            !paths.isEmpty || !versions.isEmpty
            ? paths.filter { !AppArchive.isArchive($0) } : configuration.map { $0.included.isEmpty ? ["."] : $0.included } ?? ["."]
        let targets = try LintTargets.discover(searched) { path in configuration?.excludes(path, workingDirectory: workingDirectory) ?? false }
        let payloadFiles = try PayloadFiles.expand(payloads.isEmpty ? configuration?.payloads ?? [] : payloads)
        // A wrong path must not pass as "no problems": with nothing to check, say what was searched.
        if targets.count == 0 && targets.unreadable.isEmpty && payloadFiles.isEmpty && manifest == nil && versions.isEmpty && archives.isEmpty {
            throw InputOutputError(
                "nothing to lint", searched.joined(separator: ", "),
                reason: "no .lproj folder, .xcstrings catalog, .strings or .stringsdict file found (\(LintTargets.skipped.sorted().joined(separator: ", ")) are not searched)")
        }
        var payloadDocuments = try payloadFiles.map { file in
            try readingInput("cannot read the payload", file: file) { try NotificationPayload(contentsOfFile: file) }
        }
        var findings: [LocalizationDiagnostic] = []
        // A manifest's keys are checked as the payloads that carry them; its own problems and
        // its stale keys are findings like any other.
        let pushManifest = try manifest.map { file in
            try readingInput("cannot read the manifest", file: file) { try PushManifest(contentsOfFile: file) }
        }
        let filePayloads = payloadDocuments
        if let pushManifest {
            if pushManifest.keys.isEmpty && !pushManifest.diagnostics.containsErrors {
                throw InputOutputError("nothing to check", pushManifest.file ?? "manifest", reason: "the manifest lists no keys")
            }
            findings += pushManifest.diagnostics
            payloadDocuments += pushManifest.payloads
        }
        // The apps' models live until the process ends (see `ProcessEnd`): freeing thousands
        // of values one by one only to exit would cost a sixth of a lint.
        var models: [LocalizationModel] = []
        var fileDiagnostics = targets.unreadable
        // What cannot be read now (gone since the walk) is a finding too; the rest is checked.
        func reading(_ what: String, _ read: () throws(FileReadError) -> Void) {
            do { try read() } catch { fileDiagnostics.append(LintTargets.unreadable(error.path, error.reason, what: what)) }
        }
        for directory in targets.apps {
            reading("folder") { () throws(FileReadError) in
                var app = try AppLocalizations(directory: directory)
                if let developmentRegion { app.developmentRegion = developmentRegion }
                models.append(LocalizationModel(app))
                findings += InlineSuppressions(app).apply(linter.lint(models.last!, payloads: payloadDocuments), notRun: filter.ignored)
                findings += pushManifest?.staleKeys(in: app) ?? []
            }
        }
        for archive in archives {
            let read = try AppArchive.withAppFolder(archive) { folder in Result { () throws(FileReadError) in try AppLocalizations(directory: folder) } }
            reading("folder") { () throws(FileReadError) in
                var app = try read.get()
                if let developmentRegion { app.developmentRegion = developmentRegion }
                models.append(LocalizationModel(app))
                findings += InlineSuppressions(app).apply(linter.lint(models.last!, payloads: payloadDocuments), notRun: filter.ignored)
                findings += pushManifest?.staleKeys(in: app) ?? []
            }
        }
        for file in targets.catalogs {
            reading("file") { () throws(FileReadError) in
                let catalog = try StringCatalog(contentsOfFile: file)
                let name = String(file.split(separator: "/").last!.dropLast(".xcstrings".count))
                var app = AppLocalizations(localizations: [], catalogs: [name: catalog])
                app.developmentRegion = developmentRegion ?? catalog.sourceLanguage
                models.append(LocalizationModel(app))
                findings += InlineSuppressions(app).apply(linter.lint(models.last!, payloads: []), notRun: filter.ignored)
                findings += pushManifest?.staleKeys(in: app) ?? []
            }
        }
        for file in targets.files {
            reading("file") { () throws(FileReadError) in
                fileDiagnostics += file.hasSuffix(".stringsdict")
                    ? try StringsDictionary(contentsOfFile: file).diagnostics : try LocalizationTable(contentsOfFile: file).diagnostics
            }
        }
        // Each labelled build, linted with the keys sent to it (a manifest entry's "since"
        // leaves out earlier builds); a missing key is reported once per build, with its label.
        if !versions.isEmpty {
            var builds: [AppVersions.Version] = []
            for version in versions {
                // An .ipa's app is copied out while it is read; its problems stop the command.
                let read = try AppArchive.withAppFolder(version.path) { folder in Result { () throws(FileReadError) in try AppLocalizations(directory: folder) } }
                reading("folder") { () throws(FileReadError) in
                    var app = try read.get()
                    if let developmentRegion { app.developmentRegion = developmentRegion }
                    let model = LocalizationModel(app)
                    models.append(model)
                    builds.append(AppVersions.Version(label: version.label, model: model))
                    let sent = filePayloads + zip(pushManifest?.keys ?? [], pushManifest?.payloads ?? []).compactMap { entry, payload in
                        entry.since.map { AppVersions.precedes(version.label, $0) } == true ? nil : payload
                    }
                    let appFindings = linter.lint(model, payloads: sent).filter { $0.id != .payloadKeyMissing }
                    findings += InlineSuppressions(app).apply(appFindings, notRun: filter.ignored)
                    findings += pushManifest?.staleKeys(in: app) ?? []
                }
            }
            let since = Dictionary((pushManifest?.keys ?? []).compactMap { entry in entry.since.map { (entry.key, $0) } }, uniquingKeysWith: { first, _ in first })
            findings += AppVersions(builds).missingKeys(in: payloadDocuments, since: since)
        }
        findings += linter.lint(files: fileDiagnostics)
        if targets.apps.isEmpty && !payloadDocuments.isEmpty { findings += linter.lint(payloads: payloadDocuments) }
        // The configuration's severities and scoped ignores; an ignore entry that matched
        // nothing is reported where it is written.
        var unusedIgnores: [LocalizationDiagnostic] = []
        findings = filter.apply(findings) { unused in unusedIgnores.append(LintConfiguration.unused(unused)) }
        findings += filter.apply(unusedIgnores)
        findings = Linter.ordered(Self.unique(findings))

        if let writeBaseline {
            let text = LintBaseline(findings: findings).json.outputText(pretty: true)
            try Output.file(writeBaseline, what: "cannot write the baseline").write(text)
            printError("wrote \(findings.count) findings to \(printable(writeBaseline))")
            return
        }
        var accepted = 0
        if let baseline {
            let bytes = try FileReading.bytes(baseline, "cannot read the baseline")
            do {
                let filtered = try LintBaseline(parsing: bytes).filter(findings)
                findings = filtered.new
                accepted = filtered.accepted
            } catch {
                throw InputOutputError("cannot use the baseline", baseline, reason: error.description)
            }
        }
        let summary = LintSummary(findings: findings, accepted: accepted, checked: targets.count + versions.count + archives.count)
        let reporter: any FindingsReporter =
            switch format {
            case .human: HumanReporter(style: TerminalStyle.current())
            case .xcode: XcodeReporter()
            case .github: GitHubReporter()
            case .json: JSONReporter()
            case .sarif: SARIFReporter()
            case .junit: JUnitReporter()
            case .markdown: MarkdownReporter()
            }
        let status: Int32 = summary.errors > 0 || (strict && summary.warnings > 0) ? 1 : 0
        if quiet { findings = findings.filter { $0.severity == .error } }
        try destination.write(reporter.report(findings, summary: quiet ? LintSummary(findings: findings, accepted: accepted, checked: targets.count + versions.count + archives.count) : summary))
        ProcessEnd.now(status: status, keeping: models)
    }

    private var destination: Output { output.map { .file($0, what: "cannot write the report") } ?? .standardOutput }

    /// The same finding reached twice (a table shared by two paths) is reported once.
    static func unique(_ findings: [LocalizationDiagnostic]) -> [LocalizationDiagnostic] {
        var seen: Set<LocalizationDiagnostic> = []
        return findings.filter { seen.insert($0).inserted }
    }
}

enum LintFormat: String, ExpressibleByArgument, CaseIterable {
    case human, xcode, github, json, sarif, junit, markdown
}

/// What to lint: app directories, catalogs and files standing alone.
struct LintTargets {
    var apps: [String] = []
    var catalogs: [String] = []
    var files: [String] = []
    /// Found by the walk but not readable (`table.unreadable-file`): a FIFO, a directory named
    /// like a table, a dangling link, a folder that cannot be listed.
    var unreadable: [LocalizationDiagnostic] = []
    var count: Int { apps.count + catalogs.count + files.count }

    /// Folders of build products and third-party code, never searched: their tables are not
    /// the app's to fix (a configuration file can name more).
    static let skipped: Set<String> = [".build", ".git", ".swiftpm", "node_modules", "DerivedData", "Pods", "Carthage", "vendor"]

    /// Paths given on the command line must be there and readable (exit 2 otherwise); inside
    /// their directories, what cannot be read is a finding.
    static func discover(_ paths: [String], excluding excluded: (String) -> Bool = { _ in false }) throws(InputOutputError) -> LintTargets {
        var targets = LintTargets()
        var visited: Set<FileStatus.Identity> = []
        for path in paths {
            let kind = FileStatus.kind(of: path)
            if kind == .directory {
                try walk(path, into: &targets, visited: &visited, excluded: excluded)
            } else if let problem = kind.problem {
                throw InputOutputError("cannot lint", path, reason: problem)
            } else {
                targets.add(path)
            }
        }
        return targets
    }

    static func isTable(_ name: String) -> Bool {
        name.hasSuffix(".strings") || name.hasSuffix(".stringsdict") || name.hasSuffix(".xcstrings")
    }

    mutating func add(_ file: String) {
        if file.hasSuffix(".xcstrings") { catalogs.append(file) } else { files.append(file) }
    }

    /// A directory holding .lproj folders or catalogs is an app; its other subfolders are
    /// searched too (packages inside apps have their own). Each directory is walked once,
    /// however many symbolic links lead to it. Only regular files are read; anything else
    /// named like a table is reported, never opened.
    /// Throws only when `directory` itself cannot be listed; a subfolder that cannot be is a finding.
    static func walk(
        _ directory: String, into targets: inout LintTargets, visited: inout Set<FileStatus.Identity>, excluded: (String) -> Bool
    ) throws(InputOutputError) {
        if let identity = FileStatus.identity(directory), !visited.insert(identity).inserted { return }
        let names = try Directory.list(directory, "cannot lint")
        let entries = names.filter { !skipped.contains($0) }.compactMap { name -> (name: String, path: String, kind: FileStatus.Kind)? in
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            return excluded(path) ? nil : (name: name, path: path, kind: FileStatus.kind(of: path))
        }
        let isApp = entries.contains {
            ($0.name.hasSuffix(".lproj") && $0.kind == .directory) || ($0.name.hasSuffix(".xcstrings") && $0.kind == .regularFile)
        }
        if isApp { targets.apps.append(directory) }
        for entry in entries {
            if isTable(entry.name) {
                guard !isApp else { continue }  // the app's reader reads its tables
                if let problem = entry.kind.problem { targets.unreadable.append(unreadable(entry.path, problem)) } else { targets.add(entry.path) }
            } else if entry.kind == .directory && !entry.name.hasSuffix(".lproj") {
                do {
                    try walk(entry.path, into: &targets, visited: &visited, excluded: excluded)
                } catch {
                    targets.unreadable.append(unreadable(entry.path, error.reason, what: "folder"))
                }
            }
        }
    }

    /// The finding for a file that cannot be read, as the library gives it inside an app.
    static func unreadable(_ path: String, _ reason: String, what: String = "file") -> LocalizationDiagnostic {
        LocalizationDiagnostic(
            .unreadableFile, at: SourceLocation(file: path, line: 1, column: 1),
            "cannot read the \(what): \(reason)")
    }
}
