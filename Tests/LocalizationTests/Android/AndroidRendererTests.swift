import Foundation
import Testing

@testable import LocalizedAlerts

@Suite("Android rendering of FCM messages")
struct AndroidRendererTests {
    static let resources: AndroidAppResources = {
        try! AndroidAppResources(resourceDirectory: Fixtures.path("android/res"))
    }()

    static func render(_ json: String, _ locales: [String]) -> AndroidRendering {
        AndroidRenderer.render(FCMMessage(parsing: Array(json.utf8)), deviceLocales: locales, resources: resources, appName: "Parcel")
    }

    static let localized = #"""
        {"message": {"token": "t", "android": {"notification": {
            "title_loc_key": "delivery_title",
            "body_loc_key": "delivery_body", "body_loc_args": ["Ana", "the door"]}}}}
        """#

    @Test("the folder for the device locale, falling back per string")
    func folders() {
        let canada = Self.render(Self.localized, ["fr-CA"])
        #expect(canada.outcome == .shown)
        #expect(canada.title == "Votre colis est arrivé (Québec)")
        #expect(canada.titleFolder == "values-fr-rCA")
        #expect(canada.body == "Ana l'a déposé : the door.")
        #expect(canada.bodyFolder == "values-fr")
        let mexico = Self.render(Self.localized, ["es-MX"])
        #expect(mexico.title == "Llegó tu paquete")
        let hongKong = Self.render(Self.localized, ["zh-HK"])
        #expect(hongKong.title == "你的包裹到了")
        // Defined only for Traditional Chinese and not in values/: aapt2 link removes it, so the
        // phone has no such string, even in Traditional Chinese, and shows the app's name.
        #expect(Self.resources.removedResources == [AndroidResourceName(type: "string", name: "hant_only")])
        let removal = Self.resources.diagnostics.filter { $0.id == .androidRemovedWithoutDefault }
        #expect(removal.count == 1 && removal[0].location.file?.hasSuffix("values-b+zh+Hant/strings.xml") == true)
        for locale in ["zh-TW", "zh-CN"] {
            let onlyTraditional = Self.render(#"{"message": {"android": {"notification": {"title_loc_key": "hant_only"}}}}"#, [locale])
            #expect(onlyTraditional.outcome == .shown && onlyTraditional.title == "Parcel")
            #expect(onlyTraditional.diagnostics.contains { $0.id == .androidMissingLocKey && $0.message.contains("aapt2 link removes it") })
        }
        // Defined only for night mode: kept by the link, but no folder matches a phone in day
        // mode, so the lookup throws.
        let onlyNight = Self.render(#"{"message": {"android": {"notification": {"title_loc_key": "night_only"}}}}"#, ["en-US"])
        #expect(onlyNight.outcome == .crash(exception: "Resources.NotFoundException"))
        let china = Self.render(Self.localized, ["zh-CN"])
        #expect(china.title == "Your parcel is here")
        // Italian is not supported, French is: the Java layer picks French.
        let second = Self.render(Self.localized, ["it-IT", "fr-FR"])
        #expect(second.resourceLocale == "fr-FR" && second.title == "Votre colis est arrivé")
        #expect(!Self.resources.locales.contains("night"))
        let unmodelled = Self.resources.diagnostics.filter { $0.id == .androidUnmodelledFolder }
        #expect(unmodelled.count == 1 && unmodelled[0].location.file?.hasSuffix("values-night/strings.xml") == true)
    }

    @Test("a raw title wins over its loc key, the common notification's too")
    func rawWins() {
        let json = #"{"message": {"notification": {"title": "Hello"}, "android": {"notification": {"title_loc_key": "delivery_title"}}}}"#
        let rendering = Self.render(json, ["fr-FR"])
        #expect(rendering.title == "Hello")
        #expect(rendering.diagnostics.contains { $0.id == .androidRawFieldHidesLocKey })
        let specific = #"{"message": {"notification": {"title": "Common"}, "android": {"notification": {"title": "Specific"}}}}"#
        #expect(Self.render(specific, ["en"]).title == "Specific")
    }

    @Test("an empty string is an unset field (proto3): the common title shows, the loc key is used")
    func emptyIsUnset() {
        let common =
            #"{"message": {"notification": {"title": "Common", "body": ""}, "android": {"notification": {"title": "", "body": "", "body_loc_key": "delivery_body", "body_loc_args": ["Ana", "the door"]}}}}"#
        // Read directly and through the located tree alike.
        for message in [FCMMessage(parsing: Array(common.utf8)), FCMMessage(parsing: Array(common.utf8), file: nil, readingDirectly: false)] {
            #expect(message.android?.title?.value == "Common" && message.android?.titleIsCommon == true)
            #expect(message.android?.body == nil)
            let rendering = AndroidRenderer.render(message, deviceLocales: ["fr-FR"], resources: Self.resources, appName: "Parcel")
            #expect(rendering.title == "Common")
            #expect(rendering.body == "Ana l'a déposé : the door.")
        }
    }

    @Test("a missing loc key or argument falls back; a conversion crashes")
    func fallbacks() {
        let missingKey = Self.render(#"{"message": {"android": {"notification": {"title_loc_key": "nope", "body": "b"}}}}"#, ["en-US"])
        #expect(missingKey.title == "Parcel" && missingKey.body == "b")
        #expect(missingKey.diagnostics.contains { $0.id == .androidMissingLocKey })
        let missingArgument = Self.render(
            #"{"message": {"android": {"notification": {"body_loc_key": "delivery_body", "body_loc_args": ["Ana"]}}}}"#, ["en-US"])
        #expect(missingArgument.outcome == .shown && missingArgument.body == nil && missingArgument.title == "Parcel")
        #expect(missingArgument.diagnostics.contains { $0.id == .androidMissingFormatArgument })
        let crash = Self.render(#"{"message": {"android": {"notification": {"body_loc_key": "count_body", "body_loc_args": ["3"]}}}}"#, ["en-US"])
        #expect(crash.outcome == .crash(exception: "IllegalFormatConversionException"))
        #expect(crash.title == nil && crash.diagnostics.contains { $0.id == .androidFormatCrash })
        // Without args the string is shown as it is, specifiers and all.
        let raw = Self.render(#"{"message": {"android": {"notification": {"body_loc_key": "count_body"}}}}"#, ["en-US"])
        #expect(raw.body == "%1$d parcels are waiting")
        let empty = Self.render(#"{"message": {"android": {"notification": {"body_loc_key": "count_body", "body_loc_args": []}}}}"#, ["en-US"])
        #expect(empty.body == "%1$d parcels are waiting")
    }

    @Test("a title or body past 5,120 UTF-16 code units is cut there, noted where it came from")
    func longText() throws {
        // "%1$s left it at %2$s." with a first arg that brings the body to 5,124 code units.
        let name = String(repeating: "a", count: 5_107)
        let json =
            #"{"message": {"android": {"notification": {"title": "\#(String(repeating: "é", count: 5_121))", "body_loc_key": "delivery_body", "body_loc_args": ["\#(name)", "home"]}}}}"#
        let rendering = Self.render(json, ["en-US"])
        #expect(rendering.title == String(repeating: "é", count: 5_120))
        let body = try #require(rendering.body)
        #expect(body.utf16.count == 5_120 && body.hasSuffix(" left it at h") && !body.hasSuffix("home."))
        let cuts = rendering.diagnostics.filter { $0.id == .androidTextCut }
        #expect(
            cuts.map(\.message) == [
                "the title is 5121 UTF-16 code units long: the phone keeps the first 5120",
                "the body is 5124 UTF-16 code units long: the phone keeps the first 5120",
            ])
        // The raw title's value, then the body's loc key.
        #expect(cuts.map(\.location.column) == [52, 5_193])
        // Exactly 5,120 units is kept whole; a pair cut in two keeps a replacement for its
        // first half, as Java keeps the lone surrogate.
        let exact = String(repeating: "b", count: 5_120)
        let whole = Self.render(#"{"message": {"android": {"notification": {"body": "\#(exact)"}}}}"#, ["en-US"])
        #expect(whole.body == exact && !whole.diagnostics.contains { $0.id == .androidTextCut })
        let pair = String(repeating: "c", count: 5_119) + "🎉🎉"
        let split = Self.render(#"{"message": {"android": {"notification": {"body": "\#(pair)"}}}}"#, ["en-US"])
        #expect(split.body == String(repeating: "c", count: 5_119) + "\u{FFFD}")
    }

    @Test("references, locale-aware %S, data messages, the APNs payload")
    func details() {
        #expect(Self.render(#"{"message": {"android": {"notification": {"title_loc_key": "alias"}}}}"#, ["en"]).title == "Your parcel is here")
        let shout = #"{"message": {"android": {"notification": {"title_loc_key": "shout", "title_loc_args": ["istanbul"]}}}}"#
        #expect(Self.render(shout, ["tr-TR"]).title == "İSTANBUL!")
        #expect(Self.render(shout, ["en-US"]).title == "ISTANBUL!")
        #expect(Self.render(#"{"message": {"data": {"k": "v"}}}"#, ["en"]).outcome == .notDisplayed)
        let both = FCMMessage(parsing: Array(#"{"message": {"apns": {"payload": {"aps": {"alert": {"loc-key": "k"}}}}}}"#.utf8))
        #expect(both.apnsPayload?.aps.alert != nil)
        let invalid = FCMMessage(parsing: Array(#"{"message": {"android": {"notification": {"body_loc_args": [3]}}}}"#.utf8))
        #expect(invalid.diagnostics.contains { $0.id == .fcmInvalidMessage })
    }

    @Test("a res folder read on every core is the one read file by file; an unreadable file throws")
    func readsInParallel() throws {
        let directory = try TemporaryDirectory()
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        for index in 0..<40 {
            let folder = index == 0 ? "values" : "values-\(letters[index / 26])\(letters[index % 26])"
            for file in ["strings.xml", "more.xml"] {
                let text = "<resources><string name=\"s\(index)\">\(folder)/\(file)</string><string name=\"bad\">it's</string></resources>"
                try directory.write("\(folder)/\(file)", text)
            }
        }
        try directory.write("values-night/colors.txt", "not read")
        let resources = try AndroidAppResources(resourceDirectory: directory.path)
        let read = resources.folders.flatMap { folder in folder.files.map { (folder.name, $0) } }
        #expect(read.count == 80)
        let sequential = try read.map { try AndroidStringsFile(contentsOfFile: $0.1.file!) }
        for ((folder, file), one) in zip(read, sequential) {
            #expect(file.file == one.file && file.strings == one.strings && file.diagnostics == one.diagnostics, "\(folder)")
        }
        // Each file in its own folder, holding what was written there, and each with its own
        // diagnostic.
        for (folder, file) in read {
            let path = try #require(file.file)
            let written = folder + "/" + (path as NSString).lastPathComponent
            #expect(path.hasSuffix("/" + written) && file.strings.contains { $0.value == .text(written) }, "\(path)")
        }
        #expect(Set(read.map(\.0)).count == 40)
        #expect(resources.diagnostics.filter { $0.id == .androidUnescapedApostrophe }.count == 80)

        // A folder named like a values file is a finding at its path, and the rest is read.
        try FileManager.default.createDirectory(atPath: directory.path + "/values-fr/folder.xml", withIntermediateDirectories: true)
        let withFolder = try AndroidAppResources(resourceDirectory: directory.path)
        let unreadable = withFolder.diagnostics.filter { $0.id == .unreadableFile }
        #expect(unreadable.count == 1 && unreadable.first?.location.file?.hasSuffix("values-fr/folder.xml") == true)
        #expect(withFolder.folders.flatMap(\.files).count == resources.folders.flatMap(\.files).count)
    }

    /// The renderer keeps its choice per resource locale and set of defining folders; each
    /// must be the folder libandroidfw's match picks for that string afresh, cold and warm.
    @Test("kept locale choices are the ones made afresh, string by string")
    func keptChoicesAreMadeAfresh() throws {
        let resources = try AndroidAppResources(resourceDirectory: Fixtures.path("android/res"))
        let names = Set(resources.folders.flatMap { $0.files.flatMap(\.strings.names) })
        let tags =
            resources.locales + [
                "fr-CA", "fr-BE", "es-MX", "es-419", "zh-HK", "zh-Hant-TW", "pt-PT", "en-GB", "en-US", "iw", "he", "in", "id", "tl", "fil", "sr-Latn",
                "ar-EG", "tr-TR", "xx", "und", "",
            ]
        #expect(names.count >= 5)
        var compared = 0
        for round in 0..<2 {
            for name in names.sorted() {
                for tag in tags {
                    // aapt2 link removes a string no default folder defines.
                    if resources.removedResources.contains(AndroidResourceName(type: "string", name: name)) {
                        #expect(resources.string(named: name, forResourceLocale: tag) == nil)
                        continue
                    }
                    let candidates = resources.folders.filter { $0.qualifiers.otherQualifiers.isEmpty }.compactMap { folder in
                        folder.files.lazy.compactMap { $0.strings[name] }.first.map {
                            (folder: folder.name, locale: folder.qualifiers.locale, value: $0.value)
                        }
                    }
                    let chosen: Int?
                    if let device = AndroidLocaleResolution.nativeLocale(forLanguageTag: tag) {
                        chosen = AndroidLocaleResolution.bestMatch(for: device, among: candidates.map(\.locale))
                    } else {
                        chosen = candidates.firstIndex { $0.locale == nil }
                    }
                    let got = resources.string(named: name, forResourceLocale: tag)
                    guard let chosen else {
                        #expect(got == nil, "\(name) for \(tag), round \(round)")
                        continue
                    }
                    // References are followed by the same choice again; texts are compared.
                    guard case .text(let text) = candidates[chosen].value else { continue }
                    #expect(got?.text == text && got?.folder == candidates[chosen].folder, "\(name) for \(tag), round \(round)")
                    compared += 1
                }
            }
        }
        #expect(compared > 100)
    }
}
