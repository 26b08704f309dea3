/// One line of a batch: `{"payload": {…}, "languages": ["fr-CA", "en"]}`, optionally with
/// `"mode": "device"|"server"`, a `"device"` (`"ipad"`…), a `"fallback"`, `"headers"` and an
/// `"id"` that is echoed back.
///
/// ```swift
/// let line = #"{"id": 7, "payload": {"aps": {"alert": {"loc-key": "call.missed.body", "loc-args": ["Samir"]}}}, "languages": ["fr-CA", "en"]}"#
/// switch LocalizationRequest.parse(line: Array(line.utf8), lineNumber: 1) {
/// case .success(let request):
///     let localized = renderer.localize(
///         request.payload, preferredLanguages: request.preferredLanguages, mode: request.mode ?? .server)
///     print(localized.payload?.serialized() ?? localized.error ?? "")   // {"aps":{"alert":{"body":"Samir a tenté de vous joindre."}}}
/// case .failure(let failure):
///     print("line 1: \(failure.message)")
/// }
/// ```
public struct LocalizationRequest: Sendable {
    /// The payload to localize; its locations name the file `line N`.
    public var payload: NotificationPayload
    /// The device's preferred languages, best first (`"languages"`, an array of language IDs or
    /// a string of them separated by commas), as ``PreferredLanguages`` reads them: a list that
    /// is not one (`"fr;en"`, `[]`, `[""]`) makes the line a failure, never a device with no
    /// language answered in the development region.
    public var preferredLanguages: [String]
    /// The line's own `"mode"`, when it gives one; nil means the batch's mode.
    public var mode: LocalizationMode?
    /// The line's `"id"`, echoed back in its result; any JSON value.
    public var id: LocatedJSON?
    /// The line's `"fallback"` policy, when it gives one.
    public var fallback: KeyFallback?
    /// The line's `"device"` (`"iphone"`, `"ipad"`, `"mac"`…), whose variants of catalog and
    /// stringsdict values are chosen; nil means the batch's device (an iPhone by default).
    public var device: DeviceKind?
    /// The APNs headers the payload is to be sent with (`"headers"`); what does not fit the
    /// payload is among its diagnostics.
    public var headers: APNsHeaders?

    /// Why a line is not a request, with its `"id"` when the line had one.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong with the line.
        public var message: String
        /// The line's `"id"`, when it could be read.
        public var id: LocatedJSON?
        /// The message.
        public var description: String { message }

        /// A failure to report for a line: what is wrong with it, and its `"id"` when known.
        public init(message: String, id: LocatedJSON? = nil) {
            self.message = message
            self.id = id
        }
    }

    /// The members a request may have; any other is refused, so that a misspelt option
    /// (`"fallbak"`) is not silently left at its default.
    public static let members = ["id", "payload", "languages", "mode", "device", "fallback", "headers"]

    /// The APNs headers a request may give in `"headers"`.
    public static let headerNames = APNsHeaders.names

    /// Reads one NDJSON line; its payload's locations name the file `line N`.
    public static func parse(line: [UInt8], lineNumber: Int) -> Result<LocalizationRequest, Failure> {
        parse(line, file: "line \(lineNumber)", noun: "line")
    }

    /// Reads one request standing alone (an HTTP body); its payload's locations name the file
    /// `request`.
    public static func parse(request: [UInt8]) -> Result<LocalizationRequest, Failure> {
        parse(request, file: "request", noun: "request")
    }

    private static func parse(_ line: [UInt8], file: String, noun: String) -> Result<LocalizationRequest, Failure> {
        let document = LocatedJSON.parse(line, file: file)
        guard let root = document.root else {
            return .failure(
                Failure(message: document.diagnostics.first.map { "not JSON: \($0.message) at column \($0.location.column)" } ?? "not JSON"))
        }
        let id = root["id"]
        guard let rootMembers = root.members else {
            return .failure(Failure(message: "the \(noun) is \(root.kindDescription), not an object", id: id))
        }
        for member in rootMembers where !members.contains(member.key) {
            let guess = EditDistance.suggestion(for: member.key, among: members)
            return .failure(
                Failure(
                    message: "unknown member \"\(member.key)\"\(guess); a request has \(members.map { "\"\($0)\"" }.joined(separator: ", "))",
                    id: id))
        }
        guard let payload = root["payload"], payload.members != nil else {
            return .failure(Failure(message: "the \(noun) has no \"payload\" object", id: id))
        }
        let languages: [String]
        switch PreferredLanguages.read(root["languages"], in: noun) {
        case .success(let parsed): languages = parsed
        case .failure(let failure): return .failure(Failure(message: failure.message, id: id))
        }
        var mode: LocalizationMode?
        if let text = root["mode"]?.stringValue {
            guard let parsed = LocalizationMode(rawValue: text) else {
                return .failure(Failure(message: "\"mode\" must be device or server, not \"\(text)\"", id: id))
            }
            mode = parsed
        }
        var fallback: KeyFallback?
        if let text = root["fallback"]?.stringValue {
            guard let parsed = KeyFallback(rawValue: text) else {
                return .failure(Failure(message: "\"fallback\" must be device, development-region or fail, not \"\(text)\"", id: id))
            }
            fallback = parsed
        }
        var device: DeviceKind?
        if let member = root["device"] {
            // Apple TV shows no alerts (badges only): nothing to localize for it.
            let devices = DeviceKind.allCases.filter { $0 != .appletv }
            guard let text = member.stringValue, let parsed = DeviceKind(rawValue: text), parsed != .appletv else {
                return .failure(
                    Failure(
                        message:
                            "\"device\" must be one of \(devices.map(\.rawValue).joined(separator: ", ")), not \(member.stringValue.map { "\"\($0)\"" } ?? member.kindDescription)",
                        id: id))
            }
            device = parsed
        }
        var headers: APNsHeaders?
        if let object = root["headers"] {
            switch APNsHeaders.read(object) {
            case .success(let read): headers = read
            case .failure(let error): return .failure(Failure(message: error.message, id: id))
            }
        }
        var request = LocalizationRequest(
            payload: NotificationPayload(document: payload, file: file, sizeBound: line.count), preferredLanguages: languages, mode: mode, id: id)
        // What reading the line found (a key written twice) is the payload's to report, as
        // it is for a payload file.
        request.payload.diagnostics = document.diagnostics + request.payload.diagnostics
        request.fallback = fallback
        request.device = device
        if let headers {
            request.headers = headers
            request.payload.diagnostics = headers.diagnostics(of: request.payload)
        }
        return .success(request)
    }
}

extension PreferredLanguages {
    /// A request's `"languages"`: an array of language IDs, or a comma-separated string; a
    /// request (`noun`) without one is refused too.
    static func read(_ value: LocatedJSON?, in noun: String) -> Result<[String], Failure> {
        switch value?.value {
        case .array(let items)?:
            let strings = items.compactMap(\.stringValue)
            guard strings.count == items.count else { return .failure(Failure(message: "\"languages\" must hold strings")) }
            return parse(items: strings, naming: #""languages""#)
        case .string(let list)?:
            return parse(list, naming: #""languages""#)
        default:
            return .failure(Failure(message: "the \(noun) has no \"languages\" (an array such as [\"fr-CA\", \"en\"])"))
        }
    }
}
