import Foundation
import Testing

@testable import LocalizedAlerts

/// Whatever the bytes, reading returns: no crash, no hang, and every location inside the input.
@Suite("Hostile table input")
struct RobustnessTests {
    static func check(_ bytes: [UInt8], _ context: @autoclosure () -> String) {
        let table = LocalizationTable(parsing: bytes, file: "fuzz.strings")
        let lineCount = bytes.reduce(1) { $0 + ($1 == 0x0A || $1 == 0x0D ? 1 : 0) }
        for diagnostic in table.diagnostics {
            #expect(diagnostic.location.line >= 1 && diagnostic.location.column >= 1, "\(context())")
            if case .text = table.format {
                #expect(diagnostic.location.line <= lineCount, "\(context()): \(diagnostic)")
            }
        }
        for entry in table.entries {
            #expect(entry.location.line >= 1, "\(context())")
        }
        if !table.isReadableOnDevice { #expect(table.diagnostics.containsErrors, "\(context())") }
        _ = table.dictionary
        _ = StringsFilePrinter.print(table.entries)
    }

    @Test func randomBytes() {
        var generator = SplitMix64(seed: 99)
        for _ in 0..<3000 {
            let length = Int(generator.next() % 200)
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            Self.check(bytes, "\(bytes)")
        }
    }

    @Test func truncatedAndMutatedCorpusFiles() throws {
        var generator = SplitMix64(seed: 5)
        let files = Fixtures.files(under: Fixtures.path("corpus"), suffixes: [".strings"])
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
            guard !bytes.isEmpty else { continue }
            for _ in 0..<6 {
                let cut = Int(generator.next() % UInt64(bytes.count))
                Self.check(Array(bytes[0..<cut]), "\(file) cut at \(cut)")
                var mutated = Array(bytes.prefix(4096))
                for _ in 0..<8 {
                    mutated[Int(generator.next() % UInt64(mutated.count))] = UInt8(truncatingIfNeeded: generator.next())
                }
                Self.check(mutated, "\(file) mutated")
            }
        }
    }

    @Test func pathologicalShapesStayLinear() {
        // Long lines, many escapes, deep nesting, many comments: each must simply finish.
        let many = 200_000
        Self.check(Array(("\"k\" = \"" + String(repeating: "\\U00e9", count: many) + "\";").utf8), "escapes")
        Self.check(Array(("\"k\" = " + String(repeating: "(", count: 5000) + String(repeating: ")", count: 5000) + ";").utf8), "nesting")
        Self.check(Array(String(repeating: "/* c */", count: many).utf8), "comments")
        Self.check(Array(String(repeating: ";", count: many).utf8), "semicolons")
        Self.check(Array(String(repeating: "\"a\" = \"b\"\n", count: 20_000).utf8), "missing semicolons")
        Self.check(Array(("<plist>" + String(repeating: "<array>", count: 3000)).utf8), "deep XML")
    }

    @Test func memoryStaysWithinThreeTimesTheFileSize() throws {
        for file in Fixtures.corpusStringsFiles() where !file.contains("edge-cases") {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
            guard bytes.count > 4096 else { continue }
            let table = LocalizationTable(parsing: bytes, file: file)
            #expect(table.storage.byteCount <= 3 * bytes.count, "\(file): \(table.storage.byteCount) for \(bytes.count)")
        }
    }
}
