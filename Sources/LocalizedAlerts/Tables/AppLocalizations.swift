/// An app's localizations as they sit on disk: a directory holding `<name>.lproj` folders, each
/// with named tables (`Localizable.strings`, `InfoPlist.strings`, …), and optionally an
/// `Info.plist` with `CFBundleDevelopmentRegion` and `CFBundleLocalizations`.
///
/// Loading never gives up on the whole app because one file is broken: every table that can be
/// read is kept, and every problem is in ``diagnostics`` or the tables' own diagnostics.
///
/// ```swift
/// let app = try AppLocalizations(directory: "MyApp/Resources")   // en.lproj, fr.lproj, …
/// for localization in app.localizations {
///     print(localization.name, localization.tableNames)           // fr ["InfoPlist", "Localizable"]
/// }
/// if app.allDiagnostics.containsErrors {
///     // some table is broken: on a device it is empty
/// }
/// ```
public struct AppLocalizations: Sendable {
    /// One localization of the app: an `.lproj` folder's tables, or a language that only String Catalogs
    /// provide.
    public struct Localization: Sendable {
        /// The folder name without `.lproj` (`en`, `zh-Hans`, `Base`, `English`).
        public var name: String
        /// The `.lproj` folder; nil for a language that only a String Catalog provides.
        public var path: String?
        /// Text tables by table name (`Localizable` for `Localizable.strings`).
        public var tables: [String: LocalizationTable]
        /// `.stringsdict` files by table name.
        public var stringsDictionaries: [String: StringsDictionary]

        /// A localization built in code (tests, tools that read tables themselves).
        /// - Parameters:
        ///   - name: The folder name without `.lproj`.
        ///   - path: The `.lproj` folder, or nil.
        ///   - tables: Text tables by table name.
        ///   - stringsDictionaries: `.stringsdict` files by table name.
        public init(
            name: String, path: String?, tables: [String: LocalizationTable], stringsDictionaries: [String: StringsDictionary] = [:]
        ) {
            self.name = name
            self.path = path
            self.tables = tables
            self.stringsDictionaries = stringsDictionaries
        }

        /// Table names in sorted order.
        public var tableNames: [String] { tables.keys.sorted() }
    }

    /// The directory the app was read from; nil for an app built in code.
    public var directory: String?
    /// `CFBundleDevelopmentRegion` from Info.plist, if there is one.
    public var developmentRegion: String?
    /// `CFBundleLocalizations` from Info.plist, in its order.
    public var declaredLocalizations: [String]
    /// `CFBundleDisplayName` (else `CFBundleName`) from Info.plist: the name under the icon and
    /// at the top of each notification, unless a localization's InfoPlist.strings overrides it.
    public var displayName: String?
    /// The base names of the app's icon files as Info.plist lists them (`CFBundleIcons`'s and
    /// `CFBundleIcons~ipad`'s `CFBundlePrimaryIcon.CFBundleIconFiles`, then `CFBundleIconFiles`
    /// and `CFBundleIconFile`), each once, in that order: Xcode copies those icons beside
    /// Info.plist (as `AppIcon60x60@2x.png`, say) as well as into the asset catalog.
    public var iconFiles: [String] = []
    /// Whether the folder is a built app (a `.app` or `.appex`, or an Info.plist naming its
    /// executable outright): read as a device reads it, compiled tables only.
    public var isBuiltBundle = false
    /// Localizations in sorted name order: the `.lproj` folders, and the languages of String
    /// Catalogs (which Xcode compiles into `.lproj` folders).
    public var localizations: [Localization]
    /// String Catalogs (`.xcstrings` in the directory) by table name.
    public var catalogs: [String: StringCatalog]
    /// Problems with the directory itself or its Info.plist (tables carry their own).
    public var diagnostics: [LocalizationDiagnostic]

