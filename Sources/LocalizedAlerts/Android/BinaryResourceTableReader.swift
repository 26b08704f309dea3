/// Reads a binary `resources.arsc` (`ResTable`): chunks, string pools (UTF-8 and UTF-16),
/// packages, type specs, and types with their configuration and entries, dense, sparse or
/// with 16-bit offsets, full or compact. Complex entries (plurals, arrays, styles, attributes)
/// are checked and named but their values skipped.
///
/// Ported from AOSP `frameworks/base/libs/androidfw/include/androidfw/ResourceTypes.h` (the
/// layout) and `libs/androidfw/LoadedArsc.cpp`, `ResourceTypes.cpp` (`ResStringPool::setTo`,
/// the checks of `VerifyResTableType` and `VerifyResTableEntry`), Android 10; 16-bit offsets
/// and compact entries are later Androids' (aapt2 8), read so that newer builds can be.
/// Every read is checked against the bytes: a damaged table throws, it never traps.
struct BinaryResourceTableReader {
    let bytes: [UInt8]
    let file: String?
    let limits: AndroidResourceTable.Limits
    private var contents = ResourceTableContents()
    private var entriesRead = 0
    private var textBytes = 0

    init(bytes: [UInt8], file: String?, limits: AndroidResourceTable.Limits) {
        self.bytes = bytes
        self.file = file
        self.limits = limits
    }

    // Chunk types (`ResourceTypes.h`).
    private static let stringPoolType: UInt16 = 0x0001
    private static let tableType: UInt16 = 0x0002
    private static let packageType: UInt16 = 0x0200
    private static let typeType: UInt16 = 0x0201
    private static let typeSpecType: UInt16 = 0x0202

    mutating func read() throws(AndroidResourceTableError) -> ResourceTableContents {
        guard bytes.count <= limits.maximumTableSize else {
            throw failure(
                at: 0, "the table is \(bytes.count) bytes, over the limit of \(limits.maximumTableSize)",
                remedy: "raise the limit if the app is really this large")
        }
        guard bytes.count >= 12 else { throw failure(at: 0, "the table is \(bytes.count) bytes, shorter than a table header (12)") }
        var tables = 0
        var offset = 0
        while offset < bytes.count {
            let chunk = try self.chunk(at: offset, within: 0..<bytes.count)
            if chunk.type == Self.tableType {
                try readTable(chunk)
                tables += 1
            } else if offset == 0 {
                throw failure(
                    at: 0, "the file starts with chunk type 0x\(hex(chunk.type)), not a resource table (0x0002)", remedy: "give a resources.arsc")
            }
            offset = chunk.end
        }
        guard tables > 0 else { throw failure(at: 0, "no resource table chunk") }
        return contents
    }

    // MARK: - Chunks

    struct Chunk {
        var type: UInt16
        var headerSize: Int
        var start: Int
        var end: Int
        var size: Int { end - start }
        var bodyStart: Int { start + headerSize }
    }

    /// `ResChunk_header` at `offset`, checked as libandroidfw's `ChunkIterator` does.
    private func chunk(at offset: Int, within range: Range<Int>) throws(AndroidResourceTableError) -> Chunk {
        guard offset % 4 == 0 else { throw failure(at: offset, "a chunk starts at an offset that is not a multiple of 4") }
        guard offset + 8 <= range.upperBound else {
            throw failure(at: offset, "a chunk header (8 bytes) runs past the end of its container at byte \(range.upperBound)")
        }
        let type = u16(offset)
        let headerSize = Int(u16(offset + 2))
        let size = Int(u32(offset + 4))
        guard headerSize >= 8 else { throw failure(at: offset + 2, "chunk 0x\(hex(type)) has a header of \(headerSize) bytes, less than 8") }
        guard headerSize <= size else {
            throw failure(at: offset + 2, "chunk 0x\(hex(type)) has a header of \(headerSize) bytes, larger than the chunk (\(size))")
        }
        guard size <= range.upperBound - offset else {
            throw failure(
                at: offset + 4, "chunk 0x\(hex(type)) is \(size) bytes, past the end of its container (\(range.upperBound - offset) bytes left)")
        }
        return Chunk(type: type, headerSize: headerSize, start: offset, end: offset + size)
    }

