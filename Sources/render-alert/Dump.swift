import ArgumentParser
import LocalizedAlerts
import LocalizedAlertsReports

struct Dump: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Reads table files and prints their entries, effective values and diagnostics.",
        discussion: """
            Reads every table format by its extension: .strings (text in UTF-8/16/32, compiled \
            XML or binary property lists), .stringsdict (XML or binary) and .xcstrings (String \
            Catalogs, listed per language). Any other extension is read as a .strings table. \
            The JSON form has one object per file. For .strings: file, format, \
            readableOnDevice, table (key → effective value on a device), entries (every entry \
            in file order, duplicates included) and diagnostics. For .stringsdict and \
            .xcstrings: file, format, readable, listings (one per language of a catalog; each \
            entry with its key, location, what a push shows, and its value: text, a format key \
            with its variables and their cases, or variants per device or width) and \
            diagnostics.
            """
    )

    @Argument(help: "Table files to read.", completion: .file(extensions: ["strings", "stringsdict", "xcstrings"]))
    var files: [String]

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @OptionGroup var findingOptions: FindingOptions

    mutating func run() throws {
        let filter = try findingOptions.filter()
        let dumps = try files.map { file in try readingInput("cannot read the table", file: file) { try FileDump(file, filter: filter) } }
        switch format {
        case .json: try Output.standardOutput.write(LocatedJSON.array(dumps.map(\.json)).outputText(pretty: true))
        case .text: try Output.standardOutput.write(dumps.map(\.text).joined())
        }
        if dumps.contains(where: { $0.diagnostics.containsErrors }) {
            throw ExitCode(1)
        }
    }
}

/// One file read by the reader its extension names.
private struct FileDump {
    var diagnostics: [LocalizationDiagnostic]
    var text: String
    var json: LocatedJSON

    init(_ file: String, filter: DiagnosticFilter) throws {
        if file.hasSuffix(".stringsdict") {
            let dictionary = try StringsDictionary(contentsOfFile: file)
            let listings = [ValueListing(dictionary)]
            diagnostics = filter.apply(dictionary.diagnostics)
            text = ValueListingText.render(listings, diagnostics: diagnostics)
            json = ValueListingJSON.make(file: file, format: "stringsdict", listings: listings, diagnostics: diagnostics)
        } else if file.hasSuffix(".xcstrings") {
            let catalog = try StringCatalog(contentsOfFile: file)
            let listings = ValueListing.languages(of: catalog)
            diagnostics = filter.apply(catalog.diagnostics)
            text = ValueListingText.render(listings, diagnostics: diagnostics)
            json = ValueListingJSON.make(file: file, format: "String Catalog", listings: listings, diagnostics: diagnostics)
        } else {
            let table = try LocalizationTable(contentsOfFile: file)
            diagnostics = filter.apply(table.diagnostics)
            text = TableText.render(table, diagnostics: diagnostics)
            json = TableJSON.make(table, diagnostics: diagnostics)
        }
    }
}
