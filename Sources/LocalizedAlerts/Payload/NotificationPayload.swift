import Synchronization

/// A push notification payload as APNs delivers it: the `aps` dictionary, read the way the
/// device reads it (docs/device-behaviour.md §1, §5), and the app's own top-level keys.
///
/// Reading never fails on content: type errors and unknown keys become ``diagnostics`` and the
/// value counts as absent, as on a device. Only a document that is not JSON has no `aps`.
///
/// ```swift
/// let payload = NotificationPayload(parsing: #"""
///     {"aps": {"alert": {"loc-key": "call.missed.body", "loc-args": ["Samir", 2]}, "badge": -1}}
///     """#)
/// payload.aps.alert?.body.locKey                 // "call.missed.body"
/// payload.aps.alert?.body.locArgs?.map(\.text)   // ["Samir", "2"]
/// for diagnostic in payload.diagnostics {
///     print(diagnostic.id, diagnostic.message)
///     // payload.loc-arg-type loc-args[1] is a number: the device prints 2
///     // payload.value-out-of-range a negative badge (-1) is ignored by the device
/// }
/// ```
public struct NotificationPayload: Sendable {
    /// The document as read, keys in order; custom keys are kept untouched in it.
    ///
    /// A payload in the common shape (an alert of strings, the usual `aps` keys, nothing the
    /// reader remarks on) is read straight from its bytes, and its document is built the first
    /// time it is asked for: rendering never asks, localizing into a payload to send does.
    public var document: LocatedJSON {
        get { storage.fields.documentStorage.document }
        set { update { $0.documentStorage = .tree(newValue) } }
    }
    /// The `aps` dictionary as the device reads it; empty when the payload has none (see ``diagnostics``).
    public var aps: APSDictionary {
        _read { yield storage.fields.aps }
        _modify {
            var fields = storage.fields
            defer { storage = Storage(fields) }
            yield &fields.aps
        }
    }
    /// Top-level keys other than `aps` (and Xcode's `Simulator Target Bundle`), as written.
    public var customKeys: [LocatedJSON.Member] {
        get { storage.fields.customKeys ?? (document.members ?? []).filter { $0.key != "aps" && $0.key != "Simulator Target Bundle" } }
        set { update { $0.customKeys = newValue } }
    }
    /// Xcode `.apns` files name the app to deliver to in the simulator; APNs never sees it.
    public var simulatorTargetBundle: String? {
        get { storage.fields.simulatorTargetBundle }
        set { update { $0.simulatorTargetBundle = newValue } }
    }
    /// Everything noticed while reading: JSON syntax errors, wrong types, unknown `aps` keys, values the
    /// device clamps or converts, a payload over ``maximumByteCount`` bytes. At most a capped number of each
    /// kind are listed.
    public var diagnostics: [LocalizationDiagnostic] {
        _read { yield storage.fields.diagnostics }
        _modify {
            var fields = storage.fields
            defer { storage = Storage(fields) }
            yield &fields.diagnostics
        }
    }
    /// Whether the bytes were a JSON object: false for text that is not JSON, an empty file,
    /// or JSON that is not an object. Such a payload is never localized into one to send.
    public var isParsed: Bool { storage.fields.isParsed }
    /// The file the payload was read from, as given; it is the file of every location in it.
    public var file: String? {
        get { storage.fields.file }
        set { update { $0.file = newValue } }
    }
    /// Everything above behind one immutable reference: a payload is copied (into an array, a
    /// task, a function that keeps it) for one retain instead of one for each of the thirty-odd
    /// strings and arrays it holds. Changing a payload, which is rare, makes new storage.
    private var storage: Storage

