/// The locale functions the matcher needs, answering as Apple's ICU (76, on devices) does.
///
/// System ICU here is 72. Between the two, ICU stopped dropping `und` and `root` from
/// identifiers and stopped keeping empty trailing subtags; the differences, measured against
/// Apple's ICU in the toolchain, are reproduced here so that matching agrees with devices:
///
/// | call | ICU 72 | Apple ICU 76 |
/// |---|---|---|
/// | base name of `und-Cyrl-BR` | `_Cyrl_BR` | `und_Cyrl_BR` |
/// | base name of `root` | `` | `root` |
/// | base name of `-`, `en-` | `__`, `en__` | ``, `en` |
/// | language of `und_MY` | `` | `und` |
/// | parent of `und_Cyrl_BR` | `_Cyrl` | `und_Cyrl` |
/// | minimized `root_US`, `abcdefghi_US` | with region | no region / error |
/// | base name of a 12+ letter language (`aaaaaaaaaaaa`) | accepted | error |
///
/// Identifiers ICU 76 cannot read (that error, or a base name over Apple's 57-byte buffer) match
/// nothing here. On a device they also disturb Apple's matcher for the other identifiers of the
/// same call, in ways that depend on leftover buffer contents: that is not reproduced.
enum AppleICUBehavior {
    /// ICU 76 rejects identifiers whose language subtag has 12 or more characters.
    static let maximumLanguageLength = 11

    static func baseName(_ identifier: String, capacity: Int) -> String? {
        let languageField = identifier.utf8.prefix {
            $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: "_") && $0 != UInt8(ascii: "@") && $0 != UInt8(ascii: ".")
        }
        guard languageField.count <= maximumLanguageLength else { return nil }
        guard var base = ICU.baseName(identifier, capacity: capacity) else { return nil }
        while base.hasSuffix("_") { base.removeLast() }
        let first = firstSubtag(of: identifier).lowercased()
        if first == "und" && (base.isEmpty || base.hasPrefix("_")) {
            base = "und" + base
        } else if first == "root" && base.isEmpty {
            base = "root"
        }
        return base.utf8.count < capacity ? base : nil
    }

    static func language(_ identifier: String) -> String {
        let first = firstSubtag(of: identifier)
        if first == "und" || first == "root" { return String(first) }
        return ICU.language(identifier)
    }

    static func parent(_ identifier: String) -> String {
        if identifier.hasPrefix("und_"), let last = identifier.lastIndex(of: "_") {
            return String(identifier[..<last])
        }
        return ICU.parent(identifier)
    }

    static func country(_ identifier: String) -> String {
        ICU.country(identifier)
    }

    /// Whether the minimized form keeps a region (nil when minimizing fails).
    static func minimizedHasCountry(_ identifier: String, capacity: Int) -> Bool {
        let language = self.language(identifier)
        if language == "root" || language.utf8.count > 8 { return false }
        guard let minimized = ICU.minimizeSubtags(identifier, capacity: capacity) else { return false }
        return !ICU.country(minimized).isEmpty
    }

    private static func firstSubtag(of identifier: String) -> Substring {
        identifier.prefix { $0 != "_" && $0 != "-" && $0 != "@" }
    }
}
