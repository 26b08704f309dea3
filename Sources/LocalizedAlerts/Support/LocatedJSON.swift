import CByteScan

/// A JSON value with the location it was read from.
///
/// One type for reading (payloads, String Catalogs, batch input) and writing (reports). Objects
/// keep their members in order and keep duplicates; numbers keep their original text, so that a
/// document can be written back without changing what was not meant to change.
public struct LocatedJSON: Hashable, Sendable {
    /// The value.
    public var value: Value
    /// Where the value starts; nil for values built in code.
    public var location: SourceLocation?

    /// A JSON value; objects keep their members in order, duplicates included.
    public enum Value: Hashable, Sendable {
        case null
        case bool(Bool)
        case number(Number)
        case string(String)
        case array([LocatedJSON])
        case object([Member])
    }

    /// One member of an object, with where its key is.
    public struct Member: Hashable, Sendable {
        /// The member's name.
        public var key: String
        /// Where the key is written; nil for members built in code.
        public var keyLocation: SourceLocation?
        /// The member's value.
        public var value: LocatedJSON

        /// A member.
        public init(key: String, keyLocation: SourceLocation? = nil, value: LocatedJSON) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    /// A number as written: `text` is the exact lexeme.
    public struct Number: Hashable, Sendable {
        /// The number's text, exactly as written.
        public var text: String

        /// A number with this exact text.
        public init(text: String) { self.text = text }
        /// An integer.
        public init(_ value: Int) { self.text = String(value) }
        /// A floating-point number: written without a fraction when it is whole (and below 10^15), as `null`
        /// when it is not finite.
        public init(_ value: Double) {
            self.text = value.isFinite ? (value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)) : "null"
        }

        /// The value as a `Double` (NaN when the text is not a number).
        public var doubleValue: Double { Double(text) ?? .nan }
        /// The value as an integer when the lexeme is one (no fraction or exponent) and fits.
        public var int64Value: Int64? { Int64(text) }
        /// Whether the text has no fraction or exponent.
        public var isInteger: Bool { !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) }
    }

    /// A value, with where it was read when it was.
    public init(_ value: Value, location: SourceLocation? = nil) {
        self.value = value
        self.location = location
    }

    /// `null`.
    public static let null = LocatedJSON(.null)
    /// A string.
    public static func string(_ s: String) -> LocatedJSON { LocatedJSON(.string(s)) }
    /// A boolean.
    public static func bool(_ b: Bool) -> LocatedJSON { LocatedJSON(.bool(b)) }
    /// An integer.
    public static func number(_ n: Int) -> LocatedJSON { LocatedJSON(.number(Number(n))) }
    /// A floating-point number.
    public static func number(_ n: Double) -> LocatedJSON { LocatedJSON(.number(Number(n))) }
    /// An array.
    public static func array(_ items: [LocatedJSON]) -> LocatedJSON { LocatedJSON(.array(items)) }
    /// An object with these members, in this order.
    public static func object(_ members: [(String, LocatedJSON)]) -> LocatedJSON {
        LocatedJSON(.object(members.map { Member(key: $0.0, value: $0.1) }))
    }
    /// An optional string, or null.
    public static func string(_ s: String?) -> LocatedJSON { s.map { .string($0) } ?? .null }

    // MARK: Access

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let s) = value { return s }
        return nil
    }

    /// The Boolean, when this is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let b) = value { return b }
        return nil
    }

    /// The members in order, when this is an object.
    public var members: [Member]? {
        if case .object(let members) = value { return members }
        return nil
    }

    /// The elements, when this is an array.
    public var items: [LocatedJSON]? {
        if case .array(let items) = value { return items }
        return nil
    }

    /// The last member named `key` (JSON readers keep the last of duplicates).
    public subscript(key: String) -> LocatedJSON? {
        guard case .object(let members) = value else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    /// The type name used in messages.
    public var kindDescription: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension DiagnosticID {
    /// `json.syntax` (error). A payload or catalog that is not JSON cannot be used.
    public static let jsonSyntax = DiagnosticID(
        "json.syntax", .error, .syntax,
        rationale: "A payload or catalog that is not JSON cannot be used.",
        example: "{\"aps\": }")
    /// `json.duplicate-key` (warning). JSON readers keep the last of two equal keys.
    public static let jsonDuplicateKey = DiagnosticID(
        "json.duplicate-key", .warning, .values,
        rationale: "JSON readers keep the last of two equal keys.",
        example: "{\"aps\":{…},\"aps\":{…}}")
}

/// The outcome of reading JSON: the root (nil on a syntax error) and what was noticed.
public struct JSONDocument: Sendable {
    /// The root value; nil when the text is not JSON.
    public var root: LocatedJSON?
    /// Syntax errors and duplicate keys, with their locations.
    public var diagnostics: [LocalizationDiagnostic]
}

// MARK: - Reading

extension LocatedJSON {
    /// Reads a JSON document of at most `maximumValueCount` values nested at most `maximumDepth`
    /// deep. Syntax errors stop reading and are reported with their location; duplicate object
    /// keys are reported and kept.
    public static func parse(_ bytes: [UInt8], file: String? = nil, maximumDepth: Int = 512, maximumValueCount: Int = 40_000_000) -> JSONDocument {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(text: buffer, file: file, maximumDepth: maximumDepth, maximumValueCount: maximumValueCount)
            return parser.parseDocument()
        }
    }

    /// Reads a JSON document from text; the same as
    /// ``parse(_:file:maximumDepth:maximumValueCount:)-([UInt8],_,_,_)`` on its UTF-8 bytes.
    public static func parse(_ text: String, file: String? = nil, maximumDepth: Int = 512, maximumValueCount: Int = 40_000_000) -> JSONDocument {
        parse(Array(text.utf8), file: file, maximumDepth: maximumDepth, maximumValueCount: maximumValueCount)
    }
}

