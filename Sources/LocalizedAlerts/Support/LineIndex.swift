/// Line starts of a UTF-8 text, for turning any byte offset into a ``SourceLocation`` by binary
/// search. Used by the XML and JSON readers, whose locations are not asked for in order.
///
/// Columns count scalars from the line's start; the last answer is remembered, so that offsets
/// asked for in increasing order along one long line (a compact JSON document) cost only the
/// distance from the previous one, not from the line's start.
struct LineIndex: Sendable {
    private let lineStarts: [Int]
    let file: String?
    private var lastLine = -1
    private var lastOffset = 0
    private var lastColumn = 1

    init(_ bytes: UnsafeBufferPointer<UInt8>, file: String?) {
        self.lineStarts = LineIndex.lineStarts(bytes)
        self.file = file
    }

    /// Where each line starts: lines end at `\n`, `\r` and `\r\n`, as CoreFoundation ends them.
    /// The one place that rule is written for random access (``LineColumnResolver`` walks
    /// forward by the same rule).
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
    func start(ofLine line: Int) -> Int? {
        line >= 1 && line <= lineStarts.count ? lineStarts[line - 1] : nil
    }

    mutating func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        var column = 1
        var scan = lineStarts[low]
        if low == lastLine && offset >= lastOffset {
            column = lastColumn
            scan = lastOffset
        }
        let stop = min(offset, bytes.count)
        while scan < stop {
            if bytes[scan] & 0xC0 != 0x80 { column += 1 }
            scan += 1
        }
        lastLine = low
        lastOffset = max(scan, lineStarts[low])
        lastColumn = column
        return SourceLocation(file: file, line: low + 1, column: column)
    }
}
