import CByteScan

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the common strings.xml straight from its bytes into an ``AndroidStringsFile``, without
/// the events of ``ResourceXMLReader``: a `<resources>` root holding `<string>`, `<plurals>` and
/// `<string-array>` elements, comments and processing instructions, whose values are text with
/// entities, CDATA, comments, styling tags and `<xliff:g>`.
///
/// Other resources (`<color>`, `<dimen>`, `<style>`, …) are passed over, as the located reading
/// passes over them, once their XML is found well-formed.
///
/// It gives up (nil) on anything the located reading would remark on, and on what it does not
/// take: namespaced elements between resources or in those it passes over, a self-closing
/// root, plurals or array, CR line ends in CDATA, namespaces declared below the root or as a
/// default, entities, tabs or line ends in attribute values, names outside ASCII, processing
/// instructions after the root. That file is then read by ``AndroidValuesParser`` as before,
/// so both readings give the same file.
///
/// The file's UTF-8 is checked once before anything is read; locations are counted by
/// ``LineIndex``.
struct DirectValuesReader {
    /// The file, or nil where the located reading must read it.
    static func read(_ bytes: [UInt8], file: String?, limits: ReadingLimits) -> AndroidStringsFile? {
        bytes.withUnsafeBufferPointer { buffer -> AndroidStringsFile? in
            guard limits.maximumNestingDepth > 2, buffer.baseAddress != nil, TextDecoder.firstInvalidUTF8(in: buffer, from: 0) == nil,
                ResourceXMLReader.firstNonXMLCharacter(in: buffer, from: 0) == nil
            else {
                return nil
            }
            // Every name and value is shorter than its XML: the file's size is room for them all.
            let pool = UnsafeMutablePointer<UInt8>.allocate(capacity: buffer.count)
            defer { pool.deallocate() }
            var reader = DirectValuesReader(bytes: bytes, buffer: buffer, file: file, limits: limits, pool: pool)
            return reader.read()
        }
    }

    private let bytes: [UInt8]
    private let buffer: UnsafeBufferPointer<UInt8>
    private let count: Int
    private let file: String?
    private let limits: ReadingLimits
    private var position = 0
    private var lines: LineIndex
    /// Whether the file starts with a byte order mark, which is no column.
    private let hasByteOrderMark: Bool
    /// The root's namespace declarations: the URI (a range of the file) by prefix.
    private var namespaces = ByteKeyMap<Range<Int>>()
    /// The attributes of the last start tag read (the first `attributeCount` of
    /// `attributeStorage`, kept from tag to tag for its room), and whether it closed itself.
    private var attributeStorage: [(name: Range<Int>, value: Range<Int>)] = []
    private var attributeCount = 0
    /// The names of the last start tag's attributes once it has more than
    /// ``scannedAttributeCount``, to find a repeated one in one look.
    private var attributeNames = ByteKeyMap<Bool>()
    /// Up to this many attributes a repeated name is looked for by comparing with each.
    private static let scannedAttributeCount = 8
    private var attributes: ArraySlice<(name: Range<Int>, value: Range<Int>)> { attributeStorage[..<attributeCount] }
    private var selfClosing = false
    // A value's text when it is not one slice of the file: its bytes, where each styled segment
    // ends, and the elements open in it. Kept from one value to the next for their room.
    private var text: [UInt8] = []
    private var segmentEnds: [Int] = []
    private var openSpans: [(name: Range<Int>, isXLIFF: Bool)] = []
    /// The resources passed over, by type and name, and the simple ones' values.
    private var otherResources: [AndroidResourceName] = []
    private var otherValues: [AndroidResourceName: AndroidResourceValue] = [:]
    private var otherValueLocations: [AndroidResourceName: SourceLocation] = [:]
    /// The strings' names and compiled values, back to back (room for `count` bytes), and
    /// their index: the ``AndroidStringTable`` being read.
    private let pool: UnsafeMutablePointer<UInt8>
    private var poolCount = 0
    private var names = NameIndex()

    private init(bytes: [UInt8], buffer: UnsafeBufferPointer<UInt8>, file: String?, limits: ReadingLimits, pool: UnsafeMutablePointer<UInt8>) {
        self.bytes = bytes
        self.pool = pool
        self.buffer = buffer
        self.count = buffer.count
        self.file = file
        self.limits = limits
        self.lines = LineIndex(file: file)
        position = TextDecoder.utf8TextStart(bytes)
        self.hasByteOrderMark = position == 3
    }

