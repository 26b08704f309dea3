import Foundation
import Testing

@testable import LocalizedAlerts

/// A part of an Android `res/` folder that cannot be read is a located finding at its path,
/// with what aapt2 does with it, and the rest of the app is still read: never the whole read
/// stopped, never a part skipped without a word.
@Suite("Unreadable parts of an Android res folder")
struct AndroidUnreadableResourceTests {
    /// A res folder with strings in values and values-fr, and in values: a pipe, a link to
    /// nothing and a folder named `*.xml`; and a folder link that loops.
    static func hostileResources() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("res/values/strings.xml", #"<resources><string name="t">Title</string></resources>"#)
        try directory.write("res/values-fr/strings.xml", #"<resources><string name="t">Titre</string></resources>"#)
        let values = directory.path + "/res/values"
        #expect(mkfifo(values + "/pipe.xml", 0o644) == 0)
        #expect(symlink("nowhere.xml", values + "/dangling.xml") == 0)
        try FileManager.default.createDirectory(atPath: values + "/folder.xml", withIntermediateDirectories: false)
        #expect(symlink("values-de", directory.path + "/res/values-de") == 0)
        return directory
    }

    @Test("a pipe, a dangling link, a folder named *.xml and a looping folder link are each a finding; the strings are read")
    func findingsAndTheRest() throws {
        let directory = try Self.hostileResources()
        let app = try AndroidAppResources(resourceDirectory: directory.path + "/res")
        #expect(app.text(of: AndroidResourceName(type: "string", name: "t"), forResourceLocale: "fr")?.text == "Titre")
        #expect(app.text(of: AndroidResourceName(type: "string", name: "t"), forResourceLocale: nil)?.text == "Title")
        let findings = app.diagnostics.filter { $0.id == .unreadableFile }
        let byPath = Dictionary(
            uniqueKeysWithValues: findings.map { ($0.location.file!.replacingOccurrences(of: directory.path + "/res/", with: ""), $0) })
        #expect(byPath.keys.sorted() == ["values-de", "values/dangling.xml", "values/folder.xml", "values/pipe.xml"])
        #expect(byPath["values/pipe.xml"]?.severity == .error)
        #expect(byPath["values/pipe.xml"]?.message.contains("aapt2 fails the build") == true)
        #expect(byPath["values/dangling.xml"]?.severity == .error)
        #expect(byPath["values/dangling.xml"]?.message.contains("file not found") == true)
        #expect(byPath["values/folder.xml"]?.severity == .warning)
        #expect(byPath["values-de"]?.severity == .warning)
        #expect(byPath["values-de"]?.message.contains("cannot read the folder") == true)
        #expect(findings.allSatisfy { $0.location.line == 1 && $0.location.column == 1 })
    }

    @Test("lint --res and preview --res report each unreadable part and check the rest")
    func commandLine() throws {
        let directory = try Self.hostileResources()
        try directory.write(
            "message.json", #"{"message":{"android":{"notification":{"title_loc_key":"t"}}}}"#)
        let res = directory.path + "/res"
        let lint = try RenderAlertCommand.run(["lint", "--res", res], timeout: 30)
        #expect(!lint.timedOut)
        #expect(lint.status == 1, "\(lint.error)")
        for part in ["values/pipe.xml", "values/dangling.xml", "values/folder.xml", "values-de"] {
            #expect(lint.output.contains(part), "\(part)")
        }
        let preview = try RenderAlertCommand.run(
            ["preview", directory.path + "/message.json", "--res", res, "--language", "fr"], timeout: 30)
        #expect(!preview.timedOut)
        #expect(preview.status != 2, "\(preview.error)")
        #expect(preview.output.contains("Titre"))
        #expect(preview.output.contains("aapt2 fails the build"))
    }
}
