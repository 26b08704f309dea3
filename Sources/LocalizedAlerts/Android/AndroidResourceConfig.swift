/// A resource configuration as a built app holds it: libandroidfw's `ResTable_config`, read from
/// a `resources.arsc` type chunk or from a bundle's protobuf `Configuration`.
///
/// Only what names the configuration is kept: its folder qualifiers (`fr-rCA`, `b+sr+Latn`,
/// `night-v8`) and its BCP 47 locale. Ported from AOSP
/// `frameworks/base/libs/androidfw/include/androidfw/ResourceTypes.h` and `ResourceTypes.cpp`
/// (`ResTable_config::toString`, `appendDirLocale`, `getBcp47Locale`), Android 10.
struct AndroidResourceConfig: Sendable, Hashable {
    var mcc: UInt16 = 0
    var mnc: UInt16 = 0
    /// Lowercase, unpacked (`fr`, `ast`); "" for none.
    var language = ""
    /// Uppercase letters or three digits, unpacked; "" for none.
    var region = ""
    var orientation: UInt8 = 0
    var touchscreen: UInt8 = 0
    var density: UInt16 = 0
    var keyboard: UInt8 = 0
    var navigation: UInt8 = 0
    var inputFlags: UInt8 = 0
    var screenWidth: UInt16 = 0
    var screenHeight: UInt16 = 0
    var sdkVersion: UInt16 = 0
    var minorVersion: UInt16 = 0
    var screenLayout: UInt8 = 0
    var uiMode: UInt8 = 0
    var smallestScreenWidthDp: UInt16 = 0
    var screenWidthDp: UInt16 = 0
    var screenHeightDp: UInt16 = 0
    /// An explicit script (`Latn`); "" for none or a computed one, which is never written out.
    var script = ""
    var variant = ""
    var screenLayout2: UInt8 = 0
    var colorMode: UInt8 = 0
    var numberingSystem = ""

    /// `ResTable_config::locale != 0`: the configuration names a language or a region.
    var hasLocale: Bool { !language.isEmpty || !region.isEmpty }

    /// `getBcp47Locale(canonicalize:)`: `sr-Latn`, `fr-CA`, `es-419`; with `canonicalize`,
    /// Tagalog (`tl`) is Filipino (`fil`), as `GetResourceLocales` merges them.
    func bcp47Locale(canonicalize: Bool) -> String {
        guard hasLocale else { return "" }
        var parts: [String] = []
        if !language.isEmpty { parts.append(canonicalize && language == "tl" ? "fil" : language) }
        if !script.isEmpty { parts.append(script) }
        if !region.isEmpty { parts.append(region) }
        if !variant.isEmpty { parts.append(variant) }
        if !numberingSystem.isEmpty, !parts.isEmpty { parts += ["u", "nu", numberingSystem] }
        return parts.joined(separator: "-")
    }

    /// `appendDirLocale`: `fr-rCA` when only language and region are set, else the `b+` form.
    private var directoryLocale: String? {
        guard !language.isEmpty else { return nil }
        guard !script.isEmpty || !variant.isEmpty || !numberingSystem.isEmpty else {
            return region.isEmpty ? language : "\(language)-r\(region)"
        }
        var text = "b+" + language
        for part in [script, region, variant] where !part.isEmpty { text += "+" + part }
        if !numberingSystem.isEmpty { text += "+u+nu+" + numberingSystem }
        return text
    }

