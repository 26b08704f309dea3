import CByteScan

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value in an Android resource file: text, or a reference to another resource (`@string/x`).
public enum AndroidResourceValue: Sendable, Hashable {
    /// The text as compiled: what `Resources.getString` returns (styling spans dropped).
    case text(String)
    /// A reference, `@[package:]type/name`, resolved when the app is linked. `@null` (a
    /// reference to resource 0, which `getString` shows as `@0`) has type and name `null`;
    /// `@empty` (a typed null, which `getString` has no text for) type `null`, name `empty`.
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

    public init(
        name: String, value: AndroidResourceValue, isTranslatable: Bool = true, isFormatted: Bool = true, isStyled: Bool = false,
        location: SourceLocation
    ) {
        self.name = name
        self.value = value
        self.isTranslatable = isTranslatable
        self.isFormatted = isFormatted
        self.isStyled = isStyled
        self.location = location
    }
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

/// A resource as aapt2 names it: its type (`string`, `array` for `<string-array>`, `color`, …)
/// and its name.
public struct AndroidResourceName: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var type: String
    public var name: String

    public init(type: String, name: String) {
        self.type = type
        self.name = name
    }

    public static func < (left: Self, right: Self) -> Bool { (left.type, left.name) < (right.type, right.name) }

    /// `type/name`, as aapt2 prints it.
    public var description: String { "\(type)/\(name)" }

    /// The types whose values are one typed value, not a bag of them (a style, an array).
    static let simpleTypes: Set<String> = ["color", "bool", "integer", "dimen", "fraction"]

    /// Whether aapt2 takes `name` as a resource's entry name (`text::IsValidResourceEntryName`):
    /// an XID_Start character or `_`, then XID_Continue characters, `.` or `-`. Any other name
    /// (`a:b`, `a&b`, `1a`, a tab or CR in it) fails the build.
    static func isValidEntryName(_ name: String) -> Bool {
        var scalars = name.unicodeScalars.makeIterator()
        guard let first = scalars.next(), first == "_" || first.properties.isXIDStart else { return false }
        while let scalar = scalars.next() {
            guard scalar == "." || scalar == "-" || scalar.properties.isXIDContinue else { return false }
        }
        return true
    }

    /// The resource type aapt2 gives a values file's element (`ResourceParser::ParseResource`):
    /// nil for elements that define no resource of their own (`<eat-comment>`, `<public>`,
    /// `<skip>`, `<declare-styleable>`, whose attributes are read apart).
    static func type(ofElement element: String, typeAttribute: String?) -> String? {
        switch element {
        case "item": typeAttribute
        case "string-array", "integer-array", "array": "array"
        case "bool", "color", "dimen", "drawable", "fraction", "id", "integer", "plurals", "string", "style", "attr": element
        default: nil
        }
    }
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
    /// `<string>` resources, in file order and by name.
    public var strings = AndroidStringTable()
    /// `<plurals>` resources by name.
    public var plurals: [String: AndroidPluralsResource] = [:]
    /// `<string-array>` resources by name.
    public var stringArrays: [String: AndroidStringArrayResource] = [:]
    /// The file's other resources (`<color>`, `<dimen>`, `<item type="id">`, the attributes a
    /// `<declare-styleable>` defines, …), by type and name: aapt2 link's removal of resources
    /// without a default, the app's locale list and its resource IDs depend on them too.
    public var otherResources: [AndroidResourceName] = []
    /// The values of those of a simple type (`<color>`, `<dimen>`, `<bool>`, `<integer>`,
    /// `<fraction>`) as `getString` gives them on the phone (`#ffff0000`, `16.0dip`), or the
    /// resource they refer to: a loc key may name one.
    public var otherValues: [AndroidResourceName: AndroidResourceValue] = [:]
    /// Where each of ``otherValues`` is defined (for a reference aapt2 link cannot resolve).
    var otherValueLocations: [AndroidResourceName: SourceLocation] = [:]
    /// What aapt2 would reject, located.
    public var diagnostics: [LocalizationDiagnostic] = []

