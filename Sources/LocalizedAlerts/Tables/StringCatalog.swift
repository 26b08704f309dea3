/// A String Catalog (`.xcstrings`): every language's strings, plurals and device variations of
/// one table in one JSON file. ``compiled(for:)`` yields what Xcode compiles for a language,
/// so a catalog renders exactly like its `.strings` + `.stringsdict`.
///
/// ```swift
/// let catalog = try StringCatalog(contentsOfFile: "Localizable.xcstrings")
/// catalog.languages                          // ["en", "fr"]: the source language first
/// for (key, value, location) in catalog.compiled(for: "fr") {
///     print(key, value, location?.description ?? "")   // call.missed.title text("Appel manqué") …
/// }
/// ```
public struct StringCatalog: Sendable {
    /// One key of the catalog (a member of `strings`) with its localizations.
    public struct Key: Hashable, Sendable {
        /// The key, as code passes it.
        public var key: String
        /// Where the key is written.
        public var location: SourceLocation?
        /// The developer's comment for translators.
        public var comment: String?
        /// `manual`, `extracted_with_value`, `stale`, `migrated`, …
        public var extractionState: String?
        /// False for strings that are not to be translated (compiled into the source language only).
        public var shouldTranslate: Bool
        /// The key's localizations, in catalog order.
        public var localizations: [Localization]

        /// The localization for `language` (the last one, if the catalog lists it twice).
        public func localization(_ language: String) -> Localization? {
            localizations.last { $0.language == language }
        }
    }

    /// One language's value of a key: a string unit or variations, and the substitutions it refers to.
    public struct Localization: Hashable, Sendable {
        /// The language (`en`, `fr-CA`).
        public var language: String
        /// Where the localization is written.
        public var location: SourceLocation?
        /// The string unit or variations; nil when the localization has neither.
        public var value: Value?
        /// The `substitutions` the value's `%#@name@` refer to.
        public var substitutions: [Substitution]
    }

    /// A catalog value: a string unit, variations, or both.
    public indirect enum Value: Hashable, Sendable {
        case unit(StringUnit)
        /// `variations.plural` or `variations.device`: named cases, each a unit or more variations.
        case variations(kind: LocalizedFormat.Variable.Kind, cases: [Case])
        /// A stringUnit and variations side by side: the variations win, as in Xcode.
        case unitWithVariations(StringUnit, kind: LocalizedFormat.Variable.Kind, cases: [Case])

        /// One case of a variation: a plural category or a device, and its value.
        public struct Case: Hashable, Sendable {
            /// The case's name: a plural category (`one`, `other`) or a device (`iphone`, `mac`).
            public var name: String
            /// The case's value: a string unit or further variations.
            public var value: Value
            /// Where the case is written.
            public var location: SourceLocation?
        }
    }

    /// A `stringUnit`: one translated text and its state.
    public struct StringUnit: Hashable, Sendable {
        /// `new`, `translated`, `needs_review`, `stale`.
        public var state: String?
        /// The text.
        public var value: String
        /// Where the text is written.
        public var location: SourceLocation?
    }

    /// A `substitutions` member: a plural variable named by `%#@name@`, with its argument and forms.
    public struct Substitution: Hashable, Sendable {
        /// The name `%#@name@` uses.
        public var name: String
        /// `argNum`: which argument chooses the form.
        public var argumentNumber: Int?
        /// `formatSpecifier` (`lld` when absent): how the argument is read.
        public var formatSpecifier: String?
        /// The plural forms, each with `%arg` where the number goes.
        public var cases: [Value.Case]
        /// Where the substitution is written.
        public var location: SourceLocation?
    }

