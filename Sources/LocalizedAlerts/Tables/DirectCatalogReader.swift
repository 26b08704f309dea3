/// Reads a String Catalog straight from its bytes into its keys, without the located JSON tree,
/// which with walking and freeing it was three quarters of reading a catalog. The JSON is walked
/// by the direct payload reader's cursor (``DirectPayloadReader``: objects, keys, strings and
/// their escapes, numbers, and the values it passes over), and what the catalog says is reported
/// by the located reader's own rules (``StringCatalogReader``), in the order it reports them.
///
/// It gives up (nil) on anything the located path would remark on in the JSON (a syntax error,
/// a duplicate key, nesting past the limits, invalid UTF-8), on the catalog's structural errors
/// (no `sourceLanguage`, an unknown `version`, a `stringUnit` without a value, a variation of
/// another kind), and on a member of another type than Xcode writes: the located path then
/// reads the catalog, and says why. So whenever this reader answers, its catalog is the located
/// path's, with the same locations and the same findings in the same order.
struct DirectCatalogReader {
    typealias GiveUp = DirectPayloadReader.GiveUp
    typealias Kind = LocalizedFormat.Variable.Kind

    private var json: DirectPayloadReader
    private var catalog: StringCatalogReader
    /// A key's localizations and the cases of the variations being read (innermost last), as
    /// they are read, then made into arrays of their exact size: one allocation each, where a
    /// growing array makes one at every doubling.
    private var localizationsRead: [StringCatalog.Localization] = []
    private var casesRead: [StringCatalog.Value.Case] = []

    /// Members of a catalog's `localizations` and `substitutions` compared for duplicates; an
    /// object of more is left to the located reader.
    private static let mostLanguages = 256

