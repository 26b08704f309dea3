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
        // No res/ folder under the working directory, and no --res.
        let directory = try TemporaryDirectory()
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

    /// A monorepo: an iOS app, an Android app module with a debug overlay and a generated
    /// build/ folder, and a library module whose strings the app's messages use.
    func monorepo() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("ios/Relay/en.lproj/Localizable.strings", #""welcome" = "Welcome";"# + "\n")
        try directory.write("android/app/build.gradle.kts", "plugins { id(\"com.android.application\") }\n")
        try directory.write("android/core/build.gradle.kts", "plugins { alias(libs.plugins.android.library) }\n")
        try directory.write(
            "android/app/src/main/res/values/strings.xml",
            #"<resources><string name="app_name">Relay</string><string name="new_message">%1$s wrote</string></resources>"#)
        try directory.write(
            "android/app/src/main/res/values-fr/strings.xml", #"<resources><string name="new_message">%1$s a écrit</string></resources>"#)
        try directory.write("android/app/src/debug/res/values/strings.xml", #"<resources><string name="app_name">Relay (debug)</string></resources>"#)
        try directory.write("android/core/src/main/res/values/strings.xml", #"<resources><string name="core_title">New message</string></resources>"#)
        // What the build generated is not the app's to fix: an unescaped apostrophe there is
        // never reported.
        try directory.write("android/app/build/intermediates/res/merged/values/values.xml", "<resources><string name=\"x\">it's</string></resources>")
        return directory
    }

    @Test func lintFindsResFoldersAndChecksTheAndroidAppBesideTheIOSApp() throws {
        let directory = try monorepo()
        try directory.write(
            "fcm/m.json", #"{"message": {"android": {"notification": {"title_loc_key": "core_title", "body_loc_key": "new_message"}}}}"#)
        let failing = try RenderAlertCommand.run(["lint", "--payloads", "fcm", "--format", "json"], directory: directory.path)
        #expect(failing.status == 1, "\(failing.output)\(failing.error)")
        let report = try JSONSerialization.jsonObject(with: Data(failing.output.utf8)) as! [String: Any]
        let ids = ((report["findings"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
        // The string takes an argument the message does not send; the library's title is found.
        #expect(ids.contains("android.loc-args-missing") && !ids.contains("android.missing-loc-key"), "\(ids)")
        #expect(!ids.contains("android.unescaped-apostrophe"), "build/ was searched: \(failing.output)")
        // The iOS app and the three res folders (main, debug, the library's).
        #expect((report["summary"] as? [String: Any])?["targets"] as? Int == 4, "\(report)")
        try directory.write(
            "fcm/m.json",
            #"{"message": {"android": {"notification": {"title_loc_key": "core_title", "body_loc_key": "new_message", "body_loc_args": ["Ana"]}}}}"#)
        let passing = try RenderAlertCommand.run(["lint", "--payloads", "fcm"], directory: directory.path)
        #expect(passing.status == 0, "\(passing.output)\(passing.error)")
        // A module given alone, and its res/ folder given alone, are checked too: without the
        // library beside them, its string is missing.
        for path in ["android/app", "android/app/src/main/res"] {
            let alone = try RenderAlertCommand.run(["lint", path, "--payloads", "fcm"], directory: directory.path)
            #expect(alone.status == 1 && alone.output.contains(#"string "core_title""#), "\(path): \(alone.output)\(alone.error)")
        }
    }

    @Test func everyReporterCarriesTheAndroidFindingsAndTheBaselineAcceptsThem() throws {
        let directory = try app()
        try directory.write("app/src/main/res/values-he/strings.xml", #"<resources><string name="title">תמונות חדשות</string></resources>"#)
        try directory.write("fcm/m.json", #"{"message": {"android": {"notification": {"title_loc_key": "titel", "body_loc_key": "ok_body"}}}}"#)
        let expected = ["android.missing-loc-key", "android.loc-args-missing", "android.unread-locale-folder"]
        for format in ["human", "json", "sarif", "junit", "github", "xcode", "markdown"] {
            let result = try RenderAlertCommand.run(["lint", "--payloads", "fcm", "--format", format], directory: directory.path)
            #expect(result.status == 1, "\(format): \(result.error)")
            for id in expected { #expect(result.output.contains(id), "\(format) lacks \(id): \(result.output)") }
        }
        let written = try RenderAlertCommand.run(["lint", "--payloads", "fcm", "--write-baseline", "baseline.json"], directory: directory.path)
        #expect(written.status == 0, "\(written.error)")
        let accepted = try RenderAlertCommand.run(["lint", "--payloads", "fcm", "--baseline", "baseline.json"], directory: directory.path)
        #expect(accepted.status == 0, "\(accepted.output)\(accepted.error)")
    }

    @Test func aManifestsAndroidKeysAreCheckedAsTheMessagesThatCarryThem() throws {
        let directory = try app()
        try directory.write(
            "app/src/main/res/values/plurals.xml", #"<resources><plurals name="photos"><item quantity="other">%d photos</item></plurals></resources>"#
        )
        try directory.write(
            "keys.json",
            """
            {"version": 1, "keys": [
              {"field": "title", "key": "title", "platform": "android"},
              {"field": "body", "key": "ok_body", "arguments": ["string"], "platform": "android"}
            ]}
            """)
        let clean = try RenderAlertCommand.run(["lint", "--manifest", "keys.json"], directory: directory.path)
        #expect(clean.status == 0, "\(clean.output)\(clean.error)")
        try directory.write(
            "keys.json",
            """
            {"version": 1, "keys": [
              {"field": "title", "key": "titel", "platform": "android"},
              {"field": "body", "key": "photos", "arguments": ["number"], "platform": "android"},
              {"field": "body", "key": "ok_body", "platform": "android"},
              {"field": "subtitle", "key": "title", "platform": "both"}
            ]}
            """)
        let broken = try RenderAlertCommand.run(["lint", "--manifest", "keys.json", "--format", "json"], directory: directory.path)
        #expect(broken.status == 1, "\(broken.output)\(broken.error)")
        let findings = (try JSONSerialization.jsonObject(with: Data(broken.output.utf8)) as! [String: Any])["findings"] as! [[String: Any]]
        let byID = Dictionary(grouping: findings) { $0["id"] as? String ?? "" }
        // Each at its manifest entry.
        #expect(byID["android.missing-loc-key"]?.first?["message"] as? String == #"no values folder defines string "titel" (did you mean "title"?)"#)
        #expect(byID["android.missing-loc-key"]?.first?["line"] as? Int == 2, "\(findings)")
        #expect(byID["android.loc-key-not-a-string"]?.first?["line"] as? Int == 3, "\(findings)")
        #expect(byID["android.loc-args-missing"]?.first?["line"] as? Int == 4, "\(findings)")
        #expect((byID["manifest.invalid"]?.first?["message"] as? String)?.contains("no subtitle loc key") == true, "\(findings)")
        // Android keys with no Android app to check them against: nothing checked, exit 2.
        let elsewhere = try TemporaryDirectory()
        try elsewhere.write("keys.json", #"{"version": 1, "keys": [{"key": "title", "platform": "android"}]}"#)
        let none = try RenderAlertCommand.run(["lint", "--manifest", "keys.json"], directory: elsewhere.path)
        #expect(none.status == 2 && none.error.contains("the manifest's Android keys"), "\(none.error)")
    }
}
