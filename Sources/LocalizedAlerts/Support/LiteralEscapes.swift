/// How a decoded string maps back onto its literal in the file: where the literal's content
/// starts, and every escape the reader decoded (`\"`, `\U00E9`, `&amp;`, a CDATA section, a JSON
/// `\u00e9`), each with the bytes it stood for. Recorded by each format's own reader while it
/// decodes the literal, so that no second copy of any format's escape rules exists.
struct LiteralEscapes: Sendable {
    /// Where the decoded text's first byte comes from, in the file's text.
    var contentStart: Int
    /// In decoding order; offsets into the decoded value and into the file's text.
    private(set) var escapes: [Escape] = []

    struct Escape: Sendable {
        var decoded: Range<Int>
        var source: Range<Int>
    }

    init(contentStart: Int) { self.contentStart = contentStart }

    /// Records that `source` (in the file) decoded to `decoded` (in the value); text between
    /// escapes is copied byte for byte. A range of source bytes that decodes to nothing (a
    /// CDATA marker, an XML comment) is an escape of empty `decoded`.
    mutating func record(decoded: Range<Int>, source: Range<Int>) {
        escapes.append(Escape(decoded: decoded, source: source))
    }

    /// The offset in the file's text of the value's byte at `decoded`: inside an escape, the
    /// escape's start.
    func sourceOffset(ofDecoded decoded: Int) -> Int {
        // The last escape that starts at or before `decoded`.
        var low = 0
        var high = escapes.count
        while low < high {
            let middle = (low + high) / 2
            if escapes[middle].decoded.lowerBound <= decoded { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return contentStart + decoded }
        let escape = escapes[low - 1]
        if decoded < escape.decoded.upperBound { return escape.source.lowerBound }
        return escape.source.upperBound + (decoded - escape.decoded.upperBound)
    }
}
