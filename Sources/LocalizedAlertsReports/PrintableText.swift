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
        serialized(pretty: pretty).replacingScalars { scalar in
            (0x7F...0x9F).contains(scalar.value) ? "\\u00" + String(scalar.value, radix: 16) : nil
        } + "\n"
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
