import Synchronization

/// Chooses localizations the way an Apple device does: Apple's `ualoc_localizationsToUse`
/// (ICU's Apple additions) on system ICU, with Apple's alias and parent tables.
///
/// A matcher caches what it learns about each identifier and the result for each input, so
/// keep one and reuse it; it is safe to share between threads.
///
/// ```swift
/// let matcher = LocalizationMatcher()
/// let match = matcher.match(preferred: ["fr-CH", "fr-CA"], available: ["fr-FR", "fr-CA", "en"])
/// match.localizations   // ["fr-CA"]: an exact match further down beats a regional fallback
/// print(match.explanation)
///
/// let bundle = BundleLocalizations(folders: ["en", "pt-BR", "es"], developmentRegion: "en")
/// let list = matcher.searchList(preferredLanguages: ["pt-PT", "es-MX"], bundle: bundle)
/// list.localizations    // ["es", "en"]: pt-BR serves pt-PT only when nothing else matches
/// ```
public final class LocalizationMatcher: Sendable {
    private let state: Mutex<State>
    private let cacheLimit: Int

    /// - Parameter cacheLimit: how many distinct inputs' results to remember before starting
    ///   afresh; 0 remembers none. What identifiers mean is remembered for at most
    ///   ``identifierCacheLimit`` identifiers, then learned afresh.
    public init(cacheLimit: Int = 20_000) {
        self.cacheLimit = cacheLimit
        self.state = Mutex(State())
    }

    /// Identifiers whose analysis is kept at most: a provider meets arbitrary language strings,
    /// and each costs a few hundred bytes.
    public static let identifierCacheLimit = 20_000

    struct State: ~Copyable {
        var symbols: [String: Int32] = [:]
        var strings: [String] = []
        var infos: [String: LocaleIdentifierInfo] = [:]
        var results: [ResultKey: LocalizationMatch] = [:]
        /// Each list of available localizations analysed and indexed once: a bundle of
        /// thousands of localizations is matched for thousands of devices.
        var indexes: [AvailableLocalizations: AvailableIndex] = [:]

        mutating func index(of available: AvailableLocalizations) -> AvailableIndex {
            if let index = indexes[available] { return index }
            if indexes.count >= 64 { indexes.removeAll(keepingCapacity: true) }
            var index = AvailableIndex(available.names.map { info($0) })
            index.unpassable = available.names.filter { !LocalizationMatcher.isPassableToMatcher($0) }
            indexes[available] = index
            largestIndexed = max(largestIndexed, available.names.count)
            return index
        }

        /// Results refer to analyses by symbol, so everything starts afresh at once.
        /// The longest list of localizations indexed: the identifier cache holds at least a few
        /// times that many, so that a bundle of more localizations than the limit is not
        /// analysed again for every device.
        var largestIndexed = 0

        mutating func startAfreshIfFull() {
            if infos.count >= max(LocalizationMatcher.identifierCacheLimit, 4 * largestIndexed) { self = State() }
        }

        mutating func symbol(_ string: String) -> LocaleSymbol {
            if let id = symbols[string] { return LocaleSymbol(id: id) }
            let id = Int32(strings.count)
            strings.append(string)
            symbols[string] = id
            return LocaleSymbol(id: id)
        }

        mutating func info(_ identifier: String) -> LocaleIdentifierInfo {
            if let info = infos[identifier] { return info }
            let analysed = LocaleIdentifierAnalysis.analyse(identifier)
            let info = LocaleIdentifierInfo(
                original: identifier,
                base: symbol(analysed.base), normalized: symbol(analysed.normalized),
                language: symbol(analysed.language), languageGroup: symbol(analysed.languageGroup),
                preferredChain: analysed.preferredChain.map { symbol($0) },
                availableChain: analysed.availableChain.map { symbol($0) },
                hasRegionPenalty: analysed.hasRegionPenalty, specifiesCountry: analysed.specifiesCountry,
                isUsable: analysed.isUsable)
            infos[identifier] = info
            return info
        }
    }

    struct ResultKey: Hashable {
        var preferred: [String]
        var available: AvailableLocalizations
    }

    /// The localizations to use, best first: what `ualoc_localizationsToUse` returns for these
    /// preferred languages and available localizations. Identifiers keep the caller's spelling.
    public func match(preferred: [String], available: [String]) -> LocalizationMatch {
        match(preferred: preferred, available: AvailableLocalizations(available))
    }

