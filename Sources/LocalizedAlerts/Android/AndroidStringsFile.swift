/// A value in an Android resource file: text, or a reference to another resource (`@string/x`).
public enum AndroidResourceValue: Sendable, Hashable {
    /// The text as compiled: what `Resources.getString` returns (styling spans dropped).
    case text(String)
    /// A reference, `@[package:]type/name`, resolved when the app is linked.
    case reference(type: String, name: String)
}

/// One `<string>` of a strings.xml file.
public struct AndroidStringResource: Sendable, Hashable {
    /// The resource name (`name="…"`).
    public var name: String
    /// The compiled value.
    public var value: AndroidResourceValue
    /// `translatable="false"`: the string is not meant to be translated.
    public var isTranslatable: Bool
    /// `formatted="false"`: the string is not a format (aapt2 does not check its specifiers).
    public var isFormatted: Bool
    /// Whether the value had styling markup (`<b>`, `<i>`, `<u>`, …): a styled string, shown
    /// without it by `getString`.
    public var isStyled: Bool
    /// Where the element starts.
    public var location: SourceLocation
}

/// One `<plurals>`: values by quantity (`zero`, `one`, `two`, `few`, `many`, `other`).
public struct AndroidPluralsResource: Sendable, Hashable {
    public var name: String
    public var items: [String: AndroidResourceValue]
    public var location: SourceLocation
}

/// One `<string-array>`: its items in order.
public struct AndroidStringArrayResource: Sendable, Hashable {
    public var name: String
    public var items: [AndroidResourceValue]
    public var location: SourceLocation
}

/// A `res/values*/strings.xml` file (or any values file) read the way aapt2 compiles it: for
/// each `<string>` the text `Resources.getString` returns on a device.
///
/// What aapt2 does, and this reader too: outside double quotes, runs of whitespace collapse to one
/// space and the value's leading and trailing whitespace is dropped (not for styled strings, whose
/// text is collapsed piece by piece between tags); double quotes are removed; `\'` `\"` `\\` `\n`
/// `\t` `\@` `\?` `\#` and `\uXXXX` are unescaped (another escaped character stands for itself);
/// an apostrophe outside double quotes is an error; entities and CDATA are text; styling tags are
/// dropped and their text kept, as is `<xliff:g>`'s. A value that is a reference (`@string/x`)
/// stays a reference. Problems are ``diagnostics`` (aapt2 would reject the file); the other
/// resources are still read.
public struct AndroidStringsFile: Sendable {
    /// The file, as given.
    public var file: String?
    /// `<string>` resources by name.
    public var strings: [String: AndroidStringResource] = [:]
    /// `<plurals>` resources by name.
    public var plurals: [String: AndroidPluralsResource] = [:]
    /// `<string-array>` resources by name.
    public var stringArrays: [String: AndroidStringArrayResource] = [:]
    /// What aapt2 would reject, located.
    public var diagnostics: [LocalizationDiagnostic] = []

    /// Reads a strings.xml from UTF-8 bytes.
    public init(parsing bytes: [UInt8], file: String? = nil, limits: ReadingLimits = .default) {
        self.file = file
        // About one string per hundred bytes in real files: room for them up front rather
        // than growing the table again and again.
        strings.reserveCapacity(min(bytes.count / 128, limits.maximumEntryCount))
        var parser = AndroidValuesParser(bytes: bytes, file: file, limits: limits)
        parser.parse(into: &self)
        diagnostics = diagnostics.cappedPerID(limits.maximumDiagnosticsPerKind)
    }

    /// Reads a strings.xml file; only failing to read it throws.
    public init(contentsOfFile path: String, limits: ReadingLimits = .default) throws(FileReadError) {
        switch try FileSystem.readFile(path, maximumSize: limits.maximumFileSize) {
        case .contents(let bytes):
            self.init(parsing: bytes, file: path, limits: limits)
        case .tooLarge(let size):
            self.init(parsing: [], file: path, limits: limits)
            diagnostics = [
                LocalizationDiagnostic(
                    .fileTooLarge, at: SourceLocation(file: path, line: 1, column: 1),
                    "the file is \(size) bytes, over the reading limit of \(limits.maximumFileSize) bytes")
            ]
        }
    }

