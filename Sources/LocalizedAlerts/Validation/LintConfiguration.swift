/// What `.render-alert.yml` configures: which folders a lint searches, which it leaves out,
/// which payloads it checks, and how findings are filtered. Kept with the project as
/// `.swiftlint.yml` is; the command-line tool reads the file, any front end may build one.
/// Paths are absolute or relative to the working directory; globs are absolute.
public struct LintConfiguration: Sendable {
    /// A value of the configuration and where it is written, so that an entry that matches
    /// nothing can be reported there.
    public struct Entry<Value: Sendable & Hashable>: Sendable, Hashable {
        /// The value.
        public var value: Value
        /// Where it is written; nil for a configuration built in code.
        public var location: SourceLocation?
        /// A value written at `location`.
        public init(_ value: Value, at location: SourceLocation? = nil) {
            self.value = value
            self.location = location
        }
    }

    /// Folders (or files) to search when no path is given.
    public var included: [Entry<String>] = []
    /// Folders and files left out of the search.
    public var excluded: [Entry<PathGlob>] = []
    /// The localization the others are compared with.
    public var developmentRegion: String?
    /// Payload files or folders to check when none is given.
    public var payloads: [Entry<String>] = []
    /// Rules left out or re-levelled, and scoped ignores.
    public var filter = DiagnosticFilter()
    /// Tables the app fills from its development region at run time (see
    /// ``Linter/runtimeFallbackTables``).
    public var runtimeFallbackTables: [Entry<String>] = []

    /// The file's name.
    public static let fileName = ".render-alert.yml"

    /// Every key the file may hold.
    public static let keys = [
        "included", "excluded", "development_region", "payloads", "disabled_rules", "severity", "ignore", "runtime_fallback_tables",
    ]

    /// An empty configuration.
    public init() {}

    /// `.render-alert.yml` in `directory` or the nearest folder above it, if any.
    public static func find(from directory: String) -> String? {
        var current = TablePath.normalized(directory)
        while true {
            let candidate = (current == "/" ? "" : current) + "/" + fileName
            if case .inaccessible = FileStatus.kind(of: candidate) {} else { return candidate }
            guard current != "/", let slash = current.lastIndex(of: "/") else { return nil }
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
    }

    /// `path` as seen from `directory` (both absolute), so that findings name files as a
    /// path given on the command line would (`../App/…`), which annotations and editors expect.
    public static func relative(_ path: String, to directory: String) -> String {
        let target = TablePath.normalized(path).split(separator: "/")
        let base = TablePath.normalized(directory).split(separator: "/")
        var common = 0
        while common < min(target.count, base.count) && target[common] == base[common] { common += 1 }
        let parts = Array(repeating: "..", count: base.count - common) + target[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// The first excluded glob that matches `path` (relative to `workingDirectory` or absolute).
    func exclusion(of path: String, workingDirectory: String) -> Int? {
        guard !excluded.isEmpty else { return nil }
        let absolute = TablePath.normalized(path.hasPrefix("/") ? path : workingDirectory + "/" + path)
        return excluded.firstIndex { $0.value.matches(absolute) }
    }
}

extension DiagnosticID {
    /// `config.unused-entry` (warning): a configuration entry that matched nothing.
    public static let configUnusedEntry = DiagnosticID(
        "config.unused-entry", .warning, .files,
        rationale:
            "A configuration entry that matches nothing does nothing: most often it is misspelled, and the check it was meant to change runs as if it were absent.",
        example: "runtime_fallback_tables: [Vectr] where the app's table is Vector")

    /// `config.unused-ignore` (warning): an ignore entry of the configuration matched no finding.
    public static let configUnusedIgnore = DiagnosticID(
        "config.unused-ignore", .warning, .files,
        rationale:
            "An ignore entry of the configuration that matches no finding hides nothing today, may hide a real problem tomorrow, or is misspelled.",
        example: "ignore: [{rule: table.missing-key, path: \"Legacy/**\"}] where Legacy has no finding")
}

extension LintConfiguration {
    /// The finding for an entry that matched nothing.
    static func unused(_ what: String, at location: SourceLocation?, hint: String) -> LocalizationDiagnostic {
        LocalizationDiagnostic(.configUnusedEntry, at: location ?? SourceLocation(line: 1, column: 1), what, hint: hint)
    }

    /// The finding for an ignore entry that matched nothing.
    static func unused(_ ignore: DiagnosticFilter.ScopedIgnore) -> LocalizationDiagnostic {
        let scope = [
            ignore.rule.map { "rule \($0)" }, ignore.path.map { "path \($0)" }, ignore.table.map { "table \($0)" },
            ignore.localization.map { "localization \($0)" }, ignore.key.map { "key \($0)" },
        ].compactMap { $0 }.joined(separator: ", ")
        return LocalizationDiagnostic(
            .configUnusedIgnore, at: ignore.location ?? SourceLocation(line: 1, column: 1),
            "this ignore entry (\(scope)) matched no finding", hint: "remove it, or correct its globs")
    }
}
