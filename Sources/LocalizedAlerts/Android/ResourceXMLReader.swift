/// A small pull reader for Android resource XML (`res/values*/strings.xml`): elements with
/// namespaces resolved, attributes, text (CDATA included) with the five predefined entities and
/// character references decoded, comments skipped. It reports the first well-formedness error
/// with its location and stops, as expat (which aapt2 uses) does; DTDs are refused, so no entity
/// can expand. Lines end in `\n` whatever the file used.
///
/// It works on the UTF-8 bytes themselves: runs of plain text are copied into a `String` in one
/// step, and locations are counted only when an event or a failure needs one, in one pass over
/// the file however many are asked for (they are asked for in order).
struct ResourceXMLReader {
    enum Event: Equatable {
        /// A start tag; `namespace` is the element's resolved namespace URI ("" for none).
        case start(name: String, namespace: String, attributes: [Attribute], location: SourceLocation)
        case end(name: String, namespace: String, location: SourceLocation)
        /// Character data as UTF-8 (entities decoded, line ends read as LF; CDATA content as
        /// is): usually a slice of the file's own bytes, so that reading text copies nothing.
        case text(ArraySlice<UInt8>, location: SourceLocation)
        /// A comment, whose content is not kept.
        case comment
    }

    struct Attribute: Equatable {
        var name: String
        var namespace: String
        var value: String
    }

    struct Failure: Error, Equatable {
        var message: String
        var location: SourceLocation
    }

    private struct OpenElement {
        var name: String
        var qualified: String
        var namespace: String
        /// How many namespace bindings were in force before this element's own.
        var bindingCount: Int
    }

    private let bytes: [UInt8]
    private let file: String?
    private let maximumDepth: Int
    private var position: Int
    /// The last location counted: locations are counted on from here.
    private var counted: (offset: Int, line: Int, column: Int)
    private var openElements: [OpenElement] = []
    /// The namespace declarations in force, innermost last: each with the binding of its prefix
    /// that it hides (an index here, or nil).
    private var bindings: [(prefix: String, uri: String, hidden: Int?)] = []
    /// Per prefix, its binding in force (an index of `bindings`), or nil: resolving a prefix is
    /// one look whatever the depth and the number of declarations.
    private var bindingOfPrefix = ByteKeyMap<Int?>()
    /// The names of the tag being read once it has more than ``scannedAttributeCount``
    /// attributes, to find a repeated one in one look.
    private var attributeNames = ByteKeyMap<Bool>()
    /// Up to this many attributes a repeated name is looked for by comparing with each.
    private static let scannedAttributeCount = 8
    private var pendingEnd: Event?
    /// Where the last text event's source starts (its `<![CDATA[` for a CDATA section).
    private var lastTextStart = 0
    private var sawRoot = false
    private(set) var failure: Failure?
    /// The first byte expat refuses (invalid UTF-8, or a character XML does not allow: a NUL or
    /// other C0 control, U+FFFE, U+FFFF) and what it says: a failure once reading reaches it,
    /// not when it comes after the root element, which aapt2 never reads.
    private let firstRefused: (offset: Int, message: String)?

    /// A reader over UTF-8 bytes (a byte order mark is skipped). Invalid UTF-8 or a character
    /// XML does not allow is a failure at the first such byte, unless it comes after the root
    /// element: aapt2 stops reading at the root's end tag, so nothing after it is read here.
    init(bytes: [UInt8], file: String?, maximumDepth: Int) {
        self.bytes = bytes
        self.file = file
        self.maximumDepth = maximumDepth
        let start = TextDecoder.utf8TextStart(bytes)
        self.position = start
        self.counted = (start, 1, 1)
        let (invalid, notXML) = bytes.withUnsafeBufferPointer {
            (TextDecoder.firstInvalidUTF8(in: $0, from: start), Self.firstNonXMLCharacter(in: $0, from: start))
        }
        switch (invalid, notXML) {
        case (let invalid?, let notXML?) where notXML < invalid: firstRefused = (notXML, "not well-formed (invalid token)")
        case (let invalid?, _): firstRefused = (invalid, "not well-formed (invalid UTF-8)")
        case (nil, let notXML?): firstRefused = (notXML, "not well-formed (invalid token)")
        case (nil, nil): firstRefused = nil
        }
    }

