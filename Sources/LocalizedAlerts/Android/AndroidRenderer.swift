extension DiagnosticID {
    /// `android.unmodelled-folder` (note). Strings in a folder with qualifiers other than a
    /// locale (`values-night`, `values-v21`, `values-land`) apply only to devices in that state;
    /// the rendering leaves them out.
    public static let androidUnmodelledFolder = DiagnosticID(
        "android.unmodelled-folder", .note, .files,
        rationale:
            "Strings in a folder with qualifiers other than a locale (night mode, orientation, API level) apply only to devices in that state; the Android rendering leaves them out.",
        example: "res/values-night/strings.xml with a title string", isAboutWholeFile: true)
    /// `android.unread-locale-folder` (warning). A folder under a language's new code
    /// (`values-he`, `values-id`, `values-yi`) that the phone never reads, because Android looks
    /// the language up under its old code (`iw`, `in`, `ji`).
    public static let androidUnreadLocaleFolder = DiagnosticID(
        "android.unread-locale-folder", .warning, .files,
        rationale:
            "Android hands the resource system Hebrew, Indonesian and Yiddish under their old codes (iw, in, ji) and compares codes as written: strings only in values-he are never shown; a Hebrew phone gets values/'s text.",
        example: "res/values-he/strings.xml without res/values-iw/strings.xml")
}

/// An app's string resources: the `values*` folders of its `res/` directory (and of its
/// libraries, when given), each with the strings of its XML files.
public struct AndroidAppResources: Sendable {
    /// One `values*` folder.
    public struct Folder: Sendable {
        /// The folder name (`values-fr-rCA`).
        public var name: String
        /// Its qualifiers.
        public var qualifiers: AndroidResourceFolder
        /// Its files, read.
        public var files: [AndroidStringsFile]

        /// A folder read elsewhere (from an archive, or files in memory).
        public init(name: String, qualifiers: AndroidResourceFolder, files: [AndroidStringsFile]) {
            self.name = name
            self.qualifiers = qualifiers
            self.files = files
        }
    }

    /// The folders, in name order.
    public var folders: [Folder] {
        didSet { relink() }
    }
    /// The `res/` folders that are not `values*` folders, for what `aapt2 link` keeps.
    public var fileFolders: [AndroidFileResourceFolder] {
        didSet { relink() }
    }
    /// How the app is built.
    public var build: AndroidBuildSettings {
        didSet { relink() }
    }
    /// What `aapt2 link` made of the folders; for a built app, what its table holds.
    private(set) var link: AndroidLinkStep
    /// Whether ``link`` was read from a built app rather than worked out from folders.
    private var isBuilt = false
    /// What rendering looks up for every message, made once.
    private var index: Index
    /// The locale choices rendering has made, kept: every message sent to the same languages
    /// makes the same ones.
    private var resolutions = Resolutions()
    /// Problems found while reading (per file, and about folders this model ignores).
    public var diagnostics: [LocalizationDiagnostic] = []

    /// Resources from folders already read, linked as `build` says (the values folders in
    /// `folders`, the others' file names in `fileFolders`).
    public init(folders: [Folder], fileFolders: [AndroidFileResourceFolder] = [], build: AndroidBuildSettings = AndroidBuildSettings()) {
        self.folders = folders
        self.fileFolders = fileFolders
        self.build = build
        let strings = Index.Strings(folders, compiler: build.compiler)
        link = AndroidLinkStep(
            folders: folders.map { ($0.qualifiers, $0.files) }, fileFolders: fileFolders, build: build,
            strings: strings.linked(minSdkVersion: build.minSdkVersion))
        index = Index(strings, fileFolders: fileFolders, link: link)
        diagnostics = folders.flatMap { $0.files.flatMap(\.diagnostics) }
        if build.compiler == .aapt2 {
            for index in diagnostics.indices where diagnostics[index].id == .androidNonpositionalFormat {
                diagnostics[index].severity = .error
                diagnostics[index].message += " (the build uses plain aapt2)"
            }
        }
        diagnostics += duplicatesAcrossFiles()
        diagnostics += removalFindings()
        diagnostics += danglingReferences()
        diagnostics += referenceLoops()
        diagnostics += unreadLocaleFolders()
        for folder in folders where !folder.qualifiers.otherQualifiers.isEmpty {
            for file in folder.files where !file.strings.isEmpty {
                diagnostics.append(
                    LocalizationDiagnostic(
                        .androidUnmodelledFolder, at: SourceLocation(file: file.file, line: 1, column: 1),
                        "\(folder.name) holds strings for devices in a given state (\(folder.qualifiers.otherQualifiers.joined(separator: ", "))): left out of the rendering"
                    ))
            }
        }
    }

    /// Reads every `values*/*.xml` of a `res/` directory, and the names of the other folders'
    /// files; only failing to list it throws. A folder or file in it that cannot be read is a
    /// located `table.unreadable-file` finding, and the rest is read.
    public init(resourceDirectory path: String, build: AndroidBuildSettings = AndroidBuildSettings(), limits: ReadingLimits = .default)
        throws(FileReadError)
    {
        try self.init(resourceDirectories: [path], build: build, limits: limits)
    }

    /// The `res/` folders of an app and of its libraries, the app's first, linked as one app,
    /// as a Gradle build merges them: where two define a string for the same folder, the
    /// first one's is used. The app's package is its manifest's.
    public init(resourceDirectories paths: [String], build: AndroidBuildSettings = AndroidBuildSettings(), limits: ReadingLimits = .default)
        throws(FileReadError)
    {
        var folders: [Folder] = []
        var fileFolders: [AndroidFileResourceFolder] = []
        var unreadable: [LocalizationDiagnostic] = []
        var build = build
        for path in paths {
            let read = try Self.read(resourceDirectory: path, limits: limits)
            folders += read.folders
            fileFolders += read.fileFolders
            unreadable += read.unreadable
            if build.packageName == nil { build.packageName = Self.manifestPackage(FileSystem.join(path, "../AndroidManifest.xml")) }
        }
        self.init(folders: folders, fileFolders: fileFolders, build: build)
        diagnostics = unreadable + diagnostics
    }

    /// The values folders of one `res/` directory, read, the names of its other folders'
    /// files, and a finding for each folder or values file in it that cannot be read; only
    /// failing to list the directory itself throws.
    static func read(resourceDirectory path: String, limits: ReadingLimits) throws(FileReadError) -> (
        folders: [Folder], fileFolders: [AndroidFileResourceFolder], unreadable: [LocalizationDiagnostic]
    ) {
        var listed: [(name: String, qualifiers: AndroidResourceFolder, paths: [String])] = []
        var fileFolders: [AndroidFileResourceFolder] = []
        var unreadable: [LocalizationDiagnostic] = []
        for name in try FileSystem.contentsOfDirectory(path) {
            guard let qualifiers = AndroidResourceFolder(name: name) else { continue }
            let folderPath = FileSystem.join(path, name)
            switch FileStatus.kind(of: folderPath) {
            case .directory: break
            case .inaccessible(let reason):
                // A link that leads nowhere or round in a loop: aapt2 passes over it.
                unreadable.append(UnreadableResource.folder(folderPath, reason: reason, failsBuild: false))
                continue
            case .regularFile, .other: continue
            }
            let names: [String]
            do throws(FileReadError) {
                names = try FileSystem.contentsOfDirectory(folderPath).filter { !$0.hasPrefix(".") }
            } catch {
                unreadable.append(UnreadableResource.folder(folderPath, reason: error.reason, failsBuild: true))
                continue
            }
            guard qualifiers.type == "values" else {
                // A file is a resource named by its name up to the first dot (aapt2's
                // ExtractResourcePathData); hidden files are not resources.
                fileFolders.append(AndroidFileResourceFolder(name: name, qualifiers: qualifiers, fileNames: names))
                continue
            }
            var paths: [String] = []
            for file in names where file.hasSuffix(".xml") {
                let filePath = FileSystem.join(folderPath, file)
                if let finding = UnreadableResource.valuesFile(filePath, kind: FileStatus.kind(of: filePath)) {
                    unreadable.append(finding)
                } else {
                    paths.append(filePath)
                }
            }
            listed.append((name, qualifiers, paths))
        }
        // The files are read on every core, as an iOS app's tables are; the model is the same
        // as reading them one after another.
        var read = ParallelWork.map(listed.flatMap(\.paths)) { path -> Result<AndroidStringsFile, FileReadError> in
            do throws(FileReadError) {
                return .success(try AndroidStringsFile(contentsOfFile: path, limits: limits))
            } catch {
                return .failure(error)
            }
        }[...]
        var folders: [Folder] = []
        for folder in listed {
            var files: [AndroidStringsFile] = []
            for _ in folder.paths {
                switch read.removeFirst() {
                case .success(let file): files.append(file)
                case .failure(let error): unreadable.append(UnreadableResource.file(error.path, reason: error.reason, failsBuild: true))
                }
            }
            folders.append(Folder(name: folder.name, qualifiers: folder.qualifiers, files: files))
        }
        return (folders, fileFolders, unreadable)
    }

