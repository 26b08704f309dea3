import ArgumentParser
import LocalizedAlerts
import LocalizedAlertsReports

/// `render-alert manifest --payloads DIR`: a first push-key manifest from payload fixtures.
struct Manifest: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Writes a push-key manifest from payload fixtures, for lint --manifest.",
        discussion: """
            Lists every *-loc-key the payloads send, per field, with the kinds of its \
            arguments, once each. Edit it to add "since" versions and keys no fixture \
            covers; then check it with: render-alert lint APP --manifest push-keys.json
            """
    )

    @Option(
        parsing: .upToNextOption, help: "Payload files (.json, .apns) or directories of them.",
        completion: .file(extensions: ["json", "apns"]))
    var payloads: [String]

    @Option(help: "Write the manifest to this file instead of standard output (replaced only once complete).", completion: .file())
    var output: String?

    func run() throws {
        let files = try PayloadFiles.expand(payloads)
        guard !files.isEmpty else { throw ValidationError("--payloads needs at least one file or directory") }
        let documents = try files.map { file in
            try readingInput("cannot read the payload", file: file) { try NotificationPayload(contentsOfFile: file) }
        }
        // A manifest built from a payload that did not parse would silently miss its keys.
        for document in documents where !document.isParsed {
            let reason = document.diagnostics.first.map { "\($0.location): \($0.message)" } ?? "it is not a JSON object"
            throw InputOutputError("the payload did not parse", document.file ?? "payload", reason: reason)
        }
        let manifest = PushManifest(payloads: documents)
        guard !manifest.keys.isEmpty else {
            throw InputOutputError(
                "no keys to list", files.joined(separator: ", "), reason: "no payload sends a title-loc-key, subtitle-loc-key or loc-key")
        }
        let destination = output.map { Output.file($0, what: "cannot write the manifest") } ?? .standardOutput
        try destination.write(manifest.json.serialized(pretty: true) + "\n")
        if output != nil { printError("wrote \(manifest.keys.count) keys from \(files.count) payloads to \(printable(output!))") }
    }
}
