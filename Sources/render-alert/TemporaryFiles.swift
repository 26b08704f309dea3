#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files and folders the process makes for itself (a report's temporary file before it is
/// renamed into place, the unpacked bundled sample), removed when a signal ends the process:
/// Ctrl-C, a CI runner's SIGTERM at its time limit, SIGHUP when the terminal closes, or any
/// other catchable signal whose default is to end it (SIGXFSZ at a file size limit).
///
/// The handler may only call async-signal-safe functions, so the paths are kept as C strings in
/// a fixed table allocated once, and removing them is `unlink` and `rmdir`. Having removed
/// them, the handler restores the default action and raises the signal again, so the process
/// ends as it would have (a shell still sees "killed by SIGTERM"). A signal a parent process
/// set to be ignored, or one the command handles itself (`preview --watch` stops on SIGINT and
/// SIGTERM, then cleans up as usual), keeps its disposition; one a parent blocked stays blocked
/// and never ends the process.
enum TemporaryFiles {
    /// Paths held at once: a few at most in practice (one report, the sample's files and folders).
    static let capacity = 256
    static let endingSignals: [Int32] = [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF]

    private enum Kind: UInt8 {
        case empty = 0
        case file
        case folder
    }

    // Written only from the main flow, read by the handler; a slot's path is published before
    // its kind and its kind cleared before its path is freed, so the handler sees whole entries.
    nonisolated(unsafe) private static let paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        table.initialize(repeating: nil, count: capacity)
        return table
    }()
    nonisolated(unsafe) private static let kinds: UnsafeMutablePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        table.initialize(repeating: Kind.empty.rawValue, count: capacity)
        return table
    }()
    nonisolated(unsafe) private static var handlersInstalled = false

    /// A held path, to be released once it is renamed, removed or handed over.
    struct Registration {
        fileprivate var slot: Int? = nil
    }

    /// Creates a file with `make` (a descriptor, or -1 with `errno` set) and holds it, to be
    /// removed should a signal end the process before `release`. The ending signals wait while
    /// it is made and held, so that none comes between the two.
    static func create(file path: String, _ make: () -> Int32) -> (descriptor: Int32, registration: Registration) {
        var made: (Int32, Registration) = (-1, Registration())
        whileSignalsWait {
            let descriptor = make()
            made = (descriptor, descriptor >= 0 ? hold(path, .file) : Registration())
        }
        return made
    }

    /// Creates a folder with `make` (its path once made, else nil with `errno` set) and holds
    /// it, to be removed (once emptied of the held files) should a signal end the process
    /// before `release`.
    static func createFolder(_ make: () -> String?) -> (path: String?, registration: Registration) {
        var made: (String?, Registration) = (nil, Registration())
        whileSignalsWait {
            let path = make()
            made = (path, path.map { hold($0, .folder) } ?? Registration())
        }
        return made
    }

    /// Runs `body` with the ending signals blocked (after installing the handlers): one sent
    /// meanwhile is delivered when they are unblocked.
    private static func whileSignalsWait(_ body: () -> Void) {
        installHandlers()
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        for ending in endingSignals { sigaddset(&blocked, ending) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        body()
        let saved = errno
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        errno = saved
    }

    /// The path is the process's own concern no more (renamed into place, or removed).
    static func release(_ registration: Registration) {
        guard let slot = registration.slot else { return }
        kinds[slot] = Kind.empty.rawValue
        let path = paths[slot]
        paths[slot] = nil
        free(path)
    }

    private static func hold(_ path: String, _ kind: Kind) -> Registration {
        // A full table leaves the path unheld: removing it at a signal is a courtesy, and the
        // table never fills in the commands as they are.
        guard let slot = (0..<capacity).first(where: { kinds[$0] == Kind.empty.rawValue && paths[$0] == nil }) else {
            return Registration(slot: nil)
        }
        paths[slot] = strdup(path)
        kinds[slot] = kind.rawValue
        return Registration(slot: slot)
    }

    private static func installHandlers() {
        guard !handlersInstalled else { return }
        handlersInstalled = true
        for ending in endingSignals {
            let previous = signal(ending, removeAndEnd)
            // SIG_DFL is 0: anything else was chosen by a parent or by the command itself.
            if unsafeBitCast(previous, to: Int.self) != 0 { _ = signal(ending, previous) }
        }
    }

    /// Removes every held file, then the held folders (deepest first, by retrying until none
    /// more can go), then ends the process by the same signal.
    private static let removeAndEnd: @convention(c) (Int32) -> Void = { ending in
        for slot in 0..<TemporaryFiles.capacity where TemporaryFiles.kinds[slot] == Kind.file.rawValue {
            if let path = TemporaryFiles.paths[slot] { unlink(path) }
        }
        var removed = true
        while removed {
            removed = false
            for slot in 0..<TemporaryFiles.capacity where TemporaryFiles.kinds[slot] == Kind.folder.rawValue {
                if let path = TemporaryFiles.paths[slot], rmdir(path) == 0 {
                    TemporaryFiles.kinds[slot] = Kind.empty.rawValue
                    removed = true
                }
            }
        }
        _ = signal(ending, SIG_DFL)
        raise(ending)
    }
}
