/// Tests on eight bytes at once (a little-endian `UInt64` loaded from a text), for the readers'
/// fast paths over runs of ordinary bytes.
enum ByteWord {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether a byte of `word` is `byte`.
    @inline(__always)
    static func contains(_ word: UInt64, _ byte: UInt8) -> Bool {
        let spread = word ^ (ones &* UInt64(byte))
        return (spread &- ones) & ~spread & highBits != 0
    }

    /// Whether a byte of `word` is below `bound` (at most 128).
    @inline(__always)
    static func containsByte(_ word: UInt64, below bound: UInt8) -> Bool {
        (word &- ones &* UInt64(bound)) & ~word & highBits != 0
    }

    /// How many bytes of `word` start a Unicode scalar in UTF-8: all but the 10xxxxxx
    /// continuation bytes.
    @inline(__always)
    static func scalarStartCount(_ word: UInt64) -> Int {
        8 - (word & highBits & ~(word << 1)).nonzeroBitCount
    }

    /// The high bit of each byte of `word` that is `byte`, and no other bit.
    @inline(__always)
    static func mask(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let spread = word ^ (ones &* UInt64(byte))
        let lowBits = ~highBits
        return ~(((spread & lowBits) &+ lowBits) | spread | lowBits)
    }
}
