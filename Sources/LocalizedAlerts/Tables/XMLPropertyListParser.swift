import CByteScan

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads XML property lists (`.stringsdict`, compiled XML `.strings`).
///
/// Hand-written for two reasons: every value keeps its line and column, and nothing is ever
/// fetched or expanded from a DTD. A DOCTYPE is skipped; entities other than the five predefined
/// ones and numeric references are errors, so an external entity can never be resolved.
struct XMLPropertyListParser {
    private let text: UnsafeBufferPointer<UInt8>
    private var lines: LineIndex
    /// Where reading is; the direct `.stringsdict` reader moves it to hand over what it leaves
    /// to this one.
    var pos = 0
    private(set) var diagnostics: [LocalizationDiagnostic] = []
    private let maximumDepth: Int

    struct Failure: Error {
        var offset: Int
        var message: String
        var hint: String?
    }

    /// Values read at most (``ReadingLimits/maximumValueCount``).
    private let maximumValueCount: Int
    private var valueCount = 0
    /// Set while decoding one string to say where its characters come from.
    private var escapes: LiteralEscapes?

    /// Where the characters of the `<string>` element at `offset` come from: decoded again by
    /// this reader, recording each entity, CDATA section and comment.
    static func literalEscapes(ofElementAt offset: Int, in text: UnsafeBufferPointer<UInt8>) -> LiteralEscapes? {
        var parser = XMLPropertyListParser(text: text, file: nil)
        parser.pos = offset
        guard let tag = try? parser.readStartTag(), !tag.selfClosing else { return nil }
        parser.escapes = LiteralEscapes(contentStart: parser.pos)
        guard (try? parser.readText(closing: tag.name)) != nil else { return nil }
        return parser.escapes
    }

    /// Offsets in `text` where the decoder replaced a byte that is not UTF-8 with U+FFFD, in
    /// order, with the byte.
    private let undecodable: [(offset: Int, byte: UInt8)]

    init(
        text: UnsafeBufferPointer<UInt8>, file: String?, maximumDepth: Int = 512, maximumValueCount: Int = ReadingLimits.default.maximumValueCount,
        undecodable: [(offset: Int, byte: UInt8)] = []
    ) {
        self.undecodable = undecodable
        self.maximumValueCount = maximumValueCount
        self.text = text
        self.lines = LineIndex(file: file)
        self.maximumDepth = maximumDepth
    }

    mutating func parse() -> PropertyListDocument {
        do {
            try skipProlog()
            guard pos < text.count else {
                throw Failure(offset: pos, message: "the file has no root element", hint: "a property list starts with <plist> or <dict>")
            }
            let rootStart = pos
            var tag = try readStartTag()
            var root: PropertyListNode
            if tag.name == "plist" {
                guard !tag.selfClosing else {
                    throw Failure(offset: rootStart, message: "<plist/> holds no value", hint: nil)
                }
                try skipMisc()
                let valueStart = pos
                tag = try readStartTag()
                root = try readValue(tag, at: valueStart, depth: 1)
                try skipMisc()
                try readEndTag("plist")
            } else {
                root = try readValue(tag, at: rootStart, depth: 1)
            }
            // CoreFoundation returns as soon as the root element ends ("a file that has garbage
            // after the first element will nonetheless successfully parse"): nothing after it,
            // an unclosed comment or processing instruction included, can fail the file.
            let afterRoot = pos
            if (try? skipMisc()) == nil { pos = afterRoot }
            if pos < text.count {
                diagnostics.append(
                    LocalizationDiagnostic(
                        .propertyListIgnoredContent, at: location(pos),
                        "content after the root element is ignored", hint: "remove it"))
            }
            return PropertyListDocument(root: root, diagnostics: diagnostics)
        } catch let failure as Failure {
            diagnostics.append(
                LocalizationDiagnostic(
                    .propertyListSyntax, at: location(failure.offset),
                    failure.message + ". \(rejectedFileConsequence)", hint: failure.hint))
            return PropertyListDocument(root: nil, diagnostics: diagnostics)
        } catch {
            return PropertyListDocument(root: nil, diagnostics: diagnostics)
        }
    }

