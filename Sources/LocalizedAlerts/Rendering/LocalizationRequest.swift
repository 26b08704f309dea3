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

    /// - Parameter readingDirectly: whether the direct reader may take the request; false reads
    ///   it through the located tree, as the tests compare.
    static func parse(_ line: [UInt8], file: String, noun: String, readingDirectly: Bool = true) -> Result<LocalizationRequest, Failure> {
        // The common request, read straight from its bytes: most of a provider's are.
        if readingDirectly, let reading = DirectPayloadReader.readRequest(line, file: file), let payloadReading = reading.takePayload() {
            let document = NotificationPayload.DeferredDocument(bytes: line, file: file, location: reading.rootLocation)
            let payload = NotificationPayload(
                payloadReading,
                document: NotificationPayload.DeferredDocument(
                    in: document, at: DirectPayloadReader.requestPayloadPath, location: payloadReading.rootLocation,
                    text: line[reading.payloadRange]),
                file: file)
            return request(
                payload, noun: noun, id: reading.id, languages: reading.languages, mode: reading.mode, fallback: reading.fallback,
                device: reading.device.map { LocatedJSON(.string($0)) }, headers: nil)
        }
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
        var read = NotificationPayload(document: payload, file: file, sizeBound: line.count)
        // What reading the line found (a key written twice) is the payload's to report, as
        // it is for a payload file.
        read.diagnostics = document.diagnostics + read.diagnostics
        return request(
            read, noun: noun, id: id, languages: root["languages"], mode: root["mode"]?.stringValue, fallback: root["fallback"]?.stringValue,
            device: root["device"], headers: root["headers"])
    }

    /// The request of a payload read and the request's other members, or why there is none.
    private static func request(
        _ payload: NotificationPayload, noun: String, id: LocatedJSON?, languages languagesJSON: LocatedJSON?, mode modeText: String?,
        fallback fallbackText: String?, device deviceJSON: LocatedJSON?, headers headersJSON: LocatedJSON?
    ) -> Result<LocalizationRequest, Failure> {
        let languages: [String]
        switch PreferredLanguages.read(languagesJSON, in: noun) {
        case .success(let parsed): languages = parsed
        case .failure(let failure): return .failure(Failure(message: failure.message, id: id))
        }
        var mode: LocalizationMode?
        if let text = modeText {
            guard let parsed = LocalizationMode(rawValue: text) else {
                return .failure(Failure(message: "\"mode\" must be device or server, not \"\(text)\"", id: id))
            }
            mode = parsed
        }
        var fallback: KeyFallback?
        if let text = fallbackText {
            guard let parsed = KeyFallback(rawValue: text) else {
                return .failure(Failure(message: "\"fallback\" must be device, development-region or fail, not \"\(text)\"", id: id))
            }
            fallback = parsed
        }
        var device: DeviceKind?
        if let member = deviceJSON {
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
        if let object = headersJSON {
            switch APNsHeaders.read(object) {
            case .success(let read): headers = read
            case .failure(let error): return .failure(Failure(message: error.message, id: id))
            }
        }
        var request = LocalizationRequest(payload: payload, preferredLanguages: languages, mode: mode, id: id)
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
