#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One localization table as read from a file: `Localizable.strings` in any of its forms (text in
/// UTF-8/16/32, compiled XML or binary property list).
///
/// The reading is lossless: every entry is kept in file order with its key, value, comment and
/// location, duplicates included. ``subscript(_:)`` answers with the *effective* value, the one a
/// device uses: the last of duplicate keys, and nothing at all when CoreFoundation would reject
/// the file (``isReadableOnDevice`` is false) or for entries after a point where it silently
/// stops reading (``Entry/isReadByDevice``).
///
/// Values are stored compactly and turned into `String`s only when asked for, so reading a large
/// table is fast and small; keep the table and look up as often as you like.
///
/// ```swift
/// let text = """
///     /* Title of a missed call notification. */
///     "call.missed.title" = "Appel manqué";
///     """
/// let table = LocalizationTable(parsing: Array(text.utf8), file: "fr.lproj/Localizable.strings")
/// table["call.missed.title"]                  // "Appel manqué"
/// table.entries.first?.comment                // "Title of a missed call notification."
///
/// let broken = LocalizationTable(parsing: Array(#""a" = "A" "b" = "B";"#.utf8))
/// broken.isReadableOnDevice                   // false: a missing ';' empties the table on a device
/// broken.diagnostics.first?.id                // .missingSemicolon
/// ```
public struct LocalizationTable: Sendable {
    /// The form a table file was stored in.
    public enum Format: Sendable, Hashable, CustomStringConvertible {
        case text(TextEncoding)
        case xmlPropertyList
        case binaryPropertyList

        /// The form in words, as reports name it (`text (utf8)`, `XML property list`).
        public var description: String {
            switch self {
            case .text(let encoding): "text (\(encoding.rawValue))"
            case .xmlPropertyList: "XML property list"
            case .binaryPropertyList: "binary property list"
            }
        }
    }

    /// What an entry's value is. A strings table needs strings; the property-list grammar also
    /// allows the others, which a device cannot show.
    public enum ValueKind: String, Sendable, Hashable, Codable {
        case string, array, dictionary, data, other
    }

    /// One entry as written in the file: key, value, comment and where they are.
    public struct Entry: Hashable, Sendable {
        /// The key, unescaped.
        public var key: String
        /// The value; for a value that is not a string, its source text.
        public var value: String
        /// Whether the value is a string (the only kind a device shows) or something else.
        public var valueKind: ValueKind
        /// The comment just before the entry, without its `/* */` or `//` markers.
        public var comment: String?
        /// Where the key starts.
        public var location: SourceLocation
        /// Where the value starts (the key's location for the `"key";` shorthand).
        public var valueLocation: SourceLocation
        /// False when CoreFoundation, and so the device, never sees this entry.
        public var isReadByDevice: Bool

        /// An entry built in code, for instance to print with ``StringsFilePrinter``.
        /// - Parameters:
        ///   - key: The key.
        ///   - value: The value.
        ///   - valueKind: The kind of value; a string by default.
        ///   - comment: The comment before the entry, without markers.
        ///   - location: Where the key starts.
        ///   - valueLocation: Where the value starts; the key's location by default.
        ///   - isReadByDevice: Whether the device reads the entry.
        public init(
            key: String, value: String, valueKind: ValueKind = .string, comment: String? = nil,
            location: SourceLocation, valueLocation: SourceLocation? = nil, isReadByDevice: Bool = true
        ) {
            self.key = key
            self.value = value
            self.valueKind = valueKind
            self.comment = comment
            self.location = location
            self.valueLocation = valueLocation ?? location
            self.isReadByDevice = isReadByDevice
        }
    }

    /// The encoding of a text table; nil for compiled property lists.
    public var textEncoding: TextEncoding? {
        if case .text(let encoding) = format { return encoding }
        return nil
    }

    /// The file path the table was read from, as given.
    public let file: String?
    /// The form the file was stored in: text in some encoding, or a compiled property list.
    public let format: Format
    /// Everything noticed while reading, in file order.
    public let diagnostics: [LocalizationDiagnostic]
    /// False when CoreFoundation rejects the file: on a device the whole table is then empty.
    public let isReadableOnDevice: Bool
    /// The decoded text locations refer to (text and XML tables; nil for binary ones).
    public let source: SourceText?
    let storage: TableStorage

