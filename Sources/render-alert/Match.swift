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

            With --res (an Android app's res/ folder, or its built .apk or .aab) it shows an \
            Android phone's choice instead: the locale the Java layer resolves the device's \
            locales to among the app's (LocaleList's first match), and the values folders \
            libandroidfw then reads a string from, best first.

            Examples:
              render-alert match --preferred zh-HK --available en,zh-Hans,zh-Hant
              render-alert match --preferred fr-CA,en --available Resources/strings --format json
              render-alert match --preferred es-MX,en --res app/src/main/res
            """
    )

    @Option(help: "The device's preferred languages, best first, comma-separated (fr-CA,en).")
    var preferred: String

    @Option(help: "The app's localizations, comma-separated, or a directory holding .lproj folders.", completion: .directory)
    var available: String?

    @Option(
        help:
            "An Android app's res/ directory (repeatable: the app's first, then its libraries'), or its built .apk or .aab: an Android phone's choice.",
        completion: .directory)
    var res: [String] = []

    @OptionGroup(title: "Android build") var androidBuild: AndroidBuildOptions

    @Option(help: "The development region (default: the directory's Info.plist, else none).")
    var developmentRegion: String?

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    mutating func validate() throws {
        if available == nil && res.isEmpty { throw ValidationError("give the app's localizations with --available, or an Android app with --res") }
        if available != nil && !res.isEmpty { throw ValidationError("give either --available (an iOS app) or --res (an Android app), not both") }
        if res.isEmpty && androidBuild.isGiven { throw ValidationError("--android-build and --library-locales go with --res") }
        if !res.isEmpty && developmentRegion != nil {
            throw ValidationError("--development-region is an iOS app's; an Android app's default is values/")
        }
    }

    mutating func run() throws {
        guard let available else { return try runAndroid() }
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
            // The explanation's own line breaks are kept; anything else unprintable is shown. Its
            // closing search list is the first line here already.
            let explanation = result.explanation.split(separator: "\n", omittingEmptySubsequences: false).map { printable(String($0)) }
                .filter { !$0.hasPrefix("Search list: ") }
            try Output.standardOutput.write(
                "Search list: \(printable(result.localizations.joined(separator: ", ")))\n\n\(explanation.joined(separator: "\n"))\n")
        }
    }
}

extension Match {
    /// An Android phone's choice: the resolved locale, then the folders in order.
    func runAndroid() throws {
        let resources = try AndroidArchive.resources(res, build: try androidBuild.settings())
        let preferredLanguages = try LanguageList.parse(preferred, option: "--preferred")
        let (resourceLocale, folders) = resources.searchOrder(deviceLocales: preferredLanguages)
        // A folder the phone never reads is part of the answer (values-he on a Hebrew phone).
        let unread = resources.diagnostics.filter { $0.id == .androidUnreadLocaleFolder }.map(\.message)
        let why =
            resourceLocale.map {
                "Android's Java layer resolves the device's locales to \($0): \(preferredLanguages.count > 1 ? "the first of them one of the app's locales supports (LocaleList.getFirstMatch; English counts as supported)" : "the device's only locale")."
            } ?? "None of the device's locales has a folder: every string comes from values/."
        switch format {
        case .json:
            let json = LocatedJSON.object([
                ("schemaVersion", .number(1)),
                ("platform", .string("android")),
                ("preferredLanguages", .array(preferredLanguages.map { .string($0) })),
                ("appLocales", .array(resources.locales.map { .string($0) })),
                ("resourceLocale", .string(resourceLocale)),
                ("searchList", .array(folders.map { .string($0) })),
                ("explanation", .string(why)),
                ("unreadFolders", .array(unread.map { .string($0) })),
            ])
            try Output.standardOutput.write(json.outputText(pretty: true))
        case .text:
            try Output.standardOutput.write(
                """
                Search list: \(printable(folders.joined(separator: ", ")))

                The app's locales: \(printable(resources.locales.joined(separator: ", ")))
                \(printable(why))
                libandroidfw then reads each string from the first of these folders that defines it (its locale's parents in CLDR's tree, then values/).

                """ + unread.map { "Note: \(printable($0))\n" }.joined())
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
        // The names a device would match: language IDs, by the same rule as --preferred, so that
        // `x;y` is refused rather than matched as nothing.
        let names = try LanguageList.parse(argument, option: "--available")
        if let developmentRegion { _ = try LanguageList.parse(developmentRegion, option: "--development-region") }
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
