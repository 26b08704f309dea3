import ArgumentParser
import LocalizedAlerts
import LocalizedAlertsReports

struct Dump: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Reads table files and prints their entries, effective values and diagnostics.",
        discussion: """
            Reads .strings files (text in UTF-8/16/32, compiled XML or binary property lists). The \
            JSON form has one object per file: file, format, readableOnDevice, table (key → \
            effective value on a device), entries (every entry in file order, duplicates \
            included) and diagnostics.
            """
    )

    @Argument(help: "Table files to read.", completion: .file(extensions: ["strings"]))
    var files: [String]

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @OptionGroup var findingOptions: FindingOptions

    mutating func run() throws {
        let filter = try findingOptions.filter()
        let tables = try files.map { file in try readingInput("cannot read the table", file: file) { try LocalizationTable(contentsOfFile: file) } }
        let kept = tables.map { filter.apply($0.diagnostics) }
        switch format {
        case .json: try Output.standardOutput.write(LocatedJSON.array(zip(tables, kept).map(TableJSON.make)).outputText(pretty: true))
        case .text: try Output.standardOutput.write(zip(tables, kept).map(TableText.render).joined())
        }
        if kept.contains(where: \.containsErrors) {
            throw ExitCode(1)
        }
    }
}
