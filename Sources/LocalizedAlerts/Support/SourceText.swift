import Synchronization

/// A file's text as its reader decoded it (UTF-8, whatever the file's encoding), kept with the
/// table read from it: every location in the file refers to this text. A position found later,
/// such as a specifier inside a value, becomes file:line:column from it without the file being
/// read again.
public final class SourceText: Sendable {
    /// The file the text was read from, as given.
    public let file: String?
    /// The decoded text. Shared with the table's own storage, not copied.
    let bytes: [UInt8]
    /// Line starts, made when a location is first asked for (most tables are never asked).
    private let index = Mutex<LineIndex?>(nil)

    init(_ bytes: [UInt8], file: String?) {
        self.bytes = bytes
        self.file = file
    }

    /// Bytes the line index keeps once made (the text itself is the table's), for accounting.
    var indexByteCount: Int { index.withLock { $0?.byteCount ?? 0 } }

    /// Whether the text holds `needle` anywhere: a quick test before a closer look.
    func contains(_ needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= bytes.count else { return needle.isEmpty }
        return bytes.withUnsafeBufferPointer { text in
            var index = 0
            let last = text.count - needle.count
            while index <= last {
                if text[index] == first && text[index..<index + needle.count].elementsEqual(needle) { return true }
                index += 1
            }
            return false
        }
    }

    /// The location of the byte at `offset`.
    func location(ofByte offset: Int) -> SourceLocation {
        bytes.withUnsafeBufferPointer { buffer in
            index.withLock { index in
                if index == nil { index = LineIndex(file: file) }
                return index!.location(of: min(max(offset, 0), buffer.count), in: buffer)
            }
        }
    }

    /// The byte offset of `location` (a line and a column counted in scalars), if the text has it.
    func byteOffset(of location: SourceLocation) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard
                let start = index.withLock({ index -> Int? in
                    if index == nil { index = LineIndex(file: file) }
                    return index!.start(ofLine: location.line, in: buffer)
                })
            else { return nil }
            var offset = start
            var column = 1
            while column < location.column {
                guard offset < buffer.count else { return nil }
                offset += 1
                while offset < buffer.count && buffer[offset] & 0xC0 == 0x80 { offset += 1 }
                column += 1
            }
            return offset
        }
    }

    /// The text's lines, split where CoreFoundation ends lines.
    public var lines: [Substring] { SourceText.lines(of: String(decoding: bytes, as: UTF8.self)) }

    /// The lines of a text file as the readers decode it (any supported encoding), for showing
    /// the line a finding points at. Nil for binary files and files that cannot be read.
    public static func lines(ofFile path: String, maximumSize: Int = 64 << 20) -> [Substring]? {
        guard let bytes = try? FileSystem.readAll(path, maximumSize: maximumSize) else { return nil }
        let isBinary = bytes.withUnsafeBufferPointer { BinaryPropertyListReader.isBinaryPropertyList($0) }
        guard !isBinary else { return nil }
        return lines(of: decode(bytes))
    }

    /// Text bytes decoded as the readers decode them (byte order marks, UTF-16 without one,
    /// invalid sequences replaced): the text that line and column numbers refer to.
    public static func decode(_ bytes: [UInt8]) -> String {
        String(decoding: TextDecoder.decode(bytes).utf8, as: UTF8.self)
    }

    /// `text` split where CoreFoundation ends lines: `\n`, `\r` and `\r\n`, as ``SourceLocation``
    /// counts them (the rule the line index follows).
    public static func lines(of text: String) -> [Substring] {
        let bytes = Array(text.utf8)
        let starts = bytes.withUnsafeBufferPointer { LineIndex.lineStarts($0) }
        let utf8 = text.utf8
        var result: [Substring] = []
        result.reserveCapacity(starts.count)
        var index = utf8.startIndex
        var offset = 0
        for line in starts.indices {
            let start = starts[line]
            var end = line + 1 < starts.count ? starts[line + 1] : bytes.count
            // Without the line break itself (\r\n, \r or \n).
            if line + 1 < starts.count {
                end -= 1
                if end > start && bytes[end] == 0x0A && bytes[end - 1] == 0x0D { end -= 1 }
            }
            let lower = utf8.index(index, offsetBy: start - offset)
            let upper = utf8.index(lower, offsetBy: end - start)
            result.append(Substring(utf8[lower..<upper]))
            index = lower
            offset = start
        }
        return result
    }
}
