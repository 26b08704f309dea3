import LocalizedAlerts

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// Largest configuration file read (`.render-alert.yml`): a few hundred lines is a large one.
    static let maximumConfigurationBytes = 1 << 20
    /// Largest baseline read: what `--write-baseline` never exceeds (``LintBaseline/maximumFileSize``).
    static let maximumBaselineBytes = LintBaseline.maximumFileSize

    /// The whole file. Opened without waiting (a FIFO would block until written to) and read
    /// only when it is a regular file of at most `maximumSize` bytes (checked before reading, and
    /// while reading, should it grow).
    static func bytes(_ path: String, _ what: String, maximumSize: Int = .max) throws(InputOutputError) -> [UInt8] {
        func tooLarge(_ size: Int) -> InputOutputError {
            InputOutputError(what, path, reason: "\(size) bytes, over the limit of \(maximumSize) bytes (docs/limits.md)")
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw InputOutputError(what, path) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw InputOutputError(what, path) }
        if let problem = FileStatus.Kind(mode: info.st_mode).problem { throw InputOutputError(what, path, reason: problem) }
        if Int(info.st_size) > maximumSize { throw tooLarge(Int(info.st_size)) }
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
            if bytes.count > maximumSize { throw tooLarge(bytes.count) }
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
