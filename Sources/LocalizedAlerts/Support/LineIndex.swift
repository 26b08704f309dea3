import CByteScan

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns byte offsets of a UTF-8 text into ``SourceLocation``s. Used by the XML and JSON
/// readers and by ``SourceText``.
///
/// Readers ask in increasing order almost always, so the index walks forward from the last
/// answer, counting lines and columns as it goes: the text is walked once, however many
/// locations are asked for. An offset before the last answer (an error reported about an
/// earlier position, lint rules asking along one line out of order) walks from the start of its
/// line, found by binary search over the line starts, which are collected only then, and the
/// walk goes on from there. Columns count scalars from the line's start.
struct LineIndex: Sendable {
    private var lineStarts: [Int]?
    let file: String?
    // The last answer: its offset, and the 0-based line and 1-based column there.
    private var lastOffset = 0
    private var lastLine = 0
    private var lastColumn = 1
    /// Whether the text has a `\r` (found once, with `memchr`): without one, `\n` alone ends
    /// lines, `memchr` finds them and only the last line's scalars are counted.
    private var hasCarriageReturn: Bool?
    /// The first `\n` at or after `lastOffset` (the text's length when there is none; -1 before
    /// it is looked for).
    private var nextNewline = -1

    init(file: String?) {
        self.file = file
    }

    /// Bytes the index keeps (its line starts, once made), for memory accounting.
    var byteCount: Int { (lineStarts?.capacity ?? 0) * MemoryLayout<Int>.stride }

    /// Where each line starts: lines end at `\n`, `\r` and `\r\n`, as CoreFoundation ends them
    /// (the forward walk below follows the same rule).
    static func lineStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts = [0]
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A {
                starts.append(index + 1)
            } else if byte == 0x0D {
                if index + 1 < count && bytes[index + 1] == 0x0A { index += 1 }
                starts.append(index + 1)
            }
            index += 1
        }
        return starts
    }

    /// The byte offset where 1-based `line` starts, if the text has that line.
    mutating func start(ofLine line: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let starts = allLineStarts(bytes)
        return line >= 1 && line <= starts.count ? starts[line - 1] : nil
    }

    private mutating func allLineStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        if let lineStarts { return lineStarts }
        let starts = LineIndex.lineStarts(bytes)
        lineStarts = starts
        return starts
    }

    mutating func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        let (line, column) = lineAndColumn(of: offset, in: bytes)
        return SourceLocation(file: file, line: line, column: column)
    }

    /// ``location(of:in:)``'s 1-based line and column, for readers that keep them apart from
    /// the file's name.
    mutating func lineAndColumn(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        let stop = min(max(offset, 0), bytes.count)
        if stop < lastOffset {
            // Backwards: from the start of the offset's line, found by binary search; the walk
            // then goes on from this answer, so that what follows in order stays incremental.
            let starts = allLineStarts(bytes)
            var low = 0
            var high = starts.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if starts[mid] <= stop { low = mid } else { high = mid - 1 }
            }
            lastOffset = starts[low]
            lastLine = low
            lastColumn = 1
            nextNewline = -1
        }
        if hasCarriageReturn == nil {
            hasCarriageReturn = bytes.baseAddress.map { memchr($0, 0x0D, bytes.count) != nil } ?? false
        }
        if hasCarriageReturn == false, let base = bytes.baseAddress {
            while true {
                if nextNewline < lastOffset {
                    let found = memchr(base + lastOffset, 0x0A, bytes.count - lastOffset)
                    nextNewline = found.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? bytes.count
                }
                guard nextNewline < stop else { break }
                lastLine += 1
                lastColumn = 1
                lastOffset = nextNewline + 1
            }
            lastColumn += LineIndex.scalarCount(bytes, from: lastOffset, to: stop)
            lastOffset = stop
            return (lastLine + 1, lastColumn)
        }
        // Forward from the last answer, by the line-ending rule of `lineStarts`: `\n`, a `\r`
        // not followed by `\n`, and `\r\n` (whose `\r` is counted like any byte of the line).
        var scan = lastOffset
        var line = lastLine
        var column = lastColumn
        // Eight bytes at a time when they hold no line ending: the column grows by the bytes
        // that start a scalar (all but 10xxxxxx continuation bytes); a word with a line ending
        // is walked byte by byte.
        let raw = UnsafeRawPointer(bytes.baseAddress)
        while scan < stop {
            if let raw, scan + 8 <= stop {
                let word = raw.loadUnaligned(fromByteOffset: scan, as: UInt64.self)
                if !ByteWord.contains(word, 0x0A), !ByteWord.contains(word, 0x0D) {
                    column += ByteWord.scalarStartCount(word)
                    scan += 8
                    continue
                }
                let end = scan + 8
                while scan < end {
                    step(bytes, &scan, &line, &column)
                }
                continue
            }
            step(bytes, &scan, &line, &column)
        }
        lastOffset = stop
        lastLine = line
        lastColumn = column
        return (line + 1, column)
    }

    /// Scalars between two offsets of one line: every byte but the 10xxxxxx continuation bytes
    /// starts one. Sixteen bytes at a time past eight.
    static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to stop: Int) -> Int {
        guard let base = bytes.baseAddress, start < stop else { return 0 }
        // Most locations are a few bytes into their line, an indentation: counted here.
        if stop - start <= 8 {
            var count = 0
            for index in start..<stop where base[index] & 0xC0 != 0x80 { count += 1 }
            return count
        }
        return bytescan_scalar_count(base + start, stop - start)
    }

    @inline(__always)
    private func step(_ bytes: UnsafeBufferPointer<UInt8>, _ scan: inout Int, _ line: inout Int, _ column: inout Int) {
        let byte = bytes[scan]
        if byte == 0x0A || (byte == 0x0D && !(scan + 1 < bytes.count && bytes[scan + 1] == 0x0A)) {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
        scan += 1
    }
}