    private mutating func location(_ offset: Int) -> SourceLocation {
        lines.location(of: offset, in: text)
    }

    // MARK: Prolog and misc

    /// Before the root element. CoreFoundation's `parseXMLPropertyList` looks for a processing
    /// instruction's `?>` from just after `<?` (`<?>` is no instruction there), and for a
    /// comment's `-->` from one byte past `<!--` (`<!---->` is not closed there).
    mutating func skipProlog() throws {
        while true {
            skipWhitespace()
            if startsWith("<?") {
                try skip(past: "?>", what: "processing instruction", searchingFrom: pos + 2)
            } else if startsWith("<!--") {
                try skip(past: "-->", what: "comment", searchingFrom: pos + 5)
            } else if startsWith("<!DOCTYPE") {
                try skipDoctype()
            } else {
                return
            }
        }
    }

    /// Inside an element. CoreFoundation's `getContentObject` looks for `?>` from the `?` (`<?>`
    /// is a whole instruction there) and for `-->` from just after `<!--` (`<!-->-->` is one
    /// comment).
    mutating func skipMisc() throws {
        while true {
            skipWhitespace()
            if startsWith("<!--") {
                try skip(past: "-->", what: "comment", searchingFrom: pos + 4)
            } else if startsWith("<?") {
                try skip(past: "?>", what: "processing instruction", searchingFrom: pos + 1)
            } else {
                return
            }
        }
    }

    /// Skips `<!DOCTYPE …>` as CoreFoundation's XML property-list parser does (`skipDTD`,
    /// `skipInlineDTD`): the declaration ends at its first `>` (quotes are not read), unless a
    /// `[` opens an internal subset first, which may hold only whitespace, parameter-entity
    /// references, declarations (each ending at its first `>`), processing instructions and
    /// comments, then `]`, whitespace and `>`. Nothing in it is ever loaded or expanded.
    /// swift-corelibs-foundation rejects every internal subset (docs/device-behaviour.md §8.1).
    private mutating func skipDoctype() throws {
        let start = pos
        pos += 9
        while pos < text.count, text[pos] != UInt8(ascii: "[") {
            pos += 1
            if text[pos - 1] == UInt8(ascii: ">") { return }
        }
        guard pos < text.count else {
            throw Failure(offset: start, message: "the DOCTYPE declaration is never closed", hint: nil)
        }
        diagnostics.append(
            LocalizationDiagnostic(
                .propertyListIgnoredContent, at: location(pos),
                "the DOCTYPE's internal subset is skipped, as a device skips it; swift-corelibs-foundation (Foundation on Linux) rejects the whole file",
                hint: "remove the internal subset: property lists need none"))
        pos += 1
        while true {
            skipWhitespace()
            guard pos < text.count else {
                throw Failure(offset: start, message: "the DOCTYPE's internal subset is never closed with ]>", hint: nil)
            }
            let b = text[pos]
            if b == UInt8(ascii: "]") {
                pos += 1
                break
            } else if b == UInt8(ascii: "%") {
                try skip(past: ";", what: "parameter-entity reference")
            } else if startsWith("<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if startsWith("<!--") {
                try skip(past: "-->", what: "comment")
            } else if startsWith("<!") {
                if startsWith("<!ENTITY") {
                    diagnostics.append(
                        LocalizationDiagnostic(
                            .propertyListIgnoredContent, at: location(pos),
                            "entity declarations are not read: entities are never expanded, and external ones never fetched",
                            hint: "write the text itself instead of an entity"))
                }
                try skip(past: ">", what: "declaration")
            } else {
                throw Failure(
                    offset: pos, message: "unexpected \(describe(pos)) in the DOCTYPE's internal subset",
                    hint: "an internal subset holds only declarations such as <!ENTITY …>, comments and processing instructions")
            }
        }
        skipWhitespace()
        guard pos < text.count, text[pos] == UInt8(ascii: ">") else {
            throw Failure(offset: pos, message: "expected > to close the DOCTYPE after its internal subset", hint: nil)
        }
        pos += 1
    }

    // MARK: Tags

    struct StartTag {
        var name: String
        var selfClosing: Bool
    }

