/// What presenters need to know about a language: its writing direction and its name (ICU).
@_spi(Presentation) public enum LanguageFacts {
    /// Whether text in `identifier` (BCP 47 or ICU form: `ar`, `he-IL`, `ur_PK`, `az-Arab`)
    /// lays out right to left, by its script (the likely script when none is given).
    public static func isRightToLeft(_ identifier: String) -> Bool {
        ICU.isRightToLeft(icuForm(identifier))
    }

    /// "French (Canada)" for `fr-CA`, named in `displayLanguage`.
    public static func displayName(_ identifier: String, in displayLanguage: String = "en") -> String? {
        ICU.displayName(icuForm(identifier), in: displayLanguage)
    }

    /// ICU's form of a BCP 47 tag's separators (`zh-Hant` → `zh_Hant`).
    static func icuForm(_ identifier: String) -> String {
        String(identifier.map { $0 == "-" ? "_" : $0 })
    }
}