    /// The `package` of the manifest beside a module's `res/` folder (`src/main/AndroidManifest.xml`),
    /// nil when there is none or it names none (a Gradle build may set it as `namespace` instead).
    static func manifestPackage(_ path: String) -> String? {
        guard FileSystem.kind(of: path) == .file, let bytes = try? FileSystem.readAll(path, maximumSize: 4 << 20) else { return nil }
        var reader = ResourceXMLReader(bytes: bytes, file: path, maximumDepth: 64)
        while let event = reader.next() {
            guard case .start(let name, _, let attributes, _) = event else { continue }
            guard name == "manifest" else { return nil }
            return attributes.first { $0.name == "package" && $0.namespace.isEmpty }.map(\.value).flatMap { $0.isEmpty ? nil : $0 }
        }
        return nil
    }

    /// The resources of a built app (an APK's or a bundle's table): linked already, so its
    /// locales, IDs and strings are the phone's. `build` adds the library locales only when
    /// the table lacks them (it has the libraries' own); its package is the table's.
    public init(builtApp table: AndroidResourceTable, build: AndroidBuildSettings = AndroidBuildSettings()) {
        folders = table.folders
        fileFolders = []
        var build = build
        build.packageName = table.packageName
        self.build = build
        let locales = Set(table.locales).union(build.libraryLocales.compactMap { AndroidLocale(languageTag: $0).map(AndroidLinkStep.canonicalTag) })
        link = AndroidLinkStep(builtLocales: locales.sorted(), identifiers: table.resourceNames)
        isBuilt = true
        index = Index(Index.Strings(folders, compiler: build.compiler), fileFolders: fileFolders, link: link)
    }

    private mutating func relink() {
        let strings = Index.Strings(folders, compiler: build.compiler)
        if !isBuilt {
            link = AndroidLinkStep(
                folders: folders.map { ($0.qualifiers, $0.files) }, fileFolders: fileFolders, build: build,
                strings: strings.linked(minSdkVersion: build.minSdkVersion))
        }
        index = Index(strings, fileFolders: fileFolders, link: link)
        resolutions = Resolutions()
    }

    /// The app's locales (BCP 47) as `AssetManager.getNonSystemLocales` lists them on the
    /// phone: every configuration's locale that holds a resource after `aapt2 link` (an empty
    /// `values-xx` adds none), Tagalog given as `fil`, and the libraries' locales.
    public var locales: [String] { index.locales }
    /// ``locales`` parsed.
    var parsedLocales: [AndroidLocale] { index.parsedLocales }

    /// Resources `aapt2 link` removes: defined in locale folders and not in the default one.
    public var removedResources: [AndroidResourceName] { link.removed.sorted() }

    /// Whether any folder defines the string after linking (`getIdentifier` is not 0).
    public func defines(string name: String) -> Bool { index.names.contains(name) }

    /// The resource with ID `identifier`, as aapt2 link numbered them.
    public func resource(withIdentifier identifier: UInt32) -> AndroidResourceName? { link.identifiers[identifier] }

    /// Whether some folder gives `resource`, not a string, a simple value.
    func hasSimpleValue(_ resource: AndroidResourceName) -> Bool { index.otherEntries[resource] != nil }

    /// Whether the linked app has the resource (removed ones not).
    func has(_ resource: AndroidResourceName) -> Bool {
        resource.type == "string" ? index.names.contains(resource.name) : link.identifier(of: resource) != nil && !link.removed.contains(resource)
    }

    /// What a loc key names on the phone: `getIdentifier(key, "string", package)` reads a
    /// number as a resource ID and `[package:][type/]name` as a name; then `getString`.
    enum LocKeyTarget: Sendable, Hashable {
        /// A resource the phone has; `getString` gives its text. `byIdentifier`: the key is
        /// its resource ID.
        case resource(AndroidResourceName, byIdentifier: Bool = false)
        /// `getIdentifier` gives 0: Firebase shows the field's fallback. Why, for the finding,
        /// and what to do when something better than "add it" can be said.
        case notFound(String, id: DiagnosticID = .androidMissingLocKey, hint: String? = nil)
        /// `getString` throws `Resources.NotFoundException`, which Firebase does not catch.
        case crash(String)
    }

    /// What `getString(getIdentifier(key, …))` finds on a phone whose resources resolve for
    /// `locale`: the key's target and, for a resource, its text and folder (nil when
    /// `getString` throws). Worked out once per key and locale: most messages name the same few
    /// keys.
    func lookUp(locKey key: String, in locale: ResolvedLocale) -> LocKeyLookup {
        // Looked up, then made: a closure taking `self` would copy the resources on every call.
        if let known = locale.lookups.cached(key) { return known }
        let target = target(ofLocKey: key)
        var found: ResolvedText?
        if case .resource(let resource, _) = target { found = resolvedText(of: resource, forResourceLocale: locale.tag) }
        let lookup = LocKeyLookup(
            target: target, text: found.map { (JavaFormatText($0.text), $0.folder) }, unresolved: found?.unresolved)
        locale.lookups.insert(lookup, for: key)
        return lookup
    }

    /// A resource locale as a phone reads the app for it: the tag the Java layer chose (nil:
    /// none of the app's, the default folder), its language, and the loc keys looked up for it,
    /// kept here so that a lookup hashes the key alone.
    final class ResolvedLocale: Sendable {
        let tag: String?
        let languageCode: String
        let lookups = BoundedCache<String, LocKeyLookup>(limit: 4_096, recent: 4)

        init(tag: String?) {
            self.tag = tag
            self.languageCode = tag.flatMap { AndroidLocale(languageTag: $0)?.language } ?? ""
        }
    }

    /// A loc key's target on a phone, and its text there, compiled for formatting. A class:
    /// it is made once and handed to every message that names the key.
    final class LocKeyLookup: Sendable {
        let target: LocKeyTarget
        /// What `getString` gives and the folder it comes from; nil when it throws.
        let text: (text: JavaFormatText, folder: String)?
        /// The references followed when `text` is a resource ID, not text.
        let unresolved: UnresolvedReference?

        init(target: LocKeyTarget, text: (text: JavaFormatText, folder: String)?, unresolved: UnresolvedReference?) {
            self.target = target
            self.text = text
            self.unresolved = unresolved
        }
    }

