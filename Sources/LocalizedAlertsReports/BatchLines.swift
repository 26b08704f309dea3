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
        members.append(("payload", payload ?? LocatedJSON(.null)))
        if !fallbacks.isEmpty { members.append(("fallbacks", .array(fallbacks.map(Self.json)))) }
        if !diagnostics.isEmpty {
            members.append(("diagnostics", .array(diagnostics.map(DiagnosticJSON.make))))
        }
        return .object(members)
    }

    /// `--payload-only` in a batch: the payload with the line's number and id, or the error.
    public func payloadOnlyLine(lineNumber: Int, id: LocatedJSON?) -> LocatedJSON {
        var members: [(String, LocatedJSON)] = [("line", .number(lineNumber))]
        if let id { members.append(("id", id)) }
        if let error {
            members.append(("error", .string(error)))
        } else if let payload {
            members.append(("payload", payload))
        }
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
        switch LocalizationRequest.parse(line: line, lineNumber: lineNumber) {
        case .success(let request):
            var result = localize(
                request.payload, preferredLanguages: request.preferredLanguages, mode: request.mode ?? mode, device: request.device ?? device,
                fallback: request.fallback ?? fallback, keepKeys: keepKeys)
            result.diagnostics = filter.apply(result.diagnostics)
            let output =
                payloadOnly
                ? result.payloadOnlyLine(lineNumber: lineNumber, id: request.id) : result.batchLine(lineNumber: lineNumber, id: request.id)
            return (output, result.isSendable)
        case .failure(let failure):
            return (failure.batchLine(lineNumber: lineNumber, payloadOnly: payloadOnly), false)
        }
    }
}