    init(
        file: String?, format: Format, diagnostics: [LocalizationDiagnostic], isReadableOnDevice: Bool, storage: TableStorage,
        source: SourceText? = nil
    ) {
        self.file = file
        self.format = format
        self.diagnostics = diagnostics
        self.isReadableOnDevice = isReadableOnDevice
        self.storage = storage
        self.source = source
    }

    /// Every entry in file order, duplicates and unreadable ones included.
    public var entries: Entries { Entries(storage: storage, file: file) }

    /// The effective value for `key` on a device, or nil.
    public subscript(key: String) -> String? {
        guard isReadableOnDevice, let record = storage.effectiveRecord(forKey: key) else { return nil }
        return storage.string(record.value)
    }

    /// The entry that supplies the effective value for `key`.
    public func effectiveEntry(forKey key: String) -> Entry? {
        guard isReadableOnDevice, let record = storage.effectiveRecord(forKey: key) else { return nil }
        return storage.entry(record, file: file)
    }

    /// The table as a device has it: key → effective value.
    public var dictionary: [String: String] {
        guard isReadableOnDevice else { return [:] }
        var result: [String: String] = [:]
        result.reserveCapacity(storage.distinctKeyCount)
        for (index, record) in storage.records.enumerated()
        where record.isReadByDevice && record.kind == .string && storage.effectiveIndex(forKeyOf: index) == index {
            result[storage.string(record.key)] = storage.string(record.value)
        }
        return result
    }

    /// The effective value of each key (the one a device uses), in file order of those entries,
    /// with where the value is: one pass, no hashing (the storage knows each key's effective
    /// entry).
    func forEachEffectiveValue(_ body: (_ key: String, _ value: String, _ valueLocation: SourceLocation) -> Void) {
        guard isReadableOnDevice else { return }
        // Records come in file order, so the source's line index locates them walking forward.
        for (index, record) in storage.records.enumerated()
        where record.isReadByDevice && record.kind == .string && storage.effectiveIndex(forKeyOf: index) == index {
            body(
                storage.string(record.key), storage.string(record.value),
                storage.location(line: record.valueLine, column: record.valueColumn, file: file))
        }
    }

    /// Keys with an effective value, in the order they first appear.
    public var keys: [String] {
        guard isReadableOnDevice else { return [] }
        var result: [String] = []
        for (index, record) in storage.records.enumerated()
        where record.isReadByDevice && record.kind == .string
            && storage.firstReadableIndex(forKeyOf: index) == index
        {
            result.append(storage.string(record.key))
        }
        return result
    }

    /// Number of keys with an effective value.
    public var count: Int { isReadableOnDevice ? storage.effectiveKeyCount : 0 }

    /// Bytes this table keeps in memory (its buffers at their capacity, and its text's line
    /// index once a location has needed one), for accounting.
    public var memoryFootprint: Int { storage.byteCount }

    /// The decoded source text (UTF-8), for text tables; used to show offending lines.
    public var sourceText: String? {
        storage.source != nil ? String(decoding: storage.text, as: UTF8.self) : nil
    }

    /// A view of the entries that materializes each one on access.
    public struct Entries: RandomAccessCollection, Sendable {
        let storage: TableStorage
        let file: String?
        /// The first entry's index, 0.
        public var startIndex: Int { 0 }
        /// One past the last entry's index.
        public var endIndex: Int { storage.records.count }
        /// The entry at `position`, made on access.
        public subscript(position: Int) -> Entry { storage.entry(storage.records[position], file: file) }
    }
}

/// A run of bytes in the table storage: in the source text, or (high bit of `start` set) in the
/// arena that holds strings which needed unescaping.
struct ByteSpan: Hashable {
    var start: UInt32
    var length: UInt32

    static let arenaFlag: UInt32 = 0x8000_0000
    static let none = ByteSpan(start: 0, length: UInt32.max)

    var isNone: Bool { length == UInt32.max }

    static func text(_ start: Int, _ length: Int) -> ByteSpan {
        ByteSpan(start: UInt32(truncatingIfNeeded: start), length: UInt32(truncatingIfNeeded: length))
    }
    static func arena(_ start: Int, _ length: Int) -> ByteSpan {
        ByteSpan(start: UInt32(truncatingIfNeeded: start) | arenaFlag, length: UInt32(truncatingIfNeeded: length))
    }
}