    /// The chunks inside `parent`, after its header.
    private func children(of parent: Chunk) throws(AndroidResourceTableError) -> [Chunk] {
        var result: [Chunk] = []
        var offset = parent.bodyStart
        while offset < parent.end {
            let child = try chunk(at: offset, within: parent.start..<parent.end)
            result.append(child)
            offset = child.end
        }
        return result
    }

    // MARK: - Table and packages

    private mutating func readTable(_ table: Chunk) throws(AndroidResourceTableError) {
        guard table.headerSize >= 12 else { throw failure(at: table.start + 2, "the table header is \(table.headerSize) bytes, less than 12") }
        let packageCount = Int(u32(table.start + 8))
        var values: StringPool?
        var packages = 0
        for child in try children(of: table) {
            switch child.type {
            case Self.stringPoolType:
                // The first pool is the values'; libandroidfw ignores any other.
                if values == nil { values = try StringPool(child, in: self) }
            case Self.packageType:
                packages += 1
                guard packages <= packageCount else {
                    throw failure(at: child.start, "more packages than the \(packageCount) the table header declares")
                }
                try readPackage(child, values: values)
            default:
                continue  // Unknown chunks are skipped, as libandroidfw does.
            }
        }
    }

    private mutating func readPackage(_ package: Chunk, values: StringPool?) throws(AndroidResourceTableError) {
        // `ResTable_package` without `typeIdOffset` (older tables) is 284 bytes.
        guard package.headerSize >= 284 else {
            throw failure(at: package.start + 2, "a package header is \(package.headerSize) bytes, less than 284")
        }
        let id = u32(package.start + 8)
        guard id <= 0xFF else { throw failure(at: package.start + 8, "package ID 0x\(String(id, radix: 16)) is larger than 0xff") }
        var nameUnits: [UInt16] = []
        for index in 0..<128 {
            let unit = u16(package.start + 12 + 2 * index)
            if unit == 0 { break }
            nameUnits.append(unit)
        }
        let name = String(decoding: nameUnits, as: UTF16.self)
        if contents.packageName.isEmpty { contents.packageName = name }
        let typeStringsOffset = Int(u32(package.start + 268))
        let keyStringsOffset = Int(u32(package.start + 276))
        let typeIDOffset = package.headerSize >= 288 ? Int(u32(package.start + 284)) : 0
        guard typeIDOffset <= 0xFF else { throw failure(at: package.start + 284, "the type ID offset \(typeIDOffset) is larger than 255") }

        var typeNames: StringPool?
        var keys: StringPool?
        var specs: Set<UInt8> = []
        var typeNameCache: [Int: String] = [:]
        var keyCache: [Int: String] = [:]
        var valueCache: [Int: (String, Bool)] = [:]
        for child in try children(of: package) {
            switch child.type {
            case Self.stringPoolType:
                if child.start == package.start + typeStringsOffset {
                    typeNames = try StringPool(child, in: self)
                } else if child.start == package.start + keyStringsOffset {
                    keys = try StringPool(child, in: self)
                }
            case Self.typeSpecType:
                guard child.headerSize >= 16 else {
                    throw failure(at: child.start + 2, "a type spec header is \(child.headerSize) bytes, less than 16")
                }
                let typeID = bytes[child.start + 8]
                guard typeID != 0 else { throw failure(at: child.start + 8, "a type spec has type ID 0") }
                let entryCount = Int(u32(child.start + 12))
                guard entryCount <= (child.size - child.headerSize) / 4 else {
                    throw failure(at: child.start + 12, "a type spec declares \(entryCount) entries, more than its \(child.size) bytes hold")
                }
                specs.insert(typeID)
            case Self.typeType:
                guard let typeNames, let keys else {
                    throw failure(at: child.start, "a type chunk comes before the package's type and key string pools")
                }
                guard child.headerSize >= 24 else { throw failure(at: child.start + 2, "a type header is \(child.headerSize) bytes, less than 24") }
                let typeID = bytes[child.start + 8]
                guard specs.contains(typeID) else {
                    throw failure(at: child.start + 8, "type 0x\(hex(UInt16(typeID))) comes without a type spec before it")
                }
                let typeIndex = Int(typeID) - 1 - typeIDOffset
                guard typeIndex >= 0, typeIndex < typeNames.count else {
                    throw failure(at: child.start + 8, "type ID \(typeID) names no type string (the package has \(typeNames.count))")
                }
                if typeNameCache[typeIndex] == nil { typeNameCache[typeIndex] = try text(typeNames.string(at: typeIndex, in: self).text) }
                try readType(
                    child, package: UInt32(id), typeName: typeNameCache[typeIndex]!, keys: keys, values: values, keyCache: &keyCache,
                    valueCache: &valueCache)
            default:
                continue  // Libraries (dynamic references), overlayables: not needed for strings.
            }
        }
    }

