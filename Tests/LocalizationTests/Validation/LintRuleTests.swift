import Foundation
import LocalizedAlerts
import Testing

/// One fixture per rule, run through the built `render-alert lint`: every marker is a finding
/// of that rule at that line and column, and there is no other finding of it.
@Suite("Lint rules, end to end")
struct LintRuleTests {
    static func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(body)
        </dict>
        </plist>
        """
    }

    /// A stringsdict plural `key` whose variable `count` has `forms` (name → text).
    static func plural(
        _ key: String, _ forms: [(String, String)], variableMarker: String = "", formMarkers: [String: String] = [:], keyMarker: String = ""
    ) -> String {
        plist(
            """
            \(keyMarker)<key>\(key)</key>
            <dict>
            <key>NSStringLocalizedFormatKey</key>
            <string>%#@count@</string>
            \(variableMarker)<key>count</key>
            <dict>
            <key>NSStringFormatSpecTypeKey</key>
            <string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key>
            <string>d</string>
            \(forms.map { "<key>\($0.0)</key>\n\(formMarkers[$0.0] ?? "")<string>\($0.1)</string>" }.joined(separator: "\n"))
            </dict>
            </dict>
            """)
    }

    static func payload(_ alert: String) -> String { "{\n  \"aps\": {\n    \"alert\": {\n      \(alert)\n    }\n  }\n}\n" }

    static let fixtures: [LintFixture] = [
        // Tables compared across localizations.
        LintFixture(
            "table.missing-key",
            [
                "app/en.lproj/Localizable.strings": "\"a\" = \"A\";\n\"b\" = \"B\";\n",
                "app/fr.lproj/Localizable.strings": "1️⃣\"a\" = \"A fr\";\n",
            ], message: "\"b\" is missing from fr's Localizable table (present in en)"),
        LintFixture(
            "table.name-case",
            [
                "app/en.lproj/Localizable.strings": "\"a\" = \"A\";\n",
                "app/de.lproj/localizable.strings": "1️⃣\"a\" = \"A de\";\n",
            ], message: "this file is named localizable.strings, but a device opens Localizable.strings"),
        LintFixture(
            "table.stale-key",
            [
                "app/en.lproj/Localizable.strings": "\"a\" = \"A\";\n",
                "app/fr.lproj/Localizable.strings": "\"a\" = \"A fr\";\n\"old\" = 1️⃣\"Ancien\";\n",
            ]),
        LintFixture(
            "table.empty-value",
            [
                "app/en.lproj/Localizable.strings": "\"a\" = \"A\";\n\"b\" = 1️⃣\"\";\n"
            ]),
        // Format specifiers.
        LintFixture(
            "format.incompatible",
            [
                "app/en.lproj/Localizable.strings": "\"n\" = \"%d new in %@\";\n",
                "app/fr.lproj/Localizable.strings": "\"n\" = 1️⃣\"%@ : %d nouveaux\";\n",
                "app/ja.lproj/Localizable.strings": "\"n\" = \"%2$@ に %1$d 件\";\n",
            ]),
        LintFixture(
            "format.mixed-positions",
            [
                "app/en.lproj/Localizable.strings": "\"m\" = \"%1$@ sent 1️⃣%@\";\n"
            ]),
        LintFixture(
            "format.skipped-position",
            [
                "app/en.lproj/Localizable.strings": "\"s\" = 1️⃣\"%1$@ and %3$@\";\n\"t\" = \"%2$@ and %1$@\";\n"
            ]),
        LintFixture(
            "format.percent-accident",
            [
                "app/en.lproj/Localizable.strings": "\"p\" = \"Save 501️⃣% off\";\n\"q\" = \"Battery 2️⃣%\";\n\"r\" = \"100%% sure\";\n"
            ]),
        LintFixture(
            "format.invalid-specifier",
            [
                "app/en.lproj/Localizable.strings": "\"i\" = \"%@ is 1001️⃣%y\";\n\"e\" = \"Escaped \\\"%@\\\" 2️⃣%\";\n",
                "app/en.lproj/Localizable.stringsdict": plist(
                    """
                    <key>k</key>
                    <dict>
                    <key>NSStringLocalizedFormatKey</key>
                    <string>3️⃣%1#@count@</string>
                    <key>count</key>
                    <dict>
                    <key>NSStringFormatSpecTypeKey</key>
                    <string>NSStringPluralRuleType</string>
                    <key>NSStringFormatValueTypeKey</key>
                    <string>d</string>
                    <key>one</key>
                    <string>one</string>
                    <key>other</key>
                    <string>many</string>
                    </dict>
                    </dict>
                    """),
            ]),
        // Plurals.
        LintFixture(
            "plural.missing-category",
            [
                "app/en.lproj/Localizable.stringsdict": plural("files", [("one", "%d file"), ("other", "%d files")]),
                "app/ru.lproj/Localizable.stringsdict": plural("files", [("one", "%d файл"), ("other", "%d файлов")], variableMarker: "1️⃣"),
            ]),
        LintFixture(
            "plural.unused-category",
            [
                "app/en.lproj/Localizable.stringsdict": plural(
                    "files", [("one", "%d file"), ("few", "%d files"), ("other", "%d files")], formMarkers: ["few": "1️⃣"])
            ]),
        // Keys sent in pushes.
        LintFixture(
            "push.unsupported-specifier",
            [
                "app/en.lproj/Localizable.strings": "\"digest\" = \"You have 1️⃣%d new in %@\";\n",
                "payloads/digest.json": payload("\"loc-key\": \"digest\", \"loc-args\": [\"3\", \"Team\"]"),
            ], message: "\"digest\" (en) is sent in pushes but uses %d: the device drops it"),
        LintFixture(
            "push.plural-variable",
            [
                "app/en.lproj/Localizable.stringsdict": plural("files", [("one", "%d file"), ("other", "%d files")], keyMarker: "1️⃣"),
                "payloads/files.json": payload("\"loc-key\": \"files\", \"loc-args\": [\"3\"]"),
            ]),
        LintFixture(
            "push.percent-before-non-ascii",
            [
                "app/de.lproj/Localizable.strings": "\"promo\" = \"Rabatt 501️⃣%ü\";\n",
                // Formatted only with arguments: without loc-args the text shows as written (docs/device-behaviour.md §2).
                "payloads/promo.json": payload("\"loc-key\": \"promo\", \"loc-args\": [\"x\"]"),
            ]),
        LintFixture(
            "push.empty-table",
            [
                "app/en.lproj/Localizable.strings": "\"a\" = \"A\";\n\"b\" = \"B\";\n",
                "app/da.lproj/Localizable.strings": "1️⃣\n",
                "app/eo.lproj/Localizable.strings": "2️⃣/* only a comment */\n",
                "app/fa.lproj/Localizable.strings": "3️⃣\"other\" = \"x\";\n",
                "app/fr.lproj/Localizable.strings": "\"a\" = \"A fr\";\n",
                // Unreadable: its own error, located where it breaks, not this one.
                "app/pt.lproj/Localizable.strings": "\"a\" = \"A pt\"\n",
                "app/Base.lproj/Localizable.strings": "\n",
            ]),
        LintFixture(
            "push.wrong-table",
            [
                "app/en.lproj/Localizable.strings": "\"other\" = \"x\";\n",
                "app/en.lproj/Notifications.strings": "\"call\" = 1️⃣\"Missed call\";\n",
                "payloads/call.json": payload("\"loc-key\": \"call\""),
            ]),
        // Payloads against the tables.
        LintFixture(
            "payload.key-missing",
            [
                "app/en.lproj/Localizable.strings": "\"hello\" = \"Hello\";\n",
                "app/fr.lproj/Localizable.strings": "\"hello\" = \"Bonjour\";\n",
                "payloads/a.json":
                    "{\n  \"aps\": {\n    \"alert\": {\n      1️⃣\"title-loc-key\": \"nope\",\n      \"loc-key\": \"hello\"\n    }\n  }\n}\n",
            ], message: "title-loc-key \"nope\" is missing for en, fr: a device in those languages shows the key itself"),
        LintFixture(
            "payload.too-few-arguments",
            [
                "app/en.lproj/Localizable.strings": "\"dm\" = \"%1$@ in %2$@\";\n",
                "payloads/dm.json": payload("1️⃣\"loc-key\": \"dm\", \"loc-args\": [\"Ana\"]"),
            ]),
        LintFixture(
            "payload.localized-too-large",
            [
                "app/en.lproj/Localizable.strings": "\"long\" = \"\(String(repeating: "Lorem ipsum dolor sit amet. ", count: 160))\";\n",
                "payloads/long.json": "1️⃣{\"aps\": {\"alert\": {\"loc-key\": \"long\"}}}\n",
            ]),
        LintFixture(
            "render.body-with-loc-key",
            [
                "app/en.lproj/Localizable.strings": "\"hello\" = \"Hello\";\n",
                "payloads/both.json": payload("\"body\": \"Hi\", 1️⃣\"loc-key\": \"hello\""),
            ]),
        // Reading: every parser diagnostic is a finding.
        LintFixture(
            "strings.missing-semicolon",
            [
                "app/en.lproj/Localizable.strings": "\"a\" = \"A\"1️⃣\n\"b\" = \"B\";\n"
            ], message: "missing ';' after the value"),
        LintFixture(
            "strings.duplicate-key",
            [
                "app/en.lproj/Localizable.strings": "\"a\" = \"A\";\n1️⃣\"a\" = \"B\";\n"
            ]),
        LintFixture(
            "strings.unterminated-comment",
            [
                "app/en.lproj/Localizable.strings": "\"a\" = \"A\";\n1️⃣/* note\n\"b\" = \"B\";\n"
            ]),
        LintFixture(
            "strings.lowercase-u-escape",
            [
                "app/en.lproj/Localizable.strings": "\"a\" = \"caf1️⃣\\u00e9\";\n"
            ]),
        LintFixture(
            "stringsdict.missing-other",
            [
                "app/en.lproj/Localizable.stringsdict": plural("files", [("one", "%d file")], variableMarker: "1️⃣")
            ]),
        LintFixture(
            "catalog.untranslated",
            [
                "app/Localizable.xcstrings": """
                {
                  "sourceLanguage" : "en",
                  "strings" : {
                    "hello" : {
                      "localizations" : {
                        "fr" : { "stringUnit" : { "state" : 1️⃣"needs_review", "value" : "Bonjour" } }
                      }
                    }
                  },
                  "version" : "1.0"
                }
                """
            ]),
        // The same app's Android resources (--res): only values/ is compared, with the development language.
        LintFixture(
            "android.placeholders-differ-from-ios",
            [
                "app/en.lproj/Localizable.strings": """
                "new_photos" = "%@ shared %d photos";
                "same" = "%1$@ and %2$@";
                "widths" = "%ld new from %@";
                "swapped" = "%1$d for %2$@";
                "reordered" = "%2$@ sent %1$@";
                "no_args" = "Hello";
                "unformatted" = "%@ at %d";
                """,
                "app/fr.lproj/Localizable.strings": "\"same\" = \"%@\";\n",
                "res/values/strings.xml": """
                <?xml version="1.0" encoding="utf-8"?>
                <resources>
                    1️⃣<string name="new_photos">%1$s shared photos</string>
                    <string name="same">%1$s and %2$s</string>
                    <string name="widths">%d new from %s</string>
                    2️⃣<string name="swapped">%1$s for %2$d</string>
                    <string name="reordered">%2$s sent %1$s</string>
                    3️⃣<string name="no_args">Hello %1$s</string>
                    <string name="unformatted" formatted="false">%s at</string>
                    <string name="android_only">%1$s</string>
                </resources>
                """,
                "res/values-fr/strings.xml": """
                <?xml version="1.0" encoding="utf-8"?>
                <resources>
                    <string name="same">%1$s</string>
                </resources>
                """,
            ], message: "on Android but"),
        LintFixture(
            "payload.type-mismatch",
            [
                "app/en.lproj/Localizable.strings": "\"a\" = \"A\";\n",
                "payloads/badge.json": "{\"aps\": {\"alert\": \"Hi\", 1️⃣\"badge\": \"3\"}}\n",
            ]),
    ]

    @Test(arguments: fixtures)
    func findsExactlyTheMarkedPositions(_ fixture: LintFixture) throws {
        let result = try fixture.run()
        #expect(!result.expected.isEmpty, "a fixture must mark at least one finding")
        #expect(
            result.actual == result.expected,
            "\(fixture.rule): expected \(result.expected.sorted { $0.description < $1.description }), found \(result.actual.sorted { $0.description < $1.description }); all findings: \(result.findings.map { "\($0.id) \($0.location.line):\($0.location.column)" })"
        )
        for finding in result.findings where finding.id.rawValue == fixture.rule {
            #expect(!finding.message.isEmpty && finding.message.first != " ")
            if let words = fixture.message { #expect(finding.message.contains(words), "\(finding.message)") }
        }
    }

    @Test func everyLintRuleHasAFixture() {
        let covered = Set(Self.fixtures.map(\.rule))
        let rules = RuleCatalog.lintRules.map { type(of: $0).id.rawValue }
        #expect(rules.filter { !covered.contains($0) } == [])
    }
}