    /// The file the catalog was read from, as given.
    public let file: String?
    /// `sourceLanguage`: the language the keys are written in; empty when the catalog has none.
    public let sourceLanguage: String
    /// The catalog format's `version` (`1.0`, `1.1`).
    public let version: String?
    /// Every key, in file order.
    public let strings: [Key]
    /// Everything noticed while reading, in file order.
    public let diagnostics: [LocalizationDiagnostic]
    /// False when the JSON does not parse: Xcode would not build it.
    public let isReadable: Bool
    /// The catalog's text, which locations refer to.
    public let source: SourceText
    /// Every language the catalog has: the source language first, then the others sorted.
    public let languages: [String]
    /// Per language, its localizations in catalog order: (key index, localization index of
    /// the last one of that language in the key). Built once, so that compiling every language
    /// of a catalog of many languages costs what the catalog holds, not languages × keys.
    private let localizationsByLanguage: [String: [(key: Int32, localization: Int32)]]

    /// Reads a `.xcstrings` file. Problems with the content become ``diagnostics``; only failing to read the
    /// file throws.
    public init(contentsOfFile path: String, limits: ReadingLimits = .default) throws(FileReadError) {
        self.init(parsing: try FileSystem.readAll(path, maximumSize: limits.maximumFileSize), file: path, limits: limits)
    }

    /// Reads a catalog from its JSON text.
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - file: The name to give locations.
    ///   - limits: Bounds on nesting and diagnostics.
    public init(parsing bytes: [UInt8], file: String? = nil, limits: ReadingLimits = .default) {
        let document = LocatedJSON.parse(bytes, file: file, maximumDepth: limits.maximumNestingDepth)
        self.source = SourceText(bytes, file: file)
        var reader = StringCatalogReader(file: file)
        // A catalog's duplicate keys are dropped silently by Foundation's decoders: errors here.
        for diagnostic in document.diagnostics {
            if diagnostic.id == .jsonDuplicateKey {
                reader.diagnostics.append(
                    LocalizationDiagnostic(
                        .catalogDuplicateKey, at: diagnostic.location,
                        diagnostic.message + " (Xcode keeps one silently; the other's text is lost)", hint: diagnostic.hint,
                        notes: diagnostic.notes))
            } else {
                reader.diagnostics.append(diagnostic)
            }
        }
        let parsed = document.root.map { reader.read($0) }
        self.file = file
        self.sourceLanguage = parsed?.sourceLanguage ?? ""
        self.version = parsed?.version
        self.strings = parsed?.strings ?? []
        self.diagnostics = reader.diagnostics.cappedPerID(limits.maximumDiagnosticsPerKind)
        self.isReadable = document.root != nil
        var byLanguage: [String: [(key: Int32, localization: Int32)]] = [:]
        for (keyIndex, key) in strings.enumerated() {
            for (localizationIndex, localization) in key.localizations.enumerated() {
                let item = (key: Int32(keyIndex), localization: Int32(localizationIndex))
                // The last localization of a language in one key wins, as in ``Key/localization(_:)``.
                if byLanguage[localization.language]?.last?.key == item.key {
                    byLanguage[localization.language]![byLanguage[localization.language]!.count - 1] = item
                } else {
                    byLanguage[localization.language, default: []].append(item)
                }
            }
        }
        self.localizationsByLanguage = byLanguage
        let source = parsed?.sourceLanguage ?? ""
        self.languages = (source.isEmpty ? [] : [source]) + byLanguage.keys.filter { $0 != source }.sorted()
    }

    /// What Xcode compiles for `language`: plain strings (the `.strings`) and formats and
    /// variants (the `.stringsdict`), in catalog order.
    public func compiled(for language: String) -> [(key: String, value: LocalizedValue, location: SourceLocation?)] {
        var result: [(key: String, value: LocalizedValue, location: SourceLocation?)] = []
        let present = localizationsByLanguage[language] ?? []
        func append(_ key: Key, _ localization: Localization) -> Bool {
            guard let value = StringCatalog.compile(localization) else { return false }
            // A plain string points at its text; the rest at their localization.
            var location = localization.location ?? key.location
            if case .unit(let unit)? = localization.value, let unitLocation = unit.location { location = unitLocation }
            result.append((key.key, value, location))
            return true
        }
        guard language == sourceLanguage else {
            for item in present where strings[Int(item.key)].shouldTranslate {
                let key = strings[Int(item.key)]
                _ = append(key, key.localizations[Int(item.localization)])
            }
            return result
        }
        var next = 0
        for (index, key) in strings.enumerated() {
            var compiled = false
            if next < present.count, present[next].key == index {
                compiled = append(key, key.localizations[Int(present[next].localization)])
                next += 1
            }
            // With no source-language localization, the key itself is the source text.
            if !compiled { result.append((key.key, .text(key.key), key.location)) }
        }
        return result
    }

