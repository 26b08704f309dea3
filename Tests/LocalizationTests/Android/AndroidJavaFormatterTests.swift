import Testing

@testable import LocalizedAlerts

@Suite("String.format with String arguments against OpenJDK")
struct AndroidJavaFormatterTests {
    @Test("every JDK vector: the same text or the same exception")
    func vectors() throws {
        let rows = try AndroidVectors.rows("format-vectors.tsv")
        #expect(rows.count > 1000)
        var disagreements: [String] = []
        for row in rows {
            let (locale, format, count) = (row[0], row[1], Int(row[3])!)
            let arguments = count == 0 ? [] : row[2].split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
            let language = String(locale.prefix { $0 != "-" })
            let got: String
            switch JavaFormatter.format(format, arguments, languageCode: language) {
            case .success(let text): got = "ok\t" + text
            case .failure(let error): got = "throws\t" + error.name
            }
            let expected = row[4] + "\t" + row[5]
            if got != expected { disagreements.append("\(locale) \(format) \(arguments): \(got.debugDescription), JDK \(expected.debugDescription)") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(rows.count):\n\(disagreements.prefix(40).joined(separator: "\n"))")
    }

    /// The shortcut for `%s`, `%1$s` and `%%` against the full formatter, on seeded random
    /// formats that mix what it takes with what it must leave alone (other conversions, flags,
    /// widths, indexes past the arguments, multi-byte text, combining marks after a `%`).
    @Test("the shortcut answers as the full formatter, or leaves the format to it")
    func shortcutAgreesWithTheFullFormatter() {
        let pieces = [
            "%s", "%1$s", "%2$s", "%3$s", "%9$s", "%10$s", "%0$s", "%01$s", "%%", "%n", "%S", "%d", "%5s", "%-3s", "%.2s", "%<s", "%", "%$s",
            "%1$", "%1", "a", " ", "é", "日本", "😀", "\u{301}", "%\u{301}", "s", "$", "1",
        ]
        var generator = SplitMix64(seed: 20_261_125)
        var shortcuts = 0
        var disagreements: [String] = []
        for _ in 0..<20_000 {
            let format = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let arguments = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                ["Ana", "", "%s", "日本", "a\u{301}"].randomElement(using: &generator)!
            }
            guard let quick = JavaFormatter.simpleFormat(format, arguments) else { continue }
            shortcuts += 1
            if case .success(quick) = JavaFormatter.formatInFull(format, arguments, languageCode: "en") { continue }
            disagreements.append(
                "\(format.debugDescription) \(arguments): \(quick.debugDescription), in full \(JavaFormatter.formatInFull(format, arguments, languageCode: "en"))"
            )
        }
        #expect(disagreements.count == 0, "first of \(disagreements.count):\n\(disagreements.prefix(10).joined(separator: "\n"))")
        // Both sides of the shortcut are exercised.
        #expect(shortcuts > 2_000 && shortcuts < 18_000, "\(shortcuts)")
    }

    /// Fuzzing found `%1111111111s`: the formatter tried to pad to 1.1 billion characters. A
    /// phone's Formatter fails allocating that; this one reports the same without trying.
    @Test("a width no phone's heap holds is an OutOfMemoryError, not an allocation")
    func hugeWidthIsAnOutOfMemoryError() throws {
        guard case .failure(let error) = JavaFormatter.format("Hello %1111111111s", ["Ana"], languageCode: "en") else {
            Issue.record("formatted")
            return
        }
        #expect(error.name == "OutOfMemoryError" && error.specifier == "%1111111111s")
        // Several widths that each fit but together do not are refused as well.
        let many = String(repeating: "%3000000s", count: 2)
        guard case .failure(let total) = JavaFormatter.format(many, ["a", "b"], languageCode: "en") else {
            Issue.record("formatted")
            return
        }
        #expect(total.name == "OutOfMemoryError")
        // Widths a notification could show are printed as Java prints them.
        #expect(try JavaFormatter.format("%6s|%-4s|", ["Ana", "Li"], languageCode: "en").get() == "   Ana|Li  |")
        // A width that brings the text to the output budget exactly is printed in full, padding
        // and all (once the padding was built code unit by code unit, which took seconds under
        // a fuzzer).
        let width = OutputBudget.maximumLength - 6 - 5
        let wide = try JavaFormatter.format("Hello %\(width)%|%-3s|", ["é"], languageCode: "en").get()
        #expect(wide.utf16.count == OutputBudget.maximumLength)
        #expect(wide.hasPrefix("Hello    ") && wide.hasSuffix(" %|é  |"))
    }
}
