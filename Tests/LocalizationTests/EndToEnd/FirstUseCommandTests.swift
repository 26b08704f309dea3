import Foundation
import Testing

/// What a new user types and reads outside lint: a preview that says one fact once, a mistyped
/// command, a language list that is not one, a default input said out loud.
@Suite("render-alert commands as a new user meets them (end to end)")
struct FirstUseCommandTests {
    func app(_ files: [String: String]) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        for (path, text) in files { try directory.write(path, text) }
        return directory
    }

    // MARK: Preview says one fact once

    @Test func previewMergesAFindingRepeatedPerLanguage() throws {
        let directory = try app([
            "app/en.lproj/Localizable.strings": "\"K\" = \"Hello\";\n",
            "app/de.lproj/Localizable.strings": "\"K\" = \"Hallo\";\n",
            "app/fr.lproj/Localizable.strings": "\"X\" = \"x\";\n",
            "app/it.lproj/Localizable.strings": "\"X\" = \"x\";\n",
            "typo.json": #"{"aps": {"alert": {"loc-key": "TYPO"}}}"#,
            "k.json": #"{"aps": {"alert": {"loc-key": "K"}}}"#,
        ])
        let typo = try RenderAlertCommand.run(["preview", directory.path + "/typo.json", "--strings", directory.path + "/app"])
        let typoFindings = typo.output.split(separator: "\n").filter { $0.contains("[payload.key-missing]") }
        #expect(typoFindings.count == 1, "\(typo.output)")
        #expect(typoFindings.first?.contains("loc-key \"TYPO\" is in no localization's Localizable table") == true)
        #expect(typoFindings.first?.contains("(a typo?)") == true)
        let partial = try RenderAlertCommand.run(["preview", directory.path + "/k.json", "--strings", directory.path + "/app"])
        let partialFindings = partial.output.split(separator: "\n").filter { $0.contains("[payload.key-missing]") }
        #expect(partialFindings.count == 1, "\(partial.output)")
        #expect(partialFindings.first?.contains("\"K\" is missing for fr, it: a device in those languages") == true, "\(partialFindings)")
    }

    // MARK: Met on the way

    @Test func aMistypedCommandIsNotReadAsAPayload() throws {
        let result = try RenderAlertCommand.run(["lnt"])
        #expect(result.status == 2)
        #expect(result.error.contains("unknown command \"lnt\" (did you mean lint?)"), "\(result.error)")
    }

    @Test func aLanguageListThatIsNotOneIsRefused() throws {
        for arguments in [
            ["preview", "Resources/payloads/missed-call.json", "--strings", "Resources/strings", "--language", "fr;en"],
            ["localize", "Resources/payloads/missed-call.json", "--strings", "Resources/strings", "--language", "fr,,en"],
            ["match", "--preferred", "fr;en", "--available", "Resources/strings"],
        ] {
            let result = try RenderAlertCommand.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.error.contains("takes language IDs separated by commas"), "\(result.error)")
        }
    }

    @Test func localizeWithoutStringsSaysItUsesTheSample() throws {
        let result = try RenderAlertCommand.run(["localize", "Resources/payloads/missed-call.json", "--language", "fr"])
        #expect(result.status == 0)
        #expect(result.error.contains("no --strings given: localizing against the bundled sample app"))
    }

    @Test func matchWritesItsExplanationOnLines() throws {
        let result = try RenderAlertCommand.run(["match", "--preferred", "fr-CA,en", "--available", "Resources/strings"])
        #expect(result.status == 0)
        #expect(!result.output.contains("␊"))
        #expect(result.output.split(separator: "\n").count == 3, "the search list, then the explanation line by line: \(result.output)")
    }
}