    func target(ofLocKey key: String) -> LocKeyTarget {
        switch AndroidLocKey(key) {
        case .invalid:
            return .notFound("no resource can be named \"\(key)\"")
        case .identifier(0):
            return .notFound("\"\(key)\" is read as a resource ID (Integer.parseInt comes first), and 0 is no resource")
        case .identifier(let number):
            let identifier = UInt32(bitPattern: number)
            let hex = "0x" + String(identifier, radix: 16)
            guard let resource = link.identifiers[identifier], has(resource) else {
                return .crash(
                    "\"\(key)\" is read as resource ID \(hex) (Integer.parseInt comes first), which the app does not have: Resources.NotFoundException crashes the app"
                        + (identifiersMayCountUnreadLibraries ? AndroidDeviceIssue.unreadLibrariesCaveat : ""))
            }
            return .resource(resource, byIdentifier: true)
        case .name(let resource, let package):
            if let package, package == "android" {
                return .notFound("\"\(key)\" names a framework resource: Android's own strings are not modelled (assumed not found)")
            }
            if let package, let own = build.packageName, package != own {
                return .notFound("\"\(key)\" names package \(package), not the app's (\(own))")
            }
            guard has(resource) else {
                if link.removed.contains(resource) {
                    return .notFound(
                        "\(resource.type) \"\(resource.name)\" is defined only in locale folders: aapt2 link removes it (no default value in values/), so the phone has no such \(resource.type)"
                    )
                }
                return missing(resource, key: key)
            }
            return .resource(resource)
        }
    }

