import Foundation

/// Paths to test data: the fixtures in the repository, and the shared corpus when present.
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

    /// `../shared` beside the repository: present on developer machines and in CI, not in a
    /// user's clone. Conformance passes over it run only when it exists.
    static let shared: String? = {
        let path = URL(fileURLWithPath: repositoryRoot).deletingLastPathComponent().appendingPathComponent("shared").path
        return FileManager.default.fileExists(atPath: path + "/corpus") ? path : nil
    }()

    /// Every file under `root` whose name ends with one of `suffixes`, sorted.
    static func files(under root: String, suffixes: [String]) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var result: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if suffixes.contains(where: { relative.hasSuffix($0) }) { result.append(root + "/" + relative) }
        }
        return result.sorted()
    }

    /// Table files of the repository's corpus copy, plus the shared corpus when present.
    static func corpusStringsFiles() -> [String] {
        var files = Self.files(under: path("corpus"), suffixes: [".strings"])
        if let shared { files += Self.files(under: shared + "/corpus", suffixes: [".strings"]) }
        return files
    }
}
