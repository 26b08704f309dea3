/// One line of a batch: `{"payload": {…}, "languages": ["fr-CA", "en"]}`, optionally with
/// `"mode": "device"|"server"` and an `"id"` that is echoed back.
public struct LocalizationRequest: Sendable {
    public var payload: NotificationPayload
    public var preferredLanguages: [String]
    public var mode: LocalizationMode?
    public var id: JSON?

    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        public var message: String
        public var id: JSON?
        public var description: String { message }
    }

    /// Reads one NDJSON line.
    public static func parse(line: [UInt8], lineNumber: Int) -> Result<LocalizationRequest, Failure> {
        let document = JSON.parse(line, file: "line \(lineNumber)")
        guard let root = document.root else {
            return .failure(Failure(message: document.diagnostics.first.map { "not JSON: \($0.message) at column \($0.location.column)" } ?? "not JSON"))
        }
        let id = root["id"]
        guard root.members != nil else { return .failure(Failure(message: "the line is \(root.kindDescription), not an object", id: id)) }
        guard let payload = root["payload"], payload.members != nil else {
            return .failure(Failure(message: "the line has no \"payload\" object", id: id))
        }
        var languages: [String] = []
        switch root["languages"]?.value {
        case .array(let items)?:
            languages = items.compactMap(\.stringValue)
            guard languages.count == items.count else { return .failure(Failure(message: "\"languages\" must hold strings", id: id)) }
        case .string(let list)?:
            languages = list.split(separator: ",").map { String($0).trimmingASCIIWhitespace() }
        default:
            return .failure(Failure(message: "the line has no \"languages\" (an array such as [\"fr-CA\", \"en\"])", id: id))
        }
        var mode: LocalizationMode?
        if let text = root["mode"]?.stringValue {
            guard let parsed = LocalizationMode(rawValue: text) else {
                return .failure(Failure(message: "\"mode\" must be device or server, not \"\(text)\"", id: id))
            }
            mode = parsed
        }
        return .success(
            LocalizationRequest(payload: NotificationPayload(document: payload, file: "line \(lineNumber)"), preferredLanguages: languages, mode: mode, id: id))
    }
}

extension LocalizedPayload {
    /// The batch output line for this result.
    public func batchLine(lineNumber: Int, id: JSON?) -> JSON {
        var members: [(String, JSON)] = [("line", .number(lineNumber))]
        if let id { members.append(("id", id)) }
        members += [
            ("mode", .string(mode.rawValue)),
            ("preferredLanguages", .array(preferredLanguages.map { .string($0) })),
            ("localization", .string(localization)),
            ("byteCount", .number(byteCount)),
        ]
        if exceedsLimit { members.append(("error", .string("the localized payload is \(byteCount) bytes, over APNs' limit of \(NotificationPayload.maximumByteCount)"))) }
        members.append(("payload", payload))
        if !diagnostics.isEmpty {
            members.append(("diagnostics", .array(diagnostics.map { .object([("id", .string($0.id.rawValue)), ("severity", .string($0.severity.rawValue)), ("message", .string($0.message))]) })))
        }
        return .object(members)
    }
}

extension LocalizationRequest.Failure {
    public func batchLine(lineNumber: Int) -> JSON {
        var members: [(String, JSON)] = [("line", .number(lineNumber))]
        if let id { members.append(("id", id)) }
        members.append(("error", .string(message)))
        return .object(members)
    }
}

extension AlertRenderer {
    /// Answers one batch line: the localized payload, or an error line. Never throws, so that
    /// a stream of requests goes on whatever one line holds.
    public func localize(
        batchLine line: [UInt8], lineNumber: Int, mode: LocalizationMode = .server, device: DeviceKind = .iphone, payloadOnly: Bool = false,
        filter: DiagnosticFilter = DiagnosticFilter()
    ) -> JSON {
        switch LocalizationRequest.parse(line: line, lineNumber: lineNumber) {
        case .success(let request):
            var result = localize(request.payload, preferredLanguages: request.preferredLanguages, mode: request.mode ?? mode, device: device)
            result.diagnostics = filter.apply(result.diagnostics)
            return payloadOnly ? result.payload : result.batchLine(lineNumber: lineNumber, id: request.id)
        case .failure(let failure):
            return failure.batchLine(lineNumber: lineNumber)
        }
    }
}
