import Foundation
import LocalizedAlerts
import ZIPFoundation

/// A built Android app read as a device reads its resources: an `.apk`'s `resources.arsc`, an
/// `.aab`'s `base/resources.pb` with every other module's `<module>/resources.pb`, or a folder
/// of split APKs (`base.apk`, `split_config.fr.apk`, …) merged into one table. Archives are
/// read with ``BoundedZipReader``, into memory only, with the `.ipa` reader's caps.
enum AndroidArchive {
    /// Bytes one resource table may expand to (the table reader's own limit is the same).
    static let maximumEntryBytes = AndroidResourceTable.Limits.default.maximumTableSize
    /// Bytes all the tables of one archive may expand to.
    static let maximumTotalBytes = 512 << 20
    /// Split APKs a folder may hold (Play delivers a few per device; a bundle makes dozens).
    static let maximumSplitCount = 512

    /// Whether `path` names a built Android app (an archive; a folder of splits is told by
    /// its content).
    static func isArchive(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return lowered.hasSuffix(".apk") || lowered.hasSuffix(".aab")
    }

    /// Whether `path` is a built app rather than a `res/` folder: an `.apk` or `.aab`, or a
    /// folder that holds APKs and no `values` folder.
    static func isBuiltApp(_ path: String) -> Bool {
        if isArchive(path) { return true }
        guard FileStatus.isDirectory(path), let names = try? FileStatus.visibleNames(in: path) else { return false }
        return names.contains { $0.lowercased().hasSuffix(".apk") } && !names.contains { $0 == "values" || $0.hasPrefix("values-") }
    }

    /// The resources of `paths` as the phone has them: a built app's table, or `res/` folders
    /// (an app's, then its libraries') linked as one app as `build` says.
    static func resources(_ paths: [String], build: AndroidBuildSettings) throws -> AndroidAppResources {
        let built = paths.filter(isBuiltApp)
        if let app = built.first {
            guard paths.count == 1 else {
                throw InputOutputError("cannot read the resources", app, reason: "give either res/ folders or one built app, not both")
            }
            return AndroidAppResources(builtApp: try read(app), build: build)
        }
        return try readingInput("cannot read the resources \(paths.joined(separator: ", "))") {
            try AndroidAppResources(resourceDirectories: paths, build: build)
        }
    }

    /// The resource table of the app at `path`: an `.apk`, an `.aab`, or a folder of split APKs.
    static func read(_ path: String) throws(InputOutputError) -> AndroidResourceTable {
        if path.lowercased().hasSuffix(".aab") { return try readBundle(path) }
        if path.lowercased().hasSuffix(".apk") { return try merged([try readAPK(path)], path) }
        guard FileStatus.isDirectory(path) else {
            throw InputOutputError("cannot read the Android app", path, reason: "neither an .apk, an .aab nor a folder of split APKs")
        }
        let names: [String]
        do {
            names = try FileStatus.visibleNames(in: path).filter { $0.lowercased().hasSuffix(".apk") && !$0.hasPrefix(".") }.sorted()
        } catch {
            throw InputOutputError("cannot read the Android app", path, reason: error.reason)
        }
        guard !names.isEmpty else { throw InputOutputError("cannot read the Android app", path, reason: "the folder holds no .apk") }
        guard names.count <= maximumSplitCount else {
            throw InputOutputError("cannot read the Android app", path, reason: "more than \(maximumSplitCount) APKs; one app's splits are far fewer")
        }
        // base.apk first, so that its package name is the one the others must share.
        let ordered = names.filter { $0 == "base.apk" } + names.filter { $0 != "base.apk" }
        var tables: [AndroidResourceTable] = []
        for name in ordered { tables.append(try readAPK(FileSystem.join(path, name))) }
        return try merged(tables, path)
    }

    /// An APK's `resources.arsc`.
    static func readAPK(_ path: String) throws(InputOutputError) -> AndroidResourceTable {
        let what = "cannot read the APK"
        let archive = try BoundedZipReader(path, what: what, maximumEntryBytes: maximumEntryBytes, maximumTotalBytes: maximumTotalBytes)
        guard let entry = archive.entries.first(where: { $0.path == "resources.arsc" }) else {
            throw InputOutputError(what, path, reason: "no resources.arsc in the archive (an APK without resources, or not an APK)")
        }
        guard entry.type == .file else {
            throw InputOutputError(what, path, reason: "resources.arsc is not a file in the archive (a symbolic link or a folder)")
        }
        let bytes = try archive.read([entry])[0]
        return try table(what, path) { () throws(AndroidResourceTableError) in
            try AndroidResourceTable(arsc: bytes, file: path + "!resources.arsc")
        }
    }

    /// An App Bundle's modules: `base/resources.pb` and every other `<module>/resources.pb`.
    static func readBundle(_ path: String) throws(InputOutputError) -> AndroidResourceTable {
        let what = "cannot read the app bundle"
        let archive = try BoundedZipReader(path, what: what, maximumEntryBytes: maximumEntryBytes, maximumTotalBytes: maximumTotalBytes)
        let modules = archive.entries.filter { entry in
            let parts = entry.path.split(separator: "/", omittingEmptySubsequences: false)
            return parts.count == 2 && parts[1] == "resources.pb" && !parts[0].isEmpty && !parts[0].hasPrefix(".")
        }
        if let link = modules.first(where: { $0.type != .file }) {
            throw InputOutputError(
                what, path, reason: "\(BoundedZipReader.quoted(link.path)) is not a file in the archive (a symbolic link or a folder)")
        }
        guard modules.contains(where: { $0.path == "base/resources.pb" }) else {
            throw InputOutputError(what, path, reason: "no base/resources.pb in the archive (not an App Bundle, or one without resources)")
        }
        // The base module first, then the others in name order.
        let base = modules.filter { $0.path == "base/resources.pb" }
        let ordered = base + modules.filter { $0.path != "base/resources.pb" }.sorted { $0.path < $1.path }
        var tables: [AndroidResourceTable] = []
        for (entry, bytes) in zip(ordered, try archive.read(ordered)) {
            tables.append(
                try table(what, path) { () throws(AndroidResourceTableError) in
                    try AndroidResourceTable(protobuf: bytes, file: path + "!" + entry.path)
                })
        }
        return try merged(tables, path)
    }

    private static func merged(_ tables: [AndroidResourceTable], _ path: String) throws(InputOutputError) -> AndroidResourceTable {
        try table("cannot read the Android app", path) { () throws(AndroidResourceTableError) in try AndroidResourceTable(merging: tables) }
    }

    /// A table reader's error as the command line reports it: the table and byte in the reason.
    private static func table(
        _ what: String, _ path: String, _ read: () throws(AndroidResourceTableError) -> AndroidResourceTable
    ) throws(InputOutputError) -> AndroidResourceTable {
        do {
            return try read()
        } catch {
            throw InputOutputError(what, error.file ?? path, reason: "at byte \(error.offset): \(error.problem); \(error.remedy)")
        }
    }
}