    private final class Storage: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }

        /// A payload the direct reader takes: no diagnostics, the document read when first
        /// asked for. Read into one dictionary that moves once into the storage; nil when the
        /// reader gives up.
        init?(readingDirectly bytes: [UInt8], file: String?) {
            var aps = APSDictionary()
            guard let root = DirectPayloadReader.read(bytes, file: file, into: &aps) else { return nil }
            fields = .directlyRead(consume aps, document: DeferredDocument(bytes: bytes, file: file, location: root), file: file)
        }
    }

    private struct Fields: Sendable {
        var aps: APSDictionary
        var simulatorTargetBundle: String?
        var diagnostics: [LocalizationDiagnostic]
        let isParsed: Bool
        var file: String?
        var documentStorage: DocumentStorage
        /// Custom keys as read or set; nil for those of a deferred document.
        var customKeys: [LocatedJSON.Member]?

        /// What the direct reader read: nothing to report, the document read when first asked for.
        static func directlyRead(_ aps: consuming APSDictionary, document: DeferredDocument, file: String?) -> Fields {
            Fields(
                aps: aps, simulatorTargetBundle: nil, diagnostics: [], isParsed: true, file: file, documentStorage: .deferred(document),
                customKeys: nil)
        }
    }

    private mutating func update(_ change: (inout Fields) -> Void) {
        var fields = storage.fields
        change(&fields)
        storage = Storage(fields)
    }

    /// APNs' limit for ordinary pushes (VoIP pushes may have 5,120 bytes).
    public static let maximumByteCount = 4096

    /// The size APNs counts: the payload as compact JSON, without `Simulator Target Bundle`.
    public var byteCount: Int { document.withoutSimulatorTarget.serializedBytes().count }

    /// JSON values one payload document may hold (a 4 KB payload holds about 2,000): a bound on
    /// the memory a hostile file can take.
    public static let maximumValueCount = 200_000
    /// `loc-args` values read per field; the rest are reported.
    public static let maximumLocArguments = 1_000

    /// Reads a payload from the bytes of a JSON document (a `.json` file, Xcode's `.apns`, or a request
    /// body).
    ///
    /// A document that is not JSON gives an empty payload whose ``diagnostics`` say why.
    /// - Parameters:
    ///   - bytes: The JSON text, UTF-8.
    ///   - file: The name to give locations in diagnostics; nil for input that has no file.
    public init(parsing bytes: [UInt8], file: String? = nil) {
        self.init(parsing: bytes, file: file, readingDirectly: true)
    }

    /// - Parameter readingDirectly: whether the direct reader may take the payload; false reads
    ///   it through the located tree, as the tests compare.
    init(parsing bytes: [UInt8], file: String?, readingDirectly: Bool) {
        if readingDirectly, let storage = Storage(readingDirectly: bytes, file: file) {
            self.init(storage: storage)
            return
        }
        let parsed = LocatedJSON.parse(bytes, file: file, maximumValueCount: Self.maximumValueCount)
        self.init(
            document: parsed.root ?? LocatedJSON(.object([])), file: file, diagnostics: parsed.diagnostics, parsed: parsed.root != nil,
            sizeBound: bytes.count)
    }

    private init(storage: Storage) { self.storage = storage }

    /// A payload the direct reader took, with the document a part of another (an FCM message's `apns.payload`).
    init(_ reading: consuming DirectPayloadReader.Reading, document: DeferredDocument, file: String?) {
        // Taken, not read, out of the reading: reading a member of it copies the dictionary.
        var aps = APSDictionary()
        swap(&aps, &reading.aps)
        storage = Storage(.directlyRead(aps, document: document, file: file))
    }

    /// Reads a payload from JSON text; the same as ``init(parsing:file:)-([UInt8],_)`` on its UTF-8 bytes.
    /// - Parameters:
    ///   - text: The JSON text.
    ///   - file: The name to give locations in diagnostics.
    public init(parsing text: String, file: String? = nil) {
        self.init(parsing: Array(text.utf8), file: file)
    }

    /// Reads a payload file (`.json` or Xcode's `.apns`).
    public init(contentsOfFile path: String) throws(FileReadError) {
        self.init(parsing: try FileSystem.readAll(path, maximumSize: 16 << 20), file: path)
    }

    /// Reads a payload from an already parsed JSON document, such as the `payload` member of a batch line.
    /// - Parameters:
    ///   - document: The payload object.
    ///   - file: The name to give locations in diagnostics.
    public init(document: LocatedJSON, file: String? = nil) {
        self.init(document: document, file: file, diagnostics: [], parsed: true, sizeBound: nil)
    }

    /// The same, for a document read from at most `sizeBound` bytes of JSON (a batch line).
    init(document: LocatedJSON, file: String?, sizeBound: Int) {
        self.init(document: document, file: file, diagnostics: [], parsed: true, sizeBound: sizeBound)
    }

    /// - Parameter sizeBound: the length of the JSON text the document was read from, when
    ///   known. Compact serialization never writes more than twice the text it read (only a raw
    ///   U+2028 or U+2029, 3 bytes, is written escaped, 6), so a document read from at most
    ///   2,048 bytes cannot be over APNs' limit and is not serialized to find out: that
    ///   serialization was nearly half of reading a payload.
    private init(document: LocatedJSON, file: String?, diagnostics: [LocalizationDiagnostic], parsed: Bool, sizeBound: Int?) {
        var reader = APSReader(file: file, diagnostics: diagnostics)
        var custom: [LocatedJSON.Member] = []
        var simulatorTarget: String?
        var aps = APSDictionary()
        if parsed {
            if let members = document.members {
                var sawAPS = false
                for member in members {
                    switch member.key {
                    case "aps":
                        sawAPS = true
                        aps = reader.readAPS(member.value)
                    case "Simulator Target Bundle":
                        simulatorTarget = member.value.stringValue
                        reader.note(
                            .payloadSimulatorTarget, member.keyLocation ?? member.value.location,
                            "Xcode's simulator target (\(simulatorTarget ?? "?")): used by the simulator only, not sent by APNs")
                    default:
                        custom.append(member)
                    }
                }
                if !sawAPS {
                    reader.note(
                        .payloadMissingAPS, document.location,
                        "the payload has no \"aps\" dictionary: the device shows nothing",
                        hint: "put the alert, badge and sound inside \"aps\"")
                }
            } else {
                reader.note(
                    .payloadNotAnObject, document.location,
                    "the payload is \(document.kindDescription), not a JSON object")
            }
        }
        storage = Storage(
            Fields(
                aps: aps, simulatorTargetBundle: simulatorTarget, diagnostics: reader.diagnostics.cappedPerID(),
                isParsed: parsed && document.members != nil, file: file, documentStorage: .tree(document), customKeys: custom))
        if parsed, sizeBound.map({ $0 * 2 > NotificationPayload.maximumByteCount }) ?? true, byteCount > NotificationPayload.maximumByteCount {
            self.diagnostics.append(
                LocalizationDiagnostic(
                    .payloadTooLarge, at: document.location ?? SourceLocation(file: file, line: 1, column: 1),
                    "the payload is \(byteCount) bytes as sent; APNs rejects payloads over \(NotificationPayload.maximumByteCount) bytes (413)",
                    hint: "shorten the alert or move data out of the payload"))
        }
    }
}

