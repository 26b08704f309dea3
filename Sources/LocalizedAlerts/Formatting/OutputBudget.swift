/// The most text one formatting builds: every formatter of the toolkit (the iPhone's
/// notification formatter, server-side formatting and Android's `String.format`) counts what
/// it appends against this budget as it appends it (literal text, each argument, padding), and
/// stops building at the first piece that would pass it. A format of thousands of `%1$@`
/// with one long argument, or a width of millions, therefore costs at most the budget in time
/// and memory, and the rendering is refused with a finding instead of being shown or sent.
///
/// 4 MiB is a thousand times what a notification can carry (an APNs payload is 4 KB, and an
/// Android notification keeps 5,120 UTF-16 code units of a field), so no real notification
/// comes near it. It is counted in the code units of the string being built: UTF-8 bytes for
/// the iPhone's and the server's formatters, UTF-16 code units for Java's.
public enum OutputBudget {
    /// The budget, in code units: 4,194,304.
    public static let maximumLength = 4 << 20

    /// The budget in words, for findings: one explanation wherever a formatter stops.
    public static let explanation = "4 MiB (4,194,304 code units), the most this tool builds of one formatted text"

    /// What to do, for findings.
    public static let hint = "a notification shows a few lines: send shorter arguments, or use fewer placeholders and narrower widths"

    /// The room left while one text is built.
    package struct Meter: Sendable {
        package private(set) var used = 0

        package init() {}

        /// Counts `length` more code units; false, counting nothing, when they would pass the budget.
        package mutating func spend(_ length: Int) -> Bool {
            guard length <= OutputBudget.maximumLength - used else { return false }
            used += length
            return true
        }
    }
}
