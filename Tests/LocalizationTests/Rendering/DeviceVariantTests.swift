import Foundation
import Testing

@testable import LocalizedAlerts

/// A value with device variants, localized in device mode for a device other than an iPhone:
/// the device's own variant, as that device shows it.
@Suite("Device variants in device mode")
struct DeviceVariantTests {
    static let catalog = #"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "tabs": {"localizations": {"en": {"variations": {"device": {
            "ipad": {"stringUnit": {"state": "translated", "value": "%@ opened a tab on iPad"}},
            "mac": {"stringUnit": {"state": "translated", "value": "%@ opened a window"}},
            "other": {"stringUnit": {"state": "translated", "value": "%@ opened a tab"}}}}}}}}}
        """#

    func renderer() throws -> (AlertRenderer, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        try directory.write("app/Localizable.xcstrings", Self.catalog)
        return (AlertRenderer(app: try AppLocalizations(directory: directory.path + "/app")), directory)
    }

    @Test(arguments: [
        (DeviceKind.iphone, "Ana opened a tab"), (.ipad, "Ana opened a tab on iPad"), (.mac, "Ana opened a window"),
        (.applewatch, "Ana opened a tab"),
    ])
    func deviceModeShowsTheDevicesVariant(_ device: DeviceKind, _ expected: String) throws {
        let (renderer, _) = try renderer()
        let payload = NotificationPayload(parsing: #"{"aps":{"alert":{"loc-key":"tabs","loc-args":["Ana"]}}}"#)
        let device = renderer.localize(payload, preferredLanguages: ["en"], mode: .device, device: device)
        #expect(device.body == expected)
    }

    @Test func theCommandHonoursDeviceInDeviceMode() throws {
        let (_, directory) = try renderer()
        try directory.write("p.json", #"{"aps":{"alert":{"loc-key":"tabs","loc-args":["Ana"]}}}"#)
        let result = try RenderAlertCommand.run([
            "localize", directory.path + "/p.json", "--strings", directory.path + "/app", "--language", "en", "--mode", "device", "--device", "ipad",
            "--payload-only",
        ])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("Ana opened a tab on iPad"), "\(result.output)")
        let tv = try RenderAlertCommand.run([
            "localize", directory.path + "/p.json", "--strings", directory.path + "/app", "--language", "en", "--mode", "device", "--device",
            "appletv",
        ])
        #expect(tv.status == 2)
        #expect(tv.error.contains("Apple TV shows no notification alerts"), "\(tv.error)")
    }
}
