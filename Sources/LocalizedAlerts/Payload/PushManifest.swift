/// The keys a server sends, per field, with their arguments: the contract between a provider and
/// every build of the app. `render-alert lint --manifest FILE` checks each key in every
/// localization as a payload carrying it would be checked, and reports keys a String Catalog
/// marks stale (the next cleanup deletes them, though the server still sends them).
///
/// The file is JSON, schema version 1:
///
/// ```json
/// {
///   "version": 1,
///   "keys": [
///     {"field": "title", "key": "call.missed.title"},
///     {"field": "body", "key": "call.missed.body", "arguments": ["string"], "since": "5.3"}
///   ]
/// }
/// ```
///
/// `field` is `title`, `subtitle` or `body` (the default); `arguments` lists the kind of each
/// `loc-args` value the server sends (`string` or `number`; default none); `since` is the first
/// app version that has the key (each labelled build is checked for the keys sent to it);
/// `headers` are the APNs request headers the key is sent with (`{"apns-push-type": "alert"}`,
/// as a localize request gives them), checked against the payload; `platform` is `apple` (the
/// default: an APNs payload's loc key), `android` (an FCM message's `title_loc_key` or
/// `body_loc_key`, looked up in the Android app's `strings.xml`) or `both` (one key name sent to
/// both phones). Unknown members are errors, so that a misspelt one is not silently ignored.
public struct PushManifest: Sendable {
    /// One key the server sends in one field.
    public struct Key: Hashable, Sendable {
        /// The alert field the key is sent for.
        public var field: AlertFieldName
        /// The `*-loc-key` value.
        public var key: String
        /// The kinds of the `*-loc-args` values, in order.
        public var arguments: [ArgumentKind]
        /// The first app version that has the key, as written.
        public var since: String?
        /// The APNs request headers the key is sent with, when the entry gives them.
        public var headers: APNsHeaders?
        /// Where the entry is written.
        public var location: SourceLocation?
        /// The phones the key is sent to.
        public var platform: Platform = .apple

        /// A manifest entry.
        public init(
            field: AlertFieldName, key: String, arguments: [ArgumentKind] = [], since: String? = nil, headers: APNsHeaders? = nil,
            location: SourceLocation? = nil
        ) {
            self.field = field
            self.key = key
            self.arguments = arguments
            self.since = since
            self.headers = headers
            self.location = location
        }
    }

    /// The phones a key is sent to.
    public enum Platform: String, Hashable, Sendable, CaseIterable {
        /// An APNs payload's loc key, in the iOS app's Localizable table.
        case apple
        /// An FCM message's loc key, in the Android app's `strings.xml`.
        case android
        /// The same key name to both.
        case both

        var sendsToApple: Bool { self != .android }
        var sendsToAndroid: Bool { self != .apple }
    }

    /// What a `loc-args` value holds. Devices print every argument as text; the kind says what a
    /// translation's specifier should expect (and which sample value checks it).
    public enum ArgumentKind: String, Hashable, Sendable, CaseIterable {
        /// Text, such as a name (checked with the sample "Ana").
        case string
        /// Digits the server formats, such as a count (checked with the sample "3").
        case number
    }

    /// The schema version this reader understands.
    public static let version = 1

    /// The entries, in file order.
    public var keys: [Key]
    /// What is wrong with the file; an error means entries were left out.
    public var diagnostics: [LocalizationDiagnostic]
    /// The file it was read from.
    public var file: String?

    /// A manifest of these entries.
    public init(keys: [Key], file: String? = nil) {
        self.keys = keys
        self.diagnostics = []
        self.file = file
    }

    /// The largest manifest file read, in bytes (16 MiB: some 200,000 entries).
    public static let maximumFileSize = 16 << 20

    /// Reads a manifest file.
    public init(contentsOfFile path: String) throws(FileReadError) {
        self.init(parsing: try FileSystem.readAll(path, maximumSize: Self.maximumFileSize), file: path)
    }

    /// Reads a manifest from JSON; problems are ``diagnostics``, located.
    public init(parsing bytes: [UInt8], file: String? = nil) {
        self.file = file
        self.keys = []
        let parsed = LocatedJSON.parse(bytes, file: file, maximumValueCount: 1_000_000)
        self.diagnostics = parsed.diagnostics
        let start = SourceLocation(file: file, line: 1, column: 1)
        guard let root = parsed.root else { return }
        func invalid(_ location: SourceLocation?, _ message: String, hint: String? = nil) {
            diagnostics.append(LocalizationDiagnostic(.manifestInvalid, at: location ?? start, message, hint: hint))
        }
        guard let members = root.members else {
            invalid(root.location, "a push-key manifest is a JSON object with \"version\" and \"keys\"")
            return
        }
        for member in members where member.key != "version" && member.key != "keys" {
            invalid(member.keyLocation, "\"\(member.key)\" is not a manifest member", hint: "a manifest has \"version\": 1 and \"keys\"")
        }
        var version: Int64?
        if case .number(let number)? = root["version"]?.value { version = number.int64Value }
        if version != Int64(Self.version) {
            invalid(root["version"]?.location ?? root.location, "the manifest needs \"version\": \(Self.version)", hint: "add \"version\": 1")
        }
        guard let entries = root["keys"]?.items else {
            invalid(
                root["keys"]?.location ?? root.location, "\"keys\" must be an array of entries", hint: #"add "keys": [{"field": "body", "key": "…"}]"#
            )
            return
        }
        for entry in entries {
            if let key = Self.entry(entry, report: invalid) { keys.append(key) }
        }
    }

