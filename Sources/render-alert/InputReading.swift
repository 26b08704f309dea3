import LocalizedAlerts
import LocalizedAlertsReports

/// Runs `read`, turning a file that cannot be read into an I/O error (exit status 2, without
/// the usage text) that says what could not be read, where and why. With `file`, that path is
/// first checked to be a regular file, so that the reader never opens a FIFO (which blocks).
func readingInput<T>(_ what: String, file: String? = nil, _ read: () throws -> T) throws -> T {
    if let file, let problem = FileStatus.kind(of: file).problem {
        throw InputOutputError(what, file, reason: problem)
    }
    do {
        return try read()
    } catch let error as FileReadError {
        throw InputOutputError(what, error.path, reason: error.reason)
    }
}
