import Foundation
import LocalizedAlerts
import Testing

/// Random string values (quotes, escapes, whitespace, entities, spans, CDATA, self-closing
/// strings) compiled by aapt2 and read by AndroidStringsFile: the same text, or both reject it.
/// Runs only where aapt2 is installed (apt-get install aapt); the seed makes every run the same.
@Suite("Android strings.xml, random values against aapt2", .enabled(if: AndroidVectors.hasTool("aapt2")))
struct AndroidStringsDifferentialTests {
    static let tokens = [
        "a", "b", "Zoë", " ", "  ", "\t", "\n", "\"", "\\'", "\\\"", "\\n", "\\t", "\\\\", "\\u00e9", "\\u12", "\\x", "\\ ", "'", "&amp;",
        "&quot;", "&apos;", "&#10;", "&#32;", "&lt;", "@", "\\@", "?", "\\?", "%s", "%1$s", "%d", "😀", "\u{A0}", "<![CDATA[ c  d ]]>", "<!-- c -->",
        "@string/y", "\\u", "\\ud83d",
    ]

    static func value(_ generator: inout SplitMix64, depth: Int = 0) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...6, using: &generator) {
            if depth < 2, Int.random(in: 0..<8, using: &generator) == 0 {
                let tag = ["b", "i", "u"].randomElement(using: &generator)!
                text += "<\(tag)>\(value(&generator, depth: depth + 1))</\(tag)>"
            } else {
                text += tokens.randomElement(using: &generator)!
            }
        }
        return text
    }

    /// `ANDROID_DIFFERENTIAL_SEED` and `ANDROID_DIFFERENTIAL_COUNT` change the seed and the
    /// number of values, for longer runs by hand.
    @Test("seeded random values (300 by default)")
    func randomValues() throws {
        let campaign = RandomCampaign("ANDROID_DIFFERENTIAL", seed: 20_241_125, count: 300)
        var generator = campaign.generator
        let count = campaign.count
        let documents = (0..<count).map { _ in
            // One in twenty closes itself: the empty string.
            Int.random(in: 0..<20, using: &generator) == 0
                ? "<resources><string name=\"y\">Y</string><string name=\"x\"\(Int.random(in: 0..<2, using: &generator) == 0 ? "" : " ")/></resources>"
                : "<resources><string name=\"y\">Y</string><string name=\"x\">\(Self.value(&generator))</string></resources>"
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Fixtures.repositoryRoot + "/scripts/android/generate-strings-vectors.py", "--each"]
        // The documents go in through a file: the script answers as it reads, so a run longer
        // than a pipe's buffer would block both sides of two pipes.
        let lines = try documents.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }.joined(separator: "\n") + "\n"
        let inputFile = FileManager.default.temporaryDirectory.appendingPathComponent("android-differential-\(UUID().uuidString).jsonl")
        try Data(lines.utf8).write(to: inputFile)
        defer { try? FileManager.default.removeItem(at: inputFile) }
        let output = Pipe()
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        process.standardOutput = output
        try process.run()
        let answers = output.fileHandleForReading.readDataToEndOfFile().split(separator: UInt8(ascii: "\n"))
        process.waitUntilExit()
        try #require(answers.count == documents.count)
        var disagreements: [String] = []
        for (document, answer) in zip(documents, answers) {
            let expected = try JSONSerialization.jsonObject(with: Data(answer)) as! [String: Any]
            let file = AndroidStringsFile(parsing: Array(document.utf8))
            let rejected = AndroidStringsTests.rejectedByPlainAAPT2(file)
            if let error = expected["error"] as? String {
                if !rejected {
                    disagreements.append(
                        "\(document.debugDescription): aapt2 rejects it (\(error)), read \(file.text(ofString: "x").debugDescription)")
                }
            } else if rejected {
                disagreements.append("\(document.debugDescription): aapt2 accepts it, reader says \(file.diagnostics)")
            } else if file.text(ofString: "x") != expected["value"] as? String {
                disagreements.append(
                    "\(document.debugDescription): \(file.text(ofString: "x").debugDescription), aapt2 \((expected["value"] as? String).debugDescription)"
                )
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(documents.count):\n\(disagreements.prefix(20).joined(separator: "\n"))")
    }
}