extension NotificationPayload {
    /// The document as read, or the bytes it is read from when a direct reader took the
    /// payload (or FCM message): the tree is built when something first asks for it
    /// (localizing a payload into one to send, its size, its custom keys), not for rendering it.
    enum DocumentStorage: Sendable {
        case tree(LocatedJSON)
        case deferred(DeferredDocument)

        var document: LocatedJSON {
            switch self {
            case .tree(let tree): tree
            case .deferred(let deferred): deferred.document
            }
        }

        /// Where the document starts, without reading a deferred document.
        var location: SourceLocation? {
            switch self {
            case .tree(let tree): tree.location
            case .deferred(let deferred): deferred.location
            }
        }
    }

    /// A document read on first use, once, by the located reader: the whole of some bytes, or
    /// the value at a path of keys in another deferred document.
    final class DeferredDocument: Sendable {
        private enum Source {
            case bytes([UInt8], file: String?)
            case value(in: DeferredDocument, at: [String])
        }

        private let source: Source
        /// Where the document starts.
        let location: SourceLocation
        /// The document's JSON text (valid, as the direct reader took it), when known: a
        /// payload to send is written from it (``PayloadRewriter/rewrittenBytes(_:texts:keepKeys:)``).
        let text: ArraySlice<UInt8>?
        private let tree = Mutex<LocatedJSON?>(nil)

