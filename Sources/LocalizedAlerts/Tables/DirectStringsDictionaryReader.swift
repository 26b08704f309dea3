import CByteScan

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the common `.stringsdict` straight from its bytes into a ``StringsDictionary``, without
/// the located property-list tree: a UTF-8 XML property list whose root dictionary holds strings
/// and dictionaries (of strings and dictionaries, at any depth), written as `<key>`, `<string>`
/// and `<dict>` elements between white space, comments and processing instructions.
///
/// What it reads becomes a flat tree of byte ranges, and the entries are
/// made from that tree by the same rules that make them from the located one
/// (``StringsDictionaryReader``): the same entries, locations and diagnostics. What is unusual in
/// the XML (the prolog, a tag spelled otherwise than `<key>`, a text with entities or CDATA) is
/// read by ``XMLPropertyListParser``'s own code, at the place it is found.
///
/// It gives up (nil) where the located reading would remark on the XML, and on what it does not
/// take: UTF-16 and UTF-32, bytes that are not UTF-8, a DOCTYPE with an internal subset,
/// values other than strings and dictionaries (`<integer>`, `<array>`, a nested `<plist>`), and
/// the reading limits. ``PropertyListReader`` then reads the file as before.
enum DirectStringsDictionaryReader {
    /// The dictionary, or nil where the located reading must read the file.
    static func read(_ bytes: [UInt8], file: String?, limits: ReadingLimits) -> StringsDictionary? {
        guard !bytes.isEmpty, bytes.count <= limits.maximumFileSize else { return nil }
        // The located reading's text: the file without its byte order mark.
        let text: [UInt8]
        switch bytes.withUnsafeBufferPointer({ TextDecoder.detectEncoding($0) }) {
        case .utf8: text = bytes
        case .utf8WithBOM: text = Array(bytes[3...])
        default: return nil
        }
        return text.withUnsafeBufferPointer { buffer -> StringsDictionary? in
            guard let base = buffer.baseAddress, bytescan_is_valid_utf8(base, buffer.count) != 0 else { return nil }
            var parser = Parser(text: buffer, limits: limits)
            guard let root = parser.read() else { return nil }
            let lines = UnsafeMutablePointer<LineIndex>.allocate(capacity: 1)
            lines.initialize(to: LineIndex(file: file))
            defer {
                lines.deinitialize(count: 1)
                lines.deallocate()
            }
            let tree = Tree(text: buffer, lines: lines, nodes: parser.nodes, members: parser.members, strings: parser.strings)
            var reader = StringsDictionaryReader(tree: tree, diagnostics: [])
            let entries = reader.read(root)
            return StringsDictionary(
                file: file, entries: entries, diagnostics: reader.diagnostics, readable: true, source: SourceText(text, file: file), limits: limits)
        }
    }

    /// A string or a dictionary, and where its element starts (a key: where its `<key>` starts).
    struct Node {
        enum Kind: UInt8 {
            /// `start..<end` is the text's range of the file.
            case text
            /// `start` is the text's index in the decoded strings.
            case decodedText
            /// `start..<end` is the range of its members.
            case dictionary
        }
        var kind: Kind
        var offset: Int32
        var start: Int32
        var end: Int32

        static let empty = Node(kind: .text, offset: 0, start: 0, end: 0)
    }

    /// A dictionary's key (a text node, located at its `<key>`) and value.
    struct Member {
        var key: Node
        /// Which of the keys the rules look for the key is, if any.
        var known: StringsDictionaryKey?
        var value: Int32
    }

    /// The nodes read, as the rules read them. A location is counted when the rules ask for it,
    /// which they do in the order of the file but for findings, so most nodes' never are.
    struct Tree: StringsDictionaryTree {
        let text: UnsafeBufferPointer<UInt8>
        let lines: UnsafeMutablePointer<LineIndex>
        let nodes: [Node]
        let members: [Member]
        let strings: [String]