    private mutating func read() -> AndroidStringsFile? {
        var result = AndroidStringsFile(file: file)
        // Real files hold about one string per hundred bytes: room for them all up front.
        names.reserveCapacity(min(count / 64, limits.maximumEntryCount))
        guard skipOutsideRoot(afterRoot: false), isStartTag("<resources") else {
            return nil
        }
        position += 10
        guard readAttributes(), !selfClosing, readRootNamespaces() else { return nil }
        var entryCount = 0
        while true {
            skipSpaces()
            guard position + 1 < count, buffer[position] == UInt8(ascii: "<") else { return nil }
            if isStartTag("<string") {
                entryCount += 1
                guard entryCount <= limits.maximumEntryCount, readString() else { return nil }
            } else if isStartTag("<plurals") {
                entryCount += 1
                guard entryCount <= limits.maximumEntryCount, readItems(plurals: true, into: &result) else { return nil }
            } else if isStartTag("<string-array") {
                entryCount += 1
                guard entryCount <= limits.maximumEntryCount, readItems(plurals: false, into: &result) else { return nil }
            } else if looking(at: "<!--") {
                guard skipComment() else { return nil }
            } else if looking(at: "<?") {
                guard skipProcessingInstruction() else { return nil }
            } else if looking(at: "</") {
                guard let name = endTag(), matches(name, "resources") else { return nil }
                break
            } else {
                entryCount += 1
                guard entryCount <= limits.maximumEntryCount, skipResource() else { return nil }
            }
        }
        guard skipOutsideRoot(afterRoot: true), position == count else { return nil }
        result.strings = AndroidStringTable(file: file, pool: Array(UnsafeBufferPointer(start: pool, count: poolCount)), index: names)
        result.otherResources = otherResources
        result.otherValues = otherValues
        result.otherValueLocations = otherValueLocations
        return result
    }

    // MARK: Strings

    /// Reads `<string …>…</string>` at `<` onto the pool and into `names`; false to give up.
    private mutating func readString() -> Bool {
        let tagStart = position
        position += 7
        var name = readNameOnlyTag()
        var translatable = true
        var formatted = true
        if name == nil {
            guard readAttributes(), attributesAreBound(declaring: false) else { return false }
        }
        for attribute in attributes {
            if matches(attribute.name, "name") {
                name = attribute.value
            } else if matches(attribute.name, "translatable") {
                // Another spelling of a boolean, or none, is the located reading's.
                guard matches(attribute.value, "true") || matches(attribute.value, "false") else { return false }
                translatable = matches(attribute.value, "true")
            } else if matches(attribute.name, "formatted") {
                guard matches(attribute.value, "true") || matches(attribute.value, "false") else { return false }
                formatted = matches(attribute.value, "true")
            }
        }
        guard let name, isPlainEntryName(name), name.count <= count - poolCount else { return false }
        let nameStart = poolCount
        (pool + poolCount).update(from: buffer.baseAddress! + name.lowerBound, count: name.count)
        poolCount += name.count
        let output = pool + poolCount
        let room = count - poolCount
        var read = AAPT2StringBuilder.Compiled(count: 0, isReference: false, isStyled: false, hasNUL: false)
        if !selfClosing {
            // A NUL is the String form's to model.
            let readToEnd = readValue(of: "string", closedBy: "</string>", depth: 2) { (raw, segmentEnds) throws(AAPT2StringBuilder.Failure) in
                guard raw.count <= room else { return false }
                read = try AAPT2StringBuilder.compile(raw, segmentEnds: segmentEnds, into: output)
                return !read.hasNUL
            }
            guard readToEnd else { return false }
        }
        poolCount += read.count
        // A rejected format is the located reading's to report.
        if !read.isReference,
            AAPT2StringBuilder.rejectsFormat(
                ofText: UnsafeBufferPointer(start: output, count: read.count), styled: read.isStyled, formatted: formatted, translatable: translatable
            )
        {
            return false
        }
        var flags: NameIndex.Flags = []
        if read.isReference { flags.insert(.reference) }
        if !translatable { flags.insert(.untranslatable) }
        if !formatted { flags.insert(.unformatted) }
        if read.isStyled { flags.insert(.styled) }
        let (line, column) = lineAndColumn(at: tagStart)
        let entry = NameIndex.Entry(
            name: nameStart..<nameStart + name.count, value: nameStart + name.count..<poolCount, line: line, column: column, flags: flags)
        // A duplicate is the located reading's to report.
        return names.insert(entry, in: UnsafeBufferPointer(start: pool, count: poolCount))
    }

