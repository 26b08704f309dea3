/// A locale as Android's resource system holds it (the locale fields of `ResTable_config`):
/// language, optional explicit script, region, variant.
public struct AndroidLocale: Sendable, Hashable, CustomStringConvertible {
    /// Lowercase language (`fr`, `fil`); legacy codes stay as written (`iw`).
    public var language: String
    /// An explicit script (`Hant`), nil when the locale does not name one.
    public var script: String?
    /// Uppercase region (`CA`) or three digits (`419`), "" for none.
    public var region: String
    /// The variant, lowercase, "" for none.
    public var variant: String

    /// A locale from its parts; letter case is normalized.
    public init(language: String, script: String? = nil, region: String = "", variant: String = "") {
        self.language = language.lowercased()
        self.script = script.map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }
        self.region = region.uppercased()
        self.variant = variant.lowercased()
    }

    /// A BCP 47 tag (`fr-CA`, `zh-Hant-TW`, `sr-Latn`); nil when it is not one.
    public init?(languageTag tag: String) {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
            .map(String.init)
        guard let first = parts.first, Self.isLetters(first, 2...3) else { return nil }
        var script: String?
        var region = ""
        var variant = ""
        var index = 1
        if index < parts.count, Self.isLetters(parts[index], 4...4) {
            script = parts[index]
            index += 1
        }
        if index < parts.count, Self.isLetters(parts[index], 2...2) || Self.isDigits(parts[index], 3) {
            region = parts[index]
            index += 1
        }
        if index < parts.count, parts[index].count >= 4, parts[index].count <= 8 {
            variant = parts[index]
        }
        self.init(language: first, script: script, region: region, variant: variant)
    }

    /// The locale of a resource folder's qualifier (`fr`, `fr-rCA`, `b+zh+Hant+TW`), as
    /// aapt2 reads it; nil when it is not a locale.
    public init?(qualifier: String) {
        if qualifier.hasPrefix("b+") {
            self.init(languageTag: qualifier.dropFirst(2).replacingPlus())
            return
        }
        let parts = qualifier.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first, Self.isLetters(first, 2...3), parts.count <= 2 else { return nil }
        if parts.count == 2 {
            let region = parts[1]
            guard region.hasPrefix("r"), Self.isLetters(String(region.dropFirst()), 2...2) || Self.isDigits(String(region.dropFirst()), 3) else {
                return nil
            }
            self.init(language: first, region: String(region.dropFirst()))
        } else {
            self.init(language: first)
        }
    }

    static func isLetters(_ text: String, _ lengths: ClosedRange<Int>) -> Bool {
        lengths.contains(text.unicodeScalars.count) && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
    }

    static func isDigits(_ text: String, _ length: Int) -> Bool {
        text.unicodeScalars.count == length && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }

    /// The BCP 47 tag (`zh-Hant-TW`).
    public var languageTag: String {
        [language, script ?? "", region, variant].filter { !$0.isEmpty }.joined(separator: "-")
    }

    /// The folder qualifier aapt2 writes (`fr-rCA`; `b+zh+Hant+TW` with a script or variant).
    public var qualifier: String {
        if script != nil || !variant.isEmpty {
            return "b+" + [language, script ?? "", region, variant].filter { !$0.isEmpty }.joined(separator: "+")
        }
        return region.isEmpty ? language : "\(language)-r\(region)"
    }

    public var description: String { languageTag }
}

extension Substring {
    fileprivate func replacingPlus() -> String { String(map { $0 == "+" ? "-" : $0 }) }
}

/// The qualifiers of a resource folder name (`values-fr-rCA-night`): its locale, and the rest.
public struct AndroidResourceFolder: Sendable, Hashable {
    /// The resource type (`values`).
    public var type: String
    /// The locale, nil for a folder without one (`values`, `values-night`).
    public var locale: AndroidLocale?
    /// Qualifiers other than the locale (`night`, `v21`, `land`, `mcc310`), which the locale
    /// choice does not consider.
    public var otherQualifiers: [String]