struct JSONParser {
    private let text: UnsafeBufferPointer<UInt8>
    private var lines: LineIndex
    private let maximumDepth: Int
    private let maximumValueCount: Int
    private var valueCount = 0
    private var pos = 0
    private var diagnostics: [LocalizationDiagnostic] = []
    /// Set while decoding one string to say where its characters come from.
    private var escapes: LiteralEscapes?

    /// Where the characters of the string literal at `offset` (its opening quote) come from:
    /// decoded again by this reader, recording each escape.
    static func literalEscapes(ofStringAt offset: Int, in text: UnsafeBufferPointer<UInt8>) -> LiteralEscapes? {
        guard offset < text.count, text[offset] == UInt8(ascii: "\"") else { return nil }
        var parser = JSONParser(text: text, file: nil, maximumDepth: 1, maximumValueCount: 1)
        parser.pos = offset
        parser.escapes = LiteralEscapes(contentStart: offset + 1)
        guard (try? parser.parseString()) != nil else { return nil }
        return parser.escapes
    }

    /// The string literal at `offset` (its opening quote) decoded, and the offset after it;
    /// nil when it is not a valid literal.
    static func string(at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> (value: String, end: Int)? {
        guard offset < text.count, text[offset] == UInt8(ascii: "\"") else { return nil }
        var parser = JSONParser(text: text, file: nil, maximumDepth: 1, maximumValueCount: 1)
        parser.pos = offset
        guard let value = try? parser.parseString() else { return nil }
        return (value, parser.pos)
    }

    /// The value at `offset`, `depth` levels deep in its document, read as reading the whole
    /// document reads it, and located by `lines`, which walks on from its caller's last answer;
    /// nil when it is not JSON or holds what the whole document's reading would report (a
    /// duplicate key).
    static func value(
        at offset: Int, depth: Int, in text: UnsafeBufferPointer<UInt8>, lines: inout LineIndex, maximumDepth: Int
    ) -> (value: LocatedJSON, end: Int)? {
        var parser = JSONParser(text: text, file: nil, maximumDepth: maximumDepth, maximumValueCount: Int.max)
        swap(&parser.lines, &lines)
        defer { swap(&parser.lines, &lines) }
        parser.pos = offset
        guard let value = try? parser.parseValue(depth: depth), parser.diagnostics.isEmpty else { return nil }
        return (value, parser.pos)
    }

    /// The number at `offset` by JSON's grammar, and the offset after it; nil when it is not one.
    static func number(at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> (value: LocatedJSON.Number, end: Int)? {
        guard offset < text.count else { return nil }
        var parser = JSONParser(text: text, file: nil, maximumDepth: 1, maximumValueCount: 1)
        parser.pos = offset
        guard let value = try? parser.parseNumber() else { return nil }
        return (value, parser.pos)
    }

    struct Failure: Error {
        var offset: Int
        var message: String
    }

    init(text: UnsafeBufferPointer<UInt8>, file: String?, maximumDepth: Int, maximumValueCount: Int) {
        self.maximumValueCount = maximumValueCount
        self.text = text
        self.lines = LineIndex(file: file)
        self.maximumDepth = maximumDepth
    }

    private mutating func location(_ offset: Int) -> SourceLocation { lines.location(of: offset, in: text) }

    mutating func parseDocument() -> JSONDocument {
        do {
            pos = TextDecoder.utf8TextStart(text)
            if let bad = TextDecoder.firstInvalidUTF8(in: text, from: pos) {
                throw Failure(offset: bad, message: "byte 0x\(String(text[bad], radix: 16, uppercase: true)) is not valid UTF-8")
            }
            skipWhitespace()
            guard pos < text.count else { throw Failure(offset: pos, message: "the document is empty") }
            let root = try parseValue(depth: 1)
            skipWhitespace()
            if pos < text.count {
                throw Failure(offset: pos, message: "unexpected \(describe(pos)) after the end of the JSON value")
            }
            return JSONDocument(root: root, diagnostics: diagnostics)
        } catch let failure as Failure {
            diagnostics.append(LocalizationDiagnostic(.jsonSyntax, at: location(failure.offset), failure.message))
            return JSONDocument(root: nil, diagnostics: diagnostics)
        } catch {
            return JSONDocument(root: nil, diagnostics: diagnostics)
        }
    }

    private mutating func parseValue(depth: Int) throws -> LocatedJSON {
        valueCount += 1
        guard valueCount <= maximumValueCount else {
            throw Failure(offset: pos, message: "more than \(maximumValueCount) values, the reading limit")
        }
        guard depth <= maximumDepth else {
            throw Failure(offset: pos, message: "values nest more than \(maximumDepth) levels deep")
        }
        guard pos < text.count else { throw Failure(offset: pos, message: "unexpected end of the document") }
        let start = pos
        let here = location(start)
        switch text[pos] {
        case UInt8(ascii: "{"):
            pos += 1
            var members: [LocatedJSON.Member] = []
            // Where each key was last seen, to report duplicates. Payload objects have a few
            // members, which a backward scan checks faster than hashing; past 16 an index.
            var seen: [String: SourceLocation]?
            skipWhitespace()
            if pos < text.count && text[pos] == UInt8(ascii: "}") {
                pos += 1
                return LocatedJSON(.object([]), location: here)
            }
            // Payload objects have a few members: room for four at once, not grown 1, 2, 4.
            members.reserveCapacity(4)
            while true {
                skipWhitespace()
                guard pos < text.count, text[pos] == UInt8(ascii: "\"") else {
                    throw Failure(offset: pos, message: "expected a member name in quotes, found \(describe(pos))")
                }
                let keyLocation = location(pos)
                let key = try parseString()
                skipWhitespace()
                guard pos < text.count, text[pos] == UInt8(ascii: ":") else {
                    throw Failure(offset: pos, message: "expected ':' after the member name, found \(describe(pos))")
                }
                pos += 1
                skipWhitespace()
                let value = try parseValue(depth: depth + 1)
                let earlier = seen.map { $0[key] } ?? members.last(where: { $0.key == key })?.keyLocation
                if let earlier {
                    diagnostics.append(
                        LocalizationDiagnostic(
                            .jsonDuplicateKey, at: keyLocation,
                            "\"\(key)\" appears twice in this object; JSON readers keep only the last one",
                            hint: "remove one of them",
                            notes: [LocalizationDiagnostic.Note(location: earlier, message: "first appearance, ignored")]))
                }
                members.append(LocatedJSON.Member(key: key, keyLocation: keyLocation, value: value))
                if seen != nil {
                    seen![key] = keyLocation
                } else if members.count > 16 {
                    seen = Dictionary(members.map { ($0.key, $0.keyLocation ?? here) }, uniquingKeysWith: { $1 })
                }
                skipWhitespace()
                guard pos < text.count else { throw Failure(offset: pos, message: "the object is never closed with '}'") }
                if text[pos] == UInt8(ascii: ",") {
                    pos += 1
                    continue
                }
                if text[pos] == UInt8(ascii: "}") {
                    pos += 1
                    return LocatedJSON(.object(members), location: here)
                }
                throw Failure(offset: pos, message: "expected ',' or '}' in the object, found \(describe(pos))")
            }
        case UInt8(ascii: "["):
            pos += 1
            var items: [LocatedJSON] = []
            skipWhitespace()
            if pos < text.count && text[pos] == UInt8(ascii: "]") {
                pos += 1
                return LocatedJSON(.array([]), location: here)
            }
            items.reserveCapacity(4)
            while true {
                skipWhitespace()
                items.append(try parseValue(depth: depth + 1))
                skipWhitespace()
                guard pos < text.count else { throw Failure(offset: pos, message: "the array is never closed with ']'") }
                if text[pos] == UInt8(ascii: ",") {
                    pos += 1
                    continue
                }
                if text[pos] == UInt8(ascii: "]") {
                    pos += 1
                    return LocatedJSON(.array(items), location: here)
                }
                throw Failure(offset: pos, message: "expected ',' or ']' in the array, found \(describe(pos))")
            }
        case UInt8(ascii: "\""):
            return LocatedJSON(.string(try parseString()), location: here)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return LocatedJSON(.bool(true), location: here)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return LocatedJSON(.bool(false), location: here)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return LocatedJSON(.null, location: here)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return LocatedJSON(.number(try parseNumber()), location: here)
        default:
            throw Failure(offset: pos, message: "unexpected \(describe(pos)); expected a JSON value")
        }
    }

    private mutating func expectLiteral(_ literal: String) throws {
        let start = pos
        for byte in literal.utf8 {
            guard pos < text.count, text[pos] == byte else {
                throw Failure(offset: start, message: "unexpected \(describe(start)); expected a JSON value")
            }
            pos += 1
        }
    }

    private mutating func parseNumber() throws -> LocatedJSON.Number {
        let start = pos
        if text[pos] == UInt8(ascii: "-") { pos += 1 }
        guard pos < text.count, isDigit(text[pos]) else { throw Failure(offset: start, message: "a number needs digits") }
        if text[pos] == UInt8(ascii: "0") {
            pos += 1
        } else {
            while pos < text.count, isDigit(text[pos]) { pos += 1 }
        }
        if pos < text.count, text[pos] == UInt8(ascii: ".") {
            pos += 1
            guard pos < text.count, isDigit(text[pos]) else { throw Failure(offset: pos, message: "digits must follow the decimal point") }
            while pos < text.count, isDigit(text[pos]) { pos += 1 }
        }
        if pos < text.count, text[pos] == UInt8(ascii: "e") || text[pos] == UInt8(ascii: "E") {
            pos += 1
            if pos < text.count, text[pos] == UInt8(ascii: "+") || text[pos] == UInt8(ascii: "-") { pos += 1 }
            guard pos < text.count, isDigit(text[pos]) else { throw Failure(offset: pos, message: "digits must follow the exponent") }
            while pos < text.count, isDigit(text[pos]) { pos += 1 }
        }
        return LocatedJSON.Number(text: String(decoding: UnsafeBufferPointer(rebasing: text[start..<pos]), as: UTF8.self))
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    private mutating func parseString() throws -> String {
        let start = pos
        pos += 1
        var runStart = pos
        var bytes: [UInt8] = []
        var escaped = false
        while pos < text.count {
            // The plain run up to the quote, a backslash or a control character, sixteen bytes at a time.
            if let base = text.baseAddress { pos += bytescan_json_string_end(base + pos, text.count - pos) }
            guard pos < text.count else { break }
            let b = text[pos]
            if b == UInt8(ascii: "\"") {
                let result: String
                if escaped {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<pos]))
                    result = String(decoding: bytes, as: UTF8.self)
                } else {
                    result = String(decoding: UnsafeBufferPointer(rebasing: text[runStart..<pos]), as: UTF8.self)
                }
                pos += 1
                return result
            }
            if b < 0x20 {
                throw Failure(offset: pos, message: "control character U+\(hex(UInt32(b))) inside a string must be escaped")
            }
            if b == UInt8(ascii: "\\") {
                escaped = true
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<pos]))
                let escapeStart = pos
                let decodedStart = bytes.count
                defer { escapes?.record(decoded: decodedStart..<bytes.count, source: escapeStart..<pos) }
                pos += 1
                guard pos < text.count else { break }
                let e = text[pos]
                pos += 1
                switch e {
                case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): bytes.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): bytes.append(0x08)
                case UInt8(ascii: "f"): bytes.append(0x0C)
                case UInt8(ascii: "n"): bytes.append(0x0A)
                case UInt8(ascii: "r"): bytes.append(0x0D)
                case UInt8(ascii: "t"): bytes.append(0x09)
                case UInt8(ascii: "u"):
                    var unit = try readHex4(at: escapeStart)
                    if unit & 0xFC00 == 0xD800, pos + 1 < text.count, text[pos] == UInt8(ascii: "\\"), text[pos + 1] == UInt8(ascii: "u") {
                        let save = pos
                        pos += 2
                        let low = try readHex4(at: save)
                        if low & 0xFC00 == 0xDC00 {
                            unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            pos = save
                        }
                    }
                    if unit & 0xF800 == 0xD800 {
                        throw Failure(offset: escapeStart, message: "\\u\(hex(unit)) is an unpaired surrogate")
                    }
                    appendUTF8(unit, to: &bytes)
                default:
                    throw Failure(offset: escapeStart, message: "\\\(Character(Unicode.Scalar(e))) is not a JSON escape")
                }
                runStart = pos
                continue
            }
            pos += 1
        }
        throw Failure(offset: start, message: "this string is never closed with '\"'")
    }

    private mutating func readHex4(at escapeStart: Int) throws -> UInt32 {
        guard pos + 4 <= text.count else { throw Failure(offset: escapeStart, message: "\\u needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = text[pos]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw Failure(offset: escapeStart, message: "\\u needs four hex digits")
            }
            value = value << 4 | digit
            pos += 1
        }
        return value
    }

    private mutating func skipWhitespace() {
        while pos < text.count {
            let b = text[pos]
            guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
            pos += 1
        }
    }

    private func describe(_ offset: Int) -> String {
        guard offset < text.count else { return "the end of the document" }
        let b = text[offset]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x\(String(b, radix: 16, uppercase: true))"
    }
}