        init(bytes: [UInt8], file: String?, location: SourceLocation) {
            source = .bytes(bytes, file: file)
            self.location = location
            text = bytes[...]
        }

        /// The value at `path` in `document`, whose text is `text` when known.
        init(in document: DeferredDocument, at path: [String], location: SourceLocation, text: ArraySlice<UInt8>? = nil) {
            source = .value(in: document, at: path)
            self.location = location
            self.text = text
        }

        var document: LocatedJSON {
            tree.withLock { tree in
                if let tree { return tree }
                let read: LocatedJSON
                switch source {
                case .bytes(let bytes, let file):
                    read =
                        LocatedJSON.parse(bytes, file: file, maximumValueCount: NotificationPayload.maximumValueCount).root
                        ?? LocatedJSON(.object([]))
                case .value(let document, let path):
                    read = path.reduce(document.document) { $0[$1] ?? LocatedJSON(.object([])) }
                }
                tree = read
                return read
            }
        }
    }

    /// Where the document starts, without reading a deferred document.
    var documentLocation: SourceLocation? { storage.fields.documentStorage.location }

    /// The JSON text ``document`` is read from, when the direct reader took it and nothing has
    /// set the document since.
    var documentText: ArraySlice<UInt8>? {
        guard case .deferred(let deferred) = storage.fields.documentStorage else { return nil }
        return deferred.text
    }

    /// Where findings about the payload as a whole point: the document's start, or the first
    /// line of its file when it has no document.
    var startLocation: SourceLocation { documentLocation ?? SourceLocation(file: file, line: 1, column: 1) }
}

extension LocatedJSON {
    /// The document without Xcode's `Simulator Target Bundle` key.
    var withoutSimulatorTarget: LocatedJSON {
        guard case .object(let members) = value else { return self }
        return LocatedJSON(.object(members.filter { $0.key != "Simulator Target Bundle" }), location: location)
    }
}

/// The `aps` dictionary.
public struct APSDictionary: Sendable, Hashable {
    /// `alert`: what the notification shows; nil when absent, empty or of the wrong type. A string counts as
    /// the body.
    public var alert: AlertContent?
    /// `badge`: the number on the app icon. Negative values are ignored and fractions truncated, as on a
    /// device.
    public var badge: Int?
    /// `sound`: a sound name, or a critical-alert sound dictionary.
    public var sound: AlertSound?
    /// `thread-id`: groups notifications into one thread.
    public var threadID: String?
    /// `category`: selects the app's notification actions.
    public var category: String?
    /// `content-available`: a positive number, or any value that is not a number, counts as set.
    public var contentAvailable: Bool = false
    /// `mutable-content`: a notification service extension may change the text before display.
    public var mutableContent: Bool = false
    /// `interruption-level`: how urgently the notification is presented; `active` when absent or not one of
    /// the four known values.
    public var interruptionLevel: InterruptionLevel = .active
    /// `interruption-level` as written, when it was not one of the four known values.
    public var unknownInterruptionLevel: String?
    /// Clamped to 0…1.
    public var relevanceScore: Double?
    /// `target-content-id`: the window or content the notification brings forward.
    public var targetContentID: String?
    /// `filter-criteria`: what Focus filters compare the notification with.
    public var filterCriteria: String?
    /// Live Activity keys, when present.
    public var liveActivity: LiveActivity?
    /// Keys the device ignores.
    public var unknownKeys: [String] = []

