import Foundation
import Testing

@testable import LocalizedAlerts

@Suite("Stringsdict reader")
struct StringsDictionaryTests {
    static func corpusFiles() -> [String] {
        var files = Fixtures.files(under: Fixtures.path("corpus"), suffixes: [".stringsdict"])
        if let corpus = Fixtures.largerCorpus() { files += Fixtures.files(under: corpus, suffixes: [".stringsdict"]) }
        return files + Fixtures.files(under: Fixtures.repositoryRoot + "/Resources/strings", suffixes: [".stringsdict"])
    }

    @Test func everyCorpusFileLoadsWithoutErrors() throws {
        let files = Self.corpusFiles()
        #expect(files.count >= 16)
        for file in files {
            let dictionary = try StringsDictionary(contentsOfFile: file)
            #expect(dictionary.isReadableOnDevice, "\(file)")
            #expect(!dictionary.entries.isEmpty, "\(file)")
            #expect(!dictionary.diagnostics.containsErrors, "\(file): \(dictionary.diagnostics.filter { $0.severity == .error })")
        }
    }

    @Test func russianNestedPluralsResolve() throws {
        let dictionary = try StringsDictionary(contentsOfFile: Fixtures.path("corpus/duckduckgo-ios/ru.lproj/Localizable.stringsdict"))
        let value = try #require(dictionary["autofill.delete.all.passwords.confirmation.body"])
        let formatter = ServerFormatter(locale: "ru")
        func text(_ count: Int) -> String { formatter.format(value, arguments: [FormatArgument(String(count)), FormatArgument(String(count))]).text }
        #expect(text(1).hasSuffix("войти в свою учетную запись."), "one")
        #expect(text(3).hasSuffix("войти в свои учетные записи."), "few")
        #expect(text(5).hasSuffix("войти в свои учетные записи."), "many")
        #expect(text(21).hasSuffix("войти в свою учетную запись."), "21 is one in Russian")
        // A device shows the format key through its own formatter.
        #expect(value.deviceText().text == "%1$#@passwords@")
        #expect(value.deviceText().isPlural)
    }

    @Test func positionWithoutDollarStillResolves() throws {
        let dictionary = try StringsDictionary(contentsOfFile: Fixtures.path("corpus/duckduckgo-ios/de.lproj/Localizable.stringsdict"))
        let value = try #require(dictionary["dax.onboarding.browsing.multiple.trackers"])
        guard case .format(let format) = value else {
            Issue.record("not a format")
            return
        }
        #expect(format.formatKey == "%1#@count@")
        let text = ServerFormatter(locale: "de").format(value, arguments: ["4", "Google", "Facebook"]).text
        #expect(text.contains("Google") && text.contains("Facebook") && text.contains("4"))
    }

    @Test func structuralErrorsAreLocated() {
        let marked = MarkedText(
            """
            <plist><dict>
            <key>a</key>1️⃣<dict><key>x</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string></dict></dict>
            <key>b</key><dict><key>NSStringLocalizedFormatKey</key>2️⃣<string>%#@n@ and %#@m@</string>
              3️⃣<key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>one</key><string>one</string>4️⃣<key>several</key><string>x</string></dict></dict>
            <key>c</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@k@</string>
              5️⃣<key>k</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringGenderRuleType</string></dict></dict>
            <key>d</key><string>plain override</string>
            </dict></plist>
            """)
        let dictionary = StringsDictionary(parsing: marked.bytes, file: "t.stringsdict")
        func find(_ id: DiagnosticID) -> [Position] { dictionary.diagnostics.filter { $0.id == id }.map(\.position) }
        #expect(find(.stringsdictMissingFormatKey) == [marked.location("1️⃣")])
        #expect(find(.stringsdictUndefinedVariable) == [marked.location("2️⃣")])
        #expect(find(.stringsdictMissingOther) == [marked.location("3️⃣")])
        #expect(find(.stringsdictUnknownCategory) == [marked.location("4️⃣")])
        #expect(find(.stringsdictUnknownRuleType) == [marked.location("5️⃣")])
        #expect(dictionary["d"] == .text("plain override"))
    }

    @Test func deviceAndWidthVariants() {
        let dictionary = StringsDictionary(
            parsing: Array(
                """
                <plist><dict>
                <key>tap</key><dict><key>NSStringDeviceSpecificRuleType</key><dict>
                  <key>iphone</key><string>Tap</string><key>mac</key><string>Click</string><key>other</key><string>Select</string></dict></dict>
                <key>w</key><dict><key>NSStringVariableWidthRuleType</key><dict>
                  <key>20</key><string>Short</string><key>50</key><string>A longer one</string></dict></dict>
                </dict></plist>
                """.utf8))
        #expect(dictionary.diagnostics.isEmpty)
        let tap = dictionary["tap"]!
        #expect(tap.deviceText(device: .iphone).text == "Tap")
        #expect(tap.deviceText(device: .mac).text == "Click")
        #expect(tap.deviceText(device: .appletv).text == "Select")
        var formatter = ServerFormatter(locale: "en", device: .mac)
        #expect(formatter.format(tap, arguments: []).text == "Click")
        formatter.width = 30
        #expect(formatter.format(dictionary["w"]!, arguments: []).text == "Short", "the largest width below")
        formatter.width = 10
        #expect(formatter.format(dictionary["w"]!, arguments: []).text == "Short", "else the smallest")
        formatter.width = 50
        #expect(formatter.format(dictionary["w"]!, arguments: []).text == "A longer one")
    }

    @Test func externalEntitiesAreNotExpanded() {
        let dictionary = StringsDictionary(
            parsing: Array(
                """
                <?xml version="1.0"?><!DOCTYPE plist [<!ENTITY e SYSTEM "file:///etc/hostname">]>
                <plist><dict><key>k</key><string>&e;</string></dict></plist>
                """.utf8))
        #expect(!dictionary.isReadableOnDevice)
        #expect(dictionary.entries.isEmpty)
    }
}
