/// The version of LocalizedAlerts, shown by `render-alert --version` and written into reports.
public enum LocalizedAlertsVersion {
    /// The version, in semantic-versioning form.
    public static let current = "0.1.0"
}
