/// The Android apps among the `res` folders a lint found, grouped as a Gradle build links them:
/// each application module's `src/main/res` first, then every library module's found beside it.
/// Which libraries an app depends on is not read from the build files: every library module of
/// the tree is linked into every app (a library no app uses is still checked).
package struct AndroidModules: Sendable {
    /// One linked app: the folders, the app's own first.
    package struct App: Sendable, Hashable {
        /// The `res` folders linked as one app, its own first, then its libraries'.
        package var resourceDirectories: [String]
        /// Whether the FCM messages are rendered against it: an app's main resources, not a
        /// build type's or flavour's overlay (linked with them for its own findings).
        package var rendersMessages: Bool
    }

    /// How a module's build file applies the Android plugin.
    enum Kind {
        case application, library, unknown
    }

    /// `folders` grouped into apps: a module's `src/<set>/res`, the `main` set's rendered and
    /// the others (debug, flavours) linked over it; a folder outside that layout is an app of
    /// its own. Libraries alone (no application module found) are each their own app.
    package static func apps(linking folders: [String]) -> [App] {
        var modules: [String: [String: String]] = [:]
        var order: [String] = []
        for folder in folders {
            let (module, set) = moduleAndSet(of: folder)
            if modules[module] == nil { order.append(module) }
            modules[module, default: [:]][set] = folder
        }
        let kinds = Dictionary(uniqueKeysWithValues: order.map { ($0, kind(ofModule: $0)) })
        let libraries = order.filter { kinds[$0] == .library }.compactMap { modules[$0]?["main"] }
        let applications = order.filter { kinds[$0] != .library }
        var apps: [App] = []
        for module in applications.isEmpty ? order : applications {
            let sets = modules[module]!
            let linked = applications.isEmpty ? [] : libraries
            let main = sets["main"]
            if let main { apps.append(App(resourceDirectories: [main] + linked, rendersMessages: true)) }
            for (set, folder) in sets.sorted(by: { $0.key < $1.key }) where set != "main" {
                apps.append(App(resourceDirectories: [folder] + (main.map { [$0] } ?? []) + linked, rendersMessages: main == nil))
            }
        }
        return apps
    }

    /// `app/src/debug/res` → (`app`, `debug`); any other folder is a module of its own, `main`.
    static func moduleAndSet(of folder: String) -> (module: String, set: String) {
        let parts = folder.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[parts.count - 1] == "res", parts[parts.count - 3] == "src" else { return (folder, "main") }
        let module = parts.dropLast(3).joined(separator: "/")
        return (module.isEmpty ? "." : module, String(parts[parts.count - 2]))
    }

    /// What the module's `build.gradle` or `build.gradle.kts` applies: `com.android.library`
    /// (or a version catalog's `android.library` alias) makes a library.
    static func kind(ofModule module: String) -> Kind {
        for name in ["build.gradle.kts", "build.gradle"] {
            guard let bytes = try? FileSystem.readAll(FileSystem.join(module, name), maximumSize: 1 << 20) else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            if text.contains("android.library") { return .library }
            if text.contains("android.application") { return .application }
            return .unknown
        }
        return .unknown
    }
}