    /// Reads `<plurals …>` or `<string-array …>` at `<` into `result`: `<item>` elements
    /// (with a plural quantity in plurals) between white space, comments and processing
    /// instructions; false to give up.
    private mutating func readItems(plurals: Bool, into result: inout AndroidStringsFile) -> Bool {
        let tagStart = position
        position += plurals ? 8 : 13
        guard readAttributes(), !selfClosing, attributesAreBound(declaring: false) else { return false }
        var name: Range<Int>?
        for attribute in attributes {
            if matches(attribute.name, "name") { name = attribute.value }
            // An array's translatable must be a boolean (plurals' is not read): the located
            // reading says so when it is not plainly one.
            if !plurals, matches(attribute.name, "translatable"), !matches(attribute.value, "true"), !matches(attribute.value, "false") {
                return false
            }
        }
        guard let name, isPlainEntryName(name) else { return false }
        var quantities: [String: AndroidResourceValue] = [:]
        var items: [AndroidResourceValue] = []
        while true {
            skipSpaces()
            guard position + 1 < count, buffer[position] == UInt8(ascii: "<") else { return false }
            if isStartTag("<item") {
                position += 5
                guard readAttributes(), attributesAreBound(declaring: false) else { return false }
                var quantity: String?
                if plurals {
                    for attribute in attributes where matches(attribute.name, "quantity") {
                        quantity = self.quantity(attribute.value)
                    }
                    guard quantity != nil else { return false }
                }
                var read = Self.emptyValue
                if !selfClosing {
                    let readToEnd = readValue(of: "item", closedBy: "</item>", depth: 3) { (raw, segmentEnds) throws(AAPT2StringBuilder.Failure) in
                        read = try AAPT2StringBuilder.value(raw, segmentEnds: segmentEnds)
                        return true
                    }
                    guard readToEnd else { return false }
                }
                guard let (value, _) = read else { return false }
                if let quantity {
                    guard quantities.updateValue(value, forKey: quantity) == nil else { return false }
                } else {
                    items.append(value)
                }
            } else if looking(at: "<!--") {
                guard skipComment() else { return false }
            } else if looking(at: "<?") {
                guard skipProcessingInstruction() else { return false }
            } else if looking(at: "</") {
                guard let end = endTag(), plurals ? matches(end, "plurals") : matches(end, "string-array") else { return false }
                break
            } else {
                return false
            }
        }
        let key = String(decoding: buffer[name], as: UTF8.self)
        // A duplicate is the located reading's to report.
        if plurals {
            let resource = AndroidPluralsResource(name: key, items: quantities, location: location(at: tagStart))
            return result.plurals.updateValue(resource, forKey: key) == nil
        }
        let resource = AndroidStringArrayResource(name: key, items: items, location: location(at: tagStart))
        return result.stringArrays.updateValue(resource, forKey: key) == nil
    }

    /// The plural quantity `range` names, or nil.
    private func quantity(_ range: Range<Int>) -> String? {
        switch range.count {
        case 3 where matches(range, "one"): "one"
        case 3 where matches(range, "two"): "two"
        case 3 where matches(range, "few"): "few"
        case 4 where matches(range, "zero"): "zero"
        case 4 where matches(range, "many"): "many"
        case 5 where matches(range, "other"): "other"
        default: nil
        }
    }