    /// Reads a folder name; nil when it is not a resource folder name.
    public init?(name: String) {
        var parts = name.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let type = parts.first, !type.isEmpty else { return nil }
        parts.removeFirst()
        self.type = type
        self.locale = nil
        self.otherQualifiers = []
        var index = 0
        // mcc and mnc come before the locale.
        while index < parts.count, parts[index].hasPrefix("mcc") || parts[index].hasPrefix("mnc") {
            otherQualifiers.append(parts[index])
            index += 1
        }
        if index < parts.count {
            if parts[index].hasPrefix("b+"), let locale = AndroidLocale(qualifier: parts[index]) {
                self.locale = locale
                index += 1
            } else if AndroidLocale.isLetters(parts[index], 2...3), parts[index] == parts[index].lowercased(),
                !Self.nonLocaleWords.contains(parts[index])
            {
                if index + 1 < parts.count, let locale = AndroidLocale(qualifier: parts[index] + "-" + parts[index + 1]) {
                    self.locale = locale
                    index += 2
                } else {
                    self.locale = AndroidLocale(qualifier: parts[index])
                    index += 1
                }
            }
        }
        otherQualifiers += parts[index...]
    }

    /// Qualifier words of two or three letters that are not languages.
    static let nonLocaleWords: Set<String> = ["car", "tv", "ldltr", "ldrtl", "any", "dpi"]
}

/// How Android chooses the strings an app shows for the device's locales, in two steps:
///
/// 1. The Java layer (`ResourcesImpl.updateConfiguration`, with several device locales): the
///    first device locale that one of the app's locales supports, by
///    `LocaleList.getFirstMatchWithEnglishSupported` (same language, same likely script; English
///    assumed supported).
/// 2. The native layer (libandroidfw `ResTable_config::match` and `isBetterThan`): among the
///    app's folders, those whose locale matches that one locale (same language, same script,
///    or same region when a script is unknown), then the best: a language over none (except
///    that `values/` beats a non-US English region for en-US and locales close to it), then
///    the region nearest in CLDR's parent tree (es-MX → es-419), a representative region, the
///    lower region code.
public enum AndroidLocaleResolution {
    /// Step 1: the device locale (a BCP 47 tag) resources are resolved for, given the locales
    /// of the whole app (libraries' resources included); nil when the device list is empty.
    public static func resourceLocale(deviceLocales: [String], appLocales: [String]) -> String? {
        resourceLocale(deviceLocales: deviceLocales, parsedAppLocales: appLocales.lazy.compactMap { AndroidLocale(languageTag: $0) })
    }

    /// The same, with the app's locales already parsed (tags that do not parse left out).
    static func resourceLocale(deviceLocales: [String], parsedAppLocales appLocales: some Sequence<AndroidLocale>) -> String? {
        guard let first = deviceLocales.first else { return nil }
        guard deviceLocales.count > 1 else { return first }
        // "No app defined locales, so grab the system locales": the system is taken to
        // support the device's first locale (an assumption: its list is the phone's).
        guard appLocales.contains(where: { !isPseudoLocale($0) }) else { return first }
        let desired = deviceLocales.map { AndroidLocale(languageTag: $0) }
        func firstMatch(_ supported: AndroidLocale) -> Int? {
            desired.firstIndex { $0.map { javaMatches(supported: supported, desired: $0) } ?? false }
        }
        var best = Int.max
        if let index = firstMatch(AndroidLocale(language: "en", script: "Latn")) {
            if index == 0 { return first }
            best = min(best, index)
        }
        for supported in appLocales {
            guard let index = firstMatch(supported) else { continue }
            if index == 0 { return first }
            best = min(best, index)
        }
        return best == Int.max ? first : deviceLocales[best]
    }

