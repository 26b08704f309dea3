import LocalizedAlerts
import LocalizedAlertsReports
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The apps' tables as renderers (the iOS app's, the Android app's, or both), with the number
/// of the load that produced them.
public struct LoadedTables: Sendable {
    /// Renders and localizes APNs payloads with the iOS app's tables of this load; nil when the
    /// service has only an Android app.
    public let renderer: AlertRenderer?
    /// Renders and localizes FCM messages with the Android app's resources; nil without `--res`.
    public let android: AndroidAlertRenderer?
    /// 1 for the tables read at start, one more for each successful reload.
    public let generation: Int
    /// The folders read: `--strings` and `--res` with their symbolic links resolved (once per
    /// load, so that a link swapped during the read does not mix two releases).
    public let directories: [String]
    /// What this load lost compared with the tables it replaced (taken with
    /// `acceptsTableLosses`): a localization, a table, or a quarter or more of a table's keys.
    public let losses: [String]
    /// Each table's key count, to compare the next load with.
    let inventory: TableInventory

    /// The localizations an iPhone can get (the bundle's, without `Base`).
    public var localizations: [String] { renderer?.bundle.names.filter { $0 != "Base" } ?? [] }
    /// The Android app's locales, as a phone lists them.
    public var androidLocales: [String] { android?.locales ?? [] }
    /// The development region in force (the option, else Info.plist's).
    public var developmentRegion: String? { renderer?.app.developmentRegion }
    /// The error-level diagnostics of the tables and resources: none unless they were taken
    /// with `acceptsTableErrors`.
    public var errors: [LocalizationDiagnostic] {
        (renderer?.app.allDiagnostics ?? []).filter { $0.severity == .error }
            + (android?.resources.diagnostics ?? []).filter { $0.severity == .error }
    }
    /// Both apps' renderers, for a request of either kind.
    public var localizer: ProviderLocalizer { ProviderLocalizer(apple: renderer, android: android) }
}

/// Why the tables could not be read: the directory cannot be listed, it holds no table, a table
/// has an error (each at its file:line:column), or the files changed while they were read.
public struct TableLoadError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, with the directory or the first errors' places.
    public var description: String
}

/// The last reload that failed, for `/readyz`.
public struct FailedReload: Sendable {
    /// Why, as logged.
    public var reason: String
    /// When, as seconds since 1970.
    public var time: Int
    /// Failed reloads since the tables in force were read.
    public var count: Int
}

/// The tables being served. Read at start; ``reload()`` reads the directory again and swaps
/// the renderer in one step, so a request sees either the old tables or the new ones, never a
/// mix. The folders are resolved once per load, so that a release deployed by swapping a
/// symbolic link is read whole, the one before the swap or the one after. Start and reload take tables by the same rule, so that a restart never brings in what a
/// reload refused: only when every table reads without an error-level diagnostic (a table
/// truncated in a string, a missing `;`, an empty file, invalid UTF-8 or UTF-16 would show keys
/// on every device) and no file changed while it was read. Otherwise the server does not start,
/// or, on a reload, the old tables stay and the failure is kept for `/readyz`.
public final class TableStore: Sendable {
    /// The directory of `.lproj` folders and `.xcstrings` catalogs; nil without an iOS app.
    public let directory: String?
    /// The Android app's `res/` folders (its own first, then its libraries'); empty without one.
    public let resourceDirectories: [String]
    /// The development region given on the command line (overrides Info.plist's).
    public let developmentRegion: String?
    /// Whether tables with error-level diagnostics are taken anyway, at start and on reload
    /// alike (`--accept-table-errors`); ``LoadedTables/errors`` lists them.
    public let acceptsTableErrors: Bool
    /// Whether a reload that loses a localization, a table or a quarter or more of a table's
    /// keys (compared with the tables served) is taken (`--accept-table-losses`); either way
    /// ``LoadedTables/losses`` lists what went.
    public let acceptsTableLosses: Bool
    private let state: Mutex<(tables: LoadedTables, failure: FailedReload?)>

    /// Reads `directory` and the `res/` folders as a reload does; throws when one cannot be
    /// listed, holds no table, a table has an error (unless `acceptsTableErrors`) or a file
    /// changed while it was read.
    public init(
        directory: String?, resourceDirectories: [String] = [], developmentRegion: String? = nil, acceptsTableErrors: Bool = false,
        acceptsTableLosses: Bool = false
    ) throws(TableLoadError) {
        self.directory = directory
        self.resourceDirectories = resourceDirectories
        self.developmentRegion = developmentRegion
        self.acceptsTableErrors = acceptsTableErrors
        self.acceptsTableLosses = acceptsTableLosses
        guard directory != nil || !resourceDirectories.isEmpty else {
            throw TableLoadError(description: "no tables to serve: give the iOS app's --strings, the Android app's --res, or both")
        }
        let read = try Self.readWhole(
            directory, resourceDirectories: resourceDirectories, developmentRegion: developmentRegion, acceptingErrors: acceptsTableErrors)
        state = Mutex((read.loaded(generation: 1, losses: []), nil))
    }

