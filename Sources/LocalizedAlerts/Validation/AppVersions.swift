/// Builds of one app still in the field, each labelled by its version (`5.2`, `5.3`): which of
/// them lack a key the server sends. A user on a build without the key sees the key itself.
public struct AppVersions: Sendable {
    /// One build: its version label and its tables.
    public struct Version: Sendable {
        /// The version as the user writes it (`5.2`).
        public var label: String
        /// The build's tables, resolved.
        package var model: LocalizationModel

        /// A labelled build of `app`.
        public init(label: String, app: AppLocalizations) {
            self.init(label: label, model: LocalizationModel(app))
        }

        /// A labelled build whose tables are already resolved.
        package init(label: String, model: LocalizationModel) {
            self.label = label
            self.model = model
        }
    }

    /// The builds, in the order given.
    public var versions: [Version]

    /// These builds.
    public init(_ versions: [Version]) {
        self.versions = versions
    }

    /// For each key a payload sends, every build in which some localization lacks it: users of
    /// those languages on that build see the key. `since` gives a key's first version (from a
    /// manifest): builds before it are not asked, since the server does not send it to them.
    public func missingKeys(in payloads: [NotificationPayload], since: [String: String] = [:]) -> [LocalizationDiagnostic] {
        var found: [LocalizationDiagnostic] = []
        var reported: Set<String> = []
        let renderers = versions.map { AlertRenderer(model: $0.model) }
        for payload in payloads {
            guard let alert = payload.aps.alert else { continue }
            for (name, field) in alert.fields {
                guard let key = field.locKey, reported.insert("\(name.rawValue)\u{0}\(key)").inserted else { continue }
                let location = field.location ?? payload.startLocation
                for (version, renderer) in zip(versions, renderers) {
                    if let first = since[key], Self.precedes(version.label, first) { continue }
                    let localizations = version.model.app.localizations.map(\.name).filter { $0 != "Base" }.sorted()
                    let lacking = localizations.filter { renderer.context(preferredLanguages: [$0]).table?.entry(key) == nil }
                    guard !lacking.isEmpty else { continue }
                    let scope =
                        lacking.count == localizations.count
                        ? "all \(localizations.count) localizations"
                        : "\(lacking.count) of \(localizations.count) localizations: \(lacking.prefix(8).joined(separator: ", "))\(lacking.count > 8 ? ", …" : "")"
                    found.append(
                        LocalizationDiagnostic(
                            .keyMissingInVersion, at: location,
                            "\(name.keys.locKey) \"\(key)\" is missing in \(version.label) (\(scope)): users on \(version.label) see the key",
                            hint: "add the key to \(version.label)'s tables, or send it only to builds that have it (\"since\" in the manifest)"))
                }
            }
        }
        return found
    }

    /// Whether version `a` comes before `b`, comparing dot-separated numbers (`5.10` after `5.9`);
    /// parts that are not numbers compare as text.
    public static func precedes(_ a: String, _ b: String) -> Bool {
        let left = a.split(separator: ".")
        let right = b.split(separator: ".")
        for index in 0..<max(left.count, right.count) {
            let x = index < left.count ? left[index] : "0"
            let y = index < right.count ? right[index] : "0"
            if let m = Int(x), let n = Int(y) {
                if m != n { return m < n }
            } else if x != y {
                return x < y
            }
        }
        return false
    }
}

extension DiagnosticID {
    /// `payload.key-missing-in-version` (error). A key the server sends that a build still in the
    /// field lacks shows as the key itself to that build's users.
    public static let keyMissingInVersion = DiagnosticID(
        "payload.key-missing-in-version", .error, .payloads,
        rationale: "A key the server sends that a build still in the field lacks shows as the key itself to that build's users.",
        example: "loc-key \"NEW_KEY\" with --app 5.2=… whose tables lack it")
}