    static func compile(_ localization: Localization) -> LocalizedValue? {
        // A device variation may sit at any depth: under a plural form, or in a substitution's
        // forms. A stringsdict has device rules outermost, so each device named anywhere gets
        // the whole localization as that device reads it (docs/device-behaviour.md §5.0).
        let devices = localization.deviceNames
        guard !devices.isEmpty else { return compile(oneDevice: localization) }
        let variants = devices.compactMap { name -> LocalizedValue.Variant? in
            guard var projected = localization.forDevice(name) else { return nil }
            // A device's own case of a top-level device variation is where its value is written.
            if let location = localization.value?.deviceCase(name)?.location { projected.location = location }
            return compile(oneDevice: projected).map { LocalizedValue.Variant(name: name, value: $0, location: projected.location) }
        }
        return .deviceSpecific(variants)
    }

    /// A localization without device variations: a text, a plural, or a format whose
    /// `%#@name@` are its substitutions.
    private static func compile(oneDevice localization: Localization) -> LocalizedValue? {
        guard let value = localization.value else { return nil }
        if !localization.substitutions.isEmpty, let format = value.unitText {
            let variables = localization.substitutions.map { substitution -> LocalizedFormat.Variable in
                let specifier = substitution.formatSpecifier ?? "lld"
                let argument = substitution.argumentNumber.map { "%\($0)$\(specifier)" } ?? "%\(specifier)"
                return LocalizedFormat.Variable(
                    name: substitution.name, kind: .plural, valueType: specifier,
                    cases: substitution.cases.compactMap { c in
                        c.value.unitText.map { .init(name: c.name, format: $0.replacing("%arg", with: argument), location: c.location) }
                    },
                    location: substitution.location)
            }
            return .format(LocalizedFormat(formatKey: format, variables: variables, location: localization.location))
        }
        switch value {
        case .unit(let unit):
            return .text(unit.value)
        case .variations(.plural, let cases), .unitWithVariations(_, .plural, let cases):
            // Xcode names the generated variable after its argument (assumed: %#@arg1@ for
            // the first argument, %N$#@argN@ otherwise; not verified against Xcode here).
            let other = cases.first { $0.name == "other" }?.value.unitText ?? cases.first?.value.unitText ?? ""
            let numeric = FormatString(other).argumentUses.first { $0.type == .integer || $0.type == .double }
            let position = numeric?.position ?? 1
            let specifier = numeric.map { use in use.specifier.length + String(use.specifier.conversion ?? "d") } ?? "lld"
            let name = "arg\(position)"
            let formatKey = position == 1 ? "%#@\(name)@" : "%\(position)$#@\(name)@"
            let variable = LocalizedFormat.Variable(
                name: name, kind: .plural, valueType: specifier,
                cases: cases.compactMap { c in c.value.unitText.map { .init(name: c.name, format: $0, location: c.location) } },
                location: localization.location)
            return .format(LocalizedFormat(formatKey: formatKey, variables: [variable], location: localization.location))
        case .variations, .unitWithVariations:
            // Device variations are chosen before this; the reader makes no others.
            return nil
        }
    }
}

extension StringCatalog.Localization {
    /// Every device a device variation names, in the value or a substitution, at any depth,
    /// in file order, and `other`; empty when there is no device variation.
    var deviceNames: [String] {
        var names: [String] = []
        value?.collectDeviceNames(into: &names)
        for substitution in substitutions { for c in substitution.cases { c.value.collectDeviceNames(into: &names) } }
        return names
    }

