#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be read.
public struct FileReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path that could not be read.
    public var path: String
    /// Why, in words (the system's error, or the library's reason).
    public var reason: String
    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
}

/// Small POSIX file helpers: the library reads files itself so that it needs no Foundation.
package enum FileSystem {
    enum ReadResult {
        case contents([UInt8])
        case tooLarge(size: Int)
    }

    /// Reads a whole file, refusing (without reading) one larger than `maximumSize`, and
    /// anything that is not a regular file: opened without blocking, so that a named pipe called
    /// `Localizable.strings` is reported instead of waiting forever for a writer.
    static func readFile(_ path: String, maximumSize: Int) throws(FileReadError) -> ReadResult {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileReadError(path: path, reason: errorText()) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileReadError(path: path, reason: errorText()) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw FileReadError(path: path, reason: (info.st_mode & S_IFMT) == S_IFDIR ? "is a directory" : "is not a regular file")
        }
        let size = Int(info.st_size)
        if size > maximumSize { return .tooLarge(size: size) }
        var bytes = [UInt8](repeating: 0, count: size)
        var total = 0
        let failure: FileReadError? = bytes.withUnsafeMutableBytes { buffer -> FileReadError? in
            while total < size {
                let count = read(descriptor, buffer.baseAddress! + total, size - total)
                if count < 0 {
                    if errno == EINTR { continue }
                    return FileReadError(path: path, reason: errorText())
                }
                if count == 0 { break }
                total += count
            }
            return nil
        }
        if let failure { throw failure }
        if total < size { bytes.removeSubrange(total...) }
        return .contents(bytes)
    }

    static func readAll(_ path: String, maximumSize: Int = 1 << 30) throws(FileReadError) -> [UInt8] {
        switch try readFile(path, maximumSize: maximumSize) {
        case .contents(let bytes): return bytes
        case .tooLarge(let size):
            throw FileReadError(path: path, reason: "is \(size) bytes, over the limit of \(maximumSize)")
        }
    }

    enum EntryKind { case file, directory, other }

    static func kind(of path: String) -> EntryKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// Names in a directory (without `.` and `..`), sorted for a deterministic order.
    package static func contentsOfDirectory(_ path: String) throws(FileReadError) -> [String] {
        guard let directory = opendir(path) else { throw FileReadError(path: path, reason: errorText()) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    package static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    package static func errorText() -> String {
        String(cString: strerror(errno))
    }
}
