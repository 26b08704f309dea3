/// Known findings to accept while adopting the linter on a large project. A finding about a
/// key is matched by facts that do not change when an unrelated fact does: its rule, file, key
/// and, for a finding that stands for several localizations, each localization on its own. So
/// translating a key in one language keeps the rest accepted, and a new language missing it is
/// reported alone. A finding about no key is matched by rule, file and message (not by line,
/// which moves as files change).
public struct LintBaseline: Sendable, Hashable {
    /// One accepted fact.
    public struct Entry: Hashable, Sendable {
        /// The finding's rule (its current name).
        public var rule: DiagnosticID
        /// The finding's file, as reported.
        public var file: String
        /// The key the finding is about.
        public var key: String?
        /// One of the localizations the finding is about.
        public var localization: String?
        /// The message, for a finding about no key (and in baselines of the first version).
        public var message: String?

        /// An entry of these facts.
        public init(rule: DiagnosticID, file: String, key: String? = nil, localization: String? = nil, message: String? = nil) {
            self.rule = rule
            self.file = file
            self.key = key
            self.localization = localization
            self.message = message
        }
    }

    /// How many times each fact is accepted.
    public var entries: [Entry: Int]

    /// The version ``json`` writes; files of version 1 (matched by message) are still read.
    public static let version = 2

    /// A baseline that accepts exactly these findings (what `--write-baseline` writes).
    public init(findings: [LocalizationDiagnostic]) {
        var entries: [Entry: Int] = [:]
        for finding in findings {
            for entry in Self.facts(of: finding) { entries[entry, default: 0] += 1 }
        }
        self.entries = entries
    }

    /// The facts a finding is accepted by.
    static func facts(of finding: LocalizationDiagnostic) -> [Entry] {
        let file = finding.location.file ?? ""
        guard let key = finding.key else { return [Entry(rule: finding.id, file: file, message: finding.message)] }
        guard !finding.localizations.isEmpty else { return [Entry(rule: finding.id, file: file, key: key)] }
        return finding.localizations.map { Entry(rule: finding.id, file: file, key: key, localization: $0) }
    }

    /// Reads a baseline written by ``json`` (either version).
    public init(parsing bytes: [UInt8], file: String? = nil) throws(BaselineError) {
        let name = file ?? "the baseline"
        guard let root = LocatedJSON.parse(bytes, file: file).root, let items = root["findings"]?.items else {
            throw BaselineError(message: "\(name) is not a baseline file (expected {\"version\": \(Self.version), \"findings\": […]})")
        }
        if case .number(let n)? = root["version"]?.value, let version = n.int64Value, version > Self.version || version < 1 {
            throw BaselineError(
                message:
                    "\(name) is a baseline of version \(version); this render-alert reads versions 1 and \(Self.version): write it again with --write-baseline"
            )
        }
        var entries: [Entry: Int] = [:]
        for item in items {
            guard let rule = item["rule"]?.stringValue, let file = item["file"]?.stringValue else {
                throw BaselineError(message: "a baseline finding needs a rule and a file")
            }
            let key = item["key"]?.stringValue
            let message = item["message"]?.stringValue
            guard key != nil || message != nil else { throw BaselineError(message: "a baseline finding needs a key or a message") }
            var count = 1
            if case .number(let n)? = item["count"]?.value { count = Int(n.int64Value ?? 1) }
            let entry = Entry(
                rule: DiagnosticID(rule).current, file: file, key: key, localization: item["localization"]?.stringValue,
                message: key == nil ? message : nil)
            entries[entry, default: 0] += count
        }
        self.entries = entries
    }

    /// Why a file is not a baseline.
    public struct BaselineError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong with the file.
        public var message: String
        /// The message.
        public var description: String { message }
    }

    /// The findings not covered by the baseline, and how many were covered. A finding about
    /// several localizations, some of them accepted, is kept about the others only.
    public func filter(_ findings: [LocalizationDiagnostic]) -> (new: [LocalizationDiagnostic], accepted: Int) {
        var remaining = entries
        var new: [LocalizationDiagnostic] = []
        var accepted = 0
        func take(_ entry: Entry) -> Bool {
            guard let count = remaining[entry], count > 0 else { return false }
            remaining[entry] = count - 1
            return true
        }
        for finding in findings {
            let facts = Self.facts(of: finding)
            // A first-version entry matches the whole finding by its message.
            let byMessage = Entry(rule: finding.id, file: facts[0].file, message: finding.message)
            if finding.key != nil, take(byMessage) {
                accepted += 1
                continue
            }
            let left = facts.filter { !take($0) }
            if left.isEmpty {
                accepted += 1
            } else if left.count == facts.count {
                new.append(finding)
            } else {
                new.append(finding.restated(for: left.compactMap(\.localization)))
            }
        }
        return (new, accepted)
    }

    /// The baseline file's content.
    public var json: LocatedJSON {
        let sorted = entries.sorted { a, b in
            (a.key.file, a.key.rule.rawValue, a.key.key ?? "", a.key.localization ?? "", a.key.message ?? "")
                < (b.key.file, b.key.rule.rawValue, b.key.key ?? "", b.key.localization ?? "", b.key.message ?? "")
        }
        return .object([
            ("version", .number(Self.version)),
            (
                "findings",
                .array(
                    sorted.map { entry, count in
                        var members: [(String, LocatedJSON)] = [("rule", .string(entry.rule.rawValue)), ("file", .string(entry.file))]
                        if let key = entry.key { members.append(("key", .string(key))) }
                        if let localization = entry.localization { members.append(("localization", .string(localization))) }
                        if let message = entry.message { members.append(("message", .string(message))) }
                        members.append(("count", .number(count)))
                        return .object(members)
                    })
            ),
        ])
    }
}