    /// What is served, for the log: the directory and the `res/` folders.
    public var sources: String { ([directory].compactMap { $0 } + resourceDirectories).joined(separator: ", ") }

    /// The tables now in force.
    public var current: LoadedTables { state.withLock { $0.tables } }

    /// The last failed reload, when none has succeeded since.
    public var lastFailure: FailedReload? { state.withLock { $0.failure } }

    /// Reads the directory and the `res/` folders again and, when that worked, serves the new
    /// tables under the next generation. On failure (a loss of tables included, unless
    /// `acceptsTableLosses`) the tables in force stay, and the error says why.
    @discardableResult
    public func reload() throws(TableLoadError) -> LoadedTables {
        // Read outside the lock: requests go on with the old tables meanwhile.
        let read: ReadTables
        let losses: [String]
        do throws(TableLoadError) {
            read = try Self.readWhole(
                directory, resourceDirectories: resourceDirectories, developmentRegion: developmentRegion, acceptingErrors: acceptsTableErrors)
            losses = current.inventory.losses(in: read.inventory)
            if !losses.isEmpty, !acceptsTableLosses {
                throw TableLoadError(
                    description:
                        "the tables in \(read.directories.joined(separator: ", ")) lose what is served: \(TableInventory.describe(losses)); if that is meant, start the server again or reload with --accept-table-losses"
                )
            }
        } catch {
            var time = timespec()
            clock_gettime(CLOCK_REALTIME, &time)
            state.withLock { state in
                state.failure = FailedReload(reason: error.description, time: Int(time.tv_sec), count: (state.failure?.count ?? 0) + 1)
            }
            throw error
        }
        return state.withLock { state in
            state = (read.loaded(generation: state.tables.generation + 1, losses: losses), nil)
            return state.tables
        }
    }

    /// Tables read whole, not yet served.
    struct ReadTables {
        var renderer: AlertRenderer?
        var android: AndroidAlertRenderer?
        var directories: [String]
        var inventory: TableInventory { TableInventory(renderer: renderer, android: android) }

        func loaded(generation: Int, losses: [String]) -> LoadedTables {
            LoadedTables(
                renderer: renderer, android: android, generation: generation, directories: directories, losses: losses, inventory: inventory)
        }
    }

    /// The tables read only when they are whole: no error-level diagnostic (unless
    /// `acceptingErrors`), and every file the same (size, time, inode) after the read as before
    /// it, so that a table being rewritten in place is not taken half-written even where the
    /// part read happens to parse. Each folder's symbolic links are resolved first, once: what
    /// is read is one release even when the link is swapped meanwhile.
    static func readWhole(
        _ directory: String?, resourceDirectories: [String], developmentRegion: String?, acceptingErrors: Bool
    ) throws(TableLoadError) -> ReadTables {
        let directory = directory.map(resolved)
        let resourceDirectories = resourceDirectories.map(resolved)
        let watched = [directory].compactMap { $0 } + resourceDirectories
        let before = watched.map(TableFiles.init(directory:))
        let renderer = try directory.map { (directory) throws(TableLoadError) in try read(directory, developmentRegion: developmentRegion) }
        let android = try resourceDirectories.isEmpty ? nil : readAndroid(resourceDirectories)
        let tables = ReadTables(renderer: renderer, android: android, directories: watched)
        let errors = tables.loaded(generation: 0, losses: []).errors
        if !errors.isEmpty && !acceptingErrors {
            throw TableLoadError(description: describe(errors, in: watched.joined(separator: ", ")))
        }
        guard watched.map(TableFiles.init(directory:)) == before else {
            throw TableLoadError(
                description:
                    "the tables in \(watched.joined(separator: ", ")) changed while they were read; deploy a new release folder and swap a symbolic link to it (docs/server.md)"
            )
        }
        return tables
    }

