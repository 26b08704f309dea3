import CByteScan

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Parser for old-style (text) `.strings` files, working on UTF-8 bytes.
///
/// It follows CoreFoundation's `CFOldStylePList.c` exactly up to the first point where
/// CoreFoundation stops (a syntax error that rejects the file, or a silent stop after `;`). Past
/// that point it keeps going in recovery mode, so that every entry of the file is kept and every
/// further problem is reported; such entries are marked as not read by the device.
struct StringsFileParser {
    private let base: UnsafePointer<UInt8>
    private let end: Int
    private(set) var arena: [UInt8] = []
    private(set) var records: [EntryRecord] = []
    private(set) var pending: [PendingDiagnostic] = []

    /// CoreFoundation has stopped reading (rejected or silently truncated).
    private var foundationStopped = false
    private(set) var rejected = false
    /// Index into `pending` of the silent-truncation diagnostic, to add the count of lost entries.
    private var truncation: (diagnostic: Int, firstLostRecord: Int)?
    private var commentStart = -1
    private var commentEnd = -1
    /// The first comment never closed: where it starts, its diagnostic in `pending`, and
    /// whether parsing went back to list the entries it swallows.
    private var unterminatedComment: (offset: Int, diagnostic: Int, resumed: Bool)?

    static let maximumNesting = 512  // CoreFoundation's MAX_DEPTH on 64-bit
    /// Entries read at most (``ReadingLimits/maximumEntryCount``); reading stops, reported, at
    /// the first entry past it.
    private let maximumEntryCount: Int
    private(set) var stoppedAtEntryLimit = false

    /// `text` must not be empty (an empty buffer has no address to read from).
    init(text: UnsafeBufferPointer<UInt8>, limits: ReadingLimits = .default) {
        self.base = text.baseAddress!
        self.end = text.count
        self.maximumEntryCount = limits.maximumEntryCount
        self.listed = PerKindLimit(limits.maximumDiagnosticsPerKind)
        records.reserveCapacity(text.count / 64 + 4)
    }

    // MARK: Top level

    mutating func parse() {
        let start = skipSpace(0, collectComments: true)
        guard start < end else { return }  // whitespace and comments only: an empty table
        let c = base[start]
        if c == UInt8(ascii: "{") {
            parseEntries(from: start + 1, braced: true)
        } else if c == UInt8(ascii: "(") || c == UInt8(ascii: "<") {
            let kind = c == UInt8(ascii: "(") ? "an array" : "data"
            reject(
                .notATable, at: start,
                "the file holds \(kind), not key/value entries",
                hint: "a strings table is a list of \"key\" = \"value\"; entries")
        } else if isQuote(c) || isUnquotedCharacter(c) {
            // CoreFoundation first reads one object; a file that is just one string is not a table.
            let first = scanString(at: start)
            guard case .success(let afterFirst) = first else {
                reject(
                    .unterminatedString, at: start, "this string is never closed: no matching \(quoteName(c)) before the end of the file",
                    hint: "close the string with \(quoteName(c))")
                return
            }
            if skipSpace(afterFirst, collectComments: false) >= end {
                reject(
                    .notATable, at: start, "the file holds a single string, not key/value entries",
                    hint: "write entries as \"key\" = \"value\";")
                return
            }
            commentStart = -1
            parseEntries(from: 0, braced: false)
        } else {
            reportUnexpected(at: start, context: "at the start of the file", topLevel: true)
            parseEntries(from: recoverPosition(afterJunkAt: start), braced: false)
        }
    }

    // MARK: Entries

