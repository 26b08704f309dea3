/// The fuzzer's bytes read as a recipe for a compiled property list (`bplist00`), written with a
/// valid header and trailer so that the reader always gets past the magic and trailer checks
/// (unless the recipe patches them on purpose). Random bytes almost never make a binary plist
/// whose offset table, references and trailer agree; this grammar makes every input one.
///
/// The recipe, byte by byte (past the end every byte reads as 0):
///
///     header   refSize (bits 0-2: 1 << v for v < 4, else the smallest that fits), offsetIntSize
///              (bits 3-5, likewise), top object (bits 6-7: 3 = index from the next byte, else 0)
///     op...    low nibble: what to add; high nibble: how (length encodings, hostile lengths)
///
/// | op | object |
/// |---|---|
/// | 0, 1, 2 | ASCII (0x5), UTF-16 (0x6), UTF-8 (0x7) string: a count, then contents (literal, a filled byte or unit, a vocabulary word repeated, an ascending run) |
/// | 3 | a vocabulary string (`NSStringLocalizedFormatKey`, `other`, `iphone`, `%#@n@`, …) as its own object |
/// | 4, 5, 6, 7 | integer (any width nibble), real, bool/null/fill/odd 0x0 marker, date |
/// | 8 | data |
/// | 9, 10 | array, set: a count and references |
/// | 11, 12 | dictionary: a count, key references, value references |
/// | 13 | UID, or a raw marker byte with raw bytes after it |
/// | 14 | repeat: copy the last k objects r times (with relative references, copies chain: deep shared structures from a few bytes) |
/// | 15 | patch: after writing, overwrite a trailer field, an offset-table entry, or the version with a hostile value |
///
/// A reference is one byte: `0x00-0x3F` the object 1…64 after this one (trees), `0x40-0x7E` an
/// absolute index (back references: cycles and sharing; `0x7F` + 2 bytes for larger indices),
/// `0x80-0xDF` a vocabulary word (one shared object per word: many keys pointing at one
/// object), `0xE0-0xFF` a hostile value (out of range, ≥ 2^63, 2^64 − 1, raw bytes, …), written
/// truncated to the reference size. A container's references come one per slot, all the same,
/// ascending from one, or cycling through a few.
struct BinaryPlistRecipe {
    /// Upper bound of the written file: large enough that sharing one object among many
    /// entries amplifies into gigabytes if a consumer copies it per entry (a 64 KiB key shared
    /// by 32,768 entries of two 1-byte references is 2 GiB), small enough that honest work on
    /// the largest file (linting 60,000 entries) stays well inside the 5-second budget, under
    /// ASan too.
    static let maximumFileSize = 128 << 10
    static let maximumObjectCount = 60_000

    static let vocabulary: [String] = [
        "NSStringLocalizedFormatKey", "NSStringFormatSpecTypeKey", "NSStringFormatValueTypeKey", "NSStringPluralRuleType",
        "NSStringDeviceSpecificRuleType", "NSStringVariableWidthRuleType", "other", "one", "zero", "two", "few", "many",
        "iphone", "ipad", "mac", "applewatch", "appletv", "ipod", "applevision", "%#@n@", "n", "d", "%d items", "%@",
        "%1$@ and %2$@", "%#@n@ %#@m@", "m", "20", "50", "title", "body", "", "%%", "%lu", "%2$@", "ld", "é ✓ 😀", "%#@",
        "%1$#@n@", "@", "%", "x",
    ]

    enum Hostile: Equatable {
        case code(UInt8)
        case raw(UInt64)

        static let codeCount: UInt8 = 24

        /// Values that sit on the edges a reader must check: the object count and one past it,
        /// sign and width boundaries (2^63 traps `Int(_:)`), the file's own sizes.
        func value(_ context: Context) -> UInt64 {
            switch self {
            case .raw(let value): return value
            case .code(let code):
                let n = UInt64(context.objectCount)
                switch code % Hostile.codeCount {
                case 0: return n
                case 1: return n &+ 1
                case 2: return 1 << 63
                case 3: return UInt64.max
                case 4: return (1 << 63) + 1
                case 5: return 1 << 32
                case 6: return (1 << 32) - 1
                case 7: return 1 << 31
                case 8: return 0xFFFF
                case 9: return 0xFF
                case 10: return 1 << 62
                case 11: return UInt64(Int.max)
                case 12: return UInt64(context.fileLength)
                case 13: return UInt64(context.tableOffset)
                case 14: return UInt64(context.trailerStart)
                case 15: return 0
                case 16: return n &- 1
                case 17: return 8
                case 18: return UInt64(context.fileLength) &- 1
                case 19: return 1 << 40
                case 20: return UInt64.max - 7
                case 21: return (1 << 63) - 1
                case 22: return UInt64(context.tableOffset) &- 1
                default: return 0x8000_0000_0000_00FF
                }
            }
        }
    }

