@_spi(Presentation) import LocalizedAlerts

extension LocalizedPayload {
    /// The batch output line for this result (and one element of `localize`'s JSON): whether it
    /// may be sent, and the payload, or the error that explains why there is none.
    public func batchLine(lineNumber: Int, id: LocatedJSON?) -> LocatedJSON {
        answer(lineNumber: lineNumber, id: id)
    }

    /// The answer to one request standing alone (an HTTP request): a batch line without its
    /// line number.
    public func answer(id: LocatedJSON?) -> LocatedJSON { answer(lineNumber: nil, id: id) }

    private func answer(lineNumber: Int?, id: LocatedJSON?) -> LocatedJSON {
        Self.withPayload(answerMembers(lineNumber: lineNumber, id: id), payload)
    }

    /// `--payload-only` in a batch: the payload with the line's number and id, or the error.
    public func payloadOnlyLine(lineNumber: Int, id: LocatedJSON?) -> LocatedJSON {
        Self.withPayload(payloadOnlyMembers(lineNumber: lineNumber, id: id), payload)
    }

    /// The answer's members, the payload's place (when it has one) holding null.
    private func answerMembers(lineNumber: Int?, id: LocatedJSON?) -> (members: [(String, LocatedJSON)], payloadIndex: Int?) {
        var members: [(String, LocatedJSON)] = lineNumber.map { [("line", .number($0))] } ?? []
        if let id { members.append(("id", id)) }
        members += [
            ("mode", .string(mode.rawValue)),
            ("preferredLanguages", .array(preferredLanguages.map { .string($0) })),
            ("localization", .string(localization)),
            ("byteCount", .number(byteCount)),
            ("sendable", .bool(isSendable)),
        ]
        if let error { members.append(("error", .string(error))) }
        let payloadIndex = members.count
        members.append(("payload", .null))
        if !fallbacks.isEmpty { members.append(("fallbacks", .array(fallbacks.map(Self.json)))) }
        if !diagnostics.isEmpty {
            members.append(("diagnostics", .array(diagnostics.map(DiagnosticJSON.make))))
        }
        return (members, payloadBytes == nil ? nil : payloadIndex)
    }

    private func payloadOnlyMembers(lineNumber: Int, id: LocatedJSON?) -> (members: [(String, LocatedJSON)], payloadIndex: Int?) {
        var members: [(String, LocatedJSON)] = [("line", .number(lineNumber))]
        if let id { members.append(("id", id)) }
        if let error {
            members.append(("error", .string(error)))
        } else if payloadBytes != nil {
            members.append(("payload", .null))
            return (members, members.count - 1)
        }
        return (members, nil)
    }

    private static func withPayload(_ answer: (members: [(String, LocatedJSON)], payloadIndex: Int?), _ payload: @autoclosure () -> LocatedJSON?)
        -> LocatedJSON
    {
        var members = answer.members
        if let index = answer.payloadIndex, let payload = payload() { members[index].1 = payload }
        return .object(members)
    }

    /// What the batch and the service write for this result (``batchLine(lineNumber:id:)``,
    /// ``answer(id:)`` or ``payloadOnlyLine(lineNumber:id:)`` as the commands write them): a
    /// payload written from the request's text goes in as those bytes, not written again.
    func outputBytes(lineNumber: Int?, id: LocatedJSON?, payloadOnly: Bool) -> [UInt8] {
        let answer =
            payloadOnly ? payloadOnlyMembers(lineNumber: lineNumber ?? 0, id: id) : answerMembers(lineNumber: lineNumber, id: id)
        guard let index = answer.payloadIndex, let written = payloadBytesAsWritten else {
            return Self.withPayload(answer, payload).outputBytes()
        }
        return LocatedJSON.outputBytes(serialized: LocatedJSON.serializedObject(answer.members, writtenAt: index, written))
    }

    /// One element of `localize --strings --channel`'s JSON: this result's text as the
    /// channel's request, or why there is none. Findings are located in `file`.
    public func channelLine(_ channel: PushChannel, lineNumber: Int, file: String?) -> LocatedJSON {
        let request = channelRequest(channel)
        let findings = request?.diagnostics(at: { _ in SourceLocation(file: file, line: 1, column: 1) }, language: localization) ?? []
        let error = refusal ?? findings.first?.message
        var members: [(String, LocatedJSON)] = [
            ("line", .number(lineNumber)),
            ("platform", .string("apple")),
            ("channel", .string(channel.rawValue)),
            ("mode", .string(mode.rawValue)),
            ("preferredLanguages", .array(preferredLanguages.map { .string($0) })),
            ("localization", .string(localization)),
            ("sendable", .bool(error == nil)),
        ]
        if let error { members.append(("error", .string(error))) }
        members.append(("message", error == nil ? request?.body ?? .null : .null))
        if !fallbacks.isEmpty { members.append(("fallbacks", .array(fallbacks.map(Self.json)))) }
        let all = diagnostics + findings
        if !all.isEmpty { members.append(("diagnostics", .array(all.map(DiagnosticJSON.make)))) }
        return .object(members)
    }