    private mutating func parseEntries(from startPosition: Int, braced: Bool) {
        var pos = startPosition
        while true {
            pos = skipSpace(pos, collectComments: true)
            if pos >= end, !braced, let comment = unterminatedComment, !comment.resumed {
                // CoreFoundation reads nothing past an unclosed comment; the entries in it are
                // still listed (not read by the device) and counted. The comment's own words
                // are not entries: reading resumes on the next line, and what it finds there is
                // not reported (the device never sees any of it).
                unterminatedComment!.resumed = true
                if !foundationStopped {
                    foundationStopped = true
                    truncation = (comment.diagnostic, records.count)
                }
                commentStart = -1
                reportingSuppressed = true
                pos = lineEnd(after: comment.offset + 2)
                continue
            }
            if pos >= end {
                if braced {
                    reject(.missingClosingBrace, at: end, "the table opened with '{' is never closed", hint: "add '}' at the end")
                }
                return
            }
            let c = base[pos]
            if braced && c == UInt8(ascii: "}") {
                let after = skipSpace(pos + 1, collectComments: false)
                if after < end {
                    reject(
                        .junkAfterTable, at: after, "text after the closing '}' of the table",
                        hint: "remove it, or move the entries inside the braces")
                    commentStart = -1
                    parseEntries(from: after, braced: false)
                }
                return
            }

            if records.count >= maximumEntryCount {
                stoppedAtEntryLimit = true
                report(
                    PendingDiagnostic(
                        id: .tooManyEntries, offset: pos,
                        message:
                            "the table has more than \(maximumEntryCount) entries; reading stopped here and the rest of the file was not checked",
                        hint: "split the table, or raise ReadingLimits.maximumEntryCount"))
                return
            }

            // The key.
            let keyOffset = pos
            let key: ByteSpan
            if isQuote(c) {
                switch parseQuoted(at: pos) {
                case .success(let span, let next):
                    key = span
                    pos = next
                case .failure:
                    // Inside braces CoreFoundation goes back to just after the quote and expects
                    // the table's '}' there: when it is, the table ends without an error.
                    let after = skipSpace(pos + 1, collectComments: false)
                    if braced, after < end, base[after] == UInt8(ascii: "}") {
                        if !foundationStopped {
                            report(
                                PendingDiagnostic(
                                    id: .droppedAfterSemicolon, offset: pos,
                                    message:
                                        "this key's \(quoteName(c)) is never closed: Foundation ignores it and ends the table at the '}' after it",
                                    hint: "close the key with \(quoteName(c)), or remove the stray quote"))
                        }
                        pos = after
                        continue
                    }
                    stopAfterSemicolon(
                        .droppedAfterSemicolon, at: pos, braced: braced,
                        what: "this key's \(quoteName(c)) is never closed",
                        hint: "close the key with \(quoteName(c))")
                    pos = lineEnd(after: pos)
                    continue
                }
            } else if isUnquotedCharacter(c) {
                let next = scanUnquoted(pos)
                key = .text(pos, next - pos)
                pos = next
            } else if let space = unicodeSpace(at: pos) {
                stopAfterSemicolon(
                    .unicodeWhitespace, at: pos, braced: braced,
                    what: "\(space.name) is not whitespace in a .strings file",
                    hint: "replace it with an ordinary space or remove it")
                pos += space.length
                continue
            } else {
                stopAfterSemicolon(
                    .droppedAfterSemicolon, at: pos, braced: braced,
                    what: "\(describe(at: pos)) cannot start a key",
                    hint: c == UInt8(ascii: ";") ? "remove the extra ';'" : "remove it, or turn it into a /* comment */")
                pos = recoverPosition(afterJunkAt: pos)
                continue
            }
            let comment = takeComment()

            // '=' or ';'.
            var separator = skipSpace(pos, collectComments: false)
            while separator < end, let space = unicodeSpace(at: separator) {
                reject(
                    .unicodeWhitespace, at: separator, "\(space.name) is not whitespace in a .strings file", hint: "replace it with an ordinary space"
                )
                separator = skipSpace(separator + space.length, collectComments: false)
            }
            if separator >= end {
                reject(.missingSemicolon, at: pos, "missing ';' after the last key", hint: "add ';' (or = \"value\";) after the key")
                return
            }
            let s = base[separator]
            if s == UInt8(ascii: ";") {
                addRecord(key: key, value: key, kind: .string, comment: comment, keyOffset: keyOffset, valueOffset: keyOffset)
                pos = separator + 1
                continue
            }
            if s != UInt8(ascii: "=") {
                reject(
                    .expectedEquals, at: separator, "expected '=' or ';' after the key, found \(describe(at: separator))",
                    hint: "write entries as \"key\" = \"value\";")
                pos = recoverPosition(inEntryAt: separator)
                continue
            }

            // The value.
            pos = skipSpace(separator + 1, collectComments: false)
            while pos < end, let space = unicodeSpace(at: pos) {
                reject(.unicodeWhitespace, at: pos, "\(space.name) is not whitespace in a .strings file", hint: "replace it with an ordinary space")
                pos = skipSpace(pos + space.length, collectComments: false)
            }
            if pos >= end {
                reject(.missingValue, at: end, "the file ends where a value was expected after '='", hint: "add the value and ';'")
                return
            }
            let valueOffset = pos
            let v = base[pos]
            let value: ByteSpan
            var kind = LocalizationTable.ValueKind.string
            if isQuote(v) {
                switch parseQuoted(at: pos) {
                case .success(let span, let next):
                    value = span
                    pos = next
                case .failure:
                    reject(
                        .unterminatedString, at: pos, "this value's \(quoteName(v)) is never closed: the string runs to the end of the file",
                        hint: "close the value with \(quoteName(v))")
                    return
                }
            } else if isUnquotedCharacter(v) {
                let next = scanUnquoted(pos)
                value = .text(pos, next - pos)
                pos = next
            } else if v == UInt8(ascii: "{") || v == UInt8(ascii: "(") || v == UInt8(ascii: "<") {
                switch parseNestedValue(at: pos, depth: 1) {
                case .success(let next):
                    value = .text(pos, next - pos)
                    kind = v == UInt8(ascii: "{") ? .dictionary : (v == UInt8(ascii: "(") ? .array : .data)
                    report(
                        PendingDiagnostic(
                            id: .nonStringValue, offset: pos,
                            message:
                                "the value is \(kind == .dictionary ? "a dictionary" : kind == .array ? "an array" : "data"), not a string; a device cannot show it",
                            hint: "make the value a quoted string"))
                    pos = next
                case .failure(let failure):
                    reject(failure.id, at: failure.offset, failure.message, hint: nil)
                    pos = recoverPosition(inEntryAt: failure.offset)
                    continue
                }
            } else {
                if v == UInt8(ascii: ";") {
                    reject(.missingValue, at: pos, "missing value between '=' and ';'", hint: "add the value, or use the \"key\"; shorthand")
                    pos += 1
                } else {
                    reject(
                        .unexpectedCharacter, at: pos, "a value cannot start with \(describe(at: pos))",
                        hint: "quote the value: \"…\"")
                    pos = recoverPosition(inEntryAt: pos)
                }
                continue
            }

            // ';'
            let valueEnd = pos
            pos = skipSpace(pos, collectComments: false)
            addRecord(key: key, value: value, kind: kind, comment: comment, keyOffset: keyOffset, valueOffset: valueOffset)
            if pos < end && base[pos] == UInt8(ascii: ";") {
                pos += 1
                continue
            }
            let found = pos < end ? "found \(describe(at: pos))" : "found the end of the file"
            reject(.missingSemicolon, at: valueEnd, "missing ';' after the value (\(found))", hint: "add ';' after the value")
            if pos < end && !startsNewLine(between: valueEnd, and: pos) {
                // Something else on the same line: skip it rather than read it as a key.
                pos = recoverPosition(inEntryAt: pos)
            }
        }
    }

