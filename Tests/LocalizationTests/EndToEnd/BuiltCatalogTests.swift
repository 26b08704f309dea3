import Foundation
import LocalizedAlerts
import Testing

/// A built app is read as a device reads it: Foundation never reads a String Catalog, so one
/// shipped raw (as SwiftPM's resource processing leaves it) gives users the keys. A source
/// folder keeps its catalogs, compiled as Xcode compiles them.
@Suite("Built apps that ship raw String Catalogs")
struct BuiltCatalogTests {
    static let catalog = #"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "greet": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "Hello"}},
            "de": {"stringUnit": {"state": "translated", "value": "Hallo"}}}}}}
        """#

    func app(named folder: String, infoPlist: String?) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("\(folder)/Localizable.xcstrings", Self.catalog)
        if let infoPlist { try directory.write("\(folder)/Info.plist", infoPlist) }
        try directory.write("p.json", #"{"aps": {"alert": {"loc-key": "greet"}}}"#)
        return directory
    }

    static func plist(executable: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>CFBundleExecutable</key><string>\(executable)</string>\
        <key>CFBundleDevelopmentRegion</key><string>en</string></dict></plist>

        """
    }

    @Test(arguments: [("Relay.app", nil), ("Build/Relay", Self.plist(executable: "Relay"))] as [(String, String?)])
    func aBuiltAppWithARawCatalogIsAnErrorAndShowsKeys(_ folder: String, _ infoPlist: String?) throws {
        let directory = try app(named: folder, infoPlist: infoPlist)
        let app = try AppLocalizations(directory: directory.path + "/" + folder)
        #expect(app.isBuiltBundle)
        #expect(app.catalogs.isEmpty)
        #expect(app.allDiagnostics.contains { $0.id == .uncompiledCatalog && $0.location.file?.hasSuffix("Localizable.xcstrings") == true })

        let lint = try RenderAlertCommand.run(["lint", directory.path + "/" + folder, "--payloads", directory.path + "/p.json"])
        #expect(lint.status == 1)
        #expect(lint.output.contains("[bundle.uncompiled-catalog]"), "\(lint.output)")
        let preview = try RenderAlertCommand.run([
            "preview", directory.path + "/p.json", "--strings", directory.path + "/" + folder, "--language", "de",
        ])
        #expect(preview.output.contains("greet [key]"), "\(preview.output)")
        #expect(!preview.output.contains("Hallo"))
    }

    @Test func aSourceFolderKeepsItsCatalog() throws {
        let directory = try app(named: "Sources/Relay", infoPlist: Self.plist(executable: "$(EXECUTABLE_NAME)"))
        let app = try AppLocalizations(directory: directory.path + "/Sources/Relay")
        #expect(!app.isBuiltBundle)
        #expect(app.catalogs["Localizable"] != nil)
        let preview = try RenderAlertCommand.run([
            "preview", directory.path + "/p.json", "--strings", directory.path + "/Sources/Relay", "--language", "de",
        ])
        #expect(preview.output.contains("Hallo"), "\(preview.output)")
    }
}
