import Foundation

/// The bundled sample app (`Resources/`), read by the rendering benchmarks and ProviderProfile.
public enum Sample {
    /// `Resources/` of the main package.
    public static let directory: String = {
        let here = URL(fileURLWithPath: #filePath)  // Benchmarks/Benchmarks/SampleInput/SampleInput.swift
        return here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources").path
    }()

    /// The varied input of the provider's path: every sample payload, in name order.
    public static func payloads() -> [[UInt8]] {
        let folder = directory + "/payloads"
        let names = try! FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        return names.map { [UInt8](FileManager.default.contents(atPath: folder + "/" + $0)!) }
    }

    /// …for thirteen language lists, some led by languages the app lacks.
    public static let languageLists: [[String]] = [
        ["fr-CA", "en"], ["ja-JP"], ["pt-PT"], ["de-AT"], ["ar-EG"], ["es-MX"], ["zh-Hant-TW"], ["he-IL"], ["en-GB"],
        ["ko-KR", "en"], ["pt-BR"], ["es-ES"], ["it-IT", "fr"],
    ]

    /// A batch as `localize --batch` reads it: `count` NDJSON lines, the sample payloads and
    /// language lists in turn, each with its number as `id`.
    public static func batchLines(count: Int) -> [[UInt8]] {
        let payloads = payloads()
        return (0..<count).map { index in
            let payload = String(decoding: payloads[index % payloads.count], as: UTF8.self)
            let languages = languageLists[(index / payloads.count) % languageLists.count].map { "\"\($0)\"" }.joined(separator: ",")
            return Array(#"{"payload":\#(payload),"languages":[\#(languages)],"id":\#(index)}"#.utf8)
        }
    }
}

/// A small deterministic generator (SplitMix64), so that every run of a benchmark that
/// generates its input reads the same bytes.
public struct SeededGenerator {
    public var state: UInt64
    public init(state: UInt64) { self.state = state }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