struct EntryRecord {
    var key: ByteSpan
    var value: ByteSpan
    /// Raw comment text including its markers, in the source text.
    var comment: ByteSpan
    /// Where the key and the value start: a line and a column, or, with line 0, a byte offset
    /// into the storage's source (in the column), which becomes a line and column only when
    /// asked for (an entry made, a value the model keeps, a duplicate-key finding:
    /// ``TableStorage/location(line:column:file:)``). A text table's reader keeps offsets: most
    /// tables are read far more often than their entries are located.
    var keyLine: UInt32 = 0
    var keyColumn: UInt32 = 0
    var valueLine: UInt32 = 0
    var valueColumn: UInt32 = 0
    var kind: LocalizationTable.ValueKind
    var isReadByDevice: Bool
}

extension EntryRecord {
    /// A record located by byte offsets into its table's source text.
    init(key: ByteSpan, value: ByteSpan, comment: ByteSpan, keyOffset: Int, valueOffset: Int, kind: LocalizationTable.ValueKind, isReadByDevice: Bool)
    {
        self.init(
            key: key, value: value, comment: comment, keyLine: 0, keyColumn: UInt32(truncatingIfNeeded: keyOffset), valueLine: 0,
            valueColumn: UInt32(truncatingIfNeeded: valueOffset), kind: kind, isReadByDevice: isReadByDevice)
    }
}

/// Immutable once built; shared between copies of a table and safe to read from any thread.
final class TableStorage: Sendable {
    let text: [UInt8]
    let arena: [UInt8]
    let records: [EntryRecord]
    /// The decoded text of a text table, which records located by byte offset refer to (see
    /// ``EntryRecord``); nil for property lists.
    let source: SourceText?
    /// Whether a key defined twice keeps its first value (compiled tables).
    let firstDefinitionWins: Bool
    /// Open-addressing hash table: slot → distinct key number + 1 (0 = empty).
    private let slots: [Int32]
    /// The slots' hash, keyed per table (``KeyedByteHash``) so that keys chosen to collide
    /// cannot make a table quadratic, whatever the process's hash seeding.
    private let hash: KeyedByteHash
    /// Whether a long probe run turned the table to SipHash.
    var usesSipHash: Bool { hash.isStrong }
    /// Per distinct key: the record the device uses (-1 if none, or if the record it keeps is not
    /// a string), and the first string it reads. The one it keeps is the last, except in compiled
    /// tables (``init(text:arena:records:source:firstDefinitionWins:hash:)``).
    private let lastReadable: [Int32]
    private let firstReadable: [Int32]
    /// Per distinct key: its first record (whose key bytes the hash table compares against).
    private let representative: [Int32]
    /// Per record: its distinct key number.
    private let keyNumbers: [Int32]
    let effectiveKeyCount: Int
    var distinctKeyCount: Int { lastReadable.count }

