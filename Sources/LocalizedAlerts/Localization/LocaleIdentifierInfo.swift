/// What Apple's matcher derives from one localization identifier (`ualoc.cpp`'s LocaleIDInfo):
/// its ICU base name, its normalized form, its language and matching group, and its chain of
/// fallback parents. Strings are interned: the matcher compares numbers.
struct LocaleIdentifierInfo: Sendable {
    var original: String
    var base: LocaleSymbol
    var normalized: LocaleSymbol
    var language: LocaleSymbol
    var languageGroup: LocaleSymbol
    /// `normalized` then its parents, as a preferred language sees it (no penalty).
    var preferredChain: [LocaleSymbol]
    /// As an available localization sees it: when its region is not the language's default,
    /// `normalized` appears twice at the head (a one-step penalty).
    var availableChain: [LocaleSymbol]
    var hasRegionPenalty: Bool
    /// Whether `normalized` has a region.
    var specifiesCountry: Bool
    /// False when ICU could not read the identifier (too long): it then matches nothing.
    var isUsable: Bool
}

/// An interned identifier string: equal strings have equal symbols.
struct LocaleSymbol: Hashable, Sendable {
    var id: Int32
}

/// Computes identifier information with ICU and Apple's tables, following `ualoc.cpp`.
enum LocaleIdentifierAnalysis {
    /// Apple sizes its buffers for identifiers without keywords: 57 characters and a NUL.
    static let maximumIdentifierLength = 58
    /// `ualoc.cpp` minimizes into a 16-byte buffer; a result longer than 16 bytes gets no region
    /// penalty (one of exactly 16 fills it without its NUL and still counts).
    static let minimizedBufferLength = 16
    /// Chains hold at most nine identifiers (the tenth slot ends the chain).
    static let maximumChainLength = 10

    struct Strings {
        var base: String
        var normalized: String
        var language: String
        var languageGroup: String
        var preferredChain: [String]
        var availableChain: [String]
        var hasRegionPenalty: Bool
        var specifiesCountry: Bool
        var isUsable: Bool
    }

    static func analyse(_ original: String) -> Strings {
        // A base name that does not fit Apple's buffer makes ICU fail: such an identifier
        // matches nothing.
        guard let base = LocaleBaseName.of(original, capacity: maximumIdentifierLength) else {
            return Strings(
                base: "", normalized: "", language: "", languageGroup: "", preferredChain: [], availableChain: [],
                hasRegionPenalty: false, specifiesCountry: false, isUsable: false)
        }
        let normalized = normalize(base)
        let language = AppleICUBehavior.language(normalized)
        let country = AppleICUBehavior.country(normalized)
        let specifiesCountry = !country.isEmpty
        var chain = [normalized]
        var link = normalized
        while chain.count < maximumChainLength - 1 {
            let parent = parentOf(link)
            if parent.isEmpty || parent == "root" { break }
            chain.append(parent)
            link = parent
        }
        var hasPenalty = false
        if specifiesCountry && normalized != "es_MX" && normalized != "zh_Hant_TW" {
            hasPenalty = AppleICUBehavior.minimizedHasCountry(normalized, capacity: minimizedBufferLength)
        }
        var availableChain = chain
        if hasPenalty {
            availableChain.insert(normalized, at: 1)
            // The chain is built after the duplicate, so it keeps at most nine entries in all.
            if availableChain.count > maximumChainLength - 1 { availableChain.removeLast() }
        }
        return Strings(
            base: base, normalized: normalized, language: language, languageGroup: languageGroup(of: language),
            preferredChain: chain, availableChain: availableChain,
            hasRegionPenalty: hasPenalty, specifiesCountry: specifiesCountry, isUsable: true)
    }

    /// `ualoc_normalize`: Apple's alias map, else ICU's language aliases (whole identifier, then
    /// the language with script and region put back), else the base itself.
    static func normalize(_ base: String) -> String {
        if let replacement = LocaleData.appleAliasMap[base] { return replacement }
        guard !base.isEmpty else { return base }
        let capacity = maximumIdentifierLength
        if let replacement = ICU.languageAlias(base, capacity: capacity) { return replacement }
        guard let underscore = base.firstIndex(of: "_") else { return base }
        let languageOnly = String(base[..<underscore])
        guard var replacement = ICU.languageAlias(languageOnly, capacity: capacity) else { return base }
        let suffix = base[underscore...]
        if !replacement.contains("_") {
            replacement += suffix
        } else {
            // The alias already has a script or region: keep the original's region only when
            // the alias ends with a script (four letters after its last '_').
            let utf8 = Array(replacement.utf8)
            if utf8.count > 5 && utf8[utf8.count - 5] == UInt8(ascii: "_"), let lastUnderscore = base.lastIndex(of: "_") {
                let region = base[lastUnderscore...]
                if region.utf8.count <= 4 { replacement += region }
            }
        }
        return replacement.utf8.count < capacity ? replacement : base
    }

    /// `ualoc_getParent`: Apple's parent map, else CLDR parent locales, else ICU truncation.
    static func parentOf(_ identifier: String) -> String {
        if let parent = LocaleData.appleParentMap[identifier] { return parent }
        if let parent = LocaleData.cldrParentLocales[identifier] { return parent }
        return AppleICUBehavior.parent(identifier)
    }

    /// Languages that match each other although their codes differ.
    static func languageGroup(of language: String) -> String {
        switch language {
        case "ars": "ar"
        case "hi": "en"  // hi_Latn falls back to en_IN
        case "nb", "nn": "no"
        case "wuu", "yue": "zh"
        default: language
        }
    }
}
