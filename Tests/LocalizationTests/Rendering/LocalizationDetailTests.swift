import Foundation
import Testing

@testable import LocalizedAlerts

/// `localize(…, detail: .textOnly)` skips the device's view and the findings, not the answer:
/// for every bundled payload and every fixture with a payload, in every localization, mode and
/// fallback, it gives the same payload bytes, text, fallbacks, refusal and sendability, and
/// among its diagnostics only some of those the full localization gives. `render(…, detail:
/// .textOnly)` gives the same rendering without its diagnostics.
@Suite("Text-only localization and rendering")
struct LocalizationDetailTests {
    /// The bundled payloads and some that refuse, fall back and break.
    static func payloads() throws -> [NotificationPayload] {
        try payloads(in: Fixtures.repositoryRoot + "/Resources/payloads")
            + [
                #"{"aps":{"alert":{"title-loc-key":"no.such.key","loc-key":"call.missed.body","loc-args":["Ana"]}}}"#,
                #"{"aps":{"alert":{"loc-key":"no.such.key","body":"Raw body"}}}"#,
                #"{"aps":{"alert":{"loc-key":7}}}"#,
                #"{"aps":{"alert":{"loc-key":"call.missed.body","loc-args":[]}}}"#,
                "not json",
            ].map { NotificationPayload(parsing: Array($0.utf8)) }
    }

    static func payloads(in directory: String) throws -> [NotificationPayload] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
            .filter { $0.hasSuffix(".json") || $0.hasSuffix(".apns") }
            .map { try NotificationPayload(contentsOfFile: directory + "/" + $0) }
    }

    @Test func theAnswerIsTheSameWithoutTheFindings() throws {
        let app = try AppLocalizations(directory: Fixtures.repositoryRoot + "/Resources/strings")
        let renderer = AlertRenderer(app: app)
        let payloads = try Self.payloads()
        var compared = 0
        let languages = renderer.bundle.names.filter { $0 != "Base" }.map { [$0] } + [["pt-PT", "en"], ["zz"]]
        for payload in payloads {
            for preferred in languages {
                for mode in LocalizationMode.allCases {
                    for fallback in KeyFallback.allCases {
                        let full = renderer.localize(payload, preferredLanguages: preferred, mode: mode, fallback: fallback)
                        let text = renderer.localize(payload, preferredLanguages: preferred, mode: mode, fallback: fallback, detail: .textOnly)
                        let what = "\(payload.file ?? "inline") \(preferred) \(mode) \(fallback)"
                        #expect(text.payloadBytes == full.payloadBytes, "\(what)")
                        #expect(text.isSendable == full.isSendable && text.refusal == full.refusal && text.byteCount == full.byteCount, "\(what)")
                        #expect(text.title == full.title && text.subtitle == full.subtitle && text.body == full.body, "\(what)")
                        #expect(text.fallbacks == full.fallbacks && text.localization == full.localization, "\(what)")
                        let fullDiagnostics = Set(full.diagnostics.map(\.description))
                        #expect(text.diagnostics.allSatisfy { fullDiagnostics.contains($0.description) }, "\(what): \(text.diagnostics)")
                        // Why nothing may be sent is always said.
                        #expect(text.isSendable || text.refusal != nil || text.exceedsLimit, "\(what)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 1_000)
    }

    @Test func aRenderingIsTheSameWithoutTheFindings() throws {
        let renderer = AlertRenderer(app: try AppLocalizations(directory: Fixtures.repositoryRoot + "/Resources/strings"))
        var findings = 0
        let languages = renderer.bundle.names.filter { $0 != "Base" }.map { [$0] } + [["pt-PT", "en"], ["zz"]]
        for payload in try Self.payloads() {
            for preferred in languages {
                let full = renderer.render(payload, preferredLanguages: preferred)
                var text = renderer.render(payload, preferredLanguages: preferred, detail: .textOnly)
                #expect(text.diagnostics.isEmpty)
                findings += full.diagnostics.count
                text.diagnostics = full.diagnostics
                #expect(text == full, "\(payload.file ?? "inline") \(preferred)")
            }
        }
        // Renderings with findings are among those compared.
        #expect(findings > 20)
    }
}