    /// Passes over a resource at `<` that this reader does not keep (`<color>`, `<dimen>`,
    /// `<style>` and its items, …), as the located reading does: nothing of it is kept, but it
    /// must be well-formed. False to give up, on what is not, and on namespaced elements.
    private mutating func skipResource() -> Bool {
        let start = position
        position += 1
        guard let name = readName(), !buffer[name].contains(UInt8(ascii: ":")), readAttributes(), attributesAreBound(declaring: false) else {
            return false
        }
        // What an attribute definition defines (its enum and flag ids, a styleable's
        // attributes) is the located reading's to find.
        if matches(name, "attr") || matches(name, "declare-styleable") { return false }
        var resourceName: Range<Int>?
        var typeAttribute: Range<Int>?
        var formatAttribute: Range<Int>?
        for attribute in attributes {
            if matches(attribute.name, "name") { resourceName = attribute.value }
            if matches(attribute.name, "type") { typeAttribute = attribute.value }
            if matches(attribute.name, "format") { formatAttribute = attribute.value }
        }
        // `<item type="string">` is a string: the located reading's to read; so is a type or
        // format with whitespace around it, which aapt2 trims.
        if matches(name, "item"), let typeAttribute, matches(typeAttribute, "string") { return false }
        for value in [typeAttribute, formatAttribute].compactMap(\.self) where !value.isEmpty {
            guard !AAPT2StringBuilder.isSpace(buffer[value.lowerBound]), !AAPT2StringBuilder.isSpace(buffer[value.upperBound - 1]) else {
                return false
            }
        }
        if let resourceName, !resourceName.isEmpty,
            let type = AndroidResourceName.type(
                ofElement: String(decoding: buffer[name], as: UTF8.self),
                typeAttribute: typeAttribute.map { String(decoding: buffer[$0], as: UTF8.self) })
        {
            guard isPlainEntryName(resourceName) else { return false }
            let resource = AndroidResourceName(type: type, name: String(decoding: buffer[resourceName], as: UTF8.self))
            otherResources.append(resource)
            // An empty simple value is @null or the empty string: the located reading's.
            if AndroidResourceName.simpleTypes.contains(type), selfClosing { return false }
            if AndroidResourceName.simpleTypes.contains(type) {
                // A simple value is plain text up to its end tag; anything else (an entity, a
                // comment, an element) is the located reading's to read.
                var end = position
                while end < count, buffer[end] != UInt8(ascii: "<") {
                    // An entity to decode, or a "]]>" XML forbids in text.
                    if buffer[end] == UInt8(ascii: "&") || buffer[end] == UInt8(ascii: "]") { return false }
                    end += 1
                }
                guard end + 1 < count, buffer[end + 1] == UInt8(ascii: "/") else { return false }
                let raw = String(decoding: buffer[position..<end], as: UTF8.self)
                position = end
                guard let close = endTag(), buffer[close].elementsEqual(buffer[name]) else { return false }
                // Only a typed value or reference is read here; a string, an error (a quote or
                // backslash would be the string's to compile first) is the located reading's.
                let format = formatAttribute.map { String(decoding: buffer[$0], as: UTF8.self) }
                guard let accepted = AndroidValueText.Accepted.of(element: String(decoding: buffer[name], as: UTF8.self), format: format),
                    !raw.utf8.contains(where: { $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }),
                    case .value(let value) = AndroidValueText.compile(raw, accepting: accepted)
                else { return false }
                otherValues[resource] = value
                otherValueLocations[resource] = location(at: start)
                return true
            }
        }
        if selfClosing { return true }
        // The elements open inside it; kept from one resource to the next for their room.
        if !openSpans.isEmpty { openSpans.removeAll(keepingCapacity: true) }
        openSpans.append((name, false))
        if !text.isEmpty { text.removeAll(keepingCapacity: true) }
        while let innermost = openSpans.last {
            // Text up to the next markup; its entities must be ones the located reading decodes.
            while position < count, buffer[position] != UInt8(ascii: "<") {
                if buffer[position] == UInt8(ascii: "&") {
                    guard decodeEntity() else { return false }
                    continue
                }
                if buffer[position] == UInt8(ascii: "]"), looking(at: "]]>") { return false }
                position += 1
            }
            guard position + 1 < count else { return false }
            if buffer[position + 1] == UInt8(ascii: "/") {
                guard let end = endTag(), buffer[end].elementsEqual(buffer[innermost.name]) else { return false }
                openSpans.removeLast()
            } else if looking(at: "<!--") {
                guard skipComment() else { return false }
            } else if looking(at: "<![CDATA[") {
                guard readCDATA(rejectingCarriageReturn: false) != nil else { return false }
            } else if looking(at: "<?") {
                guard skipProcessingInstruction() else { return false }
            } else {
                // A child element, two below the root for the first: under the located
                // reading's depth limit, and not namespaced.
                guard buffer[position + 1] != UInt8(ascii: "!"), 1 + openSpans.count < limits.maximumNestingDepth else { return false }
                position += 1
                guard let child = readName(), !buffer[child].contains(UInt8(ascii: ":")), readAttributes(), attributesAreBound(declaring: false)
                else { return false }
                if !selfClosing { openSpans.append((child, false)) }
            }
        }
        return true
    }

