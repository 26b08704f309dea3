/// Diagnostic IDs of FCM messages and of what an Android phone shows for them.
extension DiagnosticID {
    /// `fcm.invalid-message` (error). The FCM HTTP v1 API rejects the request: no message
    /// object, or a notification field of the wrong type.
    public static let fcmInvalidMessage = DiagnosticID(
        "fcm.invalid-message", .error, .payloads,
        rationale:
            "The FCM HTTP v1 API rejects a request without a message object or with a notification field of the wrong type (loc args must be strings): nothing is sent.",
        example: "{\"message\": {\"android\": {\"notification\": {\"title_loc_args\": [3]}}}}")
    /// `android.format-crash` (error). Formatting the localized string with the loc args throws
    /// an exception Firebase does not catch: the app crashes and nothing is shown.
    public static let androidFormatCrash = DiagnosticID(
        "android.format-crash", .error, .formats,
        rationale:
            "Firebase formats a localized string with its String args; %d, %f, %c or a malformed specifier throw an exception it does not catch: the app crashes and no notification is shown.",
        example: "<string name=\"new_photos\">%1$d new photos</string> with body_loc_args [\"3\"]")
    /// `android.missing-format-argument` (error). The localized string needs more arguments than
    /// the message gives: Firebase catches the exception and shows the fallback.
    public static let androidMissingFormatArgument = DiagnosticID(
        "android.missing-format-argument", .error, .formats,
        rationale:
            "The localized string needs more loc args than the message gives: Firebase catches MissingFormatArgumentException and shows the app's name as the title, or no body.",
        example: "%1$s and %2$s with body_loc_args [\"Ana\"]")
    /// `android.missing-loc-key` (error). No resource folder defines the loc key: the phone shows
    /// the raw field, or the fallback.
    public static let androidMissingLocKey = DiagnosticID(
        "android.missing-loc-key", .error, .push,
        rationale:
            "No values folder defines the string the loc key names: Firebase shows the raw title or body, or the app's name as the title and no body.",
        example: "body_loc_key \"new_mesage\" when strings.xml has new_message")
    /// `android.loc-key-not-a-string` (error). The loc key names a `<plurals>` or a
    /// `<string-array>`: Firebase asks `getIdentifier(key, "string", package)`, which finds no
    /// string of that name (the field falls back), and `getString` cannot give a bag's text.
    public static let androidLocKeyNotAString = DiagnosticID(
        "android.loc-key-not-a-string", .error, .push,
        rationale:
            "Firebase looks a loc key up as a string resource and formats it with getString: a <plurals> or <string-array> of that name is never found (the field shows its fallback), and plurals/NAME crashes the app. FCM has no plural form: send a string, or fill in the text on the server.",
        example: "body_loc_key \"new_photos\" when strings.xml has <plurals name=\"new_photos\">")
    /// `android.loc-args-missing` (error). The string takes arguments but the message sends no
    /// loc args: Firebase calls `getString(id)` without formatting, so the phone shows the
    /// specifiers themselves (`%1$s`).
    public static let androidLocArgsMissing = DiagnosticID(
        "android.loc-args-missing", .error, .formats,
        rationale:
            "Without *_loc_args Firebase shows the localized string as it is, without String.format: the user sees %1$s where a name should be.",
        example: "body_loc_key \"new_message\" (\"%1$s wrote\") with no body_loc_args")
    /// `android.raw-field-hides-loc-key` (warning). A non-empty title or body (the common
    /// notification's included) wins over the loc key: the localized string is never used.
    public static let androidRawFieldHidesLocKey = DiagnosticID(
        "android.raw-field-hides-loc-key", .warning, .push,
        rationale:
            "Firebase shows a non-empty title or body as it is and ignores the loc key; message.notification.title counts too, since FCM copies it to Android.",
        example: "notification.title \"Hello\" with android.notification.title_loc_key \"greeting\"")
    /// `android.text-cut` (note). The title or body is longer than Android keeps: the phone
    /// holds only its first 5,120 UTF-16 code units.
    public static let androidTextCut = DiagnosticID(
        "android.text-cut", .note, .push,
        rationale:
            "NotificationCompat.Builder keeps the first 5,120 UTF-16 code units of a title or body (limitCharSequenceLength), and so does Notification.Builder: the rest never reaches the phone's screen.",
        example: "a body_loc_arg of 6,000 characters")
    /// `android.app-name-title` (note). The notification has no title: Android shows the app's name.
    public static let androidAppNameTitle = DiagnosticID(
        "android.app-name-title", .note, .push,
        rationale: "Firebase sets the app's name as the title when the message gives none (or it falls back).",
        example: "a message with only a body")
    /// `android.identifier-loc-key` (warning). The loc key is a number: `getIdentifier` reads
    /// it as a resource ID, which names this string in this build only.
    public static let androidIdentifierLocKey = DiagnosticID(
        "android.identifier-loc-key", .warning, .push,
        rationale:
            "A loc key that is a number is read as a resource ID (Integer.parseInt comes first). aapt2 link numbers resources in order of type and name, the libraries' included: adding or removing one renumbers the rest, and the key then names another string or none.",
        example: "body_loc_key \"2130968581\"")
}

