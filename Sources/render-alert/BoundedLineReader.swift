#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines of standard input, each at most `maximumLength` bytes kept: a longer line is
/// reported as such (its bytes past the limit are read and dropped, never held), so that one
/// hostile request cannot take the process's memory.
struct BoundedLineReader {
    enum Line {
        case text([UInt8])
        case tooLong(length: Int)
    }

    let maximumLength: Int
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0
    private var atEnd = false

    init(maximumLength: Int) { self.maximumLength = maximumLength }

    mutating func next() -> Line? {
        var line: [UInt8] = []
        var length = 0
        while true {
            if start == end {
                if atEnd { return length > 0 ? finish(line, length) : nil }
                let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                if count <= 0 {
                    atEnd = true
                    continue
                }
                start = 0
                end = count
            }
            let chunk = buffer[start..<end]
            if let newline = chunk.firstIndex(of: UInt8(ascii: "\n")) {
                keep(chunk[start..<newline], into: &line, length: &length)
                start = newline + 1
                return finish(line, length)
            }
            keep(chunk, into: &line, length: &length)
            start = end
        }
    }

    private func keep(_ bytes: ArraySlice<UInt8>, into line: inout [UInt8], length: inout Int) {
        let room = max(0, maximumLength - line.count)
        line += bytes.prefix(room)
        length += bytes.count
    }

    private func finish(_ line: [UInt8], _ length: Int) -> Line {
        length > maximumLength ? .tooLong(length: length) : .text(line.last == UInt8(ascii: "\r") ? Array(line.dropLast()) : line)
    }
}
