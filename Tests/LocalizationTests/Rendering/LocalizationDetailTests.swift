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

    /// Server-side localization asks the device's view only which text each key finds, and
    /// skips its formatting: what it records is exactly the lookup findings of the full view.
    @Test func serverModeLooksUpWhatTheFullResolutionFinds() throws {
        let renderer = AlertRenderer(app: try AppLocalizations(directory: Fixtures.repositoryRoot + "/Resources/strings"))
        let languages = renderer.bundle.names.map { [$0] } + [["pt-PT", "en"], ["zz"]]
        func described(_ issues: [DeviceIssue]) -> [String] {
            issues.map { "\($0.kind) \($0.field.map { "\($0)" } ?? "-") \($0.key ?? "-") \($0.localization ?? "-") \($0.payloadLocation)" }
        }
        var lookups = 0
        for payload in try Self.payloads() {
            for preferred in languages {
                let context = renderer.context(preferredLanguages: preferred)
                let lookup = context.resolve(payload, device: .iphone, lookupOnly: true)
                let full = context.resolve(payload, device: .iphone).issues.filter { issue in
                    switch issue.kind {
                    case .keyMissing, .keyInOtherTable, .emptyValue, .unreadableTable, .noLocalizableTable, .bodyWithLocKey: true
                    default: false
                    }
                }
                #expect(described(lookup.issues) == described(full), "\(payload.file ?? "inline") \(preferred)")
                lookups += lookup.issues.count
            }
        }
        #expect(lookups > 10)
    }

    /// A rendering's findings are written when first read, once: every copy, on any thread,
    /// reads the same list, and setting the list replaces it.
    @Test func findingsAreWrittenOnceWhenRead() async throws {
        let renderer = AlertRenderer(app: try AppLocalizations(directory: Fixtures.repositoryRoot + "/Resources/strings"))
        let payload = NotificationPayload(parsing: Array(#"{"aps":{"alert":{"title-loc-key":"no.such.key","loc-key":"call.missed.body"}}}"#.utf8))
        let rendering = renderer.render(payload, preferredLanguages: ["fr"])
        let read = await withTaskGroup(of: [LocalizationDiagnostic].self) { group in
            for _ in 0..<8 { group.addTask { rendering.diagnostics } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let ids = Set(rendering.diagnostics.map(\.id))
        #expect(ids.contains(.payloadKeyMissing) && ids.count == 2, "\(rendering.diagnostics)")
        #expect(read.allSatisfy { $0 == rendering.diagnostics })
        var copy = rendering
        copy.diagnostics.removeAll()
        #expect(copy.diagnostics.isEmpty && !rendering.diagnostics.isEmpty && copy != rendering)
    }
}
