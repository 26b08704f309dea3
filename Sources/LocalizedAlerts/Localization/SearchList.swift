/// The localizations a bundle offers, as CoreFoundation assembles them
/// (`CFBundleCopyBundleLocalizations`).
public struct BundleLocalizations: Hashable, Sendable {
    /// In order: Info.plist's `CFBundleLocalizations`, then the `.lproj` folder names (sorted, so
    /// that ties resolve the same way on every machine), then the development region when `Base`
    /// is present and the region is not there in any form. Exact duplicates are dropped.
    public var names: [String] { didSet { available = AvailableLocalizations(names) } }
    /// `names` hashed once, for the matcher's caches.
    private(set) var available: AvailableLocalizations
    /// `CFBundleDevelopmentRegion`; nil when absent or empty.
    public var developmentRegion: String?
    /// Whether the development region was added because of `Base.lproj`.
    public var addedDevelopmentRegion: Bool

    /// The localizations of a bundle with these declarations and folders.
    /// - Parameters:
    ///   - declared: Info.plist's `CFBundleLocalizations`.
    ///   - folders: The `.lproj` folder names, without the extension.
    ///   - developmentRegion: Info.plist's `CFBundleDevelopmentRegion`.
    public init(declared: [String] = [], folders: [String], developmentRegion: String?) {
        var names: [String] = []
        var seen: Set<String> = []
        for name in declared + folders.sorted() where !name.isEmpty && seen.insert(name).inserted { names.append(name) }
        let region = developmentRegion.flatMap { $0.isEmpty ? nil : $0 }
        var added = false
        if let region, names.contains("Base"), BundleLocalizations.form(of: region, in: names) == nil {
            names.append(region)
            added = true
        }
        self.names = names
        self.available = AvailableLocalizations(names)
        self.developmentRegion = region
        self.addedDevelopmentRegion = added
    }

    /// The app's localizations as found on disk.
    public init(_ app: AppLocalizations) {
        self.init(declared: app.declaredLocalizations, folders: app.localizations.map(\.name), developmentRegion: app.developmentRegion)
    }

    /// CoreFoundation's `_CFBundleCopyLanguageFoundInLocalizations`: `language` as it appears in
    /// `names`, in any form: identical, its legacy name (`en` ↔ `English`), with `-` and `_`
    /// swapped, or the same canonical identifier.
    static func form(of language: String, in names: [String]) -> String? {
        if names.contains(language) { return language }
        let legacy: [String: String] = [
            "en": "English", "fr": "French", "de": "German", "it": "Italian", "nl": "Dutch", "es": "Spanish", "ja": "Japanese",
        ]
        let alternate = legacy[language] ?? legacy.first(where: { $0.value == language })?.key
        if let alternate, names.contains(alternate) { return alternate }
        var utf8 = Array(language.utf8)
        if utf8.count >= 4 && (utf8[2] == UInt8(ascii: "-") || utf8[2] == UInt8(ascii: "_")) {
            utf8[2] = utf8[2] == UInt8(ascii: "-") ? UInt8(ascii: "_") : UInt8(ascii: "-")
            let swapped = String(decoding: utf8, as: UTF8.self)
            if names.contains(swapped) { return swapped }
        }
        // CFLocaleCreateCanonicalLanguageIdentifierFromString is not on Linux; Apple's
        // normalization (base name, Apple's and ICU's aliases) stands in for it.
        let canonical = LocaleIdentifierAnalysis.normalize(
            LocaleBaseName.of(language, capacity: LocaleIdentifierAnalysis.maximumIdentifierLength) ?? language)
        return names.first { name in
            LocaleIdentifierAnalysis.normalize(LocaleBaseName.of(name, capacity: LocaleIdentifierAnalysis.maximumIdentifierLength) ?? name)
                == canonical
        }
    }
}

/// The order in which a device searches an app's localizations for its preferred languages
/// (`_CFBundleCopyLanguageSearchListInBundle`). The first entry that has a `Localizable` table
/// supplies all of the app's notification text.
public struct SearchList: Hashable, Sendable {
    /// The preferred languages the list was made for.
    public var preferredLanguages: [String]
    /// The bundle's localizations.
    public var bundle: BundleLocalizations
    /// Localizations in search order.
    public var localizations: [String]
    /// What produced the head of the list.
    public var source: Source
    /// The match behind the list, when one was found.
    public var match: LocalizationMatch?
    /// Identifiers iOS cannot hand to its matcher (not ASCII, or longer than 156 characters):
    /// one of them makes it skip the whole list it is in.
    public var unusableIdentifiers: [String]