    /// A loc key naming no string: a `<plurals>` or `<string-array>` of that name (which FCM
    /// cannot use), else the string it was probably meant to name.
    private func missing(_ resource: AndroidResourceName, key: String) -> LocKeyTarget {
        if resource.type == "string" {
            for (type, element) in [("plurals", "<plurals>"), ("array", "<string-array>")]
            where has(AndroidResourceName(type: type, name: resource.name)) {
                return .notFound(
                    "\"\(key)\" is a \(element), not a string: Firebase looks loc keys up as strings, so the phone finds none",
                    id: .androidLocKeyNotAString,
                    hint: "name a <string> (FCM has no plural form: fill the text in on the server with render-alert localize)")
            }
        }
        let names = resource.type == "string" ? index.names : Set(index.otherEntries.keys.filter { $0.type == resource.type }.map(\.name))
        let guess = resolutions.suggestions.value(for: resource) { Self.nearest(to: resource.name, among: names) }
        return .notFound(
            "no values folder defines \(resource.type) \"\(resource.name)\"\(guess.map { " (did you mean \"\($0)\"?)" } ?? "")",
            hint: guess.map { "send \"\($0)\", or add \"\(resource.name)\" to values/" } ?? "add it to values/")
    }

    /// The name at most two edits from `name`, the closest (then the first in order) of those:
    /// only names of a length within two are compared, so a big app's thousands cost little.
    static func nearest(to name: String, among names: Set<String>) -> String? {
        let length = name.unicodeScalars.count
        let candidates = names.filter { abs($0.unicodeScalars.count - length) <= 2 }.sorted()
        return EditDistance.nearest(to: name, among: candidates)
    }

    /// `aapt2 link` fails on a string, plural or array defined in two files of one
    /// configuration ("has a conflicting value for configuration"); within one file the
    /// reader reports it.
    private func duplicatesAcrossFiles() -> [LocalizationDiagnostic] {
        var findings: [LocalizationDiagnostic] = []
        // Per folder: the same folder of several res/ directories (an app's and a library's)
        // is merged by the Gradle plugin, the app's value winning, before aapt2 sees it.
        for folder in folders where folder.files.count > 1 {
            for (index, file) in folder.files.enumerated() {
                for earlier in folder.files[..<index] where earlier.file != file.file {
                    // Each name of the smaller table looked up in the larger: no name of a
                    // large file is made for nothing.
                    let (probe, target) =
                        file.strings.count <= earlier.strings.count ? (file.strings, earlier.strings) : (earlier.strings, file.strings)
                    var clashes: [AndroidResourceName] = []
                    for position in probe.indices {
                        let name = probe.name(at: position)
                        if target.position(of: name) != nil { clashes.append(AndroidResourceName(type: "string", name: name)) }
                    }
                    clashes += file.plurals.keys.filter { earlier.plurals[$0] != nil }.map { AndroidResourceName(type: "plurals", name: $0) }
                    clashes += file.stringArrays.keys.filter { earlier.stringArrays[$0] != nil }.map { AndroidResourceName(type: "array", name: $0) }
                    for resource in clashes {
                        guard let location = file.location(of: resource), let first = earlier.location(of: resource) else { continue }
                        var finding = LocalizationDiagnostic(
                            .androidDuplicateResource, at: location,
                            "\(resource.type) \"\(resource.name)\" is defined again for the same configuration (\(folder.name)): aapt2 link fails",
                            hint: "keep one definition", notes: [.init(location: first, message: "first defined here")])
                        finding.key = resource.name
                        findings.append(finding)
                    }
                }
            }
        }
        return findings
    }

    /// `aapt2 link` fails on a reference to a string, plural or array the linked app does
    /// not have (one removed for want of a default included), in a string or simple value it
    /// keeps. References to other types may name a library's resources, which are not read here.
    private func danglingReferences() -> [LocalizationDiagnostic] {
        var findings: [LocalizationDiagnostic] = []
        func check(_ value: AndroidResourceValue, of resource: AndroidResourceName, at location: SourceLocation?) {
            guard case .reference(let type, let target) = value, ["string", "plurals", "array"].contains(type) else { return }
            // A removed resource's references are removed with it, before linking.
            guard !link.removed.contains(resource) else { return }
            let name = AndroidResourceName(type: type, name: target)
            let exists = type == "string" ? defines(string: target) : has(name)
            guard !exists, let location else { return }
            var finding = LocalizationDiagnostic(
                .androidMissingReference, at: location,
                "\(resource.type) \"\(resource.name)\" refers to @\(type)/\(target), which \(link.removed.contains(name) ? "aapt2 link removes (no default value)" : "no values folder defines"): the app does not build",
                hint: "define \(target) in values/")
            if resource.type == "string" { finding.key = resource.name }
            findings.append(finding)
        }
        for folder in folders {
            for file in folder.files {
                for position in file.strings.indices where file.strings.isReference(at: position) {
                    let string = file.strings[position]
                    check(string.value, of: AndroidResourceName(type: "string", name: string.name), at: string.location)
                }
                for (resource, value) in file.otherValues.sorted(by: { $0.key < $1.key }) {
                    check(value, of: resource, at: file.location(of: resource))
                }
            }
        }
        return findings
    }

    /// A string that never reaches text (it refers to itself, or round a loop): aapt2 links
    /// it and `getString` gives a resource ID. Each reference is followed as a phone whose
    /// locale is its folder's would follow it.
    private func referenceLoops() -> [LocalizationDiagnostic] {
        var findings: [LocalizationDiagnostic] = []
        for folder in folders where folder.qualifiers.otherQualifiers.isEmpty {
            let tag = folder.qualifiers.locale.map(AndroidLinkStep.canonicalTag)
            for file in folder.files {
                for position in file.strings.indices where file.strings.isReference(at: position) {
                    let resource = file.strings[position]
                    let name = AndroidResourceName(type: "string", name: resource.name)
                    guard !link.removed.contains(name), let unresolved = resolvedText(of: name, forResourceLocale: tag)?.unresolved else { continue }
                    var finding = LocalizationDiagnostic(
                        .androidReferenceLoop, at: resource.location,
                        "string \"\(resource.name)\" in \(folder.name) "
                            + AndroidDeviceIssue.neverReachesText(chain: unresolved.chain, shown: unresolved.shown)
                            + (identifiersMayCountUnreadLibraries ? AndroidDeviceIssue.unreadLibrariesCaveat : ""),
                        hint: AndroidDeviceIssue.referenceLoopHint(unresolved.chain))
                    finding.key = resource.name
                    findings.append(finding)
                }
            }
        }
        return findings
    }

    /// One warning per removed string, plural or array, at its first definition.
    private func removalFindings() -> [LocalizationDiagnostic] {
        var findings: [LocalizationDiagnostic] = []
        for resource in removedResources where ["string", "plurals", "array"].contains(resource.type) {
            var places: [(folder: String, location: SourceLocation)] = []
            for folder in folders {
                for file in folder.files {
                    if let location = file.location(of: resource) {
                        places.append((folder.name, location))
                        break
                    }
                }
            }
            guard let first = places.first else { continue }
            let kind = resource.type == "array" ? "string-array" : resource.type
            var finding = LocalizationDiagnostic(
                .androidRemovedWithoutDefault, at: first.location,
                "\(kind) \"\(resource.name)\" is defined in \(places.map(\.folder).joined(separator: ", ")) but not in values/: aapt2 link removes it (\"without required default value\"), so the app on the phone has no such \(kind)",
                hint: "add it to values/, or remove it from the locale folders",
                notes: places.dropFirst().map { .init(location: $0.location, message: "also defined here") })
            finding.key = resource.name
            findings.append(finding)
        }
        return findings
    }

    /// Languages Android hands the resource system under their old ISO 639 codes:
    /// `ResourcesImpl.adjustLanguageTag` turns a Hebrew phone's `he` into `iw` (so too `id` and
    /// `yi`), and libandroidfw compares language codes as written.
    static let legacyLanguageCodes = ["he": (old: "iw", name: "Hebrew"), "id": ("in", "Indonesian"), "yi": ("ji", "Yiddish")]

    /// Folders under the new code (`values-he`) that a phone never reads: each string the
    /// old-code twin (`values-iw`) lacks falls back to the default folder's text. Checked with
    /// aapt2 and Android 10's libandroidfw: a configuration of `iw-IL` reads `values-iw`, never
    /// `values-he`.
    private func unreadLocaleFolders() -> [LocalizationDiagnostic] {
        var findings: [LocalizationDiagnostic] = []
        for folder in folders {
            guard let locale = folder.qualifiers.locale, let (old, languageName) = Self.legacyLanguageCodes[locale.language] else { continue }
            var twin = folder.qualifiers
            twin.locale?.language = old
            let twinNames = Set(
                folders.filter { $0.qualifiers == twin }.flatMap { $0.files.flatMap { file in file.strings.indices.map { file.strings[$0].name } } })
            var unread: [(name: String, location: SourceLocation)] = []
            for file in folder.files {
                for position in file.strings.indices where !twinNames.contains(file.strings[position].name) {
                    unread.append((file.strings[position].name, file.strings[position].location))
                }
            }
            guard let first = unread.first else { continue }
            let language = locale.language
            let twinName = folder.name.split(separator: "-", omittingEmptySubsequences: false).map { part in
                part == language
                    ? old
                    : part == "b+\(language)" || part.hasPrefix("b+\(language)+") ? "b+\(old)" + part.dropFirst(2 + language.count) : String(part)
            }.joined(separator: "-")
            var finding = LocalizationDiagnostic(
                .androidUnreadLocaleFolder, at: first.location,
                "\(folder.name) is never read: Android looks \(languageName) up as \(old), not \(locale.language), so a phone in \(languageName) shows values/'s text for \(unread.count) string\(unread.count == 1 ? "" : "s") \(twinName) lacks (\"\(first.name)\" first)",
                hint: "rename \(folder.name) to \(twinName)")
            finding.key = first.name
            findings.append(finding)
        }
        return findings
    }

    /// The folders' locales and strings by name, so that a rendering looks each up once
    /// instead of walking every folder.
    private struct Index: Sendable {
        /// A folder that takes part in locale resolution.
        struct ResolvingFolder: Sendable {
            var name: String
            var locale: AndroidLocale?
            var config: NativeConfig
        }

        /// A string as one folder that takes part in locale resolution defines it: which
        /// ``folders`` entry, and its value.
        struct Definition: Sendable {
            var folder: Int
            var value: AndroidResourceValue
        }

        var locales: [String] = []
        /// ``locales`` parsed.
        var parsedLocales: [AndroidLocale] = []
        /// The folders whose only qualifier is a locale, since night mode, orientation, screen
        /// and version folders are not modelled.
        var folders: [ResolvingFolder] = []
        /// Names any folder defines.
        var names: Set<String> = []
        /// By name: its definitions, in folder order (each folder with the first of its files
        /// that defines the string), and which ``groups`` entry lists their configurations.
        /// Most strings are defined by the same folders, so a device's choice among them is
        /// made once per group.
        var entries: [String: (definitions: [Definition], group: Int)] = [:]
        /// The definitions' folder configurations, one list per distinct set of folders.
        var groups: [[NativeConfig]] = []
        /// Resources of other types with a simple value (a colour, a dimension, a file's path),
        /// by resource: what a loc key naming one shows. Looked up rarely, so not grouped.
        var otherEntries: [AndroidResourceName: [Definition]] = [:]

        /// The folders' strings, collected once: what the link step decides removal and the
        /// app's locale list from, and what the index is made of.
        struct Strings {
            /// The folders that take part in resolution, values folders only so far.
            var folders: [ResolvingFolder] = []
            /// For each values folder, its ``folders`` entry; nil for one left out.
            var resolvingIndex: [Int?] = []
            /// By name, its definitions in the resolving folders.
            var definitions: [String: [Definition]] = [:]
            /// The names of each folder left out of resolution (night, a version, a locale
            /// with another qualifier), with its qualifiers.
            var unresolved: [(qualifiers: AndroidResourceFolder, names: Set<String>)] = []
            /// The values folders, for their other resources.
            var appFolders: [Folder] = []

            init(_ appFolders: [Folder], compiler: AndroidBuildSettings.Compiler) {
                self.appFolders = appFolders
                // Every folder defines mostly the same names: the table is sized once, and each
                // (folder, string) pair costs one lookup in it.
                definitions.reserveCapacity(appFolders.lazy.flatMap(\.files).map(\.strings.count).max() ?? 0)
                for folder in appFolders {
                    guard folder.qualifiers.otherQualifiers.isEmpty else {
                        resolvingIndex.append(nil)
                        unresolved.append((folder.qualifiers, Set(folder.files.lazy.flatMap(\.strings.names))))
                        continue
                    }
                    let index = folders.count
                    resolvingIndex.append(index)
                    folders.append(
                        ResolvingFolder(name: folder.name, locale: folder.qualifiers.locale, config: folderConfig(folder.qualifiers.locale)))
                    for file in folder.files {
                        // Plain aapt2 rejects a non-positional format: the string is left out.
                        let rejected =
                            compiler == .aapt2
                            ? Set(file.diagnostics.lazy.filter { $0.id == .androidNonpositionalFormat }.compactMap(\.key)) : []
                        for position in file.strings.indices {
                            let name = file.strings.name(at: position)
                            guard !rejected.contains(name) else { continue }
                            Index.add(Definition(folder: index, value: file.strings.value(at: position)), to: &definitions[name, default: []])
                        }
                    }
                }
            }

            /// What `aapt2 link` does to the strings (`NoDefaultResourceRemover`): one defined
            /// in locale folders and in no default one, nor in a folder standing in for it, is
            /// removed; the locale folders left with a string are the app's locales.
            func linked(minSdkVersion: Int) -> AndroidLinkStep.LinkedStrings {
                var standingIn: Set<String> = []
                for folder in unresolved where AndroidLinkStep.kind(of: folder.qualifiers, minSdkVersion: minSdkVersion) == .standsForDefault {
                    standingIn.formUnion(folder.names)
                }
                var result = AndroidLinkStep.LinkedStrings()
                var keeps = [Bool](repeating: false, count: folders.count)
                for (name, list) in definitions {
                    if list.contains(where: { folders[$0.folder].locale == nil }) || standingIn.contains(name) {
                        for definition in list { keeps[definition.folder] = true }
                    } else {
                        result.removed.insert(name)
                    }
                }
                for (folder, kept) in zip(folders, keeps) where kept {
                    if let locale = folder.locale { result.locales.insert(AndroidLinkStep.canonicalTag(locale)) }
                }
                for folder in unresolved {
                    guard let locale = folder.qualifiers.locale, folder.names.contains(where: { !result.removed.contains($0) }) else { continue }
                    result.locales.insert(AndroidLinkStep.canonicalTag(locale))
                }
                result.names = Set(definitions.keys)
                for folder in unresolved { result.names.formUnion(folder.names) }
                return result
            }
        }

        init(_ strings: Strings, fileFolders: [AndroidFileResourceFolder], link: AndroidLinkStep) {
            locales = link.locales
            parsedLocales = locales.compactMap { AndroidLocale(languageTag: $0) }
            folders = strings.folders
            for folder in strings.unresolved { names.formUnion(folder.names) }
            for (folder, index) in zip(strings.appFolders, strings.resolvingIndex) {
                guard let index else { continue }
                for file in folder.files {
                    for (resource, value) in file.otherValues where !link.removed.contains(resource) {
                        Self.add(Definition(folder: index, value: value), to: &otherEntries[resource, default: []])
                    }
                }
            }
            // A file resource's value is its path in the APK, which getString gives as text.
            for folder in fileFolders where folder.qualifiers.otherQualifiers.isEmpty {
                let index = folders.count
                folders.append(ResolvingFolder(name: folder.name, locale: folder.qualifiers.locale, config: folderConfig(folder.qualifiers.locale)))
                for file in folder.fileNames {
                    let resource = AndroidResourceName(type: folder.qualifiers.type, name: AndroidFileResourceFolder.resourceName(ofFile: file))
                    guard !link.removed.contains(resource) else { continue }
                    Self.add(Definition(folder: index, value: .text("res/\(folder.name)/\(file)")), to: &otherEntries[resource, default: []])
                }
            }
            // Removed strings are left out as the entries are made: the definitions are not
            // copied to drop them.
            let removedStrings = Set(link.removed.lazy.filter { $0.type == "string" }.map(\.name))
            var groupOfFolders: [[Int]: Int] = [:]
            entries.reserveCapacity(strings.definitions.count)
            for (name, list) in strings.definitions where !removedStrings.contains(name) {
                names.insert(name)
                let folderIndexes = list.map(\.folder)
                if let group = groupOfFolders[folderIndexes] {
                    entries[name] = (list, group)
                } else {
                    groupOfFolders[folderIndexes] = groups.count
                    entries[name] = (list, groups.count)
                    groups.append(folderIndexes.map { folders[$0].config })
                }
            }
            names.subtract(removedStrings)
        }

        /// Adds `definition` unless an earlier file of its folder defined the string: folders
        /// are indexed in order, so that one is the last definition.
        fileprivate static func add(_ definition: Definition, to list: inout [Definition]) {
            if list.last?.folder != definition.folder { list.append(definition) }
        }
    }

    /// Choices made for devices, bounded like every cache of the library.
    private final class Resolutions: Sendable {
        /// By device locale list: the resource locale the Java layer chooses.
        let resourceLocales = BoundedCache<[String], ResolvedLocale>(limit: 1_024)
        /// By resource locale: the one object of each, shared by every list that resolves to it.
        let resolvedLocales = BoundedCache<String, ResolvedLocale>(limit: 1_024)
        /// By resource locale and definition group: the definition libandroidfw picks.
        let choices = BoundedCache<Choice, Int?>(limit: 8_192)
        /// By missing resource: the name it was probably meant to be.
        let suggestions = BoundedCache<AndroidResourceName, String?>(limit: 1_024)

        struct Choice: Hashable, Sendable {
            var tag: String
            var group: Int
        }
    }

    /// The locale the app's resources resolve for on a device with `deviceLocales` (the Java
    /// layer, over the folders' locales), and its language code.
    func resourceLocale(deviceLocales: [String]) -> (tag: String?, languageCode: String) {
        let locale = resolvedLocale(deviceLocales: deviceLocales)
        return (locale.tag, locale.languageCode)
    }

    /// The same, with the loc keys looked up for that locale.
    func resolvedLocale(deviceLocales: [String]) -> ResolvedLocale {
        if let known = resolutions.resourceLocales.cached(deviceLocales) { return known }
        let locale = resolvedLocale(tag: AndroidLocaleResolution.resourceLocale(deviceLocales: deviceLocales, parsedAppLocales: parsedLocales))
        resolutions.resourceLocales.insert(locale, for: deviceLocales)
        return locale
    }

    /// The resource locale `tag` (nil: the default folder), one object per tag.
    func resolvedLocale(tag: String?) -> ResolvedLocale {
        // The default folder's key cannot be a tag: tags are never empty.
        resolutions.resolvedLocales.value(for: tag ?? "") { ResolvedLocale(tag: tag) }
    }

    /// The value of string `name` for a device locale (already chosen by the Java layer):
    /// among the folders that define it, the one libandroidfw picks; references followed.
    /// Nil when no matching folder defines it.
    public func string(named name: String, forResourceLocale tag: String?) -> (text: String, folder: String)? {
        text(of: AndroidResourceName(type: "string", name: name), forResourceLocale: tag)
    }

    /// The text `getString` gives for `resource` on a device locale: among the folders that
    /// define it, the one libandroidfw picks, and its value with references resolved as
    /// `AssetManager2::ResolveReference` does (up to 20 steps, each choosing its own folder;
    /// a reference still left shows as `@` and its ID, as `TypedValue.coerceToString` writes
    /// it). Nil when `getString` throws: no matching folder, a bag (plurals, an array), or a
    /// value with no text.
    public func text(of resource: AndroidResourceName, forResourceLocale tag: String?) -> (text: String, folder: String)? {
        resolvedText(of: resource, forResourceLocale: tag).map { ($0.text, $0.folder) }
    }

    /// What `getString` gives for a resource, and whether it is text or a reference left
    /// unresolved.
    struct ResolvedText: Sendable {
        var text: String
        var folder: String
        /// The references followed when they never reach text (the phone shows an ID).
        var unresolved: UnresolvedReference?
    }

    /// References that do not reach text within the 20 steps `AssetManager2::ResolveReference`
    /// takes: the phone shows the last one's ID (``shown``), a number aapt2 link gave.
    struct UnresolvedReference: Sendable, Hashable {
        /// The resources named, from the first, up to the first repeated (a loop) or the last.
        var chain: [AndroidResourceName]
        /// What the phone shows: `@` and the resource ID.
        var shown: String
    }

    func resolvedText(of resource: AndroidResourceName, forResourceLocale tag: String?) -> ResolvedText? {
        var current = resource
        // Made at the first reference: most strings are text.
        var chain: [AndroidResourceName] = []
        for step in 0...20 {
            guard let (value, folder) = definition(of: current, forResourceLocale: tag) else { return nil }
            switch value {
            case .text(let text): return ResolvedText(text: text, folder: folder)
            case .reference(let type, let target):
                // @null is resource 0, which coerceToString writes "@0"; a typed null has no
                // text; a framework resource is not modelled.
                if type == "null" { return target == "null" ? ResolvedText(text: "@0", folder: folder) : nil }
                guard !type.contains(":") else { return nil }
                let next = AndroidResourceName(type: type, name: target)
                // Named up to the first repeat: the loop is what the finding shows.
                if chain.isEmpty { chain.append(resource) }
                if !chain.dropLast().contains(chain[chain.count - 1]) { chain.append(next) }
                if step == 20 {
                    return link.identifier(of: next).map {
                        let shown = "@\(Int32(bitPattern: $0))"
                        return ResolvedText(text: shown, folder: folder, unresolved: UnresolvedReference(chain: chain, shown: shown))
                    }
                }
                current = next
            }
        }
        return nil
    }

    /// Whether resource IDs (a numeric loc key's target, the number a reference loop shows)
    /// may count resources not read here: libraries given by their locales alone. A built
    /// app's table has every ID.
    var identifiersMayCountUnreadLibraries: Bool { !isBuilt && !build.libraryLocales.isEmpty }

    /// How a phone whose locales are `deviceLocales` reads the app: the locale the Java layer
    /// resolves for (nil: none of the app's, so the default folder), and the app's values
    /// folders in the order libandroidfw prefers them for a string every one defines; a string
    /// a folder lacks comes from the next that has it.
    public func searchOrder(deviceLocales: [String]) -> (resourceLocale: String?, folders: [String]) {
        let tag = resourceLocale(deviceLocales: deviceLocales).tag
        var remaining: [(name: String, config: NativeConfig)] = []
        var seen: Set<String> = []
        for folder in folders where folder.qualifiers.otherQualifiers.isEmpty && seen.insert(folder.name).inserted {
            remaining.append((folder.name, folderConfig(folder.qualifiers.locale)))
        }
        guard let tag, let device = AndroidLocaleResolution.nativeLocale(forLanguageTag: tag) else {
            return (nil, remaining.filter { $0.name == "values" }.map(\.name))
        }
        var order: [String] = []
        while let best = AndroidLocaleResolution.bestMatch(for: device, amongConfigs: remaining.map(\.config)) {
            order.append(remaining.remove(at: best).name)
        }
        return (tag, order)
    }

    /// The `<plurals>` named `name` from the folder libandroidfw picks for the resource locale
    /// `tag` (the default folder for nil), with the folder's name; nil when the linked app has
    /// none there.
    func plurals(named name: String, forResourceLocale tag: String?) -> (resource: AndroidPluralsResource, folder: String)? {
        guard !link.removed.contains(AndroidResourceName(type: "plurals", name: name)) else { return nil }
        var candidates: [(resource: AndroidPluralsResource, folder: Folder)] = []
        for folder in folders where folder.qualifiers.otherQualifiers.isEmpty {
            if let resource = folder.files.lazy.compactMap({ $0.plurals[name] }).first { candidates.append((resource, folder)) }
        }
        let chosen = Self.choice(
            forResourceLocale: tag, among: candidates.map { ($0.folder.qualifiers.locale, folderConfig($0.folder.qualifiers.locale)) })
        return chosen.map { (candidates[$0].resource, candidates[$0].folder.name) }
    }

    /// The folder libandroidfw picks among `folders` (each a locale and its configuration) for
    /// the resource locale `tag`; for nil, the default folder.
    private static func choice(forResourceLocale tag: String?, among folders: [(locale: AndroidLocale?, config: NativeConfig)]) -> Int? {
        guard let tag, let device = AndroidLocaleResolution.nativeLocale(forLanguageTag: tag) else {
            return folders.firstIndex { $0.locale == nil }
        }
        return AndroidLocaleResolution.bestMatch(for: device, amongConfigs: folders.map(\.config))
    }

    /// The value of the folder libandroidfw picks for `resource`, with the folder's name.
    private func definition(of resource: AndroidResourceName, forResourceLocale tag: String?) -> (AndroidResourceValue, String)? {
        let folders = index.folders
        let candidates: [Index.Definition]
        let chosen: Int?
        if resource.type == "string" {
            guard let (definitions, group) = index.entries[resource.name] else { return nil }
            candidates = definitions
            if let tag {
                // The same folders, hence the same choice, for every name of the group. The
                // closure takes the group's configurations, not `self` (see resourceLocale).
                let configs = index.groups[group]
                chosen = resolutions.choices.value(for: .init(tag: tag, group: group)) {
                    guard let device = AndroidLocaleResolution.nativeLocale(forLanguageTag: tag) else {
                        return definitions.firstIndex { folders[$0.folder].locale == nil }
                    }
                    return AndroidLocaleResolution.bestMatch(for: device, amongConfigs: configs)
                }
            } else {
                chosen = candidates.firstIndex { folders[$0.folder].locale == nil }
            }
        } else {
            guard let definitions = index.otherEntries[resource] else { return nil }
            candidates = definitions
            chosen = Self.choice(forResourceLocale: tag, among: definitions.map { (folders[$0.folder].locale, folders[$0.folder].config) })
        }
        guard let chosen else { return nil }
        return (candidates[chosen].value, folders[candidates[chosen].folder].name)
    }
}

