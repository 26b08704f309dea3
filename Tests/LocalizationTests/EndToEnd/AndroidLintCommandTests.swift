import Foundation
import Testing

/// `render-alert lint --res RES --payloads fcm/`: an Android-only app gated in CI. Each FCM
/// message is rendered for a phone in each of the app's locales, and what would crash or blank
/// a notification fails the run.
@Suite("render-alert lint --res with FCM messages (end to end)")
struct AndroidLintCommandTests {
    static let strings = """
        <resources>
            <string name="title">New photos</string>
            <string name="body">%1$s shared %2$d photos</string>
            <string name="ok_body">%1$s shared photos</string>
        </resources>
        """
    static let french =
        #"<resources><string name="title">Nouvelles photos</string><string name="ok_body">%1$s a partagé des photos</string></resources>"#

    func app() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("app/src/main/res/values/strings.xml", Self.strings)
        try directory.write("app/src/main/res/values-fr/strings.xml", Self.french)
        return directory
    }

    @Test func aMessageThatCrashesTheAppFailsTheRunAndACleanOnePasses() throws {
        let directory = try app()
        try directory.write(
            "fcm/crash.json",
            #"{"message": {"android": {"notification": {"title_loc_key": "title", "body_loc_key": "body", "body_loc_args": ["Ana", "3"]}}}}"#)
        try directory.write(
            "fcm/ok.json",
            #"{"message": {"android": {"notification": {"title_loc_key": "title", "body_loc_key": "ok_body", "body_loc_args": ["Ana"]}}}}"#)
        let res = directory.path + "/app/src/main/res"
        let failing = try RenderAlertCommand.run(
            ["lint", "--res", res, "--payloads", directory.path + "/fcm", "--format", "json"], directory: directory.path)
        #expect(failing.status == 1, "\(failing.output)\(failing.error)")
        let findings = try JSONSerialization.jsonObject(with: Data(failing.output.utf8)) as! [String: Any]
        let listed = (findings["findings"] as? [[String: Any]]) ?? []
        #expect(
            listed.contains { $0["id"] as? String == "android.format-crash" && ($0["file"] as? String ?? "").hasSuffix("fcm/crash.json") },
            "\(failing.output)")
        // One fact, one finding, however many phones see it.
        #expect(listed.filter { $0["id"] as? String == "android.format-crash" }.count == 1)
        try FileManager.default.removeItem(atPath: directory.path + "/fcm/crash.json")
        let passing = try RenderAlertCommand.run(["lint", "--res", res, "--payloads", directory.path + "/fcm"], directory: directory.path)
        #expect(passing.status == 0, "\(passing.output)\(passing.error)")
    }

    @Test func aMissingKeyAndAnArgumentShortAreErrorsOnTheMessage() throws {
        let directory = try app()
        try directory.write("fcm/m.json", #"{"message": {"android": {"notification": {"title_loc_key": "titel", "body_loc_key": "ok_body"}}}}"#)
        try directory.write("fcm/n.json", #"{"message": {"android": {"notification": {"body_loc_key": "body", "body_loc_args": ["Ana"]}}}}"#)
        let result = try RenderAlertCommand.run(
            ["lint", "--res", directory.path + "/app/src/main/res", "--payloads", directory.path + "/fcm", "--format", "github"],
            directory: directory.path)
        #expect(result.status == 1)
        #expect(result.output.contains("android.missing-loc-key") && result.output.contains("m.json"), "\(result.output)")
        #expect(result.output.contains("android.missing-format-argument") && result.output.contains("n.json"), "\(result.output)")
    }

    @Test func fcmMessagesWithoutAndroidResourcesCannotBeChecked() throws {
        let directory = try app()
        try directory.write("fcm/ok.json", #"{"message": {"android": {"notification": {"title_loc_key": "title"}}}}"#)
        let result = try RenderAlertCommand.run(["lint", "--payloads", directory.path + "/fcm"], directory: directory.path)
        #expect(result.status == 2)
        #expect(result.error.contains("nothing to check the FCM messages against") && result.error.contains("--res"), "\(result.error)")
        // The build's options without the app they describe are refused, not ignored.
        for command in ["lint", "preview"] {
            let alone = try RenderAlertCommand.run([command, "--library-locales", "ja"], directory: directory.path)
            #expect(alone.status == 2 && alone.error.contains("go with --res"), "\(command): \(alone.error)")
        }
    }
}
