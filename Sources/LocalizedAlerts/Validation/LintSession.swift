/// One whole lint run, as `render-alert lint` does it: finds the apps and tables under the
/// paths, reads the payloads, the manifest and the builds still in the field, runs every rule,
/// applies inline suppressions, the configuration and `ignored`, reports configuration entries
/// that matched nothing, filters through the baseline, then orders and caps the findings once.
/// Front ends only choose the options and print ``LintResult``.
///
/// ```swift
/// var session = LintSession(paths: ["MyApp/Resources"])
/// session.payloadFiles = ["push-payloads"]
/// let result = try session.run()
/// print(HumanReporter(style: .plain).report(result.findings, summary: LintSummary(result)))
/// ```
public struct LintSession: Sendable {
    /// Folders and files to search; empty: the configuration's `included`, else the working
    /// directory (or nothing, when ``appVersions`` are given).
    public var paths: [String]
    /// Payload files, or folders of `.json` and `.apns` files; empty: the configuration's.
    public var payloadFiles: [String] = []
    /// The same app's Android `res/` folders: their `values*/*.xml` files are read (what aapt2
    /// would reject is a finding) and each string defined in both `values/` and an app's
    /// development-language Localizable table is compared with it.
    public var resourceDirectories: [String] = []
    /// Built Android apps already read (an APK's or a bundle's table), instead of
    /// ``resourceDirectories``.
    public var builtAndroidApps: [AndroidResourceTable] = []
    /// How the Android app is built (a Gradle build's defaults).
    public var androidBuild = AndroidBuildSettings()
    /// A push-key manifest: its keys are checked as the payloads that carry them.
    public var manifest: String?
    /// The APNs headers the payload files are sent with: what does not fit is a finding.
    public var headers: APNsHeaders?
    /// Builds still in the field, each linted with the keys sent to it.
    public var appVersions: [AppVersion] = []
    /// The development region, instead of each app's own.
    public var developmentRegion: String?
    /// The configuration (`.render-alert.yml`).
    public var configuration: LintConfiguration?
    /// Rule IDs left out, on top of the configuration's.
    public var ignored: Set<DiagnosticID> = []
    /// Findings accepted as known.
    public var baseline: LintBaseline?
    /// What relative paths are relative to.
    public var workingDirectory: String
    /// Findings of one rule listed per file; the last one listed says how many more there were.
    public var maximumFindingsPerKind = ReadingLimits.default.maximumDiagnosticsPerKind
    /// Reads the app inside an archive (`.ipa`); archives are not linted without one. It may
    /// throw to stop the run, or return the failure to read the app (a finding).
    public var archiveReader: (@Sendable (String) throws -> Result<AppLocalizations, FileReadError>)?

    /// A build, labelled by its version, at a folder or an archive.
    public struct AppVersion: Sendable, Hashable {
        /// The version as the user writes it (`5.2`).
        public var label: String
        /// The app's folder, or its `.ipa`.
        public var path: String
        /// A build.
        public init(label: String, path: String) {
            self.label = label
            self.path = path
        }
    }

