/// Which findings a user wants: what `--ignore` leaves out, and what a configuration file
/// re-levels or leaves out only where it does not apply. Every command applies the same filter
/// the same way, so that an ID ignored in lint is ignored in preview, localize and dump too.
public struct DiagnosticFilter: Sendable, Hashable {
    /// IDs left out, by their current names.
    public var ignored: Set<DiagnosticID>
    /// Severities that replace the declared ones.
    public var severities: [DiagnosticID: DiagnosticSeverity] = [:]
    /// Findings left out where they match.
    public var scopedIgnores: [ScopedIgnore] = []
    /// What relative paths of findings are relative to, for the path globs of `scopedIgnores`
    /// (which are absolute, or relative to this directory too).
    public var workingDirectory: String?

    /// Leaves out the findings of one rule (or of any rule) whose file, table, localization and
    /// key match every glob given. The table and localization come from the file's path
    /// (`fr.lproj/Settings.strings`: table `Settings`, localization `fr`; a catalog's name is
    /// its table); the key is the one a finding is about, when it is about one.
    public struct ScopedIgnore: Sendable, Hashable {
        /// The rule it applies to; any rule when nil.
        public var rule: DiagnosticID?
        /// The finding's file, made absolute.
        public var path: PathGlob?
        /// The table its file belongs to (`Settings` for `fr.lproj/Settings.strings`).
        public var table: PathGlob?
        /// The localization its file belongs to (`fr`).
        public var localization: PathGlob?
        /// The key the finding is about; a finding about no key does not match.
        public var key: PathGlob?
        /// Where it is written (a configuration file), to report it when it matches nothing.
        public var location: SourceLocation?

        /// An entry that matches where every glob given matches.
        public init(
            rule: DiagnosticID? = nil, path: PathGlob? = nil, table: PathGlob? = nil, localization: PathGlob? = nil, key: PathGlob? = nil,
            location: SourceLocation? = nil
        ) {
            self.rule = rule.map(\.current)
            self.path = path
            self.table = table
            self.localization = localization
            self.key = key
            self.location = location
        }

        func matches(_ diagnostic: LocalizationDiagnostic, absolutePath: String?) -> Bool {
            if let rule, rule != diagnostic.id { return false }
            guard matches(file: diagnostic.location.file, absolutePath: absolutePath) else { return false }
            if let key { guard let name = diagnostic.key, key.matches(name) else { return false } }
            return true
        }

        /// Whether the globs about a finding's file (path, table, localization) match `file`.
        func matches(file: String?, absolutePath: String?) -> Bool {
            if let path { guard let absolutePath, path.matches(absolutePath) else { return false } }
            if let table { guard let name = TablePath.table(of: file), table.matches(name) else { return false } }
            if let localization { guard let name = TablePath.localization(of: file), localization.matches(name) else { return false } }
            return true
        }
    }

    /// A filter leaving out these IDs (old names are taken as their current ones).
    public init(ignoring ignored: Set<DiagnosticID> = []) {
        self.ignored = Set(ignored.map(\.current))
    }

    /// Reads rule names as a user writes them; an old name means its current ID.
    public init(ignoring names: [String]) throws(UnknownRuleError) {
        var ids: Set<DiagnosticID> = []
        for name in names { ids.insert(try Self.rule(named: name)) }
        self.ignored = ids
    }

    /// The declared rule a user names (an old name means its current ID).
    public static func rule(named name: String) throws(UnknownRuleError) -> DiagnosticID {
        guard let id = RuleCatalog.declaredID(named: DiagnosticID(name).current.rawValue) else { throw UnknownRuleError(name: name) }
        return id
    }

    /// Whether the filter keeps `diagnostic`: its rule is not ignored, and no scoped ignore matches it.
    public func keeps(_ diagnostic: LocalizationDiagnostic) -> Bool {
        !ignored.contains(diagnostic.id) && scopedIgnore(matching: diagnostic) == nil
    }

    /// The diagnostics the filter keeps, in order, with the configured severities.
    public func apply(_ diagnostics: [LocalizationDiagnostic]) -> [LocalizationDiagnostic] {
        apply(diagnostics, unusedIgnores: nil)
    }

    /// The findings kept, re-levelled; `unusedIgnores` receives the scoped ignores that
    /// matched none of them.
    public func apply(_ diagnostics: [LocalizationDiagnostic], unusedIgnores: ((ScopedIgnore) -> Void)?) -> [LocalizationDiagnostic] {
        guard !ignored.isEmpty || !severities.isEmpty || !scopedIgnores.isEmpty else { return diagnostics }
        var used = [Bool](repeating: false, count: scopedIgnores.count)
        var kept: [LocalizationDiagnostic] = []
        // Globs are matched once per distinct file and per distinct key, however many findings
        // share them.
        var fileMatches: [String?: [Bool]] = [:]
        var knownKeyMatches = [[String: Bool]](repeating: [:], count: scopedIgnores.count)
        func keyMatches(_ index: Int, _ key: String) -> Bool {
            if let known = knownKeyMatches[index][key] { return known }
            let matches = scopedIgnores[index].key!.matches(key)
            knownKeyMatches[index][key] = matches
            return matches
        }
        diagnostics: for var diagnostic in diagnostics where !ignored.contains(diagnostic.id) {
            let file = diagnostic.location.file
            let matchingFile: [Bool]
            if let known = fileMatches[file] {
                matchingFile = known
            } else {
                let absolute = absolutePath(file)
                matchingFile = scopedIgnores.map { $0.matches(file: file, absolutePath: absolute) }
                fileMatches[file] = matchingFile
            }
            for (index, ignore) in scopedIgnores.enumerated() where matchingFile[index] {
                if let rule = ignore.rule, rule != diagnostic.id { continue }
                guard ignore.key != nil else {
                    used[index] = true
                    continue diagnostics
                }
                if let key = diagnostic.key {
                    guard keyMatches(index, key) else { continue }
                    used[index] = true
                    continue diagnostics
                }
                // A finding about many keys keeps those the entry does not match.
                guard !diagnostic.keys.isEmpty else { continue }
                let left = diagnostic.keys.filter { !keyMatches(index, $0) }
                guard left.count < diagnostic.keys.count else { continue }
                used[index] = true
                guard let restated = diagnostic.restated(forKeys: left, unlisted: diagnostic.unlistedKeyCount) else { continue diagnostics }
                diagnostic = restated
            }
            if let severity = severities[diagnostic.id] { diagnostic.severity = severity }
            kept.append(diagnostic)
        }
        if let unusedIgnores {
            for (index, ignore) in scopedIgnores.enumerated() where !used[index] { unusedIgnores(ignore) }
        }
        return kept
    }

    /// The first scoped ignore that matches `diagnostic`.
    private func scopedIgnore(matching diagnostic: LocalizationDiagnostic) -> Int? {
        guard !scopedIgnores.isEmpty else { return nil }
        let absolute = absolutePath(diagnostic.location.file)
        return scopedIgnores.firstIndex { $0.matches(diagnostic, absolutePath: absolute) }
    }

    private func absolutePath(_ file: String?) -> String? {
        guard let file else { return nil }
        guard !file.hasPrefix("/"), let workingDirectory else { return TablePath.normalized(file) }
        return TablePath.normalized(workingDirectory + "/" + file)
    }

    /// A rule name that no declaration has.
    public struct UnknownRuleError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The name as the user wrote it.
        public var name: String
        /// `unknown rule "name"`.
        public var description: String { "unknown rule \"\(name)\"" }
    }
}
