#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a path is, asked before anything is opened: opening a FIFO waits for a writer, maybe
/// forever. Shared by the lint session's walk and the command-line tool.
package enum FileStatus {
    package enum Kind: Equatable, Sendable {
        case regularFile, directory, other
        /// stat failed: a missing file, a dangling link, a directory without search permission.
        case inaccessible(reason: String)

        package init(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFREG: self = .regularFile
            case S_IFDIR: self = .directory
            default: self = .other
            }
        }

        /// Why a file of this kind cannot be read, or nil for a regular file.
        package var problem: String? {
            switch self {
            case .regularFile: nil
            case .directory: "is a directory"
            case .other: "is not a regular file"
            case .inaccessible(let reason): reason
            }
        }
    }

    /// What `path` is, following symbolic links.
    package static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .inaccessible(reason: FileSystem.errorText()) }
        return Kind(mode: info.st_mode)
    }

    package static func isDirectory(_ path: String) -> Bool { kind(of: path) == .directory }

    /// What a path resolves to (device and inode), to notice a directory reached twice
    /// through symbolic links.
    package static func identity(_ path: String) -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    package struct Identity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
    }

    /// The names in a directory, hidden ones left out, sorted.
    package static func visibleNames(in directory: String) throws(FileReadError) -> [String] {
        try FileSystem.contentsOfDirectory(directory).filter { !$0.hasPrefix(".") }
    }
}
