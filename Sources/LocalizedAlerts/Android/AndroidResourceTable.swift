/// The resources of a built Android app, read from its compiled resource table: an APK's
/// `resources.arsc`, or an App Bundle module's `resources.pb` (aapt2's protobuf table).
///
/// What rendering needs from it: the package name; the `<string>` values of each configuration
/// as ``AndroidAppResources/Folder``s named as their res folders would be (`values-fr-rCA`,
/// `values-b+sr+Latn`, `values-night-v8`); the app's locales as Android lists them; and every
/// resource's name by its ID, so that a numeric key can be resolved. Split APKs
/// (`base.apk`, `split_config.fr.apk`, …) are read one by one and merged with
/// ``init(merging:)``.
///
/// A table is hostile input: every offset, size and count is checked before it is used, the
/// work and memory are bounded by the input's size and by ``Limits``, and a damaged table
/// throws an ``AndroidResourceTableError`` that says where and what.
public struct AndroidResourceTable: Sendable {
    /// Bounds on what one table may make the reader do.
    public struct Limits: Sendable, Hashable {
        /// Largest table read, in bytes.
        public var maximumTableSize: Int
        /// Entries (one resource in one configuration) read from one table.
        public var maximumEntryCount: Int
        /// Bytes of string values and names kept from one table: a table can point thousands
        /// of entries at one long string, which must not become thousands of copies.
        public var maximumTextBytes: Int

        /// - Parameters:
        ///   - maximumTableSize: 256 MiB by default; real apps' tables are a few MiB.
        ///   - maximumEntryCount: 4,000,000 by default.
        ///   - maximumTextBytes: 256 MiB by default.
        public init(maximumTableSize: Int = 256 << 20, maximumEntryCount: Int = 4_000_000, maximumTextBytes: Int = 256 << 20) {
            self.maximumTableSize = min(max(0, maximumTableSize), Int(Int32.max))
            self.maximumEntryCount = max(1, maximumEntryCount)
            self.maximumTextBytes = max(0, maximumTextBytes)
        }

        public static let `default` = Limits()
    }

    /// The app's package name (`com.example.app`).
    public private(set) var packageName: String
    /// The locales of every configuration of every resource type (strings, but also colors,
    /// layouts, …), sorted and without duplicates, as libandroidfw's
    /// `AssetManager2::GetResourceLocales(exclude_system: true, merge_equivalent_languages: true)`
    /// lists them: BCP 47 tags with explicit scripts only, Tagalog (`tl`) as Filipino (`fil`).
    public private(set) var locales: [String]
    /// Every resource by its ID (`0x7f0b0002`), in any configuration and of any type.
    public private(set) var resourceNames: [UInt32: AndroidResourceName]

    /// The string values of each configuration, references still as IDs.
    var configurations: [ConfigurationStrings]

    /// The `<string>` values of each configuration that holds some, as values folders in
    /// name order, each with one file per table the values came from (named as the table was
    /// given, `app.apk!resources.arsc`).
    ///
    /// Values are what `Resources.getString` returns: styled strings as their text without
    /// spans, integers, booleans and colors as Java's `TypedValue.coerceToString` gives them.
    /// A reference is kept as one, named by its ID (`.reference(type: "string", name:
    /// "title")`, `?attr/x` as type `attr`, `@null` as type and name `null`, a typed null
    /// such as `@empty` as type `null` and name `empty`); a reference whose target this table cannot name (the
    /// framework's `@android:string/ok`, by ID in an APK) and floats, dimensions and fractions
    /// are left out. Made on each call.
    public var folders: [AndroidAppResources.Folder] {
        var byName: [String: [AndroidStringsFile]] = [:]
        for configuration in configurations {
            var file = AndroidStringsFile(file: configuration.file)
            file.strings.reserveCapacity(configuration.strings.count, bytes: 0)
            for definition in configuration.strings {
                guard let value = resolve(definition.value) else { continue }
                file.strings.insert(
                    AndroidStringResource(
                        name: definition.name, value: value.value, isStyled: value.isStyled,
                        location: SourceLocation(file: configuration.file, line: 1, column: 1)))
            }
            for other in configuration.others {
                guard let value = resolve(other.value) else { continue }
                file.otherResources.append(other.resource)
                file.otherValues[other.resource] = value.value
            }
            guard !file.strings.isEmpty || !file.otherValues.isEmpty else { continue }
            let name = configuration.config.valuesFolderName
            // One file per table (each type of a configuration is a chunk of its own): a split's
            // values beside the base's for the same folder.
            if let index = byName[name]?.firstIndex(where: { $0.file == configuration.file }) {
                for resource in file.strings { byName[name]![index].strings.insert(resource) }
                byName[name]![index].otherResources += file.otherResources
                byName[name]![index].otherValues.merge(file.otherValues) { first, _ in first }
            } else {
                byName[name, default: []].append(file)
            }
        }
        return byName.keys.sorted().map { name in
            AndroidAppResources.Folder(
                name: name, qualifiers: AndroidResourceFolder(name: name) ?? AndroidResourceFolder(name: "values")!, files: byName[name]!)
        }
    }

    /// The name of the resource with ID `id`, or nil.
    public func name(of id: UInt32) -> AndroidResourceName? { resourceNames[id] }

