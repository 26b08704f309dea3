import Foundation
import LocalizedAlerts
import Testing

/// Push-key manifests: `render-alert manifest` writes one from payloads, `lint --manifest`
/// checks its keys in every localization and protects them from catalog cleanups.
@Suite("Push-key manifests")
struct ManifestCommandTests {
    typealias Object = [String: Any]

    func lintFindings(_ arguments: [String]) throws -> (status: Int32, findings: [Object]) {
        let result = try RenderAlertCommand.run(["lint"] + arguments + ["--format", "json"])
        let root = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as! Object
        return (result.status, root["findings"] as! [Object])
    }

    @Test func entriesAreReadWithLocatedErrors() {
        let marked = MarkedText(
            """
            {"version": 1, "keys": [
              {"field": "title", "key": "call.missed.title"},
              {"key": "call.missed.body", "arguments": ["string", "number"], "since": "5.3"},
              {"field": 1️⃣"footer", "key": "x"},
              {"key": "y", 2️⃣"argumnets": []},
              {"key": "z", "arguments": [3️⃣"date"]}
            ], 4️⃣"extra": true}
            """)
        let manifest = PushManifest(parsing: Array(marked.text.utf8), file: "m.json")
        #expect(manifest.keys.map(\.key) == ["call.missed.title", "call.missed.body"])
        #expect(manifest.keys[0].field == .title && manifest.keys[1].field == .body)
        #expect(manifest.keys[1].arguments == [.string, .number] && manifest.keys[1].since == "5.3")
        #expect(manifest.diagnostics.allSatisfy { $0.id == .manifestInvalid && $0.severity == .error })
        let expected = ["1️⃣", "2️⃣", "3️⃣", "4️⃣"].map { marked.location($0) }
        #expect(manifest.diagnostics.count == expected.count)
        for position in expected { #expect(manifest.diagnostics.contains { $0.position == position }, "\(position)") }
        let wrongVersion = PushManifest(parsing: Array(#"{"version": 2, "keys": []}"#.utf8))
        #expect(wrongVersion.diagnostics.contains { $0.message.contains("\"version\": 1") })
        #expect(PushManifest(parsing: Array("[]".utf8)).diagnostics.map(\.id) == [.manifestInvalid])
        #expect(PushManifest(parsing: Array("{".utf8)).diagnostics.contains { $0.severity == .error })
    }

    @Test func eachKeyIsCheckedAsThePayloadThatCarriesIt() throws {
        let directory = try TemporaryDirectory()
        try directory.write("app/en.lproj/Localizable.strings", "\"greet\" = \"Hi %@\";\n\"title\" = \"Hello\";\n")
        try directory.write("app/fr.lproj/Localizable.strings", "\"greet\" = \"Salut\";\n")
        let marked = MarkedText(
            """
            {"version": 1, "keys": [
              1️⃣{"key": "greet", "arguments": ["string"]},
              2️⃣{"field": "title", "key": "title"}
            ]}
            """)
        try directory.write("m.json", marked.text)
        let manifest = directory.path + "/m.json"
        let (status, findings) = try lintFindings([directory.path + "/app", "--manifest", manifest])
        #expect(status == 1)
        func at(_ id: String, _ mark: String) -> [Object] {
            let position = marked.location(mark)
            return findings.filter {
                $0["id"] as? String == id && $0["file"] as? String == manifest && $0["line"] as? Int == position.line
                    && $0["column"] as? Int == position.column
            }
        }
        // fr lacks the title key: fr users see "title"; fr's greet drops its argument.
        #expect(!at("payload.key-missing", "2️⃣").isEmpty, "\(findings)")
        #expect(!at("render.extra-arguments", "1️⃣").isEmpty, "\(findings)")
        // The same keys sent as a payload file give the same findings, only located there.
        try directory.write("p/greet.json", #"{"aps":{"alert":{"loc-key":"greet","loc-args":["Ana"],"title-loc-key":"title"}}}"#)
        let (_, payloadFindings) = try lintFindings([directory.path + "/app", "--payloads", directory.path + "/p"])
        let ids = { (list: [Object], file: String) in Set(list.filter { $0["file"] as? String == file }.compactMap { $0["id"] as? String }) }
        #expect(ids(findings, manifest) == ids(payloadFindings, directory.path + "/p/greet.json"))
        #expect(ids(findings, manifest) == ["render.extra-arguments", "payload.key-missing"])
    }

    /// An entry may say which APNs headers its key is sent with; what does not fit between them
    /// and the payload is a finding at the entry's headers, and a manifest written back keeps them.
    @Test func entryHeadersAreCheckedAgainstThePayload() throws {
        let directory = try TemporaryDirectory()
        try directory.write("app/en.lproj/Localizable.strings", "\"greet\" = \"Hi %@\";\n")
        let marked = MarkedText(
            """
            {"version": 1, "keys": [
              {"key": "greet", "arguments": ["string"], "headers": 1️⃣{"apns-push-type": "background", "apns-priority": 10}},
              {"key": "greet", "arguments": ["string"], "headers": {"apns-push-type": "alert", "apns-topic": "com.example.app"}},
              {"key": "greet", "headers": 2️⃣{"apns-push-typ": "alert"}}
            ]}
            """)
        try directory.write("m.json", marked.text)
        let manifest = directory.path + "/m.json"
        let read = try PushManifest(contentsOfFile: manifest)
        #expect(read.keys.count == 2)
        #expect(read.keys[0].headers?.pushType == "background" && read.keys[0].headers?.priority == 10)
        let invalid = read.diagnostics.filter { $0.id == .manifestInvalid }
        #expect(
            invalid.count == 1 && invalid[0].position == marked.location("2️⃣") && invalid[0].message.contains("unknown header \"apns-push-typ\""),
            "\(invalid)")
        let (_, findings) = try lintFindings([directory.path + "/app", "--manifest", manifest])
        let mismatches = findings.filter { $0["id"] as? String == "apns.header-mismatch" }
        let position = marked.location("1️⃣")
        #expect(
            !mismatches.isEmpty && mismatches.allSatisfy { $0["line"] as? Int == position.line && $0["column"] as? Int == position.column },
            "\(findings)")
        // The well-fitting entry brings no finding of its own.
        #expect(mismatches.allSatisfy { $0["line"] as? Int == position.line })
        // Written back, the headers are kept and read the same.
        let again = PushManifest(parsing: Array(read.json.serialized().utf8))
        #expect(again.keys.map { $0.headers?.pushType } == ["background", "alert"] && again.keys[1].headers?.topic == "com.example.app")
    }

    @Test func staleCatalogKeysTheServerSendsAreReportedWithTheirFix() throws {
        let directory = try TemporaryDirectory()
        let catalog = MarkedText(
            """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              1️⃣"push.only": {"extractionState": "stale", "localizations": {"en": {"stringUnit": {"state": "translated", "value": "Ping"}}}},
              "old.unused": {"extractionState": "stale", "localizations": {"en": {"stringUnit": {"state": "translated", "value": "Old"}}}}
            }}
            """)
        try directory.write("Localizable.xcstrings", catalog.text)
        try directory.write("m.json", #"{"version": 1, "keys": [{"key": "push.only"}]}"#)
        let (_, findings) = try lintFindings([directory.path + "/Localizable.xcstrings", "--manifest", directory.path + "/m.json"])
        let stale = findings.filter { $0["id"] as? String == "manifest.key-stale" }
        #expect(stale.count == 1, "only the key the server sends")
        let position = catalog.location("1️⃣")
        #expect(stale.first?["line"] as? Int == position.line && stale.first?["column"] as? Int == position.column)
        #expect((stale.first?["hint"] as? String)?.contains(#""extractionState" : "manual""#) == true)
    }

    @Test func aManifestWrittenFromPayloadsListsTheirKeysAndReadsBack() throws {
        let directory = try TemporaryDirectory()
        let output = directory.path + "/keys.json"
        let result = try RenderAlertCommand.run(["manifest", "--payloads", "Resources/payloads", "--output", output])
        #expect(result.status == 0, "\(result.error)")
        let manifest = try PushManifest(contentsOfFile: output)
        #expect(manifest.diagnostics.isEmpty)
        let payloads = try FileManager.default.contentsOfDirectory(atPath: "Resources/payloads").sorted().map {
            try NotificationPayload(contentsOfFile: "Resources/payloads/" + $0)
        }
        var expected: [String] = []
        for payload in payloads {
            for (name, field) in payload.aps.alert?.fields ?? [] {
                if let key = field.locKey, !expected.contains("\(name.rawValue) \(key)") { expected.append("\(name.rawValue) \(key)") }
            }
        }
        #expect(manifest.keys.map { "\($0.field.rawValue) \($0.key)" } == expected)
        #expect(manifest.keys.first { $0.key == "file.shared.body" }?.arguments == [.string, .string])

        // Input that cannot make a manifest: exit 2, saying why.
        try directory.write("bad/broken.json", "{\"aps\": ")
        let broken = try RenderAlertCommand.run(["manifest", "--payloads", directory.path + "/bad"])
        #expect(broken.status == 2 && broken.error.contains("did not parse"))
        try directory.write("raw/plain.json", #"{"aps":{"alert":"Hello"}}"#)
        let keyless = try RenderAlertCommand.run(["manifest", "--payloads", directory.path + "/raw"])
        #expect(keyless.status == 2 && keyless.error.contains("no keys"))
        let missing = try RenderAlertCommand.run(["lint", "Resources/strings", "--manifest", directory.path + "/none.json"])
        #expect(missing.status == 2 && missing.error.contains("cannot read the manifest"))
        try directory.write("empty.json", #"{"version": 1, "keys": []}"#)
        let empty = try RenderAlertCommand.run(["lint", "Resources/strings", "--manifest", directory.path + "/empty.json"])
        #expect(empty.status == 2 && empty.error.contains("lists no keys"))
    }

    @Test func eachBuildInTheFieldIsAskedForEachKey() throws {
        let directory = try TemporaryDirectory()
        try directory.write("5.2/en.lproj/Localizable.strings", "\"old\" = \"Old\";\n")
        try directory.write("5.2/fr.lproj/Localizable.strings", "\"old\" = \"Vieux\";\n")
        try directory.write("5.3/en.lproj/Localizable.strings", "\"old\" = \"Old\";\n\"NEW_KEY\" = \"New\";\n")
        try directory.write("5.3/fr.lproj/Localizable.strings", "\"old\" = \"Vieux\";\n")
        let marked = MarkedText(#"{"version": 1, "keys": [{"key": "old"}, 1️⃣{"key": "NEW_KEY"}]}"#)
        try directory.write("m.json", marked.text)
        let apps = ["--app", "5.2=\(directory.path)/5.2", "--app", "5.3=\(directory.path)/5.3"]
        let (status, findings) = try lintFindings(apps + ["--manifest", directory.path + "/m.json"])
        #expect(status == 1)
        let messages = findings.filter { $0["id"] as? String == "payload.key-missing-in-version" }.compactMap { $0["message"] as? String }
        #expect(
            messages == [
                #"loc-key "NEW_KEY" is missing in 5.2 (all 2 localizations): users on 5.2 see the key"#,
                #"loc-key "NEW_KEY" is missing in 5.3 (1 of 2 localizations: fr): users on 5.3 see the key"#,
            ])
        let position = marked.location("1️⃣")
        #expect(
            findings.filter { $0["id"] as? String == "payload.key-missing-in-version" }.allSatisfy {
                $0["line"] as? Int == position.line && $0["column"] as? Int == position.column
            })
        // The per-localization finding is replaced by the labelled one, not doubled.
        #expect(!findings.contains { $0["id"] as? String == "payload.key-missing" })

        // "since": the server sends NEW_KEY to 5.3 and later only; 5.2 is not asked.
        try directory.write("since.json", #"{"version": 1, "keys": [{"key": "NEW_KEY", "since": "5.3"}]}"#)
        let (_, sinceFindings) = try lintFindings(apps + ["--manifest", directory.path + "/since.json"])
        #expect(
            sinceFindings.filter { $0["id"] as? String == "payload.key-missing-in-version" }.compactMap { $0["message"] as? String } == [
                #"loc-key "NEW_KEY" is missing in 5.3 (1 of 2 localizations: fr): users on 5.3 see the key"#
            ])

        let malformed = try RenderAlertCommand.run(["lint", "--app", "5.2", "--manifest", directory.path + "/m.json"])
        #expect(malformed.status == 2 && malformed.error.contains("VERSION=DIR"))
        let missing = try RenderAlertCommand.run(["lint", "--app", "5.2=\(directory.path)/nope", "--manifest", directory.path + "/m.json"])
        #expect(missing.status == 2 && missing.error.contains("no such directory"))
    }

    @Test(arguments: [
        ("5.2", "5.3", true), ("5.9", "5.10", true), ("5.10", "5.9", false), ("5.3", "5.3", false), ("5", "5.0.1", true), ("6.0", "5.9", false),
    ])
    func versionsCompareByNumber(a: String, b: String, precedes: Bool) {
        #expect(AppVersions.precedes(a, b) == precedes)
    }
}
