import Foundation
import Testing

@testable import LocalizedAlerts

/// What a phone shows, as the real chain answered it: each case of
/// `Fixtures/android/phone-cases` is a `res/` folder (with a library's `lib/` and the
/// manifest where the case needs them), an FCM message and device locale lists, and its
/// `expected.json` is what `scripts/android/e2e/run.sh --write-fixtures` recorded from
/// `aapt2 compile --legacy` + `aapt2 link`, libandroidfw's `AssetManager2` on the linked APK,
/// and the Java port of Android's and Firebase's rules with OpenJDK's `String.format`.
/// The folder is rendered in-process against that answer; with aapt2 installed, so is the APK
/// built from it.
@Suite("Android phone cases: the folder and the built app against the real chain")
struct AndroidPhoneCaseTests {
    static let directory = "android/phone-cases"

    struct Case {
        var name: String
        var path: String
        var message: FCMMessage
        var devices: [[String]]
        var expected: [String: Any]

        var builds: Bool { expected["build"] as? String == "ok" }
        var appName: String { expected["appName"] as? String ?? "App" }
        var expectedDevices: [[String: Any]] { expected["devices"] as? [[String: Any]] ?? [] }
        var libraryPath: String? { FileManager.default.fileExists(atPath: path + "/lib") ? path + "/lib" : nil }
    }