/// What an Android phone shows for an FCM message.
public struct AndroidRendering: Sendable, Hashable {
    /// How the notification ends up.
    public enum Outcome: Sendable, Hashable {
        /// A notification is shown.
        case shown
        /// Getting or formatting a localized string throws an exception Firebase does not
        /// catch (named here: `IllegalFormatConversionException`, `Resources.NotFoundException`):
        /// the app crashes and nothing is shown.
        case crash(exception: String)
        /// A data-only message: Firebase shows nothing by itself.
        case notDisplayed
    }

    public var outcome: Outcome
    /// The title shown (the app's name when the message gives none); nil unless shown.
    public var title: String?
    /// The body shown; nil when there is none.
    public var body: String?
    /// The device locale the app's resources resolve for.
    public var resourceLocale: String?
    /// The folders the localized title and body came from (`values-fr`).
    public var titleFolder: String?
    public var bodyFolder: String?
    /// Findings about this rendering: the message's own, then what the phone does.
    public var diagnostics: [LocalizationDiagnostic]
    /// What the phone does that the message's author did not mean, as facts.
    public var issues: [AndroidDeviceIssue] = []
    /// The service the message went through.
    public var channel: PushChannel = .fcm
    /// For a Huawei message, what this rendering rests on that Huawei does not document.
    public var assumptions: [HuaweiAssumption] = []
    /// For a Huawei message, whether it is shown while the app is in the foreground
    /// (`foreground_show`); nil for FCM, which hands it to the app's code then.
    public var shownInForeground: Bool?
}

