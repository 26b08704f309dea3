import Synchronization

/// What a device displays for one payload, for one list of preferred languages.
public struct RenderedAlert: Hashable, Sendable {
    /// The device's preferred languages, best first.
    @inlinable public var preferredLanguages: [String] {
        _read { yield storage.fields.device.preferredLanguages }
        set { update { $0.device = Device(preferredLanguages: newValue, localization: $0.device.localization, searchList: $0.device.searchList) } }
    }
    /// The localization whose `Localizable` table supplied the text (nil when none has one).
    @inlinable public var localization: String? {
        _read { yield storage.fields.device.localization }
        set {
            update { $0.device = Device(preferredLanguages: $0.device.preferredLanguages, localization: newValue, searchList: $0.device.searchList) }
        }
    }
    /// The device's search list for these preferred languages.
    @inlinable public var searchList: [String] {
        _read { yield storage.fields.device.searchList }
        set {
            update {
                $0.device = Device(preferredLanguages: $0.device.preferredLanguages, localization: $0.device.localization, searchList: newValue)
            }
        }
    }
    /// The title as displayed; nil when there is none.
    @inlinable public var title: RenderedField? {
        _read { yield storage.fields.title }
        set { update { $0.title = newValue } }
    }
    /// The subtitle as displayed; nil when there is none.
    @inlinable public var subtitle: RenderedField? {
        _read { yield storage.fields.subtitle }
        set { update { $0.subtitle = newValue } }
    }
    /// The body as displayed; nil when there is none.
    @inlinable public var body: RenderedField? {
        _read { yield storage.fields.body }
        set { update { $0.body = newValue } }
    }
    /// A background push: nothing is shown.
    @inlinable public var isSilent: Bool {
        get { storage.fields.isSilent }
        set { update { $0.isSilent = newValue } }
    }
    /// A notification service extension may replace this text before display.
    @inlinable public var mutableContent: Bool {
        get { storage.fields.mutableContent }
        set { update { $0.mutableContent = newValue } }
    }
    /// The payload's `interruption-level`.
    @inlinable public var interruptionLevel: InterruptionLevel {
        get { storage.fields.interruptionLevel }
        set { update { $0.interruptionLevel = newValue } }
    }
    /// The payload's `badge`.
    @inlinable public var badge: Int? {
        get { storage.fields.badge }
        set { update { $0.badge = newValue } }
    }
    /// The payload's `sound` (a Live Activity alert's `sound` when `aps` has none).
    @inlinable public var sound: AlertSound? {
        _read { yield storage.fields.sound }
        set { update { $0.sound = newValue } }
    }
    /// What looks wrong with this rendering (the payload's own diagnostics are in the payload).
    ///
    /// Rendering records only the facts behind each finding; their messages and locations are
    /// written the first time this is read, so a caller that never reads it never pays for them.
    /// Until then a rendering with findings keeps a reference to the app's tables they quote.
    public var diagnostics: [LocalizationDiagnostic] {
        get { storage.diagnostics }
        set { update { $0.findings = .written(newValue) } }
    }

    /// Everything above behind one immutable reference: a rendering is made once, then passed
    /// around and copied (into an array, a response) for one retain instead of one for each of
    /// the dozen strings and arrays it holds. Changing a rendering, which is rare, makes new
    /// storage.
    /// Its reads are inlinable, so that a caller in another module reads a field in place
    /// instead of calling an accessor (whose coroutine frame would be allocated per read).
    @usableFromInline var storage: Storage

    @usableFromInline final class Storage: Sendable {
        @usableFromInline let fields: Fields
        /// The diagnostics of findings kept as bare issues, once written: here rather than in
        /// an object made with each rendering that has findings. Two threads reading them first
        /// at once both write them, and the first kept is every reader's.
        private let written = AtomicLazyReference<WrittenDiagnostics>()

        private final class WrittenDiagnostics: Sendable {
            let diagnostics: [LocalizationDiagnostic]
            init(_ diagnostics: [LocalizationDiagnostic]) { self.diagnostics = diagnostics }
        }

        init(_ fields: Fields) { self.fields = fields }