    /// What chose the head of the list: the preferred languages, else the development region, else `en_US`,
    /// else the first localization; `none` when the app has no localizations.
    public enum Source: String, Hashable, Sendable {
        case preferredLanguages
        case developmentRegion
        case englishBackstop
        case firstLocalization
        case none
    }

    /// A human explanation of the choice, step by step.
    public var explanation: String {
        var lines: [String] = []
        if !unusableIdentifiers.isEmpty {
            lines.append(
                "Not usable by iOS (non-ASCII or over 156 characters): \(unusableIdentifiers.joined(separator: ", ")); a list holding one is skipped as a whole."
            )
        }
        if bundle.addedDevelopmentRegion, let region = bundle.developmentRegion {
            lines.append("Base.lproj is present, so the development region \(region) counts as a localization.")
        }
        switch source {
        case .preferredLanguages:
            if let match { lines.append(match.explanation) }
        case .developmentRegion:
            lines.append("No preferred language matches; the development region \(bundle.developmentRegion ?? "") decides.")
            if let match { lines.append(match.explanation) }
        case .englishBackstop:
            lines.append("Neither the preferred languages nor the development region match; en_US is the backstop.")
            if let match { lines.append(match.explanation) }
        case .firstLocalization:
            lines.append("Nothing matches, not even en_US; the first localization (\(bundle.names.first ?? "")) is used.")
        case .none:
            lines.append("The app has no localizations.")
        }
        if let region = bundle.developmentRegion, localizations.last == region, match?.localizations.contains(region) != true {
            lines.append("The development region \(region) is appended as the last resort.")
        }
        lines.append("Search list: \(localizations.joined(separator: ", ")).")
        return lines.joined(separator: "\n")
    }
}

extension LocalizationMatcher {
    /// The device's search list for these preferred languages in a bundle with these
    /// localizations: the matcher on the preferred languages, else on the development region,
    /// else on en_US, else the first localization; then the development region appended.
    public func searchList(preferredLanguages: [String], bundle: BundleLocalizations) -> SearchList {
        let available = bundle.names
        // Which localizations cannot be passed is the bundle's, found once per bundle.
        let unpassable = unpassableNames(of: bundle.available)
        let unusable = preferredLanguages.filter { !Self.isPassableToMatcher($0) } + unpassable
        // CFBundle converts each list to ASCII C strings; one that cannot be converted makes
        // the whole call return nothing.
        func attempt(_ preferred: [String]) -> LocalizationMatch? {
            guard !preferred.isEmpty, !available.isEmpty, preferred.allSatisfy(Self.isPassableToMatcher), unpassable.isEmpty
            else { return nil }
            let result = match(preferred: preferred, available: bundle.available)
            return result.localizations.isEmpty ? nil : result
        }
        var source = SearchList.Source.none
        var found = attempt(preferredLanguages)
        if found != nil {
            source = .preferredLanguages
        } else if let region = bundle.developmentRegion, let byRegion = attempt([region]) {
            found = byRegion
            source = .developmentRegion
        } else if let byEnglish = attempt(["en_US"]) {
            found = byEnglish
            source = .englishBackstop
        } else if let first = available.first, let byFirst = attempt([first]) {
            found = byFirst
            source = .firstLocalization
        }
        var list = found?.localizations ?? []
        if source == .none, let first = available.first {
            list = [first]
            source = .firstLocalization
        }
        if let region = bundle.developmentRegion {
            if !list.contains(region) { list.append(region) }
        } else if let english = ["en", "English", "en_US"].first(where: available.contains), !list.contains(english) {
            list.append(english)
        }
        if list.isEmpty { list = ["en"] }
        return SearchList(
            preferredLanguages: preferredLanguages, bundle: bundle, localizations: list, source: source, match: found,
            unusableIdentifiers: unusable)
    }

    static func isPassableToMatcher(_ identifier: String) -> Bool {
        identifier.utf8.count <= 156 && identifier.utf8.allSatisfy { $0 < 0x80 }
    }
}