// MARK: - Writing

extension LocatedJSON {
    /// The JSON text. Pretty output indents with two spaces; compact output has no spaces.
    /// Non-ASCII characters are written as UTF-8, as APNs counts them.
    public func serialized(pretty: Bool = false) -> String {
        String(decoding: serializedBytes(pretty: pretty), as: UTF8.self)
    }

    /// The JSON text's UTF-8 bytes, as ``serialized(pretty:)`` writes them: what a request body
    /// needs, and what APNs counts, without building a `String`.
    public func serializedBytes(pretty: Bool = false) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(into: &output, pretty: pretty, indent: 0)
        return output
    }

    // Written into bytes: appending to a String scalar by scalar was most of localizing a payload.
    private func write(into output: inout [UInt8], pretty: Bool, indent: Int) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let b): output.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n): output.append(contentsOf: n.text.utf8)
        case .string(let s): LocatedJSON.writeString(s, into: &output)
        case .array(let items):
            if items.isEmpty {
                output.append(contentsOf: "[]".utf8)
                return
            }
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                if pretty { LocatedJSON.newline(&output, indent + 1) }
                item.write(into: &output, pretty: pretty, indent: indent + 1)
            }
            if pretty { LocatedJSON.newline(&output, indent) }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty {
                output.append(contentsOf: "{}".utf8)
                return
            }
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                if pretty { LocatedJSON.newline(&output, indent + 1) }
                LocatedJSON.writeString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                if pretty { output.append(UInt8(ascii: " ")) }
                member.value.write(into: &output, pretty: pretty, indent: indent + 1)
            }
            if pretty { LocatedJSON.newline(&output, indent) }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// An object of `members` written compactly, as ``serializedBytes(pretty:)`` writes it,
    /// with the value of the member at `index` given as its compact JSON text already written
    /// (a payload to send inside an answer): that value is not written again.
    package static func serializedObject(_ members: [(String, LocatedJSON)], writtenAt index: Int, _ written: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(written.count + 256)
        output.append(UInt8(ascii: "{"))
        for (position, member) in members.enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            LocatedJSON.writeString(member.0, into: &output)
            output.append(UInt8(ascii: ":"))
            if position == index {
                output.append(contentsOf: written)
            } else {
                member.1.write(into: &output, pretty: false, indent: 1)
            }
        }
        output.append(UInt8(ascii: "}"))
        return output
    }

    private static func newline(_ output: inout [UInt8], _ indent: Int) {
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }

    /// A JSON string: `"` and `\\` escaped, control characters, U+2028 and U+2029 as escapes
    /// (JavaScript readers take those two for line ends), everything else as its UTF-8 bytes,
    /// copied in runs.
    static func writeString(_ s: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            var runStart = 0
            var i = 0
            let count = bytes.count
            while true {
                // Most bytes need no escape: the next that may is found 16 at a time.
                i += bytescan_json_unescaped_end(base + i, count - i)
                guard i < count else { break }
                let b = bytes[i]
                let escape: String?
                var width = 1
                switch b {
                case UInt8(ascii: "\""): escape = "\\\""
                case UInt8(ascii: "\\"): escape = "\\\\"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                case 0x08: escape = "\\b"
                case 0x0C: escape = "\\f"
                case 0x00..<0x20: escape = "\\u00" + (b < 0x10 ? "0" : "") + String(b, radix: 16)
                case 0xE2 where i + 2 < count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                    escape = bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    width = 3
                default: escape = nil
                }
                if let escape {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                    output.append(contentsOf: escape.utf8)
                    i += width
                    runStart = i
                } else {
                    i += 1
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
        }
        output.append(UInt8(ascii: "\""))
    }
}