    /// - Parameter firstDefinitionWins: a key defined twice keeps its first value, as in a
    ///   compiled table: CoreFoundation builds that dictionary with `CFDictionaryCreate`, which
    ///   does not replace a key it already holds. Text and XML tables keep the last.
    init(
        text: [UInt8], arena: [UInt8], records: [EntryRecord], source: SourceText? = nil, firstDefinitionWins: Bool = false,
        hash: KeyedByteHash = KeyedByteHash()
    ) {
        self.text = text
        self.arena = arena
        self.records = records
        self.source = source
        self.firstDefinitionWins = firstDefinitionWins
        var capacity = 16
        while capacity < records.count * 2 { capacity <<= 1 }
        var slots = [Int32](repeating: 0, count: capacity)
        var lastReadable: [Int32] = []
        var firstReadable: [Int32] = []
        var representative: [Int32] = []
        var keyNumbers = [Int32](repeating: 0, count: records.count)
        var effective = 0
        var holdsOtherKinds = false
        let mask = capacity - 1
        var hash = hash
        // Keys chosen to collide in the fast hash make a long probe run: start again with SipHash.
        var tooLong = false
        repeat {
            if tooLong {
                hash.strengthen()
                tooLong = false
                slots = [Int32](repeating: 0, count: capacity)
                lastReadable = []
                firstReadable = []
                representative = []
                effective = 0
                holdsOtherKinds = false
            }
            text.withUnsafeBufferPointer { textBuffer in
                arena.withUnsafeBufferPointer { arenaBuffer in
                    for (index, record) in records.enumerated() {
                        let key = TableStorage.bytes(record.key, textBuffer, arenaBuffer)
                        var slot = hash(key) & mask
                        var number: Int32 = -1
                        var probes = 0
                        while slots[slot] != 0 {
                            let candidate = Int(slots[slot] - 1)
                            let other = TableStorage.bytes(records[Int(representative[candidate])].key, textBuffer, arenaBuffer)
                            if TableStorage.equal(key, other) {
                                number = Int32(candidate)
                                break
                            }
                            slot = (slot + 1) & mask
                            probes += 1
                        }
                        if probes > KeyedByteHash.probeLimit, !hash.isStrong {
                            tooLong = true
                            return
                        }
                        if number < 0 {
                            number = Int32(lastReadable.count)
                            slots[slot] = number + 1
                            lastReadable.append(-1)
                            firstReadable.append(-1)
                            representative.append(Int32(index))
                        }
                        keyNumbers[index] = number
                        // The record a device keeps is the last (or, compiled, the first) of any
                        // kind: a later array or an earlier null hides a string, as in Foundation.
                        if record.isReadByDevice {
                            if lastReadable[Int(number)] < 0 {
                                effective += 1
                                lastReadable[Int(number)] = Int32(index)
                            } else if !firstDefinitionWins {
                                lastReadable[Int(number)] = Int32(index)
                            }
                            if record.kind == .string {
                                if firstReadable[Int(number)] < 0 { firstReadable[Int(number)] = Int32(index) }
                            } else {
                                holdsOtherKinds = true
                            }
                        }
                    }
                }
            }
        } while tooLong
        // A key whose kept record is not a string has no text (a second pass only for tables
        // that hold other values).
        if holdsOtherKinds {
            for number in lastReadable.indices where lastReadable[number] >= 0 && records[Int(lastReadable[number])].kind != .string {
                effective -= 1
                lastReadable[number] = -1
                firstReadable[number] = -1
            }
        }
        self.slots = slots
        self.hash = hash
        self.lastReadable = lastReadable
        self.firstReadable = firstReadable
        self.keyNumbers = keyNumbers
        self.representative = representative
        self.effectiveKeyCount = effective
    }

    /// Bytes held by this storage (buffers at their capacity, and the text's line index once a
    /// location has made it), for memory accounting.
    var byteCount: Int {
        text.capacity + arena.capacity + records.capacity * MemoryLayout<EntryRecord>.stride
            + (slots.capacity + lastReadable.capacity + firstReadable.capacity + representative.capacity
                + keyNumbers.capacity) * MemoryLayout<Int32>.stride + (source?.indexByteCount ?? 0)
    }

    /// The distinct-key number of `key`, or nil when the table never mentions it.
    func keyNumber(forKey key: String) -> Int? {
        var key = key
        return key.withUTF8 { keyBytes -> Int? in
            let mask = slots.count - 1
            var slot = hash(keyBytes) & mask
            return text.withUnsafeBufferPointer { textBuffer in
                arena.withUnsafeBufferPointer { arenaBuffer in
                    while slots[slot] != 0 {
                        let number = Int(slots[slot] - 1)
                        let index = Int(representative[number])
                        if TableStorage.equal(keyBytes, TableStorage.bytes(records[index].key, textBuffer, arenaBuffer)) {
                            return number
                        }
                        slot = (slot + 1) & mask
                    }
                    return nil
                }
            }
        }
    }

    func effectiveRecord(forKey key: String) -> EntryRecord? {
        guard let number = keyNumber(forKey: key) else { return nil }
        let index = lastReadable[number]
        return index >= 0 ? records[Int(index)] : nil
    }

    func keyNumber(ofRecord index: Int) -> Int { Int(keyNumbers[index]) }

    func effectiveIndex(forKeyOf recordIndex: Int) -> Int {
        Int(lastReadable[Int(keyNumbers[recordIndex])])
    }

