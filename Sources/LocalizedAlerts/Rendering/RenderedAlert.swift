/// What a device displays for one payload, for one list of preferred languages.
public struct RenderedAlert: Hashable, Sendable {
    public var preferredLanguages: [String]
    /// The localization whose `Localizable` table supplied the text (nil when none has one).
    public var localization: String?
    /// The device's search list for these preferred languages.
    public var searchList: [String]
    public var title: RenderedField?
    public var subtitle: RenderedField?
    public var body: RenderedField?
    /// A background push: nothing is shown.
    public var isSilent: Bool
    /// A notification service extension may replace this text before display.
    public var mutableContent: Bool
    public var interruptionLevel: InterruptionLevel
    public var badge: Int?
    public var sound: AlertSound?
    /// What looks wrong with this rendering (the payload's own diagnostics are in the payload).
    public var diagnostics: [LocalizationDiagnostic]

    /// Whether anything shows at all.
    public var showsAlert: Bool { !isSilent && (title != nil || subtitle != nil || body != nil) }

    public func field(_ name: AlertFieldName) -> RenderedField? {
        switch name {
        case .title: title
        case .subtitle: subtitle
        case .body: body
        }
    }
}

/// One displayed line (title, subtitle or body) and where its text came from.
public struct RenderedField: Hashable, Sendable {
    public var text: String
    public var source: Source
    /// The `*-loc-key`, when there was one.
    public var key: String?
    /// The format the text was made from (the localized value, the raw text or the key).
    public var format: String?

    public enum Source: String, Hashable, Sendable, Codable {
        /// No key: the raw `title`/`subtitle`/`body`, never formatted.
        case raw
        /// The key's value in the Localizable table.
        case localized
        /// The key is missing: the raw value stands in.
        case fallbackText = "fallback-text"
        /// The key itself is shown (missing key without raw value, or an empty result).
        case key
    }

    public init(text: String, source: Source, key: String? = nil, format: String? = nil) {
        self.text = text
        self.source = source
        self.key = key
        self.format = format
    }
}
