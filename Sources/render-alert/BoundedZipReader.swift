import Foundation
import LocalizedAlerts
import LocalizedAlertsReports
import ZIPFoundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A zip read as hostile input, into memory and nowhere else: only a regular file is opened,
/// entries are counted, an entry listed twice, named differently in its local header, named
/// with `.` or empty parts, or one that would be written outside the archive's folder refuses
/// the whole archive, and the entries read are capped per entry and in
/// all, in proportion to what they take in the archive too, each with its CRC-32 checked. The
/// `.ipa` reader (AppArchive) and the Android reader (AndroidArchive) share it.
struct BoundedZipReader {
    /// Entries an archive may list (an app of a few thousand files is far below).
    static let maximumEntryCount = 100_000
    /// Expansion ratio refused for an entry over 1 MiB: compressed text is 3–10:1; a zip bomb
    /// is 1,000:1.
    static let maximumRatio = 100
    /// What the entries read may expand to in all, beyond `maximumRatio` times what they take
    /// in the archive: many small entries each under the per-entry check cannot add up to a bomb.
    static let expansionAllowance = 16 << 20

    let path: String
    /// Bytes one entry may expand to.
    let maximumEntryBytes: Int
    /// Bytes all the entries read may expand to, whatever they take in the archive.
    let maximumTotalBytes: Int
    /// Says what could not be read ("cannot read the app archive").
    let what: String
    let archive: Archive
    private let archiveSize: Int
    /// Every entry, checked.
    let entries: [Entry]

    /// Opens the archive at `path` and checks its listing.
    init(_ path: String, what: String, maximumEntryBytes: Int, maximumTotalBytes: Int) throws(InputOutputError) {
        self.path = path
        self.what = what
        self.maximumEntryBytes = maximumEntryBytes
        self.maximumTotalBytes = maximumTotalBytes
        func refused(_ reason: String) -> InputOutputError { InputOutputError(what, path, reason: reason) }
        // Only a regular file is an archive: a FIFO would block the open, a device never ends.
        if let problem = FileStatus.kind(of: path).problem {
            throw refused(problem == "No such file or directory" ? "no such file" : problem)
        }
        archiveSize = Self.fileSize(path)
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw refused("not a zip archive, or its central directory is corrupt (\(error))")
        }
        var entries: [Entry] = []
        var seen: Set<String> = []
        for entry in archive {
            guard entries.count < Self.maximumEntryCount else {
                throw refused("more than \(Self.maximumEntryCount) entries; an app archive holds far fewer")
            }
            let parts = entry.path.split(separator: "/", omittingEmptySubsequences: false)
            if entry.path.hasPrefix("/") || entry.path.contains("\\") || parts.contains("..") {
                throw refused("the entry \(Self.quoted(entry.path)) would be written outside the archive's folder (path traversal)")
            }
            // `a/./b` and `a//b` are `a/b` to one unzipper and another file (or none) to the
            // next, so the same archive would be two apps. A folder's entry ends in one `/`.
            if parts.dropLast(entry.path.hasSuffix("/") ? 1 : 0).contains(where: { $0.isEmpty || $0 == "." }) {
                throw refused(
                    "the entry \(Self.quoted(entry.path)) has an empty or \".\" part in its path, which unzip tools resolve differently; re-create the archive (Xcode's export, or zip -r)"
                )
            }
            // Two entries of one name: which one an unzip keeps is up to it.
            let name = entry.path.hasSuffix("/") ? String(entry.path.dropLast()) : entry.path
            guard seen.insert(name).inserted else {
                throw refused("the entry \(Self.quoted(entry.path)) is listed twice; which one a device gets is undefined")
            }
            entries.append(entry)
        }
        // The local headers, which streaming unzippers follow, must name what the directory does.
        if let (central, local) = ZipHeaderNames.firstMismatch(in: path, maximumEntries: Self.maximumEntryCount) {
            let name = { (bytes: [UInt8]) in Self.quoted(String(decoding: bytes, as: UTF8.self)) }
            throw refused(
                "the entry \(name(central)) is named \(name(local)) in its local header; which file a device gets depends on the unzip tool"
            )
        }
        self.entries = entries
    }

    static func quoted(_ entry: String) -> String { "\"" + printable(entry) + "\"" }

    /// The bytes of `wanted` (regular files of this archive), in order, within the caps.
    func read(_ wanted: [Entry]) throws(InputOutputError) -> [[UInt8]] {
        func refused(_ reason: String) -> InputOutputError { InputOutputError(what, path, reason: reason) }
        var result: [[UInt8]] = []
        var total = 0
        var compressedTotal = 0
        do {
            for entry in wanted {
                let declared = Int(clamping: entry.uncompressedSize)
                let compressed = Int(clamping: entry.compressedSize)
                if declared > 1 << 20 && declared / max(1, compressed) > Self.maximumRatio {
                    throw refused(
                        "the entry \(Self.quoted(entry.path)) expands \(declared / max(1, compressed)):1, more than any table (a zip bomb?)")
                }
                compressedTotal += compressed
                // Across entries: what they may expand to grows with what they take in the archive.
                let budget = min(maximumTotalBytes, Self.expansionAllowance + Self.maximumRatio * min(compressedTotal, archiveSize))
                var bytes: [UInt8] = []
                let checksum = try archive.extract(entry, skipCRC32: false) { chunk in
                    bytes.append(contentsOf: chunk)
                    total += chunk.count
                    // Declared sizes can lie: what is read is counted.
                    if bytes.count > maximumEntryBytes || bytes.count > max(declared, 0) {
                        throw refused("the entry \(Self.quoted(entry.path)) expands past \(min(maximumEntryBytes, declared)) bytes")
                    }
                    if total > budget {
                        throw refused(
                            "the app's tables expand past \(budget) bytes in all, from \(compressedTotal) in the archive (a zip bomb?); at most \(maximumTotalBytes >> 20) MiB, and \(Self.maximumRatio) times what they take plus \(Self.expansionAllowance >> 20) MiB, are read"
                        )
                    }
                }
                guard checksum == entry.checksum else {
                    throw refused(
                        "the entry \(Self.quoted(entry.path)) is damaged: its CRC-32 is \(String(checksum, radix: 16)), the archive says \(String(entry.checksum, radix: 16))"
                    )
                }
                result.append(bytes)
            }
        } catch let error as InputOutputError {
            throw error
        } catch {
            throw refused("a table in the archive cannot be read (\(error))")
        }
        return result
    }

    /// The size of the file at `path` in bytes (0 when it cannot be told).
    private static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }
}
