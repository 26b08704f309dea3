import Testing

#if canImport(_FoundationICU)
import Glibc
import _FoundationICU

/// Apple's own localization matcher, `ualoc_localizationsToUse`, from the toolchain's private
/// `_FoundationICU` module. A test-only oracle: the library never links it. Only the Linux
/// toolchain ships that module; elsewhere (macOS) the tests that need it are skipped.
enum AppleMatcherOracle {
    static let isAvailable = true

    static func localizationsToUse(preferred: [String], available: [String]) -> [String]? {
        let preferredStrings = preferred.map { strdup($0)! }
        let availableStrings = available.map { strdup($0)! }
        defer {
            for string in preferredStrings { free(string) }
            for string in availableStrings { free(string) }
        }
        var output = [UnsafePointer<CChar>?](repeating: nil, count: 512)
        var status = U_ZERO_ERROR
        let preferredPointers = preferredStrings.map { UnsafePointer<CChar>($0) as UnsafePointer<CChar>? }
        let availablePointers = availableStrings.map { UnsafePointer<CChar>($0) as UnsafePointer<CChar>? }
        let count = preferredPointers.withUnsafeBufferPointer { p in
            availablePointers.withUnsafeBufferPointer { a in
                output.withUnsafeMutableBufferPointer { o in
                    ualoc_localizationsToUse(
                        p.baseAddress ?? UnsafePointer(bitPattern: 8)!, Int32(p.count),
                        a.baseAddress ?? UnsafePointer(bitPattern: 8)!, Int32(a.count),
                        o.baseAddress!, Int32(o.count), &status)
                }
            }
        }
        guard count >= 0 else { return nil }
        return (0..<Int(count)).map { String(cString: output[$0]!) }
    }

    /// Apple's `uloc_getBaseName` into a buffer of `capacity` bytes, as ualoc calls it; nil on
    /// an error or when the result does not fit with its NUL.
    static func baseName(_ identifier: String, capacity: Int) -> String? {
        var buffer = [CChar](repeating: 0, count: capacity)
        var status = U_ZERO_ERROR
        let length = swift_uloc_getBaseName(identifier, &buffer, Int32(capacity), &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue, length < capacity else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
#else
enum AppleMatcherOracle {
    static let isAvailable = false
    static func localizationsToUse(preferred: [String], available: [String]) -> [String]? { nil }
    static func baseName(_ identifier: String, capacity: Int) -> String? { nil }
}
#endif

extension AppleMatcherOracle {
    /// Why the tests comparing with Apple's matcher are skipped where it is missing.
    static let unavailable: Comment = "Apple's matcher comes from _FoundationICU, which only the Linux toolchain ships"
}
