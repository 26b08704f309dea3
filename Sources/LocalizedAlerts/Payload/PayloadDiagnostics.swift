/// Diagnostic IDs for reading push payloads.
extension DiagnosticID {
    /// `payload.not-an-object` (error). A payload is a JSON object.
    public static let payloadNotAnObject = DiagnosticID(
        "payload.not-an-object", .error, .payloads,
        rationale: "A payload is a JSON object.",
        example: "[1, 2]")
    /// `payload.missing-aps` (error). Without aps the device shows nothing.
    public static let payloadMissingAPS = DiagnosticID(
        "payload.missing-aps", .error, .payloads,
        rationale: "Without aps the device shows nothing.",
        example: "{\"alert\": \"hi\"}")
    /// `payload.type-mismatch` (error). A value of the wrong type counts as absent on the device.
    public static let payloadTypeMismatch = DiagnosticID(
        "payload.type-mismatch", .error, .payloads,
        rationale: "A value of the wrong type counts as absent on the device.",
        example: "\"badge\": \"3\"")
    /// `payload.unknown-aps-key` (warning). Unknown aps keys are ignored; custom data belongs beside aps.
    public static let payloadUnknownAPSKey = DiagnosticID(
        "payload.unknown-aps-key", .warning, .payloads,
        rationale: "Unknown aps keys are ignored; custom data belongs beside aps.",
        example: "\"aps\": {\"userId\": 7}")
    /// `payload.loc-arg-type` (warning). Numbers print as NSNumber does (integers as written, others as
    /// `%0.16g`) and booleans as 1/0, never formatted for the user's language.
    public static let payloadLocArgumentType = DiagnosticID(
        "payload.loc-arg-type", .warning, .payloads,
        rationale:
            "Numbers print as NSNumber does (integers as written, others as %0.16g) and booleans as 1/0, never formatted for the user's language.",
        example: "\"loc-args\": [3, 2.5, true]")
    /// `payload.loc-args-without-key` (warning). `*-loc-args` are used only with a `*-loc-key`.
    public static let payloadLocArgumentsWithoutKey = DiagnosticID(
        "payload.loc-args-without-key", .warning, .payloads,
        rationale: "*-loc-args are used only with a *-loc-key.",
        example: "loc-args without loc-key")
    /// `payload.value-out-of-range` (warning). Out-of-range values are clamped or ignored.
    public static let payloadValueOutOfRange = DiagnosticID(
        "payload.value-out-of-range", .warning, .payloads,
        rationale: "Out-of-range values are clamped or ignored.",
        example: "\"relevance-score\": 2")
    /// `payload.empty-alert` (warning). An empty alert string shows nothing.
    public static let payloadEmptyAlert = DiagnosticID(
        "payload.empty-alert", .warning, .payloads,
        rationale: "An empty alert string shows nothing.",
        example: "\"alert\": \"\"")
    /// `payload.simulator-target` (note). Xcode's .apns key, not sent by APNs.
    public static let payloadSimulatorTarget = DiagnosticID(
        "payload.simulator-target", .note, .payloads,
        rationale: "Xcode's .apns key, not sent by APNs.",
        example: "\"Simulator Target Bundle\"")
    /// `payload.deprecated-key` (note). Keys with no visible effect on current iOS.
    public static let payloadDeprecatedKey = DiagnosticID(
        "payload.deprecated-key", .note, .payloads,
        rationale: "Keys with no visible effect on current iOS.",
        example: "\"action-loc-key\"")
    /// `payload.too-large` (error). APNs rejects payloads over 4,096 bytes (413).
    public static let payloadTooLarge = DiagnosticID(
        "payload.too-large", .error, .payloads,
        rationale: "APNs rejects payloads over 4,096 bytes (413).",
        example: "a 5 KB payload")
    /// `payload.too-many-arguments` (error). More than 1,000 loc-args cannot be meant (a 4 KB payload holds
    /// about as many empty ones); the rest are not read.
    public static let payloadTooManyArguments = DiagnosticID(
        "payload.too-many-arguments", .error, .payloads,
        rationale: "More than 1,000 loc-args cannot be meant (a 4 KB payload holds about as many empty ones); the rest are not read.",
        example: "\"loc-args\": [1,500 values]")
    /// `payload.coerced-value` (warning). The device reads a value of another type or form by converting it,
    /// which the sender may not expect.
    public static let payloadCoercedValue = DiagnosticID(
        "payload.coerced-value", .warning, .payloads,
        rationale: "The device reads a value of another type or form by converting it, which the sender may not expect.",
        example: "\"badge\": 2.5 shows 2; \"content-available\": \"0\" counts as 1")
    /// `payload.ignored-key` (warning). A key the device reads past: its value is never used.
    public static let payloadIgnoredKey = DiagnosticID(
        "payload.ignored-key", .warning, .payloads,
        rationale: "A key the device reads past: its value is never used.",
        example: "title-loc-key beside a Live Activity's title object")
    /// `payload.loc-arg-unprintable` (error). `null`, objects and arrays in loc-args print as nothing: the
    /// text has a hole where the value should be.
    public static let payloadUnprintableArgument = DiagnosticID(
        "payload.loc-arg-unprintable", .error, .payloads,
        rationale: "null, objects and arrays in loc-args print as nothing: the text has a hole where the value should be.",
        example: "\"loc-args\": [null]")
}
