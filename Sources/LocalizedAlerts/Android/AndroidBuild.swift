extension DiagnosticID {
    /// `android.removed-without-default` (warning). A resource defined only in locale folders:
    /// `aapt2 link` removes it, so the built app does not have it.
    public static let androidRemovedWithoutDefault = DiagnosticID(
        "android.removed-without-default", .warning, .consistency,
        rationale:
            "aapt2 link removes a resource that has a value for a locale but none in the default folder (values/), warning \"removing resource … without required default value\": on the phone the name does not exist, so a message that names it shows its fallback.",
        example: "<string name=\"promo\"> in values-fr/strings.xml and nowhere in values/")
}

/// How the app is built: what happens to its resources between `strings.xml` and the phone.
///
/// The defaults are a Gradle build's: the Android Gradle Plugin compiles every values file
/// with `aapt2 compile --legacy` and links without `--no-resource-removal`.
public struct AndroidBuildSettings: Sendable, Hashable {
    /// The rules aapt2 compiles strings with.
    public enum Compiler: String, Sendable, Hashable, CaseIterable {
        /// The Android Gradle Plugin's `aapt2 compile --legacy`: a string with several
        /// arguments not all positional (`%s and %s`) is a warning, kept, and filled in order.
        case gradle
        /// Plain `aapt2 compile`: such a string fails the build (the string is left out).
        case aapt2
    }

    /// The compile rules.
    public var compiler: Compiler
    /// Locales the app's libraries add to the APK (AndroidX, Material and Play services ship
    /// `values-*` folders of their own): Android's choice of locale sees them, though the
    /// app's own strings lack them. `aapt2 dump configurations app.apk` lists them all.
    public var libraryLocales: [String]
    /// The app's package: a loc key written `package:string/name` names a string only in it.
    /// Nil when unknown: then any package is taken to be the app's (an assumption).
    public var packageName: String?
    /// The app's `minSdkVersion`: for `aapt2 link`, a value in a version-only folder
    /// (`values-v21`) at or below it stands in for a default. AGP always passes one; 1 is
    /// its value when the build sets none.
    public var minSdkVersion: Int

    public init(compiler: Compiler = .gradle, libraryLocales: [String] = [], packageName: String? = nil, minSdkVersion: Int = 1) {
        self.compiler = compiler
        self.libraryLocales = libraryLocales
        self.packageName = packageName
        self.minSdkVersion = minSdkVersion
    }
}

/// The files of a `res/` folder that is not a `values*` folder (`drawable-fr`, `raw-de`): each
/// file is one resource, named by the file's name up to its first dot.
public struct AndroidFileResourceFolder: Sendable, Hashable {
    /// The folder name (`drawable-fr-rCA`).
    public var name: String
    /// Its type (`drawable`) and qualifiers.
    public var qualifiers: AndroidResourceFolder
    /// Its files' names (`icon.xml`, `badge.9.png`).
    public var fileNames: [String]

    public init(name: String, qualifiers: AndroidResourceFolder, fileNames: [String]) {
        self.name = name
        self.qualifiers = qualifiers
        self.fileNames = fileNames
    }

    /// Its resources' names: each file's name up to its first dot (aapt2's
    /// `ExtractResourcePathData`).
    public var resourceNames: [String] { fileNames.map(Self.resourceName(ofFile:)) }

    static func resourceName(ofFile file: String) -> String { String(file.prefix { $0 != "." }) }
}

/// What `aapt2 link` makes of an app's folders, as far as the phone's strings go
/// (AOSP `tools/aapt2/link/NoDefaultResourceRemover.cpp`, `link/IdAssigner.cpp`,
/// `libs/androidfw/LoadedArsc.cpp` `CollectLocales`):
///
/// - a resource with a value in a locale-only configuration (`values-fr`, `drawable-de`) and
///   none in the default one is removed, unless a density-only configuration, or a
///   version-only one at or below `minSdkVersion`, holds a value (it stands in for the default);
/// - a configuration left with no value is not in the APK, so its locale is not in the app's
///   locale list; the list is every remaining configuration's locale, with Tagalog (`tl`)
///   given as Filipino (`fil`), as `AssetManager2::GetResourceLocales` canonicalizes it;
/// - resource IDs are given before removal: types in aapt2's order of resource types from
///   0x7f01 on, entries in byte order of their names.
struct AndroidLinkStep: Sendable {
    /// Resources removed for want of a default.
    var removed: Set<AndroidResourceName> = []
    /// The app's locale list (BCP 47, sorted as libandroidfw's set sorts them).
    var locales: [String] = []
    /// Every resource's ID, as aapt2 link assigns them.
    var identifiers: [UInt32: AndroidResourceName] = [:]
    /// ``identifiers`` the other way round (each initializer fills it in at its end).
    private var identifierOfResource: [AndroidResourceName: UInt32] = [:]

    /// The ID of `resource`, nil when the app has none.
    func identifier(of resource: AndroidResourceName) -> UInt32? { identifierOfResource[resource] }

