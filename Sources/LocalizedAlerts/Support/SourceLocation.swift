#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A position in an input file: 1-based line and column.
///
/// Lines are counted the way CoreFoundation counts them (`\n`, `\r` and `\r\n` each end a line).
/// Columns count Unicode scalars from the start of the line, so they mean the same thing whether
/// the file was UTF-8 or UTF-16 on disk. Compiled binary property lists have no lines: there the
/// line is 1 and the column is the byte offset of the object plus one.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file this location is in, as it was given to the reader (`nil` for in-memory input).
    public var file: String?
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in Unicode scalars.
    public var column: Int

    /// A location in `file` (nil for in-memory input).
    public init(file: String? = nil, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// Orders locations by file, then line, then column.
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
/// increasing order, so that the text is walked once however many offsets there are; an offset
/// before the previous one restarts the walk. Line breaks are found with `memchr` (vectorised in
/// libc); scalars are counted only between a line's start and the offsets asked for.
struct LineColumnResolver {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Whether the text has any \r: without one, \n alone ends lines and `memchr` finds them.
    private let hasCarriageReturn: Bool
    private var position = 0
    private var line = 1
    private var column = 1
    /// Offset of the next \n at or after `position` (bytes.count when there is none).
    private var nextNewline = -1

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        if let base = bytes.baseAddress, bytes.count > 0 {
            hasCarriageReturn = memchr(base, 0x0D, bytes.count) != nil
        } else {
            hasCarriageReturn = false
        }
    }

    mutating func resolve(_ offset: Int) -> (line: Int, column: Int) {
        let target = min(max(offset, 0), bytes.count)
        if target < position {
            position = 0
            line = 1
            column = 1
            nextNewline = -1
        }
        guard let base = bytes.baseAddress, target > position else { return (line, column) }
        if hasCarriageReturn {
            walkBytes(to: target)
        } else {
            while true {
                if nextNewline < position {
                    let found = memchr(base + position, 0x0A, bytes.count - position)
                    nextNewline = found.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? bytes.count
                }
                guard nextNewline < target else { break }
                line += 1
                column = 1
                position = nextNewline + 1
            }
            column += LineIndex.scalarCount(bytes, from: position, to: target)
            position = target
        }
        return (line, column)
    }

    /// The general walk, for texts with \r (CR or CRLF line ends).
    private mutating func walkBytes(to target: Int) {
        var index = position
        while index < target {
            let byte = bytes[index]
            if byte == 0x0D {
                line += 1
                column = 1
            } else if byte == 0x0A {
                // The \n of a \r\n pair ends the line the \r already counted.
                if index == 0 || bytes[index - 1] != 0x0D { line += 1 }
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        position = target
    }
}