    mutating func readStartTag() throws -> StartTag {
        let start = pos
        guard pos < text.count, text[pos] == UInt8(ascii: "<") else {
            throw Failure(offset: pos, message: "expected an element, found \(describe(pos))", hint: nil)
        }
        pos += 1
        // As CoreFoundation reads a tag (parseXMLElement): it runs to the first '>', its name to
        // the first whitespace, and it is empty when '/' comes right before the '>'. Attributes
        // are never read (plist's version is the only one in use), so quotes do not matter and
        // `<dict/* … >` names the unknown element "dict/*".
        let nameStart = pos
        var nameEnd: Int?
        while pos < text.count, text[pos] != UInt8(ascii: ">") {
            if nameEnd == nil, [0x20, 0x09, 0x0A, 0x0D].contains(text[pos]) { nameEnd = pos }
            pos += 1
        }
        guard pos < text.count else {
            let name = String(decoding: UnsafeBufferPointer(rebasing: text[nameStart..<(nameEnd ?? pos)]), as: UTF8.self)
            throw Failure(offset: start, message: "the tag <\(name) is never closed with '>'", hint: nil)
        }
        let selfClosing = pos > nameStart && text[pos - 1] == UInt8(ascii: "/")
        let end = nameEnd ?? (selfClosing ? pos - 1 : pos)
        pos += 1
        guard end > nameStart else {
            throw Failure(offset: start, message: "expected an element name after '<'", hint: nil)
        }
        return StartTag(name: String(decoding: UnsafeBufferPointer(rebasing: text[nameStart..<end]), as: UTF8.self), selfClosing: selfClosing)
    }

    mutating func readEndTag(_ name: String) throws {
        let start = pos
        guard startsWith("</") else {
            throw Failure(offset: pos, message: "expected </\(name)>, found \(describe(pos))", hint: "close <\(name)> with </\(name)>")
        }
        pos += 2
        let nameStart = pos
        while pos < text.count, isNameCharacter(text[pos]) { pos += 1 }
        // The names are ASCII words: one written with other bytes is another name.
        let found = UnsafeBufferPointer(rebasing: text[nameStart..<pos])
        skipWhitespace()
        let sameName = name.utf8.withContiguousStorageIfAvailable { $0.elementsEqual(found) } ?? name.utf8.elementsEqual(found)
        guard sameName, pos < text.count, text[pos] == UInt8(ascii: ">") else {
            let found = String(decoding: found, as: UTF8.self)
            throw Failure(offset: start, message: "expected </\(name)>, found </\(found)", hint: "close <\(name)> with </\(name)>")
        }
        pos += 1
    }

    // MARK: Values

