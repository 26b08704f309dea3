/// Reads compiled binary property lists (`bplist00`), as Xcode ships `.strings` files in app
/// bundles. Every integer read from the file (counts, offsets, references, lengths, trailer
/// fields) is range-checked before it becomes an `Int`, and object graphs that refer back to
/// themselves are refused, so hostile input cannot crash or hang the reader.
///
/// Objects may be shared: a writer stores one string once however many keys use it, and a
/// crafted file can point many containers at one container. Shared objects are read once, but
/// whoever walks the result walks every path, so each reference is charged the *expanded* size
/// of what it points at (values, text bytes and nesting height). Past ``expansionBudget`` the
/// file is refused with `plist.expands-too-much`: no small file can describe a huge tree.
///
/// Binary files have no lines: a value's location is line 1, column = its byte offset + 1.
struct BinaryPropertyListReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let file: String?
    private let maximumDepth: Int
    private var offsetIntSize = 0
    private var objectRefSize = 0
    private var objectCount = 0
    private var offsetTableOffset = 0
    private var topObject = 0
    private var visiting: Set<Int> = []
    /// Objects already read, by reference, with their expanded size.
    private var cache: [Int: (node: PropertyListNode, size: ExpandedSize)] = [:]
    /// Values the expanded tree may hold: a file cannot hold more references than bytes, so a
    /// tree written without shared containers always fits (``ReadingLimits/maximumValueCount``
    /// at most).
    private var valueBudget = 0
    /// Text bytes the expanded tree may hold (see ``expansionBudget(fileSize:)``).
    private var textBudget = 0
    /// Values read at most (``ReadingLimits/maximumValueCount``).
    private let maximumValueCount: Int
    /// Entries of nested dictionaries read past because their key is not a string, and the
    /// first ``ignoredKeysListed`` of them as warnings.
    private var ignoredKeys = 0
    private var ignored: [LocalizationDiagnostic] = []
    static let ignoredKeysListed = 50

    /// What an object expands to when every shared object is copied where it is referenced.
    struct ExpandedSize {
        var values = 1
        var textBytes = 0
        /// Levels of nesting below the object (0 for a scalar).
        var height = 0

        mutating func add(child: ExpandedSize) {
            values += child.values
            textBytes += child.textBytes
            height = max(height, child.height + 1)
        }
    }

    struct Failure: Error {
        var offset: Int
        var message: String
        var id: DiagnosticID = .binaryPropertyListCorrupt
    }

    /// Text bytes a compiled file of `fileSize` bytes may expand to through shared objects: 8
    /// times its size plus 16 MiB. Compilers share strings (one "OK" for every key whose value
    /// is "OK"), which stays far below this; a crafted file that points 100,000 keys at one
    /// 100 KB string does not.
    static func expansionBudget(fileSize: Int) -> Int { 8 * fileSize + 16 << 20 }

    static func isBinaryPropertyList(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 8 && Array(bytes[0..<6]) == Array("bplist".utf8)
    }

    init(bytes: UnsafeBufferPointer<UInt8>, file: String?, maximumDepth: Int = 512, maximumValueCount: Int = ReadingLimits.default.maximumValueCount)
    {
        self.bytes = bytes
        self.file = file
        self.maximumDepth = maximumDepth
        self.maximumValueCount = maximumValueCount
    }

    mutating func read() -> PropertyListDocument {
        do {
            try readTrailer()
            let root = try readObject(topObject, depth: 0)
            var diagnostics = ignored
            if ignoredKeys > diagnostics.count, !diagnostics.isEmpty {
                diagnostics[diagnostics.count - 1].message += " (and \(ignoredKeys - ignored.count) more like this in the file, not listed)"
            }
            return PropertyListDocument(root: root, diagnostics: diagnostics)
        } catch let failure as Failure {
            let location = SourceLocation(file: file, line: 1, column: failure.offset + 1)
            let diagnostic: LocalizationDiagnostic
            switch failure.id {
            case .expandsTooMuch:
                diagnostic = LocalizationDiagnostic(
                    .expandsTooMuch, at: location,
                    "the compiled property list shares objects so that it describes \(failure.message); it was not read",
                    hint: "recompile the file from its source: compilers share identical strings, never so much that a file grows this way")
            case .notATable:
                diagnostic = LocalizationDiagnostic(
                    .notATable, at: location, "\(failure.message), so every key of this table shows untranslated",
                    hint: "make every key of the table a string")
            default:
                diagnostic = LocalizationDiagnostic(
                    .binaryPropertyListCorrupt, at: location,
                    "corrupt binary property list: \(failure.message). \(rejectedFileConsequence)",
                    hint: "recompile the table, or convert it with `plutil -convert xml1`")
            }
            return PropertyListDocument(root: nil, diagnostics: [diagnostic])
        } catch {
            return PropertyListDocument(root: nil, diagnostics: [])
        }
    }

    /// The fast path for compiled `.strings`: when the root is a dictionary whose keys and values
    /// are all strings, their UTF-8 bytes go straight into `arena`. Returns nil when the file is
    /// anything else, or when its entries expand past ``expansionBudget(fileSize:)`` (the
    /// general reader then explains what). A string object that several entries share is stored
    /// once, so that no file decodes to more text than it holds.
    mutating func readStringDictionary(
        into arena: inout [UInt8], maximumEntryCount: Int = ReadingLimits.default.maximumEntryCount
    ) -> [(key: ByteSpan, value: ByteSpan, keyOffset: Int, valueOffset: Int)]? {
        guard (try? readTrailer()) != nil, let root = try? objectOffset(topObject) else { return nil }
        guard let marker = try? byte(at: root), marker >> 4 == 0xD,
            let (length, start) = try? readLength(marker: marker, at: root), length <= maximumEntryCount,
            (try? require(start, 2 * length * objectRefSize)) != nil
        else { return nil }
        var stored = SharedStringTable(minimumCapacity: 2 * length)
        var result: [(key: ByteSpan, value: ByteSpan, keyOffset: Int, valueOffset: Int)] = []
        result.reserveCapacity(length)
        // What the entries expand to: readers downstream turn each entry into strings.
        var expanded = 0
        let budget = Self.expansionBudget(fileSize: bytes.count)
        for k in 0..<length {
            guard let keyOffset = try? objectOffset(referenceAt: start + k * objectRefSize),
                let valueOffset = try? objectOffset(referenceAt: start + (length + k) * objectRefSize),
                let key = stored.span(at: keyOffset) ?? appendString(at: keyOffset, into: &arena),
                let value = stored.span(at: valueOffset) ?? appendString(at: valueOffset, into: &arena)
            else { return nil }
            stored.insert(key, at: keyOffset)
            stored.insert(value, at: valueOffset)
            expanded += Int(key.length) + Int(value.length)
            guard expanded <= budget else { return nil }
            result.append((key, value, keyOffset, valueOffset))
        }
        return result
    }

    /// Appends the string object at `offset` as UTF-8; nil when it is not a well-formed string.
    private func appendString(at offset: Int, into arena: inout [UInt8]) -> ByteSpan? {
        guard let marker = try? byte(at: offset), let (length, start) = try? readLength(marker: marker, at: offset) else { return nil }
        let arenaStart = arena.count
        switch marker >> 4 {
        // 0x7 (UTF-8 string) belongs to later formats: bplist00 readers, CoreFoundation's and
        // swift-foundation's, refuse it, so it is left to the general reader to report.
        case 0x5:
            guard (try? require(start, length)) != nil else { return nil }
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<(start + length)])
            guard Self.isASCII(slice) else { return nil }
            arena.append(contentsOf: slice)
        case 0x6:
            guard length > 0, (try? require(start, length * 2)) != nil else { return nil }
            // Room for the worst case (three bytes per UTF-16 unit) is made once and written
            // through a pointer: appending byte by byte checked capacity and uniqueness for each.
            arena.append(contentsOf: repeatElement(0, count: length * 3))
            let written = arena.withUnsafeMutableBufferPointer { output -> Int? in
                Self.transcodeUTF16BigEndian(UnsafeBufferPointer(rebasing: bytes[start..<(start + 2 * length)]), into: output, at: arenaStart)
            }
            guard let written else {
                arena.removeLast(arena.count - arenaStart)
                return nil
            }
            arena.removeLast(arena.count - written)
        default:
            return nil
        }
        return .arena(arenaStart, arena.count - arenaStart)
    }

    /// Whether every byte is below 0x80, eight bytes at a time.
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        let raw = UnsafeRawPointer(base)
        while index + 8 <= bytes.count {
            if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            index += 8
        }
        while index < bytes.count {
            if bytes[index] >= 0x80 { return false }
            index += 1
        }
        return true
    }

    /// Big-endian UTF-16 into UTF-8 at `position`; the position after the last byte written, or
    /// nil on an unpaired surrogate (CoreFoundation refuses such a string).
    private static func transcodeUTF16BigEndian(_ units: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>, at position: Int)
        -> Int?
    {
        var out = position
        var i = 0
        let count = units.count / 2
        while i < count {
            let unit = UInt32(units[2 * i]) << 8 | UInt32(units[2 * i + 1])
            i += 1
            if unit < 0x80 {
                output[out] = UInt8(unit)
                out += 1
            } else if unit < 0x800 {
                output[out] = UInt8(0xC0 | (unit >> 6))
                output[out + 1] = UInt8(0x80 | (unit & 0x3F))
                out += 2
            } else if unit & 0xF800 != 0xD800 {
                output[out] = UInt8(0xE0 | (unit >> 12))
                output[out + 1] = UInt8(0x80 | ((unit >> 6) & 0x3F))
                output[out + 2] = UInt8(0x80 | (unit & 0x3F))
                out += 3
            } else if unit < 0xDC00, i < count {
                let low = UInt32(units[2 * i]) << 8 | UInt32(units[2 * i + 1])
                guard low & 0xFC00 == 0xDC00 else { return nil }
                i += 1
                // Two units (four input bytes) become four output bytes: within the room made.
                let scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                output[out] = UInt8(0xF0 | (scalar >> 18))
                output[out + 1] = UInt8(0x80 | ((scalar >> 12) & 0x3F))
                output[out + 2] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
                output[out + 3] = UInt8(0x80 | (scalar & 0x3F))
                out += 4
            } else {
                return nil
            }
        }
        return out
    }

    private mutating func readTrailer() throws {
        // CoreFoundation reads "bplist0" followed by any byte ("SnowLeopard will parse
        // bplist0?" in CFBinaryPList.c).
        guard Array(bytes[0..<7]) == Array("bplist0".utf8) else {
            throw Failure(offset: 6, message: "unsupported version \(String(decoding: bytes[6..<8], as: UTF8.self)) (only bplist0? is read)")
        }
        guard bytes.count >= 8 + 32 + 1 else { throw Failure(offset: 0, message: "the file is too short to hold a trailer") }
        // The checks of CoreFoundation's __CFBinaryPlistGetTopLevelInfo, in its order; a file
        // one of them refuses is read as XML or text instead (TableReader), as any refused file is.
        let trailer = bytes.count - 32
        offsetIntSize = Int(bytes[trailer + 6])
        objectRefSize = Int(bytes[trailer + 7])
        let count = readUnsigned(at: trailer + 8, size: 8)
        let top = readUnsigned(at: trailer + 16, size: 8)
        let tableOffset = readUnsigned(at: trailer + 24, size: 8)
        guard count > 0, count <= UInt64(bytes.count), top < count else {
            throw Failure(offset: trailer + 8, message: "invalid object count or top object in the trailer")
        }
        guard tableOffset >= 9, tableOffset < UInt64(trailer) else {
            throw Failure(offset: trailer + 24, message: "the offset table lies outside the file")
        }
        // Any width from 1 byte is read (CoreFoundation's _getSizedInt reads widths other than
        // 1, 2, 4 and 8 byte by byte, keeping the last eight bytes).
        guard offsetIntSize >= 1, objectRefSize >= 1 else {
            throw Failure(offset: trailer + 6, message: "an offset or reference size of 0 in the trailer")
        }
        // Both are below the file's size now, so they fit an Int.
        objectCount = Int(count)
        // CoreFoundation and swift-foundation both refuse a file whose offset table does not end
        // where the trailer begins (CF checks 8 + objects + table + trailer == file size).
        guard Int(tableOffset) + objectCount * offsetIntSize == trailer else {
            let gap = trailer - Int(tableOffset) - objectCount * offsetIntSize
            throw gap > 0
                ? Failure(
                    offset: Int(tableOffset) + objectCount * offsetIntSize, message: "\(gap) bytes lie between the offset table and the trailer")
                : Failure(offset: trailer + 24, message: "the offset table lies outside the file")
        }
        guard objectRefSize >= 8 || UInt64(1) << (8 * objectRefSize) > count else {
            throw Failure(offset: trailer + 7, message: "\(objectRefSize)-byte references cannot name all \(count) objects")
        }
        guard offsetIntSize >= 8 || UInt64(1) << (8 * offsetIntSize) > tableOffset else {
            throw Failure(offset: trailer + 6, message: "\(offsetIntSize)-byte offsets cannot reach the offset table at \(tableOffset)")
        }
        // Every offset in the table is checked, whether or not its object is used.
        for reference in 0..<objectCount {
            let position = Int(tableOffset) + reference * offsetIntSize
            let offset = readUnsigned(at: position, size: offsetIntSize)
            guard offset < tableOffset else { throw Failure(offset: position, message: "object offset \(offset) lies outside the object area") }
        }
        guard readUnsigned(at: Int(tableOffset) + Int(top) * offsetIntSize, size: offsetIntSize) >= 8 else {
            throw Failure(offset: Int(tableOffset) + Int(top) * offsetIntSize, message: "the top object's offset lies inside the header")
        }
        offsetTableOffset = Int(tableOffset)
        topObject = Int(top)
        valueBudget = min(bytes.count + 16, maximumValueCount)
        textBudget = Self.expansionBudget(fileSize: bytes.count)
    }

    private func readUnsigned(at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for k in 0..<size { value = (value << 8) | UInt64(bytes[offset + k]) }
        return value
    }

    /// The object reference stored at `position` (inside a container already checked to lie
    /// in the object area), checked against the object count before it becomes an `Int`.
    private func objectReference(at position: Int) throws -> Int {
        let reference = readUnsigned(at: position, size: objectRefSize)
        guard reference < UInt64(objectCount) else {
            throw Failure(offset: position, message: "object reference \(reference) is out of range (the file has \(objectCount) objects)")
        }
        return Int(reference)
    }

    private func objectOffset(referenceAt position: Int) throws -> Int {
        try objectOffset(try objectReference(at: position))
    }

    private func objectOffset(_ reference: Int) throws -> Int {
        guard reference >= 0, reference < objectCount else {
            throw Failure(offset: offsetTableOffset, message: "object reference \(reference) is out of range")
        }
        // The trailer checked every offset against the offset table; only the header remains.
        let offset = readUnsigned(at: offsetTableOffset + reference * offsetIntSize, size: offsetIntSize)
        guard offset >= 8 else {
            throw Failure(offset: offsetTableOffset + reference * offsetIntSize, message: "object offset \(offset) lies outside the object area")
        }
        return Int(offset)
    }

    /// Reads the length that follows a marker whose low nibble is 0xF.
    private func readLength(marker: UInt8, at offset: Int) throws -> (length: Int, start: Int) {
        let info = Int(marker & 0x0F)
        if info != 0x0F { return (info, offset + 1) }
        let intMarker = try byte(at: offset + 1)
        guard intMarker & 0xF0 == 0x10 else { throw Failure(offset: offset + 1, message: "expected an integer length") }
        // A length integer may be up to 2^15 bytes wide. CoreFoundation's _readInt skips all of
        // them but hands the width to _getSizedInt as a uint8_t: 16 to 128 bytes keep their last
        // eight, and 256 or more truncate to a width of 0, a length of 0 (a device reads "").
        let size = 1 << Int(intMarker & 0x0F)
        try require(offset + 2, size)
        let length = readUnsigned(at: offset + 2 + max(0, (size & 0xFF) - 8), size: min(size & 0xFF, 8))
        guard length <= UInt64(bytes.count) else { throw Failure(offset: offset + 1, message: "length \(length) exceeds the file") }
        return (Int(length), offset + 2 + size)
    }

    private func byte(at offset: Int) throws -> UInt8 {
        guard offset < offsetTableOffset else { throw Failure(offset: offset, message: "read past the object area") }
        return bytes[offset]
    }

    private func require(_ offset: Int, _ count: Int) throws {
        guard count >= 0, offset + count <= offsetTableOffset else {
            throw Failure(offset: offset, message: "object runs past the object area")
        }
    }

    /// Reads the object `reference` (once), charging what it expands to against the budgets.
    private mutating func readObject(_ reference: Int, depth: Int) throws -> PropertyListNode {
        try readSizedObject(reference, depth: depth).node
    }

    private mutating func readSizedObject(_ reference: Int, depth: Int) throws -> (node: PropertyListNode, size: ExpandedSize) {
        if let cached = cache[reference] {
            // Met again: its children were charged the first time; a walker pays for them again.
            try charge(cached.size, at: cached.node.location.column - 1, depth: depth)
            return cached
        }
        let offset = (try? objectOffset(reference)) ?? 0
        try charge(ExpandedSize(), at: offset, depth: depth)
        let read = try decodeObject(reference, depth: depth)
        // A container's children were charged as they were read; a scalar's text is its own.
        if read.size.height == 0 { try charge(ExpandedSize(values: 0, textBytes: read.size.textBytes), at: offset, depth: depth) }
        cache[reference] = read
        return read
    }

    private mutating func charge(_ size: ExpandedSize, at offset: Int, depth: Int) throws {
        valueBudget -= size.values
        textBudget -= size.textBytes
        if valueBudget < 0 {
            throw Failure(
                offset: offset,
                message:
                    "more values than its \(bytes.count) bytes can hold\(maximumValueCount < bytes.count + 16 ? ", or than the reading limit of \(maximumValueCount) values" : "")",
                id: maximumValueCount < bytes.count + 16 ? .binaryPropertyListCorrupt : .expandsTooMuch)
        }
        if textBudget < 0 {
            throw Failure(
                offset: offset,
                message: "more than \(Self.expansionBudget(fileSize: bytes.count)) bytes of text (8 times its size plus 16 MiB)",
                id: .expandsTooMuch)
        }
        guard depth + size.height <= maximumDepth else {
            throw Failure(offset: offset, message: "values nest more than \(maximumDepth) levels deep")
        }
    }

    private mutating func decodeObject(_ reference: Int, depth: Int) throws -> (node: PropertyListNode, size: ExpandedSize) {
        let offset = try objectOffset(reference)
        guard depth <= maximumDepth else { throw Failure(offset: offset, message: "values nest more than \(maximumDepth) levels deep") }
        guard !visiting.contains(reference) else { throw Failure(offset: offset, message: "the object graph refers back to itself") }
        let location = SourceLocation(file: file, line: 1, column: offset + 1)
        let marker = try byte(at: offset)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            // CoreFoundation reads 0x00 as kCFNull: a value that is not a string, not a corrupt file.
            case 0x00: return (PropertyListNode(.null, location: location), ExpandedSize())
            case 0x08: return (PropertyListNode(.boolean(false), location: location), ExpandedSize())
            case 0x09: return (PropertyListNode(.boolean(true), location: location), ExpandedSize())
            default: throw Failure(offset: offset, message: "unsupported object marker 0x\(String(marker, radix: 16))")
            }
        case 0x1:
            let size = 1 << Int(marker & 0x0F)
            guard size <= 16 else { throw Failure(offset: offset, message: "integer too wide") }
            try require(offset + 1, size)
            // 16-byte integers keep their low 8 bytes, as CoreFoundation does for values that fit.
            let value = readUnsigned(at: offset + 1 + max(0, size - 8), size: min(size, 8))
            let signed = size >= 8 ? Int64(bitPattern: value) : Int64(value)
            return (PropertyListNode(.integer(signed), location: location), ExpandedSize())
        case 0x2:
            let size = 1 << Int(marker & 0x0F)
            try require(offset + 1, size)
            let bits = readUnsigned(at: offset + 1, size: size)
            let value: Double =
                switch size {
                case 4: Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits)))
                case 8: Double(bitPattern: bits)
                default: throw Failure(offset: offset, message: "real of unsupported width \(size)")
                }
            return (PropertyListNode(.real(value), location: location), ExpandedSize())
        case 0x3:
            guard marker == 0x33 else { throw Failure(offset: offset, message: "unsupported date marker") }
            try require(offset + 1, 8)
            return (PropertyListNode(.date(String(Double(bitPattern: readUnsigned(at: offset + 1, size: 8)))), location: location), ExpandedSize())
        case 0x4:
            let (length, start) = try readLength(marker: marker, at: offset)
            try require(start, length)
            return (PropertyListNode(.data(Array(bytes[start..<(start + length)])), location: location), ExpandedSize(textBytes: length))
        case 0x5:
            let (length, start) = try readLength(marker: marker, at: offset)
            try require(start, length)
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<(start + length)])
            guard !slice.contains(where: { $0 >= 0x80 }) else {
                throw Failure(offset: offset, message: "ASCII string holds non-ASCII bytes")
            }
            return (PropertyListNode(.string(String(decoding: slice, as: UTF8.self)), location: location), ExpandedSize(textBytes: length))
        case 0x6:
            let (length, start) = try readLength(marker: marker, at: offset)
            // CoreFoundation asks CFAllocatorAllocate for 2 × length bytes, which gives nothing
            // for 0, and refuses the file (writers store "" as an empty ASCII string, 0x50).
            guard length > 0 else { throw Failure(offset: offset, message: "an empty UTF-16 string object, which CoreFoundation cannot read") }
            try require(start, length * 2)
            var units: [UInt16] = []
            units.reserveCapacity(length)
            for k in 0..<length { units.append(UInt16(bytes[start + 2 * k]) << 8 | UInt16(bytes[start + 2 * k + 1])) }
            let string = String(decoding: units, as: UTF16.self)
            // Text is charged as UTF-8, what it is held as, as the .strings fast path charges it:
            // counting UTF-16 bytes refused here files that the fast path reads.
            return (PropertyListNode(.string(string), location: location), ExpandedSize(textBytes: string.utf8.count))
        case 0x8:
            // A keyed archiver's UID: CoreFoundation keeps the last eight of its 1 to 16 bytes and
            // refuses the file when the value does not fit 32 bits.
            let size = Int(marker & 0x0F) + 1
            try require(offset + 1, size)
            let uid = readUnsigned(at: offset + 1 + max(0, size - 8), size: min(size, 8))
            guard uid <= UInt64(UInt32.max) else { throw Failure(offset: offset, message: "UID \(uid) does not fit 32 bits") }
            return (PropertyListNode(.integer(Int64(uid)), location: location), ExpandedSize())
        case 0xA, 0xC:
            let (length, start) = try readLength(marker: marker, at: offset)
            try require(start, length * objectRefSize)
            visiting.insert(reference)
            defer { visiting.remove(reference) }
            var items: [PropertyListNode] = []
            items.reserveCapacity(length)
            var size = ExpandedSize()
            for k in 0..<length {
                let child = try readSizedObject(try objectReference(at: start + k * objectRefSize), depth: depth + 1)
                items.append(child.node)
                size.add(child: child.size)
            }
            return (PropertyListNode(.array(items), location: location), size)
        case 0xD:
            let (length, start) = try readLength(marker: marker, at: offset)
            try require(start, 2 * length * objectRefSize)
            visiting.insert(reference)
            defer { visiting.remove(reference) }
            var entries: [PropertyListValue.DictionaryEntry] = []
            entries.reserveCapacity(length)
            var size = ExpandedSize()
            for k in 0..<length {
                let keyRead = try readSizedObject(try objectReference(at: start + k * objectRefSize), depth: depth + 1)
                let value = try readSizedObject(try objectReference(at: start + (length + k) * objectRefSize), depth: depth + 1)
                size.add(child: keyRead.size)
                size.add(child: value.size)
                guard case .string(let key) = keyRead.node.value else {
                    let keyOffset = keyRead.node.location.column - 1
                    let kind = keyRead.node.value.kindDescription
                    switch keyRead.node.value {
                    case .array, .dictionary:
                        // CoreFoundation refuses a container as a key (_typeIsPlistPrimitive).
                        throw Failure(offset: keyOffset, message: "dictionary key is \(kind), not a string")
                    case _ where depth == 0:
                        // Foundation reads it, but a table of strings cannot be made of it.
                        throw Failure(
                            offset: keyOffset,
                            message:
                                "the dictionary has a key that is \(kind), not a string: Foundation reads the file, but not as a table of strings",
                            id: .notATable)
                    default:
                        // CoreFoundation takes any other key; no string lookup can reach it.
                        ignoredKeys += 1
                        if ignoredKeys <= Self.ignoredKeysListed {
                            ignored.append(
                                LocalizationDiagnostic(
                                    .propertyListIgnoredContent, at: SourceLocation(file: file, line: 1, column: keyOffset + 1),
                                    "a dictionary key that is \(kind), not a string: its entry is read past (no string lookup can reach it)",
                                    hint: "make the key a string"))
                        }
                        continue
                    }
                }
                entries.append(PropertyListValue.DictionaryEntry(key: key, keyLocation: keyRead.node.location, value: value.node))
            }
            return (PropertyListNode(.dictionary(entries), location: location), size)
        default:
            throw Failure(offset: offset, message: "unknown object marker 0x\(String(marker, radix: 16))")
        }
    }
}