    private static func entry(_ entry: LocatedJSON, report: (SourceLocation?, String, String?) -> Void) -> Key? {
        guard let members = entry.members else {
            report(entry.location, "a manifest entry is an object such as {\"field\": \"body\", \"key\": \"…\"}", nil)
            return nil
        }
        var valid = true
        for member in members where !["field", "key", "arguments", "since", "headers", "platform"].contains(member.key) {
            report(member.keyLocation, "\"\(member.key)\" is not an entry member", "an entry has field, key, arguments, since, headers and platform")
            valid = false
        }
        var platform = Platform.apple
        if let value = entry["platform"] {
            if let named = value.stringValue.flatMap(Platform.init(rawValue:)) {
                platform = named
            } else {
                report(value.location, "\"platform\" must be \"apple\", \"android\" or \"both\"", nil)
                valid = false
            }
        }
        var field = AlertFieldName.body
        if let value = entry["field"] {
            if let name = value.stringValue.flatMap(AlertFieldName.init(rawValue:)) {
                field = name
            } else {
                report(value.location, "\"field\" must be \"title\", \"subtitle\" or \"body\"", nil)
                valid = false
            }
            if field == .subtitle && platform.sendsToAndroid {
                report(value.location, "an FCM message has no subtitle loc key (only title_loc_key and body_loc_key)", "use \"platform\": \"apple\"")
                valid = false
            }
        }
        guard let key = entry["key"]?.stringValue, !key.isEmpty else {
            report(entry["key"]?.location ?? entry.location, "an entry needs a non-empty \"key\" string", nil)
            return nil
        }
        var arguments: [ArgumentKind] = []
        if let value = entry["arguments"] {
            for item in value.items ?? [] {
                if let kind = item.stringValue.flatMap(ArgumentKind.init(rawValue:)) {
                    arguments.append(kind)
                } else {
                    report(item.location, "an argument kind is \"string\" or \"number\"", nil)
                    valid = false
                }
            }
            if value.items == nil {
                report(value.location, "\"arguments\" must be an array such as [\"string\", \"number\"]", nil)
                valid = false
            }
        }
        var since: String?
        if let value = entry["since"] {
            since = value.stringValue
            if since == nil {
                report(value.location, "\"since\" must be a version string such as \"5.3\"", nil)
                valid = false
            }
        }
        var headers: APNsHeaders?
        if let value = entry["headers"] {
            switch APNsHeaders.read(value) {
            case .success(let read): headers = read
            case .failure(let error):
                report(value.location, error.message, nil)
                valid = false
            }
        }
        guard valid else { return nil }
        var read = Key(field: field, key: key, arguments: arguments, since: since, headers: headers, location: entry.location)
        read.platform = platform
        return read
    }

    /// A first manifest from payload fixtures: every field key they send, with the kinds of its
    /// arguments, once per field and key (the first payload that sends it decides).
    public init(payloads: [NotificationPayload]) {
        var seen: Set<String> = []
        var keys: [Key] = []
        for payload in payloads {
            guard let alert = payload.aps.alert else { continue }
            for (name, field) in alert.fields {
                guard let key = field.locKey, seen.insert("\(name.rawValue)\u{0}\(key)").inserted else { continue }
                let arguments = (field.locArgs ?? []).map { $0.kind == .number ? ArgumentKind.number : .string }
                keys.append(Key(field: name, key: key, arguments: arguments))
            }
        }
        self.init(keys: keys)
    }

    /// Each entry as the payload a server sends for it, its values located at the entry: check
    /// them as payloads (`Linter.lint(_:payloads:)`) and every finding points into the manifest.
    public var payloads: [NotificationPayload] {
        keys.filter(\.platform.sendsToApple).map { entry in
            let names = entry.field.keys
            var alert = [
                LocatedJSON.Member(key: names.locKey, keyLocation: entry.location, value: LocatedJSON(.string(entry.key), location: entry.location))
            ]
            if !entry.arguments.isEmpty {
                let samples = entry.arguments.map { LocatedJSON(.string($0 == .number ? "3" : "Ana"), location: entry.location) }
                alert.append(
                    LocatedJSON.Member(key: names.locArgs, keyLocation: entry.location, value: LocatedJSON(.array(samples), location: entry.location))
                )
            }
            let aps = LocatedJSON(
                .object([LocatedJSON.Member(key: "alert", value: LocatedJSON(.object(alert), location: entry.location))]), location: entry.location)
            var payload = NotificationPayload(
                document: LocatedJSON(.object([LocatedJSON.Member(key: "aps", value: aps)]), location: entry.location), file: file)
            // What does not fit between the headers and the payload is a finding at the entry's headers.
            if let headers = entry.headers { payload.diagnostics = headers.diagnostics(of: payload) }
            return payload
        }
    }

