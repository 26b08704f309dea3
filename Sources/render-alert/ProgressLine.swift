import LocalizedAlerts

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A line on standard error saying where a long run is (`linting 12 of 55…`), redrawn in place
/// and erased at the end. Only on a terminal, only once a run has taken a second (a quick run
/// shows nothing), at most four times a second; never in a machine format, which the caller
/// decides.
final class ProgressLine: @unchecked Sendable {
    // Touched only from the thread that runs the command: the lint calls back on it.
    private let start = ProgressLine.now()
    /// Seconds before the first drawing: a second, or `RENDER_ALERT_PROGRESS_AFTER` (tests set 0).
    private let delay = Environment.value("RENDER_ALERT_PROGRESS_AFTER").flatMap(Double.init) ?? 1
    private var lastDrawn = 0.0
    private var shown = false

    /// A progress line when standard error is a terminal, else nil.
    static func onTerminal() -> ProgressLine? {
        guard isatty(STDERR_FILENO) == 1, Environment.value("TERM") != "dumb" else { return nil }
        return ProgressLine()
    }

    func update(_ progress: LintSession.Progress) {
        let now = Self.now()
        guard now - start >= delay, now - lastDrawn >= 0.25 else { return }
        lastDrawn = now
        shown = true
        let count = progress.total > 0 ? " \(progress.done + 1) of \(progress.total)" : ""
        _ = Output.writeAll("\r\u{1B}[2K\(progress.step)\(count)…", to: STDERR_FILENO)
    }

    /// Erases the line, if one was drawn, before the report or an error is written.
    func finish() {
        if shown { _ = Output.writeAll("\r\u{1B}[2K", to: STDERR_FILENO) }
        shown = false
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
