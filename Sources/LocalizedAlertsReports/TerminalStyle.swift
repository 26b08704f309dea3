#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Colours and width for terminal output: colour only on a terminal, never with NO_COLOR.
public struct TerminalStyle: Sendable {
    /// Whether to write ANSI colour codes.
    public var colors: Bool
    /// The width to fit text to, in columns.
    public var width: Int
    /// Whether output goes to a terminal (text is then fitted to its width).
    public var isTerminal: Bool

    /// A style with these settings.
    public init(colors: Bool, width: Int, isTerminal: Bool) {
        self.colors = colors
        self.width = width
        self.isTerminal = isTerminal
    }

    /// No colour, 120 columns: for files and logs.
    public static let plain = TerminalStyle(colors: false, width: 120, isTerminal: false)

    /// The style of standard output: colour on a terminal unless `NO_COLOR` is set or `TERM` is `dumb`; the
    /// width from `COLUMNS`, else the terminal's, else 120.
    public static func current() -> TerminalStyle {
        let terminal = isatty(STDOUT_FILENO) == 1
        let noColor = getenv("NO_COLOR").map { String(cString: $0).isEmpty == false } ?? false
        let dumb = getenv("TERM").map { String(cString: $0) == "dumb" } ?? false
        var width = 120
        if let columns = getenv("COLUMNS").flatMap({ Int(String(cString: $0)) }), columns > 20 {
            width = columns
        } else if terminal {
            var size = winsize()
            if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 20 { width = Int(size.ws_col) }
        }
        return TerminalStyle(colors: terminal && !noColor && !dumb, width: width, isTerminal: terminal)
    }

    /// `text` wrapped in the SGR `code` when colours are on, else `text` as it is.
    public func paint(_ text: String, _ code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
    /// `text` in bold.
    public func bold(_ text: String) -> String { paint(text, "1") }
    /// `text` dimmed.
    public func dim(_ text: String) -> String { paint(text, "2") }
    /// `text` in red.
    public func red(_ text: String) -> String { paint(text, "31") }
    /// `text` in yellow.
    public func yellow(_ text: String) -> String { paint(text, "33") }
    /// `text` in green.
    public func green(_ text: String) -> String { paint(text, "32") }
    /// `text` in cyan.
    public func cyan(_ text: String) -> String { paint(text, "36") }
}