    /// `LocaleList.matchScore`: the same locale, or the same language with the same likely
    /// script (the same region or none when the script cannot be guessed).
    static func javaMatches(supported: AndroidLocale, desired: AndroidLocale) -> Bool {
        let supportedLanguage = javaLanguage(supported.language)
        if supportedLanguage == javaLanguage(desired.language), supported.script == desired.script, supported.region == desired.region,
            supported.variant == desired.variant
        {
            return true
        }
        guard !supportedLanguage.isEmpty, supportedLanguage == javaLanguage(desired.language) else { return false }
        if isPseudoLocale(supported) || isPseudoLocale(desired) { return false }
        guard let supportedScript = likelyScript(supported) else {
            return supported.region.isEmpty || supported.region == desired.region
        }
        return supportedScript == likelyScript(desired)
    }

    static func isPseudoLocale(_ locale: AndroidLocale) -> Bool {
        (locale.language == "en" && locale.region == "XA") || (locale.language == "ar" && locale.region == "XB")
    }

    /// Android's `java.util.Locale` keeps the legacy codes: `he` and `iw` are one language.
    static func javaLanguage(_ language: String) -> String {
        switch language {
        case "he": "iw"
        case "id": "in"
        case "yi": "ji"
        default: language
        }
    }

    /// ICU's likely script (`ULocale.addLikelySubtags`, as `LocaleList.getLikelyScript`), nil
    /// when unknown.
    static func likelyScript(_ locale: AndroidLocale) -> String? {
        if let script = locale.script { return script }
        let modern = modernLanguage(locale.language)
        guard !modern.isEmpty, let maximized = ICU.addLikelySubtags(locale.region.isEmpty ? modern : modern + "_" + locale.region) else { return nil }
        let script = ICU.script(maximized)
        // ICU guesses for an unknown language by replacing it: accept only an answer that kept it.
        return !script.isEmpty && ICU.language(maximized) == modern ? script : nil
    }

    /// libandroidfw's `localeDataComputeScript`: the likely script of language and region, else
    /// of the language, from Android's own table (pseudo-locales get `~~~A` and `~~~B`).
    static func computedScript(language: String, region: String) -> String? {
        guard !language.isEmpty else { return nil }
        if !region.isEmpty, let script = AndroidLocaleData.likelyScripts["\(language)-\(region)"] { return script }
        return AndroidLocaleData.likelyScripts[language]
    }

    static func modernLanguage(_ language: String) -> String {
        switch language {
        case "iw": "he"
        case "in": "id"
        case "ji": "yi"
        case "tl": "fil"
        default: language
        }
    }

    /// The tag the native layer gets (`ResourcesImpl.adjustLanguageTag`): legacy codes for
    /// Hebrew, Indonesian and Yiddish.
    public static func nativeLocale(forLanguageTag tag: String) -> AndroidLocale? {
        guard var locale = AndroidLocale(languageTag: tag) else { return nil }
        locale.language = javaLanguage(locale.language)
        return locale
    }

    /// Step 2: the index of the candidate folder locale (nil for `values/`) libandroidfw picks
    /// for `device`; nil when none matches.
    public static func bestMatch(for device: AndroidLocale, among candidates: [AndroidLocale?]) -> Int? {
        bestMatch(for: device, amongConfigs: candidates.lazy.map(folderConfig))
    }

    /// The same, with the candidates' configurations already made (`folderConfig`).
    static func bestMatch(for device: AndroidLocale, amongConfigs candidates: some Sequence<NativeConfig>) -> Int? {
        let request = NativeConfig(device, isRequest: true)
        var best: (index: Int, config: NativeConfig)?
        for (index, config) in candidates.enumerated() {
            guard config.matches(request) else { continue }
            if best == nil || config.isBetter(than: best!.config, for: request) { best = (index, config) }
        }
        return best?.index
    }

