extension DiagnosticID {
    /// `android.unmodelled-folder` (note). Strings in a folder with qualifiers other than a
    /// locale (`values-night`, `values-v21`, `values-land`) apply only to devices in that state;
    /// the rendering leaves them out.
    public static let androidUnmodelledFolder = DiagnosticID(
        "android.unmodelled-folder", .note, .files,
        rationale:
            "Strings in a folder with qualifiers other than a locale (night mode, orientation, API level) apply only to devices in that state; the Android rendering leaves them out.",
        example: "res/values-night/strings.xml with a title string", isAboutWholeFile: true)
}

/// An app's string resources: the `values*` folders of its `res/` directory (and of its
/// libraries, when given), each with the strings of its XML files.
public struct AndroidAppResources: Sendable {
    /// One `values*` folder.
    public struct Folder: Sendable {
        /// The folder name (`values-fr-rCA`).
        public var name: String
        /// Its qualifiers.
        public var qualifiers: AndroidResourceFolder
        /// Its files, read.
        public var files: [AndroidStringsFile]

        /// A folder read elsewhere (from an archive, or files in memory).
        public init(name: String, qualifiers: AndroidResourceFolder, files: [AndroidStringsFile]) {
            self.name = name
            self.qualifiers = qualifiers
            self.files = files
        }
    }

    /// The folders, in name order.
    public var folders: [Folder] {
        didSet {
            index = Index(folders)
            resolutions = Resolutions()
        }
    }
    /// What rendering looks up for every message, made once.
    private var index: Index
    /// The locale choices rendering has made, kept: every message sent to the same languages
    /// makes the same ones.
    private var resolutions = Resolutions()
    /// Problems found while reading (per file, and about folders this model ignores).
    public var diagnostics: [LocalizationDiagnostic] = []

    /// Resources from folders already read.
    public init(folders: [Folder]) {
        self.folders = folders
        index = Index(folders)
        diagnostics = folders.flatMap { $0.files.flatMap(\.diagnostics) }
        for folder in folders where !folder.qualifiers.otherQualifiers.isEmpty {
            for file in folder.files where !file.strings.isEmpty {
                diagnostics.append(
                    LocalizationDiagnostic(
                        .androidUnmodelledFolder, at: SourceLocation(file: file.file, line: 1, column: 1),
                        "\(folder.name) holds strings for devices in a given state (\(folder.qualifiers.otherQualifiers.joined(separator: ", "))): left out of the rendering"
                    ))
            }
        }
    }

    /// Reads every `values*/*.xml` of a `res/` directory; only failing to list it or to read
    /// a file throws (the first such file in folder order).
    public init(resourceDirectory path: String, limits: ReadingLimits = .default) throws(FileReadError) {
        var listed: [(name: String, qualifiers: AndroidResourceFolder, paths: [String])] = []
        for name in try FileSystem.contentsOfDirectory(path) {
            guard let qualifiers = AndroidResourceFolder(name: name), qualifiers.type == "values" else { continue }
            let folderPath = FileSystem.join(path, name)
            guard FileSystem.kind(of: folderPath) == .directory else { continue }
            let paths = try FileSystem.contentsOfDirectory(folderPath).filter { $0.hasSuffix(".xml") }.map { FileSystem.join(folderPath, $0) }
            listed.append((name, qualifiers, paths))
        }
        // The files are read on every core, as an iOS app's tables are; the model is the same
        // as reading them one after another.
        var read = ParallelWork.map(listed.flatMap(\.paths)) { path -> Result<AndroidStringsFile, FileReadError> in
            do throws(FileReadError) {
                return .success(try AndroidStringsFile(contentsOfFile: path, limits: limits))
            } catch {
                return .failure(error)
            }
        }[...]
        var folders: [Folder] = []
        for folder in listed {
            var files: [AndroidStringsFile] = []
            for _ in folder.paths { files.append(try read.removeFirst().get()) }
            folders.append(Folder(name: folder.name, qualifiers: folder.qualifiers, files: files))
        }
        self.init(folders: folders)
    }

    /// The locales of the folders (BCP 47), what `AssetManager.getNonSystemLocales` lists.
    public var locales: [String] { index.locales }
    /// ``locales`` parsed.
    var parsedLocales: [AndroidLocale] { index.parsedLocales }

    /// Whether any folder defines the string (`getIdentifier` is not 0).
    public func defines(string name: String) -> Bool { index.names.contains(name) }

    /// The folders' locales and strings by name, so that a rendering looks each up once
    /// instead of walking every folder.
    private struct Index: Sendable {
        /// A folder that takes part in locale resolution.
        struct ResolvingFolder: Sendable {
            var name: String
            var locale: AndroidLocale?
            var config: NativeConfig
        }

