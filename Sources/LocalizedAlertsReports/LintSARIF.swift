@_spi(Presentation) import LocalizedAlerts

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `lint --format sarif`: a SARIF 2.1.0 log for code scanning (GitHub, Azure DevOps, IDEs).
///
/// Every rule the tool can report is listed with its help text, so that a viewer can explain a
/// result it has never seen. Relative paths are made relative to `%SRCROOT%`, the directory the
/// command ran in; columns count Unicode code points, as `SourceLocation` does.
public enum LintSARIF {
    static let schema = "https://json.schemastore.org/sarif-2.1.0.json"
    static let informationURI = LocalizedAlertsVersion.repository

    /// Where a rule is explained: its row in the rule tables of docs/lint.md (each has an anchor).
    static func helpURI(_ id: DiagnosticID) -> String { informationURI + "/blob/main/docs/lint.md#" + id.rawValue }

    static func make(_ findings: [LocalizationDiagnostic], rules: [RuleDescriptor] = RuleCatalog.all, workingDirectory: String? = currentDirectory())
        -> LocatedJSON
    {
        var rules = rules
        var index: [DiagnosticID: Int] = [:]
        for (i, rule) in rules.enumerated() where index[rule.id] == nil { index[rule.id] = i }
        // A finding from a rule missing in the catalog still gets a rule entry (never expected).
        for finding in findings where index[finding.id] == nil {
            index[finding.id] = rules.count
            rules.append(RuleDescriptor(finding.id, finding.severity, .values, rationale: finding.message, example: ""))
        }
        var run: [(String, LocatedJSON)] = [
            (
                "tool",
                .object([
                    (
                        "driver",
                        .object([
                            ("name", .string("render-alert")),
                            ("semanticVersion", .string(LocalizedAlertsVersion.current)),
                            ("informationUri", .string(informationURI)),
                            ("rules", .array(rules.map(rule))),
                        ])
                    )
                ])
            ),
            ("columnKind", .string("unicodeCodePoints")),
        ]
        if let workingDirectory {
            let base = fileURI(workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/")
            run.append(("originalUriBaseIds", .object([("%SRCROOT%", .object([("uri", .string(base))]))])))
        }
        var occurrences: [String: Int] = [:]
        run.append(
            (
                "results",
                .array(
                    findings.map { finding in
                        let identity = fingerprintIdentity(finding)
                        occurrences[identity, default: 0] += 1
                        return result(finding, ruleIndex: index[finding.id]!, fingerprint: fingerprint(identity, occurrence: occurrences[identity]!))
                    })
            ))
        return .object([
            ("$schema", .string(schema)),
            ("version", .string("2.1.0")),
            ("runs", .array([.object(run)])),
        ])
    }

    static func rule(_ rule: RuleDescriptor) -> LocatedJSON {
        var help = rule.rationale
        var markdown = rule.rationale
        if !rule.example.isEmpty {
            help += "\n\nExample: " + rule.example
            markdown += "\n\nExample:\n\n```\n" + rule.example + "\n```"
        }
        return .object([
            ("id", .string(rule.id.rawValue)),
            ("name", .string(name(rule.id))),
            ("shortDescription", .object([("text", .string(firstSentence(rule.rationale)))])),
            ("fullDescription", .object([("text", .string(rule.rationale))])),
            ("help", .object([("text", .string(help)), ("markdown", .string(markdown))])),
            ("helpUri", .string(helpURI(rule.id))),
            ("defaultConfiguration", .object([("level", .string(level(rule.severity)))])),
            ("properties", .object([("tags", .array([.string(rule.category.rawValue)]))])),
        ])
    }

    /// What identifies a finding across edits: its rule, file and message, not its line, so
    /// that code scanning tracks it as the file changes above it (as baselines do).
    static func fingerprintIdentity(_ finding: LocalizationDiagnostic) -> String {
        var message = finding.message
        if !finding.keys.isEmpty || finding.unlistedKeyCount > 0 {
            // A finding about many keys stays the same alert as keys are fixed or added.
            let subject = LocalizationDiagnostic.keySubject(finding.keys, unlisted: finding.unlistedKeyCount)
            message = message.replacing(subject, with: "keys", maxReplacements: 1)
        }
        return [finding.id.rawValue, finding.location.file.map(relative) ?? "", message].joined(separator: "\u{0}")
    }

    /// FNV-1a 64 of the identity, and which occurrence of it this is (the same finding twice in
    /// a file is two results): stable across runs and machines, unlike Swift's `Hasher`.
    static func fingerprint(_ identity: String, occurrence: Int) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in identity.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + ":\(occurrence)"
    }

    static func result(_ finding: LocalizationDiagnostic, ruleIndex: Int, fingerprint: String? = nil) -> LocatedJSON {
        var text = finding.message
        if let hint = finding.hint { text += "\n\n" + hint }
        var members: [(String, LocatedJSON)] = [
            ("ruleId", .string(finding.id.rawValue)),
            ("ruleIndex", .number(ruleIndex)),
            ("level", .string(level(finding.severity))),
            ("message", .object([("text", .string(text))])),
        ]
        if let location = location(finding.location) {
            members.append(("locations", .array([.object(location)])))
        }
        let related = finding.notes.enumerated().compactMap { offset, note -> LocatedJSON? in
            guard var location = location(note.location) else { return nil }
            location.insert(("id", .number(offset)), at: 0)
            location.append(("message", .object([("text", .string(note.message))])))
            return .object(location)
        }
        if !related.isEmpty { members.append(("relatedLocations", .array(related))) }
        if let fingerprint { members.append(("partialFingerprints", .object([("renderAlertFinding/v1", .string(fingerprint))]))) }
        return .object(members)
    }

    static func location(_ location: SourceLocation) -> [(String, LocatedJSON)]? {
        guard let file = location.file else { return nil }
        var artifact: [(String, LocatedJSON)]
        if file.hasPrefix("/") {
            artifact = [("uri", .string(fileURI(file)))]
        } else {
            artifact = [("uri", .string(percentEncoded(relative(file)))), ("uriBaseId", .string("%SRCROOT%"))]
        }
        return [
            (
                "physicalLocation",
                .object([
                    ("artifactLocation", .object(artifact)),
                    ("region", .object([("startLine", .number(location.line)), ("startColumn", .number(location.column))])),
                ])
            )
        ]
    }

    static func level(_ severity: DiagnosticSeverity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// `strings.missing-semicolon` → `StringsMissingSemicolon`: SARIF's rule names are
    /// identifiers, IDs are what tools filter on.
    static func name(_ id: DiagnosticID) -> String {
        id.rawValue.split(whereSeparator: { $0 == "." || $0 == "-" || $0 == "_" })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    static func firstSentence(_ text: String) -> String {
        // The first ". " ends it; "e.g." style abbreviations do not occur in rationales.
        let characters = Array(text)
        for i in characters.indices.dropLast() where characters[i] == "." && characters[i + 1] == " " {
            return String(characters[...i])
        }
        return text
    }

    /// `./a/b` → `a/b`: URIs relative to the base have no dot segments.
    static func relative(_ path: String) -> String {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2).drop { $0 == "/" } }
        return String(path)
    }

    static func fileURI(_ absolutePath: String) -> String {
        "file://" + percentEncoded(absolutePath)
    }

    /// RFC 3986: everything but unreserved characters and `/` as UTF-8 `%XX`.
    static func percentEncoded(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The process's working directory (what SARIF's `%SRCROOT%` stands for); nil when it cannot be read.
    public static func currentDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