    /// The folder locale chosen for a device's locale list, among the app's folders (nil for
    /// `values/`), given all the app's locales for step 1.
    public static func resolve(deviceLocales: [String], folders: [AndroidLocale?], appLocales: [String]? = nil) -> (
        resourceLocale: String?, folderIndex: Int?
    ) {
        let all = appLocales ?? folders.compactMap { $0?.languageTag }
        guard let chosen = resourceLocale(deviceLocales: deviceLocales, appLocales: all), let native = nativeLocale(forLanguageTag: chosen) else {
            return (nil, folders.firstIndex { $0 == nil })
        }
        return (chosen, bestMatch(for: native, among: folders))
    }
}

/// The locale part of a `ResTable_config`, with libandroidfw's match and ordering.
/// A folder's locale as libandroidfw compares it; `NativeConfig.none` for `values/`.
func folderConfig(_ locale: AndroidLocale?) -> NativeConfig {
    locale.map { NativeConfig($0, isRequest: false) } ?? NativeConfig.none
}

struct NativeConfig: Sendable {
    var language: String
    var region: String
    var script: String?
    var scriptWasComputed: Bool
    var variant: String

    static let none = NativeConfig(language: "", region: "", script: nil, scriptWasComputed: false, variant: "")

    init(language: String, region: String, script: String?, scriptWasComputed: Bool, variant: String) {
        self.language = language
        self.region = region
        self.script = script
        self.scriptWasComputed = scriptWasComputed
        self.variant = variant
    }

    /// A request's script is computed when not given (`setBcp47Locale`); a resource's is
    /// computed when matching.
    init(_ locale: AndroidLocale, isRequest: Bool) {
        language = locale.language
        region = locale.region
        variant = locale.variant
        if let explicit = locale.script {
            script = explicit
            scriptWasComputed = false
        } else if isRequest {
            script = AndroidLocaleResolution.computedScript(language: locale.language, region: locale.region)
            scriptWasComputed = true
        } else {
            script = nil
            scriptWasComputed = false
        }
    }

    var hasLocale: Bool { !language.isEmpty || !region.isEmpty || script != nil || !variant.isEmpty }

    static func isTagalog(_ language: String) -> Bool { language == "tl" || language == "fil" }
    static func equivalent(_ a: String, _ b: String) -> Bool { a == b || (isTagalog(a) && isTagalog(b)) }

    /// `ResTable_config::match`, locale part.
    func matches(_ request: NativeConfig) -> Bool {
        guard hasLocale else { return true }
        guard Self.equivalent(language, request.language) else { return false }
        let ownScript = script ?? AndroidLocaleResolution.computedScript(language: language, region: region)
        if request.script == nil || ownScript == nil {
            return region.isEmpty || region == request.region
        }
        return ownScript == request.script
    }

    /// `ResTable_config::isLocaleBetterThan`.
    func isBetter(than other: NativeConfig, for request: NativeConfig) -> Bool {
        guard !request.language.isEmpty else { return false }
        if !hasLocale, !other.hasLocale { return false }
        if !Self.equivalent(language, other.language) {
            if request.language == "en" {
                if request.region == "US" {
                    if !language.isEmpty { return region.isEmpty || region == "US" }
                    return !(other.region.isEmpty || other.region == "US")
                } else if LocaleTree.isCloseToUSEnglish(request.region) {
                    if !language.isEmpty { return LocaleTree.isCloseToUSEnglish(region) }
                    return !LocaleTree.isCloseToUSEnglish(other.region)
                }
            }
            return !language.isEmpty
        }
        let comparison = LocaleTree.compareRegions(
            region, other.region, language: request.language, script: request.script ?? "", requestRegion: request.region)
        if comparison != 0 { return comparison > 0 }
        let ownVariant = variant == request.variant
        let otherVariant = other.variant == request.variant
        if ownVariant != otherVariant { return ownVariant }
        return language == request.language && other.language != request.language
    }
}

/// libandroidfw's LocaleData: CLDR's parent locales for the scripts Android tracks, walked by
/// (language, region) with the request's script.
enum LocaleTree {
    struct Key: Hashable {
        var language: String
        var region: String
    }