    /// The offset of the first character XML does not allow (expat's invalid token): a C0
    /// control other than tab, LF and CR, or U+FFFE or U+FFFF; nil when there is none.
    static func firstNonXMLCharacter(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < buffer.count {
            let byte = buffer[index]
            if byte < 0x20 {
                if byte != 0x09 && byte != 0x0A && byte != 0x0D { return index }
            } else if byte == 0xEF, index + 2 < buffer.count, buffer[index + 1] == 0xBF, buffer[index + 2] & 0xFE == 0xBE {
                return index
            }
            index += 1
        }
        return nil
    }

    var location: SourceLocation { mutating get { location(at: position) } }
    var depth: Int { openElements.count }

    /// Where the byte after the last one read is (the end of a file cut short where reading
    /// stopped).
    var locationOfEnd: SourceLocation { mutating get { location(at: bytes.count) } }

    /// The location of byte `offset`: lines end at LF, CR and CRLF (counted once), columns count
    /// Unicode scalars. Counted on from the last location asked for when `offset` is past it.
    private mutating func location(at offset: Int) -> SourceLocation {
        var (from, line, column) = counted.offset <= offset ? counted : (TextDecoder.utf8TextStart(bytes), 1, 1)
        bytes.withUnsafeBufferPointer { buffer in
            while from < offset {
                let byte = buffer[from]
                if byte == 0x0A {
                    if from == 0 || buffer[from - 1] != 0x0D {
                        line += 1
                        column = 1
                    }
                } else if byte == 0x0D {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                from += 1
            }
        }
        counted = (offset, line, column)
        return SourceLocation(file: file, line: line, column: column)
    }

    @inline(__always)
    private func peek(_ offset: Int = 0) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }

    private func looking(at text: StaticString) -> Bool {
        let length = text.utf8CodeUnitCount
        guard position + length <= bytes.count else { return false }
        let pattern = text.utf8Start
        for offset in 0..<length where bytes[position + offset] != pattern[offset] { return false }
        return true
    }