    /// Reads a strings.xml from its bytes, in any encoding aapt2 reads (UTF-8, UTF-16,
    /// ISO-8859-1, US-ASCII).
    public init(parsing bytes: [UInt8], file: String? = nil, limits: ReadingLimits = .default) {
        self.init(parsing: bytes, file: file, limits: limits, readingDirectly: true)
    }

    /// Reads a strings.xml, straight from its bytes when `readingDirectly` and the file is one
    /// ``DirectValuesReader`` takes, else through the located reader's events. Both readings
    /// give the same file.
    init(parsing bytes: [UInt8], file: String?, limits: ReadingLimits, readingDirectly: Bool) {
        var bytes = bytes
        switch XMLEncoding.decode(bytes) {
        case .utf8(let text):
            bytes = text
        case .refused(let message, let before):
            self.init(file: file)
            diagnostics = [
                LocalizationDiagnostic(.androidMalformedXML, at: Self.location(after: before, file: file), "XML error: \(message)")
            ]
            return
        }
        if readingDirectly, let file = DirectValuesReader.read(bytes, file: file, limits: limits) {
            self = file
            return
        }
        var result = AndroidStringsFile(file: file)
        // About one string per hundred bytes in real files: room for them up front rather
        // than growing the table again and again.
        result.strings.reserveCapacity(min(bytes.count / 128, limits.maximumEntryCount), bytes: bytes.count)
        var parser = AndroidValuesParser(bytes: bytes, file: file, limits: limits)
        parser.parse(into: &result)
        result.diagnostics = result.diagnostics.cappedPerID(limits.maximumDiagnosticsPerKind)
        self = result
    }

    /// Where the byte after `text` (UTF-8) is, by the located reader's line rule.
    static func location(after text: [UInt8], file: String?) -> SourceLocation {
        var reader = ResourceXMLReader(bytes: text, file: file, maximumDepth: 1)
        return reader.locationOfEnd
    }

