/// Writes `bplist00` files object by object, so that tests can share objects, choose reference
/// and offset widths, and then corrupt any field. Objects refer to each other by index.
struct BinaryPropertyListBuilder {
    enum Object {
        case ascii(String)
        /// A UTF-16 string object (0x6), big-endian, as writers store non-ASCII text.
        case utf16(String)
        case integer(UInt8)
        case dictionary(keys: [Int], values: [Int])
        case array([Int])
        /// Bytes written as they are (a marker and its payload).
        case raw([UInt8])
    }

    var objects: [Object] = []
    var referenceSize = 2
    var offsetSize = 4
    var top = 0

    /// Adds an object and returns its index.
    @discardableResult
    mutating func add(_ object: Object) -> Int {
        objects.append(object)
        return objects.count - 1
    }

    /// The file, with where each object, the offset table and the trailer's fields start.
    func build() -> (bytes: [UInt8], objectOffsets: [Int], offsetTable: Int, trailer: Int) {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += encode(object)
        }
        let offsetTable = bytes.count
        for offset in offsets { bytes += bigEndian(UInt64(offset), size: offsetSize) }
        let trailer = bytes.count
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        bytes += bigEndian(UInt64(objects.count), size: 8)
        bytes += bigEndian(UInt64(top), size: 8)
        bytes += bigEndian(UInt64(offsetTable), size: 8)
        return (bytes, offsets, offsetTable, trailer)
    }

    private func encode(_ object: Object) -> [UInt8] {
        switch object {
        case .ascii(let text): return length(0x50, text.utf8.count) + Array(text.utf8)
        case .utf16(let text):
            return length(0x60, text.utf16.count) + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case .integer(let value): return [0x10, value]
        case .dictionary(let keys, let values):
            return length(0xD0, keys.count) + (keys + values).flatMap { bigEndian(UInt64($0), size: referenceSize) }
        case .array(let items): return length(0xA0, items.count) + items.flatMap { bigEndian(UInt64($0), size: referenceSize) }
        case .raw(let bytes): return bytes
        }
    }

    private func length(_ marker: UInt8, _ count: Int) -> [UInt8] {
        count < 15 ? [marker | UInt8(count)] : [marker | 0x0F, 0x13] + bigEndian(UInt64(count), size: 8)
    }

    func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    /// A compiled table whose `keys` all refer to one string object `sharedValue` (plus, when
    /// asked, one key whose value is an integer, which sends the file down the general reader),
    /// stored as ASCII or, when asked, as UTF-16.
    static func table(keys: [String], sharedValue: String, sharedKey: Bool = false, extraInteger: Bool = false, valueAsUTF16: Bool = false) -> [UInt8]
    {
        var builder = BinaryPropertyListBuilder()
        builder.referenceSize = 4
        let root = builder.add(.raw([]))
        let value = builder.add(valueAsUTF16 ? .utf16(sharedValue) : .ascii(sharedValue))
        var keyIndices: [Int] = []
        if sharedKey {
            let key = builder.add(.ascii(keys[0]))
            keyIndices = Array(repeating: key, count: keys.count)
        } else {
            keyIndices = keys.map { builder.add(.ascii($0)) }
        }
        var values = Array(repeating: value, count: keys.count)
        if extraInteger {
            keyIndices.append(builder.add(.ascii("number")))
            values.append(builder.add(.integer(3)))
        }
        builder.objects[root] = .dictionary(keys: keyIndices, values: values)
        return builder.build().bytes
    }
}