        /// A string as one folder that takes part in locale resolution defines it: which
        /// ``folders`` entry, and its value.
        struct Definition: Sendable {
            var folder: Int
            var value: AndroidResourceValue
        }

        var locales: [String] = []
        /// ``locales`` parsed.
        var parsedLocales: [AndroidLocale] = []
        /// The folders whose only qualifier is a locale, since night mode, orientation, screen
        /// and version folders are not modelled.
        var folders: [ResolvingFolder] = []
        /// Names any folder defines.
        var names: Set<String> = []
        /// By name: its definitions, in folder order (each folder with the first of its files
        /// that defines the string), and which ``groups`` entry lists their configurations.
        /// Most strings are defined by the same folders, so a device's choice among them is
        /// made once per group.
        var entries: [String: (definitions: [Definition], group: Int)] = [:]
        /// The definitions' folder configurations, one list per distinct set of folders.
        var groups: [[NativeConfig]] = []

        init(_ appFolders: [Folder]) {
            var seen: Set<String> = []
            locales = appFolders.compactMap { $0.qualifiers.locale?.languageTag }.filter { seen.insert($0).inserted }
            parsedLocales = locales.compactMap { AndroidLocale(languageTag: $0) }
            // Every folder defines mostly the same names: the table is sized once, and each
            // (folder, string) pair costs one lookup in it.
            var definitions: [String: [Definition]] = [:]
            definitions.reserveCapacity(appFolders.lazy.flatMap(\.files).map(\.strings.count).max() ?? 0)
            for folder in appFolders {
                guard folder.qualifiers.otherQualifiers.isEmpty else {
                    for file in folder.files { names.formUnion(file.strings.names) }
                    continue
                }
                let index = folders.count
                folders.append(ResolvingFolder(name: folder.name, locale: folder.qualifiers.locale, config: folderConfig(folder.qualifiers.locale)))
                for file in folder.files {
                    for position in file.strings.indices {
                        Self.add(
                            Definition(folder: index, value: file.strings.value(at: position)),
                            to: &definitions[file.strings.name(at: position), default: []])
                    }
                }
            }
            names.formUnion(definitions.keys)
            var groupOfFolders: [[Int]: Int] = [:]
            entries.reserveCapacity(definitions.count)
            for (name, list) in definitions {
                let folderIndexes = list.map(\.folder)
                if let group = groupOfFolders[folderIndexes] {
                    entries[name] = (list, group)
                } else {
                    groupOfFolders[folderIndexes] = groups.count
                    entries[name] = (list, groups.count)
                    groups.append(folderIndexes.map { folders[$0].config })
                }
            }
        }

        /// Adds `definition` unless an earlier file of its folder defined the string: folders
        /// are indexed in order, so that one is the last definition.
        private static func add(_ definition: Definition, to list: inout [Definition]) {
            if list.last?.folder != definition.folder { list.append(definition) }
        }
    }

    /// Choices made for devices, bounded like every cache of the library.
    private final class Resolutions: Sendable {
        /// By device locale list: the resource locale the Java layer chooses and its language.
        let resourceLocales = BoundedCache<[String], (tag: String?, languageCode: String)>(limit: 1_024)
        /// By resource locale and definition group: the definition libandroidfw picks.
        let choices = BoundedCache<Choice, Int?>(limit: 8_192)

        struct Choice: Hashable, Sendable {
            var tag: String
            var group: Int
        }
    }

    /// The locale the app's resources resolve for on a device with `deviceLocales` (the Java
    /// layer, over the folders' locales), and its language code.
    func resourceLocale(deviceLocales: [String]) -> (tag: String?, languageCode: String) {
        resolutions.resourceLocales.value(for: deviceLocales) {
            let tag = AndroidLocaleResolution.resourceLocale(deviceLocales: deviceLocales, parsedAppLocales: parsedLocales)
            return (tag, tag.flatMap { AndroidLocale(languageTag: $0)?.language } ?? "")
        }
    }

    /// The value of string `name` for a device locale (already chosen by the Java layer):
    /// among the folders that define it, the one libandroidfw picks; references followed.
    /// Nil when no matching folder defines it.
    public func string(named name: String, forResourceLocale tag: String?) -> (text: String, folder: String)? {
        var name = name
        for _ in 0..<16 {
            guard let (candidates, group) = index.entries[name] else { return nil }
            let folders = index.folders
            let chosen: Int?
            if let tag {
                // The same folders, hence the same choice, for every name of the group.
                chosen = resolutions.choices.value(for: .init(tag: tag, group: group)) {
                    guard let device = AndroidLocaleResolution.nativeLocale(forLanguageTag: tag) else {
                        return candidates.firstIndex { folders[$0.folder].locale == nil }
                    }
                    return AndroidLocaleResolution.bestMatch(for: device, amongConfigs: index.groups[group])
                }
            } else {
                chosen = candidates.firstIndex { folders[$0.folder].locale == nil }
            }
            guard let chosen else { return nil }
            switch candidates[chosen].value {
            case .text(let text): return (text, folders[candidates[chosen].folder].name)
            case .reference(let type, let target):
                guard type == "string" else { return nil }
                name = target
            }
        }
        return nil
    }
}

