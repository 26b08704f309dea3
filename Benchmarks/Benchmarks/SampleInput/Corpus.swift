import Foundation
import LocalizedAlerts

/// The corpus: the folder `LOCALIZED_ALERTS_CORPUS` names when it is set (a larger corpus, laid
/// out as the tests' fixtures are), else the copy in the tests' fixtures. The benchmark prints
/// which one it read.
public enum Corpus {
    public struct Set: Sendable {
        public var files: [[UInt8]] = []
        public var datas: [Data] = []
        public var bytes: Int { files.reduce(0) { $0 + $1.count } }
        public init(files: [[UInt8]] = [], datas: [Data] = []) {
            self.files = files
            self.datas = datas
        }
        /// The set with `datas` made from `files` when it has none.
        public func withDatas() -> Set { datas.isEmpty ? Set(files: files, datas: files.map { Data($0) }) : self }
    }

    public static let root: String = {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()  // Benchmarks/Benchmarks/SampleInput
        let repository = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let chosen: String
        if let named = ProcessInfo.processInfo.environment["LOCALIZED_ALERTS_CORPUS"], !named.isEmpty {
            precondition(FileManager.default.fileExists(atPath: named), "LOCALIZED_ALERTS_CORPUS=\(named) does not exist")
            chosen = named
        } else {
            chosen = repository.appendingPathComponent("Tests/LocalizationTests/Fixtures/corpus").path
        }
        FileHandle.standardError.write(Data("corpus: \(chosen)\n".utf8))
        return chosen
    }()

    /// Real-app tables (edge cases excluded) that Foundation reads and that match `filter`.
    public static func load(_ filter: (LocalizationTable) -> Bool) -> Set {
        var set = Set()
        let enumerator = FileManager.default.enumerator(atPath: root)
        var paths: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            if relative.hasSuffix(".strings") && !relative.hasPrefix("edge-cases") { paths.append(root + "/" + relative) }
        }
        for path in paths.sorted() {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            let bytes = [UInt8](data)
            let table = LocalizationTable(parsing: bytes)
            guard table.isReadableOnDevice, filter(table) else { continue }
            set.files.append(bytes)
            set.datas.append(data)
        }
        return set
    }

    /// Every file under the corpus (edge cases excluded) whose path ends in `suffix` and passes `filter`.
    public static func loadFiles(suffix: String, _ filter: (String) -> Bool = { _ in true }) -> Set {
        var set = Set()
        let enumerator = FileManager.default.enumerator(atPath: root)
        var paths: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            if relative.hasSuffix(suffix) && !relative.hasPrefix("edge-cases") && filter(relative) { paths.append(root + "/" + relative) }
        }
        for path in paths.sorted() {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            set.files.append([UInt8](data))
            set.datas.append(data)
        }
        return set
    }
}