    static func cases() throws -> [Case] {
        let root = Fixtures.path(directory)
        return try FileManager.default.contentsOfDirectory(atPath: root).sorted().map { name in
            let path = root + "/" + name
            let devices = try String(contentsOfFile: path + "/devices.txt", encoding: .utf8).split(separator: "\n")
                .map { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }
                .filter { !$0.isEmpty && !$0[0].isEmpty }
            let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path + "/expected.json"))) as! [String: Any]
            return Case(name: name, path: path, message: try FCMMessage(contentsOfFile: path + "/message.json"), devices: devices, expected: expected)
        }
    }

    /// The library's locales, as the harness passes them: every locale its folders hold.
    static func build(for testCase: Case) throws -> AndroidBuildSettings {
        guard let library = testCase.libraryPath else { return AndroidBuildSettings() }
        return AndroidBuildSettings(libraryLocales: try AndroidAppResources(resourceDirectory: library).locales)
    }

    /// Each device's rendering against the recorded answer: outcome, exception, title, body.
    static func disagreements(_ testCase: Case, _ resources: AndroidAppResources, reading: String) -> [String] {
        var found: [String] = []
        guard testCase.builds else {
            // The build fails: some error says so, in the resources or in every rendering.
            let errors =
                resources.diagnostics.containsErrors
                || testCase.devices.allSatisfy {
                    AndroidRenderer.render(testCase.message, deviceLocales: $0, resources: resources, appName: testCase.appName).diagnostics
                        .containsErrors
                }
            return errors ? [] : ["\(testCase.name) (\(reading)): the build fails, and no error says so"]
        }
        #expect(testCase.expectedDevices.count == testCase.devices.count, "\(testCase.name): devices.txt and expected.json disagree")
        for (devices, expected) in zip(testCase.devices, testCase.expectedDevices) {
            let rendering = AndroidRenderer.render(testCase.message, deviceLocales: devices, resources: resources, appName: testCase.appName)
            let outcome: String
            var exception: String?
            switch rendering.outcome {
            case .shown: outcome = "shown"
            case .notDisplayed: outcome = "not-displayed"
            case .crash(let name):
                outcome = "crash"
                exception = name
            }
            var got: [String?] = [outcome, exception, outcome == "shown" ? rendering.title : nil, outcome == "shown" ? rendering.body : nil]
            let want = ["outcome", "exception", "title", "body"].map { expected[$0] as? String }
            // A resource ID shown (a reference that never reaches text) counts the libraries'
            // resources: given by their locales alone, the number cannot be known and the
            // finding must say so.
            let saysIDMayMove = rendering.diagnostics.contains {
                $0.id == .androidReferenceLoop && $0.message.contains(AndroidDeviceIssue.unreadLibrariesCaveat)
            }
            for field in 2...3 where resources.identifiersMayCountUnreadLibraries && saysIDMayMove {
                if let shown = got[field], let phone = want[field], shown.isResourceIDText, phone.isResourceIDText { got[field] = phone }
            }
            if got != want {
                found.append("\(testCase.name) (\(reading)) \(devices.joined(separator: ",")): expected \(want), got \(got)")
            }
        }
        return found
    }

    @Test("every case, read from its res/ folder, shows what the phone shows")
    func folders() throws {
        let cases = try Self.cases()
        #expect(cases.count >= 7)
        var found: [String] = []
        for testCase in cases {
            let resources = try AndroidAppResources(resourceDirectory: testCase.path + "/res", build: try Self.build(for: testCase))
            found += Self.disagreements(testCase, resources, reading: "res/")
            if testCase.builds, let locales = testCase.expected["appLocales"] as? [String] {
                #expect(resources.locales == locales, "\(testCase.name): the app's locale list")
            }
            // The library's folder read with the app's: every ID is known.
            if let library = testCase.libraryPath {
                let linked = try AndroidAppResources(resourceDirectories: [testCase.path + "/res", library])
                found += Self.disagreements(testCase, linked, reading: "res/ and lib/")
            }
        }
        #expect(found.isEmpty, "\(found.count):\n\(found.joined(separator: "\n"))")
    }

    @Test(
        "every case, built by aapt2 and read from the APK's table, shows the same",
        .enabled(if: AndroidResourceTableTests.aapt2 != nil, "aapt2 is not installed (apt-get install aapt)"))
    func builtApps() throws {
        var found: [String] = []
        for testCase in try Self.cases() where testCase.builds {
            let table = try AndroidResourceTable(arsc: try Self.link(testCase), file: testCase.name + ".apk!resources.arsc")
            let resources = AndroidAppResources(builtApp: table)
            found += Self.disagreements(testCase, resources, reading: "APK")
            #expect(table.locales == testCase.expected["appLocales"] as? [String], "\(testCase.name): the APK's locale list")
        }
        #expect(found.isEmpty, "\(found.count):\n\(found.joined(separator: "\n"))")
    }

    /// `aapt2 compile --legacy` of the case's folders (the app's, then the library's) and
    /// `aapt2 link`: the linked APK's `resources.arsc`.
    static func link(_ testCase: Case) throws -> [UInt8] {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("phone-case-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: work) }
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let manifest = testCase.path + "/AndroidManifest.xml"
        let manifestPath =
            FileManager.default.fileExists(atPath: manifest)
            ? manifest
            : {
                let path = work + "/AndroidManifest.xml"
                try? Data(#"<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.app"/>"#.utf8)
                    .write(to: URL(fileURLWithPath: path))
                return path
            }()
        var flats: [String] = []
        for (index, res) in ([testCase.path + "/res"] + [testCase.libraryPath].compactMap { $0 }).enumerated() {
            let zip = work + "/compiled-\(index).zip"
            try run(["compile", "--legacy", "--dir", res, "-o", zip])
            flats.append(zip)
        }
        // The library's resources go in as an overlay: its values of a name the app defines
        // lose, as the Gradle plugin's merge decides.
        try run(
            ["link", "-o", work + "/app.apk", "--manifest", manifestPath, flats[0]] + flats.dropFirst().flatMap { ["-R", $0] } + [
                "--auto-add-overlay"
            ])
        // The zip is the command line's to read (ZIPFoundation); here Python's zipfile takes the
        // table out.
        let table = work + "/resources.arsc"
        try run(
            [
                "-c", "import sys, zipfile; open(sys.argv[2], 'wb').write(zipfile.ZipFile(sys.argv[1]).read('resources.arsc'))", work + "/app.apk",
                table,
            ],
            tool: "/usr/bin/python3")
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: table)))
    }

    static func run(_ arguments: [String], tool: String = AndroidResourceTableTests.aapt2!) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            struct Failed: Error, CustomStringConvertible { var description: String }
            throw Failed(description: "\(tool) \(arguments.joined(separator: " ")): \(message)")
        }
    }
}

extension String {
    /// `@` and a resource ID, as `TypedValue.coerceToString` writes a reference left.
    fileprivate var isResourceIDText: Bool {
        guard let rest = first == "@" ? dropFirst() : nil else { return false }
        return Int32(rest) != nil
    }
}
