@testable import LocalizedAlerts

/// A plain resource XML reader: the file decoded to an array of Unicode scalars, line ends
/// normalized in a second copy, every scalar stepped over one by one with its line and column.
/// Slow and simple, it is the reference the library's byte-level `ResourceXMLReader` is held
/// to, event for event and failure for failure (`ResourceXMLReaderDifferentialTests`).
struct ScalarResourceXMLReader {
    enum Event: Equatable {
        /// A start tag; `namespace` is the element's resolved namespace URI ("" for none).
        case start(name: String, namespace: String, attributes: [Attribute], location: SourceLocation)
        case end(name: String, namespace: String, location: SourceLocation)
        /// Character data (entities decoded; CDATA content as is).
        case text(String, location: SourceLocation)
        /// A comment, whose content is not kept.
        case comment
    }

    // The same attribute and failure values as the library's reader, so that both readers'
    // answers compare directly.
    typealias Attribute = ResourceXMLReader.Attribute
    typealias Failure = ResourceXMLReader.Failure

    private let scalars: [Unicode.Scalar]
    private let file: String?
    private let maximumDepth: Int
    private var position = 0
    private var line = 1
    private var column = 1
    private var openElements: [(name: String, qualified: String, namespaces: [String: String])] = []
    private var pendingEnd: Event?
    private var sawRoot = false
    private(set) var failure: Failure?
    /// The failure at the first scalar refused (invalid UTF-8, a character XML does not allow),
    /// where the decoded text stops: the reading's failure once it gets there, unless the root
    /// element has ended before it (nothing after it is read).
    private var refused: Failure?

