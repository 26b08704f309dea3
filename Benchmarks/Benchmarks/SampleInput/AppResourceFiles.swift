import Foundation

/// A real app's `values*/strings.xml` files, from the `res/` folder that
/// `LOCALIZED_ALERTS_ANDROID_RES` names: the reading benchmarks measure them beside the
/// generated set when it is set.
public enum AppResourceFiles {
    public static let environmentVariable = "LOCALIZED_ALERTS_ANDROID_RES"

    /// The folder and its files, in folder order; nil when the variable is not set. A folder
    /// without strings.xml is skipped; one that holds none stops the run, since nothing would
    /// be measured.
    public static func fromEnvironment() -> (directory: String, files: [(folder: String, bytes: [UInt8])])? {
        guard let directory = ProcessInfo.processInfo.environment[environmentVariable], !directory.isEmpty else { return nil }
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let files = folders.filter { $0.hasPrefix("values") }.sorted().compactMap { folder in
            FileManager.default.contents(atPath: directory + "/" + folder + "/strings.xml").map { (folder, [UInt8]($0)) }
        }
        guard !files.isEmpty else { fatalError("\(environmentVariable)=\(directory) holds no values*/strings.xml") }
        return (directory, files)
    }
}