    /// The same for a list whose hash is already known (a bundle's, matched for many devices).
    func match(preferred: [String], available: AvailableLocalizations) -> LocalizationMatch {
        let key = ResultKey(preferred: preferred, available: available)
        return state.withLock { state in
            if let cached = state.results[key] { return cached }
            state.startAfreshIfFull()
            let result = Self.compute(preferred: preferred, available: available, state: &state)
            guard cacheLimit > 0 else { return result }
            if state.results.count >= cacheLimit { state.results.removeAll(keepingCapacity: true) }
            state.results[key] = result
            return result
        }
    }

    /// Normalized form and fallback chain of one identifier, as the matcher sees it.
    /// The localizations of `available` that cannot be passed to the matcher, from the list's
    /// cached index.
    func unpassableNames(of available: AvailableLocalizations) -> [String] {
        state.withLock { state in
            state.startAfreshIfFull()
            return state.index(of: available).unpassable
        }
    }

    public func describe(_ identifier: String) -> IdentifierDescription {
        state.withLock { state in
            state.startAfreshIfFull()
            let info = state.info(identifier)
            return IdentifierDescription(
                identifier: identifier, baseName: state.strings[Int(info.base.id)],
                normalized: state.strings[Int(info.normalized.id)], language: state.strings[Int(info.language.id)],
                fallbackChain: info.preferredChain.map { state.strings[Int($0.id)] },
                hasRegionPenalty: info.hasRegionPenalty, isUsable: info.isUsable)
        }
    }

    // MARK: The algorithm (ualoc.cpp, ualoc_localizationsToUse)

    private static func compute(preferred: [String], available: AvailableLocalizations, state: inout State) -> LocalizationMatch {
        let prefs = preferred.map { state.info($0) }
        let index = state.index(of: available)
        let avails = index.infos
        let ptPT = state.symbol("pt_PT")
        let ptBR = state.symbol("pt_BR")
        let zh = state.symbol("zh")
        let zhHantHK = state.symbol("zh_Hant_HK")
        let zhHantTW = state.symbol("zh_Hant_TW")

        var result: Int?
        var resultScore = 999
        var portuguese: (preferred: Int, available: Int)?
        var reason = LocalizationMatch.Reason.noMatch

        // The first preferred language that matches anything decides (but see the region step).
        var preferredIndex = 0
        while result == nil && preferredIndex < prefs.count {
            let pref = prefs[preferredIndex]
            defer { preferredIndex += 1 }
            guard pref.isUsable else { continue }
            // Only localizations that share the base name, the normalized name or the language
            // group can match; they are visited in the same order as a scan of all would.
            for availableIndex in index.candidates(for: pref) where avails[availableIndex].isUsable {
                let avail = avails[availableIndex]
                if resultScore > -1 && pref.base == avail.base {
                    result = availableIndex
                    resultScore = -1
                    reason = .identicalBaseName(preferredIndex: preferredIndex, availableIndex: availableIndex)
                } else if resultScore > 0 && pref.normalized == avail.normalized {
                    result = availableIndex
                    resultScore = 0
                    reason = .identicalNormalizedName(preferredIndex: preferredIndex, availableIndex: availableIndex)
                } else if resultScore > 0 && pref.languageGroup == avail.languageGroup {
                    for (i, link) in pref.preferredChain.enumerated() {
                        for (j, availableLink) in avail.availableChain.enumerated() where link == availableLink {
                            if pref.normalized == ptPT && avail.normalized == ptBR {
                                // pt_BR serves pt_PT only when nothing else matches at all.
                                portuguese = (preferredIndex, availableIndex)
                            } else {
                                let score = i + j + (pref.language == avail.language ? 0 : 1)
                                if score < resultScore {
                                    resultScore = score
                                    result = availableIndex
                                    reason = .sharedFallback(
                                        preferredIndex: preferredIndex, availableIndex: availableIndex,
                                        link: state.strings[Int(link.id)], preferredStep: i, availableStep: j, score: score)
                                }
                            }
                        }
                    }
                }
            }
        }

        // A regional match that is not exact yields to an exact match of the same language
        // further down the preferred list (fr-CH, fr-CA against fr-FR, fr-CA → fr-CA).
        if let current = result, resultScore > 0, avails[current].specifiesCountry, avails[current].language != zh {
            search: for (p, pref) in prefs.enumerated() where pref.isUsable && pref.language == avails[current].language {
                for a in index.sharingName(with: pref) where avails[a].isUsable {
                    reason = .exactMatchOfSameLanguage(preferredIndex: p, availableIndex: a, insteadOf: current)
                    result = a
                    break search
                }
            }
        }

        if result == nil, let portuguese {
            result = portuguese.available
            reason = .portugueseLastResort(preferredIndex: portuguese.preferred, availableIndex: portuguese.available)
        }

        var localizations: [String] = []
        var winnerChain: [String] = []
        if let winner = result {
            localizations.append(available.names[winner])
            let chain = avails[winner].availableChain
            winnerChain = avails[winner].preferredChain.map { state.strings[Int($0.id)] }
            for (step, link) in chain.enumerated() {
                if step == 1 && avails[winner].hasRegionPenalty { continue }  // the penalty's duplicate
                // Those whose normalized name is the link (and zh_Hant_TW for zh_Hant_HK, Apple's
                // special case for Hong Kong), in order.
                let linked =
                    link == zhHantHK
                    ? AvailableIndex.merged([index.byNormalized[link] ?? [], index.byNormalized[zhHantTW] ?? []]) : index.byNormalized[link] ?? []
                for a in linked where a != winner && avails[a].isUsable {
                    localizations.append(available.names[a])
                }
            }
        }
        if localizations.isEmpty, available.names.contains("zxx") {
            localizations = ["zxx"]
            reason = .noLinguisticContent
        }
        var preferredChain: [String] = []
        if let index = reason.preferredIndex { preferredChain = prefs[index].preferredChain.map { state.strings[Int($0.id)] } }
        return LocalizationMatch(
            preferred: preferred, available: available.names, localizations: localizations, reason: reason,
            preferredChain: preferredChain, winnerChain: winnerChain)
    }
}