/// An FCM HTTP v1 message (`{"message": {…}}`), with what reaches an Android phone: the
/// notification fields after FCM merges `android.notification` over `notification`, and the
/// `apns.payload` that an iPhone gets.
public struct FCMMessage: Sendable {
    /// A text field and where it is in the message.
    public struct Field: Sendable, Hashable {
        public var value: String
        public var location: SourceLocation?
    }

    /// The notification fields a phone receives (`android.notification` over `notification`
    /// for title and body; loc keys and args only from `android.notification`).
    public struct AndroidNotification: Sendable, Hashable {
        public var title: Field?
        public var body: Field?
        public var titleLocKey: Field?
        public var titleLocArgs: [String]?
        public var bodyLocKey: Field?
        public var bodyLocArgs: [String]?
        /// Whether the title came from the common `notification` object.
        public var titleIsCommon = false
        /// Whether the body came from the common `notification` object.
        public var bodyIsCommon = false

        public init() {}

        /// Title and body as FCM merges them: `android.notification`'s field over
        /// `notification`'s. The API is proto3, where an empty string is the same as an unset
        /// field: `"title": ""` under `android` leaves the common title in place, and an empty
        /// field reaches the phone as no field at all.
        init(title: (common: Field?, specific: Field?), body: (common: Field?, specific: Field?)) {
            func merged(_ pair: (common: Field?, specific: Field?)) -> (Field?, isCommon: Bool) {
                if let specific = pair.specific, !specific.value.isEmpty { return (specific, false) }
                if let common = pair.common, !common.value.isEmpty { return (common, true) }
                return (nil, false)
            }
            (self.title, titleIsCommon) = merged(title)
            (self.body, bodyIsCommon) = merged(body)
        }
    }

    /// The whole document; nil when the text is not JSON. A message in the common shape is read
    /// straight from its bytes, and its document is built the first time it is asked for.
    public var document: LocatedJSON? {
        get { documentStorage?.document }
        set { documentStorage = newValue.map { .tree($0) } }
    }
    /// Nil when the text is not JSON.
    private var documentStorage: NotificationPayload.DocumentStorage?
    /// Whether the text is JSON (``document`` is not nil), without reading a deferred document.
    var hasDocument: Bool { documentStorage != nil }
    /// The JSON text ``document`` is read from, when the direct reader took the message and
    /// nothing has set the document since.
    var documentText: ArraySlice<UInt8>? {
        guard case .deferred(let deferred) = documentStorage else { return nil }
        return deferred.text
    }
    /// The notification an Android phone gets; nil for a data-only message (the app handles
    /// it in code, and nothing is shown for it by Firebase).
    public var android: AndroidNotification?
    /// `apns.payload`, for the iPhone engine; nil when the message has none.
    public var apnsPayload: NotificationPayload?
    /// Huawei Push Kit's own fields, for a Huawei message; nil for an FCM one.
    public var huawei: HuaweiNotificationFields?
    /// The service the message is sent through: Huawei Push Kit when it has Huawei's fields
    /// (or was read as one), else FCM.
    public var channel: PushChannel {
        // Matched in place: comparing the Huawei fields with nil copied them.
        if case .none = huawei { .fcm } else { .huawei }
    }
    /// What FCM would reject, and JSON errors.
    public var diagnostics: [LocalizationDiagnostic]
    /// The file, as given.
    public var file: String?

    /// Reads a message from JSON: `{"message": {…}}`, or the message object itself. A Huawei
    /// Push Kit message is told apart by its shape (`validate_only`, `multi_lang_key`, a list
    /// of tokens…); `channel` `.huawei` reads it as one whatever its shape.
    public init(parsing bytes: [UInt8], file: String? = nil, channel: PushChannel? = nil) {
        self.init(parsing: bytes, file: file, readingDirectly: true, channel: channel)
    }

    /// - Parameter readingDirectly: whether the direct reader may take the message; false reads
    ///   it through the located tree, as the tests compare.
    init(parsing bytes: [UInt8], file: String?, readingDirectly: Bool, channel: PushChannel? = nil) {
        self.file = file
        // The direct reader knows FCM's fields only: it leaves Huawei's shapes to the located
        // reading, which tells the two services apart.
        if readingDirectly, channel != .huawei, let reading = DirectPayloadReader.readFCM(bytes, file: file) {
            let document = NotificationPayload.DeferredDocument(bytes: bytes, file: file, location: reading.rootLocation)
            documentStorage = .deferred(document)
            android = reading.takeAndroid()
            if let payloadReading = reading.takeAPNsPayload() {
                let payload = NotificationPayload.DeferredDocument(
                    in: document, at: DirectPayloadReader.apnsPayloadPath, location: payloadReading.rootLocation)
                apnsPayload = NotificationPayload(payloadReading, document: payload, file: file)
            }
            diagnostics = []
            return
        }
        let parsed = LocatedJSON.parse(bytes, file: file, maximumDepth: 64, maximumValueCount: NotificationPayload.maximumValueCount)
        diagnostics = parsed.diagnostics
        guard let root = parsed.root else { return }
        read(root, sizeBound: bytes.count, channel: channel)
    }

