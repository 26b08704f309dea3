/// Limits that keep reading bounded whatever the input.
public struct ReadingLimits: Sendable, Hashable {
    /// Files larger than this are refused with a diagnostic (never read into memory). At most
    /// 2 GiB − 1: offsets inside a table are 31-bit.
    public var maximumFileSize: Int
    /// Deepest nesting of arrays and dictionaries accepted.
    public var maximumNestingDepth: Int
    /// Entries of one table read at most; the rest of a larger file is reported, not read.
    /// Property lists and JSON documents may hold four times as many values in all.
    public var maximumEntryCount: Int
    /// Diagnostics of one kind (one ID) listed per file; the last one listed says how many more
    /// there were. Real apps stay far below it; hostile files cannot make reports unbounded.
    public var maximumDiagnosticsPerKind: Int

    /// Limits, each with its default; values beyond what the readers can address are lowered to it.
    /// - Parameters:
    ///   - maximumFileSize: Largest file read, in bytes (1 GiB by default).
    ///   - maximumNestingDepth: Deepest nesting accepted (512).
    ///   - maximumEntryCount: Most entries read from one table (10,000,000).
    ///   - maximumDiagnosticsPerKind: Most diagnostics of one ID listed per file (10,000).
    public init(
        maximumFileSize: Int = 1 << 30, maximumNestingDepth: Int = 512, maximumEntryCount: Int = 10_000_000,
        maximumDiagnosticsPerKind: Int = 10_000
    ) {
        self.maximumFileSize = min(maximumFileSize, Int(Int32.max))
        self.maximumNestingDepth = maximumNestingDepth
        self.maximumEntryCount = max(1, min(maximumEntryCount, Int(Int32.max) / 4))
        self.maximumDiagnosticsPerKind = max(1, maximumDiagnosticsPerKind)
    }

    /// Values (strings, numbers, containers) one property list or JSON document may hold.
    var maximumValueCount: Int { maximumEntryCount * 4 }

    /// The limits every reader uses unless given others.
    public static let `default` = ReadingLimits()
}

extension LocalizationTable {
    /// Reads a table file. Problems with the content become ``diagnostics``; only failing to read
    /// the file at all throws.
    public init(contentsOfFile path: String, limits: ReadingLimits = .default) throws(FileReadError) {
        switch try FileSystem.readFile(path, maximumSize: limits.maximumFileSize) {
        case .contents(let bytes):
            self.init(parsing: bytes, file: path, limits: limits)
        case .tooLarge(let size):
            self = TableReader.refused(file: path, size: size, limits: limits)
        }
    }

    /// Reads a table from bytes in any supported form: text `.strings` (UTF-8, UTF-16, UTF-32),
    /// XML or binary property list.
    public init(parsing bytes: [UInt8], file: String? = nil, limits: ReadingLimits = .default) {
        self = TableReader.read(bytes, file: file, limits: limits)
    }
}

enum TableReader {
    static func refused(file: String?, size: Int, limits: ReadingLimits) -> LocalizationTable {
        let diagnostic = LocalizationDiagnostic(
            .fileTooLarge, at: SourceLocation(file: file, line: 1, column: 1),
            "the file is \(size) bytes, over the reading limit of \(limits.maximumFileSize) bytes; it was not read",
            hint: "split the file; a library caller expecting it can raise ReadingLimits.maximumFileSize")
        return empty(file: file, format: .text(.utf8), diagnostics: [diagnostic])
    }

    static func empty(file: String?, format: LocalizationTable.Format, diagnostics: [LocalizationDiagnostic]) -> LocalizationTable {
        LocalizationTable(
            file: file, format: format, diagnostics: diagnostics, isReadableOnDevice: false,
            storage: TableStorage(text: [], arena: [], records: []))
    }