/// How the matcher reads one identifier.
public struct IdentifierDescription: Hashable, Sendable {
    /// The identifier as given.
    public var identifier: String
    /// ICU's base name (`zh-hant-hk` → `zh_Hant_HK`).
    public var baseName: String
    /// After Apple's and ICU's aliases (`zh_TW` → `zh_Hant_TW`, `iw` → `he`).
    public var normalized: String
    /// The language part (`zh`).
    public var language: String
    /// `normalized` and its parents (`en_IN → en_GB → en_001 → en`).
    public var fallbackChain: [String]
    /// Whether, as an available localization, it carries the one-step non-default-region penalty.
    public var hasRegionPenalty: Bool
    /// False when ICU cannot read it (too long); it then matches nothing.
    public var isUsable: Bool
}

/// The result of matching preferred languages against available localizations.
public struct LocalizationMatch: Hashable, Sendable {
    /// The preferred languages as given.
    public var preferred: [String]
    /// The available localizations as given.
    public var available: [String]
    /// The localizations to use, best first (empty when nothing matched).
    public var localizations: [String]
    /// How the first localization was chosen.
    public var reason: Reason
    /// Fallback chain of the preferred language that decided, and of the winner.
    public var preferredChain: [String]
    /// Fallback chain of the winning localization.
    public var winnerChain: [String]

    /// How the matcher chose: which step of `ualoc_localizationsToUse` decided, and between which entries
    /// (indices into ``LocalizationMatch/preferred`` and ``LocalizationMatch/available``).
    public enum Reason: Hashable, Sendable {
        case identicalBaseName(preferredIndex: Int, availableIndex: Int)
        case identicalNormalizedName(preferredIndex: Int, availableIndex: Int)
        /// Both fallback chains reach `link`, at `preferredStep` and `availableStep`.
        case sharedFallback(preferredIndex: Int, availableIndex: Int, link: String, preferredStep: Int, availableStep: Int, score: Int)
        case exactMatchOfSameLanguage(preferredIndex: Int, availableIndex: Int, insteadOf: Int)
        case portugueseLastResort(preferredIndex: Int, availableIndex: Int)
        case noLinguisticContent
        case noMatch

        var preferredIndex: Int? {
            switch self {
            case .identicalBaseName(let p, _), .identicalNormalizedName(let p, _), .sharedFallback(let p, _, _, _, _, _),
                .exactMatchOfSameLanguage(let p, _, _), .portugueseLastResort(let p, _):
                p
            case .noLinguisticContent, .noMatch: nil
            }
        }
    }

