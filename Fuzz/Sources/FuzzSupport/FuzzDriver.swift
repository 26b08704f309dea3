@_spi(Oracle) import LocalizedAlerts

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libFuzzer's entry for programs that have their own `main` (SwiftPM gives every executable
/// one): it parses libFuzzer's options from the command line and runs `callback` per input.
@_silgen_name("LLVMFuzzerRunDriver")
private func llvmFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

public enum FuzzDriver {
    nonisolated(unsafe) private static var target: (@convention(c) (UnsafePointer<UInt8>?, Int) -> CInt)?
    /// The file named by FUZZ_CURRENT_INPUT, mapped: 8 bytes of length, then the input.
    nonisolated(unsafe) private static var record: UnsafeMutableRawPointer?
    private static let recordCapacity = 1 << 20

    /// Runs libFuzzer with this process's arguments; `body` checks one input and stops the
    /// process (``violated(_:)``) when an invariant does not hold.
    ///
    /// With FUZZ_CURRENT_INPUT set, every input is copied into that file (a shared mapping, so
    /// a memcpy per input) before it runs. libFuzzer's timeout and interrupt handlers allocate,
    /// and deadlock when the signal lands inside malloc, which an input that allocates without
    /// end does; scripts/fuzz.sh then kills the process and takes the input from that file.
    public static func run(_ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        target = callback
        fixHashKeys()
        if let path = getenv("FUZZ_CURRENT_INPUT") {
            let fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o644)
            if fd >= 0, ftruncate(fd, off_t(8 + recordCapacity)) == 0 {
                let mapped = mmap(nil, 8 + recordCapacity, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
                if let mapped, mapped != MAP_FAILED { record = mapped }
            }
            if fd >= 0 { close(fd) }
        }
        exit(
            llvmFuzzerRunDriver(&argc, &argv) { data, count in
                if let record = FuzzDriver.record {
                    let kept = min(count, FuzzDriver.recordCapacity)
                    record.storeBytes(of: UInt64(kept).littleEndian, as: UInt64.self)
                    if let data, kept > 0 { (record + 8).copyMemory(from: data, byteCount: kept) }
                }
                return FuzzDriver.target!(data, count)
            })
    }

    /// Gives the readers' name indexes a fixed key: the same input must take the same path in
    /// every run, for libFuzzer's coverage and to reproduce a finding. ``run(_:)`` calls it; a
    /// target that reads tables before that (its fixed app, at top level) calls it first.
    public static func fixHashKeys() { KeyedByteHashing.fixKeys(0x5EED_F022) }

    /// The input as bytes.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
        guard let data, count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: count))
    }
}

/// Stops the fuzzer with a message: libFuzzer keeps the input as a crash artefact.
public func violated(_ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    fatalError("invariant violated: \(message())", file: file, line: line)
}