    static func json(_ fallback: Fallback) -> LocatedJSON {
        var members: [(String, LocatedJSON)] = [("field", .string(fallback.field.rawValue)), ("key", .string(fallback.key))]
        switch fallback.outcome {
        case .showsKey: members.append(("outcome", .string("shows-key")))
        case .showsPayloadText: members.append(("outcome", .string("shows-payload-text")))
        case .developmentRegion(let localization):
            members += [("outcome", .string("development-region")), ("localization", .string(localization))]
        }
        return .object(members)
    }
}

extension LocalizationRequest.Failure {
    /// The batch output line for a line that is not a request: its line number, its `"id"` when it had one,
    /// and the error.
    public func batchLine(lineNumber: Int, payloadOnly: Bool = false) -> LocatedJSON {
        var members: [(String, LocatedJSON)] = [("line", .number(lineNumber))]
        if let id { members.append(("id", id)) }
        if !payloadOnly { members.append(("sendable", .bool(false))) }
        members.append(("error", .string(message)))
        return .object(members)
    }
}

extension AlertRenderer {
    /// Answers one batch line: the localized payload, or an error line. Never throws, so that
    /// a stream of requests goes on whatever one line holds.
    /// Whether the line gave a payload that may be sent.
    public func localize(
        batchLine line: [UInt8], lineNumber: Int, mode: LocalizationMode = .server, device: DeviceKind = .iphone,
        fallback: KeyFallback = .fail, keepKeys: Bool = false, payloadOnly: Bool = false, filter: DiagnosticFilter = DiagnosticFilter()
    ) -> (line: LocatedJSON, sendable: Bool) {
        let answer = localizeLine(
            line, lineNumber: lineNumber, mode: mode, device: device, fallback: fallback, keepKeys: keepKeys, payloadOnly: payloadOnly, filter: filter
        )
        return (answer.output, answer.sendable)
    }

    /// The same, as the batch and the service write it.
    func localizeLine(
        _ line: [UInt8], lineNumber: Int, mode: LocalizationMode, device: DeviceKind, fallback: KeyFallback, keepKeys: Bool, payloadOnly: Bool,
        filter: DiagnosticFilter
    ) -> ProviderLocalizer.Answer {
        switch LocalizationRequest.parse(line: line, lineNumber: lineNumber) {
        case .success(let request):
            var result = localize(
                request.payload, preferredLanguages: request.preferredLanguages, mode: request.mode ?? mode, device: request.device ?? device,
                fallback: request.fallback ?? fallback, keepKeys: keepKeys)
            result.diagnostics = filter.apply(result.diagnostics)
            return ProviderLocalizer.Answer(result, lineNumber: lineNumber, id: request.id, payloadOnly: payloadOnly)
        case .failure(let failure):
            return ProviderLocalizer.Answer(
                output: failure.batchLine(lineNumber: lineNumber, payloadOnly: payloadOnly), sendable: false, platform: "apple")
        }
    }
}

extension LocalizedFCMMessage {
    /// The batch output line for this result (and one element of `localize --res`'s JSON):
    /// whether it may be sent, and the message, or the error that explains why there is none.
    public func batchLine(lineNumber: Int, id: LocatedJSON?) -> LocatedJSON { answer(lineNumber: lineNumber, id: id) }

    /// The answer to one request standing alone (an HTTP request).
    public func answer(id: LocatedJSON?) -> LocatedJSON { answer(lineNumber: nil, id: id) }

    private func answer(lineNumber: Int?, id: LocatedJSON?) -> LocatedJSON {
        var members: [(String, LocatedJSON)] = lineNumber.map { [("line", .number($0))] } ?? []
        if let id { members.append(("id", id)) }
        members += [
            ("platform", .string("android")),
            ("channel", .string(channel.rawValue)),
            ("mode", .string(mode.rawValue)),
            ("preferredLanguages", .array(preferredLanguages.map { .string($0) })),
            ("resourceLocale", .string(resourceLocale)),
            ("sendable", .bool(isSendable)),
        ]
        if let error { members.append(("error", .string(error))) }
        members.append(("message", message ?? LocatedJSON(.null)))
        if !diagnostics.isEmpty { members.append(("diagnostics", .array(diagnostics.map(DiagnosticJSON.make)))) }
        return .object(members)
    }

