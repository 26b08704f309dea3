#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names a zip gives its entries twice: in the central directory, which ZIPFoundation and
/// most tools list, and in each entry's local header, which streaming unzippers follow. An
/// archive whose two names differ is read as one app by one tool and as another by the other,
/// so the reader compares them; ZIPFoundation does not expose the local names.
enum ZipHeaderNames {
    /// The first entry whose local header names another path than the central directory, or
    /// nil when all agree. Entries that cannot be found are left to ZIPFoundation, which
    /// reports a corrupt archive itself.
    static func firstMismatch(in path: String, maximumEntries: Int) -> (central: [UInt8], local: [UInt8])? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        let size = Int(info.st_size)
        func read(_ offset: Int, _ count: Int) -> [UInt8]? {
            guard offset >= 0, count >= 0, offset <= size - count else { return nil }
            var bytes = [UInt8](repeating: 0, count: count)
            let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
            return got == count ? bytes : nil
        }
        func word(_ bytes: [UInt8], _ at: Int, _ width: Int) -> Int {
            (0..<width).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
        }
        // The end record is within the last 64 KiB + 22 bytes (its comment is at most 65,535).
        let tailLength = min(size, 65_557)
        guard let tail = read(size - tailLength, tailLength),
            let end = stride(from: tailLength - 22, through: 0, by: -1).first(where: { word(tail, $0, 4) == 0x0605_4b50 })
        else { return nil }
        var directoryOffset = word(tail, end + 16, 4)
        var count = word(tail, end + 10, 2)
        // ZIP64: the locator just before the end record points at the ZIP64 end record.
        if directoryOffset == 0xFFFF_FFFF || count == 0xFFFF, end >= 20, word(tail, end - 20, 4) == 0x0706_4b50,
            let record = read(word(tail, end - 12, 8), 56), word(record, 0, 4) == 0x0606_4b50
        {
            count = word(record, 32, 8)
            directoryOffset = word(record, 48, 8)
        }
        // Offsets past the file (or made negative by a forged 64-bit field) end the walk before
        // any sum with them could overflow.
        guard (0...size).contains(directoryOffset) else { return nil }
        var offset = directoryOffset
        for _ in 0..<min(count, maximumEntries) {
            guard let fixed = read(offset, 46), word(fixed, 0, 4) == 0x0201_4b50 else { return nil }
            let nameLength = word(fixed, 28, 2)
            let extraLength = word(fixed, 30, 2)
            guard let name = read(offset + 46, nameLength), let extra = read(offset + 46 + nameLength, extraLength) else { return nil }
            var localOffset = word(fixed, 42, 4)
            if localOffset == 0xFFFF_FFFF {
                localOffset = zip64LocalOffset(extra, fixed, word) ?? localOffset
            }
            guard (0...size).contains(localOffset), let local = read(localOffset, 30), word(local, 0, 4) == 0x0403_4b50,
                let localName = read(localOffset + 30, word(local, 26, 2))
            else { return nil }
            if localName != name { return (name, localName) }
            offset += 46 + nameLength + extraLength + word(fixed, 32, 2)
            guard offset <= size else { return nil }
        }
        return nil
    }

    /// The local header's offset from a central entry's ZIP64 extra field, which holds the
    /// sizes first when they too overflowed.
    private static func zip64LocalOffset(_ extra: [UInt8], _ fixed: [UInt8], _ word: ([UInt8], Int, Int) -> Int) -> Int? {
        var at = 0
        while at + 4 <= extra.count {
            let id = word(extra, at, 2)
            let length = word(extra, at + 2, 2)
            guard at + 4 + length <= extra.count else { return nil }
            if id == 0x0001 {
                var field = at + 4
                if word(fixed, 24, 4) == 0xFFFF_FFFF { field += 8 }
                if word(fixed, 20, 4) == 0xFFFF_FFFF { field += 8 }
                return field + 8 <= at + 4 + length ? word(extra, field, 8) : nil
            }
            at += 4 + length
        }
        return nil
    }
}
