import CICU

/// Numbers as a locale writes them (digits, separators, grouping), through ICU's `unum`.
///
/// `@unchecked Sendable`: the ICU formatter is only read; formatting with fraction digits works
/// on a private clone (see cicu_number_format_double).
final class LocaleNumberFormatter: @unchecked Sendable {
    /// The locale identifier as given.
    public let locale: String
    private let handle: UnsafeMutableRawPointer?

    /// A formatter for `locale` (a language tag; keywords such as `-u-nu-latn` are kept).
    public init(locale: String) {
        self.locale = locale
        // Keep keywords such as the numbering system (ar-u-nu-latn).
        self.handle = cicu_number_format_open(ICU.identifier(forLanguageTag: locale))
    }

    deinit { cicu_number_format_close(handle) }

    /// `value` with the locale's digits and grouping.
    public func format(_ value: Int64) -> String {
        guard let handle else { return String(value) }
        return ICU.string(capacity: 128) { cicu_number_format_int64(handle, value, $0, $1) } ?? String(value)
    }

    /// `value` with the locale's digits, grouping and decimal separator, with between `minimumFractionDigits`
    /// and `maximumFractionDigits` fraction digits.
    public func format(_ value: Double, minimumFractionDigits: Int, maximumFractionDigits: Int) -> String {
        guard let handle, value.isFinite else { return String(value) }
        return ICU.string(capacity: 512) {
            cicu_number_format_double(handle, value, Int32(minimumFractionDigits), Int32(maximumFractionDigits), $0, $1)
        } ?? String(value)
    }
}
