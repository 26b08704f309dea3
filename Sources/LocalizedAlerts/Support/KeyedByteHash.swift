import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A hash of byte strings keyed per instance from the system's random source, for the indexes
/// of names a file chooses.
///
/// The standard library's `Hasher` is seeded per process, and not at all when
/// `SWIFT_DETERMINISTIC_HASHING` is set (as some CI and reproducible builds set it): names
/// chosen offline would then collide in every run. This one draws its own seed and key from
/// `SystemRandomNumberGenerator` whatever that setting, so which names collide is never known
/// in advance. It starts as a fast multiply-and-fold hash; an index that sees a long probe run
/// calls ``strengthen()`` and rehashes with SipHash-2-4 under the random key, whose collisions
/// cannot be found without the key.
struct KeyedByteHash: Sendable {
    private let seed: UInt64
    private let key: (UInt64, UInt64)
    /// Whether SipHash is in use rather than the fast hash.
    private(set) var isStrong = false

    /// The longest run of taken slots an index probes before it strengthens its hash: far
    /// beyond what chance gives a table at most half full.
    static let probeLimit = 64

    /// A hash with a fresh random seed and key, or the fixed ones (``KeyedByteHashing``).
    init() {
        let fixed = KeyedByteHashing.fixedKey.load(ordering: .relaxed)
        if fixed != 0 {
            self.init(seed: fixed, key: (fixed &* 0x9E37_79B9_7F4A_7C15, fixed &* 0xBF58_476D_1CE4_E5B9))
            return
        }
        var generator = SystemRandomNumberGenerator()
        self.init(seed: generator.next(), key: (generator.next(), generator.next()))
    }

    /// A hash with the given seed and key (for tests that choose colliding names).
    init(seed: UInt64, key: (UInt64, UInt64)) {
        self.seed = seed | 1
        self.key = key
    }

    /// Switches to SipHash; the index must rehash what it holds.
    mutating func strengthen() { isStrong = true }

    @inline(__always)
    func callAsFunction(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        Int(truncatingIfNeeded: isStrong ? Self.sipHash(bytes, key: key) : Self.fastHash(bytes, seed: seed))
    }

    /// A multiply-and-fold hash over eight bytes at a time.
    @inline(__always)
    static func fastHash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
        var hash = seed ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
        // An empty buffer hashes the same with or without an address (a table's empty key has
        // none; an empty `String`'s UTF-8 has one).
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return fold(hash, 0x9E37_79B9_7F4A_7C15) }
        var index = 0
        while index + 8 <= bytes.count {
            hash = fold(hash ^ UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self), 0xBF58_476D_1CE4_E5B9)
            index += 8
        }
        if index < bytes.count, bytes.count >= 8 {
            // The last eight bytes, some already folded in: the length is in the hash.
            hash = fold(hash ^ UnsafeRawPointer(base + bytes.count - 8).loadUnaligned(as: UInt64.self), 0x94D0_49BB_1331_11EB)
        } else if index < bytes.count {
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while index < bytes.count {
                tail |= UInt64(base[index]) << shift
                shift += 8
                index += 1
            }
            hash = fold(hash ^ tail, 0x94D0_49BB_1331_11EB)
        }
        return fold(hash, 0x9E37_79B9_7F4A_7C15)
    }

    /// The two halves of the 128-bit product, folded together.
    @inline(__always)
    private static func fold(_ value: UInt64, _ multiplier: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: multiplier)
        return product.high ^ product.low
    }

    /// SipHash-2-4 of `bytes` under `key`.
    static func sipHash(_ bytes: UnsafeBufferPointer<UInt8>, key: (UInt64, UInt64)) -> UInt64 {
        var v0: UInt64 = key.0 ^ 0x736F_6D65_7073_6575
        var v1: UInt64 = key.1 ^ 0x646F_7261_6E64_6F6D
        var v2: UInt64 = key.0 ^ 0x6C79_6765_6E65_7261
        var v3: UInt64 = key.1 ^ 0x7465_6462_7974_6573
        @inline(__always)
        func round() {
            v0 &+= v1
            v1 = v1 << 13 | v1 >> 51
            v1 ^= v0
            v0 = v0 << 32 | v0 >> 32
            v2 &+= v3
            v3 = v3 << 16 | v3 >> 48
            v3 ^= v2
            v0 &+= v3
            v3 = v3 << 21 | v3 >> 43
            v3 ^= v0
            v2 &+= v1
            v1 = v1 << 17 | v1 >> 47
            v1 ^= v2
            v2 = v2 << 32 | v2 >> 32
        }
        var index = 0
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                v3 ^= word
                round()
                round()
                v0 ^= word
                index += 8
            }
        }
        var last = UInt64(truncatingIfNeeded: bytes.count) << 56
        var shift: UInt64 = 0
        while index < bytes.count {
            last |= UInt64(bytes[index]) << shift
            shift += 8
            index += 1
        }
        v3 ^= last
        round()
        round()
        v0 ^= last
        v2 ^= 0xFF
        round()
        round()
        round()
        round()
        return v0 ^ v1 ^ v2 ^ v3
    }
}

