import CByteScan

/// The encoding a text table was stored in, as detected from its first bytes.
public enum TextEncoding: String, Sendable, Hashable, Codable {
    case utf8
    case utf8WithBOM
    case utf16LittleEndianWithBOM
    case utf16BigEndianWithBOM
    /// No byte order mark: CoreFoundation assumes UTF-16 but mangles the first character, so the
    /// device cannot read such a file. Decoded correctly here, with a warning.
    case utf16LittleEndianWithoutBOM
    case utf16BigEndianWithoutBOM
    case utf32LittleEndianWithBOM
    case utf32BigEndianWithBOM

    /// Whether this is UTF-32, in either byte order.
    public var isUTF32: Bool { self == .utf32LittleEndianWithBOM || self == .utf32BigEndianWithBOM }

    /// Whether this is UTF-16, in either byte order, with or without a byte order mark.
    public var isUTF16: Bool {
        switch self {
        case .utf16LittleEndianWithBOM, .utf16BigEndianWithBOM, .utf16LittleEndianWithoutBOM,
            .utf16BigEndianWithoutBOM:
            true
        default: false
        }
    }
}

/// Text decoded to UTF-8, with what was noticed on the way.
struct DecodedText {
    var utf8: [UInt8]
    var encoding: TextEncoding
    /// Problems found while decoding, as UTF-8 offsets into `utf8` (resolved to lines later):
    /// the first ``TextDecoder/maximumListedProblems``, then only counted.
    var problems: [DecodingProblem]
    /// Problems found past the listed ones (a file cut into a million lone surrogates).
    var unlistedProblemCount = 0
}

/// Collects decoding problems up to a limit, counting the rest.
struct DecodingProblemList {
    private(set) var listed: [DecodingProblem] = []
    private(set) var unlisted = 0

    mutating func append(_ problem: DecodingProblem) {
        if listed.count < TextDecoder.maximumListedProblems { listed.append(problem) } else { unlisted += 1 }
    }
}

struct DecodingProblem {
    enum Kind {
        case invalidUTF8(byte: UInt8)
        case loneSurrogate(UInt16)
        case invalidScalar(UInt32)
        case truncatedCodeUnit(bytesLeft: Int)
        case missingByteOrderMark
    }
    var kind: Kind
    /// Offset in the decoded UTF-8 text where the problem shows.
    var offset: Int
}

enum TextDecoder {
    /// Problems listed per file; each kind of problem is further limited where it becomes
    /// diagnostics (``ReadingLimits/maximumDiagnosticsPerKind``).
    static let maximumListedProblems = 10_000

    /// Detects the encoding the way CoreFoundation does for old-style property lists: byte order
    /// marks first, then "a zero in the first two bytes means UTF-16", otherwise UTF-8.
    static func detectEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> TextEncoding {
        let count = bytes.count
        if count >= 4 {
            if bytes[0] == 0x00 && bytes[1] == 0x00 && bytes[2] == 0xFE && bytes[3] == 0xFF {
                return .utf32BigEndianWithBOM
            }
            if bytes[0] == 0xFF && bytes[1] == 0xFE && bytes[2] == 0x00 && bytes[3] == 0x00 {
                return .utf32LittleEndianWithBOM
            }
        }
        if utf8TextStart(bytes) == 3 { return .utf8WithBOM }
        if count >= 2 {
            if bytes[0] == 0xFF && bytes[1] == 0xFE { return .utf16LittleEndianWithBOM }
            if bytes[0] == 0xFE && bytes[1] == 0xFF { return .utf16BigEndianWithBOM }
            if bytes[0] == 0x00 || bytes[1] == 0x00 {
                return guessUTF16ByteOrder(bytes) ? .utf16LittleEndianWithoutBOM : .utf16BigEndianWithoutBOM
            }
        }
        return .utf8
    }