    /// An app built in code from tables already read, such as a test's or a tool's own.
    ///
    /// Every language of `catalogs` that no `.lproj` folder has becomes a localization without tables, as
    /// Xcode's build would make one; localizations are kept sorted by name.
    /// - Parameters:
    ///   - directory: Where the app is, for messages.
    ///   - developmentRegion: Info.plist's `CFBundleDevelopmentRegion`.
    ///   - declaredLocalizations: Info.plist's `CFBundleLocalizations`.
    ///   - localizations: The `.lproj` folders' contents.
    ///   - catalogs: String Catalogs by table name.
    ///   - diagnostics: Problems with the app as a whole.
    public init(
        directory: String? = nil, developmentRegion: String? = nil, declaredLocalizations: [String] = [],
        localizations: [Localization], catalogs: [String: StringCatalog] = [:], diagnostics: [LocalizationDiagnostic] = []
    ) {
        var all = localizations
        var names = Set(localizations.map(\.name))
        for catalog in catalogs.values {
            for language in catalog.languages where names.insert(language).inserted {
                all.append(Localization(name: language, path: nil, tables: [:]))
            }
        }
        self.directory = directory
        self.developmentRegion = developmentRegion
        self.declaredLocalizations = declaredLocalizations
        self.localizations = all.sorted { $0.name < $1.name }
        self.catalogs = catalogs
        self.diagnostics = diagnostics
    }

    /// The localization named `name` (folder name without `.lproj`).
    public func localization(named name: String) -> Localization? {
        localizations.first { $0.name == name }
    }

    /// Every diagnostic: the directory's and every table's.
    public var allDiagnostics: [LocalizationDiagnostic] {
        diagnostics
            + localizations.flatMap { localization in
                localization.tableNames.flatMap { localization.tables[$0]!.diagnostics }
                    + localization.stringsDictionaries.keys.sorted().flatMap { localization.stringsDictionaries[$0]!.diagnostics }
            }
            + catalogs.keys.sorted().flatMap { catalogs[$0]!.diagnostics }
    }

    /// Loads `directory`. Throws only when the directory itself cannot be listed.
    public init(directory: String, limits: ReadingLimits = .default) throws(FileReadError) {
        try self.init(AppFiles(directory: directory, memory: nil), limits: limits)
    }

    /// An app whose files are already in memory, such as the entries of an `.ipa` read without
    /// writing them anywhere: `files` maps paths inside the app folder (`Info.plist`,
    /// `fr.lproj/Localizable.strings`) to their bytes, and `directory` names the folder in
    /// locations (`MyApp.ipa/Payload/MyApp.app`). Read exactly as a folder holding those files.
    public init(directory: String, files: [String: [UInt8]], limits: ReadingLimits = .default) {
        // Listing memory never fails.
        self = try! AppLocalizations(AppFiles(directory: directory, memory: AppFiles.Memory(files)), limits: limits)
    }

