/// One lint run's state, step by step: what ``LintSession/run()`` does, each step named. The
/// session holds the options; the run holds what the steps find and pass on.
struct LintRun {
    let session: LintSession
    /// The configuration's filter with the session's ignored rules.
    let filter: DiagnosticFilter
    var linter: Linter
    let developmentRegion: String?
    var findings: [LocalizationDiagnostic] = []
    /// Findings about files (unreadable ones, tables standing alone, the Android resources),
    /// which the linter caps per file and rule.
    var fileDiagnostics: [LocalizationDiagnostic] = []
    var models: [LocalizationModel] = []

    init(_ session: LintSession) {
        self.session = session
        var filter = session.configuration?.filter ?? DiagnosticFilter()
        filter.ignored.formUnion(session.ignored)
        self.filter = filter
        // The rules list at most the cap per file and rule (a hostile table must not make
        // millions of findings); below it, the baseline and the final cap see every one.
        linter = Linter(ignoring: filter.ignored, maximumFindingsPerKind: session.maximumFindingsPerKind)
        linter.runtimeFallbackTables = Set(session.configuration?.runtimeFallbackTables.map(\.value) ?? [])
        developmentRegion = session.developmentRegion ?? session.configuration?.developmentRegion
    }

    /// What the search found.
    struct Found {
        var walk: TargetWalk
        var targets: LintTargets { walk.targets }
        /// The folders searched, as given or from the configuration.
        var searched: [String]
        /// `.ipa` files among the paths: apps read from their archives.
        var archives: [String]

        /// Whether a Localizable table was found for payloads to be checked against.
        var hasApp: Bool

        /// The searched folders for a message: `.` when none.
        var searchedDescription: String { searched.isEmpty ? "." : searched.joined(separator: ", ") }
    }

    /// What is checked against the apps: payloads, FCM messages, the manifest, Android apps.
    struct Inputs {
        var payloads: [NotificationPayload]
        /// The payload files' own payloads (not the manifest's), which every build is sent.
        var filePayloads: [NotificationPayload]
        var messages: [FCMMessage]
        var manifest: PushManifest?
        /// The manifest's keys an iPhone is sent, in the order of its ``PushManifest/payloads``.
        var appleKeys: [PushManifest.Key]
        var androidApps: AndroidLintApps
        /// The Android app the payloads' placeholders are compared with.
        var android: AndroidAppResources?
    }

    /// A String Catalog named Localizable standing alone is what notifications read.
    static func isPushCatalog(_ file: String) -> Bool { file.hasSuffix("/Localizable.xcstrings") || file == "Localizable.xcstrings" }

    /// Step 1: the walk of the paths (or the configuration's `included`), an included path that
    /// holds nothing reported where it is written.
    mutating func findTargets() throws -> Found {
        let session = session
        // An .ipa among the paths is an app read from its archive, not a folder to search.
        let archives = session.paths.filter(LintSession.isArchive)
        let configuration = session.configuration
        let includedFromConfiguration = session.paths.isEmpty && session.appVersions.isEmpty && !(configuration?.included.isEmpty ?? true)
        let searched =
            !session.paths.isEmpty || !session.appVersions.isEmpty
            ? session.paths.filter { !LintSession.isArchive($0) } : includedFromConfiguration ? configuration!.included.map(\.value) : ["."]
        let workingDirectory = session.workingDirectory
        var walk = TargetWalk { path in configuration?.exclusion(of: path, workingDirectory: workingDirectory) }
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
        fileDiagnostics += targets.unreadable
        let hasApp =
            !targets.apps.isEmpty || !archives.isEmpty || !session.appVersions.isEmpty || targets.catalogs.contains(where: Self.isPushCatalog)
        return Found(walk: walk, searched: searched, archives: archives, hasApp: hasApp)
    }

