import LocalizedAlerts
import LocalizedAlertsReports

/// `localize --format apns`: one Xcode push file per device, named after the payload and the
/// device's languages, for the Simulator (drag it onto the window, or `xcrun simctl push`).
struct SimulatorFiles {
    /// The top-level key that tells the Simulator which app a `.apns` file is for.
    static let targetBundleKey = "Simulator Target Bundle"

    var directory: String
    var bundleIdentifier: String?

    /// Writes one file per result and prints each path written, one a line.
    func write(_ results: [LocalizedPayload], payloadFile: String) throws(InputOutputError) {
        try Directory.create(directory, "cannot create the output directory")
        let stem = Self.stem(of: payloadFile)
        var written: [String] = []
        // Only what may be sent becomes a file; the command reports the rest and exits 1.
        for result in results {
            guard let payload = result.payload else { continue }
            let name = stem + "." + Self.fileNameComponent(result.preferredLanguages.joined(separator: "+")) + ".apns"
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            try Output.file(path, what: "cannot write the .apns file").write(document(payload).outputText(pretty: true))
            written.append(path)
        }
        try Output.standardOutput.write(written.map { printable($0) + "\n" }.joined())
    }

    /// The payload with `Simulator Target Bundle` first when a bundle identifier is given (one
    /// the payload already had is replaced); otherwise as it is.
    func document(_ payload: LocatedJSON) -> LocatedJSON {
        guard let bundleIdentifier, case .object(let members) = payload.value else { return payload }
        let target = LocatedJSON.Member(key: Self.targetBundleKey, value: .string(bundleIdentifier))
        return LocatedJSON(.object([target] + members.filter { $0.key != Self.targetBundleKey }))
    }

    /// `missed-call` for `payloads/missed-call.json`.
    static func stem(of path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        for suffix in [".json", ".apns"] where name.hasSuffix(suffix) && name.count > suffix.count {
            name.removeLast(suffix.count)
        }
        return fileNameComponent(name)
    }

    /// Languages come from the command line: anything but letters, digits and `-_+.@=` becomes
    /// `_`, so that a value never names another directory (`../x`) or a hidden file.
    static func fileNameComponent(_ text: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_+.@=")
        let result = String(text.map { allowed.contains($0) ? $0 : "_" })
        return result.isEmpty || result.hasPrefix(".") ? "_" + result : result
    }
}