    /// A string's text with references followed inside this file (at most 16 steps); nil when
    /// the string or a referenced one is not here.
    public func text(ofString name: String) -> String? {
        var value = strings[name]?.value
        for _ in 0..<16 {
            switch value {
            case .text(let text)?: return text
            case .reference(let type, let target)? where type == "string": value = strings[target]?.value
            default: return nil
            }
        }
        return nil
    }
}

/// How aapt2 turns a value element's content into text (its `StringBuilder` and the flattening
/// of the element's subtree in `ResourceParser`).
package enum AAPT2StringBuilder {
    /// One piece of an element's content: text (its UTF-8), or the edge of a styling tag.
    package enum Piece: Equatable {
        case text(ArraySlice<UInt8>)
        case spanEdge
    }

    package enum Failure: Error, Equatable {
        case unescapedApostrophe
        case invalidUnicodeEscape
    }

    /// C `isspace` on ASCII.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && isSpace(UInt8(truncatingIfNeeded: scalar.value))
    }

    /// C `isspace` on a byte (every byte of a multi-byte character is 0x80 or above: never a space).
    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// The compiled text of `pieces`. Without styling tags the whole text's leading and
    /// trailing whitespace is dropped first; with them each run of text between tags is
    /// collapsed on its own, its double quotes too. A NUL character (from `\u0000` or a short
    /// `\u`) turns the rest of the string into NULs, one per byte of aapt2's UTF-8.
    ///
    /// Everything aapt2 treats specially is ASCII, so the text is built as UTF-8 bytes and
    /// becomes a String once.
    package static func build(_ pieces: [Piece]) throws(Failure) -> String {
        var segments: [ArraySlice<UInt8>] = []
        // A run of one text is its slice of the file; a run of several (split by <xliff:g>,
        // comments or CDATA) is joined into a buffer, appended to rather than copied each time.
        var current: ArraySlice<UInt8> = []
        var joined: [UInt8] = []
        var pieceCount = 0
        for piece in pieces {
            switch piece {
            case .text(let text):
                if pieceCount == 1 { joined = Array(current) }
                if pieceCount == 0 { current = text } else { joined += text }
                pieceCount += 1
            case .spanEdge:
                segments.append(pieceCount > 1 ? joined[...] : current)
                current = []
                pieceCount = 0
            }
        }
        if pieceCount > 1 { current = joined[...] }
        var output: [UInt8] = []
        if segments.isEmpty {
            let text = trimmed(current)
            // Most values have nothing to unescape or collapse: they are their own text.
            if isPlain(text) { return String(decoding: text, as: UTF8.self) }
            output.reserveCapacity(text.count)
            try append(text, to: &output)
        } else {
            segments.append(current)
            for segment in segments { try append(segment, to: &output) }
        }
        if let nul = output.firstIndex(of: 0) {
            // aapt2's UTF-8 writes a character outside the BMP as two 3-byte surrogates: six
            // bytes for the four of UTF-8.
            let rest = output.count - nul + 2 * output[nul...].count { $0 >= 0xF0 }
            output.replaceSubrange(nul..., with: repeatElement(0, count: rest))
        }
        return String(decoding: output, as: UTF8.self)
    }

    static func trimmed(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) }) else { return [] }
        return text[first...last]
    }

    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        if first == scalars.startIndex, last == scalars.index(before: scalars.endIndex) { return text }
        return String(scalars[first...last])
    }

    /// Whether ``append(_:to:)`` would copy `text` as it is: no escape, quote, apostrophe, NUL
    /// or whitespace other than single spaces.
    static func isPlain(_ text: ArraySlice<UInt8>) -> Bool {
        var lastWasSpace = false
        for byte in text {
            switch byte {
            case 0x5C, 0x22, 0x27, 0x00, 0x09...0x0D: return false
            case 0x20:
                if lastWasSpace { return false }
                lastWasSpace = true
            default: lastWasSpace = false
            }
        }
        return true
    }

    static func append(_ text: ArraySlice<UInt8>, to output: inout [UInt8]) throws(Failure) {
        var quoted = false
        var lastWasSpace = false
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            index += 1
            if !quoted, isSpace(byte) {
                if !lastWasSpace {
                    output.append(0x20)
                    lastWasSpace = true
                }
                continue
            }
            lastWasSpace = false
            switch byte {
            case UInt8(ascii: "\\"):
                guard index < text.endIndex else { continue }
                let escaped = text[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "t"): output.append(0x09)
                case UInt8(ascii: "n"): output.append(0x0A)
                case UInt8(ascii: "u"):
                    var value: UInt32 = 0
                    var digits = 0
                    while digits < 4, index < text.endIndex {
                        guard let digit = hexValue(text[index]) else { throw .invalidUnicodeEscape }
                        value = value * 16 + digit
                        index += 1
                        digits += 1
                    }
                    // A surrogate cannot be written as UTF-8: aapt2 drops it.
                    if let decoded = Unicode.Scalar(value) { output.append(contentsOf: UTF8.encode(decoded)!) }
                // Any other escaped character stands for itself; the rest of a multi-byte one
                // follows as ordinary bytes.
                default: output.append(escaped)
                }
            case UInt8(ascii: "\""):
                quoted.toggle()
            case UInt8(ascii: "'") where !quoted:
                throw .unescapedApostrophe
            default:
                output.append(byte)
            }
        }
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte) - 0x30
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte) - 0x61 + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte) - 0x41 + 10
        default: nil
        }
    }

    /// aapt2's check of a formatted string (`VerifyJavaStringFormat`): false when there are
    /// several arguments and one is not positional. Strings that look like `Time.format`
    /// patterns pass.
    package static func isAcceptedFormat(_ text: String) -> Bool {
        var text = text
        // Every character the check looks at is ASCII: it walks the UTF-8 bytes.
        return text.withUTF8 { bytes in
            var index = 0
            var argumentCount = 0
            var nonpositional = false
            func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") }
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "%"), index + 1 < bytes.count {
                    index += 1
                    if bytes[index] == UInt8(ascii: "%") || bytes[index] == UInt8(ascii: "n") {
                        index += 1
                        continue
                    }
                    argumentCount += 1
                    let digitsStart = index
                    while isDigit(index) { index += 1 }
                    if index > digitsStart {
                        if index < bytes.count, bytes[index] != UInt8(ascii: "$") { nonpositional = true }
                    } else if bytes[index] == UInt8(ascii: "<") {
                        nonpositional = true
                        index += 1
                        if index < bytes.count, bytes[index] == UInt8(ascii: "$") { index += 1 }
                    } else {
                        nonpositional = true
                    }
                    while index < bytes.count, "-#+ ,(0123456789".utf8.contains(bytes[index]) { index += 1 }
                    if index < bytes.count, "DFKMWZkmwyz".utf8.contains(bytes[index]) { return true }
                }
                if index < bytes.count { index += 1 }
            }
            return !(argumentCount > 1 && nonpositional)
        }
    }

    /// aapt2's resource types (`ParseResourceType`).
    static let resourceTypes: Set<Substring> = [
        "^attr-private", "anim", "animator", "array", "attr", "bool", "color", "configVarying", "dimen", "drawable", "font", "fraction", "id",
        "integer", "interpolator", "layout", "menu", "mipmap", "navigation", "plurals", "raw", "string", "style", "styleable", "transition", "xml",
    ]

    /// The reference a value's raw text is, aapt2's way (`ParseReference`,
    /// `ParseAttributeReference`): the trimmed text is `@[+][*][package:]type/entry` with a known
    /// type and any non-empty entry, or `?[package:][attr/]entry`. `@null` is a reference to
    /// nothing (type `null`); a framework resource has type `android:type`. Nil for anything
    /// else, which is then text (`@empty` is the empty text).
    package static func reference(in raw: String) -> AndroidResourceValue? {
        // Only a text starting with '@' or '?' (after whitespace) can be a reference.
        guard let lead = raw.utf8.first(where: { !isSpace(Unicode.Scalar($0)) }), lead == UInt8(ascii: "@") || lead == UInt8(ascii: "?") else {
            return nil
        }
        let text = trimmed(raw)
        if text == "@null" { return .reference(type: "null", name: "null") }
        if text == "@empty" { return .text("") }
        /// `ExtractResourceName`; nil for an empty package before ':'.
        func split(_ body: Substring) -> (package: Substring, type: Substring, entry: Substring)? {
            var package: Substring = ""
            // A '@' starting the name is skipped (`?@name` is `?name`, `@@string/a` is `@string/a`).
            var rest = body.hasPrefix("@") ? body.dropFirst() : body
            if rest.hasPrefix(":") { return nil }
            if let colon = rest.firstIndex(of: ":"), rest.firstIndex(of: "/").map({ colon < $0 }) ?? true {
                package = rest[..<colon]
                rest = rest[rest.index(after: colon)...]
            }
            guard let slash = rest.firstIndex(of: "/") else { return (package, "", rest) }
            return (package, rest[..<slash], rest[rest.index(after: slash)...])
        }
        func qualified(_ package: Substring, _ type: Substring) -> String { package.isEmpty ? String(type) : "\(package):\(type)" }
        if text.hasPrefix("@") {
            var body = text.dropFirst()
            let create = body.hasPrefix("+")
            if create { body = body.dropFirst() }
            let isPrivate = body.hasPrefix("*")
            if isPrivate { body = body.dropFirst() }
            guard let (package, type, entry) = split(body), resourceTypes.contains(type), !entry.isEmpty, !(create && (isPrivate || type != "id"))
            else {
                return nil
            }
            return .reference(type: qualified(package, type), name: String(entry))
        }
        if text.hasPrefix("?") {
            guard let (package, type, entry) = split(text.dropFirst()), type.isEmpty || type == "attr", !entry.isEmpty else { return nil }
            return .reference(type: qualified(package, "attr"), name: String(entry))
        }
        return nil
    }
}

