/// What a table file's path says: `…/fr.lproj/Settings.strings` is table `Settings` of
/// localization `fr`; `…/Settings.xcstrings` is table `Settings`.
package enum TablePath {
    /// The table a file holds: its name up to the first dot.
    package static func table(of file: String?) -> String? {
        guard let name = file?.split(separator: "/").last, let dot = name.firstIndex(of: ".") else { return nil }
        return String(name[..<dot])
    }

    /// The localization a file belongs to: its `.lproj` folder's name.
    package static func localization(of file: String?) -> String? {
        guard let file else { return nil }
        return file.split(separator: "/").last { $0.hasSuffix(".lproj") }.map { String($0.dropLast(".lproj".count)) }
    }

    /// `a/./b/../c` → `a/c`; no file system access.
    package static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }
}