    /// `path` with its symbolic links resolved; itself when it cannot be (reading it then says why).
    static func resolved(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The count of `errors` and the first three, each at its file:line:column.
    static func describe(_ errors: [LocalizationDiagnostic], in directory: String) -> String {
        let shown = errors.prefix(3).map { "\($0.location): \($0.message)" }.joined(separator: "; ")
        return "\(errors.count) error\(errors.count == 1 ? "" : "s") in the tables of \(directory): \(shown)\(errors.count > 3 ? "; …" : "")"
    }

    private static func read(_ directory: String, developmentRegion: String?) throws(TableLoadError) -> AlertRenderer {
        var app: AppLocalizations
        do {
            app = try AppLocalizations(directory: directory)
        } catch {
            throw TableLoadError(description: "cannot read the tables in \(directory): \(error)")
        }
        let tableCount = app.localizations.reduce(0) { $0 + $1.tables.count + $1.stringsDictionaries.count } + app.catalogs.count
        guard tableCount > 0 else {
            throw TableLoadError(
                description: "\(directory) holds no table (no .lproj folder with a .strings or .stringsdict file, and no .xcstrings)")
        }
        if let developmentRegion { app.developmentRegion = developmentRegion }
        return AlertRenderer(app: app)
    }

    /// The Android app's `res/` folders linked as one app, as a Gradle build links them.
    private static func readAndroid(_ directories: [String]) throws(TableLoadError) -> AndroidAlertRenderer {
        let resources: AndroidAppResources
        do {
            resources = try AndroidAppResources(resourceDirectories: directories)
        } catch {
            throw TableLoadError(description: "cannot read the Android resources in \(error.path): \(error.reason)")
        }
        guard resources.folders.contains(where: { $0.files.contains { !$0.strings.isEmpty || !$0.plurals.isEmpty } }) else {
            throw TableLoadError(description: "\(directories.joined(separator: ", ")) holds no string (no values folder with a strings file)")
        }
        return AndroidAlertRenderer(resources: resources)
    }
}

/// What a load holds, to compare a reload with the tables it would replace: the localizations,
/// and each table's key count by its place (`fr.lproj/Localizable.strings`,
/// `Localizable.xcstrings`, an Android `values-fr` folder).
struct TableInventory: Equatable, Sendable {
    /// A table that loses this share of its keys or more is a loss.
    static let lostShare = 0.25

    var localizations: Set<String> = []
    var keyCounts: [String: Int] = [:]

    init(renderer: AlertRenderer?, android: AndroidAlertRenderer?) {
        if let app = renderer?.app {
            for localization in app.localizations {
                localizations.insert(localization.name)
                for (name, table) in localization.tables { keyCounts["\(localization.name).lproj/\(name).strings"] = table.count }
                for (name, table) in localization.stringsDictionaries {
                    keyCounts["\(localization.name).lproj/\(name).stringsdict"] = table.entries.count
                }
            }
            for (name, catalog) in app.catalogs { keyCounts["\(name).xcstrings"] = catalog.strings.count }
        }
        for folder in android?.resources.folders ?? [] {
            let count = folder.files.reduce(0) { $0 + $1.strings.names.count + $1.plurals.count }
            keyCounts[folder.name, default: 0] += count
        }
    }

    /// What `new` lacks of this, each said in words: a localization gone (its tables are not
    /// listed again), a table gone, a table with a quarter or more of its keys gone.
    func losses(in new: TableInventory) -> [String] {
        let gone = localizations.subtracting(new.localizations).sorted()
        var losses = gone.map { "localization \($0) is gone" }
        for (place, count) in keyCounts.sorted(by: { $0.key < $1.key }) {
            if gone.contains(where: { place.hasPrefix("\($0).lproj/") }) { continue }
            guard let newCount = new.keyCounts[place] else {
                losses.append("\(place) is gone")
                continue
            }
            if count > 0, Double(count - newCount) >= Double(count) * Self.lostShare {
                losses.append("\(place) has \(newCount) of its \(count) keys")
            }
        }
        return losses
    }

    /// The first five losses, and how many more.
    static func describe(_ losses: [String]) -> String {
        losses.prefix(5).joined(separator: "; ") + (losses.count > 5 ? "; and \(losses.count - 5) more" : "")
    }
}

/// The files of a tables directory (the directory's entries and each `.lproj` folder's) with
/// their size, modification time and inode: equal snapshots mean nothing was rewritten between.
struct TableFiles: Equatable {
    struct Entry: Equatable {
        var path: String
        var size: Int64
        var modified: Int64
        var inode: UInt64
    }

    var entries: [Entry] = []

    init(directory: String) {
        for name in Self.names(in: directory) {
            let path = directory + "/" + name
            add(path)
            if name.hasSuffix(".lproj") || name == "values" || name.hasPrefix("values-") {
                for inner in Self.names(in: path) { add(path + "/" + inner) }
            }
        }
    }

    private mutating func add(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        #if canImport(Darwin)
        let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
        entries.append(Entry(path: path, size: Int64(info.st_size), modified: modified, inode: UInt64(info.st_ino)))
    }

    private static func names(in directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