/// Walks a values file's events into an ``AndroidStringsFile``.
struct AndroidValuesParser {
    static let xliffNamespace = "urn:oasis:names:tc:xliff:document:1.2"
    static let quantities: Set<String> = ["zero", "one", "two", "few", "many", "other"]

    var reader: ResourceXMLReader
    let file: String?
    let limits: ReadingLimits
    var entryCount = 0

    init(bytes: [UInt8], file: String?, limits: ReadingLimits) {
        self.reader = ResourceXMLReader(bytes: bytes, file: file, maximumDepth: limits.maximumNestingDepth)
        self.file = file
        self.limits = limits
    }

    mutating func parse(into result: inout AndroidStringsFile) {
        var sawResources = false
        while let event = reader.next() {
            guard case .start(let name, let namespace, _, let location) = event else { continue }
            if name != "resources" || !namespace.isEmpty {
                result.diagnostics.append(
                    LocalizationDiagnostic(.androidInvalidResource, at: location, "the root element must be <resources>, not <\(name)>"))
                skipElement()
                break
            }
            sawResources = true
            parseResources(into: &result)
            break
        }
        drain()
        if let failure = reader.failure {
            result.diagnostics.append(LocalizationDiagnostic(.androidMalformedXML, at: failure.location, "XML error: \(failure.message)"))
        } else if !sawResources, result.diagnostics.isEmpty {
            result.diagnostics.append(
                LocalizationDiagnostic(
                    .androidInvalidResource, at: SourceLocation(file: file, line: 1, column: 1), "the file has no <resources> element"))
        }
    }

