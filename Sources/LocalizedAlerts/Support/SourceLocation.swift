/// A position in an input file: 1-based line and column.
///
/// Lines are counted the way CoreFoundation counts them (`\n`, `\r` and `\r\n` each end a line).
/// Columns count Unicode scalars from the start of the line, so they mean the same thing whether
/// the file was UTF-8 or UTF-16 on disk. Compiled binary property lists have no lines: there the
/// line is 1 and the column is the byte offset of the object plus one.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file this location is in, as it was given to the reader (`nil` for in-memory input).
    public var file: String?
    public var line: Int
    public var column: Int

    public init(file: String? = nil, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if lhs.file != rhs.file { return (lhs.file ?? "") < (rhs.file ?? "") }
        return (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// `file:line:column`, the form compilers and editors understand.
    public var description: String {
        "\(file ?? "<input>"):\(line):\(column)"
    }
}

/// Maps byte offsets of a UTF-8 text to line and column, in one forward pass.
///
/// Parsers record offsets while scanning (cheap) and resolve them here afterwards, asking in
/// increasing order; an offset before the previous one restarts the scan from the beginning.
struct LineColumnResolver {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var line = 1
    private var lineStart = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func resolve(_ offset: Int) -> (line: Int, column: Int) {
        let target = min(max(offset, 0), bytes.count)
        if target < position {
            position = 0
            line = 1
            lineStart = 0
        }
        var index = position
        while index < target {
            let byte = bytes[index]
            if byte == 0x0D {
                line += 1
                lineStart = index + 1
            } else if byte == 0x0A {
                // The \n of a \r\n pair ends the line the \r already counted.
                if index == 0 || bytes[index - 1] != 0x0D { line += 1 }
                lineStart = index + 1
            }
            index += 1
        }
        position = target
        var column = 1
        var scan = lineStart
        while scan < target {
            // Count scalars: every byte that is not a UTF-8 continuation byte starts one.
            if bytes[scan] & 0xC0 != 0x80 { column += 1 }
            scan += 1
        }
        return (line, column)
    }
}