        func members(of node: Int) -> Range<Int>? {
            let node = nodes[node]
            return node.kind == .dictionary ? Int(node.start)..<Int(node.end) : nil
        }

        func string(of node: Int) -> String? { string(nodes[node]) }

        private func string(_ node: Node) -> String? {
            switch node.kind {
            case .text:
                // The file's UTF-8 was checked whole, and a text runs between ASCII bytes.
                let run = UnsafeBufferPointer(rebasing: text[Int(node.start)..<Int(node.end)])
                return XMLPropertyListParser.commonText(run) ?? String(validatedUTF8: run)
            case .decodedText: return strings[Int(node.start)]
            case .dictionary: return nil
            }
        }

        func kindDescription(of node: Int) -> String {
            nodes[node].kind == .dictionary ? PropertyListValue.dictionary([]).kindDescription : PropertyListValue.string("").kindDescription
        }

        func location(of node: Int) -> SourceLocation { location(nodes[node]) }

        private func location(_ node: Node) -> SourceLocation { lines.pointee.location(of: Int(node.offset), in: text) }

        func key(of member: Int) -> String {
            let member = members[member]
            // A known key as long as its name is written as it (one past ASCII is longer): the
            // name's literal, which is not made again.
            if let known = member.known, member.key.kind == .text, Int(member.key.end - member.key.start) == known.rawValue.utf8.count {
                return known.rawValue
            }
            return string(member.key) ?? ""
        }
        func key(of member: Int, is name: StringsDictionaryKey) -> Bool { members[member].known == name }
        func keyLocation(of member: Int) -> SourceLocation { location(members[member].key) }
        func value(of member: Int) -> Int { Int(members[member].value) }
    }

    /// Reads the file into nodes; nil where it gives up.
    private struct Parser {
        let text: UnsafeBufferPointer<UInt8>
        let count: Int
        let limits: ReadingLimits
        var pos = 0
        /// Reads, by the located reading's own code, what this reader leaves to it: the prolog,
        /// tags spelled otherwise than usual, texts with entities or CDATA.
        var located: XMLPropertyListParser
        var nodes: [Node] = []
        var members: [Member] = []
        /// The members of the dictionaries being read, innermost last.
        var pending: [Member] = []
        /// Texts the located reading decoded.
        var strings: [String] = []
        var valueCount = 0

        init(text: UnsafeBufferPointer<UInt8>, limits: ReadingLimits) {
            self.text = text
            self.count = text.count
            self.limits = limits
            self.located = XMLPropertyListParser(
                text: text, file: nil, maximumDepth: limits.maximumNestingDepth, maximumValueCount: limits.maximumValueCount)
            // A string or a dictionary takes about 60 bytes of a real file, with its key.
            nodes.reserveCapacity(count / 48)
            members.reserveCapacity(count / 48)
        }

        /// The root dictionary, as ``XMLPropertyListParser/parse()`` finds it.
        mutating func read() -> Int? {
            guard (try? located.skipProlog()) != nil, located.diagnostics.isEmpty, located.pos < count else { return nil }
            let rootStart = located.pos
            guard let tag = try? located.readStartTag() else { return nil }
            let root: Int
            if tag.name == "plist" {
                guard !tag.selfClosing, (try? located.skipMisc()) != nil else { return nil }
                let valueStart = located.pos
                guard let valueTag = try? located.readStartTag(), valueTag.name == "dict" else { return nil }
                pos = located.pos
                guard let dictionary = readDictionary(at: valueStart, selfClosing: valueTag.selfClosing, depth: 1) else { return nil }
                located.pos = pos
                guard (try? located.skipMisc()) != nil, (try? located.readEndTag("plist")) != nil else { return nil }
                root = dictionary
            } else {
                guard tag.name == "dict" else { return nil }
                pos = located.pos
                guard let dictionary = readDictionary(at: rootStart, selfClosing: tag.selfClosing, depth: 1) else { return nil }
                located.pos = pos
                root = dictionary
            }
            // Anything after the root but white space, comments and processing instructions is
            // remarked on.
            guard (try? located.skipMisc()) != nil, located.pos == count else { return nil }
            return root
        }

