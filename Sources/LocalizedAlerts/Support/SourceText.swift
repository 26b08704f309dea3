/// The lines of a text file as the readers decode it (any supported encoding), for showing
/// the line a finding points at. Nil for binary files and files that cannot be read.
public enum SourceText {
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
    /// counts them. Splits on UTF-8 bytes, which is exact since both are ASCII.
    public static func lines(of text: String) -> [Substring] {
        let utf8 = text.utf8
        var lines: [Substring] = []
        var start = utf8.startIndex
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                lines.append(Substring(utf8[start..<index]))
                var next = utf8.index(after: index)
                if byte == UInt8(ascii: "\r"), next < utf8.endIndex, utf8[next] == UInt8(ascii: "\n") { next = utf8.index(after: next) }
                start = next
                index = next
            } else {
                index = utf8.index(after: index)
            }
        }
        lines.append(Substring(utf8[start...]))
        return lines
    }
}
