import Foundation
import Testing

@testable import LocalizedAlerts

/// A NUL character in a value (written `\U0000` in a `.strings` table) ends the device's
/// format: the device shows what comes before it, and the finding says so, at the NUL.
@Suite("A NUL in a value")
struct NULInValueTests {
    @Test func theDeviceShowsWhatComesBeforeTheNULAndSaysWhy() throws {
        let directory = try TemporaryDirectory()
        try directory.write("app/en.lproj/Localizable.strings", "\"greeting\" = \"Hi \\U0000 %@ there\";\n\"plain\" = \"Hello %@\";\n")
        let renderer = AlertRenderer(app: try AppLocalizations(directory: directory.path + "/app"))
        let payload = NotificationPayload(
            parsing: #"{"aps":{"alert":{"title-loc-key":"plain","title-loc-args":["Ana"],"loc-key":"greeting","loc-args":["Ana"]}}}"#)
        let alert = renderer.render(payload, preferredLanguages: ["en"])
        #expect(alert.body?.text == "Hi ")
        #expect(alert.title?.text == "Hello Ana")
        let findings = alert.diagnostics.filter { $0.id == .pushNULInValue }
        #expect(findings.count == 1)
        #expect(findings.first?.message == #""greeting" (en) has a NUL character: the device's formatter stops there and shows "Hi ""#)
        // At the NUL's escape in the table: line 1, after `"greeting" = "Hi `.
        #expect(findings.first?.location.line == 1 && findings.first?.location.column == 18, "\(findings)")
        // Device mode localizes as the device shows it.
        #expect(renderer.localize(payload, preferredLanguages: ["en"], mode: .device).body == "Hi ")
    }
}
