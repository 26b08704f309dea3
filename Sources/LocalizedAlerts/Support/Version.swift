/// The version of LocalizedAlerts, shown by `render-alert --version` and written into reports.
public enum LocalizedAlertsVersion {
    /// The version, in semantic-versioning form.
    public static let current = "0.1.0"
    /// Where the project is published: SwiftPM's package URL, the GitHub Action's and
    /// pre-commit's `owner/name`, and the base of the SARIF report's rule help links.
    public static let repository = "https://github.com/localizedalerts/LocalizedAlerts"
}
