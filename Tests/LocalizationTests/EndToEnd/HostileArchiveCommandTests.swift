import Foundation
import Testing

/// Archives that are not regular files, that could be read two ways, that are damaged or that
/// expand without end: each is refused at once, with the archive and the reason, exit status 2,
/// by every command that opens one.
@Suite("Hostile archives")
struct HostileArchiveCommandTests {
    static let archive = Fixtures.path("bundles/Sample.ipa")

    /// Writes a zip with Python's zipfile: `body` runs with `z`, the open archive, and `sys`.
    static func zip(_ path: String, _ body: String) throws {
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = [
            "python3", "-c",
            "import sys, stat, warnings, zipfile\nwarnings.simplefilter('ignore')\nwith zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:\n"
                + body.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"), path,
        ]
        try python.run()
        python.waitUntilExit()
        try #require(python.terminationStatus == 0, "python3 writes the archive")
    }

    static func payload(_ directory: TemporaryDirectory) throws -> String {
        try directory.write("p.json", #"{"aps":{"alert":{"loc-key":"call.missed.body","loc-args":["Ana"]}}}"#)
        return directory.path + "/p.json"
    }

    /// Every command that opens an archive, for `archive`.
    static func commands(_ archive: String, payload: String) -> [[String]] {
        [
            ["preview", payload, "--strings", archive], ["localize", payload, "--strings", archive, "--language", "fr"],
            ["lint", archive], ["lint", "--app", "1=" + archive, "--payloads", payload],
        ]
    }

    @Test(arguments: ["fifo", "directory", "device"])
    func onlyARegularFileIsOpenedAsAnArchive(kind: String) throws {
        let directory = try TemporaryDirectory()
        let payload = try Self.payload(directory)
        let archive = directory.path + "/X.ipa"
        switch kind {
        case "fifo": try #require(mkfifo(archive, 0o600) == 0)
        case "directory": try FileManager.default.createDirectory(atPath: archive + "/Payload/A.app", withIntermediateDirectories: true)
        default: try FileManager.default.createSymbolicLink(atPath: archive, withDestinationPath: "/dev/zero")
        }
        for arguments in Self.commands(archive, payload: payload) {
            let result = try RenderAlertCommand.run(arguments, timeout: 30)
            #expect(!result.timedOut && result.status == 2, "\(arguments)")
            #expect(result.error.contains("cannot read the app archive (\(archive)): "), "\(arguments): \(result.error)")
            #expect(result.error.contains(kind == "directory" ? "is a directory" : "is not a regular file"), "\(result.error)")
        }
    }

    /// No temporary folder is made at all: nothing is left when the process is stopped, and a
    /// TMPDIR that cannot be written to does not matter.
    @Test func anArchiveIsReadWithoutATemporaryFolder() throws {
        let directory = try TemporaryDirectory()
        let payload = try Self.payload(directory)
        let unwritable = directory.path + "/no-such-folder"
        for arguments in Self.commands(Self.archive, payload: payload) {
            let result = try RenderAlertCommand.run(arguments, environment: ["TMPDIR": unwritable])
            #expect(result.status != 2, "\(arguments): \(result.error)")
        }
        let result = try RenderAlertCommand.run(["lint", Self.archive, "--format", "json"])
        // Locations name the archive and the app inside it, not a copy.
        #expect(result.output.contains("Sample.ipa/Payload/Sample.app/") && !result.output.contains("render-alert-ipa"), "\(result.output)")
    }

    /// Many entries each too small for the per-entry ratio check add up: the entries read may
    /// expand to a bounded multiple of what they take in the archive, in all.
    @Test(arguments: [
        // Many languages of one table, one language of many tables, and both.
        "for i in range(300): z.writestr('Payload/A.app/l%d.lproj/Localizable.strings' % i, b'/*' + b' ' * (1 << 20 - 4) + b'*/')",
        "for i in range(300): z.writestr('Payload/A.app/en.lproj/T%d.strings' % i, b'/*' + b' ' * (1 << 20 - 4) + b'*/')",
        "for i in range(20):\n    for j in range(20): z.writestr('Payload/A.app/l%d.lproj/T%d.strings' % (i, j), b'/*' + b' ' * (1 << 20 - 4) + b'*/')",
    ])
    func smallEntriesCannotAddUpToABomb(script: String) throws {
        let directory = try TemporaryDirectory()
        let payload = try Self.payload(directory)
        let archive = directory.path + "/bomb.ipa"
        try Self.zip(archive, "z.writestr('Payload/A.app/Info.plist', b'<plist><dict/></plist>')\n" + script)
        for arguments in Self.commands(archive, payload: payload) {
            let result = try RenderAlertCommand.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.error.contains("cannot read the app archive (\(archive)): the app's tables expand past"), "\(result.error)")
        }
    }