    /// Each Android entry as the FCM message a server sends for it, its values located at the
    /// entry (loc args are strings on FCM: each sample is one).
    public var fcmMessages: [FCMMessage] {
        keys.filter(\.platform.sendsToAndroid).map { entry in
            let name = entry.field == .title ? "title" : "body"
            var notification = [
                LocatedJSON.Member(
                    key: "\(name)_loc_key", keyLocation: entry.location, value: LocatedJSON(.string(entry.key), location: entry.location))
            ]
            if !entry.arguments.isEmpty {
                let samples = entry.arguments.map { LocatedJSON(.string($0 == .number ? "3" : "Ana"), location: entry.location) }
                notification.append(
                    LocatedJSON.Member(
                        key: "\(name)_loc_args", keyLocation: entry.location, value: LocatedJSON(.array(samples), location: entry.location)))
            }
            let android = LocatedJSON(
                .object([LocatedJSON.Member(key: "notification", value: LocatedJSON(.object(notification), location: entry.location))]),
                location: entry.location)
            let message = LocatedJSON(.object([LocatedJSON.Member(key: "android", value: android)]), location: entry.location)
            return FCMMessage(
                document: LocatedJSON(.object([LocatedJSON.Member(key: "message", value: message)]), location: entry.location), file: file,
                sizeBound: 1 << 16)
        }
    }

    /// Manifest keys a String Catalog of `app` marks `stale`: Xcode found no code using them, and
    /// cleanups delete such keys, though the server still sends them.
    public func staleKeys(in app: AppLocalizations) -> [LocalizationDiagnostic] {
        let sent = Dictionary(keys.filter(\.platform.sendsToApple).map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var found: [LocalizationDiagnostic] = []
        for name in app.catalogs.keys.sorted() {
            let catalog = app.catalogs[name]!
            for key in catalog.strings where key.extractionState == "stale" {
                guard let entry = sent[key.key] else { continue }
                found.append(
                    LocalizationDiagnostic(
                        .manifestKeyStale, at: key.location ?? SourceLocation(file: catalog.file, line: 1, column: 1),
                        "\"\(key.key)\" is sent by the server but \(name).xcstrings marks it stale: the next cleanup deletes it, and devices then show the key",
                        hint: #"change "extractionState" : "stale" to "extractionState" : "manual" for this key"#,
                        notes: entry.location.map { [LocalizationDiagnostic.Note(location: $0, message: "the manifest entry")] } ?? []))
            }
        }
        return found
    }

    /// The manifest as JSON (schema version 1), entries in order.
    public var json: LocatedJSON {
        LocatedJSON(
            .object([
                LocatedJSON.Member(key: "version", value: LocatedJSON(.number(.init(Self.version)))),
                LocatedJSON.Member(
                    key: "keys",
                    value: LocatedJSON(
                        .array(
                            keys.map { entry in
                                var members = [
                                    LocatedJSON.Member(key: "field", value: LocatedJSON(.string(entry.field.rawValue))),
                                    LocatedJSON.Member(key: "key", value: LocatedJSON(.string(entry.key))),
                                ]
                                if !entry.arguments.isEmpty {
                                    members.append(
                                        LocatedJSON.Member(
                                            key: "arguments", value: LocatedJSON(.array(entry.arguments.map { LocatedJSON(.string($0.rawValue)) }))))
                                }
                                if let since = entry.since { members.append(LocatedJSON.Member(key: "since", value: LocatedJSON(.string(since)))) }
                                if entry.platform != .apple {
                                    members.append(LocatedJSON.Member(key: "platform", value: LocatedJSON(.string(entry.platform.rawValue))))
                                }
                                if let headers = entry.headers, !headers.isEmpty {
                                    members.append(LocatedJSON.Member(key: "headers", value: headers.json))
                                }
                                return LocatedJSON(.object(members))
                            }))),
            ]))
    }
}

/// Diagnostic IDs for push-key manifests.
extension DiagnosticID {
    /// `manifest.invalid` (error). A manifest entry that does not follow the schema is not checked.
    public static let manifestInvalid = DiagnosticID(
        "manifest.invalid", .error, .payloads,
        rationale: "A manifest entry that does not follow the schema is not checked.",
        example: "{\"field\": \"footer\", \"key\": \"k\"}")
    /// `manifest.key-stale` (warning). A key the server sends that a String Catalog marks stale is
    /// deleted by the next cleanup; devices then show the key.
    public static let manifestKeyStale = DiagnosticID(
        "manifest.key-stale", .warning, .payloads,
        rationale: "A key the server sends that a String Catalog marks stale is deleted by the next cleanup; devices then show the key.",
        example: "\"extractionState\" : \"stale\" on a key in the manifest")
}
