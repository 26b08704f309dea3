import Benchmark
import Dispatch
import Foundation
import LocalizedAlerts
import SampleInput

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A built app: the generated res set (and the app that `LOCALIZED_ALERTS_ANDROID_RES` names)
/// compiled and linked by aapt2 into an APK, its `resources.arsc` read by the library against
/// `aapt2 dump resources` on the APK, with aapt2's start-up alone beside it.
///
/// package-benchmark runs each benchmark in a process of its own and registers every benchmark
/// in each, so each process builds the APKs again (a fraction of a second for the generated
/// set, seconds for a real app) and removes its temporary folder when it exits.
let builtAppBenchmarks: @Sendable () -> Void = {
    guard let aapt2 = BuiltAPK.aapt2 else {
        print("APK benchmarks not registered: aapt2 is not installed (apt-get install aapt; or put it on PATH)")
        return
    }
    let files = GeneratedResources.files(strings: 400, seed: 7)
    do {
        let generated = try BuiltAPK.generated(files, aapt2: aapt2)
        builtAppComparison(
            "APK from the generated res/ (\(files.count) values*/strings.xml × 400 strings)", generated, aapt2: aapt2, expectedFolders: files.count)
    } catch {
        print("APK benchmarks of the generated res/ not registered: \(error)")
    }
    if let app = AppResourceFiles.fromEnvironment() {
        do {
            let built = try BuiltAPK.app(resourceDirectory: app.directory, aapt2: aapt2)
            print("\(AppResourceFiles.environmentVariable)=\(app.directory): linked \(built.linked)")
            builtAppComparison("APK from \(AppResourceFiles.environmentVariable) (\(built.linked))", built, aapt2: aapt2, expectedFolders: nil)
        } catch {
            print("APK benchmarks of \(app.directory) skipped: \(error)")
        }
    }
    Benchmark("APK: aapt2 start-up alone/aapt2 version, output drained", configuration: .init(maxIterations: 1_000)) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(BuiltAPK.drain(aapt2, ["version"])) }
    }
}

/// The library's reading of `apk`'s table, with and without making it renderable, against
/// `aapt2 dump resources` on the whole APK.
func builtAppComparison(_ name: String, _ apk: BuiltAPK, aapt2: String, expectedFolders: Int?) {
    let table = try! AndroidResourceTable(arsc: apk.arsc, file: apk.table)
    let resources = AndroidAppResources(builtApp: table)
    let strings = table.folders.reduce(0) { $0 + $1.files.reduce(0) { $0 + $1.strings.count } }
    let dumped = BuiltAPK.drain(aapt2, ["dump", "resources", apk.path])
    print(
        "\(name): APK \(apk.apkBytes) bytes, resources.arsc \(apk.arsc.count) bytes, \(table.folders.count) folders, \(strings) strings, "
            + "\(resources.locales.count) locales; aapt2 dump resources prints \(dumped) bytes")
    precondition(expectedFolders == nil || table.folders.count == expectedFolders, "\(table.folders.map(\.name))")
    precondition(strings > 0 && dumped > 0)
    let slow = apk.arsc.count > 4 << 20
    let ours: Benchmark.Configuration = .init(maxIterations: slow ? 200 : 2_000)
    let theirs: Benchmark.Configuration = .init(maxDuration: .seconds(slow ? 15 : 5), maxIterations: slow ? 30 : 500)
    let label = "\(name): resources.arsc \(apk.arsc.count / 1024) KiB"
    Benchmark("\(label)/LocalizedAlerts AndroidResourceTable(arsc:)", configuration: ours) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try! AndroidResourceTable(arsc: apk.arsc, file: apk.table).resourceNames.count) }
    }
    Benchmark("\(label)/LocalizedAlerts AndroidResourceTable(arsc:), then AndroidAppResources(builtApp:)", configuration: ours) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(AndroidAppResources(builtApp: try! AndroidResourceTable(arsc: apk.arsc, file: apk.table)).locales.count)
        }
    }
    Benchmark("\(label)/aapt2 dump resources app.apk, output drained", configuration: theirs) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(BuiltAPK.drain(aapt2, ["dump", "resources", apk.path])) }
    }
}