    /// An archive that could be read two ways, or is damaged, is refused whatever the entry.
    @Test(arguments: [
        (
            "z.writestr('Payload/A.app/en.lproj/Localizable.strings', b'\"a\" = \"1\";')\nz.writestr('Payload/A.app/en.lproj/Localizable.strings', b'\"a\" = \"2\";')",
            "is listed twice"
        ),
        (
            "z.writestr('Payload/A.app/en.lproj/Localizable.strings', b'\"a\" = \"1\";')\nz.writestr('Payload/A.app/Frameworks/x', b'')\nz.writestr('Payload/A.app/Frameworks/x', b'')",
            "is listed twice"
        ),
        (
            "z.writestr('Payload/A.app/en.lproj/Localizable.strings', b'\"a\" = \"1\";')\nz.writestr('Payload/A.app/EN.lproj/Localizable.strings', b'\"a\" = \"2\";')",
            "differ only in case"
        ),
        (
            "z.writestr('Payload/A.app/Base.lproj/Localizable.strings', b'\"a\" = \"1\";')\nz.writestr('Payload/A.app/base.lproj/Other.strings', b'\"a\" = \"2\";')",
            "differ only in case"
        ),
        // One file to one unzipper, two (or another) to the next.
        (
            "z.writestr('Payload/A.app/fr.lproj/Localizable.strings', b'\"a\" = \"1\";')\nz.writestr('Payload/A.app/./fr.lproj/Localizable.strings', b'\"a\" = \"2\";')",
            "has an empty or \".\" part"
        ),
        (
            "z.writestr('Payload/A.app/de.lproj//Localizable.strings', b'\"a\" = \"2\";')\nz.writestr('Payload/A.app/de.lproj/Localizable.strings', b'\"a\" = \"1\";')",
            "has an empty or \".\" part"
        ),
        (
            "z.writestr('Payload/A.app/ja.lproj/Localizable.strings', b'\"a\" = \"1\";')\nz.writestr('Payload/A.app/ja.lproj/localizable.strings', b'\"a\" = \"2\";')",
            "differ only in case"
        ),
        (
            "z.writestr('Payload/A.app/Info.plist', b'<plist><dict/></plist>')\nz.writestr('Payload/A.app/info.plist', b'<plist><dict/></plist>')",
            "differ only in case"
        ),
        (
            "z.writestr('Payload/Relay.app/en.lproj/Localizable.strings', b'\"a\" = \"1\";')\nz.writestr('payload/relay.app/en.lproj/Localizable.strings', b'\"a\" = \"2\";')",
            "differ only in case"
        ),
        // The local header, which a streaming unzipper follows, names another table.
        (
            "z.writestr('Payload/A.app/en.lproj/Localizable.strings', b'\"a\" = \"1\";')\nz.writestr('Payload/A.app/fr.lproj/Localizable.strings', b'\"a\" = \"2\";')\nz.close()\nd = open(sys.argv[1], 'rb').read()\ni = d.index(b'A.app/fr.lproj')\nopen(sys.argv[1], 'wb').write(d[:i] + b'A.app/de.lproj' + d[i + 14:])",
            "in its local header"
        ),
        (
            "i = zipfile.ZipInfo('Payload/A.app/fr.lproj/Localizable.strings')\ni.external_attr = (stat.S_IFLNK | 0o777) << 16\nz.writestr(i, b'../en.lproj/Localizable.strings')\nz.writestr('Payload/A.app/en.lproj/Localizable.strings', b'\"a\" = \"1\";')",
            "is a symbolic link"
        ),
        (
            "i = zipfile.ZipInfo('Payload/A.app/Info.plist')\ni.external_attr = (stat.S_IFLNK | 0o777) << 16\nz.writestr(i, b'/etc/passwd')\nz.writestr('Payload/A.app/en.lproj/Localizable.strings', b'\"a\" = \"1\";')",
            "is a symbolic link"
        ),
    ])
    func ambiguousArchivesAreRefused(script: String, reason: String) throws {
        let directory = try TemporaryDirectory()
        let payload = try Self.payload(directory)
        let archive = directory.path + "/two-ways.ipa"
        try Self.zip(archive, script)
        for arguments in Self.commands(archive, payload: payload) {
            let result = try RenderAlertCommand.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.error.contains("cannot read the app archive (\(archive)): ") && result.error.contains(reason), "\(result.error)")
        }
    }

    /// A stored entry whose bytes no longer match its CRC-32 (one byte changed after writing).
    @Test(arguments: [CompressionMethod.stored, CompressionMethod.deflated])
    func aDamagedEntryIsRefused(method: CompressionMethod) throws {
        let directory = try TemporaryDirectory()
        let payload = try Self.payload(directory)
        let archive = directory.path + "/damaged.ipa"
        let text = #"\"call.missed.body\" = \"%@ called, in a text long enough to find again\";"#
        try Self.zip(archive, "z.writestr('Payload/A.app/en.lproj/Localizable.strings', b'\(text)', \(method.rawValue))")
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: archive)))
        // The entry's data follows its local header (30 bytes and the name); change its middle.
        let start = 30 + "Payload/A.app/en.lproj/Localizable.strings".utf8.count
        bytes[start + (method == .stored ? 20 : 4)] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: archive))
        for arguments in Self.commands(archive, payload: payload) {
            let result = try RenderAlertCommand.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.error.contains("cannot read the app archive (\(archive)): "), "\(result.error)")
            #expect(
                result.error.contains(method == .stored ? "is damaged: its CRC-32" : "cannot be read") || result.error.contains("is damaged"),
                "\(result.error)")
        }
    }

    /// A compression method of Python's zipfile module; the raw value names its constant.
    enum CompressionMethod: String, CaseIterable, Sendable {
        case stored = "zipfile.ZIP_STORED"
        case deflated = "zipfile.ZIP_DEFLATED"
    }
}
