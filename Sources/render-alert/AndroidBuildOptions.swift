import ArgumentParser
import LocalizedAlerts

/// How the Android app is built, shared by preview and lint: what happens to its resources
/// between strings.xml and the phone.
struct AndroidBuildOptions: ParsableArguments {
    @Option(
        name: .customLong("android-build"),
        help:
            "How the Android app's resources are compiled: gradle (the Android Gradle Plugin's aapt2 compile --legacy: a non-positional format is a warning) or aapt2 (plain aapt2: it fails the build)."
    )
    var compiler: AndroidBuildSettings.Compiler = .gradle

    @Option(
        name: .customLong("library-locales"),
        help: ArgumentHelp(
            "Locales the app's libraries add to the APK (AndroidX, Material, Play services), which Android's choice of locale sees: a comma-separated list (ja,ko,zh-TW), or a built .apk, .aab or folder of split APKs whose locales to take.",
            valueName: "list|app"))
    var libraryLocales: String?

    /// Whether any was given: they go with `--res` only, and are refused without it rather
    /// than ignored.
    var isGiven: Bool { compiler != .gradle || libraryLocales != nil }

    /// The settings, with the locales checked (a built app's read).
    func settings() throws -> AndroidBuildSettings {
        var locales: [String] = []
        if let libraryLocales {
            if AndroidArchive.isBuiltApp(libraryLocales) {
                locales = try AndroidArchive.read(libraryLocales).locales
            } else if !libraryLocales.isEmpty {
                // An empty list is a list: a script that lists a build's locales may find none.
                locales = try LanguageList.parse(libraryLocales, option: "--library-locales")
            }
        }
        return AndroidBuildSettings(compiler: compiler, libraryLocales: locales)
    }
}

extension AndroidBuildSettings.Compiler: ExpressibleByArgument {}
