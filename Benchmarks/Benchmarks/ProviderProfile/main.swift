import Foundation
import LocalizedAlerts
import SampleInput

// The provider's path under a profiler, which package-benchmark's harness would blur: every
// sample payload for thirteen language lists (the Rendering benchmarks' varied input), ROUNDS
// times. Instructions per operation come from two callgrind runs, with ROUNDS and with 0 (the
// set-up alone): (total − set-up) / operations.
//
//   swift build -c release --product ProviderProfile
//   valgrind --tool=callgrind .build/release/ProviderProfile parse 20    # and again with 0
//
// Modes: parse (payload bytes → NotificationPayload), render (a parsed payload → RenderedAlert),
// bytes (both), localize (bytes → localized payload bytes, server mode).
let renderer = AlertRenderer(app: try AppLocalizations(directory: Sample.directory + "/strings"))
let payloads = Sample.payloads()
let languageLists = Sample.languageLists
let parsed = payloads.map { NotificationPayload(parsing: $0) }
let arguments = CommandLine.arguments.dropFirst()
let mode = arguments.first ?? "render"
let rounds = arguments.dropFirst().first.flatMap { Int($0) } ?? 100
var sink = 0
for _ in 0..<rounds {
    for languages in languageLists {
        switch mode {
        case "parse": for bytes in payloads { sink &+= NotificationPayload(parsing: bytes).diagnostics.count }
        case "render": for payload in parsed { sink &+= renderer.render(payload, preferredLanguages: languages).diagnostics.count }
        case "bytes": for bytes in payloads { sink &+= renderer.render(NotificationPayload(parsing: bytes), preferredLanguages: languages).diagnostics.count }
        case "localize":
            for bytes in payloads {
                sink &+= renderer.localize(NotificationPayload(parsing: bytes), preferredLanguages: languages, fallback: .device).payloadBytes?.count ?? 0
            }
        default: fatalError("mode: parse, render, bytes or localize")
        }
    }
}
print("\(mode): \(rounds * languageLists.count * payloads.count) operations (\(sink))")