    func firstReadableIndex(forKeyOf recordIndex: Int) -> Int {
        Int(firstReadable[Int(keyNumbers[recordIndex])])
    }

    /// Indices of all records sharing the key of `recordIndex`, in file order.
    func recordIndices(sharingKeyWith recordIndex: Int) -> [Int] {
        let number = keyNumbers[recordIndex]
        return keyNumbers.indices.filter { keyNumbers[$0] == number }
    }

    func string(_ span: ByteSpan) -> String {
        if span.isNone { return "" }
        return text.withUnsafeBufferPointer { textBuffer in
            arena.withUnsafeBufferPointer { arenaBuffer in
                String(decoding: TableStorage.bytes(span, textBuffer, arenaBuffer), as: UTF8.self)
            }
        }
    }

    func entry(_ record: EntryRecord, file: String?) -> LocalizationTable.Entry {
        LocalizationTable.Entry(
            key: string(record.key),
            value: string(record.value),
            valueKind: record.kind,
            comment: record.comment.isNone ? nil : CommentText.clean(string(record.comment)),
            location: location(line: record.keyLine, column: record.keyColumn, file: file),
            valueLocation: location(line: record.valueLine, column: record.valueColumn, file: file),
            isReadByDevice: record.isReadByDevice
        )
    }

    /// A record's key or value location: as recorded, or, for line 0, the byte offset in the
    /// column resolved in ``source`` (see ``EntryRecord``).
    func location(line: UInt32, column: UInt32, file: String?) -> SourceLocation {
        guard line == 0, let source else { return SourceLocation(file: file, line: Int(line), column: Int(column)) }
        var location = source.location(ofByte: Int(column))
        location.file = file
        return location
    }

    @inline(__always)
    static func bytes(
        _ span: ByteSpan, _ text: UnsafeBufferPointer<UInt8>, _ arena: UnsafeBufferPointer<UInt8>
    ) -> UnsafeBufferPointer<UInt8> {
        if span.isNone || span.length == 0 { return UnsafeBufferPointer(start: nil, count: 0) }
        if span.start & ByteSpan.arenaFlag != 0 {
            let start = Int(span.start & ~ByteSpan.arenaFlag)
            return UnsafeBufferPointer(rebasing: arena[start..<(start + Int(span.length))])
        }
        let start = Int(span.start)
        return UnsafeBufferPointer(rebasing: text[start..<(start + Int(span.length))])
    }

    @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        if a.count == 0 { return true }
        return memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
    }
}

/// Turns raw comment text (with `/* */` or `//` markers, possibly several comments) into the
/// comment a translator wrote. Works on scalars, as the reader does: a "/" followed by a
/// combining mark is one Character but still a comment marker.
enum CommentText {
    /// Where a `//` comment ends for CoreFoundation.
    static let lineEnds: Set<Unicode.Scalar> = ["\n", "\r", "\u{2028}", "\u{2029}"]

    static func clean(_ raw: String) -> String {
        let scalars = Array(raw.unicodeScalars)
        var parts: [ArraySlice<Unicode.Scalar>] = []
        var i = 0
        while i + 1 < scalars.count {
            guard scalars[i] == "/" else {
                i += 1
                continue
            }
            if scalars[i + 1] == "*" {
                var close = i + 2
                while close + 1 < scalars.count && !(scalars[close] == "*" && scalars[close + 1] == "/") { close += 1 }
                guard close + 1 < scalars.count else {
                    parts.append(scalars[(i + 2)...])
                    break
                }
                parts.append(scalars[(i + 2)..<close])
                i = close + 2
            } else if scalars[i + 1] == "/" {
                var lineEnd = i + 2
                while lineEnd < scalars.count && !lineEnds.contains(scalars[lineEnd]) { lineEnd += 1 }
                parts.append(scalars[(i + 2)..<lineEnd])
                i = lineEnd
            } else {
                i += 1
            }
        }
        return parts.map(trimmed).filter { !$0.isEmpty }.joined(separator: "\n")
    }

    private static func trimmed(_ text: ArraySlice<Unicode.Scalar>) -> String {
        var slice = text
        while let first = slice.first, first.properties.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.properties.isWhitespace { slice.removeLast() }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: slice)
        return String(result)
    }
}