    private mutating func readValue(_ tag: StartTag, at start: Int, depth: Int) throws -> PropertyListNode {
        valueCount += 1
        guard valueCount <= maximumValueCount else {
            throw Failure(
                offset: start, message: "more than \(maximumValueCount) values, the reading limit",
                hint: "split the file, or raise ReadingLimits.maximumEntryCount")
        }
        // CoreFoundation counts the depth of dictionaries and arrays that hold something (its
        // getContentObject checks it): a scalar or an empty container never exceeds it.
        func requireDepth() throws {
            guard depth <= maximumDepth else {
                throw Failure(offset: start, message: "values nest more than \(maximumDepth) levels deep", hint: nil)
            }
        }
        let here = location(start)
        switch tag.name {
        case "dict":
            var entries: [PropertyListValue.DictionaryEntry] = []
            if tag.selfClosing { return PropertyListNode(.dictionary([]), location: here) }
            try requireDepth()
            while true {
                try skipMisc()
                if startsWith("</") {
                    try readEndTag("dict")
                    // A dictionary whose only key is CF$UID, holding a number, is a keyed
                    // archiver's UID to CoreFoundation (parseDictTag), not a dictionary.
                    if let last = entries.last, last.key == "CF$UID", entries.allSatisfy({ $0.key == "CF$UID" }) {
                        switch last.value.value {
                        case .integer(let number): return PropertyListNode(.integer(number), location: here)
                        case .real(let number): return PropertyListNode(.real(number), location: here)
                        default: break
                        }
                    }
                    return PropertyListNode(.dictionary(entries), location: here)
                }
                let keyStart = pos
                let keyTag = try readStartTag()
                guard keyTag.name == "key" else {
                    throw Failure(
                        offset: keyStart, message: "expected <key> in <dict>, found <\(keyTag.name)>",
                        hint: "every value in a <dict> follows its <key>")
                }
                let keyLocation = location(keyStart)
                let key = keyTag.selfClosing ? "" : try readText(closing: "key")
                try skipMisc()
                let valueStart = pos
                if startsWith("</") {
                    throw Failure(offset: valueStart, message: "the key \"\(key)\" has no value", hint: "add a value after </key>")
                }
                let valueTag = try readStartTag()
                let value = try readValue(valueTag, at: valueStart, depth: depth + 1)
                entries.append(PropertyListValue.DictionaryEntry(key: key, keyLocation: keyLocation, value: value))
            }
        case "array":
            var items: [PropertyListNode] = []
            if tag.selfClosing { return PropertyListNode(.array([]), location: here) }
            try requireDepth()
            while true {
                try skipMisc()
                if startsWith("</") {
                    try readEndTag("array")
                    return PropertyListNode(.array(items), location: here)
                }
                let itemStart = pos
                let itemTag = try readStartTag()
                items.append(try readValue(itemTag, at: itemStart, depth: depth + 1))
            }
        case "string", "key":
            // CoreFoundation reads a <key> where a value goes as a string (parseXMLElement).
            return PropertyListNode(.string(tag.selfClosing ? "" : try readText(closing: tag.name)), location: here)
        case "plist":
            // A <plist> where a value goes holds one value, as the root <plist> does
            // (parsePListTag). CoreFoundation does not count it as a level; it is counted here
            // all the same, so that nested <plist>s cannot recurse without bound.
            guard !tag.selfClosing else { throw Failure(offset: start, message: "<plist/> holds no value", hint: nil) }
            try requireDepth()
            try skipMisc()
            let valueStart = pos
            let value = try readValue(try readStartTag(), at: valueStart, depth: depth + 1)
            try skipMisc()
            try readEndTag("plist")
            return value
        case "integer":
            // CoreFoundation's parseIntegerTag, straight from the bytes (no entities or CDATA).
            guard !tag.selfClosing, let (value, end) = Self.integer(in: text, from: pos) else {
                throw Failure(offset: start, message: "<integer> does not hold an integer CoreFoundation reads", hint: nil)
            }
            pos = end
            try readEndTag("integer")
            return PropertyListNode(.integer(value), location: here)
        case "real":
            guard !tag.selfClosing, let value = Self.real(try readText(closing: "real")) else {
                throw Failure(offset: start, message: "<real> does not hold a number CoreFoundation reads", hint: nil)
            }
            return PropertyListNode(.real(value), location: here)
        case "true", "false":
            // CoreFoundation wants the end tag at once (checkForCloseTag): not even whitespace.
            if !tag.selfClosing {
                guard startsWith("</") else {
                    throw Failure(offset: start, message: "<\(tag.name)> must be empty", hint: "write <\(tag.name)/>")
                }
                try readEndTag(tag.name)
            }
            return PropertyListNode(.boolean(tag.name == "true"), location: here)
        case "date":
            // CoreFoundation's parseDateTag: [-]digits-MM-DDThh:mm:ssZ straight from the bytes,
            // two digits a field (not range-checked), then the end tag at once.
            guard !tag.selfClosing, let end = Self.dateEnd(in: text, from: pos) else {
                throw Failure(offset: start, message: "<date> is not YYYY-MM-DDThh:mm:ssZ", hint: nil)
            }
            let raw = String(decoding: UnsafeBufferPointer(rebasing: text[pos..<end]), as: UTF8.self)
            pos = end
            try readEndTag("date")
            return PropertyListNode(.date(raw), location: here)
        case "data":
            // CoreFoundation's parseDataTag: the bytes up to the next '<', no entities or CDATA;
            // a byte past ASCII fails, other bytes outside base64 are skipped.
            guard !tag.selfClosing, let (bytes, end) = Self.base64Data(in: text, from: pos) else {
                throw Failure(offset: start, message: "<data> holds a byte that is not ASCII", hint: nil)
            }
            pos = end
            try readEndTag("data")
            return PropertyListNode(.data(bytes), location: here)
        default:
            throw Failure(
                offset: start, message: "<\(tag.name)> is not a property-list element",
                hint: "use dict, array, key, string, integer, real, true, false, date or data")
        }
    }

