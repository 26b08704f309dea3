import Foundation
import LocalizedAlerts
import Testing

/// Preview, localize and lint report what a device does from one explanation (the field
/// resolver): for the same payload and tables they report the same issue IDs, and `--ignore`
/// of any ID leaves it out of every command.
@Suite("One explanation of the device, every command")
struct OneExplanationTests {
    typealias Object = [String: Any]

    /// An app and payloads that between them make a device do every surprising thing.
    static func fixture() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write(
            "app/en.lproj/Localizable.strings",
            """
            "dropped" = "You have %d new from %@";
            "pct" = "50%é %@";
            "two" = "%1$@ and %2$@";
            "one" = "Hi %@";
            "empty" = "";
            "plain" = "Hi %@ again";

            """)
        try directory.write(
            "app/en.lproj/Localizable.stringsdict",
            """
            <plist><dict><key>count</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
            <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>%d items</string></dict></dict></dict></plist>
            """)
        try directory.write("app/en.lproj/Notifications.strings", "\"elsewhere\" = \"Somewhere else\";\n")
        try directory.write("app/fr.lproj/Localizable.strings", "\"dropped\" = \"Vous avez %d nouveaux de %@\";\n")
        try directory.write("app/de.lproj/Localizable.strings", "\"dropped\" = \"Sie haben %@\"\n")  // missing ';'
        let payloads: [String: String] = [
            "dropped": #""loc-key":"dropped","loc-args":["3","Ana"]"#,
            "pct": #""loc-key":"pct","loc-args":["Ana"]"#,
            "two": #""loc-key":"two","loc-args":["Ana"]"#,
            "one": #""loc-key":"one","loc-args":["Ana","Bo"]"#,
            "empty": #""loc-key":"empty","body":"Hi""#,
            "plain": #""loc-key":"plain""#,
            "count": #""title-loc-key":"count","title-loc-args":["3"],"body":"x""#,
            "elsewhere": #""loc-key":"elsewhere","loc-args":["x"]"#,
            "missing": #""title-loc-key":"nowhere","title":"Raw title""#,
        ]
        for (name, alert) in payloads {
            try directory.write("payloads/\(name).json", #"{"aps":{"alert":{"# + alert + "}}}")
        }
        return directory
    }

    /// The IDs of what a device does (the one explanation's IDs), from a command's JSON.
    static let deviceIDs: Set<String> = [
        "payload.key-missing", "payload.key-missing-raw-text", "payload.too-few-arguments", "push.wrong-table",
        "push.unsupported-specifier", "push.plural-variable", "push.percent-before-non-ascii", "render.extra-arguments",
        "render.unformatted-placeholder", "render.empty-result", "render.unreadable-table", "render.no-localizable-table",
        "render.body-with-loc-key",
    ]

    static func ids(_ command: [String], in directory: String, among known: Set<String> = deviceIDs) throws -> Set<String> {
        let result = try RenderAlertCommand.run(command, directory: directory)
        #expect(result.status != 2, "\(command): \(result.error)")
        let json = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
        var ids: Set<String> = []
        func collect(_ value: Any) {
            if let object = value as? Object {
                if let id = object["id"] as? String, object["severity"] != nil { ids.insert(id) }
                object.values.forEach(collect)
            } else if let array = value as? [Any] {
                array.forEach(collect)
            }
        }
        collect(json)
        return ids.intersection(known)
    }

    static func commands(_ payload: String, extra: [String] = []) -> [(name: String, arguments: [String])] {
        [
            ("preview", ["preview", "payloads/\(payload).json", "--strings", "app", "--format", "json"] + extra),
            ("localize", ["localize", "payloads/\(payload).json", "--strings", "app", "--mode", "device"] + extra),
            ("lint", ["lint", "app", "--payloads", "payloads/\(payload).json", "--format", "json"] + extra),
        ]
    }

    @Test func previewLocalizeAndLintReportTheSameIssues() throws {
        let directory = try Self.fixture()
        var everyID: Set<String> = []
        for payload in ["dropped", "pct", "two", "one", "empty", "plain", "count", "elsewhere", "missing"] {
            var seen: [String: Set<String>] = [:]
            for (name, arguments) in Self.commands(payload) {
                seen[name] = try Self.ids(arguments, in: directory.path)
            }
            #expect(seen["preview"] == seen["lint"], "\(payload): preview \(seen["preview"]!.sorted()) lint \(seen["lint"]!.sorted())")
            #expect(seen["localize"] == seen["lint"], "\(payload): localize \(seen["localize"]!.sorted()) lint \(seen["lint"]!.sorted())")
            #expect(!seen["lint"]!.isEmpty, "\(payload) shows something a device does")
            everyID.formUnion(seen["lint"]!)
        }
        #expect(everyID == Self.deviceIDs.subtracting(["render.no-localizable-table"]), "\(Self.deviceIDs.subtracting(everyID).sorted())")
    }

