import Foundation
import ZIPFoundation

/// An `.ipa` read as a device reads the app inside it: the `Payload/<Name>.app` folder's
/// `Info.plist`, its `.lproj` tables and the icons beside Info.plist are copied out into a temporary folder named after the
/// archive, read there, and removed. A zip is hostile input like any table: entries are
/// counted, the bytes written are capped in all and per entry, an entry that expands far more
/// than text does is refused, and an entry that would leave the archive's folder is an error,
/// whether or not it is one of those read.
enum AppArchive {
    /// Entries an archive may list (an app of a few thousand files is far below).
    static let maximumEntryCount = 100_000
    /// Bytes one table or Info.plist may expand to.
    static let maximumEntryBytes = 64 << 20
    /// Bytes all the files read may expand to.
    static let maximumTotalBytes = 512 << 20
    /// Expansion ratio refused for an entry over 1 MiB: compressed text is 3–10:1; a zip bomb
    /// is 1,000:1.
    static let maximumRatio = 100

    /// Whether `path` names an archive rather than a folder.
    static func isArchive(_ path: String) -> Bool { path.lowercased().hasSuffix(".ipa") }

    /// Runs `body` with a folder that holds the app at `path`: the folder itself, or the app
    /// copied out of an `.ipa` for as long as `body` runs.
    static func withAppFolder<T>(_ path: String, _ body: (String) throws -> T) throws -> T {
        guard isArchive(path) else { return try body(path) }
        let folder = try extract(path)
        defer { try? FileManager.default.removeItem(atPath: folder.root) }
        return try body(folder.app)
    }

    static func extract(_ path: String) throws(InputOutputError) -> (root: String, app: String) {
        func refused(_ reason: String) -> InputOutputError { InputOutputError("cannot read the app archive", path, reason: reason) }
        guard FileManager.default.fileExists(atPath: path) else { throw refused("no such file") }
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw refused("not a zip archive, or its central directory is corrupt (\(error))")
        }
        var app: String?
        var wanted: [Entry] = []
        var count = 0
        for entry in archive {
            count += 1
            guard count <= maximumEntryCount else { throw refused("more than \(maximumEntryCount) entries; an app archive holds far fewer") }
            let parts = entry.path.split(separator: "/", omittingEmptySubsequences: false)
            if entry.path.hasPrefix("/") || entry.path.contains("\\") || parts.contains("..") {
                throw refused("the entry \"\(entry.path)\" would be written outside the archive's folder (path traversal)")
            }
            // Payload/<Name>.app/Info.plist, Payload/<Name>.app/<language>.lproj/<table> and icons.
            guard entry.type == .file, parts.count >= 3, parts[0] == "Payload", parts[1].hasSuffix(".app"), !parts[1].hasPrefix(".") else { continue }
            if app == nil { app = String(parts[1]) }
            guard parts[1] == app! else { continue }
            let isInfo = parts.count == 3 && parts[2] == "Info.plist"
            let isTable =
                parts.count == 4 && parts[2].hasSuffix(".lproj") && !parts[2].hasPrefix(".")
                && (parts[3].hasSuffix(".strings") || parts[3].hasSuffix(".stringsdict")) && !parts[3].hasPrefix(".")
            // The icons Xcode copies beside Info.plist (the preview's app icon), small ones only.
            let isIcon =
                parts.count == 3 && parts[2].lowercased().hasSuffix(".png") && !parts[2].hasPrefix(".")
                && entry.uncompressedSize <= UInt64(AppIcon.maximumBytes)
            if isInfo || isTable || isIcon { wanted.append(entry) }
        }
        guard let app else { throw refused("no Payload/<Name>.app folder in the archive") }
        var template = Array((NSTemporaryDirectory() + "/render-alert-ipa-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw refused("cannot make a temporary folder: \(String(cString: strerror(errno)))") }
        let root = String(cString: made)
        let appFolder = root + "/" + (path.split(separator: "/").last.map(String.init) ?? "app.ipa") + "/" + app
        var total = 0
        do {
            for entry in wanted {
                let declared = Int(clamping: entry.uncompressedSize)
                if declared > 1 << 20 && declared / max(1, Int(clamping: entry.compressedSize)) > maximumRatio {
                    throw refused("the entry \"\(entry.path)\" expands \(declared / max(1, Int(clamping: entry.compressedSize))):1, more than any table (a zip bomb?)")
                }
                var bytes = Data()
                _ = try archive.extract(entry, skipCRC32: false) { chunk in
                    bytes.append(chunk)
                    total += chunk.count
                    // Declared sizes can lie: what is written is counted.
                    if bytes.count > maximumEntryBytes || bytes.count > max(declared, 0) {
                        throw refused("the entry \"\(entry.path)\" expands past \(min(maximumEntryBytes, declared)) bytes")
                    }
                    if total > maximumTotalBytes { throw refused("the app's tables expand past \(maximumTotalBytes >> 20) MiB in all") }
                }
                let relative = entry.path.split(separator: "/").dropFirst(2).joined(separator: "/")
                let target = appFolder + "/" + relative
                try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                guard FileManager.default.createFile(atPath: target, contents: bytes) else {
                    throw refused("cannot write \(target): \(String(cString: strerror(errno)))")
                }
            }
        } catch let error as InputOutputError {
            try? FileManager.default.removeItem(atPath: root)
            throw error
        } catch {
            try? FileManager.default.removeItem(atPath: root)
            throw refused("a table in the archive cannot be read (\(error))")
        }
        try? FileManager.default.createDirectory(atPath: appFolder, withIntermediateDirectories: true)
        return (root, appFolder)
    }
}
