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
    /// The push channels the Android messages also go through: `.huawei` reads every message
    /// file as a Huawei Push Kit message; each channel that takes only text has every
    /// language's text of every message and manifest key checked against its limits.
    public var channels: [PushChannel] = []
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
    /// Told where a run is as it goes (each step, then each app, catalog and table linted), for
    /// a progress line; called on the thread that runs the lint.
    public var progress: (@Sendable (Progress) -> Void)?

    /// Where a run is: its step, and in the longest one how many of the targets are done.
    public struct Progress: Sendable, Hashable {
        /// The step, in words ("reading the payloads", "linting").
        public var step: String
        /// Targets done in this step, and of how many (0 of 0 for a step without targets).
        public var done: Int
        public var total: Int
    }

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

    /// Runs the lint: finds the targets, reads the inputs, checks the Android apps, lints the
    /// apps and the builds in the field, then filters, orders and caps the findings.
    public func run() throws -> LintResult {
        var run = LintRun(self)
        progress?(Progress(step: "finding the apps and tables", done: 0, total: 0))
        let found = try run.findTargets()
        progress?(Progress(step: "reading the payloads and resources", done: 0, total: 0))
        let inputs = try run.readInputs(found)
        run.checkAndroid(inputs)
        try run.lintApps(found, inputs)
        progress?(Progress(step: "checking the builds", done: 0, total: 0))
        try run.lintBuildsInTheField(inputs)
        progress?(Progress(step: "ordering the findings", done: 0, total: 0))
        return run.finish(found)
    }

    /// The push-key manifest; one that lists no key (and has no error saying why) is no check.
    static func readManifest(_ path: String) throws(Failure) -> PushManifest {
        let read: PushManifest
        do { read = try PushManifest(contentsOfFile: path) } catch {
            throw Failure("cannot read the manifest", error.path, reason: error.reason)
        }
        if read.keys.isEmpty && !read.diagnostics.containsErrors {
            throw Failure("nothing to check", read.file ?? path, reason: "the manifest lists no keys")
        }
        return read
    }

    func readArchive(_ path: String) throws -> Result<AppLocalizations, FileReadError> {
        guard let archiveReader else { throw Failure("cannot read the app archive", path, reason: "archives are not read by this front end") }
        return try archiveReader(path)
    }

    /// The Android apps linted: the built app, else ``resourceDirectories`` linked as one app,
    /// else the `res` folders the walk found, grouped into apps as their modules are. A found
    /// folder that cannot be read is a finding; a folder given, a failure.
    func readAndroidApps(found: [String]) throws(Failure) -> AndroidLintApps {
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
    func unusedEntries(walk: TargetWalk, models: [LocalizationModel]) -> [LocalizationDiagnostic] {
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
    static func separateFCMMessages(_ files: [String], channel: PushChannel? = nil) throws(Failure) -> (messages: [FCMMessage], apns: [String]) {
        var messages: [FCMMessage] = []
        var apns: [String] = []
        for file in files {
            let bytes: [UInt8]
            do { bytes = try FileSystem.readAll(file, maximumSize: 16 << 20) } catch {
                throw Failure("cannot read the payload", error.path, reason: error.reason)
            }
            if FCMMessage.isMessage(bytes) {
                messages.append(FCMMessage(parsing: bytes, file: file, channel: channel))
            } else {
                apns.append(file)
            }
        }
        return (messages, apns)
    }

    /// What each FCM message shows on a phone of each of the app's locales (and en-US), as
    /// `preview` renders it: its own problems and each rendering's, a fact seen by several
    /// phones reported once.
    ///
    /// Each channel in `channels` that takes only text is sent each phone's text, as
    /// `localize --channel` writes it: what the channel would refuse is a finding.
    static func androidFindings(_ messages: [FCMMessage], resources: AndroidAppResources, channels: [PushChannel] = []) -> [LocalizationDiagnostic] {
        var devices = resources.locales.map { [$0] }
        if !resources.locales.contains("en-US") { devices.append(["en-US"]) }
        let textChannels = channels.filter { !$0.takesLocKeys }
        // A channel's title may be the app's name: its own, for its length.
        let renderer = AndroidAlertRenderer(resources: resources)
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
            for channel in textChannels {
                for device in devices {
                    let result = renderer.localize(message, preferredLanguages: device, channel: channel)
                    for finding in result.channelFindings where seen.insert(finding.description).inserted {
                        findings.append(finding)
                    }
                }
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
