import Foundation
import Testing

@_spi(Presentation) @testable import LocalizedAlerts

@Suite("App localizations")
struct AppLocalizationsTests {
    @Test func loadsEveryReadableTableAndReportsTheRest() throws {
        let directory = try TemporaryDirectory()
        try directory.write("en.lproj/Localizable.strings", "\"hello\" = \"Hello\";")
        try directory.write("en.lproj/InfoPlist.strings", "\"CFBundleName\" = \"App\";")
        try directory.write("de.lproj/Localizable.strings", "\"hello\" = \"Hallo\"")  // missing ';'
        try directory.write("fr.lproj/Localizable.strings", "\"hello\" = \"Bonjour\";")
        try directory.write("Base.lproj/Main.strings", "\"x\" = \"y\";")
        try directory.write("notes.txt", "not a localization")
        try directory.write(
            "Info.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleDevelopmentRegion</key><string>en</string>
            <key>CFBundleLocalizations</key><array><string>en</string><string>fr</string><string>de</string></array>
            </dict></plist>
            """)
        let app = try AppLocalizations(directory: directory.path)
        #expect(app.localizations.map(\.name) == ["Base", "de", "en", "fr"])
        #expect(app.developmentRegion == "en")
        #expect(app.declaredLocalizations == ["en", "fr", "de"])
        #expect(app.localization(named: "en")?.tableNames == ["InfoPlist", "Localizable"])
        #expect(app.localization(named: "fr")?.tables["Localizable"]?["hello"] == "Bonjour")
        let german = try #require(app.localization(named: "de")?.tables["Localizable"])
        #expect(!german.isReadableOnDevice)
        #expect(app.allDiagnostics.map(\.id) == [.missingSemicolon])
        #expect(app.allDiagnostics.first?.location.file?.hasSuffix("de.lproj/Localizable.strings") == true)
    }

    @Test func corpusAppsLoad() throws {
        let app = try AppLocalizations(directory: Fixtures.path("corpus/pedometerplusplus"))
        #expect(app.localizations.count == 11)
        #expect(app.localizations.allSatisfy { $0.tables["Localizable"]?.isReadableOnDevice == true })
        #expect(app.localization(named: "de")?.tables["Localizable"]?.format == .text(.utf16LittleEndianWithBOM))
    }

    /// The name on a notification: a localization's InfoPlist.strings, else Info.plist.
    @Test func displayNameFollowsTheSearchList() throws {
        let app = try AppLocalizations(directory: Fixtures.repositoryRoot + "/Resources/strings")
        #expect(app.displayName == "Relay")
        #expect(app.displayName(searchList: ["ar", "en"]) == "ريلاي")
        #expect(app.displayName(searchList: ["ja", "en"]) == "リレー")
        #expect(app.displayName(searchList: ["xx"]) == "Relay")
    }

    @Test func writingDirectionComesFromICU() {
        for rtl in ["ar", "he", "fa", "ur-PK", "az-Arab", "ckb"] { #expect(LanguageFacts.isRightToLeft(rtl), "\(rtl)") }
        for ltr in ["en", "ja", "zh-Hant", "az", "tr", "Base"] { #expect(!LanguageFacts.isRightToLeft(ltr), "\(ltr)") }
        #expect(LanguageFacts.displayName("fr-CA") == "French (Canada)")
    }

    @Test func missingDirectoryThrows() {
        #expect(throws: FileReadError.self) { try AppLocalizations(directory: "/nonexistent/dir") }
    }

    /// Found by an audit: a named pipe called like a table blocked reading forever in open(),
    /// and inside an .lproj a pipe or folder named `*.strings` was skipped without a word. Only
    /// regular files are read; anything else is a located finding, at once.
    @Test func pipesAndFoldersNamedLikeTablesAreFindings() throws {
        let directory = try TemporaryDirectory()
        try directory.write("en.lproj/Localizable.strings", "\"hello\" = \"Hello\";")
        try FileManager.default.createDirectory(atPath: directory.path + "/en.lproj/Folder.strings", withIntermediateDirectories: true)
        for pipe in ["en.lproj/Pipe.strings", "en.lproj/Pipe.stringsdict", "Info.plist", "Pipe.xcstrings"] {
            #expect(mkfifo(directory.path + "/" + pipe, 0o644) == 0)
        }
        let clock = ContinuousClock()
        var app: AppLocalizations!
        let elapsed = try clock.measure { app = try AppLocalizations(directory: directory.path) }
        #expect(elapsed < .seconds(5))
        #expect(app.localization(named: "en")?.tables["Localizable"]?["hello"] == "Hello")
        let unreadable = app.diagnostics.filter { $0.id == .unreadableFile }
        let reasons = Dictionary(
            uniqueKeysWithValues: unreadable.map { ($0.location.file!.replacingOccurrences(of: directory.path + "/", with: ""), $0.message) })
        #expect(
            reasons == [
                "en.lproj/Folder.strings": "cannot read the file: is a directory",
                "en.lproj/Pipe.strings": "cannot read the file: is not a regular file",
                "en.lproj/Pipe.stringsdict": "cannot read the file: is not a regular file",
                "Info.plist": "cannot read the file: is not a regular file",
                "Pipe.xcstrings": "cannot read the file: is not a regular file",
            ])
        #expect(unreadable.allSatisfy { $0.severity == .error && $0.location.line == 1 && $0.location.column == 1 })
        #expect(throws: FileReadError.self) { try LocalizationTable(contentsOfFile: directory.path + "/en.lproj/Pipe.strings") }
        #expect(throws: FileReadError.self) { try NotificationPayload(contentsOfFile: directory.path + "/Info.plist") }
    }
}