    /// The catalog's parts and its findings; nil when the located path is to read it.
    static func read(
        _ bytes: [UInt8], file: String?, limits: ReadingLimits
    ) -> (parsed: StringCatalogReader.Catalog, findings: [StringCatalogReader.Finding])? {
        // Past these the located reader stops with a finding; a document holds fewer values than bytes.
        guard limits.maximumNestingDepth >= DirectPayloadReader.maximumDepth, bytes.count <= limits.maximumValueCount else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = DirectCatalogReader(json: DirectPayloadReader(text: buffer, file: file), catalog: StringCatalogReader(file: file))
            // A byte-order mark is passed over by the located reader too (and counts in the first line's columns).
            reader.json.pos = TextDecoder.utf8TextStart(buffer)
            guard TextDecoder.firstInvalidUTF8(in: buffer, from: reader.json.pos) == nil else { return nil }
            reader.json.skipWhitespace()
            guard let parsed = try? reader.readRoot() else { return nil }
            reader.json.skipWhitespace()
            guard reader.json.pos == buffer.count else { return nil }
            return (parsed, reader.catalog.findings)
        }
    }

    private init(json: DirectPayloadReader, catalog: StringCatalogReader) {
        self.json = json
        self.catalog = catalog
    }

    private mutating func location(of offset: Int) -> SourceLocation { json.lines.location(of: offset, in: json.text) }

    private mutating func readRoot() throws(GiveUp) -> StringCatalogReader.Catalog {
        var sourceLanguage: String?
        var version: String?
        var strings: [StringCatalog.Key]?
        var root = try json.enter(UInt8(ascii: "{"))
        while let member = try json.nextKey(&root) {
            try json.checkUnique(member, in: root)
            if json.equals(member, "sourceLanguage") {
                let language = try json.readString()
                guard !language.isEmpty else { throw GiveUp() }
                sourceLanguage = language
            } else if json.equals(member, "version") {
                let text = try json.readString()
                guard StringCatalogReader.isKnownVersion(text) else { throw GiveUp() }
                version = text
            } else if json.equals(member, "strings") {
                strings = try readStrings(depth: 2)
            } else {
                try json.skipValue(depth: 2)
            }
        }
        guard let sourceLanguage, let strings else { throw GiveUp() }
        return (sourceLanguage, version, strings)
    }

    /// `strings`: every key, written with any text (escapes included).
    private mutating func readStrings(depth: Int) throws(GiveUp) -> [StringCatalog.Key] {
        var keys: [StringCatalog.Key] = []
        // The located reader's keys are `String`s: canonically equivalent keys are one to it, as here.
        var names = Set<String>()
        var object = try json.enter(UInt8(ascii: "{"))
        while try json.advance(&object) {
            let start = json.pos
            let name = try json.readString()
            json.skipWhitespace()
            try json.expectLiteral(":")
            json.skipWhitespace()
            guard names.insert(name).inserted else { throw GiveUp() }
            keys.append(try readKey(name, location: location(of: start), depth: depth + 1))
        }
        return keys
    }

    private mutating func readKey(_ name: String, location: SourceLocation, depth: Int) throws(GiveUp) -> StringCatalog.Key {
        catalog.currentKey = name
        defer { catalog.currentKey = nil }
        let findings = catalog.findings.count
        var key = StringCatalog.Key(key: name, location: location, comment: nil, extractionState: nil, shouldTranslate: true, localizations: [])
        var object = try json.enter(UInt8(ascii: "{"))
        while let member = try json.nextKey(&object) {
            try json.checkUnique(member, in: object)
            if json.equals(member, "localizations") {
                key.localizations = try readLocalizations(of: name, depth: depth + 1)
                continue
            }
            // Every other member is kept as written.
            let keyLocation = self.location(of: member.lowerBound - 1)
            let value = try readKept(depth: depth + 1)
            if json.equals(member, "comment") {
                key.comment = value.stringValue
            } else if json.equals(member, "extractionState") {
                key.extractionState = value.stringValue
            } else if json.equals(member, "shouldTranslate"), let flag = value.boolValue {
                key.shouldTranslate = flag
            }
            key.otherMembers.append(LocatedJSON.Member(key: json.string(member), keyLocation: keyLocation, value: value))
        }
        if key.extractionState == "stale" {
            catalog.reportStale(key)
            // The first finding about the key, wherever its member is written.
            if catalog.findings.count - 1 > findings { catalog.findings.insert(catalog.findings.removeLast(), at: findings) }
        }
        if !key.shouldTranslate { catalog.reportNotTranslatable(key) }
        return key
    }

    /// A member of a key this reader does not take apart, as the located reader reads it.
    private mutating func readKept(depth: Int) throws(GiveUp) -> LocatedJSON {
        guard json.pos < json.text.count else { throw GiveUp() }
        let start = json.pos
        switch json.text[start] {
        case UInt8(ascii: "\""): return LocatedJSON(.string(try json.readString()), location: location(of: start))
        case UInt8(ascii: "t"):
            try json.expectLiteral("true")
            return LocatedJSON(.bool(true), location: location(of: start))
        case UInt8(ascii: "f"):
            try json.expectLiteral("false")
            return LocatedJSON(.bool(false), location: location(of: start))
        default:
            // Numbers, null, arrays and objects: read by the located reader itself.
            guard
                let (value, end) = JSONParser.value(
                    at: start, depth: depth, in: json.text, lines: &json.lines, maximumDepth: DirectPayloadReader.maximumDepth)
            else { throw GiveUp() }
            json.pos = end
            return value
        }
    }

    private mutating func readLocalizations(of key: String, depth: Int) throws(GiveUp) -> [StringCatalog.Localization] {
        var object = try json.enter(UInt8(ascii: "{"))
        while let member = try json.nextKey(&object) {
            try json.checkUnique(member, in: object, limit: Self.mostLanguages)
            let language = json.string(member)
            let location = self.location(of: member.lowerBound - 1)
            let (value, substitutions) = try readValue(key: key, language: language, depth: depth + 1, withSubstitutions: true)
            let localization = StringCatalog.Localization(language: language, location: location, value: value, substitutions: substitutions)
            catalog.checkSubstitutions(localization, key: key)
            localizationsRead.append(localization)
        }
        return Self.take(&localizationsRead, from: 0)
    }

    /// The elements of `read` from `start`, removed from it, as an array of exactly their number
    /// (`Array(read[start...])` would share `read`'s storage when `start` is 0).
    private static func take<Element>(_ read: inout [Element], from start: Int) -> [Element] {
        let count = read.count - start
        let taken = [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            read.withUnsafeBufferPointer { source in _ = buffer.initialize(fromContentsOf: source[start...]) }
            initialized = count
        }
        read.removeSubrange(start...)
        return taken
    }

    /// A localization's value, or a variation case's: a string unit, variations, a string set,
    /// and at a localization its `substitutions` (the located reader reads them only there).
    private mutating func readValue(
        key: String, language: String, depth: Int, withSubstitutions: Bool
    ) throws(GiveUp) -> (value: StringCatalog.Value?, substitutions: [StringCatalog.Substitution]) {
        guard depth < DirectPayloadReader.maximumDepth else { throw GiveUp() }
        var unit: StringCatalog.StringUnit?
        var variations: (kind: Kind, cases: [StringCatalog.Value.Case])?
        var set: StringCatalog.StringUnit?
        var substitutions: [StringCatalog.Substitution] = []
        var findings = MemberFindings(start: catalog.findings.count)
        var object = try json.enter(UInt8(ascii: "{"))
        while let member = try json.nextKey(&object) {
            try json.checkUnique(member, in: object)
            let before = catalog.findings.count
            if json.equals(member, "stringUnit") {
                unit = try readUnit(key: key, language: language, depth: depth + 1)
                findings.note(.unit, before..<catalog.findings.count)
            } else if json.equals(member, "variations") {
                variations = try readVariations(key: key, language: language, depth: depth + 1)
                findings.note(.variations, before..<catalog.findings.count)
            } else if json.equals(member, "stringSet") {
                set = try readStringSet(depth: depth + 1)
            } else if withSubstitutions && json.equals(member, "substitutions") {
                substitutions = try readSubstitutions(key: key, language: language, depth: depth + 1)
                findings.note(.substitutions, before..<catalog.findings.count)
            } else {
                try json.skipValue(depth: depth + 1)
            }
        }
        findings.reorder(&catalog.findings)
        let value: StringCatalog.Value?
        if let variations {
            value =
                unit.map { .unitWithVariations($0, kind: variations.kind, cases: variations.cases) }
                ?? .variations(kind: variations.kind, cases: variations.cases)
        } else {
            value = (unit ?? set).map { .unit($0) }
        }
        return (value, substitutions)
    }

    /// Where the findings about one value's members are, read in file order, so that they can be
    /// listed in the located reader's order: the string unit's, the variations', the substitutions'.
    private struct MemberFindings {
        enum Member: Int {
            case unit, variations, substitutions
        }

        let start: Int
        var ranges: (Range<Int>?, Range<Int>?, Range<Int>?)
        /// The last member with findings, and whether one came before a member listed before it.
        var last = -1
        var isOutOfOrder = false

        init(start: Int) {
            self.start = start
            ranges = (nil, nil, nil)
        }

        mutating func note(_ member: Member, _ range: Range<Int>) {
            guard !range.isEmpty else { return }
            switch member {
            case .unit: ranges.0 = range
            case .variations: ranges.1 = range
            case .substitutions: ranges.2 = range
            }
            if member.rawValue < last { isOutOfOrder = true }
            last = member.rawValue
        }

        func reorder(_ findings: inout [StringCatalogReader.Finding]) {
            guard isOutOfOrder else { return }
            let read = Array(findings[start...])
            findings.removeSubrange(start...)
            for range in [ranges.0, ranges.1, ranges.2] {
                if let range { findings += read[(range.lowerBound - start)..<(range.upperBound - start)] }
            }
        }
    }

    private mutating func readUnit(key: String, language: String, depth: Int) throws(GiveUp) -> StringCatalog.StringUnit {
        var value: String?
        var valueLocation: SourceLocation?
        var state: String?
        var stateLocation: SourceLocation?
        var object = try json.enter(UInt8(ascii: "{"))
        while let member = try json.nextKey(&object) {
            try json.checkUnique(member, in: object)
            let start = json.pos
            if json.equals(member, "value") {
                value = try json.readString()
                valueLocation = location(of: start)
            } else if json.equals(member, "state") {
                let text = try json.readString()
                // Located while reading goes forward, and only when it is reported.
                if StringCatalogReader.isReported(state: text) { stateLocation = location(of: start) }
                state = text
            } else {
                try json.skipValue(depth: depth + 1)
            }
        }
        guard let value else { throw GiveUp() }
        if let state, StringCatalogReader.isReported(state: state) {
            catalog.reportUntranslated(state: state, at: stateLocation, key: key, language: language)
        }
        return StringCatalog.StringUnit(state: state, value: value, location: valueLocation)
    }

    /// `stringSet`: its first text stands for it (``StringCatalogReader/readStringSet(_:key:language:)``).
    private mutating func readStringSet(depth: Int) throws(GiveUp) -> StringCatalog.StringUnit {
        var state: String?
        var first: (text: String, location: SourceLocation)?
        var object = try json.enter(UInt8(ascii: "{"))
        while let member = try json.nextKey(&object) {
            try json.checkUnique(member, in: object)
            if json.equals(member, "values") {
                var items = try json.enter(UInt8(ascii: "["))
                while try json.nextItem(&items) {
                    let start = json.pos
                    let text = try json.readString()
                    if first == nil { first = (text, location(of: start)) }
                }
            } else if json.equals(member, "state") {
                state = try json.readString()
            } else {
                try json.skipValue(depth: depth + 1)
            }
        }
        guard let first else { throw GiveUp() }
        return StringCatalog.StringUnit(state: state, value: first.text, location: first.location)
    }

    private mutating func readVariations(key: String, language: String, depth: Int) throws(GiveUp) -> (
        kind: Kind, cases: [StringCatalog.Value.Case]
    )? {
        var object = try json.enter(UInt8(ascii: "{"))
        guard let first = try json.nextKey(&object) else { return nil }
        try json.checkUnique(first, in: object)
        guard let kind = StringCatalogReader.variationKind(json.string(first)) else { throw GiveUp() }
        let casesStart = casesRead.count
        var members = try json.enter(UInt8(ascii: "{"))
        while let member = try json.nextKey(&members) {
            try json.checkUnique(member, in: members)
            let name = json.string(member)
            let location = self.location(of: member.lowerBound - 1)
            catalog.checkCaseName(name, kind: kind, at: location, key: key, language: language)
            if let value = try readValue(key: key, language: language, depth: depth + 2, withSubstitutions: false).value {
                casesRead.append(StringCatalog.Value.Case(name: name, value: value, location: location))
            }
        }
        let cases = Self.take(&casesRead, from: casesStart)
        if StringCatalogReader.lacksOther(kind, cases) {
            catalog.reportMissingOther(at: location(of: first.lowerBound - 1), key: key, language: language)
        }
        // Only the first member is a variation, to the located reader too.
        while let member = try json.nextKey(&object) {
            try json.checkUnique(member, in: object)
            try json.skipValue(depth: depth + 1)
        }
        return (kind, cases)
    }

    private mutating func readSubstitutions(key: String, language: String, depth: Int) throws(GiveUp) -> [StringCatalog.Substitution] {
        var substitutions: [StringCatalog.Substitution] = []
        var object = try json.enter(UInt8(ascii: "{"))
        while let member = try json.nextKey(&object) {
            try json.checkUnique(member, in: object, limit: Self.mostLanguages)
            var substitution = StringCatalog.Substitution(
                name: json.string(member), argumentNumber: nil, formatSpecifier: nil, cases: [], location: location(of: member.lowerBound - 1))
            var fields = try json.enter(UInt8(ascii: "{"))
            while let field = try json.nextKey(&fields) {
                try json.checkUnique(field, in: fields)
                if json.equals(field, "argNum") {
                    substitution.argumentNumber = try json.readNumber().int64Value.map { Int($0) }
                } else if json.equals(field, "formatSpecifier") {
                    substitution.formatSpecifier = try json.readString()
                } else if json.equals(field, "variations") {
                    substitution.cases = try readVariations(key: key, language: language, depth: depth + 2)?.cases ?? []
                } else {
                    try json.skipValue(depth: depth + 2)
                }
            }
            substitutions.append(substitution)
        }
        return substitutions
    }
}
