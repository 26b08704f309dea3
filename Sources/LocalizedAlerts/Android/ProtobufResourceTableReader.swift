/// Reads an App Bundle module's `resources.pb`: aapt2's `aapt.pb.ResourceTable`, as Android 10's
/// aapt2 writes it with `link --proto-format`.
///
/// Only the fields the table needs are read; every other field is skipped by its wire type.
/// The schema is AOSP `frameworks/base/tools/aapt2/Resources.proto` and `Configuration.proto`;
/// the configuration's enums are mapped to `ResTable_config`'s values as aapt2's
/// `format/proto/ProtoDeserialize.cpp` does.
struct ProtobufResourceTableReader {
    let file: String?
    let limits: AndroidResourceTable.Limits
    private var wire: ProtobufWireReader
    private var contents = ResourceTableContents()
    private var entriesRead = 0

    init(bytes: [UInt8], file: String?, limits: AndroidResourceTable.Limits) {
        self.file = file
        self.limits = limits
        wire = ProtobufWireReader(bytes: bytes, file: file)
    }

    mutating func read() throws(AndroidResourceTableError) -> ResourceTableContents {
        guard wire.bytes.count <= limits.maximumTableSize else {
            throw wire.failure(
                at: 0, "the table is \(wire.bytes.count) bytes, over the limit of \(limits.maximumTableSize)",
                remedy: "raise the limit if the app is really this large")
        }
        var packages = 0
        // ResourceTable: 2 = Package.
        try wire.fields(in: 0..<wire.bytes.count) { (field, value) throws(AndroidResourceTableError) in
            guard field == 2, case .bytes(let range) = value else { return }
            packages += 1
            try readPackage(range)
        }
        guard packages > 0 else {
            throw wire.failure(at: 0, "the table holds no package", remedy: "give a module's resources.pb, written by aapt2 link --proto-format")
        }
        return contents
    }

    /// Package: 1 = PackageId { 1 = id }, 2 = name, 3 = Type.
    private mutating func readPackage(_ range: Range<Int>) throws(AndroidResourceTableError) {
        var id: UInt64 = 0
        var name = ""
        var types: [Range<Int>] = []
        try wire.fields(in: range) { (field, value) throws(AndroidResourceTableError) in
            switch (field, value) {
            case (1, .bytes(let message)): id = try wire.integer(1, in: message)
            case (2, .bytes(let text)): name = wire.string(text)
            case (3, .bytes(let type)): types.append(type)
            default: break
            }
        }
        guard id <= 0xFF else { throw wire.failure(at: range.lowerBound, "package ID \(id) is larger than 255") }
        if contents.packageName.isEmpty { contents.packageName = name }
        for type in types { try readType(type, package: UInt32(id)) }
    }

    /// Type: 1 = TypeId { 1 = id }, 2 = name, 3 = Entry.
    private mutating func readType(_ range: Range<Int>, package: UInt32) throws(AndroidResourceTableError) {
        var id: UInt64 = 0
        var name = ""
        var entries: [Range<Int>] = []
        try wire.fields(in: range) { (field, value) throws(AndroidResourceTableError) in
            switch (field, value) {
            case (1, .bytes(let message)): id = try wire.integer(1, in: message)
            case (2, .bytes(let text)): name = wire.string(text)
            case (3, .bytes(let entry)): entries.append(entry)
            default: break
            }
        }
        guard id <= 0xFF else { throw wire.failure(at: range.lowerBound, "type ID \(id) is larger than 255") }
        var byConfig: [AndroidResourceConfig: Int] = [:]
        for entry in entries {
            try readEntry(entry, package: package, type: UInt32(id), typeName: name, byConfig: &byConfig)
        }
    }

    /// Entry: 1 = EntryId { 1 = id }, 2 = name, 6 = ConfigValue { 1 = Configuration, 2 = Value }.
    private mutating func readEntry(
        _ range: Range<Int>, package: UInt32, type: UInt32, typeName: String, byConfig: inout [AndroidResourceConfig: Int]
    ) throws(AndroidResourceTableError) {
        var id: UInt64 = 0
        var name = ""
        var values: [Range<Int>] = []
        try wire.fields(in: range) { (field, value) throws(AndroidResourceTableError) in
            switch (field, value) {
            case (1, .bytes(let message)): id = try wire.integer(1, in: message)
            case (2, .bytes(let text)): name = wire.string(text)
            case (6, .bytes(let configValue)): values.append(configValue)
            default: break
            }
        }
        guard id <= 0xFFFF else { throw wire.failure(at: range.lowerBound, "entry ID \(id) is larger than 65535") }
        let resourceID = package << 24 | type << 16 | UInt32(id)
        if contents.resourceNames[resourceID] == nil { contents.resourceNames[resourceID] = .init(type: typeName, name: name) }
        for configValue in values {
            entriesRead += 1
            guard entriesRead <= limits.maximumEntryCount else {
                throw wire.failure(
                    at: configValue.lowerBound, "more than \(limits.maximumEntryCount) entries",
                    remedy: "raise the entry limit if the app is really this large")
            }
            var config = AndroidResourceConfig()
            var item: Range<Int>?
            try wire.fields(in: configValue) { (field, value) throws(AndroidResourceTableError) in
                switch (field, value) {
                case (1, .bytes(let message)): config = try readConfiguration(message)
                case (2, .bytes(let message)):
                    // Value: 4 = Item (5 = CompoundValue: plurals, arrays, styles).
                    try wire.fields(in: message) { (field, value) throws(AndroidResourceTableError) in
                        if field == 4, case .bytes(let range) = value { item = range }
                    }
                default: break
                }
            }
            if config.hasLocale { contents.locales.insert(config.bcp47Locale(canonicalize: true)) }
            guard let item, let stored = try readItem(item) else { continue }
            let index: Int
            if let known = byConfig[config] {
                index = known
            } else {
                index = contents.configurations.count
                byConfig[config] = index
                contents.configurations.append(ConfigurationStrings(config: config, file: file))
            }
            if typeName == "string" {
                contents.configurations[index].strings.append((name, stored))
            } else {
                contents.configurations[index].others.append((AndroidResourceName(type: typeName, name: name), stored))
            }
        }
    }