    /// Reads to the end, so that a well-formedness error after the resources is reported.
    mutating func drain() {
        while reader.next() != nil {}
    }

    /// Skips the rest of the element whose start tag was just read.
    mutating func skipElement() {
        let depth = reader.depth
        while reader.depth >= depth, reader.next() != nil {}
    }

    mutating func parseResources(into result: inout AndroidStringsFile) {
        let depth = reader.depth
        while reader.depth >= depth, let event = reader.next() {
            switch event {
            case .text(let text, _):
                if text.contains(where: { !AAPT2StringBuilder.isSpace($0) }) {
                    result.diagnostics.append(
                        LocalizationDiagnostic(
                            .androidInvalidResource, at: reader.locationOfFirstVisibleInLastText(), "plain text is not allowed between resources"))
                }
            case .start(let name, let namespace, let attributes, let location):
                guard namespace.isEmpty else {
                    skipElement()
                    continue
                }
                entryCount += 1
                if entryCount > limits.maximumEntryCount {
                    result.diagnostics.append(
                        LocalizationDiagnostic(
                            .tooManyEntries, at: location, "more than \(limits.maximumEntryCount) resources: the rest of the file is not read"))
                    skipElement()
                    while reader.depth >= depth, reader.next() != nil {}
                    return
                }
                parseResource(name, attributes: attributes, at: location, into: &result)
            case .end, .comment:
                continue
            }
        }
    }