    /// True for little-endian: text in the Latin range has its zero bytes at odd offsets.
    private static func guessUTF16ByteOrder(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var zerosAtEven = 0
        var zerosAtOdd = 0
        let limit = min(bytes.count, 4096)
        var index = 0
        while index + 1 < limit {
            if bytes[index] == 0 { zerosAtEven += 1 }
            if bytes[index + 1] == 0 { zerosAtOdd += 1 }
            index += 2
        }
        return zerosAtOdd >= zerosAtEven
    }

    static func decode(_ bytes: [UInt8]) -> DecodedText {
        let encoding = bytes.withUnsafeBufferPointer { detectEncoding($0) }
        switch encoding {
        case .utf8:
            return validateUTF8(bytes, dropping: 0, encoding: encoding)
        case .utf8WithBOM:
            return validateUTF8(bytes, dropping: 3, encoding: encoding)
        case .utf16LittleEndianWithBOM:
            return transcodeUTF16(bytes, from: 2, littleEndian: true, encoding: encoding)
        case .utf16BigEndianWithBOM:
            return transcodeUTF16(bytes, from: 2, littleEndian: false, encoding: encoding)
        case .utf16LittleEndianWithoutBOM:
            var text = transcodeUTF16(bytes, from: 0, littleEndian: true, encoding: encoding)
            text.problems.insert(DecodingProblem(kind: .missingByteOrderMark, offset: 0), at: 0)
            return text
        case .utf16BigEndianWithoutBOM:
            var text = transcodeUTF16(bytes, from: 0, littleEndian: false, encoding: encoding)
            text.problems.insert(DecodingProblem(kind: .missingByteOrderMark, offset: 0), at: 0)
            return text
        case .utf32LittleEndianWithBOM:
            return transcodeUTF32(bytes, littleEndian: true, encoding: encoding)
        case .utf32BigEndianWithBOM:
            return transcodeUTF32(bytes, littleEndian: false, encoding: encoding)
        }
    }

