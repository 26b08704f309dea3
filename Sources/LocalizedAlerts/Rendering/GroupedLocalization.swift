/// Recipients who get the same localized payload: one APNs request body for all of them.
public struct LocalizedPayloadGroup<Recipient: Sendable>: Sendable {
    /// What every recipient in the group gets: the same ``LocalizedPayload/payload`` (or, when it
    /// may not be sent, the same ``LocalizedPayload/error``). Its ``LocalizedPayload/preferredLanguages``
    /// are the first recipient's.
    public var result: LocalizedPayload
    /// The recipients, in the order given.
    public var recipients: [Recipient]
}

extension AlertRenderer {
    /// Localizes one payload for many recipients and groups them by what they would be sent.
    ///
    /// Recipients whose languages give the same text from the same localization, with the same
    /// fallbacks, share a group, so a provider serializes each body once and sends it to every
    /// device token in the group, and what the group reports is true of each of them. Recipients whose result may not
    /// be sent are grouped by localization and error (check ``LocalizedPayload/isSendable``):
    ///
    /// ```swift
    /// let groups = renderer.localize(payload, for: users, preferredLanguages: \.preferredLanguages, fallback: .developmentRegion)
    /// for group in groups {
    ///     guard group.result.isSendable, let body = group.result.payload?.serialized() else {
    ///         logger.error("not sent to \(group.recipients.count) users: \(group.result.error ?? "")")
    ///         continue
    ///     }
    ///     for user in group.recipients { try await apns.send(body, to: user.deviceToken) }
    /// }
    /// ```
    ///
    /// Each distinct list of preferred languages is localized once; the rest is the same as
    /// ``localize(_:preferredLanguages:mode:device:fallback:keepKeys:detail:)`` for each recipient.
    /// - Parameters:
    ///   - payload: The payload with `*-loc-key` and `*-loc-args`.
    ///   - recipients: Whoever the payload goes to (users, device tokens, registrations).
    ///   - preferredLanguages: A recipient's preferred languages, best first (the device's
    ///     `Locale.preferredLanguages`, stored when it registered).
    ///   - mode: As in ``localize(_:preferredLanguages:mode:device:fallback:keepKeys:detail:)``.
    ///   - device: As there.
    ///   - fallback: As there: with ``KeyFallback/fail``, recipients whose localization lacks a key get no payload.
    ///   - keepKeys: As there.
    /// - Returns: The groups, in the order their first recipient came.
    public func localize<Recipients: Sequence>(
        _ payload: NotificationPayload, for recipients: Recipients, preferredLanguages: (Recipients.Element) throws -> [String],
        mode: LocalizationMode = .server, device: DeviceKind = .iphone, fallback: KeyFallback = .fail, keepKeys: Bool = false
    ) rethrows -> [LocalizedPayloadGroup<Recipients.Element>] where Recipients.Element: Sendable {
        var groups: [LocalizedPayloadGroup<Recipients.Element>] = []
        var groupOfLanguages: [[String]: Int] = [:]
        var groupOfResult: [ResultKey: Int] = [:]
        for recipient in recipients {
            let languages = try preferredLanguages(recipient)
            if let index = groupOfLanguages[languages] {
                groups[index].recipients.append(recipient)
                continue
            }
            let result = localize(payload, preferredLanguages: languages, mode: mode, device: device, fallback: fallback, keepKeys: keepKeys)
            let key = ResultKey(result)
            let index: Int
            if let existing = groupOfResult[key] {
                index = existing
                groups[index].recipients.append(recipient)
            } else {
                index = groups.count
                groupOfResult[key] = index
                groups.append(LocalizedPayloadGroup(result: result, recipients: [recipient]))
            }
            // Bounded by the distinct language lists, which a user base repeats heavily.
            groupOfLanguages[languages] = index
        }
        return groups
    }
}

/// What makes two results the same for a provider: the body sent, and what the group reports
/// of it (the localization chosen and every fallback taken), so that a group's result is true
/// of each of its recipients; for a result that may not be sent, its localization and error.
/// Two languages whose texts happen to be equal (a Danish table empty but for the English
/// fallback, a German one left in English) are two groups with one body each.
private enum ResultKey: Hashable {
    case body([UInt8], localization: String?, fallbacks: [LocalizedPayload.Fallback])
    case unsendable(localization: String?, error: String)

    init(_ result: LocalizedPayload) {
        if result.isSendable, let bytes = result.payloadBytes {
            self = .body(bytes, localization: result.localization, fallbacks: result.fallbacks)
        } else {
            self = .unsendable(localization: result.localization, error: result.error ?? "")
        }
    }
}