    static func attribute(_ name: String, in attributes: [ResourceXMLReader.Attribute]) -> String? {
        attributes.first { $0.name == name && $0.namespace.isEmpty }?.value
    }

    mutating func parseResource(
        _ element: String, attributes: [ResourceXMLReader.Attribute], at location: SourceLocation, into result: inout AndroidStringsFile
    ) {
        guard ["string", "plurals", "string-array"].contains(element) else {
            skipElement()
            return
        }
        guard let name = Self.attribute("name", in: attributes), !name.isEmpty else {
            result.diagnostics.append(LocalizationDiagnostic(.androidInvalidResource, at: location, "<\(element)> has no 'name' attribute"))
            skipElement()
            return
        }
        let translatable = Self.attribute("translatable", in: attributes) != "false"
        switch element {
        case "string":
            let formatted = Self.attribute("formatted", in: attributes) != "false"
            guard let (value, styled) = parseValue(at: location, into: &result) else { return }
            // Styled strings are not checked (aapt2 checks plain String values only).
            if formatted, translatable, !styled, case .text(let text) = value, !AAPT2StringBuilder.isAcceptedFormat(text) {
                result.diagnostics.append(
                    LocalizationDiagnostic(
                        .androidNonpositionalFormat, at: location,
                        "string '\(name)' has several format arguments, not all positional",
                        hint: "number them (%1$s, %2$s) or add formatted=\"false\""))
                return
            }
            if let earlier = result.strings[name] {
                duplicate("string", name, at: location, earlier: earlier.location, into: &result)
                return
            }
            result.strings[name] = AndroidStringResource(
                name: name, value: value, isTranslatable: translatable, isFormatted: formatted, isStyled: styled, location: location)
        case "plurals":
            var items: [String: AndroidResourceValue] = [:]
            var failed = false
            forEachItem(into: &result) { parser, itemAttributes, itemLocation, result in
                let quantity = Self.attribute("quantity", in: itemAttributes) ?? ""
                guard Self.quantities.contains(quantity) else {
                    result.diagnostics.append(
                        LocalizationDiagnostic(.androidInvalidResource, at: itemLocation, "'\(quantity)' is not a plural quantity"))
                    parser.skipElement()
                    failed = true
                    return
                }
                guard let (value, _) = parser.parseValue(at: itemLocation, into: &result) else {
                    failed = true
                    return
                }
                if items[quantity] != nil {
                    result.diagnostics.append(
                        LocalizationDiagnostic(.androidDuplicateResource, at: itemLocation, "duplicate quantity '\(quantity)' in plurals '\(name)'"))
                    failed = true
                }
                items[quantity] = value
            }
            guard !failed else { return }
            if let earlier = result.plurals[name] {
                duplicate("plurals", name, at: location, earlier: earlier.location, into: &result)
                return
            }
            result.plurals[name] = AndroidPluralsResource(name: name, items: items, location: location)
        default:
            var items: [AndroidResourceValue] = []
            var failed = false
            forEachItem(into: &result) { parser, _, itemLocation, result in
                guard let (value, _) = parser.parseValue(at: itemLocation, into: &result) else {
                    failed = true
                    return
                }
                items.append(value)
            }
            guard !failed else { return }
            if let earlier = result.stringArrays[name] {
                duplicate("array", name, at: location, earlier: earlier.location, into: &result)
                return
            }
            result.stringArrays[name] = AndroidStringArrayResource(name: name, items: items, location: location)
        }
    }