    @Test func ignoringAnIDLeavesItOutOfEveryCommand() throws {
        let directory = try Self.fixture()
        for (payload, id) in [
            ("dropped", "push.unsupported-specifier"), ("two", "payload.too-few-arguments"), ("count", "push.plural-variable"),
            ("missing", "payload.key-missing"), ("dropped", "render.unreadable-table"),
        ] {
            for (name, arguments) in Self.commands(payload, extra: ["--ignore", id]) {
                let ids = try Self.ids(arguments, in: directory.path)
                #expect(!ids.contains(id), "\(name) --ignore \(id)")
                #expect(!ids.isEmpty || payload == "missing", "\(name) --ignore \(id) keeps the rest")
            }
        }
        // A renamed ID still works, in every command; an unknown one is a usage error.
        for (name, arguments) in Self.commands("dropped", extra: ["--ignore", "render.dropped-specifier"]) {
            #expect(!(try Self.ids(arguments, in: directory.path)).contains("push.unsupported-specifier"), "\(name)")
        }
        for (name, arguments) in Self.commands("dropped", extra: ["--ignore", "no.such-rule"]) {
            #expect(try RenderAlertCommand.run(arguments, directory: directory.path).status == 2, "\(name)")
        }
        let dump = try RenderAlertCommand.run(
            ["dump", "app/de.lproj/Localizable.strings", "--ignore", "strings.missing-semicolon"], directory: directory.path)
        #expect(dump.status == 0 && !dump.output.contains("missing-semicolon"))
    }

    /// What an Android phone does for FCM messages, reported alike by preview, localize and lint.
    static let androidIDs: Set<String> = [
        "android.missing-loc-key", "android.loc-key-not-a-string", "android.loc-args-missing", "android.missing-format-argument",
        "android.format-crash", "android.raw-field-hides-loc-key", "android.text-cut",
    ]

    @Test func anAndroidPhoneIsExplainedOnceToo() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "res/values/strings.xml",
            """
            <resources>
              <string name="two">%1$s and %2$s</string>
              <string name="count">%1$d new</string>
              <string name="plain">Hello</string>
              <plurals name="photos"><item quantity="other">%d photos</item></plurals>
            </resources>
            """)
        let messages: [String: String] = [
            "missing": #""body_loc_key":"plian""#,
            "bag": #""body_loc_key":"photos","body_loc_args":["3"]"#,
            "unsent": #""body_loc_key":"two""#,
            "short": #""body_loc_key":"two","body_loc_args":["Ana"]"#,
            "crash": #""body_loc_key":"count","body_loc_args":["3"]"#,
            "hidden": #""body":"Raw","body_loc_key":"plain""#,
            "long": #""body":"\#(String(repeating: "a", count: 5_200))""#,
        ]
        for (name, notification) in messages {
            try directory.write("fcm/\(name).json", #"{"message":{"android":{"notification":{"# + notification + "}}}}")
        }
        var everyID: Set<String> = []
        for name in messages.keys.sorted() {
            var seen: [String: Set<String>] = [:]
            for (command, arguments) in [
                ("preview", ["preview", "fcm/\(name).json", "--res", "res", "--language", "en-US", "--format", "json"]),
                ("localize", ["localize", "fcm/\(name).json", "--res", "res", "--language", "en-US", "--mode", "device"]),
                ("lint", ["lint", "--res", "res", "--payloads", "fcm/\(name).json", "--format", "json"]),
            ] {
                seen[command] = try Self.ids(arguments, in: directory.path, among: Self.androidIDs)
            }
            #expect(seen["preview"] == seen["lint"], "\(name): preview \(seen["preview"]!.sorted()) lint \(seen["lint"]!.sorted())")
            #expect(seen["localize"] == seen["lint"], "\(name): localize \(seen["localize"]!.sorted()) lint \(seen["lint"]!.sorted())")
            #expect(seen["lint"]!.count == 1, "\(name): \(seen["lint"]!.sorted())")
            everyID.formUnion(seen["lint"]!)
        }
        #expect(everyID == Self.androidIDs, "\(Self.androidIDs.subtracting(everyID).sorted())")
    }
}