    /// `findParent`: a region's parent in the script's map, else the bare language; nil (the
    /// root) for a bare language.
    static func parent(_ key: Key, script: String) -> Key? {
        guard !key.region.isEmpty else { return nil }
        if let parent = AndroidLocaleData.parents[script]?["\(key.language)-\(key.region)"], let dash = parent.firstIndex(of: "-") {
            return Key(language: key.language, region: String(parent[parent.index(after: dash)...]))
        }
        return Key(language: key.language, region: "")
    }

    /// The chain from `key` up to the bare language; stops early at a member of `stops`
    /// (its index returned).
    static func ancestors(_ key: Key, script: String, stops: [Key]) -> (chain: [Key], stop: Int?) {
        var chain: [Key] = []
        var current: Key? = key
        while let ancestor = current, chain.count < 16 {
            chain.append(ancestor)
            if let stop = stops.firstIndex(of: ancestor) { return (chain, stop) }
            current = parent(ancestor, script: script)
        }
        return (chain, nil)
    }

    /// `localeDataCompareRegions`: positive when `left` is the better region for the request.
    static func compareRegions(_ left: String, _ right: String, language: String, script: String, requestRegion: String) -> Int {
        if left == right { return 0 }
        var leftKey = Key(language: language, region: left)
        var rightKey = Key(language: language, region: right)
        // es-US and es-MX stand for es-419 when compared with a locale that is neither of them
        // nor es-419 itself.
        let latinAmerican = Key(language: "es", region: "419")
        func isSpecialSpanish(_ key: Key) -> Bool { key.language == "es" && (key.region == "US" || key.region == "MX") }
        if isSpecialSpanish(leftKey), !isSpecialSpanish(rightKey), rightKey != latinAmerican {
            leftKey = latinAmerican
        } else if isSpecialSpanish(rightKey), !isSpecialSpanish(leftKey), leftKey != latinAmerican {
            rightKey = latinAmerican
        }
        let request = Key(language: language, region: requestRegion)
        let (requestChain, stop) = ancestors(request, script: script, stops: [leftKey, rightKey])
        if stop == 0 { return 1 }
        if stop == 1 { return -1 }
        func distance(_ key: Key) -> Int {
            let (chain, index) = ancestors(key, script: script, stops: requestChain)
            return chain.count + (index ?? requestChain.count) - 1
        }
        let leftDistance = distance(leftKey)
        let rightDistance = distance(rightKey)
        if leftDistance != rightDistance { return rightDistance - leftDistance }
        let leftRepresentative = isRepresentative(leftKey, script: script)
        let rightRepresentative = isRepresentative(rightKey, script: script)
        if leftRepresentative != rightRepresentative { return leftRepresentative ? 1 : -1 }
        return packedRegion(rightKey.region) - packedRegion(leftKey.region) > 0 ? 1 : -1
    }

    /// A region as `packLocale` packs it (two letters, or three digits in five bits each with
    /// the high bit set): the order of the last tie-break.
    static func packedRegion(_ region: String) -> Int {
        let values = region.unicodeScalars.map { Int($0.value) }
        switch values.count {
        case 2: return values[0] << 8 | values[1]
        case 3:
            let (first, second, third) = (values[0] - 0x30, values[1] - 0x30, values[2] - 0x30)
            return (0x80 | third << 2 | second >> 3) << 8 | ((second << 5) & 0xFF | first)
        default: return 0
        }
    }

    /// `isRepresentative`: listed in Android's REPRESENTATIVE_LOCALES with the request's script.
    static func isRepresentative(_ key: Key, script: String) -> Bool {
        AndroidLocaleData.representativeLocales.contains("\(key.language)-\(script)-\(key.region)")
    }

    /// `localeDataIsCloseToUsEnglish`: en-REGION reaches `en` before `en-001`.
    static func isCloseToUSEnglish(_ region: String) -> Bool {
        let stops = [Key(language: "en", region: ""), Key(language: "en", region: "001")]
        return ancestors(Key(language: "en", region: region), script: "Latn", stops: stops).stop == 0
    }
}