    /// An empty `aps` dictionary: no alert, badge or sound.
    public init() {}

    /// A background push: `content-available` without alert, badge or sound. Nothing is shown.
    // Inlined so that a caller reads the four members in place, not a copy of the dictionary.
    @inline(__always) public var isSilent: Bool { contentAvailable && !hasAlert && badge == nil && sound == nil }

    /// Whether there is an alert, read from its tag: `alert == nil` is the Equatable `==`,
    /// which copies the whole alert (and retains its strings) to compare.
    @inline(__always) var hasAlert: Bool {
        if case .some = alert { return true }
        return false
    }
}

/// The `interruption-level` of a notification: how urgently the system presents it.
public enum InterruptionLevel: String, Sendable, Hashable, Codable, CaseIterable {
    case passive
    case active
    case timeSensitive = "time-sensitive"
    case critical
}

/// The `sound` of a notification: a sound file's name, or the dictionary form used for critical alerts.
public enum AlertSound: Sendable, Hashable {
    case named(String)
    /// `{critical, name, volume}`; volume clamped to 0…1.
    case dictionary(name: String?, critical: Bool, volume: Double?)
}

/// `aps.alert`: title, subtitle and body, each raw text or a localization key with arguments.
public struct AlertContent: Sendable, Hashable {
    /// `title` (or `title-loc-key` and `title-loc-args`).
    public var title: AlertField
    /// `subtitle` (or `subtitle-loc-key` and `subtitle-loc-args`).
    public var subtitle: AlertField
    /// `body` (or `loc-key` and `loc-args`); a plain string `alert` is the body.
    public var body: AlertField
    /// `launch-image`: the launch image shown when the user opens the app from the notification.
    public var launchImage: String?
    /// Parsed, with no visible effect since iOS 10.
    public var actionLocKey: String?
    /// `summary-arg`: deprecated, used by iOS 12–14 only.
    public var summaryArgument: String?
    /// `summary-arg-count`, truncated to a whole number.
    public var summaryArgumentCount: Int?
    /// The Live Activity shape: `title` and `body` were objects with `loc-key`/`loc-args`.
    public var isLiveActivityAlert = false
    /// `sound` inside a Live Activity alert.
    public var liveActivitySound: String?

    /// An alert with no fields.
    public init() {
        // Each field made in place: from the properties' default values, each was copied in.
        title = AlertField()
        subtitle = AlertField()
        body = AlertField()
    }

    /// The fields in display order.
    public var fields: [(AlertFieldName, AlertField)] { [(.title, title), (.subtitle, subtitle), (.body, body)] }

    /// The field called `name` (without building ``fields``).
    subscript(name: AlertFieldName) -> AlertField {
        switch name {
        case .title: title
        case .subtitle: subtitle
        case .body: body
        }
    }
}

/// The three text fields of an alert, in display order.
public enum AlertFieldName: String, Sendable, Hashable, CaseIterable {
    case title, subtitle, body

    /// The fields in display order, made once (`allCases` makes an array on every call).
    static let inDisplayOrder: [AlertFieldName] = [.title, .subtitle, .body]

    /// Payload keys for this field: raw text, key, arguments.
    public var keys: (text: String, locKey: String, locArgs: String) {
        switch self {
        case .title: ("title", "title-loc-key", "title-loc-args")
        case .subtitle: ("subtitle", "subtitle-loc-key", "subtitle-loc-args")
        case .body: ("body", "loc-key", "loc-args")
        }
    }
}