    /// A message from a document already parsed (a request's `{"message": …}`), whose text was
    /// at most `sizeBound` bytes long; `channel` `.huawei` reads it as a Huawei message.
    public init(document root: LocatedJSON, file: String?, sizeBound: Int, channel: PushChannel? = nil) {
        self.file = file
        diagnostics = []
        read(root, sizeBound: sizeBound, channel: channel)
    }

    private mutating func read(_ root: LocatedJSON, sizeBound: Int, channel: PushChannel?) {
        documentStorage = .tree(root)
        let file = self.file
        let start = SourceLocation(file: file, line: 1, column: 1)
        guard let message = root["message"] ?? (root["notification"] != nil || root["android"] != nil || root["apns"] != nil ? root : nil),
            message.members != nil
        else {
            diagnostics.append(LocalizationDiagnostic(.fcmInvalidMessage, at: root.location ?? start, "no \"message\" object"))
            return
        }
        if let payload = message["apns"]?["payload"], payload.members != nil {
            // The payload's text is part of the message's: its length bounds the payload's
            // size, so a small message need not be written out again to be measured.
            apnsPayload = NotificationPayload(document: payload, file: file, sizeBound: sizeBound)
        }
        let isHuawei = channel == .huawei || (channel != .fcm && HuaweiMessageReading.isHuawei(root: root, message: message))
        defer {
            if isHuawei {
                huawei = HuaweiMessageReading.read(root: root, message: message, notification: android, start: start, diagnostics: &diagnostics)
                checkHuaweiSize(message, sizeBound: sizeBound, start: start)
            }
        }
        let common = message["notification"]
        let specific = message["android"]?["notification"]
        guard common != nil || specific != nil else { return }
        func field(_ object: LocatedJSON?, _ key: String) -> Field? {
            guard let value = object?[key] else { return nil }
            guard let text = value.stringValue else {
                if case .null = value.value { return nil }
                diagnostics.append(
                    LocalizationDiagnostic(
                        .fcmInvalidMessage, at: value.location ?? start, "\"\(key)\" must be a string, not \(value.kindDescription)"))
                return nil
            }
            return Field(value: text, location: value.location)
        }
        func arguments(_ key: String) -> [String]? {
            guard let value = specific?[key] else { return nil }
            if case .null = value.value { return nil }
            guard let items = value.items else {
                diagnostics.append(LocalizationDiagnostic(.fcmInvalidMessage, at: value.location ?? start, "\"\(key)\" must be an array of strings"))
                return nil
            }
            // Every one: Android's String.format takes any of them (%1001$s included), and the
            // message's size and value count already bound how many there are.
            var strings: [String] = []
            strings.reserveCapacity(items.count)
            for item in items {
                guard let text = item.stringValue else {
                    diagnostics.append(
                        LocalizationDiagnostic(
                            .fcmInvalidMessage, at: item.location ?? start, "\"\(key)\" must hold strings, not \(item.kindDescription)"))
                    return nil
                }
                strings.append(text)
            }
            // An empty repeated field is not sent: Android gets no args at all.
            return strings.isEmpty ? nil : strings
        }
        var notification = AndroidNotification(
            title: (common: field(common, "title"), specific: field(specific, "title")),
            body: (common: field(common, "body"), specific: field(specific, "body")))
        notification.titleLocKey = field(specific, "title_loc_key")
        notification.bodyLocKey = field(specific, "body_loc_key")
        notification.titleLocArgs = arguments("title_loc_args")
        notification.bodyLocArgs = arguments("body_loc_args")
        android = notification
    }

    /// Huawei's 4,096 bytes of message, tokens left out (``ChannelTextLimit/all``).
    private mutating func checkHuaweiSize(_ message: LocatedJSON, sizeBound: Int, start: SourceLocation) {
        // The text is never shorter than the message it holds.
        guard sizeBound > HuaweiMessageReading.maximumSize, let problem = HuaweiMessageReading.sizeProblem(of: message) else { return }
        diagnostics.append(problem.diagnostic(at: message.location ?? start, language: nil, text: ChannelText()))
    }

    /// Whether `bytes` hold an FCM HTTP v1 message rather than an APNs payload: a JSON object
    /// with a `message` member, or a message object itself (`android` or `notification`, and
    /// no `aps`).
    public static func isMessage(_ bytes: [UInt8]) -> Bool {
        let parsed = LocatedJSON.parse(bytes, maximumDepth: 64, maximumValueCount: NotificationPayload.maximumValueCount)
        guard let root = parsed.root, root.members != nil else { return false }
        return root["message"] != nil || (root["aps"] == nil && (root["android"] != nil || root["notification"] != nil))
    }

    /// Reads a message file; only failing to read it throws.
    public init(contentsOfFile path: String, channel: PushChannel? = nil) throws(FileReadError) {
        self.init(parsing: try FileSystem.readAll(path, maximumSize: 16 << 20), file: path, channel: channel)
    }
}