    // MARK: - Types and entries

    private mutating func readType(
        _ type: Chunk, package: UInt32, typeName: String, keys: StringPool, values: StringPool?, keyCache: inout [Int: String],
        valueCache: inout [Int: (String, Bool)]
    ) throws(AndroidResourceTableError) {
        let typeID = UInt32(bytes[type.start + 8])
        let flags = bytes[type.start + 9]
        let isSparse = flags & 0x01 != 0
        let hasShortOffsets = flags & 0x02 != 0
        let entryCount = Int(u32(type.start + 12))
        let entriesStart = Int(u32(type.start + 16))
        // The configuration is the rest of the header; its own size says how much of it is set.
        let configSize = Int(u32(type.start + 20))
        guard configSize >= 4, configSize <= type.headerSize - 20 else {
            throw failure(at: type.start + 20, "a configuration of \(configSize) bytes does not fit the type header of \(type.headerSize)")
        }
        let config = try self.config(at: type.start + 20, size: configSize)
        let offsetSize = hasShortOffsets && !isSparse ? 2 : 4
        guard entriesStart % 4 == 0 else { throw failure(at: type.start + 16, "the entries start at \(entriesStart), not a multiple of 4") }
        guard entriesStart <= type.size else {
            throw failure(at: type.start + 16, "the entries start at \(entriesStart), past the end of the type chunk (\(type.size) bytes)")
        }
        guard entriesStart >= type.headerSize, entryCount <= (entriesStart - type.headerSize) / offsetSize else {
            throw failure(at: type.start + 12, "\(entryCount) entry offsets do not fit between the header and the entries")
        }
        if config.hasLocale { contents.locales.insert(config.bcp47Locale(canonicalize: true)) }
        let isString = typeName == "string"
        var strings = ConfigurationStrings(config: config, file: file)
        let offsets = type.start + type.headerSize
        for position in 0..<entryCount {
            let index: Int
            let entryOffset: Int
            if isSparse {
                index = Int(u16(offsets + 4 * position))
                entryOffset = Int(u16(offsets + 4 * position + 2)) * 4
            } else if hasShortOffsets {
                index = position
                let short = u16(offsets + 2 * position)
                if short == 0xFFFF { continue }
                entryOffset = Int(short) * 4
            } else {
                index = position
                let long = u32(offsets + 4 * position)
                if long == 0xFFFF_FFFF { continue }
                entryOffset = Int(long)
            }
            guard index <= 0xFFFF else { continue }
            entriesRead += 1
            guard entriesRead <= limits.maximumEntryCount else {
                throw failure(
                    at: offsets + offsetSize * position, "more than \(limits.maximumEntryCount) entries",
                    remedy: "raise the entry limit if the app is really this large")
            }
            let entry = try self.entry(
                in: type, entriesStart: entriesStart, offset: entryOffset, offsetField: offsets + offsetSize * position, keys: keys)
            if keyCache[entry.key] == nil { keyCache[entry.key] = try text(keys.string(at: entry.key, in: self).text) }
            let name = keyCache[entry.key]!
            let id = package << 24 | typeID << 16 | UInt32(index)
            if contents.resourceNames[id] == nil { contents.resourceNames[id] = .init(type: typeName, name: name) }
            guard let value = entry.value else { continue }
            if let stored = try storedValue(value, package: package, values: values, valueCache: &valueCache) {
                // Each configuration's file holds its own copy of the name.
                try count(name)
                if isString {
                    strings.strings.append((name, stored))
                } else {
                    strings.others.append((AndroidResourceName(type: typeName, name: name), stored))
                }
            }
        }
        if !strings.strings.isEmpty || !strings.others.isEmpty { contents.configurations.append(strings) }
    }

