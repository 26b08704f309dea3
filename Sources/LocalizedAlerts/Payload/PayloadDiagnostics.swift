/// Diagnostic IDs for reading push payloads.
extension DiagnosticID {
    public static let payloadNotAnObject: DiagnosticID = "payload.not-an-object"
    public static let payloadMissingAPS: DiagnosticID = "payload.missing-aps"
    public static let payloadTypeMismatch: DiagnosticID = "payload.type-mismatch"
    public static let payloadUnknownAPSKey: DiagnosticID = "payload.unknown-aps-key"
    public static let payloadLocArgumentType: DiagnosticID = "payload.loc-arg-type"
    public static let payloadLocArgumentsWithoutKey: DiagnosticID = "payload.loc-args-without-key"
    public static let payloadValueOutOfRange: DiagnosticID = "payload.value-out-of-range"
    public static let payloadEmptyAlert: DiagnosticID = "payload.empty-alert"
    public static let payloadSimulatorTarget: DiagnosticID = "payload.simulator-target"
    public static let payloadDeprecatedKey: DiagnosticID = "payload.deprecated-key"
    public static let payloadTooLarge: DiagnosticID = "payload.too-large"
    public static let payloadTooManyArguments: DiagnosticID = "payload.too-many-arguments"
}