/// What an Android phone shows for an FCM message.
public struct AndroidRendering: Sendable, Hashable {
    /// How the notification ends up.
    public enum Outcome: Sendable, Hashable {
        /// A notification is shown.
        case shown
        /// Getting or formatting a localized string throws an exception Firebase does not
        /// catch (named here: `IllegalFormatConversionException`, `Resources.NotFoundException`):
        /// the app crashes and nothing is shown.
        case crash(exception: String)
        /// A data-only message: Firebase shows nothing by itself.
        case notDisplayed
    }

    public var outcome: Outcome
    /// The title shown (the app's name when the message gives none); nil unless shown.
    public var title: String?
    /// The body shown; nil when there is none.
    public var body: String?
    /// The device locale the app's resources resolve for.
    public var resourceLocale: String?
    /// The folders the localized title and body came from (`values-fr`).
    public var titleFolder: String?
    public var bodyFolder: String?
    /// Findings about this rendering.
    public var diagnostics: [LocalizationDiagnostic]
}

/// Renders FCM messages the way Firebase's Android SDK and Android do (firebase-android-sdk
/// `NotificationParams.getPossiblyLocalizedString` and `CommonNotificationBuilder`):
///
/// - a non-empty title or body is shown as it is, whatever the loc key;
/// - otherwise the loc key names a string resource; one no folder defines (`getIdentifier` 0)
///   leaves the field empty;
/// - with loc args, the string is `Resources.getString(id, args)`: `String.format` with the
///   resolved locale and String arguments. `MissingFormatArgumentException` is caught (the field
///   is empty); any other exception crashes the app;
/// - without loc args the string is shown as it is, specifiers included;
/// - an empty title shows the app's name; an empty body shows no text.
public enum AndroidRenderer {
    /// Renders `message` for a phone whose locales are `deviceLocales` (BCP 47, in order),
    /// against `resources`; `appLocales` are the whole APK's locales when libraries add some
    /// (the folders' own locales otherwise). `appName` is the app's label.
    public static func render(
        _ message: FCMMessage, deviceLocales: [String], resources: AndroidAppResources, appName: String, appLocales: [String]? = nil
    ) -> AndroidRendering {
        var diagnostics = message.diagnostics
        guard let notification = message.android else {
            return AndroidRendering(outcome: .notDisplayed, resourceLocale: nil, diagnostics: diagnostics)
        }
        let (locale, languageCode) =
            appLocales.map {
                let tag = AndroidLocaleResolution.resourceLocale(deviceLocales: deviceLocales, appLocales: $0)
                return (tag, tag.flatMap { AndroidLocale(languageTag: $0)?.language } ?? "")
            } ?? resources.resourceLocale(deviceLocales: deviceLocales)
        let start = SourceLocation(file: message.file, line: 1, column: 1)

        enum Field {
            case text(String?, folder: String?)
            case crash(String)
        }
        func resolve(_ label: String, raw: FCMMessage.Field?, rawIsCommon: Bool, key: FCMMessage.Field?, args: [String]?) -> Field {
            if let raw, !raw.value.isEmpty {
                if let key, !key.value.isEmpty {
                    diagnostics.append(
                        LocalizationDiagnostic(
                            .androidRawFieldHidesLocKey, at: key.location ?? start,
                            "the \(rawIsCommon ? "common notification's " : "")\(label) \"\(raw.value)\" is shown; \(label)_loc_key \"\(key.value)\" is ignored",
                            hint: rawIsCommon
                                ? "remove message.notification.\(label), or set android.notification.\(label) to \"\"" : "remove \(label)"))
                }
                return .text(raw.value, folder: nil)
            }
            guard let key, !key.value.isEmpty else { return .text(nil, folder: nil) }
            // A string that has a value is defined: whether it is, is asked only when it has none.
            guard let (text, folder) = resources.string(named: key.value, forResourceLocale: locale) else {
                guard resources.defines(string: key.value) else {
                    diagnostics.append(
                        LocalizationDiagnostic(.androidMissingLocKey, at: key.location ?? start, "no values folder defines string \"\(key.value)\""))
                    return .text(nil, folder: nil)
                }
                // Defined only in folders that do not match: getString throws, uncaught.
                diagnostics.append(
                    LocalizationDiagnostic(
                        .androidMissingLocKey, at: key.location ?? start,
                        "string \"\(key.value)\" has no value for \(locale ?? "the device"): Resources.NotFoundException crashes the app",
                        hint: "add it to values/"))
                return .crash("Resources.NotFoundException")
            }
            guard let args else { return .text(text, folder: folder) }
            switch JavaFormatter.format(text, args, languageCode: languageCode) {
            case .success(let formatted):
                return .text(formatted, folder: folder)
            case .failure(let error) where error.isMissingArgument:
                diagnostics.append(
                    LocalizationDiagnostic(
                        .androidMissingFormatArgument, at: key.location ?? start,
                        "\"\(key.value)\" in \(folder) needs more than the \(args.count) \(label)_loc_args given (\(error.specifier))"))
                return .text(nil, folder: folder)
            case .failure(let error):
                diagnostics.append(
                    LocalizationDiagnostic(
                        .androidFormatCrash, at: key.location ?? start,
                        "\"\(key.value)\" in \(folder) throws \(error.name) for \(error.specifier) with String args: the app crashes",
                        hint: error.name == "OutOfMemoryError" ? "use a width a notification can show" : "loc args are Strings: use %s or %1$s"))
                return .crash(error.name)
            }
        }

        let title = resolve(
            "title", raw: notification.title, rawIsCommon: notification.titleIsCommon, key: notification.titleLocKey, args: notification.titleLocArgs)
        let body = resolve(
            "body", raw: notification.body, rawIsCommon: notification.bodyIsCommon, key: notification.bodyLocKey, args: notification.bodyLocArgs)
        var rendering = AndroidRendering(outcome: .shown, resourceLocale: locale, diagnostics: [])
        // Firebase builds the title first: a crash there ends everything.
        if case .crash(let error) = title {
            rendering.outcome = .crash(exception: error)
            rendering.diagnostics = diagnostics
            return rendering
        }
        if case .crash(let error) = body {
            rendering.outcome = .crash(exception: error)
            rendering.diagnostics = diagnostics
            return rendering
        }
        // Where a shown field came from: its raw text when that is not empty, else its loc key.
        func source(_ raw: FCMMessage.Field?, _ key: FCMMessage.Field?) -> SourceLocation? {
            raw.flatMap { $0.value.isEmpty ? nil : $0.location } ?? key?.location
        }
        func cut(_ text: String?, _ label: String, at location: SourceLocation?) -> String? {
            guard let text, !text.isEmpty else { return nil }
            guard let (kept, length) = Self.keptText(text) else { return text }
            diagnostics.append(
                LocalizationDiagnostic(
                    .androidTextCut, at: location ?? start,
                    "the \(label) is \(length) UTF-16 code units long: the phone keeps the first \(Self.maximumTextLength)",
                    hint: "shorten the \(label); a notification shows a few lines of it"))
            return kept
        }
        if case .text(let text, let folder) = title {
            rendering.title = cut(text, "title", at: source(notification.title, notification.titleLocKey))
            rendering.titleFolder = folder
        }
        if rendering.title == nil {
            rendering.title = appName
            rendering.titleFolder = nil
            diagnostics.append(
                LocalizationDiagnostic(.androidAppNameTitle, at: notification.title?.location ?? start, "no title: the phone shows the app's name"))
        }
        if case .text(let text, let folder) = body {
            rendering.body = cut(text, "body", at: source(notification.body, notification.bodyLocKey))
            rendering.bodyFolder = rendering.body == nil ? nil : folder
        }
        rendering.diagnostics = diagnostics
        return rendering
    }

    /// How much of a title or body a notification keeps, in UTF-16 code units: the
    /// `MAX_CHARSEQUENCE_LENGTH` of AndroidX `NotificationCompat.Builder` and of
    /// `android.app.Notification.Builder`, both of which cut longer text to it.
    public static let maximumTextLength = 5_120

    /// The part of `text` a notification keeps and the text's length, or nil when it is kept
    /// whole. Java cuts between UTF-16 code units: a surrogate pair cut in two leaves its first
    /// half, which a Swift String cannot hold and which shows here as U+FFFD.
    static func keptText(_ text: String) -> (kept: String, length: Int)? {
        // At most one UTF-16 code unit per UTF-8 byte: short text needs no count.
        guard text.utf8.count > maximumTextLength else { return nil }
        let units = text.utf16
        let length = units.count
        guard length > maximumTextLength else { return nil }
        return (String(decoding: units.prefix(maximumTextLength), as: UTF16.self), length)
    }
}
