/// Diagnostic IDs for reading push payloads.
extension DiagnosticID {
    public static let payloadNotAnObject = DiagnosticID(
        "payload.not-an-object", .error, .payloads,
        rationale: "A payload is a JSON object.",
        example: "[1, 2]")
    public static let payloadMissingAPS = DiagnosticID(
        "payload.missing-aps", .error, .payloads,
        rationale: "Without aps the device shows nothing.",
        example: "{\"alert\": \"hi\"}")
    public static let payloadTypeMismatch = DiagnosticID(
        "payload.type-mismatch", .error, .payloads,
        rationale: "A value of the wrong type counts as absent on the device.",
        example: "\"badge\": \"3\"")
    public static let payloadUnknownAPSKey = DiagnosticID(
        "payload.unknown-aps-key", .warning, .payloads,
        rationale: "Unknown aps keys are ignored; custom data belongs beside aps.",
        example: "\"aps\": {\"userId\": 7}")
    public static let payloadLocArgumentType = DiagnosticID(
        "payload.loc-arg-type", .warning, .payloads,
        rationale: "Numbers print as NSNumber does (integers as written, others as %0.16g) and booleans as 1/0, never formatted for the user's language.",
        example: "\"loc-args\": [3, 2.5, true]")
    public static let payloadLocArgumentsWithoutKey = DiagnosticID(
        "payload.loc-args-without-key", .warning, .payloads,
        rationale: "*-loc-args are used only with a *-loc-key.",
        example: "loc-args without loc-key")
    public static let payloadValueOutOfRange = DiagnosticID(
        "payload.value-out-of-range", .warning, .payloads,
        rationale: "Out-of-range values are clamped or ignored.",
        example: "\"relevance-score\": 2")
    public static let payloadEmptyAlert = DiagnosticID(
        "payload.empty-alert", .warning, .payloads,
        rationale: "An empty alert string shows nothing.",
        example: "\"alert\": \"\"")
    public static let payloadSimulatorTarget = DiagnosticID(
        "payload.simulator-target", .note, .payloads,
        rationale: "Xcode's .apns key, not sent by APNs.",
        example: "\"Simulator Target Bundle\"")
    public static let payloadDeprecatedKey = DiagnosticID(
        "payload.deprecated-key", .note, .payloads,
        rationale: "Keys with no visible effect on current iOS.",
        example: "\"action-loc-key\"")
    public static let payloadTooLarge = DiagnosticID(
        "payload.too-large", .error, .payloads,
        rationale: "APNs rejects payloads over 4,096 bytes (413).",
        example: "a 5 KB payload")
    public static let payloadTooManyArguments = DiagnosticID(
        "payload.too-many-arguments", .error, .payloads,
        rationale: "More than 1,000 loc-args cannot be meant (a 4 KB payload holds about as many empty ones); the rest are not read.",
        example: "\"loc-args\": [1,500 values]")
    public static let payloadCoercedValue = DiagnosticID(
        "payload.coerced-value", .warning, .payloads,
        rationale: "The device reads a value of another type or form by converting it, which the sender may not expect.",
        example: "\"badge\": 2.5 shows 2; \"content-available\": \"0\" counts as 1")
    public static let payloadIgnoredKey = DiagnosticID(
        "payload.ignored-key", .warning, .payloads,
        rationale: "A key the device reads past: its value is never used.",
        example: "title-loc-key beside a Live Activity's title object")
    public static let payloadUnprintableArgument = DiagnosticID(
        "payload.loc-arg-unprintable", .error, .payloads,
        rationale: "null, objects and arrays in loc-args print as nothing: the text has a hole where the value should be.",
        example: "\"loc-args\": [null]")
}
