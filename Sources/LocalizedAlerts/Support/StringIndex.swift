#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An immutable map from strings to positions, comparing keys byte for byte (as CoreFoundation
/// compares them) with a fast word-at-a-time hash: cheaper per lookup than `Dictionary`'s
/// seeded SipHash, which matters on the rendering hot path. The hash is keyed per index
/// (``KeyedByteHash``) and turns to keyed SipHash on a long probe run, so that keys chosen to
/// collide cannot make building or reading it quadratic, whatever the process's hash seeding.
struct StringIndex: Sendable {
    private let hash: KeyedByteHash
    private let bytes: [UInt8]
    /// Per key: start and length in `bytes`.
    private let spans: [(start: Int32, length: Int32)]
    /// Open addressing: key number + 1, or 0 for an empty slot.
    private let slots: [Int32]

    /// Indexes `keys`; for repeated keys the last position wins. A probe run longer than
    /// `probeLimit` rebuilds it with SipHash.
    init(_ keys: [String], hash: KeyedByteHash = KeyedByteHash(), probeLimit: Int = KeyedByteHash.probeLimit) {
        var hash = hash
        if let built = Self.build(keys, hash: hash, probeLimit: probeLimit) {
            self = built
        } else {
            hash.strengthen()
            self = Self.build(keys, hash: hash, probeLimit: .max)!
        }
    }

    /// Whether a long probe run turned the index to SipHash.
    var usesSipHash: Bool { hash.isStrong }

    private init(bytes: [UInt8], spans: [(start: Int32, length: Int32)], slots: [Int32], hash: KeyedByteHash) {
        self.bytes = bytes
        self.spans = spans
        self.slots = slots
        self.hash = hash
    }

    /// The index of `keys` under `hash`, or nil when an insertion probes past `probeLimit`.
    private static func build(_ keys: [String], hash: KeyedByteHash, probeLimit: Int) -> StringIndex? {
        var bytes: [UInt8] = []
        var spans: [(start: Int32, length: Int32)] = []
        var capacity = 8
        while capacity < keys.count * 2 { capacity <<= 1 }
        var slots = [Int32](repeating: 0, count: capacity)
        let mask = capacity - 1
        for (position, key) in keys.enumerated() {
            var key = key
            let fits = key.withUTF8 { utf8 -> Bool in
                var slot = hash(utf8) & mask
                var probes = 0
                spans.append((Int32(bytes.count), Int32(utf8.count)))
                bytes.append(contentsOf: utf8)
                while slots[slot] != 0 {
                    let other = spans[Int(slots[slot] - 1)]
                    if other.length == Int32(utf8.count),
                        bytes.withUnsafeBufferPointer({ buffer in
                            utf8.count == 0 || memcmp(buffer.baseAddress! + Int(other.start), utf8.baseAddress!, utf8.count) == 0
                        })
                    {
                        break
                    }
                    slot = (slot + 1) & mask
                    probes += 1
                }
                slots[slot] = Int32(position + 1)
                return probes <= probeLimit
            }
            if !fits { return nil }
        }
        return StringIndex(bytes: bytes, spans: spans, slots: slots, hash: hash)
    }

    func position(of key: String) -> Int? {
        // A native or small string lends its UTF-8 without a copy.
        if let found = key.utf8.withContiguousStorageIfAvailable({ position(ofUTF8: $0) }) { return found }
        return Array(key.utf8).withUnsafeBufferPointer { position(ofUTF8: $0) }
    }

    private func position(ofUTF8 utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        let mask = slots.count - 1
        var slot = hash(utf8) & mask
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            slots.withUnsafeBufferPointer { slots -> Int? in
                while slots[slot] != 0 {
                    let position = Int(slots[slot] - 1)
                    let span = spans[position]
                    if Int(span.length) == utf8.count
                        && (utf8.count == 0 || memcmp(buffer.baseAddress! + Int(span.start), utf8.baseAddress!, utf8.count) == 0)
                    {
                        return position
                    }
                    slot = (slot + 1) & mask
                }
                return nil
            }
        }
    }
}
