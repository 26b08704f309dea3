#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The CLI's own questions to the file system. The library's helpers (Support/FileSystem.swift)
/// are internal to it, hence these few.
enum FileStatus {
    enum Kind: Equatable {
        case regularFile, directory, other
        /// stat failed: a missing file, a dangling link, a directory without search permission.
        case inaccessible(reason: String)

        init(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFREG: self = .regularFile
            case S_IFDIR: self = .directory
            default: self = .other
            }
        }

        /// Why a file of this kind cannot be read, or nil for a regular file. Asked before a file
        /// is opened, since opening a FIFO waits for a writer, maybe forever.
        var problem: String? {
            switch self {
            case .regularFile: nil
            case .directory: "is a directory"
            case .other: "is not a regular file"
            case .inaccessible(let reason): reason
            }
        }
    }

    /// What `path` is, following symbolic links.
    static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .inaccessible(reason: errnoText()) }
        return Kind(mode: info.st_mode)
    }

    static func isDirectory(_ path: String) -> Bool { kind(of: path) == .directory }

    /// What a path resolves to (device and inode), to notice a directory reached twice
    /// through symbolic links.
    static func identity(_ path: String) -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
    }
}

enum Directory {
    /// The names in a directory, hidden ones left out, sorted; `what` names it in errors.
    static func list(_ path: String, _ what: String) throws(InputOutputError) -> [String] {
        guard let directory = opendir(path) else { throw InputOutputError(what, path) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }
}

enum FileReading {
    /// The whole file. Opened without waiting (a FIFO would block until written to) and read
    /// only when it is a regular file.
    static func bytes(_ path: String, _ what: String) throws(InputOutputError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw InputOutputError(what, path) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw InputOutputError(what, path) }
        if let problem = FileStatus.Kind(mode: info.st_mode).problem { throw InputOutputError(what, path, reason: problem) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw InputOutputError(what, path)
            }
            bytes += buffer[0..<count]
        }
    }
}

extension Directory {
    /// Creates `path` and any missing parents (as `mkdir -p`); one that exists is fine.
    static func create(_ path: String, _ what: String) throws(InputOutputError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o777) != 0 && errno != EEXIST { throw InputOutputError(what, prefix) }
            prefix += "/"
        }
        guard FileStatus.isDirectory(path) else { throw InputOutputError(what, path, reason: "is not a directory") }
    }
}