    private init(_ files: AppFiles, limits: ReadingLimits) throws(FileReadError) {
        let directory = files.directory
        let names = try files.names(in: "")
        var diagnostics: [LocalizationDiagnostic] = []
        var developmentRegion: String?
        var displayName: String?
        var iconFiles: [String] = []
        var declared: [String] = []
        // A built bundle is read as a device reads it; a source folder as Xcode compiles it.
        var isBuilt = directory.hasSuffix(".app") || directory.hasSuffix(".app/") || directory.hasSuffix(".appex")
        if names.contains("Info.plist") {
            let path = FileSystem.join(directory, "Info.plist")
            do {
                let bytes = try files.readAll("Info.plist", maximumSize: limits.maximumFileSize)
                let document = PropertyListReader.read(bytes, file: path, limits: limits)
                diagnostics += document.diagnostics
                if let root = document.root {
                    developmentRegion = root.value["CFBundleDevelopmentRegion"]?.value.stringValue
                    displayName = (root.value["CFBundleDisplayName"] ?? root.value["CFBundleName"])?.value.stringValue
                    iconFiles = AppLocalizations.iconFiles(root.value)
                    // A source Info.plist names its executable with a build setting.
                    if let executable = root.value["CFBundleExecutable"]?.value.stringValue, !executable.contains("$(") { isBuilt = true }
                    if case .array(let items)? = root.value["CFBundleLocalizations"]?.value {
                        declared = items.compactMap { $0.value.stringValue }
                    }
                }
            } catch {
                diagnostics.append(AppLocalizations.unreadable(error))
            }
        }
        // Localizations are read concurrently (a file each at a time per core), and kept in
        // folder order with their diagnostics, so the result does not depend on scheduling.
        let folders = names.filter { $0.hasSuffix(".lproj") }
        var localizations: [Localization] = []
        for read in ParallelWork.map(folders, { AppLocalizations.readLocalization(folder: $0, in: files, limits: limits) }) {
            diagnostics += read.diagnostics
            if let localization = read.localization { localizations.append(localization) }
        }
        var catalogs: [String: StringCatalog] = [:]
        for name in names where name.hasSuffix(".xcstrings") {
            let path = FileSystem.join(directory, name)
            // Xcode compiles a catalog into .strings and .stringsdict; Foundation on a device
            // never reads one, so a built app that ships it raw has no such translations.
            if isBuilt {
                diagnostics.append(
                    LocalizationDiagnostic(
                        .uncompiledCatalog, at: SourceLocation(file: path, line: 1, column: 1),
                        "this built app ships \(name) uncompiled: a device does not read String Catalogs, so its keys show raw in every language",
                        hint:
                            "build the app with Xcode, which compiles catalogs to .strings and .stringsdict in each .lproj folder (SwiftPM's resource processing copies them as they are)"
                    ))
                continue
            }
            do {
                let bytes = try files.readAll(name, maximumSize: limits.maximumFileSize)
                catalogs[String(name.dropLast(".xcstrings".count))] = StringCatalog(parsing: bytes, file: path, limits: limits)
            } catch {
                diagnostics.append(AppLocalizations.unreadable(error))
            }
        }
        self.init(
            directory: directory, developmentRegion: developmentRegion, declaredLocalizations: declared,
            localizations: localizations, catalogs: catalogs, diagnostics: diagnostics)
        self.displayName = displayName
        self.iconFiles = iconFiles
        self.isBuiltBundle = isBuilt
    }

