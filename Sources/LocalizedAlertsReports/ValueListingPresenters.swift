@_spi(Presentation) import LocalizedAlerts

/// What `dump` shows of a `.stringsdict`, or of one language of a String Catalog: entries whose
/// values may be formats with plural, device or width variables, which a `.strings` table's
/// listing cannot hold. One listing for both, so the two formats read the same way.
public struct ValueListing: Sendable {
    public struct Entry: Sendable {
        public var key: String
        public var value: LocalizedValue
        public var location: SourceLocation?
        /// A catalog value whose device variations sit under a plural form or in a
        /// substitution, as written: ``value`` lists it device by device, compiled.
        public var written: [WrittenText] = []
        /// A catalog key's members besides its localizations, as written (its comment,
        /// extraction state, and members the reader does not model).
        public var keyMembers: [LocatedJSON.Member] = []
    }

    /// One text of a catalog value and the variation cases that lead to it, outermost first
    /// (`plural.one`, `device.ipad`).
    public struct WrittenText: Sendable {
        public var path: [String]
        public var text: String
    }

    public var file: String?
    /// `stringsdict`, or `String Catalog (<language>)`.
    public var format: String
    public var entries: [Entry]
    public var isReadable: Bool

    public init(_ dictionary: StringsDictionary) {
        file = dictionary.file
        format = "stringsdict"
        entries = dictionary.entries.map { Entry(key: $0.key, value: $0.value, location: $0.location) }
        isReadable = dictionary.isReadableOnDevice
    }

    /// One listing per language of the catalog, the source language first.
    public static func languages(of catalog: StringCatalog) -> [ValueListing] {
        // The few localizations whose compiled form is not their written one, by language
        // and key, found in one pass (the last of a language in a key counts, as compiled).
        var nested: [String: [String: StringCatalog.Localization]] = [:]
        var members: [String: [LocatedJSON.Member]] = [:]
        for key in catalog.strings {
            if !key.otherMembers.isEmpty { members[key.key] = key.otherMembers }
            for localization in key.localizations {
                nested[localization.language, default: [:]][key.key] = nestsDevices(localization) ? localization : nil
            }
        }
        return catalog.languages.map { language in
            ValueListing(
                file: catalog.file, format: "String Catalog (\(language))",
                entries: catalog.compiled(for: language).map { item in
                    var entry = Entry(key: item.key, value: item.value, location: item.location)
                    if let localization = nested[language]?[item.key] { entry.written = writtenTexts(localization) }
                    entry.keyMembers = members[item.key] ?? []
                    return entry
                },
                isReadable: catalog.isReadable)
        }
    }

    /// A device variation under another variation, or in a substitution.
    static func nestsDevices(_ localization: StringCatalog.Localization) -> Bool {
        func nests(_ value: StringCatalog.Value, under outer: Bool) -> Bool {
            switch value {
            case .unit: false
            case .variations(let kind, let cases), .unitWithVariations(_, let kind, let cases):
                (kind == .device && outer) || cases.contains { nests($0.value, under: outer || kind != .device) }
            }
        }
        return localization.value.map { nests($0, under: false) } == true
            || localization.substitutions.contains { $0.cases.contains { nests($0.value, under: true) } }
    }

    static func writtenTexts(_ localization: StringCatalog.Localization) -> [WrittenText] {
        var texts: [WrittenText] = []
        func walk(_ value: StringCatalog.Value, _ path: [String]) {
            switch value {
            case .unit(let unit):
                texts.append(WrittenText(path: path, text: unit.value))
            case .variations(let kind, let cases):
                for c in cases { walk(c.value, path + ["\(kind.rawValue).\(c.name)"]) }
            case .unitWithVariations(let unit, let kind, let cases):
                texts.append(WrittenText(path: path + ["stringUnit"], text: unit.value))
                for c in cases { walk(c.value, path + ["\(kind.rawValue).\(c.name)"]) }
            }
        }
        if let value = localization.value { walk(value, []) }
        for substitution in localization.substitutions {
            for c in substitution.cases { walk(c.value, ["substitutions.\(substitution.name)", "plural.\(c.name)"]) }
        }
        return texts
    }

    init(file: String?, format: String, entries: [Entry], isReadable: Bool) {
        self.file = file
        self.format = format
        self.entries = entries
        self.isReadable = isReadable
    }
}