/// Renders FCM messages the way Firebase's Android SDK and Android do (firebase-android-sdk
/// `NotificationParams.getPossiblyLocalizedString` and `CommonNotificationBuilder`):
///
/// - a non-empty title or body is shown as it is, whatever the loc key;
/// - otherwise the loc key names a string resource; one no folder defines (`getIdentifier` 0)
///   leaves the field empty;
/// - with loc args, the string is `Resources.getString(id, args)`: `String.format` with the
///   resolved locale and String arguments. `MissingFormatArgumentException` is caught (the field
///   is empty); any other exception crashes the app;
/// - without loc args the string is shown as it is, specifiers included;
/// - an empty title shows the app's name; an empty body shows no text.
public enum AndroidRenderer {
    /// Renders `message` for a phone whose locales are `deviceLocales` (BCP 47, in order),
    /// against `resources`; `appLocales` are the whole APK's locales when libraries add some
    /// (the folders' own locales otherwise). `appName` is the app's label.
    public static func render(
        _ message: FCMMessage, deviceLocales: [String], resources: AndroidAppResources, appName: String, appLocales: [String]? = nil
    ) -> AndroidRendering {
        let diagnostics = message.diagnostics
        guard let notification = message.android else {
            return AndroidRendering(outcome: .notDisplayed, resourceLocale: nil, diagnostics: diagnostics)
        }
        let resolved =
            appLocales.map { resources.resolvedLocale(tag: AndroidLocaleResolution.resourceLocale(deviceLocales: deviceLocales, appLocales: $0)) }
            ?? resources.resolvedLocale(deviceLocales: deviceLocales)
        let locale = resolved.tag
        let languageCode = resolved.languageCode
        let start = SourceLocation(file: message.file, line: 1, column: 1)

        var found = Findings()
        enum Field {
            case text(String?, folder: String?)
            case crash(String)
        }
        // Tested once, in place (`channel`): binding or comparing `message.huawei` copies it.
        let isHuawei = message.channel == .huawei
        func resolve(
            _ field: AndroidDeviceIssue.Field, raw: FCMMessage.Field?, rawIsCommon: Bool, key: FCMMessage.Field?, args: [String]?,
            found: inout Findings
        ) -> Field {
            func issue(_ kind: AndroidDeviceIssue.Kind) {
                found.issues.append(AndroidDeviceIssue(kind: kind, field: field, key: key?.value, location: key?.location ?? start))
            }
            // A loc key that is a resource ID, and a string whose references never reach text (the
            // phone shows an ID): both depend on the numbers aapt2 link gave.
            func idIssues(_ lookup: AndroidAppResources.LocKeyLookup) {
                let mayShift = resources.identifiersMayCountUnreadLibraries
                if case .resource(let resource, byIdentifier: true) = lookup.target {
                    issue(.identifierLocKey(resource, mayCountUnreadLibraries: mayShift))
                }
                if let unresolved = lookup.unresolved {
                    issue(.referenceNeverReachesText(chain: unresolved.chain, shown: unresolved.shown, mayCountUnreadLibraries: mayShift))
                }
            }
            /// Huawei Push Kit: multi_lang_key first, then the app's strings.xml, and the literal
            /// text when neither resolves (docs/china.md; the undocumented steps are assumptions).
            func resolveHuawei(_ huawei: HuaweiNotificationFields) -> Field {
                let literal = raw.flatMap { $0.value.isEmpty ? nil : $0.value }
                guard let key, !key.value.isEmpty else { return .text(literal, folder: nil) }
                if literal != nil { found.assume(.locKeyWinsOverLiteral) }
                func unresolved(_ reason: String) -> Field {
                    found.assume(.literalWhenUnresolved)
                    issue(.locKeyUnresolved(reason: reason, literal: literal))
                    return .text(literal, folder: nil)
                }
                // A resource's text comes compiled with its lookup; a multi_lang_key text is compiled here.
                func formatted(_ text: JavaFormatText, folder: String, language: String) -> Field {
                    guard let args else {
                        if let (count, first) = text.argumentsRead {
                            issue(.argumentsNotSent(count: count, shown: first, folder: folder))
                        }
                        return .text(text.text, folder: folder)
                    }
                    found.assume(.javaFormatting)
                    switch JavaFormatter.format(text, args, languageCode: language) {
                    case .success(let formatted): return .text(formatted, folder: folder)
                    case .failure(let error) where error.isMissingArgument:
                        return unresolved(
                            "\"\(key.value)\" in \(folder) needs more than the \(args.count) \(field.rawValue)_loc_args given (\(error.specifier))")
                    case .failure(let error) where error.isOutOfMemory:
                        return unresolved(
                            "\"\(key.value)\" in \(folder) formatted with its \(field.rawValue)_loc_args \(error.overBudgetExplanation)")
                    case .failure(let error):
                        return unresolved("\"\(key.value)\" in \(folder) cannot be formatted with String args: \(error.name) for \(error.specifier)")
                    }
                }
                if huawei.texts(ofKey: key.value) != nil {
                    found.assume(.multiLanguageMatching)
                    if let device = deviceLocales.first, let offered = huawei.text(ofKey: key.value, deviceLocale: device) {
                        let language = AndroidLocale(languageTag: HuaweiNotificationFields.normalized(offered.language))?.language ?? languageCode
                        return formatted(JavaFormatText(offered.text.value), folder: "multi_lang_key.\(offered.language)", language: language)
                    }
                }
                found.assume(.androidResourceRules)
                let lookup = resources.lookUp(locKey: key.value, in: resolved)
                switch lookup.target {
                case .resource(let resource, _):
                    idIssues(lookup)
                    guard let (text, folder) = lookup.text else {
                        let isBag = resource.type != "string" && !resources.hasSimpleValue(resource)
                        return unresolved(
                            isBag
                                ? "\(resource.type) \"\(resource.name)\" has no text (a \(resource.type) is a bag of values)"
                                : "\(resource.type) \"\(resource.name)\" has no value for \(locale ?? "the device")")
                    }
                    return formatted(text, folder: folder, language: languageCode)
                case .notFound(let why, _, _), .crash(let why):
                    return unresolved(why)
                }
            }
            if isHuawei, let huawei = message.huawei {
                return resolveHuawei(huawei)
            }
            if let raw, !raw.value.isEmpty {
                if let key, !key.value.isEmpty { issue(.rawFieldHidesLocKey(raw: raw.value, isCommon: rawIsCommon)) }
                return .text(raw.value, folder: nil)
            }
            guard let key, !key.value.isEmpty else { return .text(nil, folder: nil) }
            let lookup = resources.lookUp(locKey: key.value, in: resolved)
            switch lookup.target {
            case .resource:
                // The resource's name is taken only where an issue needs it: binding it here
                // copied both of its strings on every rendering.
                idIssues(lookup)
            case .notFound(let why, let id, let hint):
                issue(.locKeyNotFound(reason: why, id: id, hint: hint))
                return .text(nil, folder: nil)
            case .crash(let why):
                issue(.identifierNotInApp(reason: why))
                return .crash("Resources.NotFoundException")
            }
            guard let (text, folder) = lookup.text else {
                // Defined only in folders that do not match, or with no text (a plural, an
                // array): getString throws, uncaught.
                if case .resource(let resource, _) = lookup.target {
                    let isBag = resource.type != "string" && !resources.hasSimpleValue(resource)
                    issue(isBag ? .bagHasNoText(resource) : .noValueForLocale(resource, locale: locale))
                }
                return .crash("Resources.NotFoundException")
            }
            guard let args else {
                if let (count, first) = text.argumentsRead { issue(.argumentsNotSent(count: count, shown: first, folder: folder)) }
                return .text(text.text, folder: folder)
            }
            switch JavaFormatter.format(text, args, languageCode: languageCode) {
            case .success(let formatted):
                return .text(formatted, folder: folder)
            case .failure(let error) where error.isMissingArgument:
                issue(.argumentsShort(given: args.count, specifier: error.specifier, folder: folder))
                return .text(nil, folder: folder)
            case .failure(let error):
                issue(.formatThrows(exception: error.name, specifier: error.specifier, folder: folder))
                return .crash(error.name)
            }
        }

        // The text a notification keeps of a shown field; when it is cut, the issue points where
        // the text came from: its raw text when that is not empty, else its loc key (found only
        // then: copying a location on every rendering cost its retain).
        func cut(_ text: String?, _ field: AndroidDeviceIssue.Field, from raw: FCMMessage.Field?, key: FCMMessage.Field?, found: inout Findings)
            -> String?
        {
            guard let text, !text.isEmpty else { return nil }
            guard let (kept, length) = Self.keptText(text) else { return text }
            let location = raw.flatMap { $0.value.isEmpty ? nil : $0.location } ?? key?.location
            found.issues.append(AndroidDeviceIssue(kind: .textCut(length: length), field: field, key: nil, location: location ?? start))
            return kept
        }

        let title = resolve(
            .title, raw: notification.title, rawIsCommon: notification.titleIsCommon, key: notification.titleLocKey, args: notification.titleLocArgs,
            found: &found)
        let body = resolve(
            .body, raw: notification.body, rawIsCommon: notification.bodyIsCommon, key: notification.bodyLocKey, args: notification.bodyLocArgs,
            found: &found)
        // What is shown, gathered in locals and made into the rendering once, at the one way
        // out: a rendering changed in place and returned was copied.
        var outcome = AndroidRendering.Outcome.shown
        var shownTitle: String?
        var titleFolder: String?
        var shownBody: String?
        var bodyFolder: String?
        var shownInForeground: Bool?
        shown: do {
            // Firebase builds the title first: a crash there ends everything.
            if case .crash(let error) = title {
                outcome = .crash(exception: error)
                break shown
            }
            if case .crash(let error) = body {
                outcome = .crash(exception: error)
                break shown
            }
            if case .text(let text, let folder) = title {
                shownTitle = cut(text, .title, from: notification.title, key: notification.titleLocKey, found: &found)
                titleFolder = folder
            }
            if shownTitle == nil {
                shownTitle = appName
                titleFolder = nil
                found.issues.append(AndroidDeviceIssue(kind: .untitled, field: .title, key: nil, location: notification.title?.location ?? start))
            }
            if case .text(let text, let folder) = body {
                shownBody = cut(text, .body, from: notification.body, key: notification.bodyLocKey, found: &found)
                bodyFolder = shownBody == nil ? nil : folder
            }
            if isHuawei, let huawei = message.huawei {
                shownInForeground = huawei.foregroundShow
                if huawei.style == 1 {
                    // Big text: big_title and big_body are shown instead, as they are.
                    for (field, big, key) in [
                        (AndroidDeviceIssue.Field.title, huawei.bigTitle, notification.titleLocKey), (.body, huawei.bigBody, notification.bodyLocKey),
                    ] {
                        guard let big, !big.value.isEmpty else {
                            found.assume(.bigTextFallsBack)
                            continue
                        }
                        if let key, !key.value.isEmpty {
                            found.issues.append(
                                AndroidDeviceIssue(
                                    kind: .bigTextHidesLocKey(bigText: big.value), field: field, key: key.value, location: big.location ?? start))
                        }
                        let kept = cut(big.value, field, from: big, key: nil, found: &found)
                        if field == .title {
                            shownTitle = kept
                            titleFolder = nil
                            found.issues.removeAll { $0.kind == .untitled }
                        } else {
                            shownBody = kept
                            bodyFolder = nil
                        }
                    }
                }
            }
        }
        let findings = consume found
        return AndroidRendering(
            outcome: outcome, title: shownTitle, body: shownBody, resourceLocale: locale, titleFolder: titleFolder, bodyFolder: bodyFolder,
            diagnostics: findings.issues.isEmpty && findings.assumptions.isEmpty
                ? diagnostics
                : diagnostics + findings.issues.map(\.diagnostic) + Self.diagnostics(of: findings.assumptions, in: notification, start: start),
            issues: findings.issues, channel: isHuawei ? .huawei : .fcm, assumptions: findings.assumptions, shownInForeground: shownInForeground)
    }

