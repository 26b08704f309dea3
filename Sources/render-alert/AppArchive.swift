import Foundation
import LocalizedAlerts
import LocalizedAlertsReports
import ZIPFoundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An `.ipa` read as a device reads the app inside it: the `Payload/<Name>.app` folder's
/// `Info.plist`, its `.lproj` tables and the icons beside Info.plist are read into memory, and
/// nothing is written anywhere (no temporary folder to leave behind when the process is
/// stopped). A zip is hostile input like any table: only a regular file is opened, entries are
/// counted, the bytes read are capped per entry and in all, in proportion to what they take in
/// the archive too, each entry's CRC-32 is checked, and an archive that could be read two ways
/// (an entry listed twice, a symbolic link where a table would be, `EN.lproj` beside
/// `en.lproj`) or that would write outside its folder is refused, whether or not the entry
/// concerned is one of those read.
enum AppArchive {
    /// Entries an archive may list (an app of a few thousand files is far below).
    static let maximumEntryCount = 100_000
    /// Bytes one table or Info.plist may expand to.
    static let maximumEntryBytes = 64 << 20
    /// Bytes all the entries read may expand to, whatever they take in the archive.
    static let maximumTotalBytes = 256 << 20
    /// Expansion ratio refused for an entry over 1 MiB: compressed text is 3–10:1; a zip bomb
    /// is 1,000:1.
    static let maximumRatio = 100
    /// What the entries read may expand to in all, beyond `maximumRatio` times what they take
    /// in the archive: many small entries each under the per-entry check cannot add up to a bomb.
    static let expansionAllowance = 16 << 20

    /// Whether `path` names an archive rather than a folder.
    static func isArchive(_ path: String) -> Bool { path.lowercased().hasSuffix(".ipa") }

    /// An app read from a folder or an archive, with its icon files for the preview page.
    struct App {
        var localizations: AppLocalizations
        /// The icons beside Info.plist, by file name (an archive's, already read), or nil for a
        /// folder (read from it when needed).
        var icons: [String: [UInt8]]?
    }

    /// The app at `path`: a folder, or the app inside an `.ipa`.
    static func read(_ path: String) throws -> App {
        guard isArchive(path) else {
            return App(localizations: try readingInput("cannot read the app") { try AppLocalizations(directory: path) }, icons: nil)
        }
        return try extract(path)
    }

