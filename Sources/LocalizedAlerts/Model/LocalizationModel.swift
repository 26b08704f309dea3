import Synchronization

/// An app's tables resolved once: for every table, localization and key, the value a device
/// reads, its parsed format, its device format (compiled with the model, or when first asked
/// for) and where it is written.
///
/// Every command reads an app through this one model. The renderer's ``DeviceTable``s and the
/// linter's values are views of it; nothing else flattens `.strings`, `.stringsdict` and String
/// Catalogs again.
package final class LocalizationModel: Sendable {
    /// The app the model was resolved from.
    package let app: AppLocalizations
    /// Table name → localization → that table in that localization.
    private let tables: [String: [String: Table]]
    /// Table names, sorted.
    package let tableNames: [String]
    /// Localization → its tables, in name order: where a key missing from one table is looked
    /// for in the others.
    private let tablesByLocalization: [String: [Table]]
    /// Every entry, by table and localization (sorted), then as the files have them: what most
    /// lint rules walk.
    package let entries: [Entry]
    /// The escapes of literals recently located, so that many findings inside one value walk
    /// its literal once (a value of 20,000 `%`); bounded.
    private let literals = BoundedCache<SourceLocation, LiteralEscapes?>(limit: 256)

    /// Resolves every table of `app` (localizations concurrently). Do it once and share the model: renderers
    /// and linters made from one model share its work.
    /// - Parameter compilingDeviceFormats: Whether to compile every value for the device's
    ///   formatter now. A lint renders a few keys of a table and checks every value's parsed
    ///   format: without, an entry compiles its device format the first time one is asked for.
    package init(_ app: AppLocalizations, compilingDeviceFormats: Bool = true) {
        self.app = app
        var parts: [String: [String: (strings: Table.Part?, dictionary: Table.Part?)]] = [:]
        // Each localization resolves on its own (parsing every value's format is most of the
        // work), concurrently; the results are gathered in order.
        let resolved = ParallelWork.map(app.localizations) { localization in
            (
                strings: localization.tables.map { name, table in
                    (name, Table.Part(table, table: name, localization: localization.name, compiling: compilingDeviceFormats))
                },
                dictionaries: localization.stringsDictionaries.map { name, dictionary in
                    (name, Table.Part(dictionary, table: name, localization: localization.name, compiling: compilingDeviceFormats))
                }
            )
        }
        for (localization, parsed) in zip(app.localizations, resolved) {
            for (name, part) in parsed.strings { parts[name, default: [:]][localization.name, default: (nil, nil)].strings = part }
            for (name, part) in parsed.dictionaries { parts[name, default: [:]][localization.name, default: (nil, nil)].dictionary = part }
        }
        // A String Catalog compiles per language into both parts.
        for (name, catalog) in app.catalogs where catalog.isReadable {
            for language in catalog.languages {
                let compiled = Table.Part.compile(catalog, table: name, language: language, compiling: compilingDeviceFormats)
                parts[name, default: [:]][language, default: (nil, nil)].strings = compiled.strings
                parts[name, default: [:]][language, default: (nil, nil)].dictionary = compiled.dictionary
            }
        }
        var tables: [String: [String: Table]] = [:]
        for (name, localizations) in parts {
            for (localization, part) in localizations {
                tables[name, default: [:]][localization] = Table(
                    name: name, localization: localization, strings: part.strings, dictionary: part.dictionary)
            }
        }
        self.tables = tables
        self.tableNames = tables.keys.sorted()
        var tablesByLocalization: [String: [Table]] = [:]
        for name in tableNames {
            for (localization, table) in tables[name]! { tablesByLocalization[localization, default: []].append(table) }
        }
        self.tablesByLocalization = tablesByLocalization
        var entries: [Entry] = []
        for name in tableNames {
            for localization in tables[name]!.keys.sorted() { entries += tables[name]![localization]!.entries }
        }
        self.entries = entries
    }

    /// `name` (`Localizable`) in `localization`, when the app has it there.
    package func table(_ name: String, localization: String) -> Table? { tables[name]?[localization] }

    /// The tables of `localization` other than `name`, in name order.
    package func tables(of localization: String, except name: String) -> [Table] {
        (tablesByLocalization[localization] ?? []).filter { $0.name != name }
    }

    /// The localizations that have table `name`, sorted.
    package func localizations(of name: String) -> [String] { (tables[name]?.keys).map { $0.sorted() } ?? [] }

    /// Where the byte at `utf8Offset` of `entry`'s text is in its file; the entry's location
    /// when it cannot be known (a binary file, a plural variant).
    package func location(ofUTF8Offset utf8Offset: Int, in entry: Entry) -> SourceLocation {
        switch entry.localized {
        case nil:
            return location(ofUTF8Offset: utf8Offset, inLiteralAt: entry.location, of: entry.origin)
        case .format(let format)? where format.formatKey == entry.text && format.location != nil:
            return location(ofUTF8Offset: utf8Offset, inLiteralAt: format.location!, of: entry.origin)
        default:
            return entry.location
        }
    }

    /// Where the byte at `utf8Offset` of the string whose literal starts at `literal` is in its
    /// file (a plural form's text, for instance); `literal` when it cannot be known.
    package func location(ofUTF8Offset utf8Offset: Int, inLiteralAt literal: SourceLocation, of origin: Entry.Origin) -> SourceLocation {
        guard let source = origin.source else { return literal }
        let escapes = literals.value(for: literal) {
            guard let offset = source.byteOffset(of: literal) else { return nil }
            return source.bytes.withUnsafeBufferPointer { text in
                switch origin {
                case .stringsFile: StringsFileParser.literalEscapes(at: offset, in: text)
                case .propertyList: XMLPropertyListParser.literalEscapes(ofElementAt: offset, in: text)
                case .catalog: JSONParser.literalEscapes(ofStringAt: offset, in: text)
                case .unlocated: nil
                }
            }
        }
        guard let escapes else { return literal }
        return source.location(ofByte: escapes.sourceOffset(ofDecoded: utf8Offset))
    }
}

