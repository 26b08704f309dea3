import LocalizedAlertsReports

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `preview --watch`: regenerates whenever a watched file changes, for a translator iterating on
/// copy. Polling (every half second) rather than inotify or FSEvents: no dependency, the same on
/// Linux and macOS, and a few dozen `stat` calls are nothing. A change is any difference in a
/// file's modification time, size or inode (editors that save by renaming give a new inode), or
/// a file appearing or going. Errors while watching are printed and watching goes on: the next
/// save may fix them. SIGINT (Ctrl-C) or SIGTERM ends the loop, and the command returns as usual,
/// so that temporary copies (an .ipa's tables, the bundled sample) are removed.
enum Watch {
    nonisolated(unsafe) static var stopped: sig_atomic_t = 0
    static let interval: useconds_t = 500_000
    /// Levels below each watched folder: an app folder's .lproj folders and their tables.
    static let depth = 2

    static func run(_ paths: [String], _ regenerate: () throws -> Void) {
        signal(SIGINT) { _ in Watch.stopped = 1 }
        signal(SIGTERM) { _ in Watch.stopped = 1 }
        // A parent may have blocked them (a test runner does): this thread takes them.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)

        var last = snapshot(paths)
        attempt(regenerate)
        printError("watching \(last.count) files and folders for changes (Ctrl-C stops)")
        while stopped == 0 {
            usleep(interval)
            let now = snapshot(paths)
            guard now != last, stopped == 0 else { continue }
            let changed = Set(now.keys).union(last.keys).filter { now[$0] != last[$0] }.sorted()
            last = now
            printError(
                "changed: \(printable(changed.prefix(3).joined(separator: ", ")))\(changed.count > 3 ? " and \(changed.count - 3) more" : ""); regenerating"
            )
            attempt(regenerate)
        }
    }

    static func attempt(_ regenerate: () throws -> Void) {
        do {
            try regenerate()
        } catch let error as InputOutputError {
            printError("error: \(error) (still watching)")
        } catch {
            printError("error: \(RenderAlert.echoed(String(describing: error))) (still watching)")
        }
    }

    /// Each path and what lies below it up to `depth` levels (hidden names left out, as they
    /// are when read: an editor's swap file changes nothing), with what tells a change.
    static func snapshot(_ paths: [String]) -> [String: String] {
        var result: [String: String] = [:]
        func add(_ path: String, depth: Int) {
            var info = stat()
            guard stat(path, &info) == 0 else {
                result[path] = "missing"
                return
            }
            #if canImport(Darwin)
            let modified = info.st_mtimespec
            #else
            let modified = info.st_mtim
            #endif
            result[path] = "\(modified.tv_sec).\(modified.tv_nsec) \(info.st_size) \(info.st_ino)"
            guard (info.st_mode & S_IFMT) == S_IFDIR, depth > 0, let names = try? Directory.list(path, "") else { return }
            for name in names { add(path.hasSuffix("/") ? path + name : path + "/" + name, depth: depth - 1) }
        }
        for path in paths { add(path, depth: depth) }
        return result
    }
}
