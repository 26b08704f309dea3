/// Known findings to accept while adopting the linter on a large project. A finding about a
/// key is matched by facts that do not change when an unrelated fact does: its rule, file, key
/// and, for a finding that stands for several localizations, each localization on its own. So
/// translating a key in one language keeps the rest accepted, and a new language missing it is
/// reported alone. A finding about no key is matched by rule, file and message (not by line,
/// which moves as files change). A finding about many keys is accepted key by key; the keys it
/// counts without listing them, by how many keys of its rule in its file are accepted without
/// being named.
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
        /// An entry with neither key nor message accepts any key of its rule in its file: what
        /// a finding about many keys counts without naming them.
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

    /// The version ``json`` writes; files of versions 1 (matched by message) and 2 (a key per
    /// entry) are still read.
    public static let version = 3

    /// The largest baseline file the command-line tool reads (32 MiB): ``fileText(maximumSize:)``
    /// never writes a larger one.
    public static let maximumFileSize = 32 << 20

    /// A baseline that accepts exactly these findings (what `--write-baseline` writes).
    public init(findings: [LocalizationDiagnostic]) {
        var entries: [Entry: Int] = [:]
        for finding in findings {
            for entry in Self.facts(of: finding) { entries[entry, default: 0] += 1 }
            if finding.unlistedKeyCount > 0 { entries[Self.unnamedKeys(of: finding), default: 0] += finding.unlistedKeyCount }
        }
        self.entries = entries
    }

    /// The facts a finding is accepted by (the keys it counts without listing them aside).
    static func facts(of finding: LocalizationDiagnostic) -> [Entry] {
        let file = finding.location.file ?? ""
        if !finding.keys.isEmpty { return finding.keys.map { Entry(rule: finding.id, file: file, key: $0) } }
        guard let key = finding.key else {
            // A finding about keys none of which it lists is accepted by their number only.
            guard finding.unlistedKeyCount == 0 else { return [] }
            return [Entry(rule: finding.id, file: file, message: finding.message)]
        }
        guard !finding.localizations.isEmpty else { return [Entry(rule: finding.id, file: file, key: key)] }
        return finding.localizations.map { Entry(rule: finding.id, file: file, key: key, localization: $0) }
    }

    /// The entry that accepts keys of `finding`'s rule in its file without naming them.
    static func unnamedKeys(of finding: LocalizationDiagnostic) -> Entry { Entry(rule: finding.id, file: finding.location.file ?? "") }

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
            guard let name = item["rule"]?.stringValue, let file = item["file"]?.stringValue else {
                throw BaselineError(message: "a baseline finding needs a rule and a file")
            }
            let rule = DiagnosticID(name).current
            let localization = item["localization"]?.stringValue
            // Version 3: the keys of one rule, file and localization in one list, and the
            // number of keys accepted without being named.
            if let keys = item["keys"]?.items {
                for key in keys {
                    guard let key = key.stringValue else { throw BaselineError(message: "the keys of a baseline finding are strings") }
                    entries[Entry(rule: rule, file: file, key: key, localization: localization), default: 0] += 1
                }
                continue
            }
            if case .number(let n)? = item["unnamedKeys"]?.value {
                entries[Entry(rule: rule, file: file), default: 0] += max(0, Int(clamping: n.int64Value ?? 0))
                continue
            }
            let key = item["key"]?.stringValue
            let message = item["message"]?.stringValue
            guard key != nil || message != nil else { throw BaselineError(message: "a baseline finding needs a key, keys or a message") }
            var count = 1
            if case .number(let n)? = item["count"]?.value { count = Int(clamping: n.int64Value ?? 1) }
            let entry = Entry(rule: rule, file: file, key: key, localization: localization, message: key == nil ? message : nil)
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
            if !finding.keys.isEmpty || finding.unlistedKeyCount > 0 {
                // Its keys one by one, then what is left by number.
                var left = finding.keys.filter { !take(Entry(rule: finding.id, file: finding.location.file ?? "", key: $0)) }
                var unlisted = finding.unlistedKeyCount
                let unnamed = Self.unnamedKeys(of: finding)
                let available = remaining[unnamed] ?? 0
                let fromUnlisted = min(available, unlisted)
                let fromListed = min(available - fromUnlisted, left.count)
                unlisted -= fromUnlisted
                left.removeFirst(fromListed)
                if available > 0 { remaining[unnamed] = available - fromUnlisted - fromListed }
                accepted += finding.keys.count + finding.unlistedKeyCount - left.count - unlisted
                if let restated = finding.restated(forKeys: left, unlisted: unlisted) { new.append(restated) }
                continue
            }
            let facts = Self.facts(of: finding)
            // A first-version entry matches the whole finding by its message.
            let byMessage = Entry(rule: finding.id, file: facts[0].file, message: finding.message)
            if finding.key != nil, take(byMessage) {
                accepted += 1
                continue
            }
            // A fact about a key the baseline does not name may be one it counts.
            let unnamed = Self.unnamedKeys(of: finding)
            let left = facts.filter { !take($0) && !($0.key != nil && take(unnamed)) }
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

    /// The baseline file's content: the keys of one rule, file and localization in one list.
    public var json: LocatedJSON { json(naming: { _ in true }) }

    /// The content, the keys of the groups `naming` refuses counted instead of named.
    private func json(naming: (Group) -> Bool) -> LocatedJSON {
        var keyed: [Group: [String]] = [:]
        var unnamed: [Group: Int] = [:]
        var others: [(Entry, Int)] = []
        for (entry, count) in entries {
            if let key = entry.key, entry.message == nil {
                let group = Group(rule: entry.rule, file: entry.file, localization: entry.localization)
                if naming(group) {
                    keyed[group, default: []] += repeatElement(key, count: count)
                } else {
                    unnamed[Group(rule: entry.rule, file: entry.file), default: 0] += count
                }
            } else if entry.message == nil {
                unnamed[Group(rule: entry.rule, file: entry.file), default: 0] += count
            } else {
                others.append((entry, count))
            }
        }
        var items: [(order: [String], json: LocatedJSON)] = []
        for (group, keys) in keyed {
            var members = group.members
            members.append(("keys", .array(keys.sorted().map { .string($0) })))
            items.append((group.order + ["keys"], .object(members)))
        }
        for (group, count) in unnamed {
            items.append((group.order + ["unnamed"], .object(group.members + [("unnamedKeys", .number(count))])))
        }
        for (entry, count) in others {
            var members: [(String, LocatedJSON)] = [("rule", .string(entry.rule.rawValue)), ("file", .string(entry.file))]
            if let localization = entry.localization { members.append(("localization", .string(localization))) }
            if let message = entry.message { members.append(("message", .string(message))) }
            members.append(("count", .number(count)))
            items.append(([entry.file, entry.rule.rawValue, entry.localization ?? "", "message", entry.message ?? ""], .object(members)))
        }
        items.sort { $0.order.lexicographicallyPrecedes($1.order) }
        return .object([("version", .number(Self.version)), ("findings", .array(items.map(\.json)))])
    }

    /// The keys of one rule in one file (and localization), written as one list.
    private struct Group: Hashable {
        var rule: DiagnosticID
        var file: String
        var localization: String? = nil

        var members: [(String, LocatedJSON)] {
            var members: [(String, LocatedJSON)] = [("rule", .string(rule.rawValue)), ("file", .string(file))]
            if let localization { members.append(("localization", .string(localization))) }
            return members
        }
        var order: [String] { [file, rule.rawValue, localization ?? ""] }
    }

    /// The file `--write-baseline` writes, at most `maximumSize` bytes so that `--baseline`
    /// reads it back: when naming every key would be larger, the keys of the tables with most
    /// are counted instead of named (still accepted, by number), largest first.
    /// - Parameter maximumSize: The largest file to write.
    /// - Throws: ``BaselineError`` when even counted the findings do not fit (findings about no
    ///   key are kept one by one, by message).
    public func fileText(maximumSize: Int = Self.maximumFileSize) throws(BaselineError) -> String {
        let full = json.serialized(pretty: true) + "\n"
        if full.utf8.count <= maximumSize { return full }
        // What each group's named keys cost, about: the key and its line.
        var sizes: [Group: Int] = [:]
        for (entry, count) in entries where entry.key != nil && entry.message == nil {
            sizes[Group(rule: entry.rule, file: entry.file, localization: entry.localization), default: 0] += count * (entry.key!.utf8.count + 16)
        }
        var excess = full.utf8.count - maximumSize
        var counted: Set<Group> = []
        let largestFirst = sizes.sorted { a, b in a.value != b.value ? a.value > b.value : a.key.order.lexicographicallyPrecedes(b.key.order) }
        for (group, size) in largestFirst where excess > 0 {
            counted.insert(group)
            excess -= size
        }
        var text = json(naming: { !counted.contains($0) }).serialized(pretty: true) + "\n"
        // Keys that escape to more than the estimate: then every key is counted.
        if text.utf8.count > maximumSize && counted.count < sizes.count { text = json(naming: { _ in false }).serialized(pretty: true) + "\n" }
        guard text.utf8.count <= maximumSize else {
            throw BaselineError(
                message:
                    "the baseline would be \(text.utf8.count) bytes, more than the \(maximumSize) a baseline may be, even with the keys of every table counted instead of named: fix or disable the rules with most findings (disabled_rules, or ignore in \(LintConfiguration.fileName)) and write it again"
            )
        }
        return text
    }
}