    /// aapt2's resource types, in the order of its `ResourceType` enumeration, which is the
    /// order type IDs are given in (`styleable` gets none: it is not in the table).
    static let typeOrder = [
        "anim", "animator", "array", "attr", "^attr-private", "bool", "color", "configVarying", "dimen", "drawable", "font", "fraction",
        "id", "integer", "interpolator", "layout", "menu", "mipmap", "navigation", "plurals", "raw", "string", "style", "transition", "xml",
    ]

    /// The kinds of configuration a resource has values in.
    struct Kinds {
        var hasDefault = false
        var hasLocaleOnly = false
        var standsIn = false

        mutating func insert(_ kind: ConfigurationKind) {
            switch kind {
            case .defaultConfiguration: hasDefault = true
            case .localeOnly: hasLocaleOnly = true
            case .standsForDefault: standsIn = true
            case .other: break
            }
        }

        /// `NoDefaultResourceRemover`'s verdict.
        var isRemoved: Bool { !hasDefault && hasLocaleOnly && !standsIn }
    }

    /// A configuration's kind, for removal: `ConfigDescription::DefaultConfig().diff(config)`.
    enum ConfigurationKind {
        case defaultConfiguration
        case localeOnly
        /// Stands in for the default: density only, or version only at or below minSdkVersion.
        case standsForDefault
        case other
    }

    static func kind(of folder: AndroidResourceFolder, minSdkVersion: Int) -> ConfigurationKind {
        let others = folder.otherQualifiers
        if others.isEmpty { return folder.locale == nil ? .defaultConfiguration : .localeOnly }
        guard folder.locale == nil else { return .other }
        // aapt2 adds the version a qualifier needs (anydpi: v21), which then must be at or
        // below minSdkVersion too.
        let versions = others.compactMap(version(of:))
        let rest = others.filter { version(of: $0) == nil }
        let impliedVersion = rest == ["anydpi"] ? 21 : 0
        let requiredVersion = max(versions.max() ?? 0, impliedVersion)
        if rest.isEmpty, requiredVersion <= minSdkVersion { return .standsForDefault }
        if rest.count == 1, isDensity(rest[0]), requiredVersion <= minSdkVersion { return .standsForDefault }
        return .other
    }

    static func version(of qualifier: String) -> Int? {
        guard qualifier.hasPrefix("v"), qualifier.count > 1 else { return nil }
        return Int(qualifier.dropFirst())
    }

    static func isDensity(_ qualifier: String) -> Bool {
        switch qualifier {
        case "ldpi", "mdpi", "tvdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi", "nodpi", "anydpi": true
        default: qualifier.hasSuffix("dpi") && Int(qualifier.dropLast(3)) != nil
        }
    }

    /// What the link does to the strings, worked out from the folders' strings once
    /// collected (``AndroidAppResources``' index does it on its way).
    struct LinkedStrings {
        /// The names removed for want of a default.
        var removed: Set<String> = []
        /// The locales of the configurations left with a string (canonical tags).
        var locales: Set<String> = []
        /// Every string's name, removed ones included (they keep their IDs).
        var names: Set<String> = []
    }

    /// The link of `folders` (values folders, read), `fileFolders` (the other folders) and the
    /// strings' verdicts.
    init(
        folders: [(qualifiers: AndroidResourceFolder, files: [AndroidStringsFile])], fileFolders: [AndroidFileResourceFolder],
        build: AndroidBuildSettings, strings: LinkedStrings
    ) {
        // Resources other than strings, by type and name, with the kinds of the
        // configurations that define them.
        var kinds: [AndroidResourceName: Kinds] = [:]
        var configurations: [(locale: AndroidLocale?, others: [AndroidResourceName])] = []
        for folder in folders {
            var others: [AndroidResourceName] = []
            for file in folder.files {
                others += file.plurals.keys.map { AndroidResourceName(type: "plurals", name: $0) }
                others += file.stringArrays.keys.map { AndroidResourceName(type: "array", name: $0) }
                others += file.otherResources
            }
            let kind = Self.kind(of: folder.qualifiers, minSdkVersion: build.minSdkVersion)
            for name in others { kinds[name, default: Kinds()].insert(kind) }
            configurations.append((folder.qualifiers.locale, others))
        }
        for folder in fileFolders {
            let names = folder.resourceNames.map { AndroidResourceName(type: folder.qualifiers.type, name: $0) }
            let kind = Self.kind(of: folder.qualifiers, minSdkVersion: build.minSdkVersion)
            for name in names { kinds[name, default: Kinds()].insert(kind) }
            configurations.append((folder.qualifiers.locale, names))
        }
        for (name, kind) in kinds where kind.isRemoved { removed.insert(name) }
        for name in strings.removed { removed.insert(AndroidResourceName(type: "string", name: name)) }
        var seen = strings.locales
        for configuration in configurations {
            guard let locale = configuration.locale, configuration.others.contains(where: { !removed.contains($0) }) else { continue }
            seen.insert(Self.canonicalTag(locale))
        }
        seen.formUnion(build.libraryLocales.compactMap { AndroidLocale(languageTag: $0).map(Self.canonicalTag) })
        locales = seen.sorted()
        // IDs: types in aapt2's order, then names in byte order.
        var byType: [String: Set<String>] = [:]
        for name in kinds.keys { byType[name.type, default: []].insert(name.name) }
        if !strings.names.isEmpty { byType["string", default: []].formUnion(strings.names) }
        var typeID: UInt32 = 1
        for type in Self.typeOrder + byType.keys.filter({ !Self.typeOrder.contains($0) && $0 != "styleable" }).sorted() {
            guard let names = byType[type] else { continue }
            for (entry, name) in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
                identifiers[0x7f00_0000 | typeID << 16 | UInt32(entry)] = AndroidResourceName(type: type, name: name)
            }
            typeID += 1
        }
        identifierOfResource = Dictionary(identifiers.map { ($1, $0) }, uniquingKeysWith: min)
    }

    /// A built app's link, as its table holds it: nothing left to remove.
    init(builtLocales: [String], identifiers: [UInt32: AndroidResourceName]) {
        locales = builtLocales
        self.identifiers = identifiers
        identifierOfResource = Dictionary(identifiers.map { ($1, $0) }, uniquingKeysWith: min)
    }

    /// A locale as libandroidfw's `getBcp47Locale(…, canonicalize: true)` writes it.
    static func canonicalTag(_ locale: AndroidLocale) -> String {
        var locale = locale
        if locale.language == "tl" { locale.language = "fil" }
        return locale.languageTag
    }
}