    /// Checks UTF-8 and, where it is invalid, replaces each bad byte with U+FFFD so that parsing
    /// can go on and report everything else; the first bad byte is reported.
    private static func validateUTF8(_ bytes: [UInt8], dropping prefix: Int, encoding: TextEncoding) -> DecodedText {
        let firstInvalid = bytes.withUnsafeBufferPointer { firstInvalidUTF8(in: $0, from: prefix) }
        guard let firstInvalid else {
            let text = prefix == 0 ? bytes : Array(bytes[prefix...])
            return DecodedText(utf8: text, encoding: encoding, problems: [])
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        output.append(contentsOf: bytes[prefix..<firstInvalid])
        var problems = DecodingProblemList()
        bytes.withUnsafeBufferPointer { buffer in
            var index = firstInvalid
            while index < buffer.count {
                let length = validSequenceLength(buffer, at: index)
                if length > 0 {
                    output.append(contentsOf: buffer[index..<(index + length)])
                    index += length
                } else {
                    problems.append(DecodingProblem(kind: .invalidUTF8(byte: buffer[index]), offset: output.count))
                    output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    index += 1
                }
            }
        }
        return DecodedText(utf8: output, encoding: encoding, problems: problems.listed, unlistedProblemCount: problems.unlisted)
    }

    /// The UTF-8 byte-order mark, which every reader passes over.
    static let utf8ByteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Where the text of `bytes` begins: 3 after a UTF-8 byte-order mark, else 0.
    @inline(__always)
    static func utf8TextStart<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int {
        bytes.starts(with: utf8ByteOrderMark) ? 3 : 0
    }

    /// The offset of the first byte that does not start a valid UTF-8 sequence, or nil.
    static func firstInvalidUTF8(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let p = buffer.baseAddress else { return nil }
        let n = buffer.count
        // Most text is valid: checked whole without branching on each byte, and walked to
        // find where it breaks only when it does.
        if start <= n, bytescan_is_valid_utf8(p + start, n - start) != 0 { return nil }
        return firstInvalidUTF8Walking(in: buffer, from: start)
    }

    /// ``firstInvalidUTF8(in:from:)``, a character at a time.
    static func firstInvalidUTF8Walking(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let p = buffer.baseAddress else { return nil }
        let raw = UnsafeRawPointer(p)
        let n = buffer.count
        var i = start
        while i < n {
            // ASCII runs, sixteen bytes at a time.
            while i + 16 <= n {
                let a = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let b = raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
                if (a | b) & 0x8080_8080_8080_8080 != 0 { break }
                i += 16
            }
            guard i < n else { break }
            if p[i] < 0x80 {
                i += 1
                continue
            }
            // A run of multi-byte characters is checked in this loop, without going back to
            // the ASCII test after each.
            repeat {
                let c = p[i]
                if c < 0xC2 {
                    return i
                } else if c < 0xE0 {
                    guard i + 1 < n, p[i + 1] & 0xC0 == 0x80 else { return i }
                    i += 2
                } else if c < 0xF0 {
                    guard i + 2 < n else { return i }
                    let c1 = p[i + 1]
                    guard c1 & 0xC0 == 0x80, p[i + 2] & 0xC0 == 0x80 else { return i }
                    if (c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 >= 0xA0) { return i }  // overlong, surrogate
                    i += 3
                } else if c < 0xF5 {
                    guard i + 3 < n else { return i }
                    let c1 = p[i + 1]
                    guard c1 & 0xC0 == 0x80, p[i + 2] & 0xC0 == 0x80, p[i + 3] & 0xC0 == 0x80 else { return i }
                    if (c == 0xF0 && c1 < 0x90) || (c == 0xF4 && c1 >= 0x90) { return i }  // overlong, > U+10FFFF
                    i += 4
                } else {
                    return i
                }
            } while i < n && p[i] >= 0x80
        }
        return nil
    }

    /// Length of the valid UTF-8 sequence starting at `index`, or 0 when it is invalid
    /// (overlong forms, surrogates and values above U+10FFFF are invalid).
    @inline(__always)
    static func validSequenceLength(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = buffer[index]
        let count = buffer.count
        @inline(__always) func isContinuation(_ offset: Int) -> Bool {
            index + offset < count && buffer[index + offset] & 0xC0 == 0x80
        }
        switch lead {
        case 0x00...0x7F:
            return 1
        case 0xC2...0xDF:
            return isContinuation(1) ? 2 : 0
        case 0xE0:
            guard isContinuation(1), isContinuation(2), buffer[index + 1] >= 0xA0 else { return 0 }
            return 3
        case 0xED:
            guard isContinuation(1), isContinuation(2), buffer[index + 1] < 0xA0 else { return 0 }
            return 3
        case 0xE1...0xEC, 0xEE...0xEF:
            return isContinuation(1) && isContinuation(2) ? 3 : 0
        case 0xF0:
            guard isContinuation(1), isContinuation(2), isContinuation(3), buffer[index + 1] >= 0x90 else { return 0 }
            return 4
        case 0xF1...0xF3:
            return isContinuation(1) && isContinuation(2) && isContinuation(3) ? 4 : 0
        case 0xF4:
            guard isContinuation(1), isContinuation(2), isContinuation(3), buffer[index + 1] < 0x90 else { return 0 }
            return 4
        default:
            return 0
        }
    }

    private static func transcodeUTF16(
        _ bytes: [UInt8], from start: Int, littleEndian: Bool, encoding: TextEncoding
    ) -> DecodedText {
        var problems = DecodingProblemList()
        let unitCount = (bytes.count - start) / 2
        // At most three UTF-8 bytes per UTF-16 unit (a surrogate pair, two units, makes four).
        let output = bytes.withUnsafeBufferPointer { buffer in
            [UInt8](unsafeUninitializedCapacity: unitCount * 3 + 1) { out, initialized in
                let source = buffer.baseAddress! + start
                let target = out.baseAddress!
                var written = 0
                @inline(__always) func unit(_ i: Int) -> UInt32 {
                    let low = UInt32(source[2 * i])
                    let high = UInt32(source[2 * i + 1])
                    return littleEndian ? low | high << 8 : low << 8 | high
                }
                @inline(__always) func put(_ scalar: UInt32) {
                    if scalar < 0x800 {
                        target[written] = UInt8(0xC0 | (scalar >> 6))
                        target[written + 1] = UInt8(0x80 | (scalar & 0x3F))
                        written += 2
                    } else if scalar < 0x10000 {
                        target[written] = UInt8(0xE0 | (scalar >> 12))
                        target[written + 1] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
                        target[written + 2] = UInt8(0x80 | (scalar & 0x3F))
                        written += 3
                    } else {
                        target[written] = UInt8(0xF0 | (scalar >> 18))
                        target[written + 1] = UInt8(0x80 | ((scalar >> 12) & 0x3F))
                        target[written + 2] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
                        target[written + 3] = UInt8(0x80 | (scalar & 0x3F))
                        written += 4
                    }
                }
                var i = 0
                let raw = UnsafeRawPointer(source)
                // Four ASCII units (eight bytes) at a time: the common case in real tables. The
                // mask is applied to the bytes as loaded, every unit's high byte zero and its low
                // byte below 0x80; only then are the low bytes shifted into place (shifting first
                // let a big-endian first unit such as U+6500 through as its low byte, 0x00).
                let asciiMask: UInt64 = littleEndian ? 0xFF80_FF80_FF80_FF80 : 0x80FF_80FF_80FF_80FF
                let shift: UInt64 = littleEndian ? 0 : 8
                while i < unitCount {
                    while i + 4 <= unitCount {
                        let loaded = raw.loadUnaligned(fromByteOffset: 2 * i, as: UInt64.self)
                        if loaded & asciiMask != 0 { break }
                        let word = loaded >> shift
                        let packed = UInt32(
                            truncatingIfNeeded: (word & 0xFF) | ((word >> 8) & 0xFF00)
                                | ((word >> 16) & 0xFF_0000) | ((word >> 24) & 0xFF00_0000))
                        UnsafeMutableRawPointer(target + written).storeBytes(of: packed.littleEndian, as: UInt32.self)
                        written += 4
                        i += 4
                    }
                    guard i < unitCount else { break }
                    let u = unit(i)
                    i += 1
                    if u < 0x80 {
                        target[written] = UInt8(truncatingIfNeeded: u)
                        written += 1
                    } else if u & 0xF800 != 0xD800 {
                        put(u)
                    } else if u < 0xDC00, i < unitCount, unit(i) & 0xFC00 == 0xDC00 {
                        put(0x10000 + ((u - 0xD800) << 10) + (unit(i) - 0xDC00))
                        i += 1
                    } else {
                        problems.append(DecodingProblem(kind: .loneSurrogate(UInt16(u)), offset: written))
                        put(0xFFFD)
                    }
                }
                initialized = written
            }
        }
        let leftover = (bytes.count - start) % 2
        if leftover != 0 {
            problems.append(DecodingProblem(kind: .truncatedCodeUnit(bytesLeft: leftover), offset: output.count))
        }
        return DecodedText(utf8: output, encoding: encoding, problems: problems.listed, unlistedProblemCount: problems.unlisted)
    }

    private static func transcodeUTF32(_ bytes: [UInt8], littleEndian: Bool, encoding: TextEncoding) -> DecodedText {
        var output: [UInt8] = []
        var problems = DecodingProblemList()
        let count = (bytes.count - 4) / 4
        output.reserveCapacity(count)
        for i in 0..<count {
            let o = 4 + i * 4
            let value: UInt32 =
                littleEndian
                ? UInt32(bytes[o]) | UInt32(bytes[o + 1]) << 8 | UInt32(bytes[o + 2]) << 16 | UInt32(bytes[o + 3]) << 24
                : UInt32(bytes[o]) << 24 | UInt32(bytes[o + 1]) << 16 | UInt32(bytes[o + 2]) << 8 | UInt32(bytes[o + 3])
            if value > 0x10FFFF || (0xD800...0xDFFF).contains(value) {
                problems.append(DecodingProblem(kind: .invalidScalar(value), offset: output.count))
                appendUTF8(0xFFFD, to: &output)
            } else {
                appendUTF8(value, to: &output)
            }
        }
        let leftover = (bytes.count - 4) % 4
        if leftover != 0 {
            problems.append(DecodingProblem(kind: .truncatedCodeUnit(bytesLeft: leftover), offset: output.count))
        }
        return DecodedText(utf8: output, encoding: encoding, problems: problems.listed, unlistedProblemCount: problems.unlisted)
    }
}

@inline(__always)
func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
    if scalar < 0x80 {
        output.append(UInt8(scalar))
    } else if scalar < 0x800 {
        output.append(UInt8(0xC0 | (scalar >> 6)))
        output.append(UInt8(0x80 | (scalar & 0x3F)))
    } else if scalar < 0x10000 {
        output.append(UInt8(0xE0 | (scalar >> 12)))
        output.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
        output.append(UInt8(0x80 | (scalar & 0x3F)))
    } else {
        output.append(UInt8(0xF0 | (scalar >> 18)))
        output.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
        output.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
        output.append(UInt8(0x80 | (scalar & 0x3F)))
    }
}

