/// Provider requests (`{"payload": {…}, "languages": [...]}`, a batch line or an HTTP body) read
/// straight from their bytes, as ``DirectPayloadReader`` reads payloads: the request's own
/// members as strings, its `id` a string or a number, its payload one the direct payload reader
/// takes. It gives up on anything else (`headers`, an unknown or repeated member, a value of
/// another type, a payload the payload reader gives up on); the located reading then reads the
/// request and says what is wrong.
extension DirectPayloadReader {
    /// What the direct reading of a request gives, its payload moved out when taken.
    final class RequestReading {
        var payload: Reading?
        /// Where the payload's text is in the request.
        var payloadRange: Range<Int> = 0..<0
        let rootLocation: SourceLocation
        var id: LocatedJSON?
        /// `"languages"` as the located reading would give it to ``PreferredLanguages``.
        var languages: LocatedJSON?
        var mode: String?
        var fallback: String?
        var device: String?

        init(rootLocation: SourceLocation) { self.rootLocation = rootLocation }

        func takePayload() -> Reading? {
            var taken: Reading?
            swap(&taken, &payload)
            return taken
        }
    }

    /// The key from the request's root to its payload.
    static let requestPayloadPath = ["payload"]

    static func readRequest(_ bytes: [UInt8], file: String?) -> RequestReading? {
        readDocument(bytes, file: file) { reader throws(GiveUp) in try reader.readRequestRoot() }
    }

    private mutating func readRequestRoot() throws(GiveUp) -> RequestReading {
        guard pos < text.count else { throw GiveUp() }
        let reading = RequestReading(rootLocation: lines.location(of: pos, in: text))
        var root = try enter(UInt8(ascii: "{"))
        while let key = try nextKey(&root) {
            try checkUnique(key, in: root)
            guard pos < text.count else { throw GiveUp() }
            if equals(key, "payload") {
                let start = pos
                reading.payload = try readPayload(depth: 2)
                reading.payloadRange = start..<pos
            } else if equals(key, "languages") {
                reading.languages = try readLanguages()
            } else if equals(key, "id") {
                let location = lines.location(of: pos, in: text)
                if text[pos] == UInt8(ascii: "\"") {
                    reading.id = LocatedJSON(.string(try readString()), location: location)
                } else if text[pos] == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[pos]) {
                    reading.id = LocatedJSON(.number(try readNumber()), location: location)
                } else {
                    throw GiveUp()
                }
            } else if equals(key, "mode") {
                reading.mode = try readRequestString()
            } else if equals(key, "fallback") {
                reading.fallback = try readRequestString()
            } else if equals(key, "device") {
                reading.device = try readRequestString()
            } else {
                throw GiveUp()
            }
        }
        return reading
    }

    private mutating func readRequestString() throws(GiveUp) -> String {
        guard text[pos] == UInt8(ascii: "\"") else { throw GiveUp() }
        return try readString()
    }

    /// An array of strings, or one string: the located value, for ``PreferredLanguages``.
    private mutating func readLanguages() throws(GiveUp) -> LocatedJSON {
        let location = lines.location(of: pos, in: text)
        if text[pos] == UInt8(ascii: "\"") { return LocatedJSON(.string(try readString()), location: location) }
        var items: [LocatedJSON] = []
        var array = try enter(UInt8(ascii: "["))
        while try nextItem(&array) {
            guard pos < text.count, text[pos] == UInt8(ascii: "\"") else { throw GiveUp() }
            let itemLocation = lines.location(of: pos, in: text)
            items.append(LocatedJSON(.string(try readString()), location: itemLocation))
            guard items.count <= 64 else { throw GiveUp() }
        }
        return LocatedJSON(.array(items), location: location)
    }
}
