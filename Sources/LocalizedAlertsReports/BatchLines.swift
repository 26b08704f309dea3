@_spi(Presentation) import LocalizedAlerts

extension LocalizedPayload {
    /// The batch output line for this result (and one element of `localize`'s JSON).
    public func batchLine(lineNumber: Int, id: LocatedJSON?) -> LocatedJSON {
        var members: [(String, LocatedJSON)] = [("line", .number(lineNumber))]
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
            members.append(("diagnostics", .array(diagnostics.map(DiagnosticJSON.make))))
        }
        return .object(members)
    }
}

extension LocalizationRequest.Failure {
    /// The batch output line for a line that is not a request: its line number, its `"id"` when it had one,
    /// and the error.
    public func batchLine(lineNumber: Int) -> LocatedJSON {
        var members: [(String, LocatedJSON)] = [("line", .number(lineNumber))]
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
    ) -> LocatedJSON {
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