    struct Entry {
        var key: Int
        /// Type and data of a simple entry; nil for a complex one.
        var value: (type: UInt8, data: UInt32, offset: Int)?
    }

    /// The entry at `offset` from the type's entries, checked as `VerifyResTableEntry` does;
    /// an offset that points nowhere is reported where it is written (`offsetField`).
    private func entry(
        in type: Chunk, entriesStart: Int, offset: Int, offsetField: Int, keys: StringPool
    ) throws(AndroidResourceTableError) -> Entry {
        let relative = entriesStart + offset
        let at = type.start + relative
        guard relative % 4 == 0 else {
            throw failure(at: offsetField, "an entry offset of \(offset) is not a multiple of 4")
        }
        guard relative <= type.size - 8 else {
            throw failure(at: offsetField, "an entry offset of \(offset) points past the end of its type chunk (\(type.size) bytes)")
        }
        let flags = u16(at + 2)
        let entry: Entry
        if flags & 0x0008 != 0 {
            // Compact: key index, flags with the value's type in the high byte, data.
            entry = Entry(key: Int(u16(at)), value: (UInt8(flags >> 8), u32(at + 4), at + 4))
        } else {
            let size = Int(u16(at))
            guard size >= 8 else { throw failure(at: at, "an entry declares \(size) bytes, less than 8") }
            guard size <= type.size - relative else { throw failure(at: at, "an entry of \(size) bytes runs past the end of its type chunk") }
            let key = Int(u32(at + 4))
            if flags & 0x0001 != 0 {
                // Complex: a map entry, then `count` maps of 12 bytes.
                guard size >= 16 else { throw failure(at: at, "a complex entry declares \(size) bytes, less than 16") }
                let mapsStart = relative + size
                let count = Int(u32(at + 12))
                guard mapsStart % 4 == 0, count <= (type.size - mapsStart) / 12 else {
                    throw failure(at: at + 12, "a complex entry's \(count) values run past the end of its type chunk")
                }
                entry = Entry(key: key, value: nil)
            } else {
                let valueAt = relative + size
                guard valueAt <= type.size - 8 else { throw failure(at: at, "an entry's value runs past the end of its type chunk") }
                let valueSize = Int(u16(type.start + valueAt))
                guard valueSize >= 8 else { throw failure(at: type.start + valueAt, "a value declares \(valueSize) bytes, less than 8") }
                entry = Entry(key: key, value: (bytes[type.start + valueAt + 3], u32(type.start + valueAt + 4), type.start + valueAt))
            }
        }
        guard entry.key < keys.count else {
            throw failure(at: at, "an entry's key index \(entry.key) is past the \(keys.count) names of the package")
        }
        return entry
    }