    /// Reads an APK's binary `resources.arsc`; `file` names it in locations and errors
    /// (`app.apk!resources.arsc`).
    public init(arsc bytes: [UInt8], file: String? = nil, limits: Limits = .default) throws(AndroidResourceTableError) {
        var reader = BinaryResourceTableReader(bytes: bytes, file: file, limits: limits)
        self.init(try reader.read())
    }

    /// Reads an App Bundle module's `resources.pb` (aapt2's `aapt.pb.ResourceTable`, written by
    /// `aapt2 link --proto-format`); `file` names it in locations and errors.
    public init(protobuf bytes: [UInt8], file: String? = nil, limits: Limits = .default) throws(AndroidResourceTableError) {
        var reader = ProtobufResourceTableReader(bytes: bytes, file: file, limits: limits)
        self.init(try reader.read())
    }

    /// The tables of one app's split APKs or bundle modules as one: their configurations,
    /// locales and resource names together. They must be of one package.
    public init(merging tables: [AndroidResourceTable]) throws(AndroidResourceTableError) {
        guard let first = tables.first else {
            throw AndroidResourceTableError(
                file: nil, offset: 0, problem: "there is no table to merge", remedy: "give the tables of at least one APK or module")
        }
        self = first
        for table in tables.dropFirst() {
            guard table.packageName == packageName else {
                throw AndroidResourceTableError(
                    file: table.configurations.first?.file, offset: 0,
                    problem: "the table is of package \"\(table.packageName)\", not \"\(packageName)\"",
                    remedy: "merge only the split APKs or modules of one app")
            }
            configurations += table.configurations
            resourceNames.merge(table.resourceNames) { kept, _ in kept }
            locales = Array(Set(locales).union(table.locales)).sorted(by: Self.byteOrder)
        }
    }

    init(_ contents: ResourceTableContents) {
        packageName = contents.packageName
        configurations = contents.configurations
        resourceNames = contents.resourceNames
        locales = contents.locales.sorted(by: Self.byteOrder)
    }

    /// `std::set<std::string>`'s order, which `GetResourceLocales` returns.
    static func byteOrder(_ left: String, _ right: String) -> Bool { left.utf8.lexicographicallyPrecedes(right.utf8) }

    /// A stored value as the folders give it; nil for what they leave out.
    private func resolve(_ value: StoredValue) -> (value: AndroidResourceValue, isStyled: Bool)? {
        switch value {
        case .text(let text, let isStyled): return (.text(text), isStyled)
        case .null: return (.reference(type: "null", name: "null"), false)
        case .typedNull: return (.reference(type: "null", name: "empty"), false)
        case .reference(let id, let name, let isAttribute):
            if let target = resourceNames[id] { return (.reference(type: isAttribute ? "attr" : target.type, name: target.name), false) }
            // A bundle names its references: `string/title`, `android:string/ok`.
            guard let name, let slash = name.lastIndex(of: "/") else { return nil }
            var type = String(name[..<slash])
            if type.hasPrefix(packageName + ":") { type.removeFirst(packageName.count + 1) }
            let entry = String(name[name.index(after: slash)...])
            guard !type.isEmpty, !entry.isEmpty else { return nil }
            return (.reference(type: type, name: entry), false)
        }
    }
}

/// What one table holds, as both readers produce it.
struct ResourceTableContents: Sendable {
    var packageName = ""
    var configurations: [ConfigurationStrings] = []
    var locales: Set<String> = []
    var resourceNames: [UInt32: AndroidResourceName] = [:]
}

/// The string entries of one configuration of one table, and its simple values of other
/// types (a colour, a dimension, a file's path), which a loc key may name too.
struct ConfigurationStrings: Sendable {
    var config: AndroidResourceConfig
    var file: String?
    var strings: [(name: String, value: StoredValue)] = []
    var others: [(resource: AndroidResourceName, value: StoredValue)] = []
}

/// A string entry's value before references are named: split APKs refer to resources of the
/// base by ID.
enum StoredValue: Sendable, Hashable {
    case text(String, isStyled: Bool)
    /// `@null`: a reference to 0.
    case null
    /// `TYPE_NULL` (`@empty`, or undefined): `coerceToString` gives no text.
    case typedNull
    /// A reference by ID; a bundle gives the target's name too.
    case reference(id: UInt32, name: String?, isAttribute: Bool)

    /// A primitive `Res_value` as Java's `TypedValue.coerceToString` gives it; nil for the
    /// types it gives no text for.
    static func coerced(type: UInt8, data: UInt32) -> StoredValue? {
        if type == 0x00 { return .typedNull }
        return AndroidValueText.coercedText(type: type, data: data).map { .text($0, isStyled: false) }
    }
}

/// A resource table that cannot be read: where (a byte offset in the table), what is wrong,
/// and what to do.
public struct AndroidResourceTableError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The table, as given to the reader.
    public var file: String?
    /// The byte offset in the table where the problem is.
    public var offset: Int
    /// What is wrong.
    public var problem: String
    /// What to do about it.
    public var remedy: String

    public init(file: String?, offset: Int, problem: String, remedy: String) {
        self.file = file
        self.offset = offset
        self.problem = problem
        self.remedy = remedy
    }

    public var description: String { "\(file ?? "<table>"): at byte \(offset): \(problem); \(remedy)" }

    /// The remedy for a table damaged or not made by aapt2.
    static let rebuild = "the table is damaged or was not written by aapt2: rebuild the app, or read the APK or bundle it came from"
}