/// The strings already read by ``BinaryPropertyListReader/readStringDictionary(into:maximumEntryCount:)``,
/// by object offset: open addressing with a multiplicative hash, because hashing every offset
/// with `Hasher` into a `Dictionary` was a quarter of reading a compiled table.
private struct SharedStringTable {
    private var offsets: [Int]
    private var spans: [ByteSpan]
    private let shift: Int

    init(minimumCapacity: Int) {
        var bits = 4
        while (1 << bits) < 2 * minimumCapacity { bits += 1 }
        offsets = Array(repeating: -1, count: 1 << bits)
        spans = Array(repeating: .none, count: 1 << bits)
        shift = 64 - bits
    }

    private func slot(_ offset: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: offset) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    func span(at offset: Int) -> ByteSpan? {
        var index = slot(offset)
        while true {
            let found = offsets[index]
            if found == offset { return spans[index] }
            if found == -1 { return nil }
            index = (index + 1) & (offsets.count - 1)
        }
    }

    /// Records `span` for `offset` (a no-op when it is there: the first reading stands).
    mutating func insert(_ span: ByteSpan, at offset: Int) {
        var index = slot(offset)
        while true {
            let found = offsets[index]
            if found == offset { return }
            if found == -1 {
                offsets[index] = offset
                spans[index] = span
                return
            }
            index = (index + 1) & (offsets.count - 1)
        }
    }
}