        var diagnostics: [LocalizationDiagnostic] {
            guard case .issues = fields.findings else { return fields.findings.diagnostics }
            if let kept = written.load() { return kept.diagnostics }
            return written.storeIfNil(WrittenDiagnostics(fields.findings.diagnostics)).diagnostics
        }
    }

    @usableFromInline struct Fields: Sendable {
        @usableFromInline var device: Device
        @usableFromInline var title: RenderedField?
        @usableFromInline var subtitle: RenderedField?
        @usableFromInline var body: RenderedField?
        @usableFromInline var isSilent: Bool
        @usableFromInline var mutableContent: Bool
        @usableFromInline var interruptionLevel: InterruptionLevel
        @usableFromInline var badge: Int?
        @usableFromInline var sound: AlertSound?
        var findings: DeferredFindings
    }

    /// What every rendering in one device context shares (its preferred languages, search list
    /// and localization): made once per context, so that a rendering holds one reference to
    /// them instead of two arrays and a string.
    @usableFromInline final class Device: Sendable {
        @usableFromInline let preferredLanguages: [String]
        @usableFromInline let localization: String?
        @usableFromInline let searchList: [String]

        @usableFromInline init(preferredLanguages: [String], localization: String?, searchList: [String]) {
            self.preferredLanguages = preferredLanguages
            self.localization = localization
            self.searchList = searchList
        }
    }

    @usableFromInline mutating func update(_ change: (inout Fields) -> Void) {
        var fields = storage.fields
        change(&fields)
        storage = Storage(fields)
    }

    init(
        device: Device, title: consuming RenderedField?, subtitle: consuming RenderedField?, body: consuming RenderedField?,
        isSilent: Bool, mutableContent: Bool, interruptionLevel: InterruptionLevel, badge: Int?, sound: AlertSound?,
        findings: consuming DeferredFindings
    ) {
        storage = Storage(
            Fields(
                device: device, title: consume title, subtitle: consume subtitle, body: consume body, isSilent: isSilent,
                mutableContent: mutableContent, interruptionLevel: interruptionLevel, badge: badge, sound: sound, findings: consume findings))
    }

    public static func == (lhs: RenderedAlert, rhs: RenderedAlert) -> Bool {
        lhs.preferredLanguages == rhs.preferredLanguages && lhs.localization == rhs.localization && lhs.searchList == rhs.searchList
            && lhs.title == rhs.title && lhs.subtitle == rhs.subtitle && lhs.body == rhs.body && lhs.isSilent == rhs.isSilent
            && lhs.mutableContent == rhs.mutableContent && lhs.interruptionLevel == rhs.interruptionLevel && lhs.badge == rhs.badge
            && lhs.sound == rhs.sound && lhs.diagnostics == rhs.diagnostics
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(preferredLanguages)
        hasher.combine(localization)
        hasher.combine(searchList)
        hasher.combine(title)
        hasher.combine(subtitle)
        hasher.combine(body)
        hasher.combine(isSilent)
        hasher.combine(mutableContent)
        hasher.combine(interruptionLevel)
        hasher.combine(badge)
        hasher.combine(sound)
        hasher.combine(diagnostics)
    }

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
    public var key: String? {
        get { origin?.fieldKey }
        set { origin = GivenOrigin(key: newValue, format: format) }
    }
    /// The format the text was made from (the localized value, the raw text or the key).
    public var format: String? {
        get { origin?.fieldFormat }
        set { origin = GivenOrigin(key: key, format: newValue) }
    }
    /// Where the key and the format come from: a table entry (its key and its text), or given.
    /// One reference rather than two strings: rendering makes a field per line shown, and each
    /// string is a reference to count when it is made and when it is freed. (A field kept
    /// after its renderer keeps that entry, as a rendering's findings keep the model.)
    private var origin: (any FieldOrigin)?

    private final class GivenOrigin: FieldOrigin {
        let fieldKey: String?
        let fieldFormat: String?
        init(key: String?, format: String?) {
            fieldKey = key
            fieldFormat = format
        }
    }

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
        origin = key == nil && format == nil ? nil : GivenOrigin(key: key, format: format)
    }

    /// A field made from a table entry: its key, and its text as the format.
    init(text: String, source: Source, entry: LocalizationModel.Entry) {
        self.text = text
        self.source = source
        origin = entry
    }

    public static func == (lhs: RenderedField, rhs: RenderedField) -> Bool {
        lhs.text == rhs.text && lhs.source == rhs.source && lhs.key == rhs.key && lhs.format == rhs.format
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(source)
        hasher.combine(key)
        hasher.combine(format)
    }
}

