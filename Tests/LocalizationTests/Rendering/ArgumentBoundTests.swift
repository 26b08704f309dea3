import Foundation
import Testing

@testable import LocalizedAlerts

/// The tool reads the first 1,000 `loc-args` of a payload, a bound of its own: a placeholder
/// past them is said to be the tool's blind spot, never that the device shows `<null>`.
@Suite("loc-args past the tool's bound")
struct ArgumentBoundTests {
    @Test func aPlaceholderPastTheBoundIsTheToolsNotTheDevices() throws {
        let directory = try TemporaryDirectory()
        try directory.write("app/en.lproj/Localizable.strings", "\"last\" = \"Last: %1200$@\";\n\"first\" = \"First: %1$@\";\n")
        let renderer = AlertRenderer(app: try AppLocalizations(directory: directory.path + "/app"))
        func payload(_ key: String, count: Int) -> NotificationPayload {
            let arguments = (1...count).map { "\"v\($0)\"" }.joined(separator: ",")
            return NotificationPayload(parsing: #"{"aps":{"alert":{"loc-key":"\#(key)","loc-args":[\#(arguments)]}}}"#)
        }
        let past = renderer.render(payload("last", count: 1_300), preferredLanguages: ["en"])
        let ids = past.diagnostics.map(\.id)
        #expect(ids.contains(.renderArgumentNotRead) && !ids.contains(.payloadTooFewArguments), "\(ids)")
        #expect(
            past.diagnostics.first { $0.id == .renderArgumentNotRead }?.message.contains("value 1200, past the first 1000 this tool reads") == true)
        #expect(
            payload("last", count: 1_300).diagnostics.first { $0.id == .payloadTooManyArguments }?.message.contains("a device reads them all")
                == true)
        // Genuinely too few, counting the values the tool did not read.
        let short = renderer.render(payload("last", count: 1_100), preferredLanguages: ["en"])
        let tooFew = short.diagnostics.first { $0.id == .payloadTooFewArguments }
        #expect(tooFew?.message.contains("has 1100 values") == true, "\(short.diagnostics.map(\.message))")
        #expect(!short.diagnostics.contains { $0.id == .renderArgumentNotRead })
        // Within the bound nothing is said about it.
        #expect(renderer.render(payload("first", count: 2), preferredLanguages: ["en"]).body?.text == "First: v1")
    }
}
