import Foundation
import Testing

/// `preview --watch` as a translator uses it: a running process, a table edited under it, the
/// output regenerated, an error survived, Ctrl-C.
@Suite("render-alert preview --watch")
struct PreviewWatchTests {
    /// Waits (up to 20 s) until `condition` holds, checking every 0.1 s.
    func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return condition()
    }

    func contents(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    /// Starts `render-alert arguments` in `directory`, standard output and error into files there.
    func start(_ arguments: [String], in directory: TemporaryDirectory) throws -> Process {
        let process = Process()
        process.executableURL = RenderAlertCommand.executable
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        for name in ["stdout.txt", "stderr.txt"] {
            try #require(FileManager.default.createFile(atPath: directory.path + "/" + name, contents: nil), "cannot create \(name)")
        }
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: directory.path + "/stdout.txt"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: directory.path + "/stderr.txt"))
        try process.run()
        // Never left behind by a failed expectation.
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + 90) { if process.isRunning { kill(pid, SIGKILL) } }
        return process
    }

    /// SIGINT ends it, normally and soon.
    func interrupt(_ process: Process) {
        kill(process.processIdentifier, SIGINT)
        #expect(eventually { !process.isRunning }, "still running after SIGINT")
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    }

    func app(_ greeting: String, in directory: TemporaryDirectory) throws {
        try directory.write("app/en.lproj/Localizable.strings", "\"greeting\" = \"\(greeting) %@\";\n")
    }

    @Test func thePageFollowsTheTablesAndPayloadsUntilInterrupted() throws {
        let directory = try TemporaryDirectory()
        try app("Hello", in: directory)
        try directory.write("payloads/p.json", #"{"aps":{"alert":{"loc-key":"greeting","loc-args":["Ana"]}}}"#)
        let process = try start(
            ["preview", "payloads", "--strings", "app", "--language", "en", "--format", "html", "--output", "out.html", "--watch"], in: directory)
        let page = directory.path + "/out.html"
        #expect(eventually { contents(page).contains(#"Hello <bdi class="arg" title="argument 1">Ana</bdi>"#) }, "first page")

        try app("Bonjour", in: directory)
        #expect(eventually { contents(page).contains(#"Bonjour <bdi class="arg" title="argument 1">Ana</bdi>"#) }, "the edited table")

        // A payload that goes away is an error, printed; the page stays, and watching goes on.
        try FileManager.default.removeItem(atPath: directory.path + "/payloads/p.json")
        try directory.write("payloads/q.json", #"{"aps":{"alert":{"loc-key":"greeting","loc-args":["Noor"]}}}"#)
        #expect(eventually { contents(page).contains("Noor</bdi>") && !contents(page).contains("Ana</bdi>") }, "the payloads folder's new file")
        try directory.write("payloads/q.json", "{ not json")
        try FileManager.default.createDirectory(atPath: directory.path + "/payloads/r.json", withIntermediateDirectories: true)
        #expect(
            eventually { contents(directory.path + "/stderr.txt").contains("error: cannot read the payload") },
            "\(contents(directory.path + "/stderr.txt"))")
        #expect(process.isRunning, "an error does not end watching")
        try FileManager.default.removeItem(atPath: directory.path + "/payloads/r.json")
        try directory.write("payloads/q.json", #"{"aps":{"alert":{"loc-key":"greeting","loc-args":["Samir"]}}}"#)
        #expect(eventually { contents(page).contains("Bonjour <bdi class=\"arg\" title=\"argument 1\">Samir</bdi>") }, "recovered")
        interrupt(process)
        #expect(contents(directory.path + "/stderr.txt").contains("watching"))
    }

    @Test func theTerminalViewIsWrittenAgain() throws {
        let directory = try TemporaryDirectory()
        try app("Hello", in: directory)
        try directory.write("p.json", #"{"aps":{"alert":{"loc-key":"greeting","loc-args":["Ana"]}}}"#)
        let process = try start(["preview", "p.json", "--strings", "app", "--language", "en", "--watch"], in: directory)
        let output = directory.path + "/stdout.txt"
        #expect(eventually { contents(output).contains("Hello Ana") })
        try app("Hallo", in: directory)
        // Not a terminal: the new view follows the old one.
        #expect(eventually { contents(output).contains("Hallo Ana") })
        #expect(contents(output).contains("Hello Ana"))
        interrupt(process)
    }
}