/// What a rendered field's key and format come from.
protocol FieldOrigin: AnyObject, Sendable {
    var fieldKey: String? { get }
    var fieldFormat: String? { get }
}

extension LocalizationModel.Entry: FieldOrigin {
    var fieldKey: String? { key }
    var fieldFormat: String? { text }
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

/// Findings as written, or the facts to write them from when they are first read.
enum DeferredFindings: Sendable {
    case written([LocalizationDiagnostic])
    case recorded(RecordedFindings)
    /// No more issues than the limit per kind allows, and nothing else: each issue's diagnostic,
    /// in order. Written again at each read: only a holder that keeps what it wrote (a
    /// rendering's storage) is given these.
    case issues([DeviceIssue], model: LocalizationModel)

    var diagnostics: [LocalizationDiagnostic] {
        switch self {
        case .written(let diagnostics): diagnostics
        case .recorded(let recorded): recorded.diagnostics
        case .issues(let issues, let model): issues.map { $0.diagnostic(model: model) }
        }
    }

    /// `issues` kept as bare facts when no kind can pass `limit` (then nothing is capped or
    /// counted, and writing them is writing each), else recorded; for a holder that keeps what
    /// it writes.
    static func keeping(_ issues: [DeviceIssue], model: LocalizationModel, limit: Int, scope: String) -> DeferredFindings {
        issues.count <= limit ? .issues(issues, model: model) : recording(issues, model: model, limit: limit, scope: scope)
    }

    /// `issues` kept as facts between diagnostics already written (see ``RecordedFindings``);
    /// without issues there is nothing to defer, and the written list is kept as it is.
    static func recording(
        _ issues: [DeviceIssue], before: [LocalizationDiagnostic] = [], after: [LocalizationDiagnostic] = [], model: LocalizationModel,
        limit: Int, scope: String
    ) -> DeferredFindings {
        guard !issues.isEmpty else {
            // Most renderings find nothing: no list to cap or join.
            if before.isEmpty { return .written(after) }
            return .written(after.isEmpty ? before.cappedPerID(limit, scope: scope) : before.cappedPerID(limit, scope: scope) + after)
        }
        return .recorded(RecordedFindings(before: before, issues, after: after, model: model, limit: limit, scope: scope))
    }
}

/// A rendering's or a localized payload's findings as facts: ``DeviceIssue``s (at most `limit`
/// of each kind, and a count of the rest) between diagnostics already written. The issues'
/// messages and locations are written once, when first asked for; every copy of the result
/// shares them, from any thread.
final class RecordedFindings: Sendable {
    private let before: [LocalizationDiagnostic]
    private let issues: [DeviceIssue]
    private let after: [LocalizationDiagnostic]
    /// How many of each kind there were, for the "and N more" of the last one listed.
    private let admitted: PerKindLimit
    private let model: LocalizationModel
    private let scope: String
    private let written = Mutex<[LocalizationDiagnostic]?>(nil)

    /// Findings that read, once written: `before` and the issues' diagnostics, at most `limit`
    /// of each ID, then `after`. A text of 20,000 dropped specifiers keeps 50 issues.
    init(
        before: [LocalizationDiagnostic] = [], _ issues: [DeviceIssue], after: [LocalizationDiagnostic] = [], model: LocalizationModel,
        limit: Int, scope: String
    ) {
        var admitted = PerKindLimit(limit)
        // Fewer issues than the limit cannot pass it for any kind: nothing to count.
        self.issues = issues.count > limit ? issues.filter { admitted.admit($0.id) } : issues
        self.admitted = admitted
        self.before = before
        self.after = after
        self.model = model
        self.scope = scope
    }

    var diagnostics: [LocalizationDiagnostic] {
        written.withLock { written in
            if let written { return written }
            var diagnostics = before + issues.map { $0.diagnostic(model: model) }
            admitted.noteUnlisted(in: &diagnostics, scope: scope)
            let all = diagnostics.cappedPerID(admitted.limit, scope: scope) + after
            written = all
            return all
        }
    }
}
