/// Tests on eight bytes at once (a little-endian `UInt64` loaded from a text), for the readers'
/// fast paths over runs of ordinary bytes.
enum ByteWord {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highBits: UInt64 = 0x8080_8080_8080_8080
    static let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// Whether a byte of `word` is `byte`.
    @inline(__always)
    static func contains(_ word: UInt64, _ byte: UInt8) -> Bool {
        let spread = word ^ (ones &* UInt64(byte))
        return (spread &- ones) & ~spread & highBits != 0
    }

    /// How many bytes at the start of `word` (eight when all) are XML white space: space, tab,
    /// LF or CR.
    @inline(__always)
    static func leadingSpaceCount(_ word: UInt64) -> Int {
        // The high bit of each byte that is zero, exactly (no borrow crosses bytes).
        @inline(__always) func zeros(_ x: UInt64) -> UInt64 { ~(((x & lowBits) &+ lowBits) | x) & highBits }
        let space = zeros(word ^ (ones &* 0x20)) | zeros(word ^ (ones &* 0x09)) | zeros(word ^ (ones &* 0x0A)) | zeros(word ^ (ones &* 0x0D))
        return (~space & highBits).trailingZeroBitCount / 8
    }

    /// How many bytes of `word` start a Unicode scalar in UTF-8: all but the 10xxxxxx
    /// continuation bytes.
    @inline(__always)
    static func scalarStartCount(_ word: UInt64) -> Int {
        8 - (word & highBits & ~(word << 1)).nonzeroBitCount
    }
}