extension LocalizationModel {
    /// One table (`Localizable`) in one localization: its `.strings` part and its `.stringsdict`
    /// part (a catalog compiles into both), kept apart because a device may take them from
    /// different localizations, and looked up together as a device does.
    package final class Table: Sendable {
        /// The table's name (`Localizable`).
        package let name: String
        /// The localization (`fr`, `Base`).
        package let localization: String
        /// The `.strings` part: what a device reads of it (nothing when it does not parse).
        let strings: Part?
        /// The `.stringsdict` part, whose entries win over the `.strings` ones.
        let dictionary: Part?
        /// Every entry a device reads here: the `.strings` ones in file order, then the
        /// stringsdict's; a stringsdict entry replaces a `.strings` one of the same key.
        package let entries: [Entry]

        init(name: String, localization: String, strings: Part?, dictionary: Part?) {
            self.name = name
            self.localization = localization
            self.strings = strings
            self.dictionary = dictionary
            let fromDictionary = dictionary.flatMap { $0.isReadable ? $0 : nil }
            var entries: [Entry] = []
            if let strings, strings.isReadable {
                entries = fromDictionary.map { dictionary in strings.entries.filter { dictionary.entry($0.key) == nil } } ?? strings.entries
            }
            entries += fromDictionary?.entries ?? []
            self.entries = entries
        }

        /// The entry a device finds for `key` here.
        package func entry(_ key: String) -> Entry? {
            if let dictionary, dictionary.isReadable, let entry = dictionary.entry(key) { return entry }
            guard let strings, strings.isReadable else { return nil }
            return strings.entry(key)
        }

        /// Whether there is a `.strings` part that a device cannot read.
        package var hasUnreadableStrings: Bool { strings.map { !$0.isReadable } ?? false }

        /// The files behind this table.
        package var files: [String] { [strings?.file, dictionary?.file].compactMap { $0 } }

        /// One file's worth of entries (a `.strings` or a `.stringsdict`, or a catalog's share).
        /// A class: every render looks keys up through it, and a reference is passed for one
        /// retain where the struct's file, entries and index were copied field by field.
        final class Part: Sendable {
            let file: String?
            let isReadable: Bool
            /// In file order; the effective value of each key only.
            let entries: [Entry]
            let index: StringIndex

            init(file: String?, isReadable: Bool, entries: [Entry]) {
                self.file = file
                self.isReadable = isReadable
                self.entries = entries
                self.index = StringIndex(entries.map(\.key))
            }

            func entry(_ key: String) -> Entry? { index.position(of: key).map { entries[$0] } }

            convenience init(_ table: LocalizationTable, table name: String, localization: String, compiling: Bool) {
                var entries: [Entry] = []
                let origin: Entry.Origin =
                    switch table.format {
                    case .text: table.source.map { .stringsFile($0) } ?? .unlocated
                    case .xmlPropertyList: table.source.map { .propertyList($0) } ?? .unlocated
                    case .binaryPropertyList: .unlocated
                    }
                entries.reserveCapacity(table.count)
                table.forEachEffectiveValue { key, value, location in
                    entries.append(
                        Entry(
                            table: name, localization: localization, key: key, text: value, localized: nil, location: location, origin: origin,
                            compiling: compiling)
                    )
                }
                self.init(file: table.file, isReadable: table.isReadableOnDevice, entries: entries)
            }

            convenience init(_ dictionary: StringsDictionary, table name: String, localization: String, compiling: Bool) {
                let origin: Entry.Origin = dictionary.source.map { .propertyList($0) } ?? .unlocated
                let entries = dictionary.entries.map { item in
                    // A plain string is plain text, located at its value as in a .strings file.
                    if case .text(let text) = item.value {
                        return Entry(
                            table: name, localization: localization, key: item.key, text: text, localized: nil,
                            location: item.valueLocation ?? item.location, origin: origin, compiling: compiling)
                    }
                    return Entry(
                        table: name, localization: localization, key: item.key, text: item.value.deviceText().text, localized: item.value,
                        location: item.location, origin: origin, compiling: compiling)
                }
                self.init(file: dictionary.file, isReadable: dictionary.isReadableOnDevice, entries: Part.lastOfEachKey(entries))
            }

            /// What Xcode compiles `catalog` into for `language`: plain strings (the `.strings`) and
            /// formats and variants (the `.stringsdict`).
            static func compile(_ catalog: StringCatalog, table name: String, language: String, compiling: Bool) -> (
                strings: Part?, dictionary: Part?
            ) {
                var strings: [Entry] = []
                var dictionary: [Entry] = []
                let fallback = SourceLocation(file: catalog.file, line: 1, column: 1)
                for item in catalog.compiled(for: language) {
                    let location = item.location ?? fallback
                    if case .text(let text) = item.value {
                        strings.append(
                            Entry(
                                table: name, localization: language, key: item.key, text: text, localized: nil, location: location,
                                origin: .catalog(catalog.source), compiling: compiling))
                    } else {
                        dictionary.append(
                            Entry(
                                table: name, localization: language, key: item.key, text: item.value.deviceText().text, localized: item.value,
                                location: location, origin: .catalog(catalog.source), compiling: compiling))
                    }
                }
                return (
                    strings.isEmpty ? nil : Part(file: catalog.file, isReadable: true, entries: lastOfEachKey(strings)),
                    dictionary.isEmpty ? nil : Part(file: catalog.file, isReadable: true, entries: lastOfEachKey(dictionary))
                )
            }

            /// Entries in file order with only the last of each key (the one a device uses).
            static func lastOfEachKey(_ entries: [Entry]) -> [Entry] {
                var last: [String: Int] = [:]
                for (index, entry) in entries.enumerated() { last[entry.key] = index }
                guard last.count < entries.count else { return entries }
                return entries.indices.filter { last[entries[$0].key] == $0 }.map { entries[$0] }
            }
        }
    }