/// An APK aapt2 built in a temporary folder, and its `resources.arsc`.
struct BuiltAPK: Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The APK's path.
    let path: String
    let apkBytes: Int
    /// The APK's `resources.arsc`, as aapt2 stores it (uncompressed).
    let arsc: [UInt8]
    /// What was linked.
    let linked: String
    /// The table's name in locations and errors.
    var table: String { path + "!resources.arsc" }

    static let manifest = #"<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.bench"/>"#

    static let aapt2: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = path.split(separator: ":").map { "\($0)/aapt2" } + ["/usr/bin/aapt2", "/usr/local/bin/aapt2", "/opt/homebrew/bin/aapt2"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// `files` written as `res/<folder>/strings.xml`, compiled with `--legacy` and linked.
    static func generated(_ files: [(folder: String, bytes: [UInt8])], aapt2: String) throws -> BuiltAPK {
        let directory = try temporaryFolder()
        let inputs = files.map { file in
            let folder = directory + "/res/" + file.folder
            try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: folder + "/strings.xml", contents: Data(file.bytes))
            return folder + "/strings.xml"
        }
        let flats = try compile(inputs, into: directory, aapt2: aapt2)
        return try link([("\(flats.count) compiled files", flats, [])], in: directory, aapt2: aapt2)
    }

    /// A real app's `values*` files compiled with `--legacy` and linked without android.jar:
    /// all of them, or, when that fails (styles and themes need the framework's attributes),
    /// only its `strings*.xml`.
    static func app(resourceDirectory: String, aapt2: String) throws -> BuiltAPK {
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: resourceDirectory)) ?? []).filter { $0.hasPrefix("values") }.sorted()
        let inputs = folders.flatMap { folder in
            let files = (try? FileManager.default.contentsOfDirectory(atPath: resourceDirectory + "/" + folder)) ?? []
            return files.filter { $0.hasSuffix(".xml") }.sorted().map { resourceDirectory + "/" + folder + "/" + $0 }
        }
        let directory = try temporaryFolder()
        let flats = try compile(inputs, into: directory, aapt2: aapt2)
        // aapt2 names values-fr/strings_x.xml values-fr_strings_x.arsc.flat; folder names hold no "_".
        let strings = flats.filter { ($0 as NSString).lastPathComponent.split(separator: "_", maxSplits: 1).last?.hasPrefix("strings") == true }
        return try link(
            [
                ("all \(flats.count) compiled values* files", flats, ["--auto-add-overlay"]),
                ("\(strings.count) values*/strings*.xml only", strings, ["--auto-add-overlay"]),
            ], in: directory, aapt2: aapt2)
    }

    /// The compiled files, one per input that compiled; a file aapt2 rejects is left out and
    /// said so.
    static func compile(_ inputs: [String], into directory: String, aapt2: String) throws -> [String] {
        let compiled = directory + "/compiled"
        try FileManager.default.createDirectory(atPath: compiled, withIntermediateDirectories: true)
        let result = capture(aapt2, ["compile", "--legacy", "-o", compiled] + inputs)
        let flats = ((try? FileManager.default.contentsOfDirectory(atPath: compiled)) ?? []).sorted().map { compiled + "/" + $0 }
        guard !flats.isEmpty else { throw Failure(description: "aapt2 compile compiled nothing: \(result.output.suffix(2_000))") }
        if result.status != 0 || flats.count != inputs.count {
            let errors = result.output.split(separator: "\n").filter { $0.contains("error") }.prefix(3).joined(separator: "; ")
            print("aapt2 compile: \(flats.count) of \(inputs.count) files compiled, the rest left out (\(errors))")
        }
        return flats
    }

    /// The first of `attempts` that links, as app.apk.
    static func link(_ attempts: [(label: String, flats: [String], options: [String])], in directory: String, aapt2: String) throws -> BuiltAPK {
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: directory + "/AndroidManifest.xml"))
        let apk = directory + "/app.apk"
        var failures: [String] = []
        for attempt in attempts where !attempt.flats.isEmpty {
            let result = capture(aapt2, ["link", "-o", apk, "--manifest", directory + "/AndroidManifest.xml"] + attempt.options + attempt.flats)
            guard result.status == 0 else {
                let errors = result.output.split(separator: "\n").filter { $0.contains("error") }
                failures.append("linking \(attempt.label) failed with \(errors.count) errors, first \(errors.first ?? "none")")
                print("aapt2 link: \(failures.last!)")
                continue
            }
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: apk)))
            guard let arsc = storedEntry("resources.arsc", in: bytes) else { throw Failure(description: "\(apk) holds no stored resources.arsc") }
            return BuiltAPK(path: apk, apkBytes: bytes.count, arsc: arsc, linked: attempt.label)
        }
        throw Failure(description: failures.joined(separator: "; "))
    }

    /// A new folder under the temporary directory, removed when the process exits.
    static func temporaryFolder() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("localized-alerts-apk-benchmark-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        temporaryFolders.withLock { folders in
            if folders.isEmpty {
                atexit {
                    for folder in temporaryFolders.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: folder) }
                }
            }
            folders.append(directory)
        }
        return directory
    }

    /// Runs `tool`, its standard output and error read to the end into a reused buffer: the
    /// bytes it wrote. Waits through the termination handler: `Process.waitUntilExit` polls
    /// its run loop every 50 ms on Linux, which would be most of a short process's time.
    static func drain(_ tool: String, _ arguments: [String]) -> Int {
        let (process, pipe, exited) = start(tool, arguments)
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        var total = 0
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1 << 16) { buffer in
            while true {
                let count = read(descriptor, buffer.baseAddress, buffer.count)
                if count > 0 {
                    total += count
                } else if count == 0 || errno != EINTR {
                    break
                }
            }
        }
        exited.wait()
        precondition(process.terminationStatus == 0, "\(tool) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        return total
    }

    /// Runs `tool` for the set-up: its exit status and what it wrote.
    static func capture(_ tool: String, _ arguments: [String]) -> (status: Int32, output: String) {
        let (process, pipe, exited) = start(tool, arguments)
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        exited.wait()
        return (process.terminationStatus, output)
    }

    private static func start(_ tool: String, _ arguments: [String]) -> (Process, Pipe, DispatchSemaphore) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try! process.run()
        return (process, pipe, exited)
    }

    /// A stored (uncompressed) entry of a zip, found through its central directory: how aapt2
    /// writes resources.arsc. Our own output, so a malformed zip stops the run.
    static func storedEntry(_ name: String, in zip: [UInt8]) -> [UInt8]? {
        func u16(_ at: Int) -> Int { Int(zip[at]) | Int(zip[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        guard zip.count >= 22, let end = stride(from: zip.count - 22, through: 0, by: -1).first(where: { u32($0) == 0x0605_4b50 }) else {
            return nil
        }
        var at = u32(end + 16)
        for _ in 0..<u16(end + 10) {
            let nameLength = u16(at + 28)
            if String(decoding: zip[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self) == name, u16(at + 10) == 0 {
                let local = u32(at + 42)
                let start = local + 30 + u16(local + 26) + u16(local + 28)
                return Array(zip[start..<(start + u32(at + 20))])
            }
            at += 46 + nameLength + u16(at + 30) + u16(at + 32)
        }
        return nil
    }
}

private let temporaryFolders = TemporaryFolders()

/// The temporary folders this process made, removed at exit.
private final class TemporaryFolders: @unchecked Sendable {
    private let lock = NSLock()
    private var folders: [String] = []

    func withLock<T>(_ body: (inout [String]) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&folders)
    }
}