/// A loc key as `Resources.getIdentifier(key, "string", package)` reads it
/// (`ResourcesImpl.getIdentifier`, then libandroidfw `AssetManager2::GetResourceId` and
/// `ExtractResourceName`): a number is a resource ID (`Integer.parseInt` comes first); else
/// `[package:][type/]entry`, the type defaulting to `string`.
enum AndroidLocKey: Hashable, Sendable {
    /// A resource ID; 0 is "not found".
    case identifier(Int32)
    /// A resource by type and name, in a package when one is written.
    case name(AndroidResourceName, package: String?)
    /// No resource can have this name (`:x`, `/x`, `pkg:`): "not found".
    case invalid

    init(_ key: String) {
        // Integer.parseInt comes first. A key that starts with an ASCII character other than a
        // digit or a sign is no number, and most keys are names: those skip the digit check.
        let utf8 = key.utf8
        if let first = utf8.first, first >= 0x80 || first == UInt8(ascii: "+") || first == UInt8(ascii: "-") || (0x30...0x39).contains(first),
            let number = Self.parseInt(key)
        {
            self = .identifier(number)
            return
        }
        // ExtractResourceName: the first '/' ends the type and the first ':' the package,
        // each only while that part is still empty. Java splits at the UTF-16 character, not
        // at a grapheme: the UTF-8 bytes, where '/' and ':' are never part of another character.
        var package: Substring = ""
        var type: Substring = ""
        var hasPackage = false
        var hasType = false
        var start = utf8.startIndex
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if type.isEmpty, byte == UInt8(ascii: "/") {
                hasType = true
                type = key[start..<index]
                start = utf8.index(after: index)
            } else if package.isEmpty, byte == UInt8(ascii: ":") {
                hasPackage = true
                package = key[start..<index]
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        let entry = key[start...]
        guard !(hasPackage && package.isEmpty), !(hasType && type.isEmpty), !entry.isEmpty else {
            self = .invalid
            return
        }
        self = .name(
            AndroidResourceName(type: type.isEmpty ? "string" : String(type), name: String(entry)), package: hasPackage ? String(package) : nil)
    }

    /// Java's `Integer.parseInt`: an optional sign, then decimal digits of any script
    /// (`Character.digit`), within 32 bits; nil when it throws.
    static func parseInt(_ text: String) -> Int32? {
        var scalars = Substring(text).unicodeScalars[...]
        var negative = false
        if let first = scalars.first, first == "-" || first == "+" {
            negative = first == "-"
            scalars = scalars.dropFirst()
        }
        guard !scalars.isEmpty else { return nil }
        var value: Int64 = 0
        for scalar in scalars {
            guard let digit = decimalDigit(scalar) else { return nil }
            value = value * 10 + Int64(digit)
            guard value <= Int64(Int32.max) + 1 else { return nil }
        }
        value = negative ? -value : value
        return Int32(exactly: value)
    }

    /// A decimal digit's value in any script (Unicode general category Nd), as
    /// `Character.digit(c, 10)`.
    static func decimalDigit(_ scalar: Unicode.Scalar) -> Int? {
        guard scalar.properties.generalCategory == .decimalNumber, let value = scalar.properties.numericValue else { return nil }
        return Int(value)
    }
}
