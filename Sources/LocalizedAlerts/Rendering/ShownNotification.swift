/// What a phone shows for a push, whichever platform sent it: the one shape in which an
/// iPhone's ``RenderedAlert`` and an Android phone's ``AndroidRendering`` are compared, listed
/// side by side or served. Each platform's own value keeps what only it has (an iPhone's search
/// list, sound and interruption level; an Android phone's resolved locale).
///
/// ```swift
/// let iPhone = renderer.render(payload, preferredLanguages: ["fr-CA"]).shown
/// let android = androidRenderer.render(message, deviceLocales: ["fr-CA"]).shown(deviceLanguages: ["fr-CA"])
/// print(iPhone.body?.text == android.body?.text)
/// ```
public struct ShownNotification: Sendable, Hashable {
    /// The phone.
    public enum Platform: String, Sendable, Hashable, CaseIterable {
        case iPhone = "iphone"
        case android
    }

    /// How the push ends up on the phone.
    public enum Outcome: Sendable, Hashable {
        /// A notification is shown.
        case shown
        /// Nothing is shown: a background push, or a data message the app handles itself.
        case nothingShown
        /// The app crashes while building the notification (an Android phone), and nothing is shown.
        case crash(exception: String)
    }

    /// Where a shown text came from.
    public enum Source: String, Sendable, Hashable, CaseIterable {
        /// The text as sent (no key, or a raw text that wins over it).
        case raw
        /// The key's text in the app's table or resource folder.
        case localized
        /// The key was not found: the raw text stands in.
        case fallbackText = "fallback-text"
        /// The key itself is shown.
        case key
        /// No title: the phone shows the app's name.
        case appName = "app-name"
    }

    /// One shown line and where it came from.
    public struct Field: Sendable, Hashable {
        /// The text as shown.
        public var text: String
        /// Where it came from.
        public var source: Source
        /// The key the text was looked up with, when there was one.
        public var key: String?
        /// The localization (`fr-CA`) or resource folder (`values-fr`) that gave the text.
        public var origin: String?

        /// A shown line.
        public init(text: String, source: Source, key: String? = nil, origin: String? = nil) {
            self.text = text
            self.source = source
            self.key = key
            self.origin = origin
        }
    }

    /// The phone.
    public var platform: Platform
    /// The device's preferred languages, best first.
    public var deviceLanguages: [String]
    /// What the app's tables were resolved for: an iPhone's localization, an Android phone's
    /// resource locale; nil when neither applies.
    public var resolvedFor: String?
    /// How it ends up.
    public var outcome: Outcome
    /// The shown title, subtitle (iPhone only) and body; nil when there is none.
    public var title: Field?
    public var subtitle: Field?
    public var body: Field?
    /// What looks wrong with it.
    public var diagnostics: [LocalizationDiagnostic]
}

extension RenderedAlert {
    /// The same, in the shape both platforms share.
    public var shown: ShownNotification {
        func field(_ field: RenderedField?) -> ShownNotification.Field? {
            guard let field else { return nil }
            let source: ShownNotification.Source =
                switch field.source {
                case .raw: .raw
                case .localized: .localized
                case .fallbackText: .fallbackText
                case .key: .key
                }
            return ShownNotification.Field(text: field.text, source: source, key: field.key, origin: field.source == .localized ? localization : nil)
        }
        return ShownNotification(
            platform: .iPhone, deviceLanguages: preferredLanguages, resolvedFor: localization, outcome: showsAlert ? .shown : .nothingShown,
            title: field(title), subtitle: field(subtitle), body: field(body), diagnostics: diagnostics)
    }
}

extension AndroidRendering {
    /// The same, in the shape both platforms share, for a phone whose locales were
    /// `deviceLanguages` (what the rendering was asked for).
    public func shown(deviceLanguages: [String], message: FCMMessage? = nil) -> ShownNotification {
        let outcome: ShownNotification.Outcome =
            switch self.outcome {
            case .shown: .shown
            case .notDisplayed: .nothingShown
            case .crash(let exception): .crash(exception: exception)
            }
        func field(_ text: String?, folder: String?, key: FCMMessage.Field?) -> ShownNotification.Field? {
            guard let text else { return nil }
            return ShownNotification.Field(
                text: text, source: folder == nil ? .raw : .localized, key: folder == nil ? nil : key?.value, origin: folder)
        }
        var title = field(title, folder: titleFolder, key: message?.android?.titleLocKey)
        if title != nil && issues.contains(where: { $0.kind == .untitled }) { title?.source = .appName }
        return ShownNotification(
            platform: .android, deviceLanguages: deviceLanguages, resolvedFor: resourceLocale, outcome: outcome, title: title, subtitle: nil,
            body: field(body, folder: bodyFolder, key: message?.android?.bodyLocKey), diagnostics: diagnostics)
    }
}

extension AndroidAlertRenderer {
    /// What a phone whose locales are `deviceLocales` shows for `message`, in the shape both
    /// platforms share.
    public func show(_ message: FCMMessage, deviceLocales: [String]) -> ShownNotification {
        render(message, deviceLocales: deviceLocales).shown(deviceLanguages: deviceLocales, message: message)
    }
}

extension AlertRenderer {
    /// What a device whose preferred languages are `preferredLanguages` shows for `payload`, in
    /// the shape both platforms share.
    public func show(_ payload: NotificationPayload, preferredLanguages: [String]) -> ShownNotification {
        render(payload, preferredLanguages: preferredLanguages).shown
    }
}