    /// `--payload-only` in a batch: the message with the line's number and id, or the error.
    public func messageOnlyLine(lineNumber: Int, id: LocatedJSON?) -> LocatedJSON {
        var members: [(String, LocatedJSON)] = [("line", .number(lineNumber))]
        if let id { members.append(("id", id)) }
        if let error {
            members.append(("error", .string(error)))
        } else if let message {
            members.append(("message", message))
        }
        return .object(members)
    }
}

/// Answers a provider's requests for both phones: a line or body with `"payload"` is an APNs
/// payload, localized with the iOS app's tables; one with `"message"` an FCM message, with the
/// Android app's resources. The command line's `localize --batch` and the HTTP service both
/// answer through it.
public struct ProviderLocalizer: Sendable {
    /// The iOS app's renderer; nil when only an Android app is served.
    public var apple: AlertRenderer?
    /// The Android app's renderer; nil when only an iOS app is served.
    public var android: AndroidAlertRenderer?

    /// A localizer for either app or both.
    public init(apple: AlertRenderer?, android: AndroidAlertRenderer?) {
        self.apple = apple
        self.android = android
    }

    /// How a request was answered: its output and whether it gave something to send, and
    /// what an APNs answer fell back to (for the service's metrics).
    public struct Answer: Sendable {
        /// The answer (a batch line, or an HTTP body).
        public var output: LocatedJSON {
            switch body {
            case .json(let json): json
            case .localized(let result, let lineNumber, let id, let payloadOnly):
                payloadOnly
                    ? result.payloadOnlyLine(lineNumber: lineNumber ?? 0, id: id)
                    : lineNumber.map { result.batchLine(lineNumber: $0, id: id) } ?? result.answer(id: id)
            }
        }
        public var sendable: Bool
        public var fallbacks: [LocalizedPayload.Fallback] = []
        public var platform: String?
        private let body: Body

        /// An answer kept as the result it comes from until it is written: a payload written
        /// from the request's text goes into the answer as those bytes.
        private enum Body: Sendable {
            case json(LocatedJSON)
            case localized(LocalizedPayload, lineNumber: Int?, id: LocatedJSON?, payloadOnly: Bool)
        }

        init(output: LocatedJSON, sendable: Bool, fallbacks: [LocalizedPayload.Fallback] = [], platform: String? = nil) {
            body = .json(output)
            self.sendable = sendable
            self.fallbacks = fallbacks
            self.platform = platform
        }

        init(_ result: LocalizedPayload, lineNumber: Int?, id: LocatedJSON?, payloadOnly: Bool, fallbacks: [LocalizedPayload.Fallback] = []) {
            body = .localized(result, lineNumber: lineNumber, id: id, payloadOnly: payloadOnly)
            sendable = result.isSendable
            self.fallbacks = fallbacks
            platform = "apple"
        }

        /// ``output`` as the commands and the service write it (compact, with DEL and C1
        /// controls escaped and a line feed at the end), without writing a payload twice.
        public func outputBytes() -> [UInt8] {
            switch body {
            case .json(let json): json.outputBytes()
            case .localized(let result, let lineNumber, let id, let payloadOnly):
                result.outputBytes(lineNumber: lineNumber, id: id, payloadOnly: payloadOnly)
            }
        }
    }

    /// Answers one NDJSON line (never throws: a stream goes on whatever a line holds).
    public func localize(
        batchLine line: [UInt8], lineNumber: Int, mode: LocalizationMode = .server, device: DeviceKind = .iphone, fallback: KeyFallback = .fail,
        keepKeys: Bool = false, payloadOnly: Bool = false, filter: DiagnosticFilter = DiagnosticFilter()
    ) -> Answer {
        answer(
            line, file: "line \(lineNumber)", noun: "line", lineNumber: lineNumber, mode: mode, device: device, fallback: fallback,
            keepKeys: keepKeys,
            payloadOnly: payloadOnly, filter: filter)
    }