    /// The localization as `device` reads it (``StringCatalog/Value/forDevice(_:)``); nil when
    /// its value has nothing for that device.
    func forDevice(_ device: String) -> Self? {
        guard let value = value?.forDevice(device) else { return nil }
        var projected = self
        projected.value = value
        for index in projected.substitutions.indices {
            projected.substitutions[index].cases = projected.substitutions[index].cases.compactMap { $0.forDevice(device) }
        }
        return projected
    }
}

extension StringCatalog.Value.Case {
    func forDevice(_ device: String) -> Self? {
        value.forDevice(device).map { Self(name: name, value: $0, location: location) }
    }
}

extension StringCatalog.Value {
    /// The text when this is (or begins with) a plain string unit.
    var unitText: String? {
        switch self {
        case .unit(let unit), .unitWithVariations(let unit, _, _): unit.value
        case .variations(_, let cases): cases.first { $0.name == "other" }?.value.unitText
        }
    }

    /// Every text the value holds, at any depth: each may name substitutions.
    var allUnitTexts: [String] {
        switch self {
        case .unit(let unit): [unit.value]
        case .unitWithVariations(let unit, _, let cases): [unit.value] + cases.flatMap(\.value.allUnitTexts)
        case .variations(_, let cases): cases.flatMap(\.value.allUnitTexts)
        }
    }

    /// This value as `device` reads it: every device variation replaced by the device's case,
    /// else its `other` case. Nil when a device variation has neither; a plural then loses
    /// that form, which falls back to `other` as any missing form does (what a device does
    /// here is not documented: docs/device-behaviour.md §5.0).
    func forDevice(_ device: String) -> Self? {
        switch self {
        case .unit:
            return self
        case .variations(.device, let cases), .unitWithVariations(_, .device, let cases):
            // As in ``LocalizedValue/chooseDevice(_:device:)``: the device's case, else other.
            let chosen = cases.first { $0.name == device } ?? cases.first { $0.name == "other" }
            return chosen?.value.forDevice(device)
        case .variations(let kind, let cases):
            let kept = cases.compactMap { $0.forDevice(device) }
            return kept.isEmpty ? nil : .variations(kind: kind, cases: kept)
        case .unitWithVariations(let unit, let kind, let cases):
            let kept = cases.compactMap { $0.forDevice(device) }
            return kept.isEmpty ? nil : .unitWithVariations(unit, kind: kind, cases: kept)
        }
    }

    /// The case of a top-level device variation named `name`.
    func deviceCase(_ name: String) -> Case? {
        switch self {
        case .variations(.device, let cases), .unitWithVariations(_, .device, let cases): cases.first { $0.name == name }
        default: nil
        }
    }

    func collectDeviceNames(into names: inout [String]) {
        switch self {
        case .unit:
            return
        case .variations(let kind, let cases), .unitWithVariations(_, let kind, let cases):
            for c in cases {
                // A name no device has is never chosen (the reader reports it); each name
                // kept costs a pass over the value, so there are at most eight.
                if kind == .device && DeviceKind.variantNames.contains(c.name) && !names.contains(c.name) { names.append(c.name) }
                c.value.collectDeviceNames(into: &names)
            }
            if kind == .device && !names.contains("other") { names.append("other") }
        }
    }
}