    /// Step 2: the payloads, FCM messages, manifest and Android apps, read; a run that would
    /// check nothing, or check an input against no app, is refused.
    func readInputs(_ found: Found) throws -> Inputs {
        let session = session
        let targets = found.targets
        let payloadPaths = session.payloadFiles.isEmpty ? session.configuration?.payloads.map(\.value) ?? [] : session.payloadFiles
        let payloadPathFiles = try LintSession.expandPayloads(payloadPaths)
        // A wrong path must not pass as "no problems": with nothing to check, say what was searched.
        if targets.count == 0 && targets.unreadable.isEmpty && payloadPathFiles.isEmpty && session.manifest == nil && !found.hasApp
            && session.resourceDirectories.isEmpty && session.builtAndroidApps.isEmpty
        {
            throw LintSession.Failure(
                "nothing to lint", found.searched.joined(separator: ", "),
                reason:
                    "no .lproj folder, .xcstrings catalog, .strings or .stringsdict file, and no Android res/ folder found (\(LintTargets.skipped.sorted().joined(separator: ", ")) are not searched)"
            )
        }
        // FCM messages among the payload files go to the Android resources (and their
        // apns.payload to the iPhone app); the rest are APNs payloads.
        let androidApps = try session.readAndroidApps(found: targets.resourceFolders)
        let android = androidApps.first { $0.rendersMessages }?.resources
        var (messages, apnsFiles) = try LintSession.separateFCMMessages(
            payloadPathFiles, channel: PushChannel.messageReading(for: session.channels))
        let noAndroid =
            "no Android resources: no res/ folder under \(found.searchedDescription); give the app's res/ folder or its built app with --res"
        // A manifest's keys are checked as the payloads and messages that carry them; its own
        // problems and its stale keys are findings like any other.
        let manifest = try session.manifest.map(LintSession.readManifest)
        let appleKeys = manifest?.keys.filter(\.platform.sendsToApple) ?? []
        if let manifest, manifest.keys.contains(where: \.platform.sendsToAndroid) {
            guard android != nil else {
                throw LintSession.Failure(
                    "nothing to check the manifest's Android keys against", manifest.file ?? session.manifest!, reason: noAndroid)
            }
            messages += manifest.fcmMessages
        }
        // A channel's limits checked against nothing would pass unchecked.
        if let channel = session.channels.first(where: { !$0.takesLocKeys }), messages.isEmpty {
            throw LintSession.Failure(
                "nothing to check against \(channel.name)'s limits",
                payloadPaths.isEmpty ? "--channel \(channel.rawValue)" : payloadPaths.joined(separator: ", "),
                reason: "no FCM or Huawei message among the payloads and no Android key in a manifest; give the messages sent, or --manifest")
        }
        if !messages.isEmpty && android == nil {
            throw LintSession.Failure(
                "nothing to check the FCM messages against", messages[0].file ?? payloadPaths.joined(separator: ", "), reason: noAndroid)
        }
        // Payloads with no app to check them against would pass unchecked.
        if !found.hasApp && (!apnsFiles.isEmpty || !appleKeys.isEmpty) {
            let what = apnsFiles.isEmpty ? "the manifest's keys" : "the payloads"
            throw LintSession.Failure(
                "nothing to check \(what) against", found.searchedDescription,
                reason:
                    "no app (a folder holding .lproj folders or String Catalogs, or a Localizable.xcstrings) found: a payload's keys are looked up in an app's Localizable table"
            )
        }
        var payloads: [NotificationPayload] = []
        for file in apnsFiles {
            var payload: NotificationPayload
            do { payload = try NotificationPayload(contentsOfFile: file) } catch {
                throw LintSession.Failure("cannot read the payload", error.path, reason: error.reason)
            }
            if let headers = session.headers { payload.diagnostics = headers.diagnostics(of: payload) }
            payloads.append(payload)
        }
        // An FCM message's apns.payload is what an iPhone gets: checked as a payload when there
        // is an iPhone app.
        if found.hasApp { payloads += messages.compactMap(\.apnsPayload) }
        let filePayloads = payloads
        payloads += manifest?.payloads ?? []
        return Inputs(
            payloads: payloads, filePayloads: filePayloads, messages: messages, manifest: manifest, appleKeys: appleKeys,
            androidApps: androidApps, android: android)
    }

    /// Step 3: each Android app's resources, and each FCM message rendered against it.
    mutating func checkAndroid(_ inputs: Inputs) {
        findings += inputs.manifest?.diagnostics ?? []
        for app in inputs.androidApps {
            fileDiagnostics += app.resources.diagnostics
            if app.rendersMessages { findings += LintSession.androidFindings(inputs.messages, resources: app.resources, channels: session.channels) }
        }
        fileDiagnostics += inputs.androidApps.failures
    }

    /// Step 4: every app, archive, catalog and table found, with the payloads.
    mutating func lintApps(_ found: Found, _ inputs: Inputs) throws {
        let targets = found.targets
        let total = targets.apps.count + found.archives.count + targets.catalogs.count + targets.files.count
        var done = 0
        func advance() {
            session.progress?(LintSession.Progress(step: "linting", done: done, total: total))
            done += 1
        }
        for directory in targets.apps {
            advance()
            _ = lintApp({ () throws(FileReadError) in try AppLocalizations(directory: directory) }, inputs, payloads: inputs.payloads)
        }
        for archive in found.archives {
            advance()
            let read = try session.readArchive(archive)
            _ = lintApp({ () throws(FileReadError) in try read.get() }, inputs, payloads: inputs.payloads)
        }
        // A catalog standing alone is an app of one table, its source language the development
        // region unless one is given.
        for file in targets.catalogs {
            advance()
            let read = { () throws(FileReadError) -> AppLocalizations in
                let catalog = try StringCatalog(contentsOfFile: file)
                let name = String(file.split(separator: "/").last!.dropLast(".xcstrings".count))
                var app = AppLocalizations(localizations: [], catalogs: [name: catalog])
                app.developmentRegion = catalog.sourceLanguage
                return app
            }
            _ = lintApp(read, inputs, payloads: Self.isPushCatalog(file) ? inputs.payloads : [], what: "file")
        }
        for file in targets.files {
            advance()
            var read: [LocalizationDiagnostic] = []
            reading("file") { () throws(FileReadError) in
                read =
                    file.hasSuffix(".stringsdict")
                    ? try StringsDictionary(contentsOfFile: file).diagnostics : try LocalizationTable(contentsOfFile: file).diagnostics
            }
            fileDiagnostics += read
        }
    }