        /// Reads a dictionary whose start tag, at `start`, was read; its index in `nodes`.
        mutating func readDictionary(at start: Int, selfClosing: Bool, depth: Int) -> Int? {
            valueCount += 1
            guard valueCount <= limits.maximumValueCount else { return nil }
            let index = nodes.count
            nodes.append(Node(kind: .dictionary, offset: Int32(start), start: 0, end: 0))
            if !selfClosing {
                guard depth <= limits.maximumNestingDepth else { return nil }
                let firstPending = pending.count
                while true {
                    guard skipMisc() else { return nil }
                    if text.hasPrefix("</", at: pos) {
                        if text.hasPrefix("</dict>", at: pos) {
                            pos += 7
                        } else {
                            located.pos = pos
                            guard (try? located.readEndTag("dict")) != nil else { return nil }
                            pos = located.pos
                        }
                        break
                    }
                    let keyStart = pos
                    var key: Node
                    if text.hasPrefix("<key>", at: pos) {
                        pos += 5
                        guard let read = readText(of: .key) else { return nil }
                        key = read
                    } else {
                        located.pos = pos
                        guard let tag = try? located.readStartTag(), tag.name == "key" else { return nil }
                        pos = located.pos
                        guard let read = tag.selfClosing ? Node.empty : readText(of: .key) else { return nil }
                        key = read
                    }
                    key.offset = Int32(keyStart)
                    guard skipMisc(), !text.hasPrefix("</", at: pos) else { return nil }
                    guard let value = readValue(depth: depth) else { return nil }
                    let known = Self.known(key, in: text, strings: strings)
                    pending.append(Member(key: key, known: known, value: Int32(value)))
                }
                // Its members after those of the dictionaries it holds, together.
                nodes[index].start = Int32(members.count)
                members.append(contentsOf: pending[firstPending...])
                pending.removeSubrange(firstPending...)
            } else {
                nodes[index].start = Int32(members.count)
            }
            nodes[index].end = Int32(members.count)
            return index
        }

        /// Reads the value at `pos`, a member of a dictionary at `depth`; its index in `nodes`.
        mutating func readValue(depth: Int) -> Int? {
            let start = pos
            if text.hasPrefix("<string>", at: pos) {
                pos += 8
                return readString(at: start, of: .string, selfClosing: false)
            }
            if text.hasPrefix("<dict>", at: pos) {
                pos += 6
                return readDictionary(at: start, selfClosing: false, depth: depth + 1)
            }
            located.pos = pos
            guard let tag = try? located.readStartTag() else { return nil }
            pos = located.pos
            switch tag.name {
            case "dict": return readDictionary(at: start, selfClosing: tag.selfClosing, depth: depth + 1)
            case "string": return readString(at: start, of: .string, selfClosing: tag.selfClosing)
            // CoreFoundation reads a <key> where a value goes as a string.
            case "key": return readString(at: start, of: .key, selfClosing: tag.selfClosing)
            default: return nil
            }
        }

        /// Reads a string whose start tag, at `start`, was read; its index in `nodes`.
        mutating func readString(at start: Int, of element: TextElement, selfClosing: Bool) -> Int? {
            valueCount += 1
            guard valueCount <= limits.maximumValueCount else { return nil }
            guard var node = selfClosing ? Node.empty : readText(of: element) else { return nil }
            node.offset = Int32(start)
            nodes.append(node)
            return nodes.count - 1
        }

        /// The elements whose text is read.
        enum TextElement {
            case key, string
        }

