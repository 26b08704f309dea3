import Foundation
import Testing

/// A signal that ends the command while it writes (Ctrl-C, a CI runner's SIGTERM at its time
/// limit, SIGHUP, a file size limit's SIGXFSZ) leaves no temporary file behind, neither the
/// hidden one beside an `--output` or `--write-baseline` target nor the unpacked bundled
/// sample; the target keeps its previous contents, and the process still ends by that signal.
@Suite("render-alert ended by a signal (end to end)")
struct SignalCleanupCommandTests {
    /// Everything in `path` and below it.
    func contents(_ path: String) -> [String] {
        (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []).sorted()
    }

    /// Starts the command as a shell would: every signal unblocked and at its default (the test
    /// runner blocks some, which its children would inherit), in `directory`, after `setup`
    /// (`ulimit`), output discarded.
    func spawn(_ arguments: [String], setup: String = ":", environment: [String: String] = [:], directory: String) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var variables = ProcessInfo.processInfo.environment
        for (key, value) in environment { variables[key] = value }
        variables["SPAWN_DIRECTORY"] = directory
        let script = "cd \"$SPAWN_DIRECTORY\" && \(setup) && exec \"$0\" \"$@\""
        let argv = (["/bin/sh", "-c", script, RenderAlertCommand.executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL) }
        return pid
    }

    /// The signal that ended the process, or nil when it exited (after at most two minutes).
    func endingSignal(_ pid: pid_t) -> Int32? {
        let deadline = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: deadline)
        defer { deadline.cancel() }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        return signal != 0 && signal != 0x7f ? signal : nil
    }

    /// The kernel sends SIGXFSZ at the first write past the limit: a signal in mid-write, every time.
    @Test func aSignalInMidWriteRemovesTheTemporaryFileAndTheSample() throws {
        let directory = try TemporaryDirectory()
        try directory.write("preview.txt", "the previous preview\n")
        try directory.write("baseline.json", "{}\n")
        try FileManager.default.createDirectory(atPath: directory.path + "/tmp", withIntermediateDirectories: false)
        let strings = Fixtures.repositoryRoot + "/Resources/strings"
        for (arguments, file) in [
            // Started elsewhere than the repository, so that the preview unpacks the sample.
            (["preview", "--output", directory.path + "/preview.txt"], "preview.txt"),
            (["lint", strings, "--write-baseline", directory.path + "/baseline.json"], "baseline.json"),
        ] {
            let before = try String(contentsOfFile: directory.path + "/" + file, encoding: .utf8)
            let pid = try spawn(
                arguments, setup: "ulimit -f 1", environment: ["TMPDIR": directory.path + "/tmp"], directory: directory.path + "/tmp")
            #expect(endingSignal(pid) == SIGXFSZ, "\(arguments)")
            #expect(try String(contentsOfFile: directory.path + "/" + file, encoding: .utf8) == before)
            #expect(contents(directory.path) == ["baseline.json", "preview.txt", "tmp"], "\(arguments)")
        }
    }

    /// SIGINT, SIGTERM and SIGHUP sent while a large report is being written. The command is
    /// stopped (SIGSTOP) until its temporary file is seen, so the signal arrives mid-write.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalWhileWritingAReportRemovesTheTemporaryFile(_ ending: Int32) throws {
        let directory = try TemporaryDirectory()
        let value = String(repeating: "A long notification text. ", count: 2_000)
        for language in ["en", "fr", "de", "es", "it", "ja", "ko", "nl"] {
            try directory.write("app/\(language).lproj/Localizable.strings", "\"K\" = \"\(language): \(value)\";\n")
        }
        var payloads: [String] = []
        for index in 0..<20 {
            try directory.write("payload-\(index).json", #"{"aps":{"alert":{"loc-key":"K"}}}"#)
            payloads.append(directory.path + "/payload-\(index).json")
        }
        try directory.write("out.json", "the previous report\n")
        let arguments =
            ["preview"] + payloads
            + ["--strings", directory.path + "/app", "--format", "json", "--output", directory.path + "/out.json"]
        var caught = false
        for _ in 0..<3 where !caught {
            let pid = try spawn(arguments, directory: directory.path)
            var status: Int32 = 0
            while waitpid(pid, &status, WNOHANG) == 0 {
                kill(pid, SIGSTOP)
                if contents(directory.path).contains(where: { $0.hasPrefix(".out.json.render-alert-") }) {
                    kill(pid, ending)
                    kill(pid, SIGCONT)
                    caught = true
                    break
                }
                kill(pid, SIGCONT)
                usleep(200)
            }
            guard caught else { continue }
            #expect(endingSignal(pid) == ending)
        }
        #expect(caught, "the temporary file was never seen while the report was written")
        #expect(try String(contentsOfFile: directory.path + "/out.json", encoding: .utf8) == "the previous report\n")
        #expect(!contents(directory.path).contains(where: { $0.contains(".render-alert-") }))
    }
}
