import ArgumentParser

/// Runs `read`, turning a failure into a usage error (exit status 2) that says what could not
/// be read, so that every command reports unreadable input the same way.
func readingInput<T>(_ what: String? = nil, _ read: () throws -> T) throws -> T {
    do {
        return try read()
    } catch {
        throw ValidationError("cannot read \(what.map { "\($0): " } ?? "")\(error)")
    }
}
