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
}