    // MARK: Strings

    enum StringResult {
        case success(ByteSpan, next: Int)
        case failure
    }

    /// Reads a quoted string whose opening quote is at `pos`. Strings without escapes stay in the
    /// source text; the others are unescaped into the arena.
    private mutating func parseQuoted(at pos: Int) -> StringResult {
        let quote = base[pos]
        let start = pos + 1
        // Sixteen bytes at a time while none is the quote or a backslash.
        var i = start + bytescan_quoted_text_end(base + start, end - start, quote)
        if i >= end { return .failure }
        if base[i] == quote { return .success(.text(start, i - start), next: i + 1) }

        // Slow path: unescape into the arena.
        let arenaStart = arena.count
        arena.append(contentsOf: UnsafeBufferPointer(start: base + start, count: i - start))
        /// A `\\U` high surrogate waiting for its low half, and where its escape is.
        var pendingHighSurrogate: (value: UInt32, offset: Int)? = nil
        /// An escaped half of a surrogate pair alone: CoreFoundation writes U+FFFD for it.
        func reportUnpaired(_ value: UInt32, at offset: Int) {
            report(
                PendingDiagnostic(
                    id: .unpairedSurrogateEscape, offset: offset,
                    message: "\\U\(hex(value)) is half of a surrogate pair without its other half: the device shows U+FFFD (�) here",
                    hint: "write the character itself, or both halves (\\UD83D\\UDE00 for 😀)"))
        }
        func flushSurrogate() {
            if let unpaired = pendingHighSurrogate {
                appendUTF8(0xFFFD, to: &arena)
                reportUnpaired(unpaired.value, at: unpaired.offset)
                pendingHighSurrogate = nil
            }
        }
        while i < end {
            let b = base[i]
            if b == quote {
                flushSurrogate()
                return .success(.arena(arenaStart, arena.count - arenaStart), next: i + 1)
            }
            if b != UInt8(ascii: "\\") {
                flushSurrogate()
                arena.append(b)
                i += 1
                continue
            }
            let escapeOffset = i
            let decodedStart = arena.count - arenaStart
            defer { escapes?.record(decoded: decodedStart..<(arena.count - arenaStart), source: escapeOffset..<i) }
            i += 1
            guard i < end else {
                arena.removeSubrange(arenaStart...)
                return .failure
            }
            let e = base[i]
            i += 1
            switch e {
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                // Up to three octal digits; CoreFoundation keeps the value in a byte.
                var number = Int(e - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, i < end, base[i] >= UInt8(ascii: "0"), base[i] <= UInt8(ascii: "7") {
                    number = (number << 3) + Int(base[i] - UInt8(ascii: "0"))
                    i += 1
                    digits += 1
                }
                let byte = UInt8(truncatingIfNeeded: number)
                let scalar: UInt32 = byte < 0x80 ? UInt32(byte) : UInt32(nextStepLatinHighHalf[Int(byte - 0x80)])
                flushSurrogate()
                appendUTF8(scalar, to: &arena)
                if byte >= 0x80 || number > 0xFF {
                    let shown = scalar == 0 ? "U+0000 (no character)" : "“\(String(decoding: utf8Bytes(scalar), as: UTF8.self))” (U+\(hex(scalar)))"
                    report(
                        PendingDiagnostic(
                            id: .octalEscape, offset: escapeOffset,
                            message: "octal escape \\\(String(number, radix: 8)) is \(shown): octal escapes map through NeXTSTEP Latin, not Latin-1",
                            hint: "write the character itself, or use \\U followed by its four hex digits"))
                }
            case UInt8(ascii: "U"):
                var value: UInt32 = 0
                var digits = 0
                while digits < 4, i < end, let digit = hexValue(base[i]) {
                    value = (value << 4) | digit
                    i += 1
                    digits += 1
                }
                if value & 0xFC00 == 0xD800 {
                    flushSurrogate()
                    pendingHighSurrogate = (value, escapeOffset)
                } else if value & 0xFC00 == 0xDC00 {
                    if let high = pendingHighSurrogate {
                        appendUTF8(0x10000 + ((high.value - 0xD800) << 10) + (value - 0xDC00), to: &arena)
                        pendingHighSurrogate = nil
                    } else {
                        appendUTF8(0xFFFD, to: &arena)
                        reportUnpaired(value, at: escapeOffset)
                    }
                } else {
                    flushSurrogate()
                    appendUTF8(value, to: &arena)
                }
            default:
                flushSurrogate()
                switch e {
                case UInt8(ascii: "a"): arena.append(0x07)
                case UInt8(ascii: "b"): arena.append(0x08)
                case UInt8(ascii: "f"): arena.append(0x0C)
                case UInt8(ascii: "n"): arena.append(0x0A)
                case UInt8(ascii: "r"): arena.append(0x0D)
                case UInt8(ascii: "t"): arena.append(0x09)
                case UInt8(ascii: "v"): arena.append(0x0B)
                default:
                    // Any other character stands for itself; copy the whole scalar.
                    arena.append(e)
                    var continuation = i
                    while continuation < end, base[continuation] & 0xC0 == 0x80, e >= 0xC0 {
                        arena.append(base[continuation])
                        continuation += 1
                    }
                    i = continuation
                    if e == UInt8(ascii: "u") {
                        report(
                            PendingDiagnostic(
                                id: .lowercaseUEscape, offset: escapeOffset,
                                message: "\\u is not an escape in .strings: the device shows the letter u and the digits after it",
                                hint: "use an uppercase \\U, as in \\U00E9"))
                    } else if isLetter(e) || e == UInt8(ascii: "8") || e == UInt8(ascii: "9") {
                        report(
                            PendingDiagnostic(
                                id: .unknownEscape, offset: escapeOffset,
                                message:
                                    "\\\(Character(Unicode.Scalar(e))) is not a known escape: the backslash is dropped and the device shows \(Character(Unicode.Scalar(e)))",
                                hint: "known escapes are \\n \\t \\r \\\" \\\\ \\a \\b \\f \\v, octal \\NNN and \\UXXXX"))
                    }
                }
            }
        }
        arena.removeSubrange(arenaStart...)
        return .failure
    }

    /// Where a quoted or unquoted string starting at `pos` ends, without keeping it.
    private mutating func scanString(at pos: Int) -> Result<Int, ParseFailure> {
        let c = base[pos]
        if isQuote(c) {
            let arenaCount = arena.count
            let wasSuppressed = reportingSuppressed
            reportingSuppressed = true
            defer {
                arena.removeSubrange(arenaCount...)
                reportingSuppressed = wasSuppressed
            }
            switch parseQuoted(at: pos) {
            case .success(_, let next): return .success(next)
            case .failure: return .failure(ParseFailure(id: .unterminatedString, offset: pos, message: "unterminated string"))
            }
        }
        return .success(scanUnquoted(pos))
    }

    @inline(__always)
    private func scanUnquoted(_ pos: Int) -> Int {
        var i = pos
        while i < end && isUnquotedCharacter(base[i]) { i += 1 }
        return i
    }

    // MARK: Nested values (arrays, dictionaries, data)

    struct ParseFailure: Error {
        var id: DiagnosticID
        var offset: Int
        var message: String
    }

    /// Follows CoreFoundation's parsePlistObject for a value that is not a plain string, to find
    /// where it ends and whether CoreFoundation accepts it.
    private mutating func parseNestedValue(at pos: Int, depth: Int) -> Result<Int, ParseFailure> {
        if depth > StringsFileParser.maximumNesting {
            return .failure(
                ParseFailure(
                    id: .nestingTooDeep, offset: pos,
                    message: "arrays and dictionaries nest more than \(StringsFileParser.maximumNesting) levels deep"))
        }
        let c = base[pos]
        if isQuote(c) || isUnquotedCharacter(c) { return scanString(at: pos) }
        if c == UInt8(ascii: "<") {
            var i = pos + 1
            while i < end {
                let b = base[i]
                if b == UInt8(ascii: ">") { return .success(i + 1) }
                if hexValue(b) != nil {
                    guard i + 1 < end, hexValue(base[i + 1]) != nil else {
                        return .failure(ParseFailure(id: .unexpectedCharacter, offset: i, message: "data must hold pairs of hex digits"))
                    }
                    i += 2
                } else if b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D {
                    i += 1
                } else {
                    return .failure(ParseFailure(id: .unexpectedCharacter, offset: i, message: "\(describe(at: i)) is not a hex digit in <data>"))
                }
            }
            return .failure(ParseFailure(id: .unexpectedCharacter, offset: pos, message: "data opened with '<' is never closed with '>'"))
        }
        if c == UInt8(ascii: "(") {
            var i = skipSpace(pos + 1, collectComments: false)
            var first = true
            while i < end {
                if base[i] == UInt8(ascii: ")") { return .success(i + 1) }
                if !first {
                    guard base[i] == UInt8(ascii: ",") else { break }
                    i = skipSpace(i + 1, collectComments: false)
                    if i < end && base[i] == UInt8(ascii: ")") { return .success(i + 1) }
                    guard i < end else { break }
                }
                first = false
                switch parseNestedValue(at: i, depth: depth + 1) {
                case .success(let next): i = skipSpace(next, collectComments: false)
                case .failure(let failure):
                    // An element's unclosed quote: back to just after it, where a ')' ends the
                    // array without an error (CoreFoundation's parsePlistArray).
                    let after = skipSpace(i + 1, collectComments: false)
                    if isQuote(base[i]), after < end, base[after] == UInt8(ascii: ")") { return .success(after + 1) }
                    if isValueStart(base[i]) { return .failure(failure) }
                    return .failure(
                        ParseFailure(id: .unexpectedCharacter, offset: i, message: "expected ')' to close the array, found \(describe(at: i))"))
                }
            }
            return .failure(
                ParseFailure(id: .unexpectedCharacter, offset: min(i, end), message: "the array opened with '(' is never closed with ')'"))
        }
        if c == UInt8(ascii: "{") {
            var i = skipSpace(pos + 1, collectComments: false)
            while i < end {
                if base[i] == UInt8(ascii: "}") { return .success(i + 1) }
                guard isQuote(base[i]) || isUnquotedCharacter(base[i]) else { break }
                guard case .success(let afterKey) = scanString(at: i) else {
                    // As in a braced table: CoreFoundation goes back to just after a key's
                    // unclosed quote, and a '}' there ends the dictionary without an error.
                    let after = skipSpace(i + 1, collectComments: false)
                    if isQuote(base[i]), after < end, base[after] == UInt8(ascii: "}") { return .success(after + 1) }
                    break
                }
                i = skipSpace(afterKey, collectComments: false)
                guard i < end else { break }
                if base[i] == UInt8(ascii: "=") {
                    i = skipSpace(i + 1, collectComments: false)
                    guard i < end, isValueStart(base[i]) else {
                        return .failure(ParseFailure(id: .missingValue, offset: min(i, end), message: "missing value in the nested dictionary"))
                    }
                    switch parseNestedValue(at: i, depth: depth + 1) {
                    case .success(let next): i = skipSpace(next, collectComments: false)
                    case .failure(let failure): return .failure(failure)
                    }
                } else if base[i] != UInt8(ascii: ";") {
                    return .failure(ParseFailure(id: .expectedEquals, offset: i, message: "expected '=' or ';' in the nested dictionary"))
                }
                guard i < end, base[i] == UInt8(ascii: ";") else {
                    return .failure(ParseFailure(id: .missingSemicolon, offset: min(i, end), message: "missing ';' in the nested dictionary"))
                }
                i = skipSpace(i + 1, collectComments: false)
            }
            return .failure(
                ParseFailure(id: .missingClosingBrace, offset: min(i, end), message: "the dictionary opened with '{' is never closed with '}'"))
        }
        return .failure(ParseFailure(id: .unexpectedCharacter, offset: pos, message: "a value cannot start with \(describe(at: pos))"))
    }

    // MARK: Whitespace and comments

    /// CoreFoundation's advanceToNonSpace: skips whitespace (ASCII 9–13, space, U+2028, U+2029)
    /// and comments; returns the offset of the next token or `end`.
    @inline(__always)
    private mutating func skipSpace(_ start: Int, collectComments: Bool) -> Int {
        var i = start
        while i < end {
            let b = base[i]
            if b == 0x20 || (b >= 0x09 && b <= 0x0D) {
                i += 1
            } else if b == 0xE2 && i + 2 < end && base[i + 1] == 0x80 && (base[i + 2] == 0xA8 || base[i + 2] == 0xA9) {
                i += 3
            } else if b == UInt8(ascii: "/") && i + 1 < end {
                let next = base[i + 1]
                if next == UInt8(ascii: "/") {
                    var j = i + 2
                    while j < end {
                        let c = base[j]
                        if c == 0x0A || c == 0x0D { break }
                        if c == 0xE2 && j + 2 < end && base[j + 1] == 0x80 && (base[j + 2] == 0xA8 || base[j + 2] == 0xA9) { break }
                        j += 1
                    }
                    if collectComments { noteComment(i, j) }
                    i = j
                } else if next == UInt8(ascii: "*") {
                    // The closing `*/`, found by `memchr` from `*` to `*`: comments are the
                    // longest runs a reader skips.
                    var j = i + 2
                    var closed = false
                    while j + 1 < end, let star = memchr(base + j, Int32(UInt8(ascii: "*")), end - 1 - j) {
                        j = UnsafeRawPointer(star) - UnsafeRawPointer(base)
                        if base[j + 1] == UInt8(ascii: "/") {
                            closed = true
                            break
                        }
                        j += 1
                    }
                    if !closed {
                        reportUnterminatedComment(at: i)
                        if collectComments { noteComment(i, end) }
                        return end
                    }
                    if collectComments { noteComment(i, j + 2) }
                    i = j + 2
                } else {
                    return i
                }
            } else {
                return i
            }
        }
        return i
    }

    @inline(__always)
    private mutating func noteComment(_ start: Int, _ stop: Int) {
        if commentStart < 0 { commentStart = start }
        commentEnd = stop
    }

    private mutating func takeComment() -> ByteSpan {
        defer { commentStart = -1 }
        return commentStart < 0 ? .none : .text(commentStart, commentEnd - commentStart)
    }

    private mutating func reportUnterminatedComment(at offset: Int) {
        guard unterminatedComment == nil else { return }
        unterminatedComment = (offset, pending.count, false)
        let swallowed = UnsafeBufferPointer(start: base + offset, count: end - offset)
        let looksLikeEntries = swallowed.contains(UInt8(ascii: "="))
        report(
            PendingDiagnostic(
                id: .unterminatedComment, offset: offset,
                message: looksLikeEntries
                    ? "this comment is never closed: everything after it, entries included, is silently ignored"
                    : "this comment is never closed and runs to the end of the file",
                hint: "close the comment with */"))
    }

    // MARK: Recording

    private mutating func addRecord(
        key: ByteSpan, value: ByteSpan, kind: LocalizationTable.ValueKind, comment: ByteSpan, keyOffset: Int, valueOffset: Int
    ) {
        // Byte offsets only: lines and columns are worked out when an entry is asked for.
        records.append(
            EntryRecord(
                key: key, value: value, comment: comment, keyOffset: keyOffset, valueOffset: valueOffset, kind: kind,
                isReadByDevice: !foundationStopped))
    }

    /// A syntax error CoreFoundation reports: if it is the first thing CoreFoundation meets, the
    /// whole file is rejected.
    private mutating func reject(_ id: DiagnosticID, at offset: Int, _ message: String, hint: String?) {
        var message = message
        if !foundationStopped {
            foundationStopped = true
            rejected = true
            message += ". \(rejectedFileConsequence)"
        }
        report(PendingDiagnostic(id: id, offset: offset, message: message, hint: hint))
    }

    /// Something after ';' that cannot start a key. At the top level CoreFoundation then stops
    /// without an error and drops the rest of the file; inside braces it rejects the file.
    private mutating func stopAfterSemicolon(_ id: DiagnosticID, at offset: Int, braced: Bool, what: String, hint: String) {
        if braced {
            reject(id, at: offset, what, hint: hint)
            return
        }
        if !foundationStopped {
            foundationStopped = true
            truncation = (pending.count, records.count)
            report(
                PendingDiagnostic(
                    id: id, offset: offset,
                    message: "\(what): Foundation silently stops reading here and drops the rest of the file", hint: hint))
        } else {
            report(PendingDiagnostic(id: id, offset: offset, message: what, hint: hint))
        }
    }

    private mutating func reportUnexpected(at offset: Int, context: String, topLevel: Bool) {
        if let space = unicodeSpace(at: offset) {
            reject(
                .unicodeWhitespace, at: offset, "\(space.name) is not whitespace in a .strings file",
                hint: "replace it with an ordinary space or remove it")
        } else {
            reject(.unexpectedCharacter, at: offset, "unexpected \(describe(at: offset)) \(context)", hint: "entries look like \"key\" = \"value\";")
        }
    }

    /// Set while decoding one literal to say where its characters come from.
    private var escapes: LiteralEscapes?

    /// Where the characters of the string literal at `offset` come from: decoded again by this
    /// parser, recording each escape (an unquoted string has none).
    static func literalEscapes(at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> LiteralEscapes? {
        guard offset < text.count else { return nil }
        var parser = StringsFileParser(text: text)
        guard parser.isQuote(text[offset]) else { return LiteralEscapes(contentStart: offset) }
        parser.escapes = LiteralEscapes(contentStart: offset + 1)
        parser.reportingSuppressed = true
        guard case .success = parser.parseQuoted(at: offset) else { return nil }
        return parser.escapes
    }

    /// Diagnostics listed per kind (``ReadingLimits/maximumDiagnosticsPerKind``); the rest
    /// are counted in ``finish()``.
    private var listed: PerKindLimit
    /// While only measuring a string (not keeping it), its escape warnings are not reported.
    private var reportingSuppressed = false

    private mutating func report(_ diagnostic: PendingDiagnostic) {
        if reportingSuppressed { return }
        if listed.admit(diagnostic.id) { pending.append(diagnostic) }
    }

    /// Called when parsing is over: states how many entries a silent stop loses, and how many
    /// diagnostics went unlisted.
    mutating func finish() {
        listed.noteUnlisted(in: &pending)
        if let truncation {
            let lost = records.count - truncation.firstLostRecord
            if lost > 0 {
                pending[truncation.diagnostic].message += " (\(lost) \(lost == 1 ? "entry never reaches" : "entries never reach") the device)"
            }
        }
        if rejected {
            for index in records.indices { records[index].isReadByDevice = false }
        }
    }

    // MARK: Recovery

    /// After junk where a key should be: skip it up to what could start an entry again (a
    /// quote, a key character, a space or a comment), so that entries after it on the same
    /// line (`"a" = "1";\0"b" = "2";`) are still listed and counted.
    private func recoverPosition(afterJunkAt pos: Int) -> Int {
        var i = pos + 1
        while i < end {
            let b = base[i]
            if isQuote(b) || isUnquotedCharacter(b) || b == 0x20 || (b >= 0x09 && b <= 0x0D) || b == UInt8(ascii: "/") || b == UInt8(ascii: ";") {
                return i
            }
            i += 1
        }
        return end
    }

    /// After an error inside an entry: skip to just past the next ';' on this line, or to the end
    /// of the line.
    private func recoverPosition(inEntryAt pos: Int) -> Int {
        var i = pos
        while i < end {
            let b = base[i]
            if b == UInt8(ascii: ";") { return i + 1 }
            if b == 0x0A || b == 0x0D { return i + 1 }
            i += 1
        }
        return end
    }

    private func lineEnd(after pos: Int) -> Int {
        var i = pos
        while i < end && base[i] != 0x0A && base[i] != 0x0D { i += 1 }
        return min(i + 1, end)
    }

    private func startsNewLine(between start: Int, and stop: Int) -> Bool {
        var i = start
        while i < stop {
            if base[i] == 0x0A || base[i] == 0x0D { return true }
            i += 1
        }
        return false
    }

    // MARK: Characters

    @inline(__always)
    private func isQuote(_ b: UInt8) -> Bool { b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") }

    @inline(__always)
    private func isValueStart(_ b: UInt8) -> Bool {
        isQuote(b) || isUnquotedCharacter(b) || b == UInt8(ascii: "{") || b == UInt8(ascii: "(") || b == UInt8(ascii: "<")
    }

    private func quoteName(_ b: UInt8) -> String { b == UInt8(ascii: "'") ? "'" : "\"" }

    /// Characters a string may have without quotes: `A–Z a–z 0–9 _ $ / : . -`.
    @inline(__always)
    private func isUnquotedCharacter(_ b: UInt8) -> Bool {
        unquotedCharacterTable[Int(b)]
    }

    private func isLetter(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
    }

    private func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(b - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// A Unicode space character that people type where ASCII whitespace was meant.
    private func unicodeSpace(at pos: Int) -> (name: String, length: Int)? {
        guard base[pos] >= 0xC2 else { return nil }
        let (scalar, length) = decodeScalar(at: pos)
        guard let name = unicodeSpaceNames[scalar] else { return nil }
        return (name, length)
    }

    private func decodeScalar(at pos: Int) -> (UInt32, Int) {
        let buffer = UnsafeBufferPointer(start: base, count: end)
        let length = TextDecoder.validSequenceLength(buffer, at: pos)
        guard length > 1 else { return (UInt32(base[pos]), 1) }
        var value = UInt32(base[pos]) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1..<length { value = (value << 6) | (UInt32(base[pos + k]) & 0x3F) }
        return (value, length)
    }

    /// Names the character at `pos` for a message: `'}'`, `U+00A0 NO-BREAK SPACE`, …
    private func describe(at pos: Int) -> String {
        guard pos < end else { return "the end of the file" }
        let (scalar, _) = decodeScalar(at: pos)
        if let name = unicodeSpaceNames[scalar] { return name }
        if scalar >= 0x21 && scalar < 0x7F { return "'\(Character(Unicode.Scalar(UInt8(scalar))))'" }
        if let s = Unicode.Scalar(scalar), scalar >= 0xA0 { return "'\(Character(s))' (U+\(hex(scalar)))" }
        return "U+\(hex(scalar))"
    }
}

struct PendingDiagnostic: ListedDiagnostic {
    var id: DiagnosticID
    var offset: Int
    var message: String
    var hint: String?
    var notes: [(offset: Int, message: String)] = []
}

private let unquotedCharacterTable: [Bool] = (0..<256).map { b in
    let c = UInt8(b)
    return (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
        || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_") || c == UInt8(ascii: "$")
        || c == UInt8(ascii: "/") || c == UInt8(ascii: ":") || c == UInt8(ascii: ".") || c == UInt8(ascii: "-")
}

let unicodeSpaceNames: [UInt32: String] = [
    0x0085: "U+0085 NEXT LINE",
    0x00A0: "U+00A0 NO-BREAK SPACE",
    0x1680: "U+1680 OGHAM SPACE MARK",
    0x2000: "U+2000 EN QUAD", 0x2001: "U+2001 EM QUAD", 0x2002: "U+2002 EN SPACE", 0x2003: "U+2003 EM SPACE",
    0x2004: "U+2004 THREE-PER-EM SPACE", 0x2005: "U+2005 FOUR-PER-EM SPACE", 0x2006: "U+2006 SIX-PER-EM SPACE",
    0x2007: "U+2007 FIGURE SPACE", 0x2008: "U+2008 PUNCTUATION SPACE", 0x2009: "U+2009 THIN SPACE",
    0x200A: "U+200A HAIR SPACE", 0x200B: "U+200B ZERO WIDTH SPACE", 0x200E: "U+200E LEFT-TO-RIGHT MARK",
    0x200F: "U+200F RIGHT-TO-LEFT MARK", 0x202F: "U+202F NARROW NO-BREAK SPACE",
    0x205F: "U+205F MEDIUM MATHEMATICAL SPACE", 0x2060: "U+2060 WORD JOINER", 0x3000: "U+3000 IDEOGRAPHIC SPACE",
    0xFEFF: "U+FEFF ZERO WIDTH NO-BREAK SPACE (byte order mark)",
]

func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

func utf8Bytes(_ scalar: UInt32) -> [UInt8] {
    var bytes: [UInt8] = []
    appendUTF8(scalar, to: &bytes)
    return bytes
}
