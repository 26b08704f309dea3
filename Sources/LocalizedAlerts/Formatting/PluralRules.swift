import CICU
import Synchronization

/// CLDR plural rules of one locale, from system ICU (`uplrules_select`).
///
/// `@unchecked Sendable`: the ICU handle is created once and only read afterwards; ICU's
/// `uplrules_select` and `uplrules_getKeywords` do not modify it.
public final class PluralRules: @unchecked Sendable {
    /// The locale identifier as given.
    public let locale: String
    private let handle: UnsafeMutableRawPointer?
    /// The categories the locale's rules use (always including `other`).
    public let categories: [PluralCategory]

    /// The rules of `locale` from system ICU; a locale ICU does not know has only `other`.
    public init(locale: String) {
        let identifier = ICU.baseName(locale, capacity: 158) ?? locale
        self.locale = locale
        self.handle = cicu_plural_rules_open(identifier)
        var names: [PluralCategory] = []
        if let handle {
            let text = ICU.string(capacity: 128) { cicu_plural_rules_keywords(handle, $0, $1) } ?? "other"
            names = text.split(separator: " ").compactMap { PluralCategory(rawValue: String($0)) }
        }
        if !names.contains(.other) { names.append(.other) }
        self.categories = names.sorted()
    }

    deinit { cicu_plural_rules_close(handle) }

    /// The CLDR category of `number` written with `fractionDigits` visible decimals
    /// (`1` is "one" in English, `1.0` is "other").
    public func category(for number: Double, fractionDigits: Int = 0) -> PluralCategory {
        guard let handle, number.isFinite else { return .other }
        let name = ICU.string(capacity: 32) { cicu_plural_rules_select(handle, number, Int32(clamping: fractionDigits), $0, $1) }
        return name.flatMap(PluralCategory.init(rawValue:)) ?? .other
    }

    /// The form to use among `available` forms: Apple's rule first (an explicit `zero` form
    /// wins for the integer 0, in every language), then the CLDR category, then `other`.
    public func form(for number: Double, isInteger: Bool, fractionDigits: Int = 0, available: Set<String>) -> String {
        if isInteger && number == 0 && available.contains("zero") { return "zero" }
        let category = self.category(for: number, fractionDigits: fractionDigits).rawValue
        return available.contains(category) ? category : "other"
    }
}

/// Plural rules by locale, created on first use and kept (at most ``limit`` locales). Safe to
/// share.
public final class PluralRulesCache: Sendable {
    /// Locales kept at most; past it the cache starts afresh.
    public static let limit = 256
    private let rules = BoundedCache<String, PluralRules>(limit: PluralRulesCache.limit)

    /// An empty cache.
    public init() {}

    /// The rules of `locale`, made on first use.
    public func rules(for locale: String) -> PluralRules {
        rules.value(for: locale) { PluralRules(locale: locale) }
    }
}
