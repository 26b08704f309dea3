/// Levenshtein distance, for "did you mean" hints on short names. SPI rather than `package`:
/// the HTTP service is another package (Server/).
@_spi(Presentation) public enum EditDistance {
    public static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The name in `names` fewest edits away from `name`, the first of equals, when it is at
    /// most two edits away: the "did you mean" of a misspelt option, member or command.
    public static func nearest(to name: String, among names: some Sequence<String>) -> String? {
        var best: (name: String, distance: Int)?
        for candidate in names {
            let distance = between(name, candidate)
            if distance <= 2 && distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// ` (did you mean "x"?)` for the ``nearest(to:among:)`` name, or nothing: the words every
    /// message about a misspelt name ends with.
    public static func suggestion(for name: String, among names: some Sequence<String>) -> String {
        nearest(to: name, among: names).map { " (did you mean \"\($0)\"?)" } ?? ""
    }
}