    /// `ResTable_config::toString`: the qualifiers of a resource folder, in aapt2's order
    /// (`mcc310-fr-rCA-night-v8`); "" for the default configuration.
    var qualifiers: String {
        var parts: [String] = []
        func named(_ value: Int, _ names: [Int: String], unknown: String) {
            parts.append(names[value] ?? "\(unknown)=\(value)")
        }
        if mcc != 0 { parts.append("mcc\(mcc)") }
        if mnc != 0 { parts.append("mnc\(mnc)") }
        if let locale = directoryLocale { parts.append(locale) }
        if screenLayout & 0xC0 != 0 { named(Int(screenLayout & 0xC0), [0x40: "ldltr", 0x80: "ldrtl"], unknown: "layoutDir") }
        if smallestScreenWidthDp != 0 { parts.append("sw\(smallestScreenWidthDp)dp") }
        if screenWidthDp != 0 { parts.append("w\(screenWidthDp)dp") }
        if screenHeightDp != 0 { parts.append("h\(screenHeightDp)dp") }
        if screenLayout & 0x0F != 0 {
            named(Int(screenLayout & 0x0F), [1: "small", 2: "normal", 3: "large", 4: "xlarge"], unknown: "screenLayoutSize")
        }
        if screenLayout & 0x30 != 0 { named(Int(screenLayout & 0x30), [0x10: "notlong", 0x20: "long"], unknown: "screenLayoutLong") }
        if screenLayout2 & 0x03 != 0 { named(Int(screenLayout2 & 0x03), [1: "notround", 2: "round"], unknown: "screenRound") }
        if colorMode & 0x03 != 0 { named(Int(colorMode & 0x03), [1: "nowidecg", 2: "widecg"], unknown: "wideColorGamut") }
        if colorMode & 0x0C != 0 { named(Int(colorMode & 0x0C), [4: "lowdr", 8: "highdr"], unknown: "hdr") }
        if orientation != 0 { named(Int(orientation), [1: "port", 2: "land", 3: "square"], unknown: "orientation") }
        if uiMode & 0x0F != 0 {
            named(
                Int(uiMode & 0x0F), [2: "desk", 3: "car", 4: "television", 5: "appliance", 6: "watch", 7: "vrheadset"],
                unknown: "uiModeType")
        }
        if uiMode & 0x30 != 0 { named(Int(uiMode & 0x30), [0x10: "notnight", 0x20: "night"], unknown: "uiModeNight") }
        if density != 0 {
            let names: [Int: String] = [
                120: "ldpi", 160: "mdpi", 213: "tvdpi", 240: "hdpi", 320: "xhdpi", 480: "xxhdpi", 640: "xxxhdpi", 0xFFFF: "nodpi",
                0xFFFE: "anydpi",
            ]
            parts.append(names[Int(density)] ?? "\(density)dpi")
        }
        if touchscreen != 0 { named(Int(touchscreen), [1: "notouch", 2: "stylus", 3: "finger"], unknown: "touchscreen") }
        if inputFlags & 0x03 != 0 { named(Int(inputFlags & 0x03), [1: "keysexposed", 2: "keyshidden", 3: "keyssoft"], unknown: "keysHidden") }
        if keyboard != 0 { named(Int(keyboard), [1: "nokeys", 2: "qwerty", 3: "12key"], unknown: "keyboard") }
        if inputFlags & 0x0C != 0 { named(Int(inputFlags & 0x0C), [4: "navexposed", 8: "navhidden"], unknown: "inputFlagsNavHidden") }
        if navigation != 0 { named(Int(navigation), [1: "nonav", 2: "dpad", 3: "trackball", 4: "wheel"], unknown: "navigation") }
        if screenWidth != 0 || screenHeight != 0 { parts.append("\(screenWidth)x\(screenHeight)") }
        if sdkVersion != 0 || minorVersion != 0 { parts.append("v\(sdkVersion)" + (minorVersion != 0 ? ".\(minorVersion)" : "")) }
        return parts.joined(separator: "-")
    }

    /// The name of the values folder that holds this configuration's values (`values-fr-rCA`).
    var valuesFolderName: String {
        let qualifiers = qualifiers
        return qualifiers.isEmpty ? "values" : "values-" + qualifiers
    }

    /// The locale part of a BCP 47 tag, as `ResTable_config::setBcp47Locale` assigns it: two or
    /// three letters are the language, then the region; four letters the script; a component
    /// starting with a digit of four, or five to eight characters, the variant; `-u-nu-x` the
    /// numbering system. Nil for a component none of these takes.
    mutating func setLocale(bcp47 tag: String) -> Bool {
        language = ""
        region = ""
        script = ""
        variant = ""
        numberingSystem = ""
        guard !tag.isEmpty else { return true }
        let components = tag.split(separator: "-", omittingEmptySubsequences: false)
        var index = 0
        while index < components.count {
            let component = components[index]
            guard component.utf8.allSatisfy({ $0 < 0x80 && ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A || ($0 >= 0x30 && $0 <= 0x39)) }) else {
                return false
            }
            switch component.utf8.count {
            case 1 where component.lowercased() == "u" && index + 2 < components.count && components[index + 1].lowercased() == "nu":
                let system = components[index + 2]
                guard (3...8).contains(system.utf8.count) else { return false }
                numberingSystem = system.lowercased()
                index += 3
                continue
            case 2, 3:
                if language.isEmpty {
                    language = component.lowercased()
                } else if region.isEmpty {
                    region = component.uppercased()
                } else {
                    return false
                }
            case 4 where !(component.first!.isASCII && component.first!.isNumber):
                script = component.prefix(1).uppercased() + component.dropFirst().lowercased()
            case 4...8:
                variant = component.lowercased()
            default:
                return false
            }
            index += 1
        }
        return true
    }
}

extension AndroidResourceConfig {
    /// `unpackLanguageOrRegion`: two ASCII bytes, or three 5-bit letters (digits for a region)
    /// packed into 15 bits with the high bit set.
    static func unpack(_ first: UInt8, _ second: UInt8, base: UInt8) -> String {
        if first & 0x80 != 0 {
            let letters = [second & 0x1F, ((second & 0xE0) >> 5) | ((first & 0x03) << 3), (first & 0x7C) >> 2]
            return String(decoding: letters.map { $0 &+ base }, as: UTF8.self)
        }
        if first == 0 { return "" }
        return String(decoding: second == 0 ? [first] : [first, second], as: UTF8.self)
    }

    /// A fixed-size NUL-padded ASCII field (`localeScript`, `localeVariant`).
    static func text(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
}
