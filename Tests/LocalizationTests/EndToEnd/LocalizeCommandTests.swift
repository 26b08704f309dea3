import Foundation
import Testing

@Suite("render-alert localize (end to end)")
struct LocalizeCommandTests {
    @Test func payloadOnlyServerAndDevice() throws {
        let server = try RenderAlertCommand.run(["localize", "Resources/payloads/inbox-summary.json", "--language", "ar", "--payload-only"])
        #expect(server.status == 0, "\(server.error)")
        #expect(server.output.contains(#""title":"٣ رسائل غير مقروءة""#))
        let device = try RenderAlertCommand.run(["localize", "Resources/payloads/inbox-summary.json", "--language", "ar", "--mode", "device", "--payload-only"])
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
        let input = [
            #"{"payload":{"aps":{"alert":{"loc-key":"call.missed.body","loc-args":["Ana"]}}},"languages":["fr-CA","en"],"id":"a1"}"#,
            "{not json",
            #"{"payload":{"aps":{"alert":{"title-loc-key":"inbox.unread.summary","title-loc-args":["1"]}}},"languages":"he","mode":"device"}"#,
            "",
            #"{"payload":[],"languages":["en"]}"#,
            #"{"payload":{"aps":{"alert":{"title-loc-key":"inbox.unread.summary","title-loc-args":["2"]}}},"languages":["he"]}"#,
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
        #expect(process.terminationStatus == 0)
        let lines = output.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(lines.count == 5, "one line per non-empty input line")
        #expect(lines.map { $0["line"] as? Int } == [1, 2, 3, 5, 6])
        #expect(lines[0]["id"] as? String == "a1")
        #expect(((lines[0]["payload"] as? [String: Any])?["aps"] as? [String: Any]).flatMap { ($0["alert"] as? [String: Any])?["body"] as? String } == "Ana a tenté de vous joindre.")
        #expect(lines[1]["error"] != nil)
        #expect(lines[2]["mode"] as? String == "device")
        #expect(lines[3]["error"] as? String == "the line has no \"payload\" object")
        #expect(((lines[4]["payload"] as? [String: Any])?["aps"] as? [String: Any]).flatMap { ($0["alert"] as? [String: Any])?["title"] as? String } == "שתי הודעות שלא נקראו")
    }
}