    /// The value of an element that closes itself (`<string name="x"/>`): what an empty one
    /// compiles to.
    private static let emptyValue: (AndroidResourceValue, Bool)? = try? AAPT2StringBuilder.value(
        UnsafeBufferPointer(start: nil, count: 0), segmentEnds: [])

    /// Reads the value of the `element` just started, `depth` elements deep, to its end tag
    /// (`closing`), and gives `make` its text and where its styled segments end; false to give
    /// up, as when `make` fails or returns false.
    private mutating func readValue(
        of element: StaticString, closedBy closing: StaticString, depth: Int,
        _ make: (UnsafeBufferPointer<UInt8>, [Int]) throws(AAPT2StringBuilder.Failure) -> Bool
    ) -> Bool {
        // The value's text while it is one run of the file's bytes.
        var slice: Range<Int>? = nil
        var copied = false
        // Most values leave these empty: emptied only when used.
        if !text.isEmpty { text.removeAll(keepingCapacity: true) }
        if !segmentEnds.isEmpty { segmentEnds.removeAll(keepingCapacity: true) }
        if !openSpans.isEmpty { openSpans.removeAll(keepingCapacity: true) }
        var inXLIFF = false

        func copy(_ reader: inout DirectValuesReader) {
            guard !copied else { return }
            copied = true
            if let run = slice { reader.text.append(contentsOf: UnsafeBufferPointer(rebasing: reader.buffer[run])) }
        }
        func add(_ run: Range<Int>, _ reader: inout DirectValuesReader) {
            if !copied, slice == nil {
                slice = run
                return
            }
            copy(&reader)
            reader.text.append(contentsOf: UnsafeBufferPointer(rebasing: reader.buffer[run]))
        }
        func spanEdge(_ reader: inout DirectValuesReader) {
            copy(&reader)
            reader.segmentEnds.append(reader.text.count)
        }

        while true {
            let runStart = position
            // Straight to the next '<', '&', ']' or CR.
            if let base = buffer.baseAddress { position += bytescan_value_text_end(base + position, count - position) }
            while position < count {
                let byte = buffer[position]
                if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || byte == 0x0D { break }
                if byte == UInt8(ascii: "]"), looking(at: "]]>") { return false }
                position += 1
            }
            guard position + 1 < count else { return false }
            if position > runStart { add(runStart..<position, &self) }
            if buffer[position] == 0x0D {
                // XML reads a CR, and a CRLF, as one line feed.
                copy(&self)
                text.append(0x0A)
                position += buffer[position + 1] == 0x0A ? 2 : 1
                continue
            }
            if buffer[position] == UInt8(ascii: "&") {
                copy(&self)
                guard decodeEntity() else { return false }
                continue
            }
            if buffer[position + 1] == UInt8(ascii: "/") {
                if openSpans.isEmpty, looking(at: closing) {
                    position += closing.utf8CodeUnitCount
                    break
                }
                guard let name = endTag() else { return false }
                guard let open = openSpans.popLast() else {
                    guard matches(name, element) else { return false }
                    break
                }
                guard buffer[name].elementsEqual(buffer[open.name]) else { return false }
                if open.isXLIFF { inXLIFF = false } else { spanEdge(&self) }
            } else if looking(at: "<!--") {
                guard skipComment() else { return false }
            } else if looking(at: "<![CDATA[") {
                // Line ends in CDATA are the located reading's to normalize.
                guard let content = readCDATA(rejectingCarriageReturn: true) else { return false }
                if !content.isEmpty { add(content, &self) }
            } else if looking(at: "<?") {
                guard skipProcessingInstruction() else { return false }
            } else {
                // A start tag: a styling tag or <xliff:g>, below the located reading's depth limit.
                guard buffer[position + 1] != UInt8(ascii: "!"), depth + openSpans.count < limits.maximumNestingDepth else { return false }
                position += 1
                guard let name = readName(), readAttributes(), attributesAreBound(declaring: false) else { return false }
                if let colon = buffer[name].firstIndex(of: UInt8(ascii: ":")) {
                    // <xliff:g> keeps its text and is no span; another one inside it, or any other
                    // namespaced element, is the located reading's.
                    guard !inXLIFF, let uri = namespace(of: name.lowerBound..<colon), matches(uri, Self.xliffNamespace),
                        matches(colon + 1..<name.upperBound, "g")
                    else { return false }
                    if !selfClosing {
                        inXLIFF = true
                        openSpans.append((name, true))
                    }
                } else {
                    spanEdge(&self)
                    if selfClosing { spanEdge(&self) } else { openSpans.append((name, false)) }
                }
            }
        }

        do throws(AAPT2StringBuilder.Failure) {
            // A styling tag copies the text: one slice of the file is never styled.
            if !copied {
                let raw = slice.map { UnsafeBufferPointer(rebasing: buffer[$0]) } ?? UnsafeBufferPointer(start: nil, count: 0)
                return try make(raw, [])
            }
            let segmentEnds = segmentEnds
            return try text.withUnsafeBufferPointer { (raw) throws(AAPT2StringBuilder.Failure) in try make(raw, segmentEnds) }
        } catch {
            return false
        }
    }