    static func read(_ bytes: [UInt8], file: String?, limits: ReadingLimits) -> LocalizationTable {
        if bytes.isEmpty {
            let diagnostic = LocalizationDiagnostic(
                .emptyFile, at: SourceLocation(file: file, line: 1, column: 1),
                "the file is empty (zero bytes): Foundation refuses to read it, so on a device this table does not exist",
                hint: "add entries, or delete the file")
            return empty(file: file, format: .text(.utf8), diagnostics: [diagnostic])
        }
        if bytes.count > limits.maximumFileSize {
            return refused(file: file, size: bytes.count, limits: limits)
        }
        let isBinary = bytes.withUnsafeBufferPointer { BinaryPropertyListReader.isBinaryPropertyList($0) }
        if isBinary {
            if let table = fastBinaryTable(bytes, file: file, limits: limits) { return table }
            let document = bytes.withUnsafeBufferPointer {
                var reader = BinaryPropertyListReader(
                    bytes: $0, file: file, maximumDepth: limits.maximumNestingDepth, maximumValueCount: limits.maximumValueCount)
                return reader.read()
            }
            // Text that merely starts with "bplist0" ("bplist00text" = "…";) is a table to
            // Foundation: when CoreFoundation cannot read a file as a compiled property list, for
            // any reason, it reads it as XML or text (__CFTryParseBinaryPlist's failure is
            // ignored). When that does not give a table either, the corruption is the more useful
            // report (located as a compiled file's are). A file refused only for this toolkit's
            // own expansion budget is a compiled list, not text.
            if document.root == nil, document.diagnostics.contains(where: { $0.id == .binaryPropertyListCorrupt }) {
                let asText = readTextOrXML(bytes, file: file, limits: limits)
                if asText.isReadableOnDevice { return asText }
            }
            return table(from: document, file: file, format: .binaryPropertyList, limits: limits)
        }
        return readTextOrXML(bytes, file: file, limits: limits)
    }

    private static func readTextOrXML(_ bytes: [UInt8], file: String?, limits: ReadingLimits) -> LocalizationTable {
        var decoded = TextDecoder.decode(bytes)
        let start = xmlStart(decoded.utf8)
        // BOM-less UTF-16 that Foundation misreads (anything but little-endian after leading
        // whitespace) is no table on a device, XML or not: the text reader says so.
        let misread =
            decoded.encoding == .utf16BigEndianWithoutBOM
            || (decoded.encoding == .utf16LittleEndianWithoutBOM && !survivesLosingItsFirstCharacter(decoded.utf8))
        if start != .none && !misread {
            if decoded.encoding == .utf8 {
                // A file Foundation cannot decode: one located error, no table.
                func refused(_ message: String, at offset: Int, in text: [UInt8], hint: String) -> LocalizationTable {
                    var lines = LineIndex(file: file)
                    let location = text.withUnsafeBufferPointer { lines.location(of: offset, in: $0) }
                    let diagnostic = LocalizationDiagnostic(.invalidEncoding, at: location, "\(message). \(rejectedFileConsequence)", hint: hint)
                    return empty(file: file, format: .xmlPropertyList, diagnostics: [diagnostic])
                }
                switch XMLDeclaration.declared(bytes) {
                case .singleByte(let name, let highBytes):
                    if let text = XMLDeclaration.singleByteText(bytes, highBytes: highBytes) {
                        // CoreFoundation converts the whole file before parsing it: a byte the
                        // code page leaves undefined, anywhere (a comment too), fails the file.
                        if let undefined = text.problems.first {
                            let byte =
                                if case .invalidUTF8(let byte) = undefined.kind { " 0x\(String(byte, radix: 16, uppercase: true))" } else { "" }
                            return refused(
                                "byte\(byte) is not defined in \(name), which the XML declaration names: Foundation cannot convert the file",
                                at: undefined.offset, in: text.utf8, hint: "save the file as UTF-8 and declare encoding=\"UTF-8\"")
                        }
                        decoded = text
                    }
                case .refused(_, let offset, let reason):
                    return refused(reason, at: offset, in: bytes, hint: "declare encoding=\"UTF-8\" and save the file as UTF-8")
                case .utf8, .notModelled:
                    break
                }
            }
            let undecodable = decoded.problems.compactMap { problem -> (offset: Int, byte: UInt8)? in
                if case .invalidUTF8(let byte) = problem.kind { return (problem.offset, byte) }
                return nil
            }
            var document = decoded.utf8.withUnsafeBufferPointer {
                var parser = XMLPropertyListParser(
                    text: $0, file: file, maximumDepth: limits.maximumNestingDepth, maximumValueCount: limits.maximumValueCount,
                    undecodable: undecodable)
                return parser.parse()
            }
            // Foundation reads any text that opens with `<` as XML when it can (`<dict>…</dict>`
            // with no declaration is a table on a device) and otherwise as old-style text, where
            // `<0fa1>` is data.
            if start == .declared || document.root != nil {
                document.source = SourceText(decoded.utf8, file: file)
                return table(from: document, file: file, format: .xmlPropertyList, limits: limits)
            }
        }
        return readText(decoded, file: file, limits: limits)
    }

