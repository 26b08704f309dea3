import CByteScan

/// Reads the common payload straight from its bytes into ``APSDictionary``, without the located
/// JSON tree, which with copying and freeing it was about two thirds of reading one: an `aps`
/// with an alert of strings, the usual scalar keys, and custom keys beside it.
///
/// It gives up (nil) on anything the located reader would remark on or that needs the tree: a
/// syntax error, a duplicate key, a value of an unexpected type, a key it does not know, a Live
/// Activity, a document over half of APNs' limit (whose size must be measured), a key written
/// with escapes. The located reader then reads the payload and says why. So whenever this
/// reader answers, the payload has no diagnostics and its answer is the located reader's, with
/// the same locations, computed only for the values the typed model keeps.
struct DirectPayloadReader {
    struct GiveUp: Error {}

    /// What the direct reading gives: the `aps` dictionary and where the document starts.
    struct Reading {
        var aps: APSDictionary
        var rootLocation: SourceLocation
    }

    let text: UnsafeBufferPointer<UInt8>
    var lines: LineIndex
    var pos = 0
    /// The keys of the objects being read whose keys must be unique, innermost last: each
    /// object's from its container's `keysStart`. One array for the document, so that checking
    /// an object's keys allocates nothing once it has room.
    private var keysSeen: [SeenKey] = []

    /// A key of an object being read, and whether it is all ASCII.
    private struct SeenKey {
        var range: Range<Int>
        var isASCII: Bool
    }

    /// Values nested deeper than this are left to the located reader.
    static let maximumDepth = 64

    init(text: UnsafeBufferPointer<UInt8>, file: String?) {
        self.text = text
        self.lines = LineIndex(file: file)
    }

    static func read(_ bytes: [UInt8], file: String?) -> Reading? {
        var aps = APSDictionary()
        guard let root = read(bytes, file: file, into: &aps) else { return nil }
        return Reading(aps: aps, rootLocation: root)
    }

    /// The same, read into `aps` (the payload's own storage; each step up would copy some
    /// hundreds of bytes): what a payload is read with. Where the document starts, or nil when
    /// the reader gives up (`aps` is then partly written).
    static func read(_ bytes: [UInt8], file: String?, into aps: inout APSDictionary) -> SourceLocation? {
        readDocument(bytes, file: file) { reader throws(GiveUp) in try reader.readPayload(depth: 1, into: &aps) }
    }