/// `dump` in text for dictionaries and catalogs: each key with what a push shows, and under it
/// the variables and variants the value chooses among.
public enum ValueListingText {
    public static func render(_ listings: [ValueListing], diagnostics: [LocalizationDiagnostic]) -> String {
        var out = ""
        for listing in listings {
            out += "\(printable(listing.file ?? "<input>")) — \(listing.format)"
            out += listing.isReadable ? ", \(listing.entries.count) keys\n" : ", NOT readable (Xcode would not build it)\n"
            for entry in listing.entries {
                let place = entry.location.map { "\($0.line):\($0.column)" } ?? "-"
                let shown = entry.value.deviceText()
                out += "  \(place)  \(TableText.quoted(entry.key)) = \(TableText.quoted(shown.text))"
                if shown.isPlural { out += "  (a plural: a push shows this format key)" }
                out += "\n"
                for member in entry.keyMembers {
                    out += "      \(printable(member.key)): \(printable(member.value.serialized()))\n"
                }
                describe(entry.value, indent: "      ", into: &out)
                if !entry.written.isEmpty {
                    out += "      as written in the catalog:\n"
                    for text in entry.written {
                        out +=
                            "        \(text.path.isEmpty ? "stringUnit" : printable(text.path.joined(separator: " "))): \(TableText.quoted(text.text))\n"
                    }
                }
            }
        }
        return out + LintXcode.render(diagnostics)
    }

    private static func describe(_ value: LocalizedValue, indent: String, into out: inout String) {
        switch value {
        case .text:
            return
        case .format(let format):
            for variable in format.variables {
                let type = variable.valueType.map { ", \($0)" } ?? ""
                out += "\(indent)%#@\(printable(variable.name))@ (\(variable.kind.rawValue)\(printable(type))):"
                out += variable.cases.map { " \(printable($0.name)) \(TableText.quoted($0.format))" }.joined(separator: " ·") + "\n"
            }
        case .deviceSpecific(let variants), .widthSpecific(let variants):
            let kind = if case .deviceSpecific = value { "device" } else { "width" }
            for variant in variants {
                out += "\(indent)\(kind) \(printable(variant.name)): \(TableText.quoted(variant.value.deviceText().text))\n"
                describe(variant.value, indent: indent + "  ", into: &out)
            }
        }
    }
}

/// `dump --format json` for dictionaries and catalogs: one object per file, with its listings.
public enum ValueListingJSON {
    public static func make(file: String?, format: String, listings: [ValueListing], diagnostics: [LocalizationDiagnostic]) -> LocatedJSON {
        .object([
            ("file", .string(file)),
            ("format", .string(format)),
            ("readable", .bool(listings.allSatisfy(\.isReadable))),
            ("listings", .array(listings.map(listing))),
            ("diagnostics", .array(diagnostics.map(DiagnosticJSON.make))),
        ])
    }

    private static func listing(_ listing: ValueListing) -> LocatedJSON {
        .object([
            ("format", .string(listing.format)),
            (
                "entries",
                .array(
                    listing.entries.map { entry in
                        var members: [(String, LocatedJSON)] = [("key", .string(entry.key))]
                        if let location = entry.location { members += [("line", .number(location.line)), ("column", .number(location.column))] }
                        let shown = entry.value.deviceText()
                        members += [("pushShows", .string(shown.text)), ("value", value(entry.value))]
                        if !entry.keyMembers.isEmpty { members.append(("keyMembers", LocatedJSON(.object(entry.keyMembers)))) }
                        if !entry.written.isEmpty {
                            members.append(
                                (
                                    "written",
                                    .array(
                                        entry.written.map { .object([("path", .array($0.path.map { .string($0) })), ("text", .string($0.text))]) })
                                ))
                        }
                        return .object(members)
                    })
            ),
        ])
    }

    private static func value(_ value: LocalizedValue) -> LocatedJSON {
        switch value {
        case .text(let text):
            return .object([("text", .string(text))])
        case .format(let format):
            return .object([
                ("formatKey", .string(format.formatKey)),
                (
                    "variables",
                    .array(
                        format.variables.map { variable in
                            .object([
                                ("name", .string(variable.name)),
                                ("kind", .string(variable.kind.rawValue)),
                                ("valueType", .string(variable.valueType)),
                                ("cases", .object(variable.cases.map { ($0.name, .string($0.format)) })),
                            ])
                        })
                ),
            ])
        case .deviceSpecific(let variants), .widthSpecific(let variants):
            let kind = if case .deviceSpecific = value { "devices" } else { "widths" }
            return .object([(kind, .object(variants.map { ($0.name, self.value($0.value)) }))])
        }
    }
}
