#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LocalizedAlerts

enum Directory {
    /// The names in a directory, hidden ones left out, sorted; `what` names it in errors.
    static func list(_ path: String, _ what: String) throws(InputOutputError) -> [String] {
        do {
            return try FileStatus.visibleNames(in: path)
        } catch {
            throw InputOutputError(what, path, reason: error.reason)
        }
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