    /// Item: 1 = Reference, 2 = String, 3 = RawString, 4 = StyledString, 5 = FileReference
    /// (its path is the text `getString` gives), 7 = Primitive.
    private func readItem(_ range: Range<Int>) throws(AndroidResourceTableError) -> StoredValue? {
        var result: StoredValue?
        try wire.fields(in: range) { (field, value) throws(AndroidResourceTableError) in
            guard case .bytes(let message) = value else { return }
            switch field {
            case 1:
                // Reference: 1 = type (1 = attribute), 2 = id, 3 = name.
                var isAttribute = false
                var id: UInt64 = 0
                var name: String?
                try wire.fields(in: message) { (field, value) throws(AndroidResourceTableError) in
                    switch (field, value) {
                    case (1, .integer(let type)): isAttribute = type == 1
                    case (2, .integer(let value)): id = value
                    case (3, .bytes(let text)): name = wire.string(text)
                    default: break
                    }
                }
                result = id == 0 && name == nil ? .null : .reference(id: UInt32(truncatingIfNeeded: id), name: name, isAttribute: isAttribute)
            case 2, 3, 4:
                // String, RawString: 1 = value; StyledString: 1 = value, 2 = Span.
                var text = ""
                var hasSpans = false
                try wire.fields(in: message) { (field, value) throws(AndroidResourceTableError) in
                    if field == 1, case .bytes(let range) = value { text = wire.string(range) }
                    if field == 2 { hasSpans = true }
                }
                result = .text(text, isStyled: field == 4 && hasSpans)
            case 5:
                // FileReference: 1 = path.
                try wire.fields(in: message) { (field, value) throws(AndroidResourceTableError) in
                    if field == 1, case .bytes(let range) = value { result = .text(wire.string(range), isStyled: false) }
                }
            case 7:
                result = try readPrimitive(message)
            default:
                break
            }
        }
        return result
    }

    /// Primitive: 1 = null, 2 = empty, 3 = float, 6 = int, 7 = hex, 8 = boolean, 9–12 =
    /// colors, 13 = dimension and 14 = fraction (complex data, as in the binary table).
    private func readPrimitive(_ range: Range<Int>) throws(AndroidResourceTableError) -> StoredValue? {
        var result: StoredValue?
        try wire.fields(in: range) { (field, value) throws(AndroidResourceTableError) in
            let data: UInt32
            switch value {
            case .integer(let integer): data = UInt32(truncatingIfNeeded: integer)
            case .bytes: data = 0
            case .fixed(let bits):
                // float_value is a fixed 32-bit field.
                if field == 3 { result = StoredValue.coerced(type: AndroidValueText.typeFloat, data: UInt32(truncatingIfNeeded: bits)) }
                return
            }
            switch field {
            case 1, 2: result = .typedNull  // Undefined, and @empty.
            case 6: result = StoredValue.coerced(type: 0x10, data: data)
            case 7: result = StoredValue.coerced(type: 0x11, data: data)
            case 8: result = StoredValue.coerced(type: 0x12, data: data)
            case 9...12: result = StoredValue.coerced(type: 0x1C + UInt8(field - 9), data: data)
            case 13: result = StoredValue.coerced(type: AndroidValueText.typeDimension, data: data)
            case 14: result = StoredValue.coerced(type: AndroidValueText.typeFraction, data: data)
            default: break
            }
        }
        return result
    }

