#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension BundledSample {
    /// The directory `extract` made, removed at exit.
    nonisolated(unsafe) private static var extractedRoot: String?

    /// Writes the files into a new private directory under `$TMPDIR` (else /tmp) and returns it.
    static func extract() throws(InputOutputError) -> String {
        var parent = getenv("TMPDIR").map { String(cString: $0) } ?? ""
        if parent.isEmpty { parent = "/tmp" }
        if !parent.hasSuffix("/") { parent += "/" }
        var template = Array((parent + "render-alert-sample.XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) != nil }
        guard made else { throw InputOutputError("cannot unpack the bundled sample", parent) }
        let root = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        extractedRoot = root
        atexit { BundledSample.removeExtracted() }
        for file in files {
            let path = root + "/" + file.path
            try Directory.create(String(path[..<path.lastIndex(of: "/")!]), "cannot unpack the bundled sample")
            try Output.file(path, what: "cannot unpack the bundled sample").write(file.lines.joined())
        }
        return root
    }

    /// Removes the files `extract` wrote, then their folders, deepest first.
    static func removeExtracted() {
        guard let root = extractedRoot else { return }
        extractedRoot = nil
        var folders: Set<String> = [root]
        for file in files {
            unlink(root + "/" + file.path)
            var folder = Substring(file.path)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                folders.insert(root + "/" + folder)
            }
        }
        for folder in folders.sorted(by: { $0.count > $1.count }) { rmdir(folder) }
    }
}
