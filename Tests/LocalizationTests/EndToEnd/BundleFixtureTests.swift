import Foundation
import Testing

/// A built `.app` directory (compiled binary tables and Info.plist, written by plistlib in
/// Fixtures/bundles/make-bundles.py) is read as its sources are: the same preview, the same
/// device choices, the same findings apart from where they point.
@Suite("Built app bundles")
struct BundleFixtureTests {
    static let source = Fixtures.path("bundles/source")
    static let built = Fixtures.path("bundles/Sample.app")
    static let archive = Fixtures.path("bundles/Sample.ipa")

    @Test func previewOfTheBuiltAppEqualsPreviewOfItsSources() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "missed.json", #"{"aps":{"alert":{"title-loc-key":"call.missed.title","loc-key":"call.missed.body","loc-args":["Ana"]}}}"#)
        try directory.write("quote.json", #"{"aps":{"alert":{"loc-key":"quote"}}}"#)
        try directory.write("plural.json", #"{"aps":{"alert":{"loc-key":"inbox.unread","loc-args":["3"]}}}"#)
        func preview(_ strings: String) throws -> [[String: Any]] {
            // Its own TMPDIR, checked below: tests running beside it copy archives into theirs.
            let result = try RenderAlertCommand.run(
                [
                    "preview", directory.path + "/missed.json", directory.path + "/quote.json", directory.path + "/plural.json",
                    "--strings", strings, "--language", "fr-CA", "--language", "de", "--language", "ja", "--format", "json",
                ],
                environment: ["TMPDIR": directory.path])
            #expect(result.status == 0, "\(result.error)")
            let root = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as! [String: Any]
            // What a device shows: per payload and device, the localization and each field.
            return (root["previews"] as! [[String: Any]]).flatMap { preview in
                (preview["renders"] as? [[String: Any]] ?? []).map { device in
                    device.filter { ["preferredLanguages", "localization", "searchList", "fields"].contains($0.key) }
                }
            }
        }
        let fromSource = try preview(Self.source)
        let fromBuild = try preview(Self.built)
        #expect(fromSource.count == 9)
        #expect(NSArray(array: fromSource).isEqual(to: fromBuild), "\(fromSource)\n\(fromBuild)")
        // The same app zipped as an .ipa, read from the archive.
        #expect(NSArray(array: fromSource).isEqual(to: try preview(Self.archive)))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).allSatisfy { !$0.hasPrefix("render-alert-ipa-") },
            "the copy is removed")
        // The compiled Info.plist's development region decides for ja, and the escapes survive.
        let text = String(describing: fromBuild)
        #expect(text.contains("Ana a tenté de vous joindre.") && text.contains("Dites « salut »"))
    }

