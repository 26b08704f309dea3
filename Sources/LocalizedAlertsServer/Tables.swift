import LocalizedAlerts
import Synchronization

/// The app's tables as one renderer, with the number of the load that produced it.
public struct LoadedTables: Sendable {
    /// Renders and localizes with the tables of this load.
    public let renderer: AlertRenderer
    /// 1 for the tables read at start, one more for each successful reload.
    public let generation: Int

    /// The localizations a device can get (the bundle's, without `Base`).
    public var localizations: [String] { renderer.bundle.names.filter { $0 != "Base" } }
    /// The development region in force (the option, else Info.plist's).
    public var developmentRegion: String? { renderer.app.developmentRegion }
}

/// Why the tables could not be read: the directory cannot be listed, or it holds no table.
public struct TableLoadError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, with the directory.
    public var description: String
}

/// The tables being served. Read once at start; ``reload()`` reads the directory again and swaps
/// the renderer in one step, so a request sees either the old tables or the new ones, never a
/// mix; a reload that fails leaves the old tables in place.
public final class TableStore: Sendable {
    /// The directory of `.lproj` folders and `.xcstrings` catalogs.
    public let directory: String
    /// The development region given on the command line (overrides Info.plist's).
    public let developmentRegion: String?
    private let state: Mutex<LoadedTables>

    /// Reads `directory`; throws when it cannot be listed or holds no table.
    public init(directory: String, developmentRegion: String? = nil) throws(TableLoadError) {
        self.directory = directory
        self.developmentRegion = developmentRegion
        let renderer = try Self.read(directory, developmentRegion: developmentRegion)
        state = Mutex(LoadedTables(renderer: renderer, generation: 1))
    }

    /// The tables now in force.
    public var current: LoadedTables { state.withLock { $0 } }

    /// Reads the directory again and, when that worked, serves the new tables under the next
    /// generation. On failure the tables in force stay, and the error says why.
    @discardableResult
    public func reload() throws(TableLoadError) -> LoadedTables {
        // Read outside the lock: requests go on with the old tables meanwhile.
        let renderer = try Self.read(directory, developmentRegion: developmentRegion)
        return state.withLock { tables in
            tables = LoadedTables(renderer: renderer, generation: tables.generation + 1)
            return tables
        }
    }

    static func read(_ directory: String, developmentRegion: String?) throws(TableLoadError) -> AlertRenderer {
        var app: AppLocalizations
        do {
            app = try AppLocalizations(directory: directory)
        } catch {
            throw TableLoadError(description: "cannot read the tables in \(directory): \(error)")
        }
        let tableCount = app.localizations.reduce(0) { $0 + $1.tables.count + $1.stringsDictionaries.count } + app.catalogs.count
        guard tableCount > 0 else {
            throw TableLoadError(description: "\(directory) holds no table (no .lproj folder with a .strings or .stringsdict file, and no .xcstrings)")
        }
        if let developmentRegion { app.developmentRegion = developmentRegion }
        return AlertRenderer(app: app)
    }
}