    /// What a rendering finds on the way, passed `inout` to the steps that add to it: lists
    /// captured by local functions were checked for exclusive access at run time.
    private struct Findings {
        var issues: [AndroidDeviceIssue] = []
        var assumptions: [HuaweiAssumption] = []

        /// What Huawei leaves undocumented is stated once, whichever field relied on it.
        mutating func assume(_ assumption: HuaweiAssumption) {
            if !assumptions.contains(assumption) { assumptions.append(assumption) }
        }
    }

    /// What Huawei leaves undocumented, stated once at the message's first loc key whichever
    /// field relied on it, so that every phone states it in the same place.
    private static func diagnostics(
        of assumptions: [HuaweiAssumption], in notification: FCMMessage.AndroidNotification, start: SourceLocation
    ) -> [LocalizationDiagnostic] {
        guard !assumptions.isEmpty else { return [] }
        let location = (notification.titleLocKey ?? notification.bodyLocKey)?.location ?? start
        return assumptions.map { $0.diagnostic(at: location) }
    }

    /// How much of a title or body a notification keeps, in UTF-16 code units: the
    /// `MAX_CHARSEQUENCE_LENGTH` of AndroidX `NotificationCompat.Builder` and of
    /// `android.app.Notification.Builder`, both of which cut longer text to it.
    public static let maximumTextLength = 5_120

