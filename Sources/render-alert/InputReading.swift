import LocalizedAlerts

/// Runs `read`, turning a file that cannot be read into an I/O error (exit status 2, without
/// the usage text) that says what could not be read, where and why.
func readingInput<T>(_ what: String, _ read: () throws -> T) throws -> T {
    do {
        return try read()
    } catch let error as FileReadError {
        throw InputOutputError(what, error.path, reason: error.reason)
    }
}