    /// The content of the CDATA section at `<![CDATA[`, read past its `]]>`; nil when the file
    /// ends before it, or at a CR when `rejectingCarriageReturn`.
    private mutating func readCDATA(rejectingCarriageReturn: Bool) -> Range<Int>? {
        position += 9
        let contentStart = position
        while position + 2 < count, !looking(at: "]]>") {
            if rejectingCarriageReturn, buffer[position] == 0x0D { return nil }
            position += 1
        }
        guard position + 2 < count else { return nil }
        let content = contentStart..<position
        position += 3
        return content
    }

    /// Decodes the entity or character reference at `&` onto `text`; false to give up.
    private mutating func decodeEntity() -> Bool {
        let bodyStart = position + 1
        var end = bodyStart
        while end < count, end - bodyStart < 12, buffer[end] != UInt8(ascii: ";") { end += 1 }
        guard end < count, buffer[end] == UInt8(ascii: ";"), end > bodyStart else { return false }
        let body = buffer[bodyStart..<end]
        position = end + 1
        let predefined: UInt8? =
            switch body.count {
            case 2 where matches(bodyStart..<end, "lt"): UInt8(ascii: "<")
            case 2 where matches(bodyStart..<end, "gt"): UInt8(ascii: ">")
            case 3 where matches(bodyStart..<end, "amp"): UInt8(ascii: "&")
            case 4 where matches(bodyStart..<end, "quot"): UInt8(ascii: "\"")
            case 4 where matches(bodyStart..<end, "apos"): UInt8(ascii: "'")
            default: nil
            }
        if let predefined {
            text.append(predefined)
            return true
        }
        guard buffer[bodyStart] == UInt8(ascii: "#") else { return false }
        let hexadecimal = bodyStart + 1 < end && buffer[bodyStart + 1] == UInt8(ascii: "x")
        let digitsStart = bodyStart + (hexadecimal ? 2 : 1)
        guard digitsStart < end else { return false }
        var value: UInt32 = 0
        for index in digitsStart..<end {
            guard let digit = AAPT2StringBuilder.hexValue(buffer[index]), hexadecimal || digit < 10 else { return false }
            value = value * (hexadecimal ? 16 : 10) + digit
            guard value <= 0x10_FFFF else { return false }
        }
        guard let scalar = Unicode.Scalar(value), ResourceXMLReader.isXMLCharacter(scalar) else { return false }
        text.append(contentsOf: UTF8.encode(scalar)!)
        return true
    }

    // MARK: Tags