    /// Answers one request standing alone (an HTTP body): a batch line's answer without its
    /// number; `failure` is set when the body is not a request.
    public func localize(request bytes: [UInt8], mode: LocalizationMode = .server) -> (answer: Answer, failure: LocalizationRequest.Failure?) {
        let document = Self.mayBeFCMRequest(bytes) ? LocatedJSON.parse(bytes, file: "request") : nil
        if let document, let root = document.root, FCMLocalizationRequest.isFCMRequest(root) {
            switch FCMLocalizationRequest.parse(root, bytes: bytes, file: "request", noun: "request", readingDiagnostics: document.diagnostics) {
            case .failure(let failure): return (Answer(output: .null, sendable: false), failure)
            case .success(let request):
                guard android != nil else { return (Answer(output: .null, sendable: false), .init(message: Self.noAndroidApp, id: request.id)) }
                return (fcm(request, lineNumber: nil, mode: mode, payloadOnly: false, filter: DiagnosticFilter()), nil)
            }
        }
        switch LocalizationRequest.parse(request: bytes) {
        case .failure(let failure): return (Answer(output: .null, sendable: false), failure)
        case .success(let request):
            guard let apple else {
                return (Answer(output: .null, sendable: false), .init(message: Self.noAppleApp, id: request.id))
            }
            let result = apple.localize(
                request.payload, preferredLanguages: request.preferredLanguages, mode: request.mode ?? mode, device: request.device ?? .iphone,
                fallback: request.fallback ?? .fail)
            return (Answer(result, lineNumber: nil, id: request.id, payloadOnly: false, fallbacks: result.fallbacks), nil)
        }
    }

    /// Whether the bytes hold `"message"` at all: an APNs request (most of a provider's) is
    /// then read once, by its own reader, rather than parsed first to be told apart.
    static func mayBeFCMRequest(_ bytes: [UInt8]) -> Bool {
        let needle = Array(#""message""#.utf8)
        guard bytes.count >= needle.count else { return false }
        var start = bytes.startIndex
        while let quote = bytes[start...].firstIndex(of: UInt8(ascii: "\"")), quote + needle.count <= bytes.endIndex {
            if bytes[quote..<(quote + needle.count)].elementsEqual(needle) { return true }
            start = quote + 1
        }
        return false
    }

    static let noAppleApp = "an APNs payload is localized with the iOS app's tables, and none is loaded (give --strings)"
    static let noAndroidApp = "an FCM message is localized with the Android app's resources, and none is loaded (give --res)"

    private func answer(
        _ bytes: [UInt8], file: String, noun: String, lineNumber: Int, mode: LocalizationMode, device: DeviceKind, fallback: KeyFallback,
        keepKeys: Bool, payloadOnly: Bool, filter: DiagnosticFilter
    ) -> Answer {
        // A line with "message" is an FCM request; anything else is read as an APNs one (whose
        // parse says what is wrong with a line that is neither).
        let document = Self.mayBeFCMRequest(bytes) ? LocatedJSON.parse(bytes, file: file) : nil
        if let document, let root = document.root, FCMLocalizationRequest.isFCMRequest(root) {
            switch FCMLocalizationRequest.parse(root, bytes: bytes, file: file, noun: noun, readingDiagnostics: document.diagnostics) {
            case .failure(let failure):
                return Answer(output: failure.batchLine(lineNumber: lineNumber, payloadOnly: payloadOnly), sendable: false)
            case .success(let request):
                return fcm(request, lineNumber: lineNumber, mode: mode, payloadOnly: payloadOnly, filter: filter)
            }
        }
        guard let apple else {
            let id = (document ?? LocatedJSON.parse(bytes, file: file)).root?["id"]
            return Answer(
                output: LocalizationRequest.Failure(message: Self.noAppleApp, id: id).batchLine(lineNumber: lineNumber, payloadOnly: payloadOnly),
                sendable: false)
        }
        return apple.localizeLine(
            bytes, lineNumber: lineNumber, mode: mode, device: device, fallback: fallback, keepKeys: keepKeys, payloadOnly: payloadOnly,
            filter: filter)
    }

    private func fcm(_ request: FCMLocalizationRequest, lineNumber: Int?, mode: LocalizationMode, payloadOnly: Bool, filter: DiagnosticFilter)
        -> Answer
    {
        guard let android else {
            let failure = LocalizationRequest.Failure(message: Self.noAndroidApp, id: request.id)
            return Answer(output: lineNumber.map { failure.batchLine(lineNumber: $0, payloadOnly: payloadOnly) } ?? .null, sendable: false)
        }
        var result = android.localize(
            request.message, preferredLanguages: request.preferredLanguages, mode: request.mode ?? mode, quantities: request.quantities,
            channel: request.channel)
        result.diagnostics = filter.apply(result.diagnostics)
        let output: LocatedJSON =
            if let lineNumber {
                payloadOnly
                    ? result.messageOnlyLine(lineNumber: lineNumber, id: request.id) : result.batchLine(lineNumber: lineNumber, id: request.id)
            } else {
                result.answer(id: request.id)
            }
        return Answer(output: output, sendable: result.isSendable, platform: "android")
    }
}
