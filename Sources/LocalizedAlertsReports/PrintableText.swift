@_spi(Presentation) import LocalizedAlerts

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
        let bytes = serializedBytes(pretty: pretty)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 1)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            // DEL, and C1 controls (U+0080 to U+009F: 0xC2 then 0x80 to 0x9F in UTF-8).
            if byte == 0x7F {
                output.append(contentsOf: "\\u007f".utf8)
            } else if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] >= 0x80, bytes[index + 1] <= 0x9F {
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
