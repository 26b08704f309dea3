import Foundation
import Testing

/// `preview` states each fact once, whatever number of languages shows it, and ends with one
/// line saying what was previewed and how many problems it found.
@Suite("render-alert preview: each fact once (end to end)")
struct PreviewFactsCommandTests {
    /// The finding lines of a text preview (`✖ error …`, `⚠ warning …`).
    static func findings(_ output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("  ✖ ") || $0.hasPrefix("  ⚠ ") }
    }

    @Test func theBundledPreviewStatesEachFactOnceAndEndsWithASummary() throws {
        let result = try RenderAlertCommand.run([])
        #expect(result.status == 0, "\(result.error)")
        let findings = Self.findings(result.output)
        // A plural, a %d (two spellings: %d and %1$d), an argument count, a key missing in
        // one language, a raw-text fallback and body beside loc-key.
        #expect(findings.count == 7, "\(findings.joined(separator: "\n"))")
        let plural = findings.filter { $0.contains("[push.plural-variable]") }
        #expect(plural.count == 1 && plural[0].contains(#""inbox.unread.summary" (ar, de, en, es, es-419 and 8 more) is a plural"#), "\(plural)")
        #expect(findings.filter { $0.contains("[render.extra-arguments]") }.count == 1)
        #expect(result.output.contains("Localizable.stringsdict:5:2 and the same entry in 12 more tables"), "\(result.output)")
        let last = result.output.split(separator: "\n").last.map(String.init)
        #expect(last == "10 payloads on 13 devices: 4 errors and 3 warnings in 4 of them, each stated once above", "\(last ?? "")")
        #expect(!result.output.split(separator: "\n").contains { $0.hasSuffix(" ") }, "no line ends in spaces")
        // The HTML page counts the same.
        let page = try RenderAlertCommand.run(["preview", "--format", "html"])
        #expect(page.output.contains(#"<span class="problems">4 errors and 3 warnings in 4 payloads</span>"#))
        // Three payloads are broken in every language: the matrix says so, and offers the one
        // language with a problem of its own (pt-PT, a missing key).
        #expect(page.output.contains(#"<p class="matrix-summary">4 of 10 payloads have problems: 3 in every language ("#), "\(page.output)")
        #expect(page.output.contains("1 in 1 of 13 languages ("))
        #expect(page.output.contains("Only languages with problems of their own, beside the payloads broken in every language (1 of 13)"))
        let ptPT = try #require(
            page.output.range(of: #"<label><input type="checkbox" id="language-(\d+)" checked> pt-PT</label>"#, options: .regularExpression))
        let column = Int(page.output[ptPT].split(separator: "-")[1].prefix { $0.isNumber })!
        let rule = try #require(page.output.split(separator: "\n").first { $0.contains("#only-own-problem-languages:checked") })
        #expect(!rule.contains("article.card.column-\(column))") && !rule.contains("article.card.column-\(column),"), "pt-PT stays shown")
        #expect(rule.components(separatedBy: "article.card.column-").count == 13, "the twelve others are hidden: \(rule)")
    }

    /// A plural key sent in a push, in an app of 30 languages: one finding, not thirty.
    @Test func aPluralInAPushIsOneFindingInThirtyLanguages() throws {
        let directory = try TemporaryDirectory()
        let languages = (0..<30).map { "l\(String(UnicodeScalar(UInt8(97 + $0 % 26))))\($0 / 26 == 0 ? "" : "x")" }
        for (index, language) in languages.enumerated() {
            try directory.write("app/\(language).lproj/Localizable.strings", "\"greeting\" = \"Hello \(index)\";\n")
            try directory.write(
                "app/\(language).lproj/Localizable.stringsdict",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>photos</key><dict>
                <key>NSStringLocalizedFormatKey</key><string>%#@count@</string>
                <key>count</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>
                <key>one</key><string>%d photo \(index)</string><key>other</key><string>%d photos \(index)</string></dict>
                </dict></dict></plist>
                """)
        }
        try directory.write("push.json", #"{"aps":{"alert":{"title-loc-key":"greeting","loc-key":"photos","loc-args":["3"]}}}"#)
        let result = try RenderAlertCommand.run(["preview", directory.path + "/push.json", "--strings", directory.path + "/app"])
        #expect(result.status == 0, "\(result.error)")
        let findings = Self.findings(result.output)
        #expect(findings.count == 1, "\(findings.joined(separator: "\n"))")
        #expect(findings.first?.contains(" and 25 more) is a plural; in a push the device shows") == true, "\(findings)")
        #expect(result.output.contains("and the same entry in 29 more tables"))
        #expect(result.output.split(separator: "\n").last == "1 payload on 30 devices: 1 error and 0 warnings in 1 of them, each stated once above")
        // The table's 30 rows, the header, the finding's three lines, the summary.
        #expect(result.output.split(separator: "\n").count < 40, "\(result.output)")
    }
}