    /// A file with nothing read yet.
    init(file: String?) {
        self.file = file
        strings = AndroidStringTable(file: file)
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

    /// Where the string, plural, string array or simple value `resource` is defined in this
    /// file; nil when it is not, or is of another type. A string's location is read without
    /// making it.
    func location(of resource: AndroidResourceName) -> SourceLocation? {
        switch resource.type {
        case "string": strings.position(of: resource.name).map(strings.location(at:))
        case "plurals": plurals[resource.name]?.location
        case "array": stringArrays[resource.name]?.location
        default: otherValueLocations[resource]
        }
    }

    /// A string's text with references followed inside this file (at most 16 steps); nil when
    /// the string or a referenced one is not here.
    public func text(ofString name: String) -> String? {
        var value = strings.value(named: name)
        for _ in 0..<16 {
            switch value {
            case .text(let text)?: return text
            case .reference(let type, let target)? where type == "string": value = strings.value(named: target)
            default: return nil
            }
        }
        return nil
    }
}

/// How aapt2 turns a value element's content into text (its `StringBuilder` and the flattening
/// of the element's subtree in `ResourceParser`).
package enum AAPT2StringBuilder {
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

    /// An element's value from its content's text, where styling tags end the segments at
    /// `segmentEnds` (none without styling tags): a reference when the unstyled text is one,
    /// else the compiled text; and whether the value is styled. A NUL character (from
    /// `\u0000` or a short `\u`) turns the rest of the string into NULs, one per byte of
    /// aapt2's UTF-8.
    ///
    /// Everything aapt2 treats specially is ASCII, so the text is compiled as UTF-8 bytes,
    /// straight into the String's storage.
    static func value(_ text: UnsafeBufferPointer<UInt8>, segmentEnds: [Int]) throws(Failure) -> (AndroidResourceValue, Bool) {
        var failure: Failure?
        var compiled = Compiled(count: 0, isReference: false, isStyled: false, hasNUL: false)
        let string = String(unsafeUninitializedCapacity: max(text.count, 1)) { output in
            do throws(Failure) {
                compiled = try compile(text, segmentEnds: segmentEnds, into: output.baseAddress!)
                return compiled.hasNUL ? 0 : compiled.count
            } catch {
                failure = error
                return 0
            }
        }
        if let failure { throw failure }
        if compiled.isReference, let reference = reference(in: string) { return (reference, false) }
        guard compiled.hasNUL else { return (.text(string), compiled.isStyled) }
        var output = try [UInt8](unsafeUninitializedCapacity: max(text.count, 1)) { (buffer, count) throws(Failure) in
            count = try compile(text, segmentEnds: segmentEnds, into: buffer.baseAddress!).count
        }
        let nul = output.firstIndex(of: 0)!
        // aapt2's UTF-8 writes a character outside the BMP as two 3-byte surrogates: six bytes
        // for the four of UTF-8.
        let rest = output.count - nul + 2 * output[nul...].count { $0 >= 0xF0 }
        output.replaceSubrange(nul..., with: repeatElement(0, count: rest))
        return (.text(String(decoding: output, as: UTF8.self)), compiled.isStyled)
    }

    /// An element's content compiled onto a buffer by ``compile(_:segmentEnds:into:)``: plain
    /// values, so that keeping one costs nothing on the reading's hot path.
    struct Compiled {
        /// The bytes written: the compiled text, or the trimmed text of a reference.
        var count: Int
        /// Whether the bytes are a reference's text (which ``reference(in:)`` reads back).
        var isReference: Bool
        var isStyled: Bool
        /// Whether the compiled text holds a NUL, which ``value(_:segmentEnds:)`` turns into
        /// NULs to the end.
        var hasNUL: Bool
    }

    /// Compiles an element's content onto `output`, which has room for `text.count` bytes:
    /// without styling tags the whole text's leading and trailing whitespace is dropped first,
    /// and a text whose trimmed form is a reference is copied as it is; with them (segments
    /// ending at `segmentEnds`) each run of text between tags is collapsed on its own, its
    /// double quotes too. ``value(_:segmentEnds:)`` makes the value of it; an
    /// ``AndroidStringTable`` keeps the bytes.
    static func compile(
        _ text: UnsafeBufferPointer<UInt8>, segmentEnds: [Int], into output: UnsafeMutablePointer<UInt8>
    ) throws(Failure) -> Compiled {
        var written = 0
        if segmentEnds.isEmpty {
            let text = trimmed(text)
            // Only a text starting with '@' or '?' can be a reference.
            if let lead = text.first, lead == UInt8(ascii: "@") || lead == UInt8(ascii: "?"),
                let value = reference(in: String(decoding: text, as: UTF8.self))
            {
                guard case .reference = value else { return Compiled(count: 0, isReference: false, isStyled: false, hasNUL: false) }
                output.update(from: text.baseAddress!, count: text.count)
                return Compiled(count: text.count, isReference: true, isStyled: false, hasNUL: false)
            }
            written = try compile(text, into: output)
        } else {
            var start = 0
            for end in segmentEnds + [text.count] {
                written += try compile(UnsafeBufferPointer(rebasing: text[start..<end]), into: output + written)
                start = end
            }
        }
        return Compiled(count: written, isReference: false, isStyled: !segmentEnds.isEmpty, hasNUL: memchr(output, 0, written) != nil)
    }

    static func trimmed(_ text: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0
        var end = text.count
        while start < end, isSpace(text[start]) { start += 1 }
        while end > start, isSpace(text[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: text[start..<end])
    }

    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        if first == scalars.startIndex, last == scalars.index(before: scalars.endIndex) { return text }
        return String(scalars[first...last])
    }

    /// Compiles `text` onto `output`: outside double quotes runs of whitespace become one
    /// space, quotes are dropped, escapes unescaped, and an apostrophe is an error. Returns how
    /// many bytes it wrote, at most `text.count` (no escape is longer than what it stands for);
    /// `output` must have room for `text.count`, which the copying of plain runs may use.
    static func compile(_ text: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) throws(Failure) -> Int {
        var quoted = false
        var lastWasSpace = false
        var index = 0
        var written = 0
        let end = text.count
        guard let base = text.baseAddress else { return 0 }
        while index < end {
            // Up to the next byte compiling changes, copied as it is.
            let copied = bytescan_copy_plain_text(base + index, end - index, output + written, lastWasSpace ? 1 : 0)
            if copied > 0 {
                index += copied
                written += copied
                lastWasSpace = base[index - 1] == 0x20
                guard index < end else { break }
            }
            let byte = text[index]
            index += 1
            // Every special byte is below '(' or is '\\': the others are copied as they are.
            if byte > UInt8(ascii: "'"), byte != UInt8(ascii: "\\") {
                output[written] = byte
                written += 1
                lastWasSpace = false
                continue
            }
            if !quoted, isSpace(byte) {
                if !lastWasSpace {
                    output[written] = 0x20
                    written += 1
                    lastWasSpace = true
                }
                continue
            }
            lastWasSpace = false
            switch byte {
            case UInt8(ascii: "\\"):
                guard index < end else { continue }
                let escaped = text[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "t"):
                    output[written] = 0x09
                    written += 1
                case UInt8(ascii: "n"):
                    output[written] = 0x0A
                    written += 1
                case UInt8(ascii: "u"):
                    var value: UInt32 = 0
                    var digits = 0
                    while digits < 4, index < end {
                        guard let digit = hexValue(text[index]) else { throw .invalidUnicodeEscape }
                        value = value * 16 + digit
                        index += 1
                        digits += 1
                    }
                    // A surrogate cannot be written as UTF-8: aapt2 drops it.
                    if let decoded = Unicode.Scalar(value) {
                        for unit in UTF8.encode(decoded)! {
                            output[written] = unit
                            written += 1
                        }
                    }
                // Any other escaped character stands for itself; the rest of a multi-byte one
                // follows as ordinary bytes.
                default:
                    output[written] = escaped
                    written += 1
                }
            case UInt8(ascii: "\""):
                quoted.toggle()
            case UInt8(ascii: "'") where !quoted:
                throw .unescapedApostrophe
            default:
                output[written] = byte
                written += 1
            }
        }
        return written
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte) - 0x30
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte) - 0x61 + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte) - 0x41 + 10
        default: nil
        }
    }

    /// Whether aapt2 rejects a `<string>` for its format. It checks only plain text values of
    /// strings that are formatted and translatable (not styled strings).
    static func rejectsFormat(of value: AndroidResourceValue, styled: Bool, formatted: Bool, translatable: Bool) -> Bool {
        guard case .text(var text) = value else { return false }
        return text.withUTF8 { rejectsFormat(ofText: $0, styled: styled, formatted: formatted, translatable: translatable) }
    }

    /// ``rejectsFormat(of:styled:formatted:translatable:)`` for a text value's UTF-8.
    static func rejectsFormat(ofText text: UnsafeBufferPointer<UInt8>, styled: Bool, formatted: Bool, translatable: Bool) -> Bool {
        formatted && translatable && !styled && !isAcceptedFormat(text)
    }

    /// aapt2's check of a formatted string (`VerifyJavaStringFormat`): false when there are
    /// several arguments and one is not positional. Strings that look like `Time.format`
    /// patterns pass.
    package static func isAcceptedFormat(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isAcceptedFormat($0) }
    }

    /// ``isAcceptedFormat(_:)`` on a text's UTF-8. Every character the check looks at is
    /// ASCII: it walks the bytes, from one '%' to the next.
    static func isAcceptedFormat(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        var argumentCount = 0
        var nonpositional = false
        func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") }
        while index < bytes.count {
            guard let percent = memchr(base + index, Int32(UInt8(ascii: "%")), bytes.count - index) else { break }
            index = UnsafeRawPointer(percent) - UnsafeRawPointer(base)
            if index + 1 < bytes.count {
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
                flags: while index < bytes.count {
                    switch bytes[index] {
                    case UInt8(ascii: "-"), UInt8(ascii: "#"), UInt8(ascii: "+"), UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: "("),
                        UInt8(ascii: "0")...UInt8(ascii: "9"):
                        index += 1
                    default: break flags
                    }
                }
                if index < bytes.count {
                    switch bytes[index] {
                    case UInt8(ascii: "D"), UInt8(ascii: "F"), UInt8(ascii: "K"), UInt8(ascii: "M"), UInt8(ascii: "W"), UInt8(ascii: "Z"),
                        UInt8(ascii: "k"), UInt8(ascii: "m"), UInt8(ascii: "w"), UInt8(ascii: "y"), UInt8(ascii: "z"):
                        return true
                    default: break
                    }
                }
            }
            if index < bytes.count { index += 1 }
        }
        return !(argumentCount > 1 && nonpositional)
    }

    /// aapt2's resource types (`ParseResourceType`).
    static let resourceTypes: Set<Substring> = [
        "^attr-private", "anim", "animator", "array", "attr", "bool", "color", "configVarying", "dimen", "drawable", "font", "fraction", "id",
        "integer", "interpolator", "layout", "menu", "mipmap", "navigation", "plurals", "raw", "string", "style", "styleable", "transition", "xml",
    ]

    /// The reference a value's raw text is, aapt2's way (`ParseReference`,
    /// `ParseAttributeReference`): the trimmed text is `@[+][*][package:]type/entry` with a known
    /// type and any non-empty entry, or `?[package:][attr/]entry`. `@null` is a reference to
    /// nothing and `@empty` a typed null (type `null`, names `null` and `empty`); a framework
    /// resource has type `android:type`. Nil for anything else, which is then text.
    package static func reference(in raw: String) -> AndroidResourceValue? {
        // Only a text starting with '@' or '?' (after whitespace) can be a reference.
        guard let lead = raw.utf8.first(where: { !isSpace(Unicode.Scalar($0)) }), lead == UInt8(ascii: "@") || lead == UInt8(ascii: "?") else {
            return nil
        }
        let text = trimmed(raw)
        if text == "@null" { return .reference(type: "null", name: "null") }
        if text == "@empty" { return .reference(type: "null", name: "empty") }
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

    /// Reads to the root's end tag (aapt2 reads nothing after it), so that a well-formedness
    /// error in what is left is reported.
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

    /// Notes the resource a skipped element defines: `<declare-styleable>` defines the
    /// attributes it gives a format or values to, and each `<enum>` or `<flag>` of an attribute
    /// defines an `id`.
    mutating func recordOtherResource(
        _ element: String, attributes: [ResourceXMLReader.Attribute], at location: SourceLocation, into result: inout AndroidStringsFile
    ) {
        let name = Self.attribute("name", in: attributes) ?? ""
        if element != "declare-styleable", !name.isEmpty,
            let type = AndroidResourceName.type(ofElement: element, typeAttribute: Self.attribute("type", in: attributes))
        {
            let resource = AndroidResourceName(type: type, name: name)
            result.otherResources.append(resource)
            if AndroidResourceName.simpleTypes.contains(type) {
                recordSimpleValue(of: resource, element: element, attributes: attributes, at: location, into: &result)
                return
            }
        }
        guard element == "declare-styleable" || element == "attr" else {
            skipElement()
            return
        }
        let depth = reader.depth
        while reader.depth >= depth, let event = reader.next() {
            guard case .start(let child, let namespace, let childAttributes, _) = event, namespace.isEmpty else { continue }
            guard let childName = Self.attribute("name", in: childAttributes), !childName.isEmpty else { continue }
            if element == "declare-styleable", child == "attr" {
                // An attribute with neither format nor values refers to one defined elsewhere.
                let before = result.otherResources.count
                recordOtherResource(child, attributes: childAttributes, at: location, into: &result)
                let definesValues = result.otherResources.count > before + 1
                if Self.attribute("format", in: childAttributes) == nil, !definesValues { result.otherResources.remove(at: before) }
            } else if element == "attr", child == "enum" || child == "flag" {
                result.otherResources.append(AndroidResourceName(type: "id", name: childName))
            }
        }
    }

    /// A `<color>`, `<bool>`, `<integer>`, `<dimen>`, `<fraction>` or `<item>` of one, as
    /// `ResourceParser::ParseItem` compiles it: its content read as a string's is (whose
    /// errors are the same), a styled value kept as that string, else the text's typed value;
    /// a value of no kind the element takes fails the build.
    mutating func recordSimpleValue(
        of resource: AndroidResourceName, element: String, attributes: [ResourceXMLReader.Attribute], at location: SourceLocation,
        into result: inout AndroidStringsFile
    ) {
        let format = Self.attribute("format", in: attributes)
        guard let accepted = AndroidValueText.Accepted.of(element: element, format: format) else {
            result.diagnostics.append(
                LocalizationDiagnostic(
                    .androidInvalidResource, at: location,
                    "resource '\(resource)' has the format '\(format ?? "")', which aapt2 does not take: it fails the build (one of \(AndroidValueText.Accepted.formats.keys.sorted().joined(separator: ", ")))"
                ))
            skipElement()
            return
        }
        guard let (string, styled, bytes) = parseValue(at: location, into: &result) else { return }
        let text = String(decoding: bytes, as: UTF8.self)
        switch styled ? .string : AndroidValueText.compile(text, accepting: accepted) {
        case .value(let value):
            result.otherValues[resource] = value
            result.otherValueLocations[resource] = location
        case .string:
            result.otherValues[resource] = string
            result.otherValueLocations[resource] = location
        case .invalid:
            let shown = AAPT2StringBuilder.trimmed(text)
            result.diagnostics.append(
                LocalizationDiagnostic(
                    .androidInvalidResource, at: location,
                    "resource '\(resource)' has the value '\(shown.prefix(80))', which aapt2 does not take for it: it fails the build (expected \(accepted.expectation))"
                ))
        }
    }

    /// An attribute's value as aapt2 reads it: without leading and trailing whitespace
    /// (`FindNonEmptyAttribute`, and `ParseBool` for the booleans).
    static func attribute(_ name: String, in attributes: [ResourceXMLReader.Attribute]) -> String? {
        attributes.first { $0.name == name && $0.namespace.isEmpty }.map { AAPT2StringBuilder.trimmed($0.value) }
    }

    mutating func parseResource(
        _ element: String, attributes: [ResourceXMLReader.Attribute], at location: SourceLocation, into result: inout AndroidStringsFile
    ) {
        var element = element
        let isItem = element == "item"
        // `<item type="string">` is a `<string>` (aapt2 parses it with ParseString), unless a
        // format other than string is given for it.
        if element == "item", Self.attribute("type", in: attributes) == "string",
            (Self.attribute("format", in: attributes) ?? "string") == "string"
        {
            element = "string"
        }
        if let name = Self.attribute("name", in: attributes), !name.isEmpty,
            let type = AndroidResourceName.type(ofElement: element, typeAttribute: Self.attribute("type", in: attributes)),
            !AndroidResourceName.isValidEntryName(name)
        {
            result.diagnostics.append(
                LocalizationDiagnostic(
                    .androidInvalidResource, at: location,
                    "resource '\(type)/\(name)' has an invalid name: aapt2 fails the build (a name starts with a letter or '_' and holds letters, digits, '_', '.' and '-')"
                ))
            skipElement()
            return
        }
        guard ["string", "plurals", "string-array"].contains(element) else {
            recordOtherResource(element, attributes: attributes, at: location, into: &result)
            return
        }
        guard let name = Self.attribute("name", in: attributes), !name.isEmpty else {
            result.diagnostics.append(LocalizationDiagnostic(.androidInvalidResource, at: location, "<\(element)> has no 'name' attribute"))
            skipElement()
            return
        }
        // aapt2 reads a <string>'s translatable and formatted, and an array's translatable, with
        // ParseBool (true or false, in three cases); any other value fails the build. An
        // <item type="string">'s are not checked.
        var flags: [String: Bool] = [:]
        for flag in element == "string" && !isItem ? ["translatable", "formatted"] : element == "string-array" ? ["translatable"] : [] {
            guard let text = Self.attribute(flag, in: attributes) else { continue }
            guard let parsed = AndroidValueText.boolean(text) else {
                result.diagnostics.append(
                    LocalizationDiagnostic(
                        .androidInvalidResource, at: location,
                        "\(flag)=\"\(text)\" on \(element) '\(name)' is not a boolean: aapt2 fails the build (true or false)"))
                skipElement()
                return
            }
            flags[flag] = parsed.data != 0
        }
        let translatable = flags["translatable"] ?? (Self.attribute("translatable", in: attributes) != "false")
        switch element {
        case "string":
            let formatted = flags["formatted"] ?? (Self.attribute("formatted", in: attributes) != "false")
            guard let (value, styled, _) = parseValue(at: location, into: &result) else { return }
            // A Gradle build compiles with `aapt2 compile --legacy`, which only warns: the string
            // is kept and formats its arguments in order. Plain aapt2 fails the build; the
            // app's resources drop the string when told the toolchain is plain aapt2.
            if AAPT2StringBuilder.rejectsFormat(of: value, styled: styled, formatted: formatted, translatable: translatable) {
                var finding = LocalizationDiagnostic(
                    .androidNonpositionalFormat, at: location,
                    "string '\(name)' has several format arguments, not all positional: a Gradle build (aapt2 compile --legacy) warns and fills them in order; plain aapt2 fails the build",
                    hint: "number them (%1$s, %2$s) or add formatted=\"false\"")
                finding.key = name
                result.diagnostics.append(finding)
            }
            if let earlier = result.strings[name] {
                duplicate("string", name, at: location, earlier: earlier.location, into: &result)
                return
            }
            result.strings.insert(
                AndroidStringResource(
                    name: name, value: value, isTranslatable: translatable, isFormatted: formatted, isStyled: styled, location: location))
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
                guard let (value, _, _) = parser.parseValue(at: itemLocation, into: &result) else {
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
                guard let (value, _, _) = parser.parseValue(at: itemLocation, into: &result) else {
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

    /// The value of the element just started, read to its end tag, whether it is styled, and
    /// its content's text before compiling; nil after a diagnostic.
    mutating func parseValue(
        at location: SourceLocation, into result: inout AndroidStringsFile
    ) -> (value: AndroidResourceValue, styled: Bool, text: [UInt8])? {
        let depth = reader.depth
        // The content's text, and where styling tags end its segments.
        var text: [UInt8] = []
        var segmentEnds: [Int] = []
        var xliffDepth: Int?
        var failed = false
        while reader.depth >= depth, let event = reader.next() {
            switch event {
            case .text(let run, _):
                text += run
            case .start(let name, let namespace, _, let elementLocation):
                if namespace.isEmpty {
                    segmentEnds.append(text.count)
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
                    segmentEnds.append(text.count)
                } else if namespace == Self.xliffNamespace, name == "g", xliffDepth == reader.depth + 1 {
                    xliffDepth = nil
                }
            case .comment:
                continue
            }
        }
        guard !failed, reader.failure == nil else { return nil }
        do throws(AAPT2StringBuilder.Failure) {
            let (value, styled) = try text.withUnsafeBufferPointer { (text) throws(AAPT2StringBuilder.Failure) in
                try AAPT2StringBuilder.value(text, segmentEnds: segmentEnds)
            }
            return (value, styled, text)
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
