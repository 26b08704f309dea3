#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension BundledSample {
    /// The directory `extract` made, removed at exit.
    nonisolated(unsafe) private static var extractedRoot: String?
    /// What `extract` made, held for removal should a signal end the process first.
    nonisolated(unsafe) private static var held: [TemporaryFiles.Registration] = []

    /// Writes the files into a new private directory under `$TMPDIR` (else /tmp) and returns it.
    static func extract() throws(InputOutputError) -> String {
        var parent = getenv("TMPDIR").map { String(cString: $0) } ?? ""
        if parent.isEmpty { parent = "/tmp" }
        if !parent.hasSuffix("/") { parent += "/" }
        var template = Array((parent + "render-alert-sample.XXXXXX").utf8CString)
        let made = TemporaryFiles.createFolder {
            template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) }
        }
        guard let root = made.path else { throw InputOutputError("cannot unpack the bundled sample", parent) }
        extractedRoot = root
        held = [made.registration]
        atexit { BundledSample.removeExtracted() }
        for folder in folders.sorted(by: { $0.count < $1.count }) {
            let path = root + "/" + folder
            let made = TemporaryFiles.createFolder { mkdir(path, 0o700) == 0 ? path : nil }
            guard made.path != nil else { throw InputOutputError("cannot unpack the bundled sample", path) }
            held.append(made.registration)
        }
        for file in files {
            let path = root + "/" + file.path
            let made = TemporaryFiles.create(file: path) { open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
            guard made.descriptor >= 0 else { throw InputOutputError("cannot unpack the bundled sample", path) }
            held.append(made.registration)
            let failure = Output.writeAll(file.lines.joined(), to: made.descriptor)
            let closed = close(made.descriptor) == 0 ? nil : errnoText()
            if let reason = failure ?? closed { throw InputOutputError("cannot unpack the bundled sample", path, reason: reason) }
        }
        return root
    }

    /// The folders below the root that hold the files.
    private static var folders: Set<String> {
        var folders: Set<String> = []
        for file in files {
            var folder = Substring(file.path)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                folders.insert(String(folder))
            }
        }
        return folders
    }

    /// Removes the files `extract` wrote, then their folders, deepest first.
    static func removeExtracted() {
        guard let root = extractedRoot else { return }
        extractedRoot = nil
        for file in files { unlink(root + "/" + file.path) }
        for folder in folders.sorted(by: { $0.count > $1.count }) { rmdir(root + "/" + folder) }
        rmdir(root)
        for registration in held { TemporaryFiles.release(registration) }
        held = []
    }
}