    private mutating func fail(_ message: String, at place: SourceLocation? = nil) -> Event? {
        if failure == nil { failure = Failure(message: message, location: place ?? location) }
        return nil
    }

    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    @inline(__always)
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ":"):
            true
        default: byte >= 0x80
        }
    }

    /// The next event, or nil at the end of the document (the root's end tag: aapt2 reads
    /// nothing after it) or after a failure.
    mutating func next() -> Event? {
        guard failure == nil else { return nil }
        if sawRoot, openElements.isEmpty, pendingEnd == nil { return nil }
        let event = nextEvent()
        // A refused byte the reading went past fails it there, whatever else it made of it
        // (expat stops at the byte).
        if let refused = firstRefused, position > refused.offset || failure != nil && position >= refused.offset {
            failure = Failure(message: refused.message, location: location(at: refused.offset))
            // The tag it stopped in never opened.
            if case .start = event {
                openElements.removeLast()
                pendingEnd = nil
            }
            return nil
        }
        return event
    }

    private mutating func nextEvent() -> Event? {
        // Processing instructions and whitespace outside the root element are not events: loop
        // past them rather than recurse, however many there are.
        while true {
            guard failure == nil else { return nil }
            if let pending = pendingEnd {
                pendingEnd = nil
                closeElement()
                return pending
            }
            guard let byte = peek() else {
                if let open = openElements.last { return fail("no element found (<\(open.qualified)> is not closed)") }
                if !sawRoot { return fail("no element found") }
                return nil
            }
            if byte == UInt8(ascii: "<") {
                if looking(at: "<!--") { return comment() }
                if looking(at: "<![CDATA[") { return cdata() }
                if looking(at: "<?") {
                    guard processingInstruction() else { return nil }
                    continue
                }
                if looking(at: "<!") { return fail("DOCTYPE and other declarations are not supported in resource files") }
                if peek(1) == UInt8(ascii: "/") { return endTag() }
                return startTag()
            }
            let start = position
            guard let text = text() else { return nil }
            if openElements.isEmpty {
                // Outside the root element only whitespace may appear.
                if text.contains(where: { !Self.isSpace($0) }) {
                    return fail(sawRoot ? "junk after document element" : "syntax error", at: location(at: start))
                }
                continue
            }
            lastTextStart = start
            return .text(text, location: location(at: start))
        }
    }

    /// Where the last text event's first visible character is in the file: its leading
    /// whitespace (C `isspace`, as aapt2 judges text) skipped in the source, character
    /// references to whitespace (`&#10;`, `&#x20;`) included, so that a decoded line feed is not
    /// counted as a line of the file.
    mutating func locationOfFirstVisibleInLastText() -> SourceLocation {
        var index = lastTextStart
        scan: while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "&"), index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "#") else { break }
            var digit = index + 2
            let hexadecimal = bytes[digit] == UInt8(ascii: "x")
            if hexadecimal { digit += 1 }
            var value: UInt32 = 0
            while digit < bytes.count, bytes[digit] != UInt8(ascii: ";") {
                guard let part = AAPT2StringBuilder.hexValue(bytes[digit]), hexadecimal || part < 10, value < 0x11_0000 else { break scan }
                value = value * (hexadecimal ? 16 : 10) + part
                digit += 1
            }
            guard digit < bytes.count, value == 0x20 || (value >= 0x09 && value <= 0x0D) else { break }
            index = digit + 1
        }
        return location(at: index)
    }

    private mutating func comment() -> Event? {
        let start = position
        position += 4
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "-") && peek(1) == UInt8(ascii: "-") {
                if peek(2) == UInt8(ascii: ">") {
                    position += 3
                    return .comment
                }
                return fail("not well-formed ('--' in a comment)")
            }
            position += 1
        }
        return fail("unclosed comment", at: location(at: start))
    }

    private mutating func cdata() -> Event? {
        let start = position
        guard !openElements.isEmpty else { return fail("not well-formed (CDATA outside the root element)") }
        position += 9
        let contentStart = position
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "]"), looking(at: "]]>") {
                let text = Self.normalizedText(bytes[contentStart..<position])
                position += 3
                lastTextStart = start
                return .text(text, location: location(at: start))
            }
            position += 1
        }
        return fail("unclosed CDATA section", at: location(at: start))
    }

    /// Skips a processing instruction; false after a failure.
    private mutating func processingInstruction() -> Bool {
        let start = position
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "?"), peek(1) == UInt8(ascii: ">") {
                position += 2
                return true
            }
            position += 1
        }
        _ = fail("unclosed processing instruction", at: location(at: start))
        return false
    }

    /// `bytes` with its line ends read as LF (CRLF and a lone CR), as XML requires.
    private static func normalizedText(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard bytes.contains(0x0D) else { return bytes }
        var normalized: [UInt8] = []
        normalized.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            if byte == 0x0D {
                normalized.append(0x0A)
                if index < bytes.endIndex, bytes[index] == 0x0A { index += 1 }
            } else {
                normalized.append(byte)
            }
        }
        return normalized[...]
    }

    private mutating func name() -> String? {
        let start = position
        while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
        return position == start ? nil : String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func skipSpaces() {
        while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
    }

    private func resolve(prefix: String) -> String? {
        if !bindings.isEmpty, let binding = bindingOfPrefix.value(for: prefix), let binding { return bindings[binding].uri }
        if prefix == "xml" { return "http://www.w3.org/XML/1998/namespace" }
        return prefix.isEmpty ? "" : nil
    }

    /// Puts a declaration of `prefix` ("" for the default namespace) in force.
    private mutating func bind(_ prefix: String, to uri: String) {
        let hidden = bindingOfPrefix.update(bindings.count, for: prefix) ?? nil
        bindings.append((prefix, uri, hidden))
    }

    /// Closes the innermost element, taking its declarations out of force.
    private mutating func closeElement() {
        let open = openElements.removeLast()
        while bindings.count > open.bindingCount {
            let binding = bindings.removeLast()
            bindingOfPrefix.update(binding.hidden, for: binding.prefix)
        }
    }

    /// Whether no earlier attribute in `attributes` is named `name`: compared one by one for the
    /// few of a common tag, looked up past them.
    private mutating func isNewAttributeName(_ name: String, after attributes: [Attribute]) -> Bool {
        if attributes.count < Self.scannedAttributeCount { return !attributes.contains { $0.name == name } }
        if attributes.count == Self.scannedAttributeCount {
            attributeNames.removeAll()
            for earlier in attributes { attributeNames.update(true, for: earlier.name) }
        }
        return attributeNames.update(true, for: name) == nil
    }

    private static func split(_ qualified: String) -> (prefix: String, local: String) {
        guard let colon = qualified.utf8.firstIndex(of: UInt8(ascii: ":")) else { return ("", qualified) }
        return (String(qualified[..<colon]), String(qualified[qualified.index(after: colon)...]))
    }

    private mutating func startTag() -> Event? {
        let start = position
        if sawRoot, openElements.isEmpty { return fail("junk after document element") }
        position += 1
        guard let qualified = name() else { return fail("not well-formed (invalid token)") }
        // Attributes as written (qualified names, no namespace yet); resolved below only when
        // one is prefixed or declares a namespace, which most resource elements never do.
        var attributes: [Attribute] = []
        var hasPrefixedName = false
        var selfClosing = false
        while true {
            let hadSpace = peek().map(Self.isSpace) ?? false
            skipSpaces()
            guard let byte = peek() else { return fail("unclosed token", at: location(at: start)) }
            if byte == UInt8(ascii: ">") {
                position += 1
                break
            }
            if byte == UInt8(ascii: "/") {
                position += 1
                guard peek() == UInt8(ascii: ">") else { return fail("not well-formed (invalid token)") }
                position += 1
                selfClosing = true
                break
            }
            guard hadSpace, let attributeName = name() else { return fail("not well-formed (invalid token)") }
            skipSpaces()
            guard peek() == UInt8(ascii: "=") else { return fail("not well-formed (invalid token)") }
            position += 1
            skipSpaces()
            guard let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                return fail("not well-formed (invalid token)")
            }
            position += 1
            guard let value = attributeValue(quote: quote, tagStart: start) else { return nil }
            guard isNewAttributeName(attributeName, after: attributes) else { return fail("duplicate attribute") }
            if !hasPrefixedName, attributeName.utf8.contains(UInt8(ascii: ":")) || attributeName == "xmlns" { hasPrefixedName = true }
            attributes.append(Attribute(name: attributeName, namespace: "", value: value))
        }
        let bindingCount = bindings.count
        if hasPrefixedName {
            for attribute in attributes {
                if attribute.name == "xmlns" {
                    bind("", to: attribute.value)
                } else if attribute.name.hasPrefix("xmlns:") {
                    bind(String(attribute.name.dropFirst(6)), to: attribute.value)
                }
            }
        }
        let (prefix, local) = Self.split(qualified)
        guard let namespace = resolve(prefix: prefix) else { return fail("unbound prefix", at: location(at: start)) }
        if hasPrefixedName {
            let written = attributes
            attributes.removeAll(keepingCapacity: true)
            for attribute in written where attribute.name != "xmlns" && !attribute.name.hasPrefix("xmlns:") {
                let (attributePrefix, attributeLocal) = Self.split(attribute.name)
                // Unprefixed attributes have no namespace.
                guard let attributeNamespace = attributePrefix.isEmpty ? "" : resolve(prefix: attributePrefix) else {
                    return fail("unbound prefix", at: location(at: start))
                }
                attributes.append(Attribute(name: attributeLocal, namespace: attributeNamespace, value: attribute.value))
            }
        }
        let startLocation = location(at: start)
        guard openElements.count < maximumDepth else { return fail("elements nested more than \(maximumDepth) deep", at: startLocation) }
        sawRoot = true
        openElements.append(OpenElement(name: local, qualified: qualified, namespace: namespace, bindingCount: bindingCount))
        if selfClosing {
            pendingEnd = .end(name: local, namespace: namespace, location: startLocation)
        }
        return .start(name: local, namespace: namespace, attributes: attributes, location: startLocation)
    }

    /// An attribute value after its opening quote, to its closing quote: entities decoded and
    /// whitespace read as spaces (a CRLF as one); nil after a failure.
    private mutating func attributeValue(quote: UInt8, tagStart: Int) -> String? {
        let valueStart = position
        // Most values are plain: one copy.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == quote {
                let value = String(decoding: bytes[valueStart..<position], as: UTF8.self)
                position += 1
                return value
            }
            if byte == UInt8(ascii: "<") {
                _ = fail("not well-formed (invalid token)")
                return nil
            }
            if byte == UInt8(ascii: "&") || Self.isSpace(byte) && byte != 0x20 { break }
            position += 1
        }
        var value = Array(bytes[valueStart..<position])
        while true {
            guard position < bytes.count else {
                _ = fail("unclosed token", at: location(at: tagStart))
                return nil
            }
            let byte = bytes[position]
            if byte == quote {
                position += 1
                return String(decoding: value, as: UTF8.self)
            }
            if byte == UInt8(ascii: "<") {
                _ = fail("not well-formed (invalid token)")
                return nil
            }
            if byte == UInt8(ascii: "&") {
                guard entity(into: &value) else { return nil }
                continue
            }
            // Attribute-value normalization: whitespace characters read as spaces.
            if byte == 0x0D, peek(1) == 0x0A { position += 1 }
            value.append(Self.isSpace(byte) ? 0x20 : byte)
            position += 1
        }
    }

    private mutating func endTag() -> Event? {
        let start = position
        position += 2
        guard let qualified = name() else { return fail("not well-formed (invalid token)") }
        skipSpaces()
        guard peek() == UInt8(ascii: ">") else { return fail("not well-formed (invalid token)") }
        position += 1
        guard let open = openElements.last, open.qualified == qualified else { return fail("mismatched tag", at: location(at: start)) }
        closeElement()
        // The same qualified name in the same scope: the start tag's namespace.
        return .end(name: open.name, namespace: open.namespace, location: location(at: start))
    }

    /// Character data up to the next `<` with entities decoded and line ends read as LF; nil
    /// after a failure.
    private mutating func text() -> ArraySlice<UInt8>? {
        let textStart = position
        // Most text has nothing to decode: a slice of the file.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "<") { return bytes[textStart..<position] }
            if byte == UInt8(ascii: "&") || byte == 0x0D || byte == UInt8(ascii: "]") { break }
            position += 1
        }
        var text = Array(bytes[textStart..<position])
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "<") { break }
            if byte == UInt8(ascii: "&") {
                guard entity(into: &text) else { return nil }
                continue
            }
            if byte == UInt8(ascii: "]"), looking(at: "]]>") {
                _ = fail("not well-formed (']]>' in text)")
                return nil
            }
            if byte == 0x0D {
                text.append(0x0A)
                if peek(1) == 0x0A { position += 1 }
            } else {
                text.append(byte)
            }
            position += 1
        }
        return text[...]
    }

    /// Decodes the entity or character reference at `&` onto `output`; false after a failure.
    private mutating func entity(into output: inout [UInt8]) -> Bool {
        let start = position
        position += 1
        let bodyStart = position
        var scalars = 0
        while let byte = peek(), byte != UInt8(ascii: ";") {
            guard scalars < 16, byte != UInt8(ascii: "<"), byte != UInt8(ascii: "&"), !Self.isSpace(byte) else {
                _ = fail("not well-formed (invalid token)", at: location(at: start))
                return false
            }
            // The body is at most 16 scalars: step over a whole one.
            scalars += 1
            position += byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
        }
        guard peek() == UInt8(ascii: ";") else {
            _ = fail("not well-formed (invalid token)", at: location(at: start))
            return false
        }
        let body = bytes[bodyStart..<position]
        position += 1
        if let predefined = Self.predefinedEntities.first(where: { body.elementsEqual($0.name.utf8) }) {
            output.append(predefined.byte)
            return true
        }
        if body.first == UInt8(ascii: "#") {
            let digits = String(decoding: body.dropFirst(), as: UTF8.self)
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            if let value, let scalar = Unicode.Scalar(value), Self.isXMLCharacter(scalar) {
                output.append(contentsOf: String(Character(scalar)).utf8)
                return true
            }
            _ = fail("reference to invalid character number", at: location(at: start))
            return false
        }
        _ = fail("undefined entity", at: location(at: start))
        return false
    }

    /// XML's five predefined entities and the character each stands for.
    static let predefinedEntities: [(name: String, byte: UInt8)] = [
        ("lt", UInt8(ascii: "<")), ("gt", UInt8(ascii: ">")), ("amp", UInt8(ascii: "&")), ("quot", UInt8(ascii: "\"")), ("apos", UInt8(ascii: "'")),
    ]

    static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
