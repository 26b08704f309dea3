/// Reads a property list in XML or binary form (Info.plist, `.stringsdict`).
public enum PropertyListReader {
    /// Reads a property list, XML or binary (told apart by the `bplist` header). Never throws: problems are
    /// in the document's diagnostics, and a file that cannot be read has no root.
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - file: The name to give locations.
    ///   - limits: Bounds on size, nesting and value count.
    public static func read(_ bytes: [UInt8], file: String? = nil, limits: ReadingLimits = .default) -> PropertyListDocument {
        if bytes.count > limits.maximumFileSize {
            return PropertyListDocument(
                root: nil,
                diagnostics: [
                    LocalizationDiagnostic(
                        .fileTooLarge, at: SourceLocation(file: file, line: 1, column: 1),
                        "the file is \(bytes.count) bytes, over the reading limit of \(limits.maximumFileSize) bytes")
                ])
        }
        let isBinary = bytes.withUnsafeBufferPointer { BinaryPropertyListReader.isBinaryPropertyList($0) }
        if isBinary {
            return bytes.withUnsafeBufferPointer {
                var reader = BinaryPropertyListReader(
                    bytes: $0, file: file, maximumDepth: limits.maximumNestingDepth, maximumValueCount: limits.maximumValueCount)
                return reader.read()
            }
        }
        let decoded = TextDecoder.decode(bytes)
        if let problem = decoded.problems.first(where: { if case .missingByteOrderMark = $0.kind { false } else { true } }) {
            let position = decoded.utf8.withUnsafeBufferPointer { buffer in
                var lines = LineIndex(file: file)
                return lines.location(of: problem.offset, in: buffer)
            }
            return PropertyListDocument(
                root: nil,
                diagnostics: [
                    LocalizationDiagnostic(
                        .invalidEncoding, at: position,
                        "the file is not valid \(decoded.encoding.isUTF16 ? "UTF-16" : "UTF-8"). \(rejectedFileConsequence)",
                        hint: "save it as UTF-8")
                ])
        }
        var document = decoded.utf8.withUnsafeBufferPointer {
            var parser = XMLPropertyListParser(
                text: $0, file: file, maximumDepth: limits.maximumNestingDepth, maximumValueCount: limits.maximumValueCount)
            return parser.parse()
        }
        document.source = SourceText(decoded.utf8, file: file)
        return document
    }
}
