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
}
