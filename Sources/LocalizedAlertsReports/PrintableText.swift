@_spi(Presentation) import LocalizedAlerts

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `scalar` as one line of terminal or log output shows it: control characters as their
/// Control Pictures (`DisplayText.visible(_:)`), line and paragraph separators as ␤. Text from
/// tables, payloads and file names goes through this, so that an escape sequence in it is seen,
/// not obeyed, and no line break in it starts a line of its own (which a CI runner would read
/// as a command).
public func printable(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    scalar == "\u{2028}" || scalar == "\u{2029}" ? "\u{2424}" : DisplayText.visible(scalar)
}

/// `text` on one line, every scalar ``printable(_:)``.
public func printable(_ text: String) -> String {
    text.replacingScalars(printableReplacement)
}

/// What `replacingScalars` puts for `scalar` to make it printable, or nil to keep it.
func printableReplacement(_ scalar: Unicode.Scalar) -> String? {
    let shown = printable(scalar)
    return shown == scalar ? nil : String(shown)
}

/// Messages may quote values with line breaks; line-oriented formats (xcode, the dump) show them
/// as `\n` and `\r`, and every other control character printable.
func oneLine(_ text: String) -> String {
    text.replacingScalars { scalar in
        switch scalar {
        case "\n": "\\n"
        case "\r": "\\r"
        default: printableReplacement(scalar)
        }
    }
}

extension LocatedJSON {
    /// The document as the commands write it, ending with a line feed. DEL and C1 control
    /// characters are escaped too (`\u009b`): JSON does not ask for it, but a terminal showing
    /// the output would obey them. Exact, since they can occur only inside strings.
    public func outputText(pretty: Bool = false) -> String {
        String(decoding: outputBytes(pretty: pretty), as: UTF8.self)
    }

    /// ``outputText(pretty:)``'s UTF-8 bytes, written without building a `String` (what a
    /// response body needs).
    public func outputBytes(pretty: Bool = false) -> [UInt8] {
        Self.outputBytes(serialized: serializedBytes(pretty: pretty))
    }

    /// The same, of a document already serialized.
    static func outputBytes(serialized bytes: consuming [UInt8]) -> [UInt8] {
        var bytes = bytes
        // Most documents have no DEL and no C1 control: they go out as written (copying every
        // byte again was a tenth of localizing a batch line).
        guard let first = Self.firstUnprintable(in: bytes) else {
            bytes.append(0x0A)
            return bytes
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        output.append(contentsOf: bytes[..<first])
        var index = first
        while index < bytes.count {
            let byte = bytes[index]
            // DEL, and C1 controls (U+0080 to U+009F: 0xC2 then 0x80 to 0x9F in UTF-8).
            if byte == 0x7F {
                output.append(contentsOf: "\\u007f".utf8)
            } else if Self.isC1Control(bytes, at: index) {
                output.append(contentsOf: ("\\u00" + String(bytes[index + 1], radix: 16)).utf8)
                index += 1
            } else {
                output.append(byte)
            }
            index += 1
        }
        output.append(0x0A)
        return output
    }

    /// Whether `bytes` has the UTF-8 of a C1 control (0xC2, then 0x80 to 0x9F) at `index`.
    private static func isC1Control(_ bytes: [UInt8], at index: Int) -> Bool {
        bytes[index] == 0xC2 && index + 1 < bytes.count && bytes[index + 1] >= 0x80 && bytes[index + 1] <= 0x9F
    }

    /// The offset of the first DEL or C1 control in `bytes`; nil when there is none.
    static func firstUnprintable(in bytes: [UInt8]) -> Int? {
        // memchr, not a loop: every answer is scanned whole, and the loop cost 15 times more.
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            func find(_ byte: UInt8, from start: Int, to end: Int) -> Int? {
                guard start < end, let found = memchr(base + start, Int32(byte), end - start) else { return nil }
                return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
            var first = find(0x7F, from: 0, to: buffer.count) ?? buffer.count
            var from = 0
            // 0xC2 also leads U+00A0 to U+00BF (« », °, a no-break space): only a C1 control counts.
            while let lead = find(0xC2, from: from, to: first) {
                if isC1Control(bytes, at: lead) {
                    first = lead
                    break
                }
                from = lead + 1
            }
            return first < buffer.count ? first : nil
        }
    }
}

/// The five characters markup reads (`& < > " '`) as references, for HTML and XML alike.
func markupReference(_ scalar: Unicode.Scalar) -> String? {
    switch scalar {
    case "&": "&amp;"
    case "<": "&lt;"
    case ">": "&gt;"
    case "\"": "&quot;"
    case "'": "&#39;"
    default: nil
    }
}
