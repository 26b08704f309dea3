#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum FileStatus {
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }
}

enum Directory {
    static func list(_ path: String) throws -> [String] {
        guard let directory = opendir(path) else { throw ValidationErrorText("cannot list \(path)") }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }
}

struct ValidationErrorText: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
