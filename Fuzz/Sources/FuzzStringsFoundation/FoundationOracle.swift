#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

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
    }

    private static let null = open("/dev/null", O_WRONLY)

    /// Parses with `PropertyListSerialization`. CoreFoundation logs missing semicolons to stderr
    /// (thousands of lines a second under a fuzzer); that noise is silenced while it runs.
    static func parse(_ bytes: [UInt8]) -> Outcome {
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
}
