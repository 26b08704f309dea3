/// The locale functions the matcher needs, answering as Apple's ICU (76, on devices) does.
///
/// System ICU here is 72. Base names are written out (``LocaleBaseName``); the other calls go to
/// system ICU with these differences, measured against Apple's ICU in the toolchain, put back:
///
/// | call | ICU 72 | Apple ICU 76 |
/// |---|---|---|
/// | language of `und_MY` | `` | `und` |
/// | parent of `und_Cyrl_BR` | `_Cyrl` | `und_Cyrl` |
/// | minimized `root_US`, `abcdefghi_US` | with region | no region / error |
///
/// Identifiers ICU 76 cannot read (an error, or a base name over Apple's 57-byte buffer) match
/// nothing here. On a device they also disturb Apple's matcher for the other identifiers of the
/// same call, in ways that depend on leftover buffer contents: that is not reproduced.
enum AppleICUBehavior {
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

    /// Whether the minimized form keeps a region, minimized into a buffer of `capacity` bytes
    /// (false when minimizing fails). A result that fills the buffer without room for its NUL
    /// is only a warning for ICU, and Apple reads it as it is.
    static func minimizedHasCountry(_ identifier: String, capacity: Int) -> Bool {
        let language = self.language(identifier)
        if language == "root" || language.utf8.count > 8 { return false }
        guard let minimized = ICU.minimizeSubtags(identifier, capacity: capacity + 1) else { return false }
        return !ICU.country(minimized).isEmpty
    }

    private static func firstSubtag(of identifier: String) -> Substring {
        identifier.prefix { $0 != "_" && $0 != "-" && $0 != "@" }
    }
}