    /// The icon names an Info.plist lists, each once (see ``iconFiles``).
    static func iconFiles(_ info: PropertyListValue) -> [String] {
        func strings(_ node: PropertyListNode?) -> [String] {
            guard case .array(let items)? = node?.value else { return node?.value.stringValue.map { [$0] } ?? [] }
            return items.compactMap { $0.value.stringValue }
        }
        var names: [String] = []
        for key in ["CFBundleIcons", "CFBundleIcons~ipad"] {
            names += strings(info[key]?.value["CFBundlePrimaryIcon"]?.value["CFBundleIconFiles"])
        }
        names += strings(info["CFBundleIconFiles"]) + strings(info["CFBundleIconFile"])
        var seen: Set<String> = []
        return names.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// One `.lproj` folder's tables and dictionaries; nil when `folder` is not a directory.
    private static func readLocalization(folder name: String, in files: AppFiles, limits: ReadingLimits) -> (
        localization: Localization?, diagnostics: [LocalizationDiagnostic]
    ) {
        let path = FileSystem.join(files.directory, name)
        guard files.kind(of: name) == .directory else { return (nil, []) }
        var diagnostics: [LocalizationDiagnostic] = []
        var tables: [String: LocalizationTable] = [:]
        var dictionaries: [String: StringsDictionary] = [:]
        do {
            for file in try files.names(in: name) {
                let relative = name + "/" + file
                let filePath = FileSystem.join(path, file)
                let isTable = file.hasSuffix(".strings") || file.hasSuffix(".stringsdict")
                guard isTable else { continue }
                // A folder or pipe named like a table is reported, never skipped in silence
                // (and never opened: a pipe would block).
                let kind = files.kind(of: relative)
                guard kind == .file else {
                    let what = kind == .directory ? "is a directory" : "is not a regular file"
                    diagnostics.append(AppLocalizations.unreadable(FileReadError(path: filePath, reason: what)))
                    continue
                }
                do {
                    let read = try files.read(relative, maximumSize: limits.maximumFileSize)
                    if file.hasSuffix(".strings") {
                        let table: LocalizationTable
                        switch read {
                        case .contents(let bytes): table = LocalizationTable(parsing: bytes, file: filePath, limits: limits)
                        case .tooLarge(let size): table = TableReader.refused(file: filePath, size: size, limits: limits)
                        }
                        tables[String(file.dropLast(".strings".count))] = table
                    } else {
                        dictionaries[String(file.dropLast(".stringsdict".count))] = StringsDictionary(read, file: filePath, limits: limits)
                    }
                } catch {
                    diagnostics.append(AppLocalizations.unreadable(error))
                }
            }
        } catch {
            diagnostics.append(AppLocalizations.unreadable(error))
        }
        let localization = Localization(name: String(name.dropLast(".lproj".count)), path: path, tables: tables, stringsDictionaries: dictionaries)
        return (localization, diagnostics)
    }

    /// The app's name as a device with `searchList` shows it: the first localization on the
    /// list whose InfoPlist.strings names it, else Info.plist's.
    public func displayName(searchList: [String]) -> String? {
        for name in searchList {
            guard let table = localization(named: name)?.tables["InfoPlist"] else { continue }
            if let localized = table["CFBundleDisplayName"] ?? table["CFBundleName"] { return localized }
        }
        return displayName
    }

    static func unreadable(_ error: FileReadError) -> LocalizationDiagnostic {
        LocalizationDiagnostic(
            .unreadableFile, at: SourceLocation(file: error.path, line: 1, column: 1),
            "cannot read the file: \(error.reason)")
    }
}

/// Where an app's files are read from: a folder on disk, or files already in memory (an
/// archive's entries). Paths are relative to the app folder; "" is the folder itself.
private struct AppFiles: Sendable {
    /// Files in memory, with the names each folder holds (built once: listing a folder of an
    /// archive of many entries costs what the folder holds, not what the archive holds).
    struct Memory: Sendable {
        var files: [String: [UInt8]]
        var children: [String: [String]]

        init(_ files: [String: [UInt8]]) {
            self.files = files
            var children: [String: Set<String>] = [:]
            for path in files.keys {
                var parent = ""
                for component in path.split(separator: "/") {
                    children[parent, default: []].insert(String(component))
                    parent = parent.isEmpty ? String(component) : parent + "/" + component
                }
            }
            self.children = children.mapValues { $0.sorted() }
        }
    }

    let directory: String
    let memory: Memory?

    func path(_ relative: String) -> String { relative.isEmpty ? directory : FileSystem.join(directory, relative) }

    /// The names in a folder, sorted.
    func names(in relative: String) throws(FileReadError) -> [String] {
        guard let memory else { return try FileSystem.contentsOfDirectory(path(relative)) }
        return memory.children[relative] ?? []
    }

    func kind(of relative: String) -> FileSystem.EntryKind? {
        guard let memory else { return FileSystem.kind(of: path(relative)) }
        return memory.files[relative] != nil ? .file : memory.children[relative] != nil ? .directory : nil
    }

    func read(_ relative: String, maximumSize: Int) throws(FileReadError) -> FileSystem.ReadResult {
        guard let memory else { return try FileSystem.readFile(path(relative), maximumSize: maximumSize) }
        guard let bytes = memory.files[relative] else {
            throw FileReadError(path: path(relative), reason: kind(of: relative) == .directory ? "is a directory" : "no such file")
        }
        return bytes.count > maximumSize ? .tooLarge(size: bytes.count) : .contents(bytes)
    }

    func readAll(_ relative: String, maximumSize: Int) throws(FileReadError) -> [UInt8] {
        switch try read(relative, maximumSize: maximumSize) {
        case .contents(let bytes): return bytes
        case .tooLarge(let size): throw FileReadError(path: path(relative), reason: "is \(size) bytes, over the limit of \(maximumSize)")
        }
    }
}