    /// Configuration, its enums turned into `ResTable_config`'s values.
    private func readConfiguration(_ range: Range<Int>) throws(AndroidResourceTableError) -> AndroidResourceConfig {
        var config = AndroidResourceConfig()
        var locale = ""
        try wire.fields(in: range) { (field, value) throws(AndroidResourceTableError) in
            if field == 3, case .bytes(let text) = value {
                locale = wire.string(text)
                return
            }
            guard case .integer(let integer) = value else { return }
            let short = UInt16(truncatingIfNeeded: integer)
            let small = UInt8(truncatingIfNeeded: integer)
            // Proto enums that order (yes, no) where ResTable_config orders (no, yes).
            let swapped: UInt8 = small == 1 ? 2 : small == 2 ? 1 : small
            switch field {
            case 1: config.mcc = short
            case 2: config.mnc = short
            case 4: config.screenLayout |= (small & 0x03) << 6
            case 5: config.screenWidth = short
            case 6: config.screenHeight = short
            case 7: config.screenWidthDp = short
            case 8: config.screenHeightDp = short
            case 9: config.smallestScreenWidthDp = short
            case 10: config.screenLayout |= small & 0x0F
            case 11: config.screenLayout |= (swapped & 0x03) << 4
            case 12: config.screenLayout2 |= swapped & 0x03
            case 13: config.colorMode |= swapped & 0x03
            case 14: config.colorMode |= (swapped & 0x03) << 2
            case 15: config.orientation = small
            case 16: config.uiMode |= small & 0x0F
            case 17: config.uiMode |= (swapped & 0x03) << 4
            case 18: config.density = short
            case 19: config.touchscreen = small
            case 20: config.inputFlags |= small & 0x03
            case 21: config.keyboard = small
            case 22: config.inputFlags |= (small & 0x03) << 2
            case 23: config.navigation = small
            case 24: config.sdkVersion = short
            default: break
            }
        }
        guard config.setLocale(bcp47: locale) else {
            throw wire.failure(at: range.lowerBound, "the configuration's locale \"\(locale.prefix(40))\" is not a BCP 47 tag aapt2 writes")
        }
        return config
    }
}

/// Protocol Buffers' wire format over bytes: fields as (number, value), every length checked
/// against the message that holds it.
struct ProtobufWireReader {
    let bytes: [UInt8]
    let file: String?

    enum Value {
        case integer(UInt64)
        case bytes(Range<Int>)
        /// A 32- or 64-bit fixed value, little-endian (a float is 32 bits).
        case fixed(UInt64)
    }

    /// Calls `body` with each field of the message in `range`, in order.
    func fields(
        in range: Range<Int>, _ body: (Int, Value) throws(AndroidResourceTableError) -> Void
    ) throws(AndroidResourceTableError) {
        var position = range.lowerBound
        while position < range.upperBound {
            let start = position
            let key = try varint(&position, end: range.upperBound)
            let field = Int(truncatingIfNeeded: key >> 3)
            guard field > 0, field < 1 << 29 else { throw failure(at: start, "a field has number \(key >> 3), outside 1…2²⁹−1") }
            switch key & 7 {
            case 0:
                try body(field, .integer(try varint(&position, end: range.upperBound)))
            case 1, 5:
                let size = key & 7 == 1 ? 8 : 4
                guard size <= range.upperBound - position else { throw failure(at: start, "field \(field) runs past the end of its message") }
                var bits: UInt64 = 0
                for index in 0..<size { bits |= UInt64(bytes[position + index]) << (8 * UInt64(index)) }
                position += size
                try body(field, .fixed(bits))
            case 2:
                let length = try varint(&position, end: range.upperBound)
                guard length <= UInt64(range.upperBound - position) else {
                    throw failure(
                        at: start, "field \(field) declares \(length) bytes, past the end of its message (\(range.upperBound - position) left)")
                }
                let value = position..<(position + Int(length))
                position = value.upperBound
                try body(field, .bytes(value))
            default:
                // Groups (3, 4) are not in aapt2's schema; 6 and 7 are not wire types.
                throw failure(at: start, "field \(field) has wire type \(key & 7), which aapt2's tables never use")
            }
        }
    }

    /// Field `number` of the message in `range` as an integer (0 when absent, as proto3 reads it).
    func integer(_ number: Int, in range: Range<Int>) throws(AndroidResourceTableError) -> UInt64 {
        var result: UInt64 = 0
        try fields(in: range) { (field, value) throws(AndroidResourceTableError) in
            if field == number, case .integer(let integer) = value { result = integer }
        }
        return result
    }

    func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    private func varint(_ position: inout Int, end: Int) throws(AndroidResourceTableError) -> UInt64 {
        let start = position
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < end else { throw failure(at: start, "a number runs past the end of its message") }
            let byte = bytes[position]
            position += 1
            guard shift < 64, shift < 63 || byte <= 1 else { throw failure(at: start, "a number is longer than 10 bytes") }
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
    }

    /// A refusal at `offset`, kept within the table.
    func failure(at offset: Int, _ problem: String, remedy: String = AndroidResourceTableError.rebuild) -> AndroidResourceTableError {
        AndroidResourceTableError(file: file, offset: min(max(0, offset), bytes.count), problem: problem, remedy: remedy)
    }
}