extension DiagnosticID {
    /// `catalog.structure` (error). The catalog does not have the structure Xcode writes.
    public static let catalogStructure = DiagnosticID(
        "catalog.structure", .error, .syntax,
        rationale: "The catalog does not have the structure Xcode writes.",
        example: "a stringUnit without value")
    /// `catalog.duplicate-key` (error). Foundation's decoders keep one of two equal JSON keys silently: a
    /// translation is lost.
    public static let catalogDuplicateKey = DiagnosticID(
        "catalog.duplicate-key", .error, .values,
        rationale: "Foundation's decoders keep one of two equal JSON keys silently: a translation is lost.",
        example: "\"a\" twice in \"strings\"")
    /// `catalog.unknown-version` (warning). A newer catalog version may hold things read differently.
    public static let catalogUnknownVersion = DiagnosticID(
        "catalog.unknown-version", .warning, .files,
        rationale: "A newer catalog version may hold things read differently.",
        example: "\"version\": \"2.0\"")
    /// `catalog.untranslated` (warning). Strings in the `new`, `needs_review` and `stale` states ship as they
    /// are.
    public static let catalogUntranslated = DiagnosticID(
        "catalog.untranslated", .warning, .values,
        rationale: "new, needs_review and stale strings ship as they are.",
        example: "\"state\": \"needs_review\"")
    /// `catalog.stale` (warning). A key Xcode no longer finds in code is still compiled in; often a renamed
    /// key.
    public static let catalogStale = DiagnosticID(
        "catalog.stale", .warning, .values,
        rationale: "A key Xcode no longer finds in code is still compiled in; often a renamed key.",
        example: "\"extractionState\": \"stale\"")
    /// `catalog.should-not-translate` (note). Keys marked `shouldTranslate: false` exist in the source
    /// language only.
    public static let catalogNotTranslatable = DiagnosticID(
        "catalog.should-not-translate", .note, .values,
        rationale: "shouldTranslate: false keys exist in the source language only.",
        example: "\"shouldTranslate\": false")
    /// `catalog.missing-other` (error). A plural variation without other has nothing to fall back to.
    public static let catalogMissingOther = DiagnosticID(
        "catalog.missing-other", .error, .plurals,
        rationale: "A plural variation without other has nothing to fall back to.",
        example: "plural with one only")
    /// `catalog.unknown-category` (warning). Unknown plural categories or devices are never used.
    public static let catalogUnknownCategory = DiagnosticID(
        "catalog.unknown-category", .warning, .plurals,
        rationale: "Unknown plural categories or devices are never used.",
        example: "\"several\"")
    /// `catalog.undefined-substitution` (error). A `%#@name@` without a substitution shows nothing for it.
    public static let catalogUndefinedSubstitution = DiagnosticID(
        "catalog.undefined-substitution", .error, .plurals,
        rationale: "A %#@name@ without a substitution shows nothing for it.",
        example: "\"%#@n@\" and no substitution n")
    /// `catalog.unused-substitution` (warning). A substitution the text never uses is never shown.
    public static let catalogUnusedSubstitution = DiagnosticID(
        "catalog.unused-substitution", .warning, .plurals,
        rationale: "A substitution the text never uses is never shown.",
        example: "substitution \"m\" not in the text")
}

struct StringCatalogReader {
    let file: String?
    var diagnostics: [LocalizationDiagnostic] = []

    init(file: String?) { self.file = file }

    /// The key being read: what its diagnostics are about (inline suppressions match on it).
    var currentKey: String?

    mutating func report(_ id: DiagnosticID, _ location: SourceLocation?, _ message: String, hint: String? = nil) {
        var diagnostic = LocalizationDiagnostic(id, at: location ?? SourceLocation(file: file, line: 1, column: 1), message, hint: hint)
        diagnostic.key = currentKey
        diagnostics.append(diagnostic)
    }

    mutating func read(_ root: LocatedJSON) -> (sourceLanguage: String, version: String?, strings: [StringCatalog.Key]) {
        guard root.members != nil else {
            report(.catalogStructure, root.location, "a String Catalog is a JSON object; this is \(root.kindDescription)")
            return ("", nil, [])
        }
        let source = root["sourceLanguage"]?.stringValue ?? ""
        if source.isEmpty { report(.catalogStructure, root.location, "the catalog has no sourceLanguage") }
        let version = root["version"]?.stringValue
        if let version, version != "1.0" && version != "1.1" {
            report(.catalogUnknownVersion, root["version"]?.location, "catalog version \(version) is newer than the versions known here (1.0, 1.1)")
        }
        var keys: [StringCatalog.Key] = []
        guard let strings = root["strings"] else {
            report(.catalogStructure, root.location, "the catalog has no \"strings\"")
            return (source, version, [])
        }
        guard let members = strings.members else {
            report(.catalogStructure, strings.location, "\"strings\" is \(strings.kindDescription), not an object")
            return (source, version, [])
        }
        for member in members {
            keys.append(readKey(member, sourceLanguage: source))
        }
        return (source, version, keys)
    }