    func duplicate(_ type: String, _ name: String, at location: SourceLocation, earlier: SourceLocation, into result: inout AndroidStringsFile) {
        result.diagnostics.append(
            LocalizationDiagnostic(
                .androidDuplicateResource, at: location, "duplicate value for resource '\(type)/\(name)'",
                notes: [.init(location: earlier, message: "first defined here")]))
    }

    /// Calls `body` for each `<item>` child of the element just started.
    mutating func forEachItem(
        into result: inout AndroidStringsFile,
        _ body: (inout AndroidValuesParser, [ResourceXMLReader.Attribute], SourceLocation, inout AndroidStringsFile) -> Void
    ) {
        let depth = reader.depth
        while reader.depth >= depth, let event = reader.next() {
            switch event {
            case .start(let name, let namespace, let attributes, let location):
                if name == "item", namespace.isEmpty {
                    body(&self, attributes, location, &result)
                } else {
                    skipElement()
                }
            case .text(let text, let location):
                if text.contains(where: { !AAPT2StringBuilder.isSpace($0) }) {
                    result.diagnostics.append(LocalizationDiagnostic(.androidInvalidResource, at: location, "plain text is not allowed here"))
                }
            case .end, .comment:
                continue
            }
        }
    }

    /// The value of the element just started, read to its end tag: (value, styled), or nil
    /// after a diagnostic.
    mutating func parseValue(at location: SourceLocation, into result: inout AndroidStringsFile) -> (AndroidResourceValue, Bool)? {
        let depth = reader.depth
        var pieces: [AAPT2StringBuilder.Piece] = []
        var xliffDepth: Int?
        var failed = false
        while reader.depth >= depth, let event = reader.next() {
            switch event {
            case .text(let text, _):
                pieces.append(.text(text))
            case .start(let name, let namespace, _, let elementLocation):
                if namespace.isEmpty {
                    pieces.append(.spanEdge)
                } else if namespace == Self.xliffNamespace, name == "g" {
                    if xliffDepth != nil, !failed {
                        result.diagnostics.append(
                            LocalizationDiagnostic(.androidNestedXLIFF, at: elementLocation, "<xliff:g> inside another <xliff:g>"))
                        failed = true
                    }
                    xliffDepth = reader.depth
                }
            case .end(let name, let namespace, _):
                if reader.depth < depth { break }
                if namespace.isEmpty {
                    pieces.append(.spanEdge)
                } else if namespace == Self.xliffNamespace, name == "g", xliffDepth == reader.depth + 1 {
                    xliffDepth = nil
                }
            case .comment:
                continue
            }
        }
        guard !failed, reader.failure == nil else { return nil }
        let styled = pieces.contains(.spanEdge)
        // Only a text whose first visible character is '@' or '?' can be a reference.
        if !styled,
            let lead = pieces.lazy.compactMap({ piece -> UInt8? in
                guard case .text(let text) = piece else { return nil }
                return text.first { !AAPT2StringBuilder.isSpace($0) }
            }).first, lead == UInt8(ascii: "@") || lead == UInt8(ascii: "?")
        {
            var raw: [UInt8] = []
            for case .text(let text) in pieces { raw += text }
            if let reference = AAPT2StringBuilder.reference(in: String(decoding: raw, as: UTF8.self)) { return (reference, false) }
        }
        do throws(AAPT2StringBuilder.Failure) {
            return (.text(try AAPT2StringBuilder.build(pieces)), styled)
        } catch {
            switch error {
            case .unescapedApostrophe:
                result.diagnostics.append(
                    LocalizationDiagnostic(
                        .androidUnescapedApostrophe, at: location, "unescaped apostrophe in string",
                        hint: "write \\' or put the text in double quotes"))
            case .invalidUnicodeEscape:
                result.diagnostics.append(
                    LocalizationDiagnostic(.androidInvalidUnicodeEscape, at: location, "invalid \\u escape: four hexadecimal digits expected"))
            }
            return nil
        }
    }
}