    /// The page takes the app's name from the bundle's Info.plist (CFBundleDisplayName "Sample",
    /// not the folder's "Sample.app"), for a built app and for an archive; --app-name overrides.
    @Test func thePreviewPageNamesTheAppAsItsBundleDoes() throws {
        let directory = try TemporaryDirectory()
        try directory.write("titled.json", #"{"aps":{"alert":{"title":"Hi","body":"A title hides the name"}}}"#)
        try directory.write("untitled.json", #"{"aps":{"alert":{"body":"No title: the name stands in"}}}"#)
        for bundle in [Self.built, Self.archive] {
            // Its own TMPDIR: other tests check that no copy of an archive is left in the shared one.
            let result = try RenderAlertCommand.run(
                ["preview", directory.path, "--strings", bundle, "--language", "fr", "--format", "html"], environment: ["TMPDIR": directory.path])
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output.contains("<h1>Sample — notification preview</h1>"), "\(bundle)")
            let labels = result.output.matches(of: /class="icon[^"]*" role="img" aria-label="([^"]*)"/).map { String($0.output.1) }
            let names = result.output.matches(of: /<span class="app">([^<]*)<\/span>/).map { String($0.output.1) }
            #expect(
                !labels.isEmpty && labels.allSatisfy { $0 == "Sample" } && !names.isEmpty && names.allSatisfy { $0 == "Sample" }, "\(labels) \(names)"
            )
            let renamed = try RenderAlertCommand.run(
                ["preview", directory.path, "--strings", bundle, "--language", "fr", "--format", "html", "--app-name", "Other"],
                environment: ["TMPDIR": directory.path])
            #expect(!renamed.output.contains("aria-label=\"Sample\"") && renamed.output.contains("aria-label=\"Other\""))
        }
    }

    /// The icon Xcode copies beside Info.plist, in Apple's CgBI variant, becomes a standard PNG
    /// on the page: the largest of those Info.plist names (the browser test checks its pixels).
    @Test func thePreviewPageShowsTheBuiltAppsOwnIcon() throws {
        let directory = try TemporaryDirectory()
        try directory.write("untitled.json", #"{"aps":{"alert":{"body":"Hello"}}}"#)
        try directory.write("icon.png", PreviewCommandTests.png)
        func icon(_ arguments: [String]) throws -> [UInt8]? {
            let result = try RenderAlertCommand.run(
                ["preview", directory.path + "/untitled.json", "--language", "en", "--format", "html"] + arguments,
                environment: ["TMPDIR": directory.path])
            #expect(result.status == 0, "\(result.error)")
            guard let match = result.output.firstMatch(of: /url\("data:image\/png;base64,([A-Za-z0-9+\/=]+)"\)/) else { return nil }
            return Data(base64Encoded: String(match.output.1)).map(Array.init)
        }
        for bundle in [Self.built, Self.archive] {
            let png = try #require(try icon(["--strings", bundle]), "\(bundle)")
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            // Standard chunks only, the IHDR first: 120 × 120 (AppIcon60x60@2x, not 40x40@2x), 8-bit RGBA.
            #expect(png[12..<16].elementsEqual("IHDR".utf8) && png.firstRange(of: Array("CgBI".utf8)) == nil)
            #expect(Array(png[16..<26]) == [0, 0, 0, 120, 0, 0, 0, 120, 8, 6])
            // The image data is zlib's format now (CgBI's is raw deflate).
            let idat = try #require(png.firstRange(of: Array("IDAT".utf8)))
            #expect(png[idat.upperBound] == 0x78)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).allSatisfy { !$0.hasPrefix("render-alert-ipa-") })
        }
        // Sources have no built icon (the page shows the initial); --app-icon wins over the bundle's.
        #expect(try icon(["--strings", Self.source]) == nil)
        #expect(try icon(["--strings", Self.built, "--app-icon", directory.path + "/icon.png"]) == PreviewCommandTests.png)
    }

    /// Damaged icons are hostile input: one that cannot be converted gives way to the next
    /// largest, and with none left the page shows the initial; the preview itself succeeds.
    @Test func aDamagedIconGivesWayAndNeverFailsThePreview() throws {
        let directory = try TemporaryDirectory()
        try directory.write("untitled.json", #"{"aps":{"alert":{"body":"Hello"}}}"#)
        let app = directory.path + "/Damaged.app"
        try FileManager.default.copyItem(atPath: Self.built, toPath: app)
        let large = try [UInt8](Data(contentsOf: URL(fileURLWithPath: app + "/AppIcon60x60@2x.png")))
        let idat = try #require(large.firstRange(of: Array("IDAT".utf8)))
        func page() throws -> String {
            let result = try RenderAlertCommand.run([
                "preview", directory.path + "/untitled.json", "--strings", app, "--language", "en", "--format", "html",
            ])
            #expect(result.status == 0, "\(result.error)")
            return result.output
        }
        // The image data cut short: the 80-pixel icon is shown instead.
        try Data(large[..<(idat.upperBound + 20)] + large[(large.count - 12)...]).write(to: URL(fileURLWithPath: app + "/AppIcon60x60@2x.png"))
        #expect(try page().contains(#"url("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAFAAAABQCAYAAAC"#), "the 80 × 80 icon")
        // A header that claims 100,000 pixels a side, and a file that is no PNG: the initial.
        var huge = large
        let header = try #require(large.firstRange(of: Array("IHDR".utf8))).upperBound
        huge.replaceSubrange(header..<(header + 8), with: [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0])
        try Data(huge).write(to: URL(fileURLWithPath: app + "/AppIcon60x60@2x.png"))
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: app + "/AppIcon40x40@2x.png"))
        let initial = try page()
        #expect(!initial.contains("url(\"data:") && initial.contains(#"class="icon" role="img""#))
    }

    @Test func lintOfTheBuiltAppEqualsLintOfItsSources() throws {
        func findings(_ path: String) throws -> [String] {
            let result = try RenderAlertCommand.run(["lint", path, "--format", "json"])
            let root = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as! [String: Any]
            return (root["findings"] as! [[String: Any]]).map { "\($0["id"] ?? "") \($0["message"] ?? "")" }.sorted()
        }
        let fromSource = try findings(Self.source)
        #expect(!fromSource.isEmpty, "de lacks keys en has")
        #expect(try findings(Self.built) == fromSource)
        #expect(try findings(Self.archive) == fromSource)
    }

    @Test func aBuildInTheFieldMayBeAnArchive() throws {
        let directory = try TemporaryDirectory()
        try directory.write("m.json", #"{"version": 1, "keys": [{"field": "title", "key": "call.missed.title"}]}"#)
        let result = try RenderAlertCommand.run([
            "lint", "--app", "1.0=" + Self.archive, "--manifest", directory.path + "/m.json", "--format", "json",
        ])
        let root = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as! [String: Any]
        let messages = (root["findings"] as! [[String: Any]]).filter { $0["id"] as? String == "payload.key-missing-in-version" }.compactMap {
            $0["message"] as? String
        }
        #expect(messages == [#"title-loc-key "call.missed.title" is missing in 1.0 (1 of 3 localizations: de): users on 1.0 see the key"#])
    }

    /// Archives are hostile input: each is refused with the archive, the entry and the reason,
    /// exit 2, and nothing is left behind.
    @Test(arguments: [
        ("traversal.ipa", "would be written outside the archive's folder"),
        ("bomb.ipa", "a zip bomb?"),
        ("corrupt.ipa", "central directory is corrupt"),
        ("no-app.ipa", "no Payload/<Name>.app folder"),
        ("missing.ipa", "no such file"),
    ])
    func hostileArchivesAreRefused(name: String, reason: String) throws {
        let path = Fixtures.path("bundles/" + name)
        let directory = try TemporaryDirectory()
        try directory.write("p.json", #"{"aps":{"alert":{"loc-key":"call.missed.body","loc-args":["Ana"]}}}"#)
        for arguments in [
            ["preview", directory.path + "/p.json", "--strings", path],
            ["localize", directory.path + "/p.json", "--strings", path, "--language", "fr"],
        ] {
            let result = try RenderAlertCommand.run(arguments, environment: ["TMPDIR": directory.path])
            #expect(result.status == 2, "\(arguments)")
            #expect(result.error.contains("cannot read the app archive (\(path)): ") && result.error.contains(reason), "\(result.error)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).allSatisfy { !$0.hasPrefix("render-alert-ipa-") })
    }

    @Test func anArchiveOfTooManyEntriesIsRefused() throws {
        let directory = try TemporaryDirectory()
        let archive = directory.path + "/many.ipa"
        // Written by Python's zipfile at test time: 100,001 entries is 10 MB, too much to commit.
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = [
            "python3", "-c",
            "import sys, zipfile\nwith zipfile.ZipFile(sys.argv[1], 'w') as z:\n    for i in range(100001): z.writestr('Payload/A.app/%d' % i, b'')",
            archive,
        ]
        try python.run()
        python.waitUntilExit()
        try #require(python.terminationStatus == 0, "python3 writes the archive")
        try directory.write("p.json", #"{"aps":{"alert":{"body":"x"}}}"#)
        let result = try RenderAlertCommand.run(["preview", directory.path + "/p.json", "--strings", archive])
        #expect(result.status == 2)
        #expect(result.error.contains("more than 100000 entries"), "\(result.error)")
    }
}
