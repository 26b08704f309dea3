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
