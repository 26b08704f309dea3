import ArgumentParser
import LocalizedAlerts
import LocalizedAlertsReports

struct Match: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Shows which localizations a device searches, for given preferred languages.",
        discussion: """
            Follows Apple's matcher (ualoc_localizationsToUse) and CFBundle's search list: the \
            preferred languages, else the development region, else en_US, else the first \
            localization; then the development region appended.

            Examples:
              render-alert match --preferred zh-HK --available en,zh-Hans,zh-Hant
              render-alert match --preferred fr-CA,en --available Resources/strings --format json
            """
    )

    @Option(help: "The device's preferred languages, best first, comma-separated (fr-CA,en).")
    var preferred: String

    @Option(help: "The app's localizations, comma-separated, or a directory holding .lproj folders.", completion: .directory)
    var available: String

    @Option(help: "The development region (default: the directory's Info.plist, else none).")
    var developmentRegion: String?

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    mutating func run() throws {
        let bundle = try BundleInput.localizations(from: available, developmentRegion: developmentRegion)
        let matcher = LocalizationMatcher()
        let preferredLanguages = try LanguageList.parse(preferred, option: "--preferred")
        let result = matcher.searchList(preferredLanguages: preferredLanguages, bundle: bundle)
        switch format {
        case .json:
            let json = LocatedJSON.object([
                ("schemaVersion", .number(1)),
                ("preferredLanguages", .array(preferredLanguages.map { .string($0) })),
                ("localizations", .array(bundle.names.map { .string($0) })),
                ("developmentRegion", .string(bundle.developmentRegion)),
                ("searchList", .array(result.localizations.map { .string($0) })),
                ("source", .string(result.source.rawValue)),
                ("explanation", .string(result.explanation)),
            ])
            try Output.standardOutput.write(json.outputText(pretty: true))
        case .text:
            // The explanation's own line breaks are kept; anything else unprintable is shown.
            let explanation = result.explanation.split(separator: "\n", omittingEmptySubsequences: false).map { printable(String($0)) }
            try Output.standardOutput.write(
                "Search list: \(printable(result.localizations.joined(separator: ", ")))\n\n\(explanation.joined(separator: "\n"))\n")
        }
    }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

enum BundleInput {
    /// `--available`: a directory of .lproj folders, or a comma-separated list.
    static func localizations(from argument: String, developmentRegion: String?) throws -> BundleLocalizations {
        if FileStatus.isDirectory(argument) {
            let app = try readingInput("cannot read the app") { try AppLocalizations(directory: argument) }
            return BundleLocalizations(
                declared: app.declaredLocalizations, folders: app.localizations.map(\.name),
                developmentRegion: developmentRegion ?? app.developmentRegion)
        }
        let names = argument.split(separator: ",").map { String($0).trimmingSpaces() }
        return BundleLocalizations(declared: names, folders: [], developmentRegion: developmentRegion)
    }
}

extension String {
    func trimmingSpaces() -> String {
        var slice = Substring(self)
        while slice.first == " " { slice.removeFirst() }
        while slice.last == " " { slice.removeLast() }
        return String(slice)
    }
}

/// A device's preferred languages as written on the command line (`--language fr-CA,en`), read
/// by ``PreferredLanguages``' rule; a value that is not one (`fr;en`, an empty item) is a usage
/// error (exit 2), since it would match no localization and silently preview the development
/// region.
enum LanguageList {
    static func parse(_ argument: String, option: String) throws -> [String] {
        switch PreferredLanguages.parse(argument, naming: option) {
        case .success(let languages): return languages
        // The value is shown as typed, its control characters made visible.
        case .failure(let failure): throw ValidationError(printable(failure.message))
        }
    }
}
