import LocalizedAlerts
import LocalizedAlertsReports
import Yams

/// `.render-alert.yml`: what `lint` checks and how, kept with the project as `.swiftlint.yml`
/// is. Found from the working directory upward, or named with `--config`. Paths and path globs
/// in it are relative to the file's directory.
struct LintConfiguration {
    /// Where it was read from, and the directory its relative paths start at.
    var file: String
    var directory: String
    var included: [String] = []
    var excluded: [PathGlob] = []
    var developmentRegion: String?
    var payloads: [String] = []
    var filter = DiagnosticFilter()
    var runtimeFallbackTables: Set<String> = []

    static let fileName = ".render-alert.yml"

    /// Every key the file may hold, as the README documents them.
    static let keys = ["included", "excluded", "development_region", "payloads", "disabled_rules", "severity", "ignore", "runtime_fallback_tables"]

    /// `.render-alert.yml` in `directory` or the nearest folder above it, if any.
    static func find(from directory: String) -> String? {
        var current = TablePath.normalized(directory)
        while true {
            let candidate = (current == "/" ? "" : current) + "/" + fileName
            if case .inaccessible = FileStatus.kind(of: candidate) {} else { return candidate }
            guard current != "/", let slash = current.lastIndex(of: "/") else { return nil }
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
    }

    /// Reads and checks the file: an unknown key or rule, a wrong type or an unreadable file is
    /// an error located in it (exit 2), never a configuration silently half applied.
    static func load(_ path: String, workingDirectory: String) throws -> LintConfiguration {
        let bytes = try FileReading.bytes(path, "cannot read the configuration")
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigurationError(file: path, line: 1, column: 1, "the file is not UTF-8 text")
        }
        let absolute = path.hasPrefix("/") ? path : workingDirectory + "/" + path
        let directory = String(TablePath.normalized(absolute).split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/"))
        var configuration = LintConfiguration(file: path, directory: directory.isEmpty ? "/" : directory)
        configuration.filter.workingDirectory = workingDirectory
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw ConfigurationError(yaml: error, file: path)
        }
        guard let root else { return configuration }  // an empty file configures nothing
        let reader = NodeReader(file: path)
        guard case .mapping(let mapping) = root else { throw reader.error(root, "the configuration must be a mapping of keys (included, excluded, …)") }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            switch key {
            case "included": configuration.included = try reader.strings(value, key).map { relative(configuration.resolved($0), to: workingDirectory) }
            case "excluded": configuration.excluded = try reader.strings(value, key).map { PathGlob(configuration.resolved($0)) }
            case "development_region": configuration.developmentRegion = try reader.string(value, key)
            case "payloads": configuration.payloads = try reader.strings(value, key).map { relative(configuration.resolved($0), to: workingDirectory) }
            case "disabled_rules":
                for item in try reader.items(value, key) { configuration.filter.ignored.insert(try reader.rule(item)) }
            case "severity":
                guard case .mapping(let severities) = value else { throw reader.error(value, "severity must map rule IDs to error, warning or note") }
                for (ruleNode, levelNode) in severities {
                    let rule = try reader.rule(ruleNode)
                    guard let level = levelNode.string.flatMap(DiagnosticSeverity.init(rawValue:)) else {
                        throw reader.error(levelNode, "the severity of \(rule) must be error, warning or note")
                    }
                    configuration.filter.severities[rule] = level
                }
            case "ignore":
                for item in try reader.items(value, key) { configuration.filter.scopedIgnores.append(try reader.ignore(item, configuration: configuration)) }
            case "runtime_fallback_tables":
                for item in try reader.items(value, key) {
                    let table = try reader.string(item, key)
                    if table == "Localizable" {
                        throw reader.error(item, "Localizable cannot fall back per key: notifications read it as it is, and a missing key shows raw")
                    }
                    configuration.runtimeFallbackTables.insert(table)
                }
            default:
                throw reader.error(keyNode, "unknown key \"\(key)\"; the keys are \(keys.joined(separator: ", "))")
            }
        }
        return configuration
    }

    /// A path of the file, made relative to the working directory's view: absolute.
    func resolved(_ path: String) -> String {
        path.hasPrefix("/") ? path : TablePath.normalized(directory + "/" + path)
    }

    /// `path` as seen from `directory` (both absolute), so that findings name files as a
    /// path given on the command line would (`../App/…`), which annotations and editors expect.
    static func relative(_ path: String, to directory: String) -> String {
        let target = TablePath.normalized(path).split(separator: "/")
        let base = TablePath.normalized(directory).split(separator: "/")
        var common = 0
        while common < min(target.count, base.count) && target[common] == base[common] { common += 1 }
        let parts = Array(repeating: "..", count: base.count - common) + target[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// Whether a folder or file found by the walk is excluded.
    func excludes(_ path: String, workingDirectory: String) -> Bool {
        guard !excluded.isEmpty else { return false }
        let absolute = TablePath.normalized(path.hasPrefix("/") ? path : workingDirectory + "/" + path)
        return excluded.contains { $0.matches(absolute) }
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

/// An invalid configuration: where and what, as `file:line:column: error: …`.
struct ConfigurationError: Error, CustomStringConvertible {
    var file: String
    var line: Int
    var column: Int
    var message: String

    init(file: String, line: Int, column: Int, _ message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    init(yaml error: YamlError, file: String) {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            self.init(file: file, line: mark.line, column: mark.column, "not valid YAML: \(problem)")
        default:
            self.init(file: file, line: 1, column: 1, "not valid YAML: \(error)")
        }
    }

    var description: String { "\(printable(file)):\(line):\(column): error: \(printable(message))" }
}

/// Reads typed values out of YAML nodes, each error located at its node.
private struct NodeReader {
    var file: String

    func error(_ node: Node, _ message: String) -> ConfigurationError {
        ConfigurationError(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1, message)
    }

    func location(_ node: Node) -> SourceLocation {
        SourceLocation(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }

    func string(_ node: Node, _ key: String) throws -> String {
        guard case .scalar(let scalar) = node else { throw error(node, "\(key) must be a string") }
        return scalar.string
    }

    func items(_ node: Node, _ key: String) throws -> [Node] {
        switch node {
        case .sequence(let sequence): return Array(sequence)
        case .scalar: return [node]  // a single value stands for a list of one
        default: throw error(node, "\(key) must be a list")
        }
    }

    func strings(_ node: Node, _ key: String) throws -> [String] {
        try items(node, key).map { try string($0, key) }
    }

    func rule(_ node: Node) throws -> DiagnosticID {
        let name = node.string ?? ""
        do {
            return try DiagnosticFilter.rule(named: name)
        } catch {
            throw self.error(node, "unknown rule \"\(name)\" (render-alert lint --list-rules lists them)")
        }
    }

    func ignore(_ node: Node, configuration: LintConfiguration) throws -> DiagnosticFilter.ScopedIgnore {
        guard case .mapping(let mapping) = node else { throw error(node, "each ignore entry is a mapping of rule, path, table, localization and key") }
        var ignore = DiagnosticFilter.ScopedIgnore(location: location(node))
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            switch key {
            case "rule": ignore.rule = try rule(value)
            case "path": ignore.path = PathGlob(configuration.resolved(try string(value, key)))
            case "table": ignore.table = PathGlob(try string(value, key))
            case "localization": ignore.localization = PathGlob(try string(value, key))
            case "key": ignore.key = PathGlob(try string(value, key))
            default: throw error(keyNode, "unknown key \"\(key)\" in an ignore entry; the keys are rule, path, table, localization and key")
            }
        }
        guard ignore.path != nil || ignore.table != nil || ignore.localization != nil || ignore.key != nil else {
            throw error(node, "an ignore entry needs a path, table, localization or key (to ignore a rule everywhere, list it in disabled_rules)")
        }
        return ignore
    }
}