/// A growable map from byte strings to values, for names a file chooses (attributes of one
/// tag, namespace prefixes): open addressing under a ``KeyedByteHash``, so that no choice of
/// names makes it quadratic. Keys are copied in; clearing costs what was inserted, not the
/// room.
struct ByteKeyMap<Value>: Sendable where Value: Sendable {
    private var keyBytes: [UInt8] = []
    private var spans: [(start: Int, count: Int, slot: Int)] = []
    private var values: [Value] = []
    /// Entry number + 1, or 0 for a free slot; a power of two long, at most half taken.
    private var slots: [Int32] = Array(repeating: 0, count: 16)
    private var hash = KeyedByteHash()

    init() {}

    var count: Int { values.count }

    /// The value for `key`, or nil.
    func value(for key: UnsafeBufferPointer<UInt8>) -> Value? {
        find(key).entry.map { values[$0] }
    }

    /// Sets the value for `key`; the value it had, or nil for a new key.
    @discardableResult
    mutating func update(_ value: Value, for key: UnsafeBufferPointer<UInt8>) -> Value? {
        let (entry, slot, probes) = find(key)
        if let entry {
            let old = values[entry]
            values[entry] = value
            return old
        }
        spans.append((keyBytes.count, key.count, slot))
        keyBytes.append(contentsOf: key)
        values.append(value)
        slots[slot] = Int32(values.count)
        if 2 * values.count > slots.count {
            rehash(size: 2 * slots.count)
        } else if probes > KeyedByteHash.probeLimit, !hash.isStrong {
            hash.strengthen()
            rehash(size: slots.count)
        }
        return nil
    }

    /// Empties the map, keeping its room; costs what it held.
    mutating func removeAll() {
        for span in spans { slots[span.slot] = 0 }
        spans.removeAll(keepingCapacity: true)
        keyBytes.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
    }

    private func find(_ key: UnsafeBufferPointer<UInt8>) -> (entry: Int?, slot: Int, probes: Int) {
        let mask = slots.count - 1
        var slot = hash(key) & mask
        var probes = 0
        while slots[slot] != 0 {
            let entry = Int(slots[slot]) - 1
            if keyBytes.withUnsafeBufferPointer({
                Self.equal(key, UnsafeBufferPointer(rebasing: $0[spans[entry].start..<spans[entry].start + spans[entry].count]))
            }) {
                return (entry, slot, probes)
            }
            slot = (slot + 1) & mask
            probes += 1
        }
        return (nil, slot, probes)
    }

    private mutating func rehash(size: Int) {
        slots = Array(repeating: 0, count: size)
        let mask = size - 1
        keyBytes.withUnsafeBufferPointer { bytes in
            for entry in spans.indices {
                var slot = hash(UnsafeBufferPointer(rebasing: bytes[spans[entry].start..<spans[entry].start + spans[entry].count])) & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(entry + 1)
                spans[entry].slot = slot
            }
        }
    }

    @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
    }
}

extension ByteKeyMap {
    func value(for key: String) -> Value? {
        var key = key
        return key.withUTF8 { value(for: $0) }
    }

    @discardableResult
    mutating func update(_ value: Value, for key: String) -> Value? {
        var key = key
        return key.withUTF8 { update(value, for: $0) }
    }
}

/// Fixes the seed and key of the name indexes made from now on (zero: random again), for a
/// process that must repeat itself: a fuzzing run with a fixed seed, whose coverage would
/// otherwise change with the key, and whose findings would not reproduce. Never for a process
/// that reads others' files: names chosen for a known key collide.
@_spi(Oracle) public enum KeyedByteHashing {
    static let fixedKey = Atomic<UInt64>(0)

    public static func fixKeys(_ value: UInt64) { fixedKey.store(value, ordering: .relaxed) }
}