    /// A simple entry's value.
    private mutating func storedValue(
        _ value: (type: UInt8, data: UInt32, offset: Int), package: UInt32, values: StringPool?, valueCache: inout [Int: (String, Bool)]
    ) throws(AndroidResourceTableError) -> StoredValue? {
        switch value.type {
        case 0x03:  // TYPE_STRING
            guard let values else { throw failure(at: value.offset, "a string value, but the table has no value string pool") }
            let index = Int(value.data)
            guard index < values.count else {
                throw failure(at: value.offset + 4, "string index \(index) is past the \(values.count) strings of the table")
            }
            if valueCache[index] == nil {
                let string = try values.string(at: index, in: self)
                valueCache[index] = (try text(string.text), string.isStyled)
            } else {
                try count(valueCache[index]!.0)
            }
            return .text(valueCache[index]!.0, isStyled: valueCache[index]!.1)
        case 0x01, 0x02, 0x07, 0x08:  // References and attributes, static or dynamic.
            guard value.data != 0 else { return .null }
            // A dynamic reference to package 0 is to this package (a shared library's own).
            let id = value.data >> 24 == 0 ? package << 24 | value.data : value.data
            return .reference(id: id, name: nil, isAttribute: value.type == 0x02 || value.type == 0x08)
        default:
            return StoredValue.coerced(type: value.type, data: value.data)
        }
    }

    /// `ResTable_config` at `offset`, reading only the `size` bytes it declares (an older,
    /// shorter configuration leaves the rest unset).
    private func config(at offset: Int, size: Int) throws(AndroidResourceTableError) -> AndroidResourceConfig {
        func byte(_ at: Int) -> UInt8 { at < size ? bytes[offset + at] : 0 }
        func short(_ at: Int) -> UInt16 { UInt16(byte(at)) | UInt16(byte(at + 1)) << 8 }
        var config = AndroidResourceConfig()
        config.mcc = short(4)
        config.mnc = short(6)
        config.language = AndroidResourceConfig.unpack(byte(8), byte(9), base: UInt8(ascii: "a"))
        config.region = AndroidResourceConfig.unpack(byte(10), byte(11), base: UInt8(ascii: "0"))
        config.orientation = byte(12)
        config.touchscreen = byte(13)
        config.density = short(14)
        config.keyboard = byte(16)
        config.navigation = byte(17)
        config.inputFlags = byte(18)
        config.screenWidth = short(20)
        config.screenHeight = short(22)
        config.sdkVersion = short(24)
        config.minorVersion = short(26)
        config.screenLayout = byte(28)
        config.uiMode = byte(29)
        config.smallestScreenWidthDp = short(30)
        config.screenWidthDp = short(32)
        config.screenHeightDp = short(34)
        let scriptWasComputed = byte(52) != 0
        if !scriptWasComputed { config.script = AndroidResourceConfig.text((36..<40).map(byte)) }
        config.variant = AndroidResourceConfig.text((40..<48).map(byte))
        config.screenLayout2 = byte(48)
        config.colorMode = byte(49)
        config.numberingSystem = AndroidResourceConfig.text((53..<61).map(byte))
        for field in [config.language, config.region, config.script, config.variant, config.numberingSystem]
        where !field.utf8.allSatisfy({ $0 >= 0x30 && $0 < 0x7F && $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: "+") }) {
            throw failure(at: offset + 8, "a configuration's locale holds bytes that are not letters or digits")
        }
        return config
    }

    // MARK: - Bytes

    @inline(__always)
    func u16(_ offset: Int) -> UInt16 { UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8 }

    @inline(__always)
    func u32(_ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }

    /// Counts `text` against the text budget.
    private mutating func text(_ text: String) throws(AndroidResourceTableError) -> String {
        try count(text)
        return text
    }

    private mutating func count(_ text: String) throws(AndroidResourceTableError) {
        textBytes += text.utf8.count + 1
        guard textBytes <= limits.maximumTextBytes else {
            throw failure(
                at: 0, "the table's entries add up to more than \(limits.maximumTextBytes) bytes of text",
                remedy: "raise the text limit if the app is really this large (many entries pointing at one long string make it grow)")
        }
    }

    /// A refusal at `offset`, which is kept within the table: a problem found past its end
    /// (a size or offset that reaches beyond it) is reported at its end.
    func failure(at offset: Int, _ problem: String, remedy: String = AndroidResourceTableError.rebuild) -> AndroidResourceTableError {
        AndroidResourceTableError(file: file, offset: min(max(0, offset), bytes.count), problem: problem, remedy: remedy)
    }

    private func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// A `ResStringPool` chunk: its header checked as `ResStringPool::setTo` does, its strings