    struct Context {
        var objectCount: Int
        var fileLength: Int
        var tableOffset: Int
        var trailerStart: Int
    }

    enum Reference: Equatable {
        case relative(Int)
        case absolute(Int)
        case word(Int)
        case hostile(Hostile)
    }

    enum Length: Equatable {
        /// The nibble below 15, else 0xF and the narrowest integer.
        case canonical
        /// 0xF and an integer of 1 << exponent bytes, even for small lengths.
        case wide(UInt8)
        /// A declared length that is not the real one.
        case declared(Hostile, UInt8)
        /// 0xF followed by a byte that is not an integer marker.
        case badMarker(UInt8)
    }

    enum Object: Equatable {
        /// A scalar or string, already encoded (marker, length, contents).
        case encoded([UInt8])
        case string(marker: UInt8, length: Length, units: Int, contents: [UInt8])
        case container(marker: UInt8, length: Length, count: Int, references: [Reference])
    }

    enum PatchTarget: Equatable {
        case trailerByte(Int, UInt8)
        case numberOfObjects(Hostile)
        case topObject(Hostile)
        case offsetTableOffset(Hostile)
        case offsetEntry(Int, Hostile)
        case version(UInt8)
    }

    var refSizeChoice: UInt8 = 4
    var offsetSizeChoice: UInt8 = 4
    var top: Int = 0
    var objects: [Object] = []
    var patches: [PatchTarget] = []
    private var budget = BinaryPlistRecipe.maximumFileSize - 8 - 32

    // MARK: Reading the recipe

    struct Reader {
        let bytes: [UInt8]
        var position = 0
        var isAtEnd: Bool { position >= bytes.count }

        mutating func byte() -> UInt8 {
            guard position < bytes.count else { return 0 }
            defer { position += 1 }
            return bytes[position]
        }

        mutating func bytes(_ count: Int) -> [UInt8] {
            let available = max(0, min(count, bytes.count - position))
            var result = Array(bytes[position..<(position + available)])
            position += available
            if result.count < count { result += [UInt8](repeating: 0, count: count - result.count) }
            return result
        }

        mutating func uint64() -> UInt64 {
            bytes(8).reduce(0) { $0 << 8 | UInt64($1) }
        }

        /// 0…127 in one byte, up to 16,383 in two, up to 4 M in three.
        mutating func count() -> Int {
            let c = byte()
            if c < 0x80 { return Int(c) }
            if c < 0xC0 { return Int(c & 0x3F) << 8 | Int(byte()) }
            return Int(c & 0x3F) << 16 | Int(byte()) << 8 | Int(byte())
        }
    }

    init(_ bytes: [UInt8]) {
        var reader = Reader(bytes: bytes)
        let header = reader.byte()
        refSizeChoice = header & 7
        offsetSizeChoice = (header >> 3) & 7
        if header >> 6 == 3 { top = Int(reader.byte()) }
        while !reader.isAtEnd && objects.count < Self.maximumObjectCount {
            let op = reader.byte()
            readOp(op, &reader)
        }
        if objects.isEmpty { objects.append(.container(marker: 0xD0, length: .canonical, count: 0, references: [])) }
    }

    private var assumedRefSize: Int { refSizeChoice < 4 ? 1 << Int(refSizeChoice) : 2 }
    private var assumedOffsetSize: Int { offsetSizeChoice < 4 ? 1 << Int(offsetSizeChoice) : 4 }

    private mutating func hostile(_ reader: inout Reader) -> Hostile {
        let code = reader.byte()
        switch code % 32 {
        case 24...27: return .raw(reader.uint64())
        case 28...31: return .raw(UInt64(reader.byte()))
        default: return .code(code % Hostile.codeCount)
        }
    }