        /// The text up to the end tag of `element`, and past that tag.
        mutating func readText(of element: TextElement) -> Node? {
            let contentStart = pos
            var scan = pos
            let base = text.baseAddress!
            while true {
                let stop = scan + bytescan_value_text_end(base + scan, count - scan)
                guard stop < count else { return nil }
                if text[stop] == UInt8(ascii: "<") {
                    pos = stop
                    let ends = element == .key ? text.hasPrefix("</key>", at: pos) : text.hasPrefix("</string>", at: pos)
                    guard ends else { break }
                    pos += element == .key ? 6 : 9
                    return Node(kind: .text, offset: 0, start: Int32(contentStart), end: Int32(stop))
                }
                if text[stop] == UInt8(ascii: "&") { break }
                // `]` and CR are ordinary in a property list's text.
                scan = stop + 1
            }
            // Entities, CDATA or an end tag written otherwise: decoded by the located reading.
            located.pos = contentStart
            guard let decoded = try? located.readText(closing: element == .key ? "key" : "string") else { return nil }
            pos = located.pos
            strings.append(decoded)
            return Node(kind: .decodedText, offset: 0, start: Int32(strings.count - 1), end: 0)
        }

        /// Past white space, comments and processing instructions, as the located reading skips
        /// them inside an element; false where it would fail.
        @inline(__always)
        mutating func skipMisc() -> Bool {
            let base = text.baseAddress!
            var index = pos
            while index + 8 <= count {
                let spaces = ByteWord.leadingSpaceCount(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                index += spaces
                if spaces < 8 { break }
            }
            if index + 8 > count {
                while index < count, base[index] == 0x20 || base[index] == 0x0A || base[index] == 0x09 || base[index] == 0x0D { index += 1 }
            }
            pos = index
            guard index + 1 < count, base[index] == UInt8(ascii: "<"), base[index + 1] == UInt8(ascii: "!") || base[index + 1] == UInt8(ascii: "?")
            else {
                return true
            }
            return skipCommentsAndInstructions()
        }

        /// Past comments and processing instructions at `pos`, by the located reading.
        mutating func skipCommentsAndInstructions() -> Bool {
            located.pos = pos
            guard (try? located.skipMisc()) != nil else { return false }
            pos = located.pos
            return true
        }

        /// Which of the keys the rules look for `key` is, as `String`'s `==` compares them.
        @inline(__always)
        static func known(_ key: Node, in text: UnsafeBufferPointer<UInt8>, strings: [String]) -> StringsDictionaryKey? {
            // A text equal to one of them has at least as many bytes as it has scalars, 25 or
            // more.
            guard key.kind != .text || key.end - key.start >= 25 else { return nil }
            return knownLong(key, in: text, strings: strings)
        }

        private static func knownLong(_ key: Node, in text: UnsafeBufferPointer<UInt8>, strings: [String]) -> StringsDictionaryKey? {
            guard key.kind == .text else {
                return StringsDictionaryKey(rawValue: strings[Int(key.start)])
            }
            let run = UnsafeBufferPointer(rebasing: text[Int(key.start)..<Int(key.end)])
            if run.count <= 30, run[0] == UInt8(ascii: "N") {
                for name in StringsDictionaryKey.all {
                    let equal = name.rawValue.utf8.withContiguousStorageIfAvailable {
                        $0.count == run.count && memcmp($0.baseAddress!, run.baseAddress!, run.count) == 0
                    }
                    if equal == true { return name }
                }
            }
            // Past ASCII, a text with other bytes may still be equal as a String.
            guard run.contains(where: { $0 >= 0x80 }) else { return nil }
            return StringsDictionaryKey(rawValue: String(decoding: run, as: UTF8.self))
        }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether the bytes at `offset` are `literal`'s (a tag: a few bytes, compared as words once
    /// inlined).
    @inline(__always)
    fileprivate func hasPrefix(_ literal: StaticString, at offset: Int) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard count - offset >= length, let base = baseAddress else { return false }
        return memcmp(base + offset, literal.utf8Start, length) == 0
    }
}
