import Foundation
import LocalizedAlerts
import LocalizedAlertsReports
import ZIPFoundation

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
    /// Bytes one table or Info.plist may expand to.
    static let maximumEntryBytes = 64 << 20
    /// Bytes all the entries read may expand to, whatever they take in the archive.
    static let maximumTotalBytes = 256 << 20

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
        let quoted = BoundedZipReader.quoted
        // Opening checks what every archive must pass (a regular file, the entry count, no
        // entry twice, none outside the folder); the rest is about an app's layout.
        let archive = try BoundedZipReader(
            path, what: "cannot read the app archive", maximumEntryBytes: maximumEntryBytes, maximumTotalBytes: maximumTotalBytes)
        var app: String?
        var wanted: [Entry] = []
        // Names of what a device reads, by their case-folded form.
        var read: [String: String] = [:]
        for entry in archive.entries {
            let parts = entry.path.split(separator: "/", omittingEmptySubsequences: false)
            // Payload/<Name>.app/Info.plist, Payload/<Name>.app/<language>.lproj/<table> and icons.
            guard parts.count >= 3, parts[0].lowercased() == "payload", parts[1].lowercased().hasSuffix(".app"), !parts[1].hasPrefix(".")
            else { continue }
            // EN.lproj beside en.lproj, Localizable.strings beside localizable.strings, A.app
            // beside a.app: one file on a disk that ignores case, two on one that does not;
            // which a device reads depends on where the archive was unpacked. Checked for the
            // app's folder and what is read in it (Info.plist, icons, the .lproj folders).
            let lowered = parts[2].lowercased()
            let depth =
                lowered.hasSuffix(".lproj") ? min(parts.count, 4) : parts.count == 3 && (lowered == "info.plist" || lowered.hasSuffix(".png")) ? 3 : 2
            for length in 1...depth where parts[1].lowercased() == (app ?? String(parts[1])).lowercased() {
                let name = parts[..<length].joined(separator: "/")
                if let other = read[name.lowercased()], other != name {
                    throw refused("the entries \(quoted(other)) and \(quoted(name)) differ only in case; which one a device reads is undefined")
                }
                read[name.lowercased()] = name
            }
            guard parts[0] == "Payload", parts[1].hasSuffix(".app") else { continue }
            if app == nil { app = String(parts[1]) }
            guard parts[1] == app! else { continue }
            let isLocalization = parts[2].hasSuffix(".lproj") && !parts[2].hasPrefix(".")
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
        for (entry, bytes) in zip(wanted, try archive.read(wanted)) {
            files[entry.path.split(separator: "/").dropFirst(2).joined(separator: "/")] = bytes
        }
        let icons = files.filter { !$0.key.contains("/") && $0.key.lowercased().hasSuffix(".png") }
        let tables = files.filter { !icons.keys.contains($0.key) }
        // Locations name the archive and the app inside it: MyApp.ipa/Payload/MyApp.app/fr.lproj/….
        return App(localizations: AppLocalizations(directory: path + "/Payload/" + app, files: tables), icons: icons)
    }
}