    /// Reads the commonest start tag's rest, ` name="…">`, at once: the name's value, or nil
    /// (nothing read) for ``readAttributes()`` to read it.
    private mutating func readNameOnlyTag() -> Range<Int>? {
        guard looking(at: #" name=""#), let base = buffer.baseAddress else { return nil }
        let start = position + 7
        let end = start + bytescan_attribute_value_end(base + start, count - start, UInt8(ascii: "\""))
        guard end + 1 < count, buffer[end] == UInt8(ascii: "\""), buffer[end + 1] == UInt8(ascii: ">") else { return nil }
        position = end + 2
        selfClosing = false
        attributeCount = 0
        return start..<end
    }

    /// Reads the attributes of a start tag up to its `>` or `/>`; false to give up.
    private mutating func readAttributes() -> Bool {
        attributeCount = 0
        while true {
            let hadSpace = skipSpaces()
            guard position < count else { return false }
            let byte = buffer[position]
            if byte == UInt8(ascii: ">") {
                position += 1
                selfClosing = false
                return true
            }
            if byte == UInt8(ascii: "/") {
                guard position + 1 < count, buffer[position + 1] == UInt8(ascii: ">") else { return false }
                position += 2
                selfClosing = true
                return true
            }
            guard hadSpace, let name = readName() else { return false }
            skipSpaces()
            guard position < count, buffer[position] == UInt8(ascii: "=") else { return false }
            position += 1
            skipSpaces()
            guard position < count, buffer[position] == UInt8(ascii: "\"") || buffer[position] == UInt8(ascii: "'") else { return false }
            let quote = buffer[position]
            position += 1
            let valueStart = position
            position += bytescan_attribute_value_end(buffer.baseAddress! + position, count - position, quote)
            guard position < count, buffer[position] == quote else { return false }
            let value = valueStart..<position
            position += 1
            guard isNewAttributeName(name) else { return false }
            if attributeCount < attributeStorage.count {
                attributeStorage[attributeCount] = (name, value)
            } else {
                attributeStorage.append((name, value))
            }
            attributeCount += 1
        }
    }

    /// Whether no earlier attribute of the tag being read is named `name`: compared one by one
    /// for the few of a common tag, looked up past them.
    private mutating func isNewAttributeName(_ name: Range<Int>) -> Bool {
        if attributeCount < Self.scannedAttributeCount {
            for earlier in attributes where buffer[earlier.name].elementsEqual(buffer[name]) { return false }
            return true
        }
        if attributeCount == Self.scannedAttributeCount {
            attributeNames.removeAll()
            for earlier in attributes { attributeNames.update(true, for: UnsafeBufferPointer(rebasing: buffer[earlier.name])) }
        }
        return attributeNames.update(true, for: UnsafeBufferPointer(rebasing: buffer[name])) == nil
    }

    /// Takes the root's namespace declarations; false to give up on any other kind of
    /// declaration or an unbound prefix.
    private mutating func readRootNamespaces() -> Bool {
        for attribute in attributes where looking(at: "xmlns", in: attribute.name) {
            guard attribute.name.count > 6, buffer[attribute.name.lowerBound + 5] == UInt8(ascii: ":"), !attribute.value.isEmpty else { return false }
            let prefix = attribute.name.lowerBound + 6..<attribute.name.upperBound
            guard !matches(prefix, "xml"), !matches(prefix, "xmlns") else { return false }
            namespaces.update(attribute.value, for: UnsafeBufferPointer(rebasing: buffer[prefix]))
        }
        return attributesAreBound(declaring: true)
    }

    /// Whether every prefixed attribute of the last tag has a prefix the root binds, and none
    /// declares a namespace unless `declaring` (only the root may here).
    private func attributesAreBound(declaring: Bool) -> Bool {
        for attribute in attributes {
            guard let colon = buffer[attribute.name].firstIndex(of: UInt8(ascii: ":")) else {
                if matches(attribute.name, "xmlns") { return false }
                continue
            }
            let prefix = attribute.name.lowerBound..<colon
            if matches(prefix, "xmlns") {
                guard declaring else { return false }
                continue
            }
            guard matches(prefix, "xml") || namespace(of: prefix) != nil else { return false }
        }
        return true
    }

    /// The URI the root binds `prefix` to.
    private func namespace(of prefix: Range<Int>) -> Range<Int>? {
        guard !prefix.isEmpty else { return nil }
        return namespaces.value(for: UnsafeBufferPointer(rebasing: buffer[prefix]))
    }

    /// Whether `name` is an ASCII entry name aapt2 takes: a letter or `_`, then letters,
    /// digits, `_`, `.` and `-`. Any other (empty, invalid, or beyond ASCII, whose rule is
    /// Unicode's XID) is the located reading's.
    private func isPlainEntryName(_ name: Range<Int>) -> Bool {
        guard let first = name.first else { return false }
        let byte = buffer[first]
        guard byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) else { return false }
        for index in name.dropFirst() {
            let byte = buffer[index]
            guard Self.isNameByte(byte), byte != UInt8(ascii: ":") else { return false }
        }
        return true
    }

    /// An end tag at `</`: its name.
    private mutating func endTag() -> Range<Int>? {
        position += 2
        guard let name = readName() else { return nil }
        skipSpaces()
        guard position < count, buffer[position] == UInt8(ascii: ">") else { return nil }
        position += 1
        return name
    }