    /// The part of `text` a notification keeps and the text's length, or nil when it is kept
    /// whole. Java cuts between UTF-16 code units: a surrogate pair cut in two leaves its first
    /// half, which a Swift String cannot hold and which shows here as U+FFFD.
    static func keptText(_ text: String) -> (kept: String, length: Int)? {
        // At most one UTF-16 code unit per UTF-8 byte: short text needs no count.
        guard text.utf8.count > maximumTextLength else { return nil }
        let units = text.utf16
        let length = units.count
        guard length > maximumTextLength else { return nil }
        return (String(decoding: units.prefix(maximumTextLength), as: UTF16.self), length)
    }
}

/// Findings for the parts of a `res/` directory that cannot be read, with what `aapt2 compile`
/// does with each: it fails the build on a values file that is a pipe or socket ("not a valid
/// resource file"), a link to nothing ("file not found"), a file or folder it cannot open; it
/// passes over a folder named `*.xml` in a values folder and a folder link that leads nowhere.
enum UnreadableResource {
    /// The finding for a values file of `kind`, or nil for a regular file (read as usual).
    static func valuesFile(_ path: String, kind: FileStatus.Kind) -> LocalizationDiagnostic? {
        switch kind {
        case .regularFile: nil
        case .directory: file(path, reason: "is a directory", failsBuild: false)
        case .other: file(path, reason: "is not a regular file (aapt2: not a valid resource file)", failsBuild: true)
        case .inaccessible(let reason): file(path, reason: reason + " (aapt2: file not found)", failsBuild: true)
        }
    }

    static func file(_ path: String, reason: String, failsBuild: Bool) -> LocalizationDiagnostic {
        finding(path, "cannot read the file: \(reason)", failsBuild: failsBuild)
    }

    static func folder(_ path: String, reason: String, failsBuild: Bool) -> LocalizationDiagnostic {
        finding(path, "cannot read the folder: \(reason)", failsBuild: failsBuild)
    }

    private static func finding(_ path: String, _ message: String, failsBuild: Bool) -> LocalizationDiagnostic {
        var finding = LocalizationDiagnostic(
            .unreadableFile, at: SourceLocation(file: path, line: 1, column: 1),
            message
                + (failsBuild
                    ? "; aapt2 fails the build on it, so no app is built until it is fixed (the rest is checked as if it built)"
                    : "; aapt2 passes over it, so nothing in it is built"))
        if !failsBuild { finding.severity = .warning }
        return finding
    }
}