    private func firstUndecodable(in range: Range<Int>) -> (offset: Int, byte: UInt8)? {
        guard !undecodable.isEmpty else { return nil }
        var low = 0
        var high = undecodable.count
        while low < high {
            let middle = (low + high) / 2
            if undecodable[middle].offset < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        return low < undecodable.count && undecodable[low].offset < range.upperBound ? undecodable[low] : nil
    }

    /// The keys and rule types every `.stringsdict` entry repeats. Each is longer than the 15
    /// bytes a `String` holds inline, so reading it would allocate; the literal does not.
    private static let commonTexts: [String] = StringsDictionaryKey.all.map(\.rawValue) + ["NSStringPluralRuleType"]

    @inline(__always)
    static func commonText(_ run: UnsafeBufferPointer<UInt8>) -> String? {
        // All of them begin with "NS"; few texts do.
        guard run.count > 15, run.count <= 30, run[0] == UInt8(ascii: "N"), run[1] == UInt8(ascii: "S") else { return nil }
        return commonTextMatching(run)
    }

    private static func commonTextMatching(_ run: UnsafeBufferPointer<UInt8>) -> String? {
        for common in commonTexts where common.utf8.count == run.count {
            let equal = common.utf8.withContiguousStorageIfAvailable { memcmp($0.baseAddress!, run.baseAddress!, run.count) == 0 }
            if equal ?? common.utf8.elementsEqual(run) { return common }
        }
        return nil
    }

    /// Foundation fails the whole file on element text that is not in the file's encoding.
    private func requireDecodable(_ range: Range<Int>, in name: String) throws {
        guard let bad = firstUndecodable(in: range) else { return }
        throw Failure(
            offset: bad.offset,
            message:
                "byte 0x\(String(bad.byte, radix: 16, uppercase: true)) in the text of <\(name)> is not valid in the file's encoding (UTF-8 unless the declaration names another)",
            hint: "save the file as UTF-8, or declare its encoding in <?xml version=\"1.0\" encoding=\"…\"?>")
    }

    /// Character data up to the closing tag, with entities and CDATA sections resolved.
    mutating func readText(closing name: String) throws -> String {
        var bytes: [UInt8] = []
        let contentStart = pos
        var runStart = pos
        while pos < text.count {
            // Past the bytes that are text as they are, sixteen at a time.
            pos += bytescan_value_text_end(text.baseAddress! + pos, text.count - pos)
            guard pos < text.count else { break }
            let b = text[pos]
            if b == UInt8(ascii: "<") {
                // Most text is one run with no entity, CDATA or comment: made into a String
                // straight from the file's bytes, without the copy in between.
                if runStart == contentStart, text.count > pos + 1, text[pos + 1] == UInt8(ascii: "/") {
                    try requireDecodable(contentStart..<pos, in: name)
                    let run = UnsafeBufferPointer(rebasing: text[contentStart..<pos])
                    try readEndTag(name)
                    return Self.commonText(run) ?? String(decoding: run, as: UTF8.self)
                }
                if bytes.isEmpty { bytes.reserveCapacity(2 * (pos - contentStart) + 16) }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<pos]))
                if startsWith("<![CDATA[") {
                    let contentStart = pos + 9
                    guard let close = find("]]>", from: contentStart) else {
                        throw Failure(offset: pos, message: "the CDATA section is never closed with ]]>", hint: nil)
                    }
                    escapes?.record(decoded: bytes.count..<bytes.count, source: pos..<contentStart)
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[contentStart..<close]))
                    escapes?.record(decoded: bytes.count..<bytes.count, source: close..<(close + 3))
                    pos = close + 3
                    runStart = pos
                    continue
                }
                if startsWith("<!") {
                    // CoreFoundation's parseStringTag takes `<!` in text for a CDATA section
                    // only: a comment there fails the file.
                    throw Failure(
                        offset: pos,
                        message:
                            "<! inside the text of <\(name)> that does not open a CDATA section, which Foundation rejects (a comment may not appear there)",
                        hint: "move the comment outside the element, or write the text in <![CDATA[…]]>")
                }
                // Foundation fails the whole file on text that is not UTF-8; bytes in a
                // processing instruction are never decoded, so only element text counts.
                try requireDecodable(contentStart..<pos, in: name)
                try readEndTag(name)
                return String(decoding: bytes, as: UTF8.self)
            }
            if b == UInt8(ascii: "&") {
                // Room for what a text with entities usually holds, made once.
                if bytes.isEmpty { bytes.reserveCapacity(2 * (pos - contentStart) + 64) }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<pos]))
                let (entityStart, decodedStart) = (pos, bytes.count)
                try readEntity(into: &bytes)
                escapes?.record(decoded: decodedStart..<bytes.count, source: entityStart..<pos)
                runStart = pos
                continue
            }
            pos += 1
        }
        throw Failure(offset: pos, message: "<\(name)> is never closed", hint: "add </\(name)>")
    }

    private mutating func readEntity(into bytes: inout [UInt8]) throws {
        let start = pos
        // The `;` must come within twelve bytes.
        guard let semicolon = find(UInt8(ascii: ";"), from: pos + 1, before: min(text.count, pos + 13)) else {
            throw Failure(offset: start, message: "'&' must start an entity such as &amp;", hint: "write & as &amp;")
        }
        let nameBytes = UnsafeBufferPointer(rebasing: text[(pos + 1)..<semicolon])
        pos = semicolon + 1
        if let byte = Self.predefinedEntity(nameBytes) {
            bytes.append(byte)
            return
        }
        let name = String(decoding: nameBytes, as: UTF8.self)
        switch name {
        case "lt": bytes.append(UInt8(ascii: "<"))
        case "gt": bytes.append(UInt8(ascii: ">"))
        case "amp": bytes.append(UInt8(ascii: "&"))
        case "quot": bytes.append(UInt8(ascii: "\""))
        case "apos": bytes.append(UInt8(ascii: "'"))
        default:
            guard name.hasPrefix("#") else {
                throw Failure(
                    offset: start, message: "unknown entity &\(name);: entities from a DTD are never expanded",
                    hint: "write the text itself")
            }
            guard let value = Self.characterReference(name.utf8.dropFirst()), Unicode.Scalar(value) != nil else {
                throw Failure(offset: start, message: "&\(name); is not a valid character reference", hint: nil)
            }
            appendUTF8(value, to: &bytes)
        }
    }

    /// The byte a predefined entity (`lt`, `gt`, `amp`, `quot`, `apos`) stands for, found by its
    /// name's bytes: no name written with other bytes is equal to one as a String.
    private static func predefinedEntity(_ name: UnsafeBufferPointer<UInt8>) -> UInt8? {
        func isName(_ literal: StaticString) -> Bool {
            literal.utf8CodeUnitCount == name.count && memcmp(literal.utf8Start, name.baseAddress!, name.count) == 0
        }
        switch name.count {
        case 2: return isName("lt") ? UInt8(ascii: "<") : isName("gt") ? UInt8(ascii: ">") : nil
        case 3: return isName("amp") ? UInt8(ascii: "&") : nil
        case 4: return isName("quot") ? UInt8(ascii: "\"") : isName("apos") ? UInt8(ascii: "'") : nil
        default: return nil
        }
    }

    /// An `<integer>`'s value and where it ends, read as CoreFoundation's parseIntegerTag reads
    /// it: its whitespace (bytes below 0x21, 0x7F–0xA0 and some of U+2000–U+3000's, each byte
    /// skipped alone) around an optional sign, `0x` only as the first digits, the digits up to
    /// `<`, a value up to 2^64 (2^63 when negative). A value past Int64 keeps its bit pattern.
    static func integer(in text: UnsafeBufferPointer<UInt8>, from start: Int) -> (Int64, Int)? {
        func isWhitespace(_ i: Int) -> Bool {
            let b = text[i]
            if b < 0x21 || (b > 0x7E && b < 0xA1) { return true }
            guard b == 0xE2 || b == 0xE3, text.count - i >= 3 else { return false }
            let (b2, b3) = (text[i + 1], text[i + 2])
            // (CoreFoundation compares the third byte with decimal 80, not 0x80.)
            if b == 0xE2 && b2 == 0x80 { return (b3 >= 80 && b3 <= 0x8B) || b3 == 0xAF }
            if b == 0xE2 && b2 == 0x81 { return b3 == 0x9F }
            return b == 0xE3 && b2 == 0x80 && b3 == 0x80
        }
        var i = start
        while i < text.count, isWhitespace(i) { i += 1 }
        guard i < text.count, text[i] != UInt8(ascii: "<") else { return nil }
        var isNegative = false
        if text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
            isNegative = text[i] == UInt8(ascii: "-")
            i += 1
            while i < text.count, isWhitespace(i) { i += 1 }
        }
        guard i < text.count else { return nil }
        var isHex = false
        var hadLeadingZero = false
        if text[i] == UInt8(ascii: "0") {
            if i + 1 < text.count, text[i + 1] == UInt8(ascii: "x") || text[i + 1] == UInt8(ascii: "X") {
                i += 1
                isHex = true
            } else {
                hadLeadingZero = true
            }
            i += 1
        }
        while i < text.count, text[i] == UInt8(ascii: "0") {
            hadLeadingZero = true
            i += 1
        }
        guard i < text.count else { return nil }
        if text[i] == UInt8(ascii: "<") { return hadLeadingZero ? (0, i) : nil }
        let base: UInt64 = isHex ? 16 : 10
        var value: UInt64 = 0
        while i < text.count, text[i] != UInt8(ascii: "<") {
            guard let digit = digitValue(text[i], hexadecimal: isHex).map(UInt64.init) else { return nil }
            guard UInt64.max / base >= value, UInt64.max - digit >= value * base else { return nil }
            value = value * base + digit
            if isNegative && value > UInt64(Int64.max) + 1 { return nil }
            i += 1
        }
        guard i < text.count else { return nil }
        return (Int64(bitPattern: isNegative ? 0 &- value : value), i)
    }

    /// A `<real>`'s value as CoreFoundation's parseRealTag reads its text: nan, inf, infinity
    /// and their signed forms in any case, else `__CFStringScanDouble` (its whitespace first,
    /// then only signs, digits, points and e) consuming the whole text with `strtod`.
    static func real(_ text: String) -> Double? {
        switch text.lowercased() {
        case "nan": return .nan
        case "inf", "+inf", "infinity", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        default: break
        }
        let units = Array(text.utf16)
        var i = 0
        while i < units.count, units[i] < 0x21 || (units[i] > 0x7E && units[i] < 0xA1) || (0x2000...0x200B).contains(units[i]) || units[i] == 0x3000 {
            i += 1
        }
        let number = units[i...]
        guard !number.isEmpty,
            number.allSatisfy({ $0 == 0x2B || $0 == 0x2D || $0 == 0x2E || (0x30...0x39).contains($0) || $0 == 0x45 || $0 == 0x65 })
        else { return nil }
        let ascii = String(decoding: number.map { UInt8($0) }, as: UTF8.self)
        return ascii.withCString { (start: UnsafePointer<CChar>) -> Double? in
            var end: UnsafeMutablePointer<CChar>? = nil
            let value = strtod(start, &end)
            guard let end else { return nil }
            let consumed: Int = UnsafePointer(end) - start
            return consumed == number.count ? value : nil
        }
    }

    /// Where a `<date>`'s value ends when it has CoreFoundation's form, else nil.
    static func dateEnd(in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        func isDigit(_ index: Int) -> Bool { index < text.count && text[index] >= 0x30 && text[index] <= 0x39 }
        var index = start
        if index < text.count, text[index] == UInt8(ascii: "-") { index += 1 }
        while isDigit(index) { index += 1 }
        guard index < text.count, text[index] == UInt8(ascii: "-") else { return nil }
        index += 1
        for separator in "-T::Z".utf8 {
            guard isDigit(index), isDigit(index + 1), index + 2 < text.count, text[index + 2] == separator else { return nil }
            index += 3
        }
        return index
    }

    /// A `<data>`'s bytes decoded as CoreFoundation decodes them, and where they end (the next
    /// `<`); nil when a byte is not ASCII.
    static func base64Data(in text: UnsafeBufferPointer<UInt8>, from start: Int) -> ([UInt8], Int)? {
        var output: [UInt8] = []
        var accumulator: UInt32 = 0
        var count = 0
        var equalSigns = 0
        var index = start
        while index < text.count, text[index] != UInt8(ascii: "<") {
            let c = text[index]
            index += 1
            guard c < 0x80 else { return nil }
            if c == UInt8(ascii: "=") {
                equalSigns += 1
            } else if !(c == 0x20 || (c >= 0x09 && c <= 0x0D)) {
                equalSigns = 0
            }
            let value: UInt32
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(c - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(c - UInt8(ascii: "a") + 26)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(c - UInt8(ascii: "0") + 52)
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="): value = 0
            default: continue
            }
            count += 1
            accumulator = accumulator << 6 &+ value
            if count & 3 == 0 {
                output.append(UInt8(truncatingIfNeeded: accumulator >> 16))
                if equalSigns < 2 { output.append(UInt8(truncatingIfNeeded: accumulator >> 8)) }
                if equalSigns < 1 { output.append(UInt8(truncatingIfNeeded: accumulator)) }
            }
        }
        return (output, index)
    }

    /// An ASCII digit's value; `a`–`f` and `A`–`F` too when `hexadecimal`.
    static func digitValue(_ c: UInt8, hexadecimal: Bool) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hexadecimal: c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hexadecimal: c - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// A character reference's code point as CoreFoundation's parseEntityReference_pl reads it:
    /// a lowercase `x` for hexadecimal, then at most eight digits and no sign; no digits at all
    /// is U+0000, which it accepts.
    static func characterReference(_ digits: Substring.UTF8View) -> UInt32? {
        var digits = digits
        let isHex = digits.first == UInt8(ascii: "x")
        if isHex { digits = digits.dropFirst() }
        guard digits.count <= 8 else { return nil }
        var value: UInt32 = 0
        for digit in digits {
            guard let number = digitValue(digit, hexadecimal: isHex) else { return nil }
            value = (isHex ? value << 4 : value &* 10) &+ UInt32(number)
        }
        return value
    }

    // MARK: Scanning helpers

    private mutating func skipWhitespace() {
        while pos < text.count {
            let b = text[pos]
            guard b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D else { return }
            pos += 1
        }
    }

    private mutating func skip(past terminator: String, what: String, searchingFrom start: Int? = nil) throws {
        guard let found = find(terminator, from: start ?? pos) else {
            throw Failure(offset: pos, message: "this \(what) is never closed with \(terminator)", hint: nil)
        }
        pos = found + terminator.utf8.count
    }

    private func startsWith(_ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard pos + count <= text.count else { return false }
        let start = prefix.utf8Start
        for k in 0..<count where text[pos + k] != start[k] { return false }
        return true
    }

    private func find(_ byte: UInt8, from start: Int, before end: Int? = nil) -> Int? {
        var index = start
        let end = end ?? text.count
        while index < end {
            if text[index] == byte { return index }
            index += 1
        }
        return nil
    }

    private func find(_ needle: String, from start: Int) -> Int? {
        let bytes = Array(needle.utf8)
        guard let first = bytes.first else { return start }
        var index = start
        while index + bytes.count <= text.count {
            if text[index] == first {
                var matched = true
                for k in 1..<bytes.count where text[index + k] != bytes[k] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }

    private func isNameCharacter(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
            || b == UInt8(ascii: ":") || b == UInt8(ascii: ".") || b >= 0x80
    }

    private func describe(_ offset: Int) -> String {
        guard offset < text.count else { return "the end of the file" }
        let b = text[offset]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x\(String(b, radix: 16, uppercase: true))"
    }
}

extension StringProtocol {
    func trimmingASCIIWhitespace() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" || first == "\n" || first == "\r" || first == "\r\n" {
            slice.removeFirst()
        }
        while let last = slice.last, last == " " || last == "\t" || last == "\n" || last == "\r" || last == "\r\n" {
            slice.removeLast()
        }
        return String(slice)
    }
}