    private mutating func reference(_ reader: inout Reader) -> Reference {
        let c = reader.byte()
        switch c {
        case 0x00..<0x40: return .relative(Int(c))
        case 0x40..<0x7F: return .absolute(Int(c - 0x40))
        case 0x7F: return .absolute(Int(reader.byte()) << 8 | Int(reader.byte()))
        case 0x80..<0xE0: return .word(Int(c - 0x80) % Self.vocabulary.count)
        default: return .hostile(c & 1 == 0 ? .code((c - 0xE0) / 2) : hostile(&reader))
        }
    }

    /// `count` references in one of four patterns.
    private mutating func references(_ count: Int, _ reader: inout Reader) -> [Reference] {
        let pattern = reader.byte()
        switch pattern % 4 {
        case 0:
            return (0..<count).map { _ in reference(&reader) }
        case 1:
            return Array(repeating: reference(&reader), count: count)
        case 2:
            let first = reference(&reader)
            return (0..<count).map { i in
                switch first {
                case .relative(let k): .relative(k + i)
                case .absolute(let k): .absolute(k + i)
                case .word(let k): .word((k + i) % Self.vocabulary.count)
                case .hostile: first
                }
            }
        default:
            let cycle = (0...(Int(pattern >> 2) % 8)).map { _ in reference(&reader) }
            return (0..<count).map { cycle[$0 % cycle.count] }
        }
    }

    private mutating func length(_ style: UInt8, _ reader: inout Reader) -> Length {
        switch style {
        case 0..<12: return .canonical
        case 12: return .wide(reader.byte() % 4)
        case 13: return .wide(reader.byte() % 8)
        case 14: return .declared(hostile(&reader), reader.byte() % 4)
        default: return .badMarker(reader.byte())
        }
    }