    mutating func readKey(_ member: LocatedJSON.Member, sourceLanguage: String) -> StringCatalog.Key {
        currentKey = member.key
        defer { currentKey = nil }
        // One pass over the members (the last of duplicates wins, as `node[name]` has it):
        // looking each name up scanned and copied the members once per name.
        var comment: LocatedJSON?
        var extractionState: LocatedJSON?
        var shouldTranslate: LocatedJSON?
        var localizations: LocatedJSON?
        for field in member.value.members ?? [] {
            switch field.key {
            case "comment": comment = field.value
            case "extractionState": extractionState = field.value
            case "shouldTranslate": shouldTranslate = field.value
            case "localizations": localizations = field.value
            default: break
            }
        }
        var key = StringCatalog.Key(
            key: member.key, location: member.keyLocation, comment: comment?.stringValue,
            extractionState: extractionState?.stringValue, shouldTranslate: true, localizations: [])
        if case .bool(let flag)? = shouldTranslate?.value { key.shouldTranslate = flag }
        if key.extractionState == "stale" {
            report(
                .catalogStale, member.keyLocation,
                "\"\(member.key)\" is stale: Xcode no longer finds it in the code, yet it is still compiled into the app",
                hint: "remove it, or mark it manual if the key is used from elsewhere (a push payload)")
        }
        for localization in localizations?.members ?? [] {
            var entry = StringCatalog.Localization(
                language: localization.key, location: localization.keyLocation,
                value: readValue(localization.value, key: member.key, language: localization.key), substitutions: [])
            for substitution in localization.value["substitutions"]?.members ?? [] {
                let cases = readVariations(substitution.value["variations"], key: member.key, language: localization.key)?.cases ?? []
                var argument: Int?
                if case .number(let n)? = substitution.value["argNum"]?.value { argument = n.int64Value.map { Int($0) } }
                entry.substitutions.append(
                    StringCatalog.Substitution(
                        name: substitution.key, argumentNumber: argument,
                        formatSpecifier: substitution.value["formatSpecifier"]?.stringValue, cases: cases,
                        location: substitution.keyLocation))
            }
            checkSubstitutions(entry, key: member.key)
            key.localizations.append(entry)
        }
        if !key.shouldTranslate {
            let translated = key.localizations.filter { $0.language != sourceLanguage }.map(\.language)
            report(
                .catalogNotTranslatable, member.keyLocation,
                "\"\(member.key)\" is marked shouldTranslate: false: only the source language has it"
                    + (translated.isEmpty ? "" : "; the \(translated.joined(separator: ", ")) text is never compiled"))
        }
        return key
    }

    mutating func readValue(_ node: LocatedJSON, key: String, language: String) -> StringCatalog.Value? {
        var unitNode: LocatedJSON?
        var variationsNode: LocatedJSON?
        var setNode: LocatedJSON?
        for field in node.members ?? [] {
            switch field.key {
            case "stringUnit": unitNode = field.value
            case "variations": variationsNode = field.value
            case "stringSet": setNode = field.value
            default: break
            }
        }
        let unit = readUnit(unitNode, key: key, language: language)
        if let variations = readVariations(variationsNode, key: key, language: language) {
            if let unit { return .unitWithVariations(unit, kind: variations.kind, cases: variations.cases) }
            return .variations(kind: variations.kind, cases: variations.cases)
        }
        if let unit { return .unit(unit) }
        return readStringSet(setNode, key: key, language: language).map { .unit($0) }
    }

    /// `stringSet` (catalog version 1.1, App Shortcuts phrases): several texts for one key. The
    /// key is present in that language; what a lookup returns is not documented, so the first
    /// text stands for it (uncertain; docs/cli.md says so).
    mutating func readStringSet(_ node: LocatedJSON?, key: String, language: String) -> StringCatalog.StringUnit? {
        guard let node else { return nil }
        let texts = node["values"]?.items?.compactMap(\.stringValue) ?? []
        guard let first = texts.first else {
            report(.catalogStructure, node.location, "the \(language) stringSet of \"\(key)\" has no values")
            return nil
        }
        return StringCatalog.StringUnit(state: node["state"]?.stringValue, value: first, location: node["values"]?.items?.first?.location)
    }

