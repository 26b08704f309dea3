import LocalizedAlerts
import LocalizedAlertsReports

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The command's own input or output failed (a missing file, a full disk): reported as
/// `error: <what> (<path>): <reason>` with exit status 2, without the usage text, since the
/// command line itself was right.
struct InputOutputError: Error, CustomStringConvertible {
    var what: String
    var path: String
    var reason: String

    /// With the reason `errno` gives now, unless one is given.
    init(_ what: String, _ path: String, reason: String? = nil) {
        self.what = what
        self.path = path
        self.reason = reason ?? errnoText()
    }

    /// A lint run that could not be done.
    init(_ failure: LintSession.Failure) {
        self.init(failure.what, failure.path, reason: failure.reason)
    }

    var description: String { "\(what) (\(printable(path))): \(printable(reason))" }
}

/// Where a command writes. Every write is checked, so that a full disk or a missing directory
/// stops the command (exit 2) instead of losing output behind a success.
enum Output {
    /// Standard output. Each write is flushed at once, so streamed lines leave as they are made.
    case standardOutput
    /// A file, replaced only once all of the text is written; `what` names it in errors.
    case file(String, what: String)

    func write(_ text: String) throws(InputOutputError) {
        switch self {
        case .standardOutput:
            if let reason = Self.writeAll(text, to: STDOUT_FILENO) {
                throw InputOutputError("cannot write the output", "standard output", reason: reason)
            }
        case .file(let path, let what):
            try Self.replace(path, with: text, what: what)
        }
    }

    /// Writes through a temporary file in the same directory, renamed into place: a failure or a
    /// signal leaves the previous file (or none) and no temporary file. Devices, pipes and other
    /// non-regular files (`/dev/stdout`) are written in place, since renaming would replace
    /// the device node itself.
    static func replace(_ path: String, with text: String, what: String) throws(InputOutputError) {
        var target = path
        var existing = stat()
        if lstat(path, &existing) == 0 && (existing.st_mode & S_IFMT) == S_IFLNK, let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        let exists = stat(target, &existing) == 0
        if exists && (existing.st_mode & S_IFMT) == S_IFDIR {
            throw InputOutputError(what, path, reason: "is a directory")
        }
        if (exists && (existing.st_mode & S_IFMT) != S_IFREG) || (!exists && errno != ENOENT) {
            let descriptor = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else { throw InputOutputError(what, path) }
            let failure = writeAll(text, to: descriptor)
            let closed = close(descriptor) == 0 ? nil : errnoText()
            if let reason = failure ?? closed { throw InputOutputError(what, path, reason: reason) }
            return
        }
        // As writing in place would: a file without write permission is not replaced.
        if exists && access(target, W_OK) != 0 { throw InputOutputError(what, path) }
        let slash = target.lastIndex(of: "/")
        let directory = slash.map { String(target[...$0]) } ?? ""
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var temporary = ""
        var descriptor: Int32 = -1
        var held = TemporaryFiles.Registration()
        for _ in 0..<100 where descriptor < 0 {
            temporary = directory + ".\(name).render-alert-\(getpid())-\(UInt32.random(in: .min ... .max))"
            // Held from its creation: a signal while writing removes it (the target is untouched).
            (descriptor, held) = TemporaryFiles.create(file: temporary) {
                open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            }
            if descriptor < 0 && errno != EEXIST { break }
        }
        defer { TemporaryFiles.release(held) }
        guard descriptor >= 0 else { throw InputOutputError(what, path) }
        // The replacement keeps the permissions of the file it replaces.
        if exists { _ = fchmod(descriptor, existing.st_mode & 0o7777) }
        var failure = writeAll(text, to: descriptor)
        if failure == nil && fsync(descriptor) != 0 { failure = errnoText() }
        if close(descriptor) != 0 && failure == nil { failure = errnoText() }
        if failure == nil && rename(temporary, target) != 0 { failure = errnoText() }
        if let failure {
            unlink(temporary)
            throw InputOutputError(what, path, reason: failure)
        }
    }

    /// Appends `text` to the file at `path`, created when missing (GitHub's job summary file).
    static func append(_ path: String, _ text: String, what: String) throws(InputOutputError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw InputOutputError(what, path) }
        let failure = writeAll(text, to: descriptor)
        let closed = close(descriptor) == 0 ? nil : errnoText()
        if let reason = failure ?? closed { throw InputOutputError(what, path, reason: reason) }
    }

    /// Writes every byte of `text`, through short writes, interruptions and a non-blocking
    /// descriptor; the reason it failed, or nil.
    static func writeAll(_ text: String, to descriptor: Int32) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var offset = 0
            while offset < bytes.count {
                let count = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count >= 0 {
                    offset += count
                } else if errno == EAGAIN || errno == EWOULDBLOCK {
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                } else if errno != EINTR {
                    return errnoText()
                }
            }
            return nil
        }
    }
}

/// The process's environment.
enum Environment {
    static func value(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}

/// What `errno` says now, as strerror words it.
func errnoText() -> String { String(cString: strerror(errno)) }

/// write(2), out of reach of `Output.write` in the type's scope.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// Writes a message to standard error. Its own failure is not reported: there is nowhere left
/// to report it.
func printError(_ message: String) {
    _ = Output.writeAll(message + "\n", to: STDERR_FILENO)
}

enum ProcessEnd {
    /// Ends the process with `status` once everything is written, without freeing what
    /// `values` hold: the system reclaims the memory at once, where releasing a large model
    /// object by object would take a noticeable part of the run.
    static func now(status: Int32, keeping values: some Any) -> Never {
        withExtendedLifetime(values) { exit(status) }
    }
}
