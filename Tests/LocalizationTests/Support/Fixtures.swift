import Foundation
import Testing

/// Paths to test data: the fixtures in the repository, and a larger corpus when one is named.
enum Fixtures {
    /// `Tests/LocalizationTests/Fixtures`.
    static let directory: String = {
        let here = URL(fileURLWithPath: #filePath)  // …/Tests/LocalizationTests/Support/Fixtures.swift
        return here.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures").path
    }()

    /// The repository root.
    static let repositoryRoot: String = {
        URL(fileURLWithPath: directory).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }()

    static func path(_ relative: String) -> String { directory + "/" + relative }

    static func bytes(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(relative))))
    }

    /// A larger corpus folder, named by the environment variable `LOCALIZED_ALERTS_CORPUS`: the
    /// layout of `Fixtures/corpus` (one folder of tables per app, and `edge-cases/`), with more
    /// apps. Optional: a user's clone passes without it. Read it through `largerCorpus()`.
    static let largerCorpusPath: String? = ProcessInfo.processInfo.environment["LOCALIZED_ALERTS_CORPUS"].flatMap { $0.isEmpty ? nil : $0 }

    /// The larger corpus folder, or nil. A test that asks for it fails when the variable names
    /// no folder; without the variable, `LargerCorpusTests` is reported as skipped, saying what
    /// was not checked, once for the whole run.
    static func largerCorpus() -> String? {
        guard let path = largerCorpusPath else { return nil }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            Issue.record("LOCALIZED_ALERTS_CORPUS=\(path) is not a folder")
            return nil
        }
        return path
    }

    /// Every file under `root` whose name ends with one of `suffixes`, sorted.
    static func files(under root: String, suffixes: [String]) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var result: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if suffixes.contains(where: { relative.hasSuffix($0) }) { result.append(root + "/" + relative) }
        }
        return result.sorted()
    }

    /// Table files of the repository's corpus copy, plus the larger corpus when one is named.
    static func corpusStringsFiles() -> [String] {
        var files = Self.files(under: path("corpus"), suffixes: [".strings"])
        if let corpus = largerCorpus() { files += Self.files(under: corpus, suffixes: [".strings"]) }
        return files
    }
}
