import Foundation
import Testing

@Suite("render-alert localize (end to end)")
struct LocalizeCommandTests {
    @Test func payloadOnlyServerAndDevice() throws {
        let server = try RenderAlertCommand.run(["localize", "Resources/payloads/inbox-summary.json", "--language", "ar", "--payload-only"])
        #expect(server.status == 0, "\(server.error)")
        #expect(server.output.contains(#""title":"٣ رسائل غير مقروءة""#))
        let device = try RenderAlertCommand.run([
            "localize", "Resources/payloads/inbox-summary.json", "--language", "ar", "--mode", "device", "--payload-only",
        ])
        #expect(device.output.contains(#""title":"@messages@""#))
    }

    @Test func reportsSizeAndFailsOverTheLimit() throws {
        let directory = try TemporaryDirectory()
        try directory.write("app/en.lproj/Localizable.strings", "\"big\" = \"\(String(repeating: "é", count: 3000))\";")
        try directory.write("p.json", #"{"aps":{"alert":{"loc-key":"big"}}}"#)
        let result = try RenderAlertCommand.run(["localize", directory.path + "/p.json", "--strings", directory.path + "/app", "--language", "en"])
        #expect(result.status == 1)
        #expect(result.error.contains("over APNs' limit of 4096"))
        let lines = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as! [[String: Any]]
        #expect((lines[0]["byteCount"] as? Int ?? 0) > 4096)
    }

    @Test func batchStreamsAndSurvivesBadLines() throws {
        let input =
            [
                #"{"payload":{"aps":{"alert":{"loc-key":"call.missed.body","loc-args":["Ana"]}}},"languages":["fr-CA","en"],"id":"a1"}"#,
                "{not json",
                #"{"payload":{"aps":{"alert":{"title-loc-key":"inbox.unread.summary","title-loc-args":["1"]}}},"languages":"he","mode":"device"}"#,
                "",
                #"{"payload":[],"languages":["en"]}"#,
                #"{"payload":{"aps":{"alert":{"title-loc-key":"inbox.unread.summary","title-loc-args":["2"]}}},"languages":["he"]}"#,
                #"{"payload":{"aps":{"alert":{"loc-key":"call.missed.body","loc-args":["Ana"]}}},"languages":"fr;en","id":"a7"}"#,
            ].joined(separator: "\n") + "\n"
        let process = Process()
        process.executableURL = RenderAlertCommand.executable
        process.arguments = ["localize", "--batch"]
        process.currentDirectoryURL = URL(fileURLWithPath: Fixtures.repositoryRoot)
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "three lines gave nothing to send")
        let lines = output.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(lines.count == 6, "one line per non-empty input line")
        #expect(lines.map { $0["sendable"] as? Bool } == [true, false, true, false, true, false])
        #expect(lines.map { $0["line"] as? Int } == [1, 2, 3, 5, 6, 7])
        #expect(lines[0]["id"] as? String == "a1")
        #expect(
            ((lines[0]["payload"] as? [String: Any])?["aps"] as? [String: Any]).flatMap { ($0["alert"] as? [String: Any])?["body"] as? String }
                == "Ana a tenté de vous joindre.")
        #expect(lines[1]["error"] != nil)
        #expect(lines[2]["mode"] as? String == "device")
        #expect(lines[3]["error"] as? String == "the line has no \"payload\" object")
        #expect(
            ((lines[4]["payload"] as? [String: Any])?["aps"] as? [String: Any]).flatMap { ($0["alert"] as? [String: Any])?["title"] as? String }
                == "שתי הודעות שלא נקראו")
        // Languages --language would refuse are refused on their line, not answered in English.
        #expect(lines[5]["id"] as? String == "a7")
        #expect((lines[5]["error"] as? String)?.contains(#""fr;en" is not a language ID"#) == true, "\(lines[5])")
    }

    /// No path turns a payload that did not parse, or a field that would show its key, into a
    /// payload to send.
    @Test func nothingBrokenIsEverSendable() throws {
        let directory = try TemporaryDirectory()
        try directory.write("broken.json", #"{"aps": {"alert": "#)
        try directory.write("empty.json", "")
        try directory.write("binary.json", "\u{00}\u{01}\u{FF}")
        try directory.write("typed.json", #"{"aps": {"alert": {"loc-key": 42}}}"#)
        for file in ["broken.json", "empty.json", "binary.json"] {
            for extra in [[], ["--payload-only"], ["--mode", "device"], ["--fallback", "device"]] {
                let result = try RenderAlertCommand.run(["localize", directory.path + "/" + file, "--language", "en"] + extra)
                #expect(result.status == 2, "\(file) \(extra)")
                #expect(result.output.isEmpty, "\(file) \(extra): \(result.output)")
                #expect(result.error.hasPrefix("error: cannot use the payload (\(directory.path)/\(file)): 1:"), "\(result.error)")
            }
        }
        let typed = try RenderAlertCommand.run(["localize", directory.path + "/typed.json", "--language", "en", "--payload-only"])
        #expect(typed.status == 1)
        #expect(typed.output.isEmpty)
        #expect(typed.error.contains("nothing to send for en: the payload has errors: \"loc-key\" is a number"))

        let lines = [
            #"{"payload": {"aps": {"alert": {"loc-key": 42}}}, "languages": ["en"], "id": 1}"#,
            #"{"payload": {"aps": []}, "languages": ["en"], "id": 2}"#,
            #"{"payload": {"aps": {"alert": {"loc-key": "call.missed.body", "loc-args": "Ana"}}}, "languages": ["en"], "id": 3}"#,
        ]
        let batch = try RenderAlertCommand.run(["localize", "--batch", "--payload-only"], input: lines.joined(separator: "\n") + "\n")
        #expect(batch.status == 1)
        let answers = batch.output.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(answers.map { $0["id"] as? Int } == [1, 2, 3])
        #expect(answers.allSatisfy { $0["payload"] == nil && ($0["error"] as? String)?.hasPrefix("the payload has errors: ") == true }, "\(answers)")
    }

    /// A key written twice is a warning wherever the payload comes from: a file, a batch line
    /// of either platform.
    @Test func aKeyWrittenTwiceIsReportedOnEveryPath() throws {
        let directory = try TemporaryDirectory()
        let alert = #"{"aps":{"alert":{"loc-args":["Ana"],"loc-key":"call.missed.title","loc-key":"call.missed.body"}}}"#
        try directory.write("twice.json", alert)
        let file = try RenderAlertCommand.run(["localize", directory.path + "/twice.json", "--language", "fr"])
        let batch = try RenderAlertCommand.run(
            ["localize", "--batch", "--res", Fixtures.path("android/res"), "--strings", "Resources/strings"],
            input: #"{"payload":\#(alert),"languages":["fr"]}"# + "\n"
                + #"{"message":{"android":{"notification":{"title_loc_key":"delivery_body","title_loc_key":"delivery_title"}}},"languages":["fr"]}"#
                + "\n")
        #expect(file.status == 0 && batch.status == 0, "\(file.error)\(batch.error)")
        let lines = [file.output] + batch.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        for line in lines {
            #expect(line.contains(#""id": "json.duplicate-key""#) || line.contains(#""id":"json.duplicate-key""#), "\(line)")
        }
    }

    @Test func aKeyTheLocalizationLacksFailsFallsBackOrShowsAsAsked() throws {
        let payload = "Resources/payloads/missed-call.json"
        let failed = try RenderAlertCommand.run(["localize", payload, "--language", "pt-PT", "--payload-only"])
        #expect(failed.status == 1)
        #expect(failed.output.isEmpty)
        #expect(failed.error.contains("error: nothing to send for pt-PT: title-loc-key \"call.missed.title\" would show the key itself in pt-PT"))

        let full = try RenderAlertCommand.json(["localize", payload, "--language", "pt-PT"]) as! [[String: Any]]
        #expect(full[0]["sendable"] as? Bool == false)
        #expect(full[0]["payload"] is NSNull)
        #expect((full[0]["diagnostics"] as! [[String: Any]]).contains { $0["id"] as? String == "localize.shows-key" && $0["line"] as? Int == 4 })

        let region = try RenderAlertCommand.run(["localize", payload, "--language", "pt-PT", "--payload-only", "--fallback", "development-region"])
        #expect(region.status == 0)
        #expect(region.output.contains(#""title":"Missed call","body":"Samir tentou ligar-lhe.""#))
        #expect(region.error.contains("warning: for pt-PT: title-loc-key \"call.missed.title\" has no text in pt-PT: the en text was used"))

        let device = try RenderAlertCommand.run(["localize", payload, "--language", "pt-PT", "--payload-only", "--fallback", "device"])
        #expect(device.status == 0)
        #expect(device.output.contains(#""title":"call.missed.title""#))
        #expect(device.error.contains("shows the key itself (--fallback device)"))

        // Simulator files carry only payloads too: the fallback is said all the same.
        let directory = try TemporaryDirectory()
        let files = try RenderAlertCommand.run([
            "localize", payload, "--language", "pt-PT", "--format", "apns", "--output-dir", directory.path, "--fallback", "development-region",
        ])
        #expect(files.status == 0, "\(files.error)")
        #expect(files.error.contains("warning: for pt-PT: title-loc-key \"call.missed.title\" has no text in pt-PT: the en text was used"))
    }

    /// `--keep-keys` output, rendered by a build that has the key and by one that lacks it:
    /// each shows localized text, neither shows the key.
    @Test func keptKeysWorkOnEveryBuild() throws {
        let directory = try TemporaryDirectory()
        for (version, hasKey) in [("5.3", true), ("5.2", false)] {
            try directory.write(
                "\(version)/en.lproj/Localizable.strings", "\"old.key\" = \"Old\";\n" + (hasKey ? "\"new.key\" = \"New message from %@\";\n" : ""))
            try directory.write(
                "\(version)/fr.lproj/Localizable.strings",
                "\"old.key\" = \"Ancien\";\n" + (hasKey ? "\"new.key\" = \"Nouveau message de %@ (5.3) : 100 %% sûr\";\n" : ""))
        }
        try directory.write("p.json", #"{"aps":{"alert":{"loc-key":"new.key","loc-args":["Ana"]}}}"#)
        let localized = try RenderAlertCommand.run(
            ["localize", directory.path + "/p.json", "--strings", directory.path + "/5.3", "--language", "fr", "--keep-keys", "--payload-only"])
        #expect(localized.status == 0, "\(localized.error)")
        // Percent signs doubled: a build without the key formats this text with loc-args.
        #expect(
            localized.output == #"{"aps":{"alert":{"body":"Nouveau message de Ana (5.3) : 100 %% sûr","loc-key":"new.key","loc-args":["Ana"]}}}"#
                + "\n")
        try directory.write("kept.json", localized.output)
        for (version, expected) in [("5.3", "Nouveau message de Ana (5.3) : 100 % sûr"), ("5.2", "Nouveau message de Ana (5.3) : 100 % sûr")] {
            let preview =
                try RenderAlertCommand.json(
                    ["preview", directory.path + "/kept.json", "--strings", directory.path + "/" + version, "--language", "fr", "--format", "json"])
                as! [String: Any]
            let render = ((preview["previews"] as! [[String: Any]])[0]["renders"] as! [[String: Any]])[0]
            #expect(render["body"] as? String == expected, "\(version): \(render["body"] ?? "")")
        }
    }
}