    /// A run that cannot be done (exit status 2 in the command-line tool): a path that is not
    /// there, an unreadable payload, nothing to check.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// What could not be done.
        public var what: String
        /// The path concerned.
        public var path: String
        /// Why.
        public var reason: String
        /// A failure.
        public init(_ what: String, _ path: String, reason: String) {
            self.what = what
            self.path = path
            self.reason = reason
        }
        /// `what (path): reason`.
        public var description: String { "\(what) (\(path)): \(reason)" }
    }

    /// A session over `paths`.
    public init(paths: [String] = [], workingDirectory: String = ".") {
        self.paths = paths
        self.workingDirectory = workingDirectory
    }

    /// Whether `path` names an archive rather than a folder.
    public static func isArchive(_ path: String) -> Bool { path.lowercased().hasSuffix(".ipa") }

    /// Runs the lint.
    public func run() throws -> LintResult {
        var filter = configuration?.filter ?? DiagnosticFilter()
        filter.ignored.formUnion(ignored)
        // The rules list at most the cap per file and rule (a hostile table must not make
        // millions of findings); below it, the baseline and the final cap see every one.
        var linter = Linter(ignoring: filter.ignored, maximumFindingsPerKind: maximumFindingsPerKind)
        linter.runtimeFallbackTables = Set(configuration?.runtimeFallbackTables.map(\.value) ?? [])
        let developmentRegion = developmentRegion ?? configuration?.developmentRegion

        // An .ipa among the paths is an app read from its archive, not a folder to search.
        let archives = paths.filter(Self.isArchive)
        let includedFromConfiguration = paths.isEmpty && appVersions.isEmpty && !(configuration?.included.isEmpty ?? true)
        let searched =
            !paths.isEmpty || !appVersions.isEmpty
            ? paths.filter { !Self.isArchive($0) } : includedFromConfiguration ? configuration!.included.map(\.value) : ["."]
        let configuration = self.configuration
        let workingDirectory = workingDirectory
        var walk = TargetWalk { path in configuration?.exclusion(of: path, workingDirectory: workingDirectory) }
        var findings: [LocalizationDiagnostic] = []
        for (index, path) in searched.enumerated() {
            let before = walk.targets.count + walk.targets.unreadable.count
            try walk.add(path)
            if includedFromConfiguration, walk.targets.count + walk.targets.unreadable.count == before {
                let entry = configuration!.included[index]
                findings.append(
                    LintConfiguration.unused(
                        "the included path \(entry.value) holds no app, catalog or table", at: entry.location,
                        hint: "correct the path, or remove the entry"))
            }
        }
        let targets = walk.targets
        let payloadPaths = payloadFiles.isEmpty ? configuration?.payloads.map(\.value) ?? [] : payloadFiles
        let payloadPathFiles = try Self.expandPayloads(payloadPaths)
        // A String Catalog named Localizable standing alone is what notifications read.
        let isPushCatalog = { (file: String) in file.hasSuffix("/Localizable.xcstrings") || file == "Localizable.xcstrings" }
        let hasApp = !targets.apps.isEmpty || !archives.isEmpty || !appVersions.isEmpty || targets.catalogs.contains(where: isPushCatalog)
        // A wrong path must not pass as "no problems": with nothing to check, say what was searched.
        if targets.count == 0 && targets.unreadable.isEmpty && payloadPathFiles.isEmpty && manifest == nil && !hasApp && resourceDirectories.isEmpty
            && builtAndroidApps.isEmpty
        {
            throw Failure(
                "nothing to lint", searched.joined(separator: ", "),
                reason:
                    "no .lproj folder, .xcstrings catalog, .strings or .stringsdict file, and no Android res/ folder found (\(LintTargets.skipped.sorted().joined(separator: ", ")) are not searched)"
            )
        }
        // FCM messages among the payload files go to the Android resources (and their
        // apns.payload to the iPhone app); the rest are APNs payloads.
        let androidApps = try readAndroidApps(found: targets.resourceFolders)
        let android = androidApps.first { $0.rendersMessages }?.resources
        var (messages, apnsFiles) = try Self.separateFCMMessages(payloadPathFiles)
        // A manifest's keys are checked as the payloads and messages that carry them; its own
        // problems and its stale keys are findings like any other.
        let pushManifest = try manifest.map(Self.readManifest)
        let appleKeys = pushManifest?.keys.filter(\.platform.sendsToApple) ?? []
        if let pushManifest, pushManifest.keys.contains(where: \.platform.sendsToAndroid) {
            guard android != nil else {
                throw Failure(
                    "nothing to check the manifest's Android keys against", pushManifest.file ?? manifest!,
                    reason:
                        "no Android resources: no res/ folder under \(searched.isEmpty ? "." : searched.joined(separator: ", ")); give the app's res/ folder or its built app with --res"
                )
            }
            messages += pushManifest.fcmMessages
        }
        if !messages.isEmpty && android == nil {
            throw Failure(
                "nothing to check the FCM messages against", messages[0].file ?? payloadPaths.joined(separator: ", "),
                reason:
                    "no Android resources: no res/ folder under \(searched.isEmpty ? "." : searched.joined(separator: ", ")); give the app's res/ folder or its built app with --res"
            )
        }
        // Payloads with no app to check them against would pass unchecked.
        if !hasApp && (!apnsFiles.isEmpty || !appleKeys.isEmpty) {
            let what = apnsFiles.isEmpty ? "the manifest's keys" : "the payloads"
            throw Failure(
                "nothing to check \(what) against", searched.isEmpty ? "." : searched.joined(separator: ", "),
                reason:
                    "no app (a folder holding .lproj folders or String Catalogs, or a Localizable.xcstrings) found: a payload's keys are looked up in an app's Localizable table"
            )
        }
        var payloads: [NotificationPayload] = []
        for file in apnsFiles {
            var payload: NotificationPayload
            do { payload = try NotificationPayload(contentsOfFile: file) } catch {
                throw Failure("cannot read the payload", error.path, reason: error.reason)
            }
            if let headers { payload.diagnostics = headers.diagnostics(of: payload) }
            payloads.append(payload)
        }
        // An FCM message's apns.payload is what an iPhone gets: checked as a payload when there
        // is an iPhone app.
        if hasApp { payloads += messages.compactMap(\.apnsPayload) }
        let filePayloads = payloads
        if let pushManifest {
            findings += pushManifest.diagnostics
            payloads += pushManifest.payloads
        }

        var models: [LocalizationModel] = []
        var fileDiagnostics = targets.unreadable
        for app in androidApps {
            fileDiagnostics += app.resources.diagnostics
            if app.rendersMessages { findings += Self.androidFindings(messages, resources: app.resources) }
        }
        fileDiagnostics += androidApps.failures
        // What cannot be read now (gone since the walk) is a finding too; the rest is checked.
        func reading(_ what: String, _ read: () throws(FileReadError) -> Void) {
            do { try read() } catch { fileDiagnostics.append(LintTargets.unreadable(error.path, error.reason, what: what)) }
        }
        func lintApp(
            _ read: () throws(FileReadError) -> AppLocalizations, payloads: [NotificationPayload], dropping dropped: DiagnosticID? = nil,
            what: String = "folder"
        ) -> LocalizationModel? {
            var model: LocalizationModel?
            reading(what) { () throws(FileReadError) in
                var app = try read()
                if let developmentRegion { app.developmentRegion = developmentRegion }
                let appModel = LocalizationModel(app)
                model = appModel
                let appFindings = linter.lint(appModel, payloads: payloads, android: android).filter { $0.id != dropped }
                findings += InlineSuppressions(app).apply(appFindings, notRun: filter.ignored)
                findings += pushManifest?.staleKeys(in: app) ?? []
            }
            if let model { models.append(model) }
            return model
        }
        for directory in targets.apps {
            _ = lintApp({ () throws(FileReadError) in try AppLocalizations(directory: directory) }, payloads: payloads)
        }
        for archive in archives {
            let read = try readArchive(archive)
            _ = lintApp({ () throws(FileReadError) in try read.get() }, payloads: payloads)
        }
        // A catalog standing alone is an app of one table, its source language the development
        // region unless one is given.
        for file in targets.catalogs {
            let read = { () throws(FileReadError) -> AppLocalizations in
                let catalog = try StringCatalog(contentsOfFile: file)
                let name = String(file.split(separator: "/").last!.dropLast(".xcstrings".count))
                var app = AppLocalizations(localizations: [], catalogs: [name: catalog])
                app.developmentRegion = catalog.sourceLanguage
                return app
            }
            _ = lintApp(read, payloads: isPushCatalog(file) ? payloads : [], what: "file")
        }
        for file in targets.files {
            reading("file") { () throws(FileReadError) in
                fileDiagnostics +=
                    file.hasSuffix(".stringsdict")
                    ? try StringsDictionary(contentsOfFile: file).diagnostics : try LocalizationTable(contentsOfFile: file).diagnostics
            }
        }
        // Each labelled build, linted with the keys sent to it (a manifest entry's "since"
        // leaves out earlier builds); a missing key is reported once per build, with its label.
        if !appVersions.isEmpty {
            var builds: [AppVersions.Version] = []
            for version in appVersions {
                guard Self.isArchive(version.path) || FileStatus.isDirectory(version.path) else {
                    throw Failure("cannot read the app", version.path, reason: "no such directory")
                }
                let read: Result<AppLocalizations, FileReadError> =
                    Self.isArchive(version.path)
                    ? try readArchive(version.path) : Result { () throws(FileReadError) in try AppLocalizations(directory: version.path) }
                let sent =
                    filePayloads
                    + zip(appleKeys, pushManifest?.payloads ?? []).compactMap { entry, payload in
                        entry.since.map { AppVersions.precedes(version.label, $0) } == true ? nil : payload
                    }
                if let model = lintApp({ () throws(FileReadError) in try read.get() }, payloads: sent, dropping: .payloadKeyMissing) {
                    builds.append(AppVersions.Version(label: version.label, model: model))
                }
            }
            let since = Dictionary(
                appleKeys.compactMap { entry in entry.since.map { (entry.key, $0) } }, uniquingKeysWith: { first, _ in first })
            findings += AppVersions(builds).missingKeys(in: payloads, since: since)
        }
        findings += linter.lint(files: fileDiagnostics)
        findings += unusedEntries(walk: walk, models: models)

        // The configuration's severities and scoped ignores; an ignore entry that matched
        // nothing is reported where it is written.
        var unusedIgnores: [LocalizationDiagnostic] = []
        findings = filter.apply(Self.unique(findings)) { unused in unusedIgnores.append(LintConfiguration.unused(unused)) }
        findings += filter.apply(unusedIgnores)
        var accepted = 0
        if let baseline {
            (findings, accepted) = baseline.filter(findings)
        }
        var capped = LintFindings(limit: maximumFindingsPerKind, ignoring: [])
        capped.append(contentsOf: findings)
        return LintResult(
            findings: capped.finished(), accepted: accepted,
            checked: targets.count + appVersions.count + archives.count + resourceDirectories.count + builtAndroidApps.count,
            models: models)
    }

    /// The push-key manifest; one that lists no key (and has no error saying why) is no check.
    private static func readManifest(_ path: String) throws(Failure) -> PushManifest {
        let read: PushManifest
        do { read = try PushManifest(contentsOfFile: path) } catch {
            throw Failure("cannot read the manifest", error.path, reason: error.reason)
        }
        if read.keys.isEmpty && !read.diagnostics.containsErrors {
            throw Failure("nothing to check", read.file ?? path, reason: "the manifest lists no keys")
        }
        return read
    }

    private func readArchive(_ path: String) throws -> Result<AppLocalizations, FileReadError> {
        guard let archiveReader else { throw Failure("cannot read the app archive", path, reason: "archives are not read by this front end") }
        return try archiveReader(path)
    }

    /// The Android apps linted: the built app, else ``resourceDirectories`` linked as one app,
    /// else the `res` folders the walk found, grouped into apps as their modules are. A found
    /// folder that cannot be read is a finding; a folder given, a failure.
    private func readAndroidApps(found: [String]) throws(Failure) -> AndroidLintApps {
        var apps = AndroidLintApps()
        if !builtAndroidApps.isEmpty {
            guard resourceDirectories.isEmpty else {
                throw Failure(
                    "cannot read the Android resources", resourceDirectories[0], reason: "give either res/ folders or the built app, not both")
            }
            do {
                apps.append(AndroidAppResources(builtApp: try AndroidResourceTable(merging: builtAndroidApps), build: androidBuild))
            } catch {
                throw Failure("cannot read the Android resources", error.file ?? "", reason: "\(error.problem); \(error.remedy)")
            }
            return apps
        }
        if !resourceDirectories.isEmpty {
            for directory in resourceDirectories where !FileStatus.isDirectory(directory) {
                throw Failure("cannot read the Android resources", directory, reason: "no such directory")
            }
            do {
                // Linked as one app, as a Gradle build merges a module's and its libraries' folders.
                apps.append(try AndroidAppResources(resourceDirectories: resourceDirectories, build: androidBuild))
            } catch {
                throw Failure("cannot read the Android resources", error.path, reason: error.reason)
            }
            return apps
        }
        for app in AndroidModules.apps(linking: found) {
            do {
                apps.append(
                    try AndroidAppResources(resourceDirectories: app.resourceDirectories, build: androidBuild), rendersMessages: app.rendersMessages)
            } catch {
                apps.failures.append(LintTargets.unreadable(error.path, error.reason))
            }
        }
        return apps
    }

    /// Configuration entries that changed nothing: a runtime fallback table no app has, an
    /// exclusion that left nothing out.
    private func unusedEntries(walk: TargetWalk, models: [LocalizationModel]) -> [LocalizationDiagnostic] {
        guard let configuration else { return [] }
        var findings: [LocalizationDiagnostic] = []
        if !configuration.runtimeFallbackTables.isEmpty {
            let tables = Set(models.flatMap(\.tableNames))
            for entry in configuration.runtimeFallbackTables where !tables.contains(entry.value) {
                let near =
                    tables.sorted().first { $0.lowercased() == entry.value.lowercased() }
                    ?? EditDistance.nearest(to: entry.value, among: tables.sorted())
                findings.append(
                    LintConfiguration.unused(
                        "runtime_fallback_tables names \(entry.value), a table no app here has", at: entry.location,
                        hint: near.map { "did you mean \($0)?" } ?? "the tables are named after their files (Settings for Settings.strings)"))
            }
        }
        for (index, entry) in configuration.excluded.enumerated() where !walk.usedExclusions.contains(index) {
            findings.append(
                LintConfiguration.unused(
                    "the excluded path \(entry.value.pattern) matched nothing searched", at: entry.location,
                    hint: "correct the glob, or remove the entry"))
        }
        return findings
    }

    /// Payload files as given; directories replaced by their .json and .apns files, sorted. A
    /// directory with none is a failure: a check of no payloads is no check.
    package static func expandPayloads(_ paths: [String]) throws(Failure) -> [String] {
        var files: [String] = []
        for path in paths {
            if FileStatus.isDirectory(path) {
                let names: [String]
                do { names = try FileStatus.visibleNames(in: path) } catch { throw Failure("cannot read the payloads", path, reason: error.reason) }
                let payloads = names.filter { $0.hasSuffix(".json") || $0.hasSuffix(".apns") }
                guard !payloads.isEmpty else {
                    throw Failure(
                        "no payloads to check", path, reason: "the directory holds no .json or .apns file (subdirectories are not searched)")
                }
                files += payloads.map { FileSystem.join(path, $0) }
            } else {
                if let problem = FileStatus.kind(of: path).problem { throw Failure("cannot read the payload", path, reason: problem) }
                files.append(path)
            }
        }
        return files
    }

    /// The payload files that are FCM HTTP v1 messages (`{"message": {…}}`, or a message
    /// object without `aps`), read, and the others' paths.
    static func separateFCMMessages(_ files: [String]) throws(Failure) -> (messages: [FCMMessage], apns: [String]) {
        var messages: [FCMMessage] = []
        var apns: [String] = []
        for file in files {
            let bytes: [UInt8]
            do { bytes = try FileSystem.readAll(file, maximumSize: 16 << 20) } catch {
                throw Failure("cannot read the payload", error.path, reason: error.reason)
            }
            if FCMMessage.isMessage(bytes) {
                messages.append(FCMMessage(parsing: bytes, file: file))
            } else {
                apns.append(file)
            }
        }
        return (messages, apns)
    }

    /// What each FCM message shows on a phone of each of the app's locales (and en-US), as
    /// `preview` renders it: its own problems and each rendering's, a fact seen by several
    /// phones reported once.
    static func androidFindings(_ messages: [FCMMessage], resources: AndroidAppResources) -> [LocalizationDiagnostic] {
        var devices = resources.locales.map { [$0] }
        if !resources.locales.contains("en-US") { devices.append(["en-US"]) }
        var findings: [LocalizationDiagnostic] = []
        for message in messages {
            var seen: Set<String> = []
            // The findings never show the title the phone would fall back to.
            let appName = "App"
            for finding in message.diagnostics
                + devices.flatMap({ AndroidRenderer.render(message, deviceLocales: $0, resources: resources, appName: appName).diagnostics })
            where seen.insert(finding.description).inserted {
                findings.append(finding)
            }
        }
        return findings
    }

    /// The same finding reached twice (a table shared by two paths) is reported once.
    static func unique(_ findings: [LocalizationDiagnostic]) -> [LocalizationDiagnostic] {
        var seen: Set<LocalizationDiagnostic> = []
        return findings.filter { seen.insert($0).inserted }
    }
}

/// The Android apps a lint checks, and the found folders that could not be read.
struct AndroidLintApps: Sequence {
    struct App {
        var resources: AndroidAppResources
        /// Whether the FCM messages are rendered against it (not a build variant's overlay).
        var rendersMessages: Bool
    }
    private var apps: [App] = []
    var failures: [LocalizationDiagnostic] = []

    mutating func append(_ resources: AndroidAppResources, rendersMessages: Bool = true) {
        apps.append(App(resources: resources, rendersMessages: rendersMessages))
    }

    func makeIterator() -> IndexingIterator<[App]> { apps.makeIterator() }
}

/// What a lint found: the findings to report, in order and capped, and the counts a report
/// closes with.
public struct LintResult: Sendable {
    /// The findings, in the order every output uses.
    public var findings: [LocalizationDiagnostic]
    /// Findings the baseline accepted (not among ``findings``).
    public var accepted: Int
    /// Targets checked: apps, catalogs and files, archives and builds.
    public var checked: Int
    /// The apps' models. A process that ends right after reporting may keep them alive until
    /// it exits: freeing thousands of values one by one only to exit costs a sixth of a lint.
    package var models: [LocalizationModel]
}