    /// One key's value in one localization's table, resolved once for every command: the text a
    /// device finds, the stringsdict or catalog value behind it, its format parsed by the one
    /// specifier grammar and compiled for the device's formatter, and where it is written.
    ///
    /// A class: views, rules and caches share one instance instead of copying its fields.
    package final class Entry: Sendable {
        /// The table's name (`Localizable`).
        package let table: String
        /// The localization the value belongs to.
        package let localization: String
        /// The key.
        package let key: String
        /// What a device finds: the text, or for plurals and variants the format key.
        package let text: String
        /// The stringsdict or catalog value behind `text` (plurals, variants); nil for plain text.
        package let localized: LocalizedValue?
        /// Where the value is written (for a stringsdict entry, its key).
        package let location: SourceLocation
        /// `text` read by the specifier grammar.
        package let format: FormatString
        /// `text` as the device's formatter applies it.
        package var deviceFormat: DeviceFormat {
            if let compiledDeviceFormat { return compiledDeviceFormat }
            if let compiled = lateDeviceFormat.load() { return compiled.format }
            return lateDeviceFormat.storeIfNil(CompiledDeviceFormat(DeviceFormat(text))).format
        }
        /// ``deviceFormat`` compiled with the model, unless the model was made without.
        private let compiledDeviceFormat: DeviceFormat?
        /// Otherwise, compiled the first time it is asked for (on any thread), then kept.
        private let lateDeviceFormat = AtomicLazyReference<CompiledDeviceFormat>()

        private final class CompiledDeviceFormat: Sendable {
            let format: DeviceFormat
            init(_ format: DeviceFormat) { self.format = format }
        }
        /// A plural entry: in a push the device shows its format key, never a plural form.
        package let isPlural: Bool
        /// The file the entry was read from, and how its literals are written.
        package let origin: Origin

        /// How the file an entry comes from writes its strings, with its decoded text: what turns
        /// an offset inside a value back into a file position.
        package enum Origin: Sendable {
            /// A text `.strings` file: quoted or unquoted, `\` escapes.
            case stringsFile(SourceText)
            /// An XML property list: `<string>` elements, entities, CDATA.
            case propertyList(SourceText)
            /// A String Catalog: JSON strings.
            case catalog(SourceText)
            /// A binary property list: no text to point into.
            case unlocated

            var source: SourceText? {
                switch self {
                case .stringsFile(let source), .propertyList(let source), .catalog(let source): source
                case .unlocated: nil
                }
            }
        }

        init(
            table: String, localization: String, key: String, text: String, localized: LocalizedValue?, location: SourceLocation, origin: Origin,
            compiling: Bool = true
        ) {
            self.table = table
            self.localization = localization
            self.key = key
            self.text = text
            self.localized = localized
            self.location = location
            self.origin = origin
            self.format = FormatString(text)
            self.compiledDeviceFormat = compiling ? DeviceFormat(text) : nil
            self.isPlural = localized?.deviceText().isPlural ?? false
        }

        /// `entry` with another text: a device's variant of its value, read by that device.
        init(variantOf entry: Entry, text: String, isPlural: Bool) {
            self.table = entry.table
            self.localization = entry.localization
            self.key = entry.key
            self.text = text
            self.localized = entry.localized
            self.location = entry.location
            self.origin = entry.origin
            self.format = FormatString(text)
            self.compiledDeviceFormat = entry.compiledDeviceFormat == nil ? nil : DeviceFormat(text)
            self.isPlural = isPlural
        }

        /// The file the entry was read from.
        package var file: String? { location.file }
    }
}