    /// The document of `bytes`, read by `value` from its first byte that is not white space;
    /// nil when `value` or the document's framing gives up.
    static func readDocument<Value>(
        _ bytes: [UInt8], file: String?, _ value: (inout DirectPayloadReader) throws(GiveUp) -> Value
    ) -> Value? {
        // Over half the limit, only serializing says whether APNs accepts the payload.
        guard bytes.count * 2 <= NotificationPayload.maximumByteCount else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = DirectPayloadReader(text: buffer, file: file)
            // A byte-order mark or invalid UTF-8 is the located reader's to handle.
            guard TextDecoder.firstInvalidUTF8(in: buffer, from: 0) == nil else { return nil }
            reader.skipWhitespace()
            guard let read = try? value(&reader) else { return nil }
            reader.skipWhitespace()
            return reader.pos == buffer.count ? read : nil
        }
    }

    /// A payload object at `pos`, `depth` levels deep in the document.
    ///
    /// The dictionaries are read in place, into the reading returned: `APSDictionary` is some
    /// hundreds of bytes and thirty references, and each value handed back up would be copied.
    mutating func readPayload(depth: Int) throws(GiveUp) -> Reading {
        var reading = Reading(aps: APSDictionary(), rootLocation: SourceLocation(file: nil, line: 0, column: 0))
        reading.rootLocation = try readPayload(depth: depth, into: &reading.aps)
        return reading
    }

    /// The same, into `aps`; where the object starts.
    mutating func readPayload(depth: Int, into aps: inout APSDictionary) throws(GiveUp) -> SourceLocation {
        guard pos < text.count, text[pos] == UInt8(ascii: "{") else { throw GiveUp() }
        let rootLocation = lines.location(of: pos, in: text)
        var sawAPS = false
        var members = try enter(UInt8(ascii: "{"))
        while let key = try nextKey(&members) {
            if equals(key, "aps") {
                guard !sawAPS else { throw GiveUp() }
                sawAPS = true
                try readAPS(depth: depth + 1, into: &aps)
            } else {
                // Xcode's simulator target is reported; a duplicate custom key too.
                guard !equals(key, "Simulator Target Bundle") else { throw GiveUp() }
                try checkUnique(key, in: members)
                try skipValue(depth: depth + 1)
            }
        }
        guard sawAPS else { throw GiveUp() }
        return rootLocation
    }

    // MARK: aps

    private mutating func readAPS(depth: Int, into aps: inout APSDictionary) throws(GiveUp) {
        var seen: UInt32 = 0
        var members = try enter(UInt8(ascii: "{"))
        while let key = try nextKey(&members) {
            guard let name = apsKey(key), seen & 1 << name.rawValue == 0 else { throw GiveUp() }
            seen |= 1 << name.rawValue
            switch name {
            case .alert:
                // Read in place: an alert handed back would be copied in.
                aps.alert = AlertContent()
                try readAlert(into: &aps.alert!)
            case .badge:
                let number = try readNumber().doubleValue
                let whole = number.rounded(.towardZero)
                guard number >= 0, number == whole else { throw GiveUp() }
                aps.badge = Int(exactly: whole) ?? Int.max
            case .sound: aps.sound = .named(try readString())
            case .threadID: aps.threadID = try readString()
            case .category: aps.category = try readString()
            case .targetContentID: aps.targetContentID = try readString()
            case .filterCriteria: aps.filterCriteria = try readString()
            case .contentAvailable: aps.contentAvailable = try readFlag()
            case .mutableContent: aps.mutableContent = try readFlag()
            case .interruptionLevel:
                guard let level = InterruptionLevel(rawValue: try readString()) else { throw GiveUp() }
                aps.interruptionLevel = level
            case .relevanceScore:
                let score = try readNumber().doubleValue
                guard score >= 0, score <= 1 else { throw GiveUp() }
                aps.relevanceScore = min(max(score, 0), 1)
            case .urlArguments, .inputPushToken, .inputPushChannel: try skipValue(depth: depth + 1)
            }
        }
    }

    /// The `aps` keys this reader takes; every other one is reported or is a Live Activity's.
    private enum APSKey: UInt32 {
        case alert, badge, sound, threadID, category, targetContentID, filterCriteria, contentAvailable, mutableContent
        case interruptionLevel, relevanceScore
        /// Passed on by APNs and read by nothing on the device, without a remark.
        case urlArguments, inputPushToken, inputPushChannel
    }

    /// The names of the keys in ``APSKey``, compared as bytes without making a `String` of
    /// each key.
    private static let apsKeys: [(name: StaticString, key: APSKey)] = [
        ("alert", .alert), ("sound", .sound), ("badge", .badge), ("thread-id", .threadID), ("category", .category),
        ("mutable-content", .mutableContent), ("content-available", .contentAvailable), ("interruption-level", .interruptionLevel),
        ("relevance-score", .relevanceScore), ("target-content-id", .targetContentID), ("filter-criteria", .filterCriteria),
        ("url-args", .urlArguments), ("input-push-token", .inputPushToken), ("input-push-channel", .inputPushChannel),
    ]

    private func apsKey(_ key: Range<Int>) -> APSKey? {
        Self.apsKeys.first { equals(key, $0.name) }?.key
    }

    /// `content-available`, `mutable-content`: a number or a boolean (anything else is reported).
    private mutating func readFlag() throws(GiveUp) -> Bool {
        guard pos < text.count else { throw GiveUp() }
        switch text[pos] {
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return true
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return false
        default: return try readNumber().doubleValue > 0
        }
    }

    // MARK: Alert

    /// One field's members as written.
    private struct FieldMembers {
        var text: String?
        var textLocation: SourceLocation?
        var locKey: String?
        var locKeyLocation: SourceLocation?
        var locArgs: [LocArgument]?

        /// Into `field` (empty), as the located reader's `readAlert` makes it: the raw text,
        /// then the key (whose location wins), then the arguments, which need a key. The members
        /// are moved, not copied (swapped with the field's nothing).
        mutating func move(into field: inout AlertField) throws(GiveUp) {
            let hasText = text != nil
            let hasKey = locKey != nil
            if text?.isEmpty == true { text = nil }
            if locKey?.isEmpty == true { locKey = nil }
            // Arguments without a key are reported.
            guard locArgs == nil || locKey != nil else { throw GiveUp() }
            swap(&field.text, &text)
            swap(&field.locKey, &locKey)
            swap(&field.locArgs, &locArgs)
            if hasKey {
                swap(&field.location, &locKeyLocation)
            } else if hasText {
                swap(&field.location, &textLocation)
            }
        }
    }

    /// An alert string, or an object of title, subtitle and body members, into `alert` (empty).
    private mutating func readAlert(into alert: inout AlertContent) throws(GiveUp) {
        guard pos < text.count else { throw GiveUp() }
        if text[pos] == UInt8(ascii: "\"") {
            let location = lines.location(of: pos, in: text)
            let body = try readString()
            guard !body.isEmpty else { throw GiveUp() }
            alert.body.text = body
            alert.body.location = location
            return
        }
        // Title, subtitle and body, each gathered on its own: from an array, each would be
        // copied out again.
        var title = FieldMembers()
        var subtitle = FieldMembers()
        var body = FieldMembers()
        var seen: UInt32 = 0
        var members = try enter(UInt8(ascii: "{"))
        while let key = try nextKey(&members) {
            guard let index = Self.alertMembers.firstIndex(where: { equals(key, $0.name) }), seen & 1 << index == 0 else {
                throw GiveUp()
            }
            seen |= 1 << index
            let member = Self.alertMembers[index]
            if member.part == .launchImage {
                alert.launchImage = try readString()
                continue
            }
            switch member.field {
            case 0: try readMember(member.part, key: key, into: &title)
            case 1: try readMember(member.part, key: key, into: &subtitle)
            default: try readMember(member.part, key: key, into: &body)
            }
        }
        try title.move(into: &alert.title)
        try subtitle.move(into: &alert.subtitle)
        try body.move(into: &alert.body)
    }

    /// The value of a field's member whose key is at `key`.
    private mutating func readMember(_ part: AlertMemberPart, key: Range<Int>, into members: inout FieldMembers) throws(GiveUp) {
        switch part {
        case .text:
            members.textLocation = lines.location(of: key.lowerBound - 1, in: text)
            members.text = try readString()
        case .locKey:
            members.locKeyLocation = lines.location(of: key.lowerBound - 1, in: text)
            members.locKey = try readString()
        case .locArgs: members.locArgs = try readArguments()
        case .launchImage: throw GiveUp()
        }
    }

    private enum AlertMemberPart {
        case text, locKey, locArgs, launchImage
    }

    /// The alert members this reader takes, with the field (title, subtitle, body) each belongs to.
    private static let alertMembers: [(name: StaticString, field: Int, part: AlertMemberPart)] = [
        ("title", 0, .text), ("subtitle", 1, .text), ("body", 2, .text),
        ("title-loc-key", 0, .locKey), ("subtitle-loc-key", 1, .locKey), ("loc-key", 2, .locKey),
        ("title-loc-args", 0, .locArgs), ("subtitle-loc-args", 1, .locArgs), ("loc-args", 2, .locArgs),
        ("launch-image", 0, .launchImage),
    ]

    /// `*-loc-args` of strings only (any other value is reported).
    private mutating func readArguments() throws(GiveUp) -> [LocArgument] {
        var arguments: [LocArgument] = []
        var items = try enter(UInt8(ascii: "["))
        while try nextItem(&items) {
            guard pos < text.count, text[pos] == UInt8(ascii: "\"") else { throw GiveUp() }
            let location = lines.location(of: pos, in: text)
            arguments.append(LocArgument(text: try readString(), kind: .string, location: location))
            guard arguments.count <= NotificationPayload.maximumLocArguments else { throw GiveUp() }
        }
        return arguments
    }

    // MARK: JSON

    /// Where reading an object or an array is: its closing bracket, and whether a member or
    /// an item has been read.
    struct Container {
        let closing: UInt8
        var isEmpty = true
        /// Where this object's keys start in `keysSeen`.
        let keysStart: Int
    }

    /// Steps into the object or array (`opening` is `{` or `[`) at `pos`.
    mutating func enter(_ opening: UInt8) throws(GiveUp) -> Container {
        guard pos < text.count, text[pos] == opening else { throw GiveUp() }
        pos += 1
        return Container(closing: opening == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"), keysStart: keysSeen.count)
    }

    /// Past the comma before the next member or item (true), or past the closing bracket.
    mutating func advance(_ container: inout Container) throws(GiveUp) -> Bool {
        skipWhitespace()
        guard pos < text.count else { throw GiveUp() }
        if container.isEmpty {
            container.isEmpty = false
            guard text[pos] != container.closing else {
                pos += 1
                return false
            }
            return true
        }
        if text[pos] == UInt8(ascii: ",") {
            pos += 1
            skipWhitespace()
            return true
        }
        guard text[pos] == container.closing else { throw GiveUp() }
        pos += 1
        return false
    }

    /// The next member's key (its bytes between the quotes), with `pos` at its value; nil past
    /// the closing brace. Keys written with escapes are left to the located reader.
    mutating func nextKey(_ object: inout Container) throws(GiveUp) -> Range<Int>? {
        guard try advance(&object) else {
            // The object is read: its keys are no longer needed.
            while keysSeen.count > object.keysStart { keysSeen.removeLast() }
            return nil
        }
        guard pos < text.count, text[pos] == UInt8(ascii: "\"") else { throw GiveUp() }
        let start = pos + 1
        let end = plainEnd(from: start)
        guard end < text.count, text[end] == UInt8(ascii: "\"") else { throw GiveUp() }
        pos = end + 1
        skipWhitespace()
        guard pos < text.count, text[pos] == UInt8(ascii: ":") else { throw GiveUp() }
        pos += 1
        skipWhitespace()
        return start..<end
    }

    /// Moves to the value of the next member named `name`, checking and passing over the
    /// others (values `depth` levels deep); false past the closing brace.
    mutating func nextMember(named name: StaticString, in object: inout Container, depth: Int) throws(GiveUp) -> Bool {
        while let key = try nextKey(&object) {
            try checkUnique(key, in: object)
            if equals(key, name) { return true }
            try skipValue(depth: depth)
        }
        return false
    }

    /// Whether the array has another item, with `pos` at it.
    mutating func nextItem(_ array: inout Container) throws(GiveUp) -> Bool {
        try advance(&array)
    }

    /// A duplicate key is reported. Keys are compared with each earlier one, so objects of
    /// more than `limit` members are left to the located reader; those this reader skips have
    /// few.
    mutating func checkUnique(_ key: Range<Int>, in object: Container, limit: Int = 16) throws(GiveUp) {
        guard keysSeen.count - object.keysStart < limit else { throw GiveUp() }
        let isASCII = isASCII(key)
        for other in keysSeen[object.keysStart...] {
            if isASCII && other.isASCII {
                if other.range.count == key.count && text[other.range].elementsEqual(text[key]) { throw GiveUp() }
            } else if string(other.range) == string(key) {
                // The located reader's keys are `String`s: canonically equivalent keys (é
                // written as one scalar and as two) are one key to it, whatever their bytes.
                throw GiveUp()
            }
        }
        if keysSeen.capacity == 0 { keysSeen.reserveCapacity(32) }
        keysSeen.append(SeenKey(range: key, isASCII: isASCII))
    }

    /// Whether the bytes of `range` are all ASCII; eight at a time.
    func isASCII(_ range: Range<Int>) -> Bool {
        guard let base = UnsafeRawPointer(text.baseAddress) else { return true }
        var bits: UInt64 = 0
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound {
            bits |= base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < range.upperBound {
            bits |= UInt64(text[offset])
            offset += 1
        }
        return bits & 0x8080_8080_8080_8080 == 0
    }

    func equals(_ key: Range<Int>, _ name: StaticString) -> Bool {
        guard key.count == name.utf8CodeUnitCount else { return false }
        let bytes = name.utf8Start
        for (index, offset) in key.enumerated() where text[offset] != bytes[index] { return false }
        return true
    }

    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
    }

    /// Checks a custom value's syntax and duplicate keys, as the located reader would.
    mutating func skipValue(depth: Int) throws(GiveUp) {
        guard depth <= Self.maximumDepth, pos < text.count else { throw GiveUp() }
        switch text[pos] {
        case UInt8(ascii: "{"):
            var members = try enter(UInt8(ascii: "{"))
            while let key = try nextKey(&members) {
                try checkUnique(key, in: members)
                try skipValue(depth: depth + 1)
            }
        case UInt8(ascii: "["):
            var items = try enter(UInt8(ascii: "["))
            while try nextItem(&items) { try skipValue(depth: depth + 1) }
        case UInt8(ascii: "\""): _ = try scanString()
        case UInt8(ascii: "t"): try expectLiteral("true")
        case UInt8(ascii: "f"): try expectLiteral("false")
        case UInt8(ascii: "n"): try expectLiteral("null")
        default: _ = try readNumber()
        }
    }

    /// A string literal's text: the bytes between its quotes when it has no escapes, its
    /// decoded value when it has.
    enum StringLiteral {
        case plain(Range<Int>)
        case decoded(String)
    }

    /// Moves past the string literal at `pos`.
    mutating func scanString() throws(GiveUp) -> StringLiteral {
        guard pos < text.count, text[pos] == UInt8(ascii: "\"") else { throw GiveUp() }
        let start = pos + 1
        let end = plainEnd(from: start)
        guard end < text.count else { throw GiveUp() }
        if text[end] == UInt8(ascii: "\"") {
            pos = end + 1
            return .plain(start..<end)
        }
        guard text[end] == UInt8(ascii: "\\") else { throw GiveUp() }
        // Escapes are decoded by the located reader's own string reader.
        guard let (value, after) = JSONParser.string(at: pos, in: text) else { throw GiveUp() }
        pos = after
        return .decoded(value)
    }

    /// Where the plain run of a string literal's text from `start` ends: at its closing quote,
    /// a backslash, a control character (which the literal may not hold), or the end of the text.
    func plainEnd(from start: Int) -> Int {
        guard let base = text.baseAddress, start < text.count else { return text.count }
        return start + bytescan_json_string_end(base + start, text.count - start)
    }

    mutating func readString() throws(GiveUp) -> String {
        switch try scanString() {
        case .plain(let range): string(range)
        case .decoded(let value): value
        }
    }

    /// A number, read by the located reader's own number reader.
    mutating func readNumber() throws(GiveUp) -> LocatedJSON.Number {
        guard let (value, after) = JSONParser.number(at: pos, in: text) else { throw GiveUp() }
        pos = after
        return value
    }

    mutating func expectLiteral(_ literal: StaticString) throws(GiveUp) {
        let bytes = literal.utf8Start
        let count = literal.utf8CodeUnitCount
        guard pos + count <= text.count else { throw GiveUp() }
        for index in 0..<count where text[pos + index] != bytes[index] { throw GiveUp() }
        pos += count
    }

    @inline(__always)
    mutating func skipWhitespace() {
        // Most runs are none or one space; longer ones (a line end and its indentation) are scanned.
        guard pos < text.count, Self.isWhitespace(text[pos]) else { return }
        pos += 1
        guard pos < text.count, Self.isWhitespace(text[pos]), let base = text.baseAddress else { return }
        pos += bytescan_json_space_end(base + pos, text.count - pos)
    }

    static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
}
