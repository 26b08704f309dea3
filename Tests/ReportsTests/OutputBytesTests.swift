import LocalizedAlerts
import LocalizedAlertsReports
import Testing

/// JSON as the commands and the service write it: DEL and C1 controls escaped, every other byte
/// as serialized, a line feed at the end.
@Suite("JSON output bytes")
struct OutputBytesTests {
    static func output(_ text: String) -> String {
        String(decoding: LocatedJSON.object([("text", .string(text))]).outputBytes(), as: UTF8.self)
    }

    @Test func textWithoutControlsIsWrittenAsSerialized() {
        // 0xC2 also leads « », ° and a no-break space: those stay as they are.
        let text = "Noor a partagé « Trip plan.pdf » à 20\u{B0}\u{A0}C"
        #expect(Self.output(text) == #"{"text":"\#(text)"}"# + "\n")
        #expect(LocatedJSON(.object([])).outputBytes() == Array("{}\n".utf8))
    }

    @Test(arguments: [
        ("\u{7F}", #"\u007f"#), ("\u{80}", #"\u0080"#), ("\u{85}", #"\u0085"#), ("\u{9B}31m", #"\u009b31m"#), ("\u{9F}", #"\u009f"#),
    ])
    func controlsAreEscaped(control: String, escaped: String) {
        #expect(Self.output(control) == #"{"text":"\#(escaped)"}"# + "\n")
        // After text the fast scan passes over (a lead byte of no control), and twice.
        #expect(Self.output("« \(control) » \(control)") == #"{"text":"« \#(escaped) » \#(escaped)"}"# + "\n")
    }

    @Test func aControlAfterDELIsEscapedToo() {
        #expect(Self.output("\u{85}a\u{7F}b\u{9B}") == #"{"text":"\u0085a\u007fb\u009b"}"# + "\n")
        #expect(Self.output("\u{7F}\u{A0}\u{85}") == #"{"text":"\u007f\#u{A0}\u0085"}"# + "\n")
    }
}
