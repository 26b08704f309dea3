/// What a device displays for one payload, for one list of preferred languages.
public struct RenderedAlert: Hashable, Sendable {
    /// The device's preferred languages, best first.
    public var preferredLanguages: [String]
    /// The localization whose `Localizable` table supplied the text (nil when none has one).
    public var localization: String?
    /// The device's search list for these preferred languages.
    public var searchList: [String]
    /// The title as displayed; nil when there is none.
    public var title: RenderedField?
    /// The subtitle as displayed; nil when there is none.
    public var subtitle: RenderedField?
    /// The body as displayed; nil when there is none.
    public var body: RenderedField?
    /// A background push: nothing is shown.
    public var isSilent: Bool
    /// A notification service extension may replace this text before display.
    public var mutableContent: Bool
    /// The payload's `interruption-level`.
    public var interruptionLevel: InterruptionLevel
    /// The payload's `badge`.
    public var badge: Int?
    /// The payload's `sound` (a Live Activity alert's `sound` when `aps` has none).
    public var sound: AlertSound?
    /// What looks wrong with this rendering (the payload's own diagnostics are in the payload).
    public var diagnostics: [LocalizationDiagnostic]

    /// Whether anything shows at all.
    public var showsAlert: Bool { !isSilent && (title != nil || subtitle != nil || body != nil) }

    /// The displayed field called `name`, when there is one.
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
    /// The text as displayed.
    public var text: String
    /// Where the text came from: the raw value, the table, a fallback, or the key.
    public var source: Source
    /// The `*-loc-key`, when there was one.
    public var key: String?
    /// The format the text was made from (the localized value, the raw text or the key).
    public var format: String?

    /// Where a displayed text came from.
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

    /// A displayed field.
    /// - Parameters:
    ///   - text: The text as displayed.
    ///   - source: Where it came from.
    ///   - key: The field's `*-loc-key`, when there was one.
    ///   - format: The format the text was made from.
    public init(text: String, source: Source, key: String? = nil, format: String? = nil) {
        self.text = text
        self.source = source
        self.key = key
        self.format = format
    }
}

/// The fields a device shows for one payload, by name: what ``DeviceContext/resolve(_:device:)``
/// works out. Three stored fields rather than a dictionary: rendering runs in provider hot
/// paths, and hashing a field name per field was a measurable part of it.
public struct ResolvedAlertFields: Hashable, Sendable, Sequence {
    public var title: RenderedField?
    public var subtitle: RenderedField?
    public var body: RenderedField?

    /// No fields.
    public init() {}

    /// The field called `name`.
    public subscript(name: AlertFieldName) -> RenderedField? {
        get { self[field: name] }
        set { self[field: name] = newValue }
    }

    /// The fields present, title first.
    public func makeIterator() -> IndexingIterator<[(AlertFieldName, RenderedField)]> {
        AlertFieldName.inDisplayOrder.compactMap { name in self[name].map { (name, $0) } }.makeIterator()
    }
}

extension ResolvedAlertFields: PerAlertField {}

/// A value per alert field, each reached by name through one subscript.
protocol PerAlertField {
    associatedtype Value
    var title: Value? { get set }
    var subtitle: Value? { get set }
    var body: Value? { get set }
}

extension PerAlertField {
    subscript(field name: AlertFieldName) -> Value? {
        get {
            switch name {
            case .title: title
            case .subtitle: subtitle
            case .body: body
            }
        }
        set {
            switch name {
            case .title: title = newValue
            case .subtitle: subtitle = newValue
            case .body: body = newValue
            }
        }
    }
}
