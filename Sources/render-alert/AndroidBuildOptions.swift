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
        help:
            "Locales the app's libraries add to the APK (AndroidX, Material, Play services), comma-separated: Android's choice of locale sees them. `aapt2 dump configurations app.apk` lists the built app's."
    )
    var libraryLocales: String?

    /// The settings, with the locales checked.
    func settings() throws -> AndroidBuildSettings {
        // An empty list is a list: a script that reads a built app's configurations may find none.
        let locales = try libraryLocales.map { $0.isEmpty ? [] : try LanguageList.parse($0, option: "--library-locales") } ?? []
        return AndroidBuildSettings(compiler: compiler, libraryLocales: locales)
    }
}

extension AndroidBuildSettings.Compiler: ExpressibleByArgument {}