    /// `count` units of `unitSize` bytes: literal, one unit repeated, a word repeated, or ascending.
    private mutating func contents(_ count: Int, unitSize: Int, _ reader: inout Reader) -> [UInt8] {
        let mode = reader.byte()
        switch mode % 4 {
        case 0:
            return reader.bytes(count * unitSize)
        case 1:
            let unit = reader.bytes(unitSize)
            return (0..<(count * unitSize)).map { unit[$0 % unitSize] }
        case 2:
            let word = Self.vocabulary[Int(mode >> 2) % Self.vocabulary.count]
            let units: [UInt8] =
                unitSize == 2 ? word.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } : Array(word.utf8)
            guard !units.isEmpty else { return [UInt8](repeating: 0x61, count: count * unitSize) }
            return (0..<(count * unitSize)).map { units[$0 % units.count] }
        default:
            let start = reader.byte()
            return (0..<(count * unitSize)).map { start &+ UInt8(truncatingIfNeeded: $0 / unitSize) }
        }
    }

    /// Adds an object; its size (and its offset-table entry) comes off the file's budget.
    private mutating func add(_ object: Object, size: Int) {
        budget -= size + assumedOffsetSize
        objects.append(object)
    }

    private mutating func readOp(_ op: UInt8, _ reader: inout Reader) {
        let style = op >> 4
        switch op & 0x0F {
        case 0, 1, 2:
            let marker: UInt8 = [0x50, 0x60, 0x70][Int(op & 0x0F)]
            let unitSize = marker == 0x60 ? 2 : 1
            let lengthStyle = length(style, &reader)
            let units = min(reader.count(), max(0, budget - 16) / unitSize)
            add(
                .string(marker: marker, length: lengthStyle, units: units, contents: contents(units, unitSize: unitSize, &reader)),
                size: units * unitSize + 10)
        case 3:
            let word = Self.vocabulary[Int(reader.byte()) % Self.vocabulary.count]
            add(.encoded(Self.encodeWord(word)), size: 64)
        case 4:
            let nibble = reader.byte() & 0x0F
            let width = min(1 << Int(nibble), 16)
            add(.encoded([0x10 | nibble] + reader.bytes(width)), size: 17)
        case 5:
            let nibble = style < 8 ? 3 : style < 14 ? 2 : reader.byte() & 0x0F
            let width = min(1 << Int(nibble), 16)
            add(.encoded([0x20 | nibble] + reader.bytes(width)), size: 17)
        case 6:
            let markers: [UInt8] = [0x08, 0x09, 0x00, 0x0F]
            add(.encoded([style < 12 ? markers[Int(style) % 4] : style]), size: 1)
        case 7:
            add(.encoded([style < 12 ? 0x33 : 0x30 | style] + reader.bytes(8)), size: 9)
        case 8:
            let lengthStyle = length(style, &reader)
            let units = min(reader.count(), max(0, budget - 16))
            add(.string(marker: 0x40, length: lengthStyle, units: units, contents: contents(units, unitSize: 1, &reader)), size: units + 10)
        case 9, 10, 11, 12:
            let marker: UInt8 = [0xA0, 0xC0, 0xD0, 0xD0][Int(op & 0x0F) - 9]
            let slotsPerItem = marker == 0xD0 ? 2 : 1
            let lengthStyle = length(style, &reader)
            let count = min(reader.count(), max(0, budget - 16) / (slotsPerItem * assumedRefSize))
            var references = references(count, &reader)
            if marker == 0xD0 { references += self.references(count, &reader) }
            add(.container(marker: marker, length: lengthStyle, count: count, references: references), size: references.count * assumedRefSize + 10)
        case 13:
            if style < 8 {
                let size = Int(reader.byte() % 8) + 1
                add(.encoded([0x80 | UInt8(size - 1)] + reader.bytes(size)), size: size + 1)
            } else {
                let marker = reader.byte()
                let raw = reader.bytes(Int(reader.byte() % 16))
                add(.encoded([marker] + raw), size: raw.count + 1)
            }
        case 14:
            let span = Int(reader.byte() % 8) + 1
            let times = reader.count()
            guard span <= objects.count else { return }
            let copied = Array(objects.suffix(span))
            let size = copied.reduce(0) { $0 + Self.estimatedSize($1, refSize: assumedRefSize) }
            for _ in 0..<times {
                guard budget - size - span * assumedOffsetSize > 0, objects.count + span <= Self.maximumObjectCount else { break }
                for object in copied { add(object, size: Self.estimatedSize(object, refSize: assumedRefSize)) }
            }
        default:
            let target = reader.byte()
            switch target % 8 {
            case 0, 1: patches.append(.trailerByte(6 + Int(target % 2), reader.byte()))
            case 2: patches.append(.numberOfObjects(hostile(&reader)))
            case 3: patches.append(.topObject(hostile(&reader)))
            case 4: patches.append(.offsetTableOffset(hostile(&reader)))
            case 5, 6: patches.append(.offsetEntry(Int(reader.byte()), hostile(&reader)))
            default: patches.append(.version(reader.byte()))
            }
        }
    }

    static func estimatedSize(_ object: Object, refSize: Int) -> Int {
        switch object {
        case .encoded(let bytes): bytes.count
        case .string(_, _, _, let contents): contents.count + 10
        case .container(_, _, _, let references): references.count * refSize + 10
        }
    }

    /// ASCII when it is, else UTF-16 (as Apple's writer does).
    static func encodeWord(_ word: String) -> [UInt8] {
        if word.utf8.allSatisfy({ $0 < 0x80 }) {
            return lengthHeader(0x50, UInt64(word.utf8.count), .canonical, objectCount: 0) + Array(word.utf8)
        }
        let units = Array(word.utf16)
        return lengthHeader(0x60, UInt64(units.count), .canonical, objectCount: 0) + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }

    static func bigEndian(_ value: UInt64, width: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        append(value, width: width, to: &bytes)
        return bytes
    }

    /// The low `width` bytes of `value`, most significant first (wider than 8: zeros first).
    static func append(_ value: UInt64, width: Int, to bytes: inout [UInt8]) {
        for k in stride(from: width - 1, through: 0, by: -1) {
            bytes.append(k >= 8 ? 0 : UInt8(truncatingIfNeeded: value >> (8 * UInt64(k))))
        }
    }

    static func lengthHeader(_ marker: UInt8, _ length: UInt64, _ style: Length, objectCount: Int) -> [UInt8] {
        switch style {
        case .canonical:
            if length < 15 { return [marker | UInt8(length)] }
            let exponent: UInt8 = length <= 0xFF ? 0 : length <= 0xFFFF ? 1 : length <= 0xFFFF_FFFF ? 2 : 3
            return [marker | 0x0F, 0x10 | exponent] + bigEndian(length, width: 1 << Int(exponent))
        case .wide(let exponent):
            return [marker | 0x0F, 0x10 | exponent] + bigEndian(length, width: min(1 << Int(exponent), 16))
        case .declared(let hostile, let exponent):
            let value = hostile.value(
                Context(objectCount: objectCount, fileLength: maximumFileSize, tableOffset: maximumFileSize, trailerStart: maximumFileSize))
            return [marker | 0x0F, 0x10 | exponent] + bigEndian(value, width: 1 << Int(exponent))
        case .badMarker(let byte):
            return [marker | 0x0F, byte] + bigEndian(length, width: 1)
        }
    }

    // MARK: Writing

    /// The `bplist00` file: header, objects (the recipe's, then one per vocabulary word used),
    /// offset table, trailer; then the patches.
    func serialized() -> [UInt8] {
        // Words used by references become shared objects after the recipe's own.
        var wordIndex: [Int: Int] = [:]
        var words: [Int] = []
        for case .container(_, _, _, let references) in objects {
            for case .word(let w) in references where wordIndex[w] == nil {
                wordIndex[w] = objects.count + words.count
                words.append(w)
            }
        }
        let objectCount = objects.count + words.count
        let refSize = refSizeChoice < 4 ? 1 << Int(refSizeChoice) : objectCount <= 0xFF ? 1 : objectCount <= 0xFFFF ? 2 : 4
        var context = Context(
            objectCount: objectCount, fileLength: Self.maximumFileSize, tableOffset: Self.maximumFileSize, trailerStart: Self.maximumFileSize)
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        offsets.reserveCapacity(objectCount)
        for (index, object) in objects.enumerated() {
            offsets.append(bytes.count)
            switch object {
            case .encoded(let encoded):
                bytes += encoded
            case .string(let marker, let length, let units, let contents):
                bytes += Self.lengthHeader(marker, UInt64(units), length, objectCount: objectCount)
                bytes += contents
            case .container(let marker, let length, let count, let references):
                bytes += Self.lengthHeader(marker, UInt64(count), length, objectCount: objectCount)
                for reference in references {
                    let value: UInt64
                    switch reference {
                    case .relative(let k): value = UInt64((index + 1 + k) % objectCount)
                    case .absolute(let k): value = UInt64(k % objectCount)
                    case .word(let w): value = UInt64(wordIndex[w]!)
                    case .hostile(let hostile): value = hostile.value(context)
                    }
                    Self.append(value, width: refSize, to: &bytes)
                }
            }
        }
        for w in words {
            offsets.append(bytes.count)
            bytes += Self.encodeWord(Self.vocabulary[w])
        }
        let tableOffset = bytes.count
        let offsetSize = offsetSizeChoice < 4 ? 1 << Int(offsetSizeChoice) : tableOffset <= 0xFF ? 1 : tableOffset <= 0xFFFF ? 2 : 4
        for offset in offsets { Self.append(UInt64(offset), width: offsetSize, to: &bytes) }
        let trailerStart = bytes.count
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(refSize)]
        bytes += Self.bigEndian(UInt64(objectCount), width: 8)
        bytes += Self.bigEndian(UInt64(top % objectCount), width: 8)
        bytes += Self.bigEndian(UInt64(tableOffset), width: 8)
        context = Context(objectCount: objectCount, fileLength: bytes.count, tableOffset: tableOffset, trailerStart: trailerStart)
        func put(_ value: UInt64, at offset: Int, width: Int) {
            for (k, byte) in Self.bigEndian(value, width: width).enumerated() where offset + k < bytes.count { bytes[offset + k] = byte }
        }
        for patch in patches {
            switch patch {
            case .trailerByte(let index, let value): bytes[trailerStart + index] = value
            case .numberOfObjects(let hostile): put(hostile.value(context), at: trailerStart + 8, width: 8)
            case .topObject(let hostile): put(hostile.value(context), at: trailerStart + 16, width: 8)
            case .offsetTableOffset(let hostile): put(hostile.value(context), at: trailerStart + 24, width: 8)
            case .offsetEntry(let index, let hostile):
                put(hostile.value(context), at: tableOffset + (index % objectCount) * offsetSize, width: offsetSize)
            case .version(let byte): bytes[7] = byte
            }
        }
        return bytes
    }
}