/// decoded only when asked for.
struct StringPool {
    var count: Int
    var styleCount: Int
    var isUTF8: Bool
    /// Absolute offsets.
    var offsetsStart: Int
    var stringsStart: Int
    var stringsEnd: Int
    var stylesStart: Int
    var chunkEnd: Int

    init(_ chunk: BinaryResourceTableReader.Chunk, in reader: BinaryResourceTableReader) throws(AndroidResourceTableError) {
        guard chunk.headerSize >= 28 else {
            throw reader.failure(at: chunk.start + 2, "a string pool header is \(chunk.headerSize) bytes, less than 28")
        }
        count = Int(reader.u32(chunk.start + 8))
        styleCount = Int(reader.u32(chunk.start + 12))
        isUTF8 = reader.u32(chunk.start + 16) & 0x100 != 0
        let relativeStrings = Int(reader.u32(chunk.start + 20))
        let relativeStyles = Int(reader.u32(chunk.start + 24))
        offsetsStart = chunk.bodyStart
        chunkEnd = chunk.end
        guard count <= (chunk.size - chunk.headerSize) / 4, styleCount <= (chunk.size - chunk.headerSize) / 4 - count else {
            throw reader.failure(
                at: chunk.start + 8, "a string pool declares \(count) strings and \(styleCount) styles, more than its \(chunk.size) bytes hold")
        }
        let offsetsEnd = offsetsStart + 4 * (count + styleCount)
        stringsStart = chunk.start + relativeStrings
        stylesStart = chunk.start + relativeStyles
        stringsEnd = styleCount > 0 ? stylesStart : chunk.end
        if count > 0 {
            guard relativeStrings <= chunk.size, stringsStart >= offsetsEnd else {
                throw reader.failure(at: chunk.start + 20, "a string pool's strings start at \(relativeStrings), outside the pool")
            }
            guard stringsEnd <= chunk.end, stringsStart < stringsEnd else {
                throw reader.failure(at: chunk.start + 24, "a string pool's styles start at \(relativeStyles), before its strings or past its end")
            }
        } else {
            stringsStart = offsetsEnd
            stringsEnd = offsetsEnd
        }
        if styleCount > 0 {
            guard relativeStyles <= chunk.size - 4, stylesStart >= offsetsEnd else {
                throw reader.failure(at: chunk.start + 24, "a string pool's styles start at \(relativeStyles), outside the pool")
            }
        }
    }

