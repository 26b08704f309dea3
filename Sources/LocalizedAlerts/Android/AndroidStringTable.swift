#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `<string>` resources of one values file, in file order and by name.
///
/// Held the way aapt2's string pool holds them: every name and compiled value in one buffer of
/// UTF-8 with an index into it, so that reading a file makes no String for each resource. An
/// ``AndroidStringResource`` is made when one is asked for; ``value(named:)`` makes only the
/// value.
public struct AndroidStringTable: Sendable, RandomAccessCollection, Equatable {
    /// The file the locations are in.
    var file: String?
    /// Names and values, back to back.
    private var pool: [UInt8] = []
    private var nameIndex = NameIndex()

    /// An empty table.
    public init() {}

    init(file: String?) {
        self.file = file
    }

    /// A table over a pool and index built by a reader.
    init(file: String?, pool: [UInt8], index: NameIndex) {
        self.file = file
        self.pool = pool
        self.nameIndex = index
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { nameIndex.entries.count }

    /// The resource at `position`, in file order.
    public subscript(position: Int) -> AndroidStringResource {
        let entry = nameIndex.entries[position]
        return AndroidStringResource(
            name: text(entry.name), value: value(of: entry), isTranslatable: !entry.flags.contains(.untranslatable),
            isFormatted: !entry.flags.contains(.unformatted), isStyled: entry.flags.contains(.styled),
            location: SourceLocation(file: file, line: entry.line, column: entry.column))
    }

    /// The string named `name`, or nil.
    public subscript(name: String) -> AndroidStringResource? {
        position(of: name).map { self[$0] }
    }

    /// The value of the string named `name`, or nil.
    public func value(named name: String) -> AndroidResourceValue? {
        position(of: name).map { value(of: nameIndex.entries[$0]) }
    }

    /// The names, in file order.
    public var names: [String] { nameIndex.entries.map { text($0.name) } }

    /// The name of the string at `position`.
    public func name(at position: Int) -> String { text(nameIndex.entries[position].name) }

    /// The value of the string at `position`.
    public func value(at position: Int) -> AndroidResourceValue { value(of: nameIndex.entries[position]) }

    /// Whether the string at `position` is a reference, asked without making its value.
    package func isReference(at position: Int) -> Bool { nameIndex.entries[position].flags.contains(.reference) }

    /// Where the string at `position` is.
    package func location(at position: Int) -> SourceLocation {
        SourceLocation(file: file, line: nameIndex.entries[position].line, column: nameIndex.entries[position].column)
    }

    /// Where the string named `name` is, or nil.
    public func position(of name: String) -> Int? {
        var name = name
        return name.withUTF8 { bytes in pool.withUnsafeBufferPointer { nameIndex.position(of: bytes, in: $0) } }
    }

    /// Adds `resource` unless a string of its name is here: false then, and nothing changes.
    @discardableResult
    package mutating func insert(_ resource: AndroidStringResource) -> Bool {
        let start = pool.count
        var name = resource.name
        name.withUTF8 { pool.append(contentsOf: $0) }
        let valueStart = pool.count
        var flags: NameIndex.Flags = []
        switch resource.value {
        case .text(var text):
            text.withUTF8 { pool.append(contentsOf: $0) }
        case .reference(let type, let target):
            // Kept as the text it reads back from (an unqualified attribute reference is `?type/name`).
            flags.insert(.reference)
            var text = type == "null" ? "@" + target : (type.hasSuffix("attr") ? "?" : "@") + type + "/" + target
            text.withUTF8 { pool.append(contentsOf: $0) }
        }
        if !resource.isTranslatable { flags.insert(.untranslatable) }
        if !resource.isFormatted { flags.insert(.unformatted) }
        if resource.isStyled { flags.insert(.styled) }
        let entry = NameIndex.Entry(
            name: start..<valueStart, value: valueStart..<pool.count, line: resource.location.line, column: resource.location.column, flags: flags)
        let inserted = pool.withUnsafeBufferPointer { nameIndex.insert(entry, in: $0) }
        if !inserted { pool.removeSubrange(start...) }
        return inserted
    }

    /// Makes room for `count` strings of `bytes` bytes of names and values in all.
    package mutating func reserveCapacity(_ count: Int, bytes: Int) {
        nameIndex.reserveCapacity(count)
        pool.reserveCapacity(bytes)
    }

    public static func == (left: AndroidStringTable, right: AndroidStringTable) -> Bool {
        left.count == right.count && left.allSatisfy { right[$0.name] == $0 }
    }

    private func text(_ range: Range<Int>) -> String {
        pool.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    private func value(of entry: NameIndex.Entry) -> AndroidResourceValue {
        let text = text(entry.value)
        guard entry.flags.contains(.reference) else { return .text(text) }
        // Only references are kept as such: the text reads back to the same one.
        return AAPT2StringBuilder.reference(in: text) ?? .text(text)
    }
}

/// The index of an ``AndroidStringTable``: its entries in file order, and open-addressed slots
/// by a hash of the name's bytes.
///
/// The hash is keyed per index (``KeyedByteHash``), whatever the process's hash seeding; should
/// a table's names ever make a long run of taken slots (names chosen to collide), it rehashes
/// them with keyed SipHash, so that no file can make reading it quadratic.
struct NameIndex: Sendable {
    struct Flags: OptionSet, Sendable {
        let rawValue: UInt8
        /// The value is a reference's text.
        static let reference = Flags(rawValue: 1)
        static let untranslatable = Flags(rawValue: 2)
        static let unformatted = Flags(rawValue: 4)
        static let styled = Flags(rawValue: 8)
    }

    struct Entry: Sendable {
        /// Ranges of the pool.
        var name: Range<Int>
        var value: Range<Int>
        var line: Int
        var column: Int
        var flags: Flags
    }

    private(set) var entries: [Entry] = []
    /// Entry positions plus one, 0 for a free slot; a power of two long, at most half taken.
    private var slots: [UInt32] = []
    private var hash: KeyedByteHash
    var usesSipHash: Bool { hash.isStrong }
    /// The longest run of taken slots an insertion may probe before the names are rehashed
    /// with SipHash.
    private let probeLimit: Int

    init(probeLimit: Int = KeyedByteHash.probeLimit, hash: KeyedByteHash = KeyedByteHash()) {
        self.probeLimit = probeLimit
        self.hash = hash
    }

    /// Makes room for `count` entries.
    mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(count)
        var size = 16
        while size < 2 * count { size *= 2 }
        if size > slots.count { rehash(size: size, pool: nil) }
    }

    /// Adds `entry`, whose name and value are already in `pool`, unless its name is taken.
    mutating func insert(_ entry: Entry, in pool: UnsafeBufferPointer<UInt8>) -> Bool {
        if 2 * (entries.count + 1) > slots.count { rehash(size: max(16, 2 * slots.count), pool: pool) }
        let name = UnsafeBufferPointer(rebasing: pool[entry.name])
        let mask = slots.count - 1
        var slot = hash(name) & mask
        var probes = 0
        while slots[slot] != 0 {
            if matches(name, entries[Int(slots[slot]) - 1], pool) { return false }
            slot = (slot + 1) & mask
            probes += 1
        }
        guard entries.count < UInt32.max else { return false }
        entries.append(entry)
        slots[slot] = UInt32(entries.count)
        if probes > probeLimit, !usesSipHash {
            hash.strengthen()
            rehash(size: slots.count, pool: pool)
        }
        return true
    }

    /// The position of the entry named `name`, or nil.
    func position(of name: UnsafeBufferPointer<UInt8>, in pool: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = hash(name) & mask
        while slots[slot] != 0 {
            let position = Int(slots[slot]) - 1
            if matches(name, entries[position], pool) { return position }
            slot = (slot + 1) & mask
        }
        return nil
    }

    @inline(__always)
    private func matches(_ name: UnsafeBufferPointer<UInt8>, _ entry: Entry, _ pool: UnsafeBufferPointer<UInt8>) -> Bool {
        entry.name.count == name.count && (name.isEmpty || memcmp(pool.baseAddress! + entry.name.lowerBound, name.baseAddress!, name.count) == 0)
    }

    private mutating func rehash(size: Int, pool: UnsafeBufferPointer<UInt8>?) {
        slots = Array(repeating: 0, count: size)
        guard let pool else { return }
        let mask = size - 1
        for (position, entry) in entries.enumerated() {
            var slot = hash(UnsafeBufferPointer(rebasing: pool[entry.name])) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = UInt32(position + 1)
        }
    }
}
