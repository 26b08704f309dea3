import Foundation
import Testing

@testable import LocalizedAlerts

/// String Catalog variations nested in either order (device in plural, plural in device, and
/// deeper), and device variations beside substitutions: every device gets its own text.
@Suite("Nested catalog variations")
struct NestedVariationTests {
    /// A translated string unit, as Xcode writes it.
    static func unit(_ text: String) -> String { #"{"stringUnit":{"state":"translated","value":"\#(text)"}}"# }

    /// A catalog of English keys, each given as its localization's JSON.
    static func catalog(_ keys: [(String, String)]) -> String {
        let strings = keys.map { #""\#($0.0)":{"localizations":{"en":\#($0.1)}}"# }.joined(separator: ",\n")
        return #"{"sourceLanguage":"en","version":"1.0","strings":{\#n\#(strings)}}"#
    }

    static let pluralOverDevice =
        #"{"variations":{"plural":{"one":{"variations":{"device":{"ipad":\#(unit("%lld tab on iPad")),"other":\#(unit("%lld tab"))}}},"other":\#(unit("%lld tabs"))}}}"#
    static let pluralOverDeviceWithoutOther = #"""
        {"variations":{"plural":{
          "one":{"variations":{"device":{"iphone":\#(unit("%lld tab on iPhone")),"ipad":\#(unit("%lld tab on iPad"))}}},
          "other":{"variations":{"device":{"iphone":\#(unit("%lld tabs on iPhone")),"ipad":\#(unit("%lld tabs on iPad"))}}}}}}
        """#
    /// Device, then plural, then device again.
    static let deep = #"""
        {"variations":{"device":{"mac":\#(unit("%lld on Mac")),"other":{"variations":{"plural":{
          "one":{"variations":{"device":{"ipad":\#(unit("%lld tab on iPad")),"other":\#(unit("%lld tab"))}}},
          "other":\#(unit("%lld tabs"))}}}}}}
        """#
    static let substitutions = #"""
        "substitutions":{
          "files":{"argNum":1,"formatSpecifier":"lld","variations":{"plural":{"one":\#(unit("%arg file")),"other":\#(unit("%arg files"))}}},
          "folders":{"argNum":2,"formatSpecifier":"lld","variations":{"plural":{"one":\#(unit("%arg folder")),"other":\#(unit("%arg folders"))}}}}
        """#
    static let deviceWithSubstitutions = #"""
        {"variations":{"device":{
          "iphone":\#(unit("iPhone: %#@files@ in %#@folders@")),"ipad":\#(unit("iPad: %#@files@ in %#@folders@")),
          "other":\#(unit("Other: %#@files@ in %#@folders@"))}},
        \#(substitutions)}
        """#
    static let deviceWithSubstitutionsWithoutOther = #"""
        {"variations":{"device":{
          "iphone":\#(unit("iPhone: %#@files@ in %#@folders@")),"ipad":\#(unit("iPad: %#@files@ in %#@folders@"))}},
        \#(substitutions)}
        """#

    static let app = catalog([
        ("tabs", pluralOverDevice), ("tabs.bare", pluralOverDeviceWithoutOther), ("tabs.deep", deep), ("sync", deviceWithSubstitutions),
        ("sync.bare", deviceWithSubstitutionsWithoutOther),
    ])

    func renderer() throws -> (AlertRenderer, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        try directory.write("app/Localizable.xcstrings", Self.app)
        return (AlertRenderer(app: try AppLocalizations(directory: directory.path + "/app")), directory)
    }

    func body(_ renderer: AlertRenderer, _ key: String, _ arguments: [String], mode: LocalizationMode, device: DeviceKind) -> String? {
        let args = arguments.map { #""\#($0)""# }.joined(separator: ",")
        let payload = NotificationPayload(parsing: #"{"aps":{"alert":{"loc-key":"\#(key)","loc-args":[\#(args)]}}}"#)
        return renderer.localize(payload, preferredLanguages: ["en"], mode: mode, device: device).body
    }

    @Test(arguments: [
        ("tabs", DeviceKind.ipad, "1", "1 tab on iPad"), ("tabs", .iphone, "1", "1 tab"), ("tabs", .mac, "1", "1 tab"),
        ("tabs", .ipad, "3", "3 tabs"),
        ("tabs.bare", .iphone, "1", "1 tab on iPhone"), ("tabs.bare", .ipad, "1", "1 tab on iPad"), ("tabs.bare", .ipad, "2", "2 tabs on iPad"),
        ("tabs.deep", .mac, "1", "1 on Mac"), ("tabs.deep", .ipad, "1", "1 tab on iPad"), ("tabs.deep", .iphone, "1", "1 tab"),
        ("tabs.deep", .ipad, "2", "2 tabs"),
    ])
    func serverModeChoosesTheDevicesFormInEitherNesting(_ key: String, _ device: DeviceKind, _ count: String, _ expected: String) throws {
        let (renderer, _) = try renderer()
        #expect(body(renderer, key, [count], mode: .server, device: device) == expected)
    }

    /// Every device the tool knows, with a variation that names each of them, nested both ways.
    @Test(arguments: DeviceKind.allCases)
    func everyDeviceFindsItsOwnTextInBothNestings(_ device: DeviceKind) throws {
        let names = DeviceKind.allCases.map(\.rawValue) + ["other"]
        func devices(_ form: String) -> String {
            let cases = names.map { name in "\"\(name)\":" + Self.unit("%lld \(form) (\(name))") }
            return #"{"variations":{"device":{"# + cases.joined(separator: ",") + "}}}"
        }
        func plural(_ name: String) -> String {
            #"{"variations":{"plural":{"one":"# + Self.unit("%lld tab (\(name))") + #","other":"# + Self.unit("%lld tabs (\(name))") + "}}}"
        }
        let deviceOverPlural = #"{"variations":{"device":{\#(names.map { #""\#($0)":\#(plural($0))"# }.joined(separator: ","))}}}"#
        let pluralOverDevice = #"{"variations":{"plural":{"one":\#(devices("tab")),"other":\#(devices("tabs"))}}}"#
        let catalog = StringCatalog(parsing: Array(Self.catalog([("d", deviceOverPlural), ("p", pluralOverDevice)]).utf8), file: "c.xcstrings")
        #expect(catalog.diagnostics.isEmpty, "\(catalog.diagnostics.map(\.message))")
        let formatter = ServerFormatter(locale: "en", device: device)
        for (key, value, _) in catalog.compiled(for: "en") {
            #expect(formatter.format(value, arguments: ["1"]).text == "1 tab (\(device.rawValue))", "\(key)")
            #expect(formatter.format(value, arguments: ["4"]).text == "4 tabs (\(device.rawValue))", "\(key)")
        }
    }

    /// A push never resolves a plural (docs/device-behaviour.md §4): whichever the nesting and
    /// the device, device mode shows the plural's format key.
    @Test(arguments: [("tabs", DeviceKind.iphone), ("tabs", .ipad), ("tabs", .mac), ("tabs.bare", .iphone), ("tabs.bare", .ipad)])
    func deviceModeShowsThePluralsFormatKey(_ key: String, _ device: DeviceKind) throws {
        let (renderer, _) = try renderer()
        #expect(body(renderer, key, ["1"], mode: .device, device: device) == "@arg1@")
    }

    /// A device no variation names, where none has `other`, finds no text: the key shows
    /// (not documented; docs/device-behaviour.md §5.0).
    @Test(arguments: LocalizationMode.allCases)
    func aDeviceNoVariationNamesShowsTheKey(_ mode: LocalizationMode) throws {
        let (renderer, _) = try renderer()
        #expect(body(renderer, "tabs.bare", ["1"], mode: mode, device: .mac) == "tabs.bare")
    }

    @Test(arguments: [(DeviceKind.iphone, "iPhone"), (.ipad, "iPad"), (.mac, "Other"), (.applewatch, "Other")])
    func substitutionsExpandInTheDevicesVariant(_ device: DeviceKind, _ prefix: String) throws {
        let (renderer, _) = try renderer()
        #expect(body(renderer, "sync", ["1", "2"], mode: .server, device: device) == "\(prefix): 1 file in 2 folders")
        #expect(body(renderer, "sync", ["3", "1"], mode: .server, device: device) == "\(prefix): 3 files in 1 folder")
        // On the device the plural variables are not resolved; the device's own variant shows.
        #expect(body(renderer, "sync", ["1", "2"], mode: .device, device: device) == "\(prefix): @files@ in @folders@")
    }

    @Test(arguments: [(DeviceKind.iphone, "iPhone"), (.ipad, "iPad")])
    func substitutionsExpandWithoutAnOtherVariant(_ device: DeviceKind, _ prefix: String) throws {
        let (renderer, _) = try renderer()
        #expect(body(renderer, "sync.bare", ["1", "2"], mode: .server, device: device) == "\(prefix): 1 file in 2 folders")
        #expect(body(renderer, "sync.bare", ["1", "2"], mode: .device, device: device) == "\(prefix): @files@ in @folders@")
    }

    /// What every device variant's text uses is checked, not only the `other` one's.
    @Test func substitutionsAreCheckedInEveryVariant() throws {
        let clean = StringCatalog(parsing: Array(Self.app.utf8), file: "c.xcstrings")
        #expect(clean.diagnostics.isEmpty, "\(clean.diagnostics.map(\.message))")
        let text = Self.catalog([
            (
                "sync",
                #"""
                {"variations":{"device":{
                  "iphone":\#(Self.unit("%#@files@ in %#@folders@")),"ipad":\#(Self.unit("%#@files@ in %#@folders@ and %#@links@"))}},
                \#(Self.substitutions)}
                """#
            )
        ])
        let catalog = StringCatalog(parsing: Array(text.utf8), file: "c.xcstrings")
        #expect(catalog.diagnostics.map(\.id) == [.catalogUndefinedSubstitution])
        #expect(catalog.diagnostics.first?.message.contains("%#@links@") == true)
    }

    @Test func lintFindsNothingWrongWithTheseShapes() throws {
        let directory = try TemporaryDirectory()
        try directory.write("app/Localizable.xcstrings", Self.app)
        let findings = try LintSession(paths: [directory.path + "/app"], workingDirectory: directory.path).run().findings
        #expect(findings.isEmpty, "\(findings.map { "\($0.id.rawValue): \($0.message)" })")
    }

    /// Plural rules see the plurals inside device variations, in either nesting, each once.
    @Test func pluralRulesLookInsideDeviceVariations() throws {
        let russianTabs = #"""
            {"variations":{"plural":{"one":{"variations":{"device":{"ipad":\#(Self.unit("%lld вкладка на iPad")),"other":\#(Self.unit("%lld вкладка"))}}},
              "other":\#(Self.unit("%lld вкладок"))}}}
            """#
        let russianWindows = #"""
            {"variations":{"device":{"mac":{"variations":{"plural":{"one":\#(Self.unit("%lld окно")),"other":\#(Self.unit("%lld окон"))}}},
              "other":{"variations":{"plural":{"one":\#(Self.unit("%lld окно")),"other":\#(Self.unit("%lld окон"))}}}}}}
            """#
        let catalog = #"""
            {"sourceLanguage":"en","version":"1.0","strings":{
              "tabs":{"localizations":{"en":\#(Self.pluralOverDevice),"ru":\#(russianTabs)}},
              "windows":{"localizations":{"en":\#(Self.unit("%lld windows")),"ru":\#(russianWindows)}}}}
            """#
        let directory = try TemporaryDirectory()
        try directory.write("app/Localizable.xcstrings", catalog)
        let findings = try LintSession(paths: [directory.path + "/app"], workingDirectory: directory.path).run().findings
        let missing = findings.filter { $0.id.rawValue == "plural.missing-category" }
        #expect(missing.compactMap(\.key).sorted() == ["tabs", "windows", "windows"], "\(missing.map(\.message))")
        #expect(missing.allSatisfy { $0.message.contains("lacks few, many") }, "\(missing.map(\.message))")
    }

    /// Only names a device has make variants: one per name would make a hostile catalog of
    /// thousands of unknown names cost thousands of passes over its value.
    @Test func unknownDeviceNamesMakeNoVariants() throws {
        let unknown = (0..<20_000).map { #""d\#($0)":"# + Self.unit("%lld tab \($0)") }.joined(separator: ",")
        let value =
            #"{"variations":{"plural":{"one":{"variations":{"device":{"# + unknown + #","other":"# + Self.unit("%lld tab")
            + #"}}},"other":"# + Self.unit("%lld tabs") + "}}}"
        let catalog = StringCatalog(parsing: Array(Self.catalog([("tabs", value)]).utf8), file: "c.xcstrings")
        guard case .deviceSpecific(let variants)? = catalog.compiled(for: "en").first?.value else {
            Issue.record("not a device rule")
            return
        }
        #expect(variants.map(\.name) == ["other"])
        #expect(ServerFormatter(locale: "en").format(variants[0].value, arguments: ["1"]).text == "1 tab")
    }

    /// `dump` keeps every text of every device and plural form.
    @Test func dumpShowsEveryNestedText() throws {
        let directory = try TemporaryDirectory()
        try directory.write("Localizable.xcstrings", Self.app)
        let result = try RenderAlertCommand.run(["dump", directory.path + "/Localizable.xcstrings"])
        #expect(result.status == 0, "\(result.error)")
        for text in [
            "%lld tab on iPad", "%lld tab", "%lld tabs", "%lld tab on iPhone", "%lld tabs on iPhone", "%lld tabs on iPad", "%lld on Mac",
            "iPhone: %#@files@ in %#@folders@", "iPad: %#@files@ in %#@folders@", "Other: %#@files@ in %#@folders@", "%1$lld file", "%2$lld folders",
        ] {
            #expect(result.output.contains("\"\(text)\""), "\(text) in\n\(result.output)")
        }
    }

    /// A device variation under a plural is also listed as written, each text with its path.
    @Test func dumpShowsDevicesUnderPluralsAsWritten() throws {
        let directory = try TemporaryDirectory()
        try directory.write("Localizable.xcstrings", Self.app)
        let text = try RenderAlertCommand.run(["dump", directory.path + "/Localizable.xcstrings"]).output
        for line in [
            #"plural.one device.ipad: "%lld tab on iPad""#, #"plural.one device.other: "%lld tab""#, #"plural.other: "%lld tabs""#,
            #"device.other plural.one device.ipad: "%lld tab on iPad""#, #"device.mac: "%lld on Mac""#,
        ] {
            #expect(text.contains("        " + line), "\(line) in\n\(text)")
        }
        let json = try RenderAlertCommand.run(["dump", "--format", "json", directory.path + "/Localizable.xcstrings"]).output
        let files = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let listing = try #require((files.first?["listings"] as? [[String: Any]])?.first)
        let entries = try #require(listing["entries"] as? [[String: Any]])
        let written = Dictionary(uniqueKeysWithValues: entries.map { ($0["key"] as! String, $0["written"] as? [[String: Any]]) })
        #expect(
            written["tabs"]??.map { $0["path"] as! [String] } == [["plural.one", "device.ipad"], ["plural.one", "device.other"], ["plural.other"]])
        #expect(written["tabs"]??.first?["text"] as? String == "%lld tab on iPad")
        #expect(entries.first { $0["key"] as? String == "sync" }?["written"] == nil, "a device variation at the top is listed as written already")
    }
}