    /// An ASCII name (letters, digits, `_ - . :`), not starting with `:`.
    private mutating func readName() -> Range<Int>? {
        let start = position
        while position < count, Self.isNameByte(buffer[position]) { position += 1 }
        guard position > start, buffer[start] != UInt8(ascii: ":") else { return nil }
        return start..<position
    }

    /// Letters, digits, `_ - . :`: bits of bytes 0–63 and 64–127.
    private static let nameBytesLow: UInt64 = 0x07FF_6000_0000_0000
    private static let nameBytesHigh: UInt64 = 0x07FF_FFFE_87FF_FFFE

    @inline(__always)
    private static func isNameByte(_ byte: UInt8) -> Bool {
        byte < 64 ? nameBytesLow >> byte & 1 == 1 : byte < 128 && nameBytesHigh >> (byte - 64) & 1 == 1
    }

    /// Whether a start tag of element `name` (written with its `<`) is at `position`.
    private func isStartTag(_ name: StaticString) -> Bool {
        let end = position + name.utf8CodeUnitCount
        return looking(at: name) && end < count && isTagNameEnd(buffer[end])
    }

    @inline(__always)
    private func isTagNameEnd(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
    }

    // MARK: Around the elements

    /// Skips whitespace and comments before or after the root, and processing instructions
    /// before it. One after the root is left to the located reading, which reads it the same:
    /// a way to send a file there without changing what it holds (the fuzz target's check of
    /// the two readings appends one).
    private mutating func skipOutsideRoot(afterRoot: Bool) -> Bool {
        while true {
            skipSpaces()
            if looking(at: "<!--") {
                guard skipComment() else { return false }
            } else if looking(at: "<?") {
                guard !afterRoot, skipProcessingInstruction() else { return false }
            } else {
                return true
            }
        }
    }

    /// Skips a comment at `<!--`; false when it is unclosed or holds `--`.
    private mutating func skipComment() -> Bool {
        position += 4
        while position + 1 < count {
            if buffer[position] == UInt8(ascii: "-"), buffer[position + 1] == UInt8(ascii: "-") {
                guard position + 2 < count, buffer[position + 2] == UInt8(ascii: ">") else { return false }
                position += 3
                return true
            }
            position += 1
        }
        return false
    }

    /// Skips a processing instruction at `<?`, to the first `?>` (the `?` of `<?>` included,
    /// as the located reading has it).
    private mutating func skipProcessingInstruction() -> Bool {
        position += 1
        while position + 1 < count {
            if buffer[position] == UInt8(ascii: "?"), buffer[position + 1] == UInt8(ascii: ">") {
                position += 2
                return true
            }
            position += 1
        }
        return false
    }

    /// Skips spaces, tabs and line feeds; whether there were any.
    @discardableResult
    private mutating func skipSpaces() -> Bool {
        let start = position
        while position < count, buffer[position] == 0x20 || buffer[position] == 0x0A || buffer[position] == 0x09 || buffer[position] == 0x0D {
            position += 1
        }
        return position > start
    }

    // MARK: Bytes

    @inline(__always)
    private func looking(at text: StaticString) -> Bool {
        looking(at: text, in: position..<count)
    }

    /// Whether `range` starts with `text`.
    @inline(__always)
    private func looking(at text: StaticString, in range: Range<Int>) -> Bool {
        let length = text.utf8CodeUnitCount
        guard range.count >= length else { return false }
        let pattern = text.utf8Start
        for offset in 0..<length where buffer[range.lowerBound + offset] != pattern[offset] { return false }
        return true
    }

    /// Whether `range` is `text`.
    @inline(__always)
    private func matches(_ range: Range<Int>, _ text: StaticString) -> Bool {
        range.count == text.utf8CodeUnitCount && looking(at: text, in: range)
    }

    private static let xliffNamespace: StaticString = "urn:oasis:names:tc:xliff:document:1.2"

    /// The location of byte `offset`, as the located reading counts it.
    private mutating func location(at offset: Int) -> SourceLocation {
        let (line, column) = lineAndColumn(at: offset)
        return SourceLocation(file: file, line: line, column: column)
    }

    /// ``location(at:)``'s line and column.
    private mutating func lineAndColumn(at offset: Int) -> (line: Int, column: Int) {
        let (line, column) = lines.lineAndColumn(of: offset, in: buffer)
        return (line, hasByteOrderMark && line == 1 ? column - 1 : column)
    }
}