    mutating func readUnit(_ node: LocatedJSON?, key: String, language: String) -> StringCatalog.StringUnit? {
        guard let node else { return nil }
        var valueNode: LocatedJSON?
        var stateNode: LocatedJSON?
        for field in node.members ?? [] {
            switch field.key {
            case "value": valueNode = field.value
            case "state": stateNode = field.value
            default: break
            }
        }
        guard let value = valueNode?.stringValue else {
            report(.catalogStructure, node.location, "the \(language) stringUnit of \"\(key)\" has no value")
            return nil
        }
        let state = stateNode?.stringValue
        if let state, state != "translated" {
            let meaning =
                switch state {
                case "new": "never translated"
                case "needs_review": "waiting for review"
                case "stale": "possibly out of date with the source"
                default: "in an unknown state"
                }
            report(
                .catalogUntranslated, stateNode?.location ?? node.location,
                "the \(language) text of \"\(key)\" is \(state) (\(meaning)); it ships as it is",
                hint: "translate or review it, then mark it translated")
        }
        return StringCatalog.StringUnit(state: state, value: value, location: valueNode?.location)
    }

    mutating func readVariations(_ node: LocatedJSON?, key: String, language: String) -> (
        kind: LocalizedFormat.Variable.Kind, cases: [StringCatalog.Value.Case]
    )? {
        guard let node, let members = node.members else { return nil }
        guard let first = members.first else { return nil }
        let kind: LocalizedFormat.Variable.Kind
        switch first.key {
        case "plural": kind = .plural
        case "device": kind = .device
        default:
            report(.catalogStructure, first.keyLocation, "\"\(first.key)\" is not a variation kind (plural or device) in \"\(key)\"")
            return nil
        }
        var cases: [StringCatalog.Value.Case] = []
        for member in first.value.members ?? [] {
            if kind == .plural && PluralCategory(rawValue: member.key) == nil {
                report(.catalogUnknownCategory, member.keyLocation, "\"\(member.key)\" is not a plural category (\(language), \"\(key)\")")
            } else if kind == .device && !DeviceKind.variantNames.contains(member.key) {
                report(.catalogUnknownCategory, member.keyLocation, "\"\(member.key)\" is not a device (\(language), \"\(key)\")")
            }
            if let value = readValue(member.value, key: key, language: language) {
                cases.append(.init(name: member.key, value: value, location: member.keyLocation))
            }
        }
        if kind == .plural && !cases.contains(where: { $0.name == "other" }) {
            report(
                .catalogMissingOther, first.keyLocation,
                "the \(language) plural of \"\(key)\" has no \"other\" form, the one every missing form falls back to")
        }
        return (kind, cases)
    }

    mutating func checkSubstitutions(_ localization: StringCatalog.Localization, key: String) {
        // Every text counts, each device's and each form's: any of them may be the one shown.
        // Only a text with a `#` can name a substitution (`%#@name@`): the rest are not parsed.
        let texts = (localization.value?.allUnitTexts ?? []).filter(FormatString.mayNameVariable)
        if localization.substitutions.isEmpty && texts.isEmpty { return }
        let used = Set(texts.flatMap { FormatString($0).specifiers.compactMap(\.variableName) })
        let defined = Set(localization.substitutions.map(\.name))
        for name in used.subtracting(defined).sorted() {
            report(
                .catalogUndefinedSubstitution, localization.location,
                "the \(localization.language) text of \"\(key)\" uses %#@\(name)@ but no substitution defines it")
        }
        for substitution in localization.substitutions where !used.contains(substitution.name) {
            report(
                .catalogUnusedSubstitution, substitution.location,
                "the substitution \"\(substitution.name)\" of \"\(key)\" (\(localization.language)) is never used")
        }
    }
}