    /// The string at `index` (already checked against ``count``) and whether it has styling
    /// spans. UTF-8 strings are decoded the way libandroidfw's `utf8_to_utf16` reads aapt2's:
    /// a character outside the BMP may be two 3-byte surrogates.
    func string(at index: Int, in reader: BinaryResourceTableReader) throws(AndroidResourceTableError) -> (text: String, isStyled: Bool) {
        let entryAt = offsetsStart + 4 * index
        let start = stringsStart + Int(reader.u32(entryAt))
        guard start < stringsEnd else { throw reader.failure(at: entryAt, "string \(index) starts past the end of its pool's strings") }
        let bytes = reader.bytes
        var position = start
        var text: String
        if isUTF8 {
            // The length in UTF-16 units, then in bytes; each one byte, or two with the high bit set.
            func length() -> Int? {
                guard position < stringsEnd else { return nil }
                var value = Int(bytes[position])
                position += 1
                if value & 0x80 != 0 {
                    guard position < stringsEnd else { return nil }
                    value = (value & 0x7F) << 8 | Int(bytes[position])
                    position += 1
                }
                return value
            }
            guard length() != nil, let byteCount = length(), byteCount < stringsEnd - position, bytes[position + byteCount] == 0 else {
                throw reader.failure(at: start, "string \(index) runs past the end of its pool or is not NUL-terminated")
            }
            text = Self.decodeModifiedUTF8(bytes[position..<(position + byteCount)])
        } else {
            func unit() -> Int? {
                guard position + 2 <= stringsEnd else { return nil }
                defer { position += 2 }
                return Int(reader.u16(position))
            }
            guard var units = unit() else { throw reader.failure(at: start, "string \(index) runs past the end of its pool") }
            if units & 0x8000 != 0 {
                guard let low = unit() else { throw reader.failure(at: start, "string \(index) runs past the end of its pool") }
                units = (units & 0x7FFF) << 16 | low
            }
            guard units < (stringsEnd - position) / 2, reader.u16(position + 2 * units) == 0 else {
                throw reader.failure(at: start, "string \(index) runs past the end of its pool or is not NUL-terminated")
            }
            text = String(decoding: (0..<units).lazy.map { reader.u16(position + 2 * $0) }, as: UTF16.self)
        }
        return (text, try isStyled(index, reader))
    }

    /// Whether string `index` has a span: aapt2 puts styled strings first, one span list each.
    private func isStyled(_ index: Int, _ reader: BinaryResourceTableReader) throws(AndroidResourceTableError) -> Bool {
        guard index < styleCount else { return false }
        let entryAt = offsetsStart + 4 * (count + index)
        let spans = stylesStart + Int(reader.u32(entryAt))
        guard spans <= chunkEnd - 4 else { throw reader.failure(at: entryAt, "the styles of string \(index) start past the end of its pool") }
        return reader.u32(spans) != 0xFFFF_FFFF
    }

    /// UTF-8 in which a surrogate pair may be written as two 3-byte sequences (what aapt2
    /// writes for a character outside the BMP); anything undecodable becomes U+FFFD.
    static func decodeModifiedUTF8(_ bytes: ArraySlice<UInt8>) -> String {
        // Most strings have no encoded surrogate (0xED 0xA0…0xBF): the standard decoder.
        var hasSurrogate = false
        var index = bytes.startIndex
        while index < bytes.endIndex - 1 {
            if bytes[index] == 0xED, bytes[index + 1] >= 0xA0 {
                hasSurrogate = true
                break
            }
            index += 1
        }
        guard hasSurrogate else { return String(decoding: bytes, as: UTF8.self) }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count)
        index = bytes.startIndex
        while index < bytes.endIndex {
            let lead = bytes[index]
            func continuation(_ offset: Int) -> UInt32? {
                let at = index + offset
                guard at < bytes.endIndex, bytes[at] & 0xC0 == 0x80 else { return nil }
                return UInt32(bytes[at] & 0x3F)
            }
            var scalar: UInt32 = 0xFFFD
            var length = 1
            if lead < 0x80 {
                scalar = UInt32(lead)
            } else if lead & 0xE0 == 0xC0, let second = continuation(1) {
                scalar = UInt32(lead & 0x1F) << 6 | second
                length = 2
            } else if lead & 0xF0 == 0xE0, let second = continuation(1), let third = continuation(2) {
                scalar = UInt32(lead & 0x0F) << 12 | second << 6 | third
                length = 3
            } else if lead & 0xF8 == 0xF0, let second = continuation(1), let third = continuation(2), let fourth = continuation(3) {
                scalar = UInt32(lead & 0x07) << 18 | second << 12 | third << 6 | fourth
                length = 4
            }
            if scalar > 0xFFFF {
                let value = scalar - 0x10000
                units.append(UInt16(0xD800 + (value >> 10)))
                units.append(UInt16(0xDC00 + (value & 0x3FF)))
            } else {
                units.append(UInt16(scalar))
            }
            index += length
        }
        return String(decoding: units, as: UTF16.self)
    }
}
