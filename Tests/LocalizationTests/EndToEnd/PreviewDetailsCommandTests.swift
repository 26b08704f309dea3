import Foundation
import Testing

/// Details of the terminal cards and the Android page that a newcomer meets first: nothing
/// cut or shown as a placeholder's punctuation.
@Suite("render-alert preview details (end to end)")
struct PreviewDetailsCommandTests {
    /// An app without a display name is named after its bundle; a card's footer keeps its
    /// counts and the extension's note whole.
    @Test func cardsNameTheBundleAndKeepTheirFooterWhole() throws {
        let directory = try TemporaryDirectory()
        try directory.write("Build/Products/Courier.app/en.lproj/Localizable.strings", "\"K\" = \"Hi\";\n")
        try directory.write("p.json", #"{"aps":{"mutable-content":1,"alert":{"loc-key":"K","loc-args":["x"]}}}"#)
        let result = try RenderAlertCommand.run([
            "preview", directory.path + "/p.json", "--strings", directory.path + "/Build/Products/Courier.app", "--layout", "cards",
        ])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("│ ▣ COURIER "), "\(result.output)")
        let footer = result.output.split(separator: "\n").first { $0.contains("╰") }.map(String.init) ?? ""
        #expect(footer.contains("─ ⚠ 1 ─") && footer.contains(" extension may edit ─╯"), "\(footer)")
    }

    /// Resources without `app_name`: the page neither titles itself `<app name>` nor draws `<`
    /// as the icon.
    @Test func anAndroidAppWithoutItsNameHasNoPlaceholderOnThePage() throws {
        let directory = try TemporaryDirectory()
        try directory.write("res/values/strings.xml", #"<resources><string name="t">Hi</string></resources>"#)
        try directory.write("m.json", #"{"message":{"android":{"notification":{"body_loc_key":"t"}}}}"#)
        let result = try RenderAlertCommand.run(["preview", directory.path + "/m.json", "--res", directory.path + "/res", "--format", "html"])
        #expect(result.status == 0, "\(result.error)")
        #expect(!result.output.contains("<title>&lt;app name&gt;") && result.output.contains("with --app-name)</title>"))
        #expect(!result.output.contains(#"class="android-icon" role="img" aria-label="&lt;app name&gt;">&lt;<"#))
        #expect(result.output.contains(#"aria-label="&lt;app name&gt;">•</span>"#))
        let named = try RenderAlertCommand.run([
            "preview", directory.path + "/m.json", "--res", directory.path + "/res", "--format", "html", "--app-name", "Courier",
        ])
        #expect(named.output.contains("<title>Courier — Android notification preview</title>"))
    }
}