    /// Why this result, in a sentence or two.
    public var explanation: String {
        func name(_ index: Int) -> String { available[index] }
        func chain(_ links: [String]) -> String { links.joined(separator: " → ") }
        var text: String
        switch reason {
        case .identicalBaseName(let p, let a):
            text = "\(preferred[p]) is \(name(a)) (same identifier)."
        case .identicalNormalizedName(let p, let a):
            text = "\(preferred[p]) and \(name(a)) are the same language once aliases are applied (\(preferredChain.first ?? ""))."
        case .sharedFallback(let p, let a, let link, let ps, let astep, let score):
            text = "\(preferred[p]) falls back along \(chain(preferredChain)); \(name(a)) along \(chain(winnerChain)). "
            text += "Both reach \(link) (steps \(ps) and \(astep), score \(score)): the lowest score among the localizations."
        case .exactMatchOfSameLanguage(let p, let a, let previous):
            text =
                "\(name(previous)) was only a regional fallback, so the exact match \(name(a)) for \(preferred[p]), further down the preferred list, wins."
        case .portugueseLastResort(let p, let a):
            text = "Nothing else matched, so \(name(a)) serves \(preferred[p]) as a last resort (Portuguese: pt-BR only when nothing else does)."
        case .noLinguisticContent:
            text = "Nothing matched; zxx (no linguistic content) is available."
        case .noMatch:
            return preferred.isEmpty ? "No preferred languages." : "None of \(preferred.joined(separator: ", ")) matches any localization."
        }
        if localizations.count > 1 {
            text += " Then the localizations on its fallback chain: \(localizations.dropFirst().joined(separator: ", "))."
        }
        return text
    }
}

/// A list of available localizations, analysed once, with the positions of those sharing each
/// base name, normalized name and language group.
struct AvailableIndex {
    let infos: [LocaleIdentifierInfo]
    let byBase: [LocaleSymbol: [Int]]
    let byNormalized: [LocaleSymbol: [Int]]
    let byGroup: [LocaleSymbol: [Int]]
    /// The names that cannot be passed to the matcher (CFBundle's ASCII conversion).
    var unpassable: [String] = []

    init(_ infos: [LocaleIdentifierInfo]) {
        self.infos = infos
        var byBase: [LocaleSymbol: [Int]] = [:]
        var byNormalized: [LocaleSymbol: [Int]] = [:]
        var byGroup: [LocaleSymbol: [Int]] = [:]
        for (position, info) in infos.enumerated() {
            byBase[info.base, default: []].append(position)
            byNormalized[info.normalized, default: []].append(position)
            byGroup[info.languageGroup, default: []].append(position)
        }
        self.byBase = byBase
        self.byNormalized = byNormalized
        self.byGroup = byGroup
    }

    /// The positions of localizations sharing the base name, normalized name or language group
    /// with `preferred`, ascending.
    func candidates(for preferred: LocaleIdentifierInfo) -> [Int] {
        Self.merged([byBase[preferred.base] ?? [], byNormalized[preferred.normalized] ?? [], byGroup[preferred.languageGroup] ?? []])
    }

    /// The positions of localizations with the same base name or normalized name, ascending.
    func sharingName(with preferred: LocaleIdentifierInfo) -> [Int] {
        Self.merged([byBase[preferred.base] ?? [], byNormalized[preferred.normalized] ?? []])
    }

    /// Ascending lists merged into one, each position once.
    static func merged(_ lists: [[Int]]) -> [Int] {
        let nonEmpty = lists.filter { !$0.isEmpty }
        if nonEmpty.count <= 1 { return nonEmpty.first ?? [] }
        return Array(Set(nonEmpty.joined())).sorted()
    }
}

/// A list of available localizations with its hash computed once. The matcher keys its caches
/// by the list; a bundle of thousands of localizations matched for thousands of devices made
/// hashing the list each time quadratic. Equal lists that share storage compare at once.
struct AvailableLocalizations: Hashable, Sendable {
    let names: [String]
    private let hash: Int

    init(_ names: [String]) {
        self.names = names
        var hasher = Hasher()
        hasher.combine(names)
        hash = hasher.finalize()
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    static func == (a: Self, b: Self) -> Bool { a.hash == b.hash && a.names == b.names }
}
