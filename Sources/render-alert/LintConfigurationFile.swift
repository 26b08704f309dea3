@_spi(Presentation) import LocalizedAlerts
import LocalizedAlertsReports
import Yams

/// Reads `.render-alert.yml` (YAML) into the library's configuration: found from the working
/// directory upward, or named with `--config`. Paths and path globs in it are relative to the
/// file's directory.
enum LintConfigurationFile {
    /// Reads and checks the file: an unknown key or rule, a wrong type or an unreadable file is
    /// an error located in it (exit 2), never a configuration silently half applied.
    static func load(_ path: String, workingDirectory: String) throws -> LintConfiguration {
        let bytes = try FileReading.bytes(path, "cannot read the configuration", maximumSize: FileReading.maximumConfigurationBytes)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigurationError(file: path, line: 1, column: 1, "the file is not UTF-8 text")
        }
        let absolute = path.hasPrefix("/") ? path : workingDirectory + "/" + path
        let folder = String(TablePath.normalized(absolute).split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/"))
        let directory = folder.isEmpty ? "/" : folder
        /// A path of the file, made absolute.
        func resolved(_ path: String) -> String { path.hasPrefix("/") ? path : TablePath.normalized(directory + "/" + path) }
        var configuration = LintConfiguration()
        configuration.filter.workingDirectory = workingDirectory
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw ConfigurationError(yaml: error, file: path)
        }
        guard let root else { return configuration }  // an empty file configures nothing
        let reader = NodeReader(file: path, resolved: resolved)
        guard case .mapping(let mapping) = root else {
            throw reader.error(root, "the configuration must be a mapping of keys (included, excluded, …)")
        }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            switch key {
            case "included":
                configuration.included = try reader.located(value, key).map {
                    .init(LintConfiguration.relative(resolved($0.value), to: workingDirectory), at: $0.location)
                }
            case "excluded":
                configuration.excluded = try reader.items(value, key).map {
                    .init(try reader.glob($0, key, resolving: true), at: reader.location($0))
                }
            case "development_region": configuration.developmentRegion = try reader.string(value, key)
            case "payloads":
                configuration.payloads = try reader.located(value, key).map {
                    .init(LintConfiguration.relative(resolved($0.value), to: workingDirectory), at: $0.location)
                }
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
                for item in try reader.items(value, key) { configuration.filter.scopedIgnores.append(try reader.ignore(item)) }
            case "runtime_fallback_tables":
                for item in try reader.located(value, key) {
                    if item.value == "Localizable" {
                        throw ConfigurationError(
                            file: path, line: item.location?.line ?? 1, column: item.location?.column ?? 1,
                            "Localizable cannot fall back per key: notifications read it as it is, and a missing key shows raw")
                    }
                    configuration.runtimeFallbackTables.append(item)
                }
            default:
                throw reader.error(
                    keyNode,
                    "unknown key \"\(key)\"\(EditDistance.suggestion(for: key, among: LintConfiguration.keys)); the keys are \(LintConfiguration.keys.joined(separator: ", "))"
                )
            }
        }
        return configuration
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
    /// Makes a path of the file absolute.
    var resolved: (String) -> String

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

    /// Each string of a list (or the one string) with where it is written.
    func located(_ node: Node, _ key: String) throws -> [LintConfiguration.Entry<String>] {
        try items(node, key).map { .init(try string($0, key), at: location($0)) }
    }

    /// A glob, made absolute when it is a path: one too long to match in bounded time is an
    /// error at its node.
    func glob(_ node: Node, _ key: String, resolving: Bool = false) throws -> PathGlob {
        let text = try string(node, key)
        do {
            // The limit is on the pattern as written; a path's folder is added after.
            let glob = try PathGlob(validating: text)
            return resolving ? PathGlob(resolved(text)) : glob
        } catch {
            throw self.error(node, "\(key): \(error.message)")
        }
    }

    func rule(_ node: Node) throws -> DiagnosticID {
        let name = node.string ?? ""
        do {
            return try DiagnosticFilter.rule(named: name)
        } catch {
            let guess = EditDistance.suggestion(for: name, among: RuleCatalog.all.map(\.id.rawValue))
            throw self.error(node, "unknown rule \"\(name)\"\(guess) (render-alert lint --list-rules lists them)")
        }
    }

    func ignore(_ node: Node) throws -> DiagnosticFilter.ScopedIgnore {
        guard case .mapping(let mapping) = node else {
            throw error(node, "each ignore entry is a mapping of rule, path, table, localization and key")
        }
        var ignore = DiagnosticFilter.ScopedIgnore(location: location(node))
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            switch key {
            case "rule": ignore.rule = try rule(value)
            case "path": ignore.path = try glob(value, key, resolving: true)
            case "table": ignore.table = try glob(value, key)
            case "localization": ignore.localization = try glob(value, key)
            case "key": ignore.key = try glob(value, key)
            default:
                let guess = EditDistance.suggestion(for: key, among: ["rule", "path", "table", "localization", "key"])
                throw error(keyNode, "unknown key \"\(key)\" in an ignore entry\(guess); the keys are rule, path, table, localization and key")
            }
        }
        guard ignore.path != nil || ignore.table != nil || ignore.localization != nil || ignore.key != nil else {
            throw error(node, "an ignore entry needs a path, table, localization or key (to ignore a rule everywhere, list it in disabled_rules)")
        }
        return ignore
    }
}