/// One of title, subtitle, body: raw text, or a key into the app's Localizable table.
public struct AlertField: Sendable, Hashable {
    /// The raw value (`title`, `subtitle`, `body`); an empty string counts as absent.
    public var text: String?
    /// `*-loc-key`; an empty string counts as absent.
    public var locKey: String?
    /// `*-loc-args`, as the device prints them; nil when absent or when there is no key.
    public var locArgs: [LocArgument]?
    /// Values of `*-loc-args` past ``NotificationPayload/maximumLocArguments``, which this tool
    /// does not read (a device reads them all).
    public var unreadLocArgCount = 0
    /// Where the key (or else the text) is written in the payload.
    public var location: SourceLocation?

    /// A field with raw text, a key, or both.
    /// - Parameters:
    ///   - text: The raw value; the text shown when there is no key, or when the key is missing.
    ///   - locKey: The localization key.
    ///   - locArgs: The arguments for the key's format.
    ///   - location: Where the field is written in the payload.
    public init(text: String? = nil, locKey: String? = nil, locArgs: [LocArgument]? = nil, location: SourceLocation? = nil) {
        self.text = text
        self.locKey = locKey
        self.locArgs = locArgs
        self.location = location
    }

    /// An empty field, made without default arguments to copy in.
    public init() {
        text = nil
        locKey = nil
        locArgs = nil
        location = nil
    }

    /// Whether the field has neither text nor key: nothing shows for it.
    public var isEmpty: Bool { text == nil && locKey == nil }
}

/// One `loc-args` element, converted as the device converts it.
public struct LocArgument: Sendable, Hashable {
    /// What the device prints: a string as is, a number in plain decimal form, true as 1,
    /// false as 0; anything else (null, object, array) as "".
    public var text: String
    /// The JSON type of the element as sent.
    public var kind: Kind
    /// Where the element is written in the payload.
    public var location: SourceLocation?

    /// The JSON type of a `loc-args` element.
    public enum Kind: String, Sendable, Hashable {
        case string, number, boolean, null, object, array
    }

    /// An argument with the text the device prints for it.
    public init(text: String, kind: Kind = .string, location: SourceLocation? = nil) {
        self.text = text
        self.kind = kind
        self.location = location
    }

    /// Converts a `loc-args` element as the device does.
    public init(json: LocatedJSON) {
        switch json.value {
        case .string(let s): self.init(text: s, kind: .string, location: json.location)
        case .number(let n): self.init(text: n.devicePrinted, kind: .number, location: json.location)
        case .bool(let b): self.init(text: b ? "1" : "0", kind: .boolean, location: json.location)
        case .null: self.init(text: "", kind: .null, location: json.location)
        case .object: self.init(text: "", kind: .object, location: json.location)
        case .array: self.init(text: "", kind: .array, location: json.location)
        }
    }
}

/// Live Activity keys of `aps` (ActivityKit pushes).
extension DiagnosticID {
    /// `payload.live-activity-invalid` (error). ActivityKit would ignore or misread the push.
    public static let liveActivityInvalid = DiagnosticID(
        "payload.live-activity-invalid", .error, .payloads,
        rationale:
            "ActivityKit ignores a Live Activity push whose event it does not know or that lacks what its event needs (attributes for start, content-state for update, a timestamp), and reads dates as seconds.",
        example: "{\"aps\": {\"event\": \"update\", \"timestamp\": 1700000000}} without content-state")
}

public struct LiveActivity: Sendable, Hashable {
    /// `timestamp`: when the content state was produced (seconds since 1970).
    public var timestamp: Double?
    /// `event`: `start`, `update` or `end`.
    public var event: String?
    /// `content-state`: the activity's dynamic data, as sent.
    public var contentState: LocatedJSON?
    /// `stale-date`: when the content counts as outdated.
    public var staleDate: Double?
    /// `dismissal-date`: when an ended activity leaves the Lock Screen.
    public var dismissalDate: Double?
    /// `attributes-type`: the activity's attributes type, for push-to-start.
    public var attributesType: String?
    /// `attributes`: the activity's static data, for push-to-start.
    public var attributes: LocatedJSON?
}
