#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum FileStatus {
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

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
    static func bytes(_ path: String, _ what: String) throws(InputOutputError) -> [UInt8] {
        guard let file = fopen(path, "r") else { throw InputOutputError(what, path) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }
}