/// NeXTSTEP Latin, the 8-bit encoding CoreFoundation maps octal escapes through (`\351` is `Ø`).
/// Bytes 0x80–0xFF; 0 marks the two bytes with no mapping (CoreFoundation then yields U+0000).
/// Read off Foundation's own parser, byte by byte; a test checks it against Foundation.
let nextStepLatinHighHalf: [UInt16] = [
    0x00A0, 0x00C0, 0x00C1, 0x00C2, 0x00C3, 0x00C4, 0x00C5, 0x00C7, 0x00C8, 0x00C9, 0x00CA, 0x00CB,
    0x00CC, 0x00CD, 0x00CE, 0x00CF, 0x00D0, 0x00D1, 0x00D2, 0x00D3, 0x00D4, 0x00D5, 0x00D6, 0x00D9,
    0x00DA, 0x00DB, 0x00DC, 0x00DD, 0x00DE, 0x00B5, 0x00D7, 0x00F7, 0x00A9, 0x00A1, 0x00A2, 0x00A3,
    0x2044, 0x00A5, 0x0192, 0x00A7, 0x00A4, 0x2019, 0x201C, 0x00AB, 0x2039, 0x203A, 0xFB01, 0xFB02,
    0x00AE, 0x2013, 0x2020, 0x2021, 0x00B7, 0x00A6, 0x00B6, 0x2022, 0x201A, 0x201E, 0x201D, 0x00BB,
    0x2026, 0x2030, 0x00AC, 0x00BF, 0x00B9, 0x02CB, 0x00B4, 0x02C6, 0x02DC, 0x00AF, 0x02D8, 0x02D9,
    0x00A8, 0x00B2, 0x02DA, 0x00B8, 0x00B3, 0x02DD, 0x02DB, 0x02C7, 0x2014, 0x00B1, 0x00BC, 0x00BD,
    0x00BE, 0x00E0, 0x00E1, 0x00E2, 0x00E3, 0x00E4, 0x00E5, 0x00E7, 0x00E8, 0x00E9, 0x00EA, 0x00EB,
    0x00EC, 0x00C6, 0x00ED, 0x00AA, 0x00EE, 0x00EF, 0x00F0, 0x00F1, 0x0141, 0x00D8, 0x0152, 0x00BA,
    0x00F2, 0x00F3, 0x00F4, 0x00F5, 0x00F6, 0x00E6, 0x00F9, 0x00FA, 0x00FB, 0x0131, 0x00FC, 0x00FD,
    0x0142, 0x00F8, 0x0153, 0x00DF, 0x00FE, 0x00FF, 0x0000, 0x0000,
]