    /// Step 5: each labelled build, linted with the keys sent to it (a manifest entry's "since"
    /// leaves out earlier builds); a missing key is reported once per build, with its label.
    mutating func lintBuildsInTheField(_ inputs: Inputs) throws {
        let versions = session.appVersions
        guard !versions.isEmpty else { return }
        var builds: [AppVersions.Version] = []
        for version in versions {
            guard LintSession.isArchive(version.path) || FileStatus.isDirectory(version.path) else {
                throw LintSession.Failure("cannot read the app", version.path, reason: "no such directory")
            }
            let read: Result<AppLocalizations, FileReadError> =
                LintSession.isArchive(version.path)
                ? try session.readArchive(version.path) : Result { () throws(FileReadError) in try AppLocalizations(directory: version.path) }
            let sent =
                inputs.filePayloads
                + zip(inputs.appleKeys, inputs.manifest?.payloads ?? []).compactMap { entry, payload in
                    entry.since.map { AppVersions.precedes(version.label, $0) } == true ? nil : payload
                }
            if let model = lintApp({ () throws(FileReadError) in try read.get() }, inputs, payloads: sent, dropping: .payloadKeyMissing) {
                builds.append(AppVersions.Version(label: version.label, model: model))
            }
        }
        let since = Dictionary(inputs.appleKeys.compactMap { entry in entry.since.map { (entry.key, $0) } }, uniquingKeysWith: { first, _ in first })
        findings += AppVersions(builds).missingKeys(in: inputs.payloads, since: since)
    }

    /// Step 6: the file findings, unused configuration entries, the configuration's severities
    /// and scoped ignores (an ignore entry that matched nothing reported where it is written),
    /// the baseline, then the order and cap every output uses.
    mutating func finish(_ found: Found) -> LintResult {
        findings += linter.lint(files: fileDiagnostics)
        findings += session.unusedEntries(walk: found.walk, models: models)
        var unusedIgnores: [LocalizationDiagnostic] = []
        findings = filter.apply(LintSession.unique(findings)) { unused in unusedIgnores.append(LintConfiguration.unused(unused)) }
        findings += filter.apply(unusedIgnores)
        var accepted = 0
        if let baseline = session.baseline {
            (findings, accepted) = baseline.filter(findings)
        }
        var capped = LintFindings(limit: session.maximumFindingsPerKind, ignoring: [], foldingAbove: LintFindings.keyFindingsListedPerFile)
        capped.append(contentsOf: findings)
        let checked =
            found.targets.count + session.appVersions.count + found.archives.count + session.resourceDirectories.count
            + session.builtAndroidApps.count
        return LintResult(findings: capped.finished(), accepted: accepted, checked: checked, models: models)
    }

    /// What cannot be read now (gone since the walk) is a finding too; the rest is checked.
    private mutating func reading(_ what: String, _ read: () throws(FileReadError) -> Void) {
        do { try read() } catch { fileDiagnostics.append(LintTargets.unreadable(error.path, error.reason, what: what)) }
    }

    /// One app read, modelled and linted with `payloads` (less the findings `dropped`), its
    /// inline suppressions applied and the manifest's stale keys found in it.
    private mutating func lintApp(
        _ read: () throws(FileReadError) -> AppLocalizations, _ inputs: Inputs, payloads: [NotificationPayload],
        dropping dropped: DiagnosticID? = nil,
        what: String = "folder"
    ) -> LocalizationModel? {
        var model: LocalizationModel?
        let developmentRegion = developmentRegion
        let linter = linter
        let ignored = filter.ignored
        var appFindings: [LocalizationDiagnostic] = []
        reading(what) { () throws(FileReadError) in
            var app = try read()
            if let developmentRegion { app.developmentRegion = developmentRegion }
            let appModel = LocalizationModel(app, compilingDeviceFormats: false)
            model = appModel
            let linted = linter.lint(appModel, payloads: payloads, android: inputs.android).filter { $0.id != dropped }
            appFindings += InlineSuppressions(app).apply(linted, notRun: ignored)
            appFindings += inputs.manifest?.staleKeys(in: app) ?? []
        }
        findings += appFindings
        if let model { models.append(model) }
        return model
    }
}
