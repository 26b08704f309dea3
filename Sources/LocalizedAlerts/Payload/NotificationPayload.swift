/// A push notification payload as APNs delivers it: the `aps` dictionary, read the way the
/// device reads it (spec/device-rendering.md §1, §5), and the app's own top-level keys.
///
/// Reading never fails on content: type errors and unknown keys become ``diagnostics`` and the
/// value counts as absent, as on a device. Only a document that is not JSON has no `aps`.
public struct NotificationPayload: Sendable {
    /// The document as read, keys in order; custom keys are kept untouched in it.
    public var document: LocatedJSON
    public var aps: APSDictionary
    /// Top-level keys other than `aps` (and Xcode's `Simulator Target Bundle`), as written.
    public var customKeys: [LocatedJSON.Member]
    /// Xcode `.apns` files name the app to deliver to in the simulator; APNs never sees it.
    public var simulatorTargetBundle: String?
    public var diagnostics: [LocalizationDiagnostic]
    public var file: String?

    /// APNs' limit for ordinary pushes (VoIP pushes may have 5,120 bytes).
    public static let maximumByteCount = 4096

    /// The size APNs counts: the payload as compact JSON, without `Simulator Target Bundle`.
    public var byteCount: Int { document.withoutSimulatorTarget.serialized().utf8.count }

    /// JSON values one payload document may hold (a 4 KB payload holds about 2,000): a bound on
    /// the memory a hostile file can take.
    public static let maximumValueCount = 200_000
    /// `loc-args` values read per field; the rest are reported.
    public static let maximumLocArguments = 1_000

    public init(parsing bytes: [UInt8], file: String? = nil) {
        let parsed = LocatedJSON.parse(bytes, file: file, maximumValueCount: Self.maximumValueCount)
        self.init(document: parsed.root ?? LocatedJSON(.object([])), file: file, diagnostics: parsed.diagnostics, parsed: parsed.root != nil)
    }

    public init(parsing text: String, file: String? = nil) {
        self.init(parsing: Array(text.utf8), file: file)
    }

    /// Reads a payload file (`.json` or Xcode's `.apns`).
    public init(contentsOfFile path: String) throws(FileReadError) {
        self.init(parsing: try FileSystem.readAll(path, maximumSize: 16 << 20), file: path)
    }

    public init(document: LocatedJSON, file: String? = nil) {
        self.init(document: document, file: file, diagnostics: [], parsed: true)
    }

    private init(document: LocatedJSON, file: String?, diagnostics: [LocalizationDiagnostic], parsed: Bool) {
        self.document = document
        self.file = file
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
        self.aps = aps
        self.customKeys = custom
        self.simulatorTargetBundle = simulatorTarget
        self.diagnostics = reader.diagnostics.cappedPerID()
        if parsed, byteCount > NotificationPayload.maximumByteCount {
            self.diagnostics.append(
                LocalizationDiagnostic(
                    .payloadTooLarge, at: document.location ?? SourceLocation(file: file, line: 1, column: 1),
                    "the payload is \(byteCount) bytes as sent; APNs rejects payloads over \(NotificationPayload.maximumByteCount) bytes (413)",
                    hint: "shorten the alert or move data out of the payload"))
        }
    }
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
    public var alert: AlertContent?
    public var badge: Int?
    public var sound: AlertSound?
    public var threadID: String?
    public var category: String?
    /// `content-available`: a positive number, or any value that is not a number, counts as set.
    public var contentAvailable: Bool = false
    /// `mutable-content`: a notification service extension may change the text before display.
    public var mutableContent: Bool = false
    public var interruptionLevel: InterruptionLevel = .active
    /// `interruption-level` as written, when it was not one of the four known values.
    public var unknownInterruptionLevel: String?
    /// Clamped to 0…1.
    public var relevanceScore: Double?
    public var targetContentID: String?
    public var filterCriteria: String?
    /// Live Activity keys, when present.
    public var liveActivity: LiveActivity?
    /// Keys the device ignores.
    public var unknownKeys: [String] = []

    public init() {}

    /// A background push: `content-available` without alert, badge or sound. Nothing is shown.
    public var isSilent: Bool { contentAvailable && alert == nil && badge == nil && sound == nil }
}

public enum InterruptionLevel: String, Sendable, Hashable, Codable, CaseIterable {
    case passive
    case active
    case timeSensitive = "time-sensitive"
    case critical
}

public enum AlertSound: Sendable, Hashable {
    case named(String)
    /// `{critical, name, volume}`; volume clamped to 0…1.
    case dictionary(name: String?, critical: Bool, volume: Double?)
}

/// `aps.alert`: title, subtitle and body, each raw text or a localization key with arguments.
public struct AlertContent: Sendable, Hashable {
    public var title = AlertField()
    public var subtitle = AlertField()
    public var body = AlertField()
    public var launchImage: String?
    /// Parsed, with no visible effect since iOS 10.
    public var actionLocKey: String?
    public var summaryArgument: String?
    public var summaryArgumentCount: Int?
    /// The Live Activity shape: `title` and `body` were objects with `loc-key`/`loc-args`.
    public var isLiveActivityAlert = false
    /// `sound` inside a Live Activity alert.
    public var liveActivitySound: String?

    public init() {}

    /// The fields in display order.
    public var fields: [(AlertFieldName, AlertField)] { [(.title, title), (.subtitle, subtitle), (.body, body)] }
}

public enum AlertFieldName: String, Sendable, Hashable, CaseIterable {
    case title, subtitle, body

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
    /// Where the key (or else the text) is written in the payload.
    public var location: SourceLocation?

    public init(text: String? = nil, locKey: String? = nil, locArgs: [LocArgument]? = nil, location: SourceLocation? = nil) {
        self.text = text
        self.locKey = locKey
        self.locArgs = locArgs
        self.location = location
    }

    public var isEmpty: Bool { text == nil && locKey == nil }
}

/// One `loc-args` element, converted as the device converts it.
public struct LocArgument: Sendable, Hashable {
    /// What the device prints: a string as is, a number in plain decimal form, true as 1,
    /// false as 0; anything else (null, object, array) as "".
    public var text: String
    public var kind: Kind
    public var location: SourceLocation?

    public enum Kind: String, Sendable, Hashable {
        case string, number, boolean, null, object, array
    }

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
public struct LiveActivity: Sendable, Hashable {
    public var timestamp: Double?
    public var event: String?
    public var contentState: LocatedJSON?
    public var staleDate: Double?
    public var dismissalDate: Double?
    public var attributesType: String?
    public var attributes: LocatedJSON?
}