    static func extract(_ path: String) throws(InputOutputError) -> App {
        func refused(_ reason: String) -> InputOutputError { InputOutputError("cannot read the app archive", path, reason: reason) }
        func quoted(_ entry: String) -> String { "\"" + printable(entry) + "\"" }
        // Only a regular file is an archive: a FIFO would block the open, a device never ends.
        if let problem = FileStatus.kind(of: path).problem {
            throw refused(problem == "No such file or directory" ? "no such file" : problem)
        }
        let archiveSize = fileSize(path)
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw refused("not a zip archive, or its central directory is corrupt (\(error))")
        }
        var app: String?
        var wanted: [Entry] = []
        var count = 0
        var seen: Set<String> = []
        var folders: [String: String] = [:]
        for entry in archive {
            count += 1
            guard count <= maximumEntryCount else { throw refused("more than \(maximumEntryCount) entries; an app archive holds far fewer") }
            let parts = entry.path.split(separator: "/", omittingEmptySubsequences: false)
            if entry.path.hasPrefix("/") || entry.path.contains("\\") || parts.contains("..") {
                throw refused("the entry \(quoted(entry.path)) would be written outside the archive's folder (path traversal)")
            }
            // Two entries of one name: which one an unzip keeps is up to it.
            let name = entry.path.hasSuffix("/") ? String(entry.path.dropLast()) : entry.path
            guard seen.insert(name).inserted else {
                throw refused("the entry \(quoted(entry.path)) is listed twice; which one a device gets is undefined")
            }
            // Payload/<Name>.app/Info.plist, Payload/<Name>.app/<language>.lproj/<table> and icons.
            guard parts.count >= 3, parts[0] == "Payload", parts[1].hasSuffix(".app"), !parts[1].hasPrefix(".") else { continue }
            if app == nil { app = String(parts[1]) }
            guard parts[1] == app! else { continue }
            let isLocalization = parts[2].hasSuffix(".lproj") && !parts[2].hasPrefix(".")
            if isLocalization {
                // EN.lproj beside en.lproj: one folder on a disk that ignores case, two on one
                // that does not; which tables a device reads depends on where it was unpacked.
                let folder = String(parts[2])
                if let other = folders[folder.lowercased()], other != folder {
                    throw refused("the folders \(quoted(other)) and \(quoted(folder)) differ only in case; which one a device reads is undefined")
                }
                folders[folder.lowercased()] = folder
            }
            let isInfo = parts.count == 3 && parts[2] == "Info.plist"
            let isTable =
                parts.count == 4 && isLocalization
                && (parts[3].hasSuffix(".strings") || parts[3].hasSuffix(".stringsdict")) && !parts[3].hasPrefix(".")
            // The icons Xcode copies beside Info.plist (the preview's app icon), small ones only.
            let isIcon = parts.count == 3 && parts[2].lowercased().hasSuffix(".png") && !parts[2].hasPrefix(".")
            if entry.type == .symlink && (isInfo || isLocalization || isIcon) {
                throw refused("the entry \(quoted(entry.path)) is a symbolic link; tables and Info.plist are read only as files")
            }
            guard entry.type == .file else { continue }
            // A String Catalog shipped raw: read so that the app's reader reports it (a device never reads one).
            let isCatalog = parts.count == 3 && parts[2].hasSuffix(".xcstrings") && !parts[2].hasPrefix(".")
            if isInfo || isTable || isCatalog || (isIcon && entry.uncompressedSize <= UInt64(AppIcon.maximumBytes)) { wanted.append(entry) }
        }
        guard let app else { throw refused("no Payload/<Name>.app folder in the archive") }
        var files: [String: [UInt8]] = [:]
        var total = 0
        var compressedTotal = 0
        do {
            for entry in wanted {
                let declared = Int(clamping: entry.uncompressedSize)
                let compressed = Int(clamping: entry.compressedSize)
                if declared > 1 << 20 && declared / max(1, compressed) > maximumRatio {
                    throw refused("the entry \(quoted(entry.path)) expands \(declared / max(1, compressed)):1, more than any table (a zip bomb?)")
                }
                compressedTotal += compressed
                // Across entries: what they may expand to grows with what they take in the archive.
                let budget = min(maximumTotalBytes, expansionAllowance + maximumRatio * min(compressedTotal, archiveSize))
                var bytes: [UInt8] = []
                let checksum = try archive.extract(entry, skipCRC32: false) { chunk in
                    bytes.append(contentsOf: chunk)
                    total += chunk.count
                    // Declared sizes can lie: what is read is counted.
                    if bytes.count > maximumEntryBytes || bytes.count > max(declared, 0) {
                        throw refused("the entry \(quoted(entry.path)) expands past \(min(maximumEntryBytes, declared)) bytes")
                    }
                    if total > budget {
                        throw refused(
                            "the app's tables expand past \(budget) bytes in all, from \(compressedTotal) in the archive (a zip bomb?); at most \(maximumTotalBytes >> 20) MiB, and \(maximumRatio) times what they take plus \(expansionAllowance >> 20) MiB, are read"
                        )
                    }
                }
                guard checksum == entry.checksum else {
                    throw refused(
                        "the entry \(quoted(entry.path)) is damaged: its CRC-32 is \(String(checksum, radix: 16)), the archive says \(String(entry.checksum, radix: 16))"
                    )
                }
                files[entry.path.split(separator: "/").dropFirst(2).joined(separator: "/")] = bytes
            }
        } catch let error as InputOutputError {
            throw error
        } catch {
            throw refused("a table in the archive cannot be read (\(error))")
        }
        let icons = files.filter { !$0.key.contains("/") && $0.key.lowercased().hasSuffix(".png") }
        let tables = files.filter { !icons.keys.contains($0.key) }
        // Locations name the archive and the app inside it: MyApp.ipa/Payload/MyApp.app/fr.lproj/….
        return App(localizations: AppLocalizations(directory: path + "/Payload/" + app, files: tables), icons: icons)
    }

    /// The size of the file at `path` in bytes (0 when it cannot be told).
    private static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }
}
