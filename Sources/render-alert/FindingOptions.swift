import ArgumentParser
import LocalizedAlerts
import LocalizedAlertsReports

/// `--ignore`, shared by every command that reports findings, so that a rule left out of lint
/// is left out of preview, localize and dump the same way.
struct FindingOptions: ParsableArguments {
    @Option(
        name: .customLong("ignore"),
        help: "A rule ID to leave out of the findings (lint --list-rules lists them; renamed IDs still work). Repeatable.")
    var ignored: [String] = []

    func filter() throws -> DiagnosticFilter {
        do {
            return try DiagnosticFilter(ignoring: ignored)
        } catch {
            throw ValidationError("unknown rule \"\(printable(error.name))\" for --ignore (see render-alert lint --list-rules)")
        }
    }
}