    private enum XMLStart { case none, possible, declared }

    /// How the text opens after whitespace: with a declaration, a DOCTYPE, a comment or the plist
    /// element (XML, whatever follows), with another `<` (XML if it parses), or otherwise (text).
    private static func xmlStart(_ text: [UInt8]) -> XMLStart {
        var index = 0
        while index < text.count, text[index] == 0x20 || text[index] == 0x09 || text[index] == 0x0A || text[index] == 0x0D {
            index += 1
        }
        guard index < text.count, text[index] == UInt8(ascii: "<") else { return .none }
        for prefix in ["<?xml", "<!DOCTYPE", "<plist", "<!--"] {
            let bytes = Array(prefix.utf8)
            if index + bytes.count <= text.count && Array(text[index..<(index + bytes.count)]) == bytes { return .declared }
        }
        return .possible
    }

    // MARK: Text tables

    private static func readText(_ decoded: DecodedText, file: String?, limits: ReadingLimits) -> LocalizationTable {
        if decoded.utf8.isEmpty {
            // Only a byte order mark: CoreFoundation finds an empty string and fails.
            let diagnostic = LocalizationDiagnostic(
                .emptyFile, at: SourceLocation(file: file, line: 1, column: 1),
                "the file holds only a byte order mark: Foundation refuses to read it, so on a device this table does not exist",
                hint: "add entries, or delete the file")
            return empty(file: file, format: .text(decoded.encoding), diagnostics: [diagnostic])
        }
        let text = decoded.utf8
        let parser = text.withUnsafeBufferPointer { buffer in
            var parser = StringsFileParser(text: buffer, limits: limits)
            parser.parse()
            parser.finish()
            return parser
        }
        var pending = decodingDiagnostics(decoded, text: text, limits: limits)
        var readable = !parser.rejected
        if decoded.encoding == .utf16BigEndianWithoutBOM
            || (decoded.encoding == .utf16LittleEndianWithoutBOM && !survivesLosingItsFirstCharacter(text))
            || decoded.problems.contains(where: { problem in
                switch problem.kind {
                case .invalidUTF8, .invalidScalar: true
                default: false
                }
            })
        {
            readable = false
        }
        pending.append(contentsOf: parser.pending)

        // Records keep byte offsets, located when an entry is asked for; the parser's findings
        // are located now, in text order (the source's line index walks forward), and
        // duplicate keys below through the same index.
        var records = parser.records
        if !readable {
            for index in records.indices { records[index].isReadByDevice = false }
        }
        let source = SourceText(text, file: file)
        pending.sort { $0.offset < $1.offset }
        var diagnostics = pending.map { item in
            LocalizationDiagnostic(item.id, at: source.location(ofByte: item.offset), item.message, hint: item.hint)
        }
        let storage = TableStorage(text: text, arena: trimmed(parser.arena), records: trimmed(records), source: source)
        diagnostics.append(contentsOf: duplicateDiagnostics(storage, file: file, limits: limits))
        diagnostics.sort { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        return LocalizationTable(
            file: file, format: .text(decoded.encoding), diagnostics: diagnostics, isReadableOnDevice: readable, storage: storage,
            source: source)
    }

    /// Foundation drops the first character of BOM-less UTF-16: harmless when it is whitespace
    /// and something is left after it (an empty rest is no table at all).
    private static func survivesLosingItsFirstCharacter(_ text: [UInt8]) -> Bool {
        startsWithASCIISpace(text) && text.count > 1
    }

    private static func startsWithASCIISpace(_ text: [UInt8]) -> Bool {
        guard let first = text.first else { return true }
        return first == 0x20 || (first >= 0x09 && first <= 0x0D)
    }

    private static func decodingDiagnostics(_ decoded: DecodedText, text: [UInt8], limits: ReadingLimits) -> [PendingDiagnostic] {
        var result: [PendingDiagnostic] = []
        var listed = PerKindLimit(limits.maximumDiagnosticsPerKind)
        /// Invalid UTF-8 bytes or UTF-32 values: the file is rejected at the first one.
        var invalidCount = 0
        for problem in decoded.problems {
            switch problem.kind {
            case .missingByteOrderMark:
                let order = decoded.encoding == .utf16LittleEndianWithoutBOM ? "little-endian" : "big-endian"
                let survives = decoded.encoding == .utf16LittleEndianWithoutBOM && survivesLosingItsFirstCharacter(text)
                result.append(
                    PendingDiagnostic(
                        id: survives ? .utf16WithoutBOM : .utf16WithoutBOMMisread, offset: 0,
                        message: survives
                            ? "UTF-16 (\(order)) without a byte order mark: Foundation drops the first character, which here is only whitespace; decoded correctly here"
                            : "UTF-16 (\(order)) without a byte order mark: Foundation misreads it (it assumes little-endian and drops the first character), so on a device the whole table is empty; decoded correctly here",
                        hint: "save the file as UTF-8, or as UTF-16 with a byte order mark"))
            case .invalidUTF8(let byte):
                // The file is rejected at the first bad byte: one diagnostic, with the count.
                invalidCount += 1
                if invalidCount == 1 {
                    result.append(
                        PendingDiagnostic(
                            id: .invalidEncoding, offset: problem.offset,
                            message: "byte 0x\(String(byte, radix: 16, uppercase: true)) is not valid UTF-8. \(rejectedFileConsequence)",
                            hint: "save the file as UTF-8 (it looks like Latin-1 or another legacy encoding)"))
                }
            case .loneSurrogate(let unit):
                guard listed.admit(.invalidEncoding) else { continue }
                result.append(
                    PendingDiagnostic(
                        id: .invalidEncoding, offset: problem.offset,
                        message: "unpaired UTF-16 surrogate 0x\(hex(UInt32(unit))): the device shows U+FFFD (�) here",
                        hint: "fix the character; it was probably cut in half"))
            case .invalidScalar(let value):
                // Foundation rejects UTF-32 holding one (checked against it): one diagnostic.
                invalidCount += 1
                if invalidCount == 1 {
                    result.append(
                        PendingDiagnostic(
                            id: .invalidEncoding, offset: problem.offset,
                            message: "0x\(String(value, radix: 16, uppercase: true)) is not a Unicode scalar. \(rejectedFileConsequence)",
                            hint: "save the file as UTF-8"))
                }
            case .truncatedCodeUnit(let left):
                // Foundation reads the text without them (checked against it, UTF-16 and UTF-32).
                result.append(
                    PendingDiagnostic(
                        id: .strayFinalBytes, offset: problem.offset,
                        message:
                            "the file ends with \(left) stray \(left == 1 ? "byte" : "bytes"), part of a character: Foundation ignores \(left == 1 ? "it" : "them")",
                        hint: "the file was probably cut short or edited as bytes; check its last line"))
            }
        }
        if invalidCount > 0 {
            invalidCount += decoded.unlistedProblemCount
            if invalidCount > 1, let index = result.firstIndex(where: { $0.id == .invalidEncoding }) {
                result[index].message += " (\(invalidCount) invalid \(decoded.encoding.isUTF32 ? "values" : "bytes") in all)"
            }
        } else {
            listed.skip(.invalidEncoding, count: decoded.unlistedProblemCount)
            listed.noteUnlisted(in: &result)
        }
        return result
    }

    /// A copy without spare capacity when growth left much of it, so that a table kept for a
    /// long time holds no more memory than it needs.
    static func trimmed<Element>(_ array: [Element]) -> [Element] {
        guard array.capacity > array.count + array.count / 8 + 64 else { return array }
        return [Element](unsafeUninitializedCapacity: array.count) { buffer, initialized in
            _ = array.withUnsafeBufferPointer { buffer.initialize(from: $0) }
            initialized = array.count
        }
    }

    // MARK: Property lists

    /// Compiled `.strings` whose keys and values are all strings, read without building a tree.
    private static func fastBinaryTable(_ bytes: [UInt8], file: String?, limits: ReadingLimits) -> LocalizationTable? {
        var arena: [UInt8] = []
        guard
            let items = bytes.withUnsafeBufferPointer({ buffer in
                var reader = BinaryPropertyListReader(
                    bytes: buffer, file: file, maximumDepth: limits.maximumNestingDepth, maximumValueCount: limits.maximumValueCount)
                return reader.readStringDictionary(into: &arena, maximumEntryCount: limits.maximumEntryCount)
            })
        else { return nil }
        let records = items.map { item in
            EntryRecord(
                key: item.key, value: item.value, comment: .none,
                keyLine: 1, keyColumn: UInt32(item.keyOffset + 1), valueLine: 1, valueColumn: UInt32(item.valueOffset + 1),
                kind: .string, isReadByDevice: true)
        }
        let storage = TableStorage(text: [], arena: trimmed(arena), records: records, firstDefinitionWins: true)
        let diagnostics = duplicateDiagnostics(storage, file: file, limits: limits)
        return LocalizationTable(file: file, format: .binaryPropertyList, diagnostics: diagnostics, isReadableOnDevice: true, storage: storage)
    }

    static func table(
        from document: PropertyListDocument, file: String?, format: LocalizationTable.Format, limits: ReadingLimits = .default
    ) -> LocalizationTable {
        var diagnostics = document.diagnostics
        guard let root = document.root else {
            return empty(file: file, format: format, diagnostics: diagnostics)
        }
        guard case .dictionary(let items) = root.value else {
            diagnostics.append(
                LocalizationDiagnostic(
                    .notATable, at: root.location,
                    "the property list holds \(root.value.kindDescription), not a dictionary of strings. \(rejectedFileConsequence)",
                    hint: "a strings table is a dictionary from keys to strings"))
            return empty(file: file, format: format, diagnostics: diagnostics)
        }
        var arena: [UInt8] = []
        var records: [EntryRecord] = []
        records.reserveCapacity(min(items.count, limits.maximumEntryCount))
        // A key or value several entries share (one object in a binary list, found by its
        // offset) is stored once: no file decodes to more text than it holds.
        let sharesObjects = format == .binaryPropertyList
        var stored: [Int: ByteSpan] = [:]
        var listed = PerKindLimit(limits.maximumDiagnosticsPerKind)
        for (index, item) in items.enumerated() {
            if index == limits.maximumEntryCount {
                diagnostics.append(
                    LocalizationDiagnostic(
                        .tooManyEntries, at: item.keyLocation,
                        "the table has \(items.count) entries, more than the reading limit of \(limits.maximumEntryCount); the rest were not read",
                        hint: "split the table, or raise ReadingLimits.maximumEntryCount"))
                break
            }
            var key = item.key
            var valueText: String
            var kind = LocalizationTable.ValueKind.string
            switch item.value.value {
            case .string(let s):
                valueText = s
            case .array:
                kind = .array
                valueText = ""
            case .dictionary:
                kind = .dictionary
                valueText = ""
            case .data(let bytes):
                kind = .data
                valueText = "<\(bytes.count) bytes>"
            default:
                kind = .other
                valueText = ""
            }
            if kind != .string && listed.admit(.nonStringValue) {
                diagnostics.append(
                    LocalizationDiagnostic(
                        .nonStringValue, at: item.value.location,
                        "the value of \"\(item.key)\" is \(item.value.value.kindDescription), not a string; a device cannot show it",
                        hint: "make the value a string"))
            }
            func store(_ text: inout String, at location: SourceLocation) -> ByteSpan {
                if sharesObjects, let span = stored[location.column] { return span }
                let span = text.withUTF8 { bytes -> ByteSpan in
                    let start = arena.count
                    arena.append(contentsOf: bytes)
                    return .arena(start, bytes.count)
                }
                if sharesObjects { stored[location.column] = span }
                return span
            }
            let keySpan = store(&key, at: item.keyLocation)
            let valueSpan = store(&valueText, at: item.value.location)
            records.append(
                EntryRecord(
                    key: keySpan, value: valueSpan, comment: .none,
                    keyLine: UInt32(item.keyLocation.line), keyColumn: UInt32(item.keyLocation.column),
                    valueLine: UInt32(item.value.location.line), valueColumn: UInt32(item.value.location.column),
                    kind: kind, isReadByDevice: true))
        }
        listed.noteUnlisted(in: &diagnostics)
        let storage = TableStorage(text: [], arena: arena, records: records, firstDefinitionWins: format == .binaryPropertyList)
        diagnostics.append(contentsOf: duplicateDiagnostics(storage, file: file, limits: limits))
        diagnostics.sort { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        return LocalizationTable(
            file: file, format: format, diagnostics: diagnostics.cappedPerID(limits.maximumDiagnosticsPerKind), isReadableOnDevice: true,
            storage: storage, source: document.source)
    }

    // MARK: Duplicates

    /// A key defined again with a different value: the device silently takes the last one (the
    /// first, in a compiled table).
    static func duplicateDiagnostics(_ storage: TableStorage, file: String?, limits: ReadingLimits) -> [LocalizationDiagnostic] {
        guard storage.distinctKeyCount < storage.records.count else { return [] }
        var previousByKey = [Int](repeating: -1, count: storage.distinctKeyCount)
        var result: [LocalizationDiagnostic] = []
        var listed = PerKindLimit(limits.maximumDiagnosticsPerKind)
        let firstWins = storage.firstDefinitionWins
        for (index, record) in storage.records.enumerated() {
            let number = storage.keyNumber(ofRecord: index)
            let previous = previousByKey[number]
            // Compare with the definition the device keeps: the first, or the one before.
            if previous < 0 || !firstWins { previousByKey[number] = index }
            guard previous >= 0 else { continue }
            let earlier = storage.records[previous]
            guard storage.string(earlier.value) != storage.string(record.value) || earlier.kind != record.kind else { continue }
            // As the parser does for every kind of diagnostic: list a bounded number, count the rest.
            guard listed.admit(.duplicateKey) else { continue }
            let key = storage.string(record.key)
            result.append(
                LocalizationDiagnostic(
                    .duplicateKey,
                    at: storage.location(line: record.keyLine, column: record.keyColumn, file: file),
                    firstWins
                        ? "\"\(key)\" is defined again with a different value; a compiled table keeps the first, so the device ignores this one"
                        : "\"\(key)\" is defined again with a different value; the device uses this later one",
                    hint: "keep one definition",
                    notes: [
                        LocalizationDiagnostic.Note(
                            location: storage.location(line: earlier.keyLine, column: earlier.keyColumn, file: file),
                            message: firstWins
                                ? "first definition, used on a device: \"\(storage.string(earlier.value))\""
                                : "earlier definition, ignored on a device: \"\(storage.string(earlier.value))\"")
                    ]))
        }
        listed.noteUnlisted(in: &result)
        return result
    }
}
