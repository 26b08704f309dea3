import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Foundation's own property-list parser (CoreFoundation's, the one devices run), as an oracle.
/// Adapted from Tests/LocalizationTests/Support/FoundationOracle.swift: the fuzzer runs on one
/// thread, so there is no lock, and /dev/null is opened once.
enum FoundationOracle {
    enum Outcome: Equatable {
        /// Foundation read a dictionary; string values only, plus the keys whose values were not strings.
        case table([String: String], nonStringKeys: Set<String>)
        /// Foundation read something that is not a dictionary.
        case notADictionary
        case failure
        /// Not asked: corelibs itself crashes on the input (a compiled set, below).
        case notAsked
    }

    private static let null = open("/dev/null", O_WRONLY)

    /// Parses with `PropertyListSerialization`. CoreFoundation logs missing semicolons to stderr
    /// (thousands of lines a second under a fuzzer); that noise is silenced while it runs.
    static func parse(_ bytes: [UInt8]) -> Outcome {
        if holdsCompiledSet(bytes) { return .notAsked }
        let saved = dup(STDERR_FILENO)
        dup2(null, STDERR_FILENO)
        defer {
            dup2(saved, STDERR_FILENO)
            close(saved)
        }
        guard let object = try? PropertyListSerialization.propertyList(from: Data(bytes), format: nil) else {
            return .failure
        }
        guard let dictionary = object as? [String: Any] else { return .notADictionary }
        var strings: [String: String] = [:]
        var others: Set<String> = []
        for (key, value) in dictionary {
            if let string = value as? String { strings[key] = string } else { others.insert(key) }
        }
        return .table(strings, nonStringKeys: others)
    }

    /// Whether a compiled property list lists a set object (marker 0xC_): swift-corelibs-foundation
    /// crashes bridging it (a null dereference in `Set._conditionallyBridgeFromObjectiveC`), so
    /// such inputs cannot be asked. The toolkit reads a set as it reads an array.
    static func holdsCompiledSet(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 40, bytes.starts(with: Array("bplist".utf8)) else { return false }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        func number(at start: Int, size: Int) -> Int? {
            guard size > 0, size <= 8, start >= 0, start + size <= bytes.count else { return nil }
            var value: UInt64 = 0
            for k in 0..<size { value = value << 8 | UInt64(bytes[start + k]) }
            return value < UInt64(bytes.count) ? Int(value) : nil
        }
        guard let count = number(at: trailer + 8, size: 8), let table = number(at: trailer + 24, size: 8) else { return false }
        for index in 0..<count {
            if let offset = number(at: table + index * offsetSize, size: offsetSize), bytes[offset] >> 4 == 0xC { return true }
        }
        return false
    }
}
