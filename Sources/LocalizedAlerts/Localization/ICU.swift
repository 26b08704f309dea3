import CICU

/// Swift access to the C wrapper over system ICU. Each call copies plain C strings in and out.
enum ICU {
    /// Calls an ICU wrapper that writes a NUL-terminated string; nil when ICU fails or the result
    /// does not fit in `capacity` bytes.
    static func string(capacity: Int = 158, _ body: (UnsafeMutablePointer<CChar>, Int32) -> Int32) -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer -> String? in
            let length = body(buffer.baseAddress!, Int32(capacity))
            guard length >= 0 else { return nil }
            return String(cString: buffer.baseAddress!)
        }
    }

    static func baseName(_ identifier: String, capacity: Int) -> String? {
        string(capacity: capacity) { cicu_locale_base_name(identifier, $0, $1) }
    }

    /// An ICU identifier with keywords for a BCP 47 tag (`ar-u-nu-latn` → `ar@numbers=latn`);
    /// identifiers already in ICU form pass through.
    static func identifier(forLanguageTag tag: String) -> String {
        guard tag.contains("-") else { return tag }
        let converted = string { cicu_locale_for_language_tag(tag, $0, $1) }
        return converted.flatMap { $0.isEmpty ? nil : $0 } ?? tag
    }

    static func language(_ identifier: String) -> String {
        string { cicu_locale_language(identifier, $0, $1) } ?? ""
    }

    static func script(_ identifier: String) -> String {
        string { cicu_locale_script(identifier, $0, $1) } ?? ""
    }

    static func country(_ identifier: String) -> String {
        string { cicu_locale_country(identifier, $0, $1) } ?? ""
    }

    static func parent(_ identifier: String) -> String {
        string { cicu_locale_parent(identifier, $0, $1) } ?? ""
    }

    static func minimizeSubtags(_ identifier: String, capacity: Int) -> String? {
        string(capacity: capacity) { cicu_locale_minimize_subtags(identifier, $0, $1) }
    }

    static func addLikelySubtags(_ identifier: String) -> String? {
        string { cicu_locale_add_likely_subtags(identifier, $0, $1) }
    }

    /// ICU's replacement for a language alias (`iw` → `he`), or nil.
    static func languageAlias(_ identifier: String, capacity: Int) -> String? {
        let result = string(capacity: capacity) { cicu_language_alias(identifier, $0, $1) }
        return result?.isEmpty == false ? result : nil
    }

    static func isRightToLeft(_ identifier: String) -> Bool {
        cicu_locale_is_right_to_left(identifier) == 1
    }

    /// "French (Canada)" for `fr_CA` in English.
    static func displayName(_ identifier: String, in displayLocale: String = "en") -> String? {
        string(capacity: 512) { cicu_locale_display_name(identifier, displayLocale, $0, $1) }
    }

    static var version: String {
        string(capacity: 32) { cicu_version($0, $1) } ?? "unknown"
    }
}