    /// A reader over UTF-8 bytes (a byte order mark is skipped). Invalid UTF-8 is a failure at
    /// the first bad byte.
    init(bytes: [UInt8], file: String?, maximumDepth: Int) {
        self.file = file
        self.maximumDepth = maximumDepth
        var decoded: [Unicode.Scalar] = []
        decoded.reserveCapacity(bytes.count)
        var line = 1
        var column = 1
        var iterator = bytes.makeIterator()
        var utf8 = UTF8()
        var sawFirst = false
        decode: while true {
            switch utf8.decode(&iterator) {
            case .scalarValue(let scalar):
                if !sawFirst, scalar == "\u{FEFF}" {
                    sawFirst = true
                    continue
                }
                sawFirst = true
                if scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r" || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    refused = Failure(message: "not well-formed (invalid token)", location: SourceLocation(file: file, line: line, column: column))
                    break decode
                }
                // Lines end at LF, CR and CRLF (the CR already counted the CRLF's line), as
                // every location of every reader counts them.
                if scalar == "\n" && decoded.last == "\r" {
                } else if scalar == "\n" || scalar == "\r" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
                decoded.append(scalar)
            case .emptyInput:
                break decode
            case .error:
                refused = Failure(message: "not well-formed (invalid UTF-8)", location: SourceLocation(file: file, line: line, column: column))
                break decode
            }
        }
        // Line ends: CRLF and a lone CR read as LF, as XML requires.
        var normalized: [Unicode.Scalar] = []
        normalized.reserveCapacity(decoded.count)
        var index = 0
        while index < decoded.count {
            let scalar = decoded[index]
            if scalar == "\r" {
                normalized.append("\n")
                if index + 1 < decoded.count, decoded[index + 1] == "\n" { index += 1 }
            } else {
                normalized.append(scalar)
            }
            index += 1
        }
        self.scalars = normalized
    }

    var location: SourceLocation { SourceLocation(file: file, line: line, column: column) }
    var depth: Int { openElements.count }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    private mutating func advance() {
        if scalars[position] == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        position += 1
    }

    private func looking(at text: String) -> Bool {
        var offset = 0
        for scalar in text.unicodeScalars {
            guard peek(offset) == scalar else { return false }
            offset += 1
        }
        return true
    }

    private mutating func skip(_ count: Int) { for _ in 0..<count { advance() } }

    private mutating func fail(_ message: String, at place: SourceLocation? = nil) -> Event? {
        if failure == nil { failure = Failure(message: message, location: place ?? location) }
        return nil
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "-", ".", ":": true
        default: scalar.value >= 0x80
        }
    }

    /// The next event, or nil at the end of the document (the root's end tag) or after a
    /// failure.
    mutating func next() -> Event? {
        guard failure == nil else { return nil }
        if sawRoot, openElements.isEmpty, pendingEnd == nil { return nil }
        let event = nextEvent()
        // A tag, comment or section that ends where the decoded text stops is whole (the byte
        // reader fails on the next read); text that runs to it would have gone on.
        var runsOn = true
        switch event {
        case .start, .end, .comment: runsOn = false
        case .text, nil: break
        }
        if let refused, position >= scalars.count, runsOn || failure != nil {
            failure = refused
            return nil
        }
        return event
    }

    private mutating func nextEvent() -> Event? {
        guard failure == nil else { return nil }
        if let pending = pendingEnd {
            pendingEnd = nil
            openElements.removeLast()
            return pending
        }
        guard let scalar = peek() else {
            if let open = openElements.last { return fail("no element found (<\(open.qualified)> is not closed)") }
            if !sawRoot { return fail("no element found") }
            return nil
        }
        if scalar == "<" {
            if looking(at: "<!--") { return comment() }
            if looking(at: "<![CDATA[") { return cdata() }
            if looking(at: "<?") { return processingInstruction() }
            if looking(at: "<!") { return fail("DOCTYPE and other declarations are not supported in resource files") }
            if peek(1) == "/" { return endTag() }
            return startTag()
        }
        return text()
    }

    private mutating func comment() -> Event? {
        let start = location
        skip(4)
        while peek() != nil {
            if looking(at: "-->") {
                skip(3)
                return .comment
            }
            if looking(at: "--") { return fail("not well-formed ('--' in a comment)") }
            advance()
        }
        return fail("unclosed comment", at: start)
    }

    private mutating func cdata() -> Event? {
        let start = location
        guard !openElements.isEmpty else { return fail("not well-formed (CDATA outside the root element)") }
        skip(9)
        var text: [UInt8] = []
        while peek() != nil {
            if looking(at: "]]>") {
                skip(3)
                return .text(String(decoding: text, as: UTF8.self), location: start)
            }
            Self.appendUTF8(scalars[position], to: &text)
            advance()
        }
        return fail("unclosed CDATA section", at: start)
    }

    private mutating func processingInstruction() -> Event? {
        let start = location
        while peek() != nil {
            if looking(at: "?>") {
                skip(2)
                return next()
            }
            advance()
        }
        return fail("unclosed processing instruction", at: start)
    }

    private mutating func name() -> String? {
        var name: [UInt8] = []
        while let scalar = peek(), Self.isNameCharacter(scalar) {
            Self.appendUTF8(scalar, to: &name)
            advance()
        }
        return name.isEmpty ? nil : String(decoding: name, as: UTF8.self)
    }

    /// Appends the UTF-8 of `scalar`: texts are built as bytes, which is much faster than
    /// appending to a String scalar by scalar.
    @inline(__always)
    private static func appendUTF8(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        let value = scalar.value
        if value < 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value))
        } else if value < 0x800 {
            bytes.append(UInt8(truncatingIfNeeded: 0xC0 | (value >> 6)))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | (value & 0x3F)))
        } else if value < 0x10000 {
            bytes.append(UInt8(truncatingIfNeeded: 0xE0 | (value >> 12)))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | ((value >> 6) & 0x3F)))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | (value & 0x3F)))
        } else {
            bytes.append(UInt8(truncatingIfNeeded: 0xF0 | (value >> 18)))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | ((value >> 12) & 0x3F)))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | ((value >> 6) & 0x3F)))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | (value & 0x3F)))
        }
    }

    private mutating func skipSpaces() {
        while let scalar = peek(), Self.isSpace(scalar) { advance() }
    }

    private func resolve(prefix: String, in namespaces: [String: String]) -> String? {
        if let uri = namespaces[prefix] { return uri }
        for open in openElements.reversed() {
            if let uri = open.namespaces[prefix] { return uri }
        }
        if prefix == "xml" { return "http://www.w3.org/XML/1998/namespace" }
        return prefix.isEmpty ? "" : nil
    }

    private static func split(_ qualified: String) -> (prefix: String, local: String) {
        guard let colon = qualified.firstIndex(of: ":") else { return ("", qualified) }
        return (String(qualified[..<colon]), String(qualified[qualified.index(after: colon)...]))
    }

    private mutating func startTag() -> Event? {
        let start = location
        if sawRoot, openElements.isEmpty { return fail("junk after document element") }
        advance()
        guard let qualified = name() else { return fail("not well-formed (invalid token)") }
        var raw: [(name: String, value: String)] = []
        var selfClosing = false
        while true {
            let hadSpace = peek().map(Self.isSpace) ?? false
            skipSpaces()
            guard let scalar = peek() else { return fail("unclosed token", at: start) }
            if scalar == ">" {
                advance()
                break
            }
            if scalar == "/" {
                advance()
                guard peek() == ">" else { return fail("not well-formed (invalid token)") }
                advance()
                selfClosing = true
                break
            }
            guard hadSpace, let attributeName = name() else { return fail("not well-formed (invalid token)") }
            skipSpaces()
            guard peek() == "=" else { return fail("not well-formed (invalid token)") }
            advance()
            skipSpaces()
            guard let quote = peek(), quote == "\"" || quote == "'" else { return fail("not well-formed (invalid token)") }
            advance()
            var value: [UInt8] = []
            while true {
                guard let scalar = peek() else { return fail("unclosed token", at: start) }
                if scalar == quote {
                    advance()
                    break
                }
                if scalar == "<" { return fail("not well-formed (invalid token)") }
                if scalar == "&" {
                    guard let decoded = entity() else { return nil }
                    value.append(contentsOf: decoded.utf8)
                    continue
                }
                // Attribute-value normalization: whitespace characters read as spaces.
                Self.appendUTF8(Self.isSpace(scalar) ? " " : scalar, to: &value)
                advance()
            }
            if raw.contains(where: { $0.name == attributeName }) { return fail("duplicate attribute") }
            raw.append((attributeName, String(decoding: value, as: UTF8.self)))
        }
        var declared: [String: String] = [:]
        for (attributeName, value) in raw {
            if attributeName == "xmlns" {
                declared[""] = value
            } else if attributeName.hasPrefix("xmlns:") {
                declared[String(attributeName.dropFirst(6))] = value
            }
        }
        let (prefix, local) = Self.split(qualified)
        guard let namespace = resolve(prefix: prefix, in: declared) else { return fail("unbound prefix", at: start) }
        var attributes: [Attribute] = []
        for (attributeName, value) in raw where attributeName != "xmlns" && !attributeName.hasPrefix("xmlns:") {
            let (attributePrefix, attributeLocal) = Self.split(attributeName)
            // Unprefixed attributes have no namespace.
            guard let attributeNamespace = attributePrefix.isEmpty ? "" : resolve(prefix: attributePrefix, in: declared) else {
                return fail("unbound prefix", at: start)
            }
            attributes.append(Attribute(name: attributeLocal, namespace: attributeNamespace, value: value))
        }
        guard openElements.count < maximumDepth else { return fail("elements nested more than \(maximumDepth) deep", at: start) }
        sawRoot = true
        openElements.append((local, qualified, declared))
        if selfClosing {
            pendingEnd = .end(name: local, namespace: namespace, location: start)
        }
        return .start(name: local, namespace: namespace, attributes: attributes, location: start)
    }

    private mutating func endTag() -> Event? {
        let start = location
        skip(2)
        guard let qualified = name() else { return fail("not well-formed (invalid token)") }
        skipSpaces()
        guard peek() == ">" else { return fail("not well-formed (invalid token)") }
        advance()
        guard let open = openElements.last, open.qualified == qualified else { return fail("mismatched tag", at: start) }
        let (prefix, _) = Self.split(qualified)
        let namespace = resolve(prefix: prefix, in: [:]) ?? ""
        openElements.removeLast()
        return .end(name: open.name, namespace: namespace, location: start)
    }

    private mutating func text() -> Event? {
        let start = location
        var text: [UInt8] = []
        while let scalar = peek(), scalar != "<" {
            if scalar == "&" {
                guard let decoded = entity() else { return nil }
                text.append(contentsOf: decoded.utf8)
                continue
            }
            if scalar == "]", looking(at: "]]>") { return fail("not well-formed (']]>' in text)") }
            Self.appendUTF8(scalar, to: &text)
            advance()
        }
        if openElements.isEmpty {
            // Outside the root element only whitespace may appear.
            if text.contains(where: { !Self.isSpace(Unicode.Scalar($0)) }) {
                return fail(sawRoot ? "junk after document element" : "syntax error", at: start)
            }
            return next()
        }
        return .text(String(decoding: text, as: UTF8.self), location: start)
    }

    /// Decodes the entity or character reference at `&`; nil after a failure.
    private mutating func entity() -> String? {
        let start = location
        advance()
        var body = String.UnicodeScalarView()
        while let scalar = peek(), scalar != ";" {
            guard body.count < 16, scalar != "<", scalar != "&", !Self.isSpace(scalar) else {
                _ = fail("not well-formed (invalid token)", at: start)
                return nil
            }
            body.append(scalar)
            advance()
        }
        guard peek() == ";" else {
            _ = fail("not well-formed (invalid token)", at: start)
            return nil
        }
        advance()
        let name = String(body)
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default: break
        }
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            if let value, let scalar = Unicode.Scalar(value), Self.isXMLCharacter(scalar) {
                return String(Character(scalar))
            }
            _ = fail("reference to invalid character number", at: start)
            return nil
        }
        _ = fail("undefined entity", at: start)
        return nil
    }

    private static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
