/// What a lint checks, found by walking the paths it is given: apps (folders holding `.lproj`
/// folders or catalogs), catalogs and table files standing alone, and what was found but
/// cannot be read.
package struct LintTargets: Sendable {
    /// Folders read as apps.
    package var apps: [String] = []
    /// `.xcstrings` files outside any app folder.
    package var catalogs: [String] = []
    /// `.strings` and `.stringsdict` files outside any app folder.
    package var files: [String] = []
    /// Android resource folders: a `res` folder holding `values` folders (or a path given that
    /// holds them, whatever its name).
    package var resourceFolders: [String] = []
    /// Found by the walk but not readable (`table.unreadable-file`): a FIFO, a directory named
    /// like a table, a dangling link, a folder that cannot be listed.
    package var unreadable: [LocalizationDiagnostic] = []
    /// How many targets there are to check.
    package var count: Int { apps.count + catalogs.count + files.count + resourceFolders.count }

    /// Folders of build products and third-party code, never searched: their tables are not
    /// the app's to fix (a configuration file can name more).
    package static let skipped: Set<String> = [".build", ".git", ".swiftpm", "node_modules", "DerivedData", "Pods", "Carthage", "vendor"]

    /// Whether a file name is a table's.
    package static func isTable(_ name: String) -> Bool {
        name.hasSuffix(".strings") || name.hasSuffix(".stringsdict") || name.hasSuffix(".xcstrings")
    }

    mutating func add(_ file: String) {
        if file.hasSuffix(".xcstrings") { catalogs.append(file) } else { files.append(file) }
    }

    /// The finding for a file that cannot be read, as the library gives it inside an app.
    static func unreadable(_ path: String, _ reason: String, what: String = "file") -> LocalizationDiagnostic {
        LocalizationDiagnostic(.unreadableFile, at: SourceLocation(file: path, line: 1, column: 1), "cannot read the \(what): \(reason)")
    }
}

/// The walk: each directory once however many symbolic links lead to it, excluded paths left
/// out (and the globs that excluded something remembered, so that one that never did can be
/// reported).
struct TargetWalk {
    var targets = LintTargets()
    private var visited: Set<FileStatus.Identity> = []
    /// Which excluded globs matched a path; nil when nothing is excluded.
    private(set) var usedExclusions: Set<Int> = []
    let exclusion: (String) -> Int?

    init(exclusion: @escaping (String) -> Int?) { self.exclusion = exclusion }

    /// Adds what `path` holds. A path given must be there and readable (a failure otherwise);
    /// inside its directories, what cannot be read is a finding.
    mutating func add(_ path: String) throws(LintSession.Failure) {
        let kind = FileStatus.kind(of: path)
        if kind == .directory {
            do {
                try walk(path, isGiven: true)
            } catch {
                throw LintSession.Failure("cannot lint", path, reason: error.reason)
            }
        } else if let problem = kind.problem {
            throw LintSession.Failure("cannot lint", path, reason: problem)
        } else {
            targets.add(path)
        }
    }

    /// A directory holding .lproj folders or catalogs is an app; its other subfolders are
    /// searched too (packages inside apps have their own). A `res` folder holding `values`
    /// folders is an Android module's resources, not searched further. Only regular files are
    /// read; anything else named like a table is reported, never opened. Throws only when
    /// `directory` itself cannot be listed; a subfolder that cannot be is a finding.
    private mutating func walk(_ directory: String, isGiven: Bool = false) throws(FileReadError) {
        if let identity = FileStatus.identity(directory), !visited.insert(identity).inserted { return }
        let names = try FileStatus.visibleNames(in: directory)
        if isGiven || directory.split(separator: "/").last == "res",
            names.contains(where: { ($0 == "values" || $0.hasPrefix("values-")) && FileStatus.isDirectory(FileSystem.join(directory, $0)) })
        {
            targets.resourceFolders.append(directory)
            return
        }
        // A Gradle module's build/ folder holds what the build generated (merged resources
        // among them), not the app's sources.
        let isGradleModule = names.contains("build.gradle") || names.contains("build.gradle.kts")
        var entries: [(name: String, path: String, kind: FileStatus.Kind)] = []
        for name in names where !LintTargets.skipped.contains(name) && !(isGradleModule && name == "build") {
            let path = FileSystem.join(directory, name)
            if let index = exclusion(path) {
                usedExclusions.insert(index)
                continue
            }
            entries.append((name, path, FileStatus.kind(of: path)))
        }
        let isApp = entries.contains {
            ($0.name.hasSuffix(".lproj") && $0.kind == .directory) || ($0.name.hasSuffix(".xcstrings") && $0.kind == .regularFile)
        }
        if isApp { targets.apps.append(directory) }
        for entry in entries {
            if LintTargets.isTable(entry.name) {
                guard !isApp else { continue }  // the app's reader reads its tables
                if let problem = entry.kind.problem {
                    targets.unreadable.append(LintTargets.unreadable(entry.path, problem))
                } else {
                    targets.add(entry.path)
                }
            } else if entry.kind == .directory && !entry.name.hasSuffix(".lproj") {
                do {
                    try walk(entry.path)
                } catch {
                    targets.unreadable.append(LintTargets.unreadable(entry.path, error.reason, what: "folder"))
                }
            }
        }
    }
}
