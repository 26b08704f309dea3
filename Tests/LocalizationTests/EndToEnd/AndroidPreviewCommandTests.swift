import Foundation
import Testing

/// `render-alert preview MESSAGE.json --res DIR`: an FCM message shown as an Android phone shows
/// it, per device locale, in text and JSON, with the iPhone's half when --strings is given.
@Suite("render-alert preview --res (end to end)")
struct AndroidPreviewCommandTests {
    typealias Object = [String: Any]

    static let message = #"""
        {"message": {"token": "t",
          "android": {"notification": {"title_loc_key": "delivery_title", "body_loc_key": "delivery_body", "body_loc_args": ["Ana", "the door"]}},
          "apns": {"payload": {"aps": {"alert": {"loc-key": "call.missed.body", "loc-args": ["Ana"]}}}}}}
        """#

    func write(_ json: String) throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory()
        try directory.write("message.json", json)
        return (directory, directory.path + "/message.json")
    }

    @Test func eachDeviceLocaleGetsItsFolderAndTheTextShowsWhichOne() throws {
        let (directory, file) = try write(Self.message)
        defer { withExtendedLifetime(directory) {} }
        let result = try RenderAlertCommand.run(
            ["preview", file, "--res", Fixtures.path("android/res"), "--language", "fr-CA", "--language", "es-MX", "--language", "de-DE"])
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "\(file) — Android")
        #expect(lines.contains("  fr-CA       title: Votre colis est arrivé (Québec)   [values-fr-rCA]"), "\(result.output)")
        #expect(lines.contains("              body:  Ana l'a déposé : the door.   [values-fr]"), "\(result.output)")
        #expect(lines.contains { $0.hasPrefix("  es-MX       title: Llegó tu paquete") }, "\(result.output)")
        // German is not in the app: the default folder.
        #expect(lines.contains("  de-DE       title: Your parcel is here   [values]"), "\(result.output)")
        // Without --strings, no iPhone half.
        #expect(!result.output.contains("iPhone"))
    }

    @Test func aFormatThatThrowsIsACrashAndAnErrorFinding() throws {
        let (directory, file) = try write(#"{"message": {"android": {"notification": {"body_loc_key": "count_body", "body_loc_args": ["3"]}}}}"#)
        defer { withExtendedLifetime(directory) {} }
        let result = try RenderAlertCommand.run(["preview", file, "--res", Fixtures.path("android/res"), "--language", "en-US"])
        #expect(result.output.contains("  en-US       the app crashes (IllegalFormatConversionException): nothing shown"), "\(result.output)")
        #expect(result.output.contains("android.format-crash"), "\(result.output)")
    }

    @Test func jsonListsEveryDeviceAndTheIPhoneHalf() throws {
        let (directory, file) = try write(Self.message)
        defer { withExtendedLifetime(directory) {} }
        let root =
            try RenderAlertCommand.json(
                ["preview", file, "--res", Fixtures.path("android/res"), "--strings", "Resources/strings", "--language", "fr-CA", "--format", "json"])
            as! Object
        #expect(root["schemaVersion"] as? Int == 1)
        let messages = root["messages"] as! [Object]
        #expect(messages.count == 1 && messages[0]["message"] as? String == file)
        let android = messages[0]["android"] as! [Object]
        #expect(android.count == 1)
        #expect(android[0]["deviceLocales"] as? [String] == ["fr-CA"])
        #expect(android[0]["outcome"] as? String == "shown")
        #expect(android[0]["title"] as? String == "Votre colis est arrivé (Québec)")
        #expect(android[0]["titleFolder"] as? String == "values-fr-rCA")
        #expect(android[0]["bodyFolder"] as? String == "values-fr")
        let iPhone = messages[0]["iPhone"] as! Object
        let renders = iPhone["renders"] as! [Object]
        #expect(renders.count == 1 && renders[0]["localization"] as? String == "fr-CA")
        #expect(renders[0]["body"] as? String == "Ana a tenté de vous joindre.", "\(renders[0])")
    }

    @Test func whatCannotBePreviewedIsRefusedWithTheReason() throws {
        let (directory, file) = try write(Self.message)
        defer { withExtendedLifetime(directory) {} }
        let html = try RenderAlertCommand.run(["preview", file, "--res", Fixtures.path("android/res"), "--format", "html"])
        #expect(html.status != 0 && html.error.contains("--res previews as a text table or JSON"), "\(html.error)")
        let noMessage = try RenderAlertCommand.run(["preview", "--res", Fixtures.path("android/res")])
        #expect(noMessage.status != 0 && noMessage.error.contains("give an FCM message file"), "\(noMessage.error)")
        let missing = try RenderAlertCommand.run(["preview", file, "--res", directory.path + "/no-such-res"])
        #expect(missing.status != 0 && missing.error.contains("cannot read the resources"), "\(missing.error)")
    }
}
