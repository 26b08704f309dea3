import Testing

@testable import LocalizedAlerts

/// The name indexes' hash is keyed per index from the system's random source, whatever the
/// process's hash seeding (`SWIFT_DETERMINISTIC_HASHING` included), and turns to keyed SipHash
/// when names collide, so names chosen offline cannot make an index quadratic.
@Suite("Keyed name hashing")
struct KeyedByteHashTests {
    static func hash(_ text: String, _ hash: KeyedByteHash) -> Int {
        Array(text.utf8).withUnsafeBufferPointer { hash($0) }
    }

    @Test("each index draws its own key: one name hashes apart in eight fresh hashes, fast and strong")
    func freshKeys() {
        let fast = Set((0..<8).map { _ in Self.hash("call.missed.title", KeyedByteHash()) })
        #expect(fast.count == 8)
        let strong = Set(
            (0..<8).map { _ in
                var hash = KeyedByteHash()
                hash.strengthen()
                return Self.hash("call.missed.title", hash)
            })
        #expect(strong.count == 8)
    }

    @Test("the strong hash is SipHash-2-4 (the reference vectors)")
    func sipHashVectors() {
        let key: (UInt64, UInt64) = (0x0706_0504_0302_0100, 0x0F0E_0D0C_0B0A_0908)
        let empty = [UInt8]().withUnsafeBufferPointer { KeyedByteHash.sipHash($0, key: key) }
        #expect(empty == 0x726F_DB47_DD0E_0E31)
        let fifteen = Array(UInt8(0)..<15).withUnsafeBufferPointer { KeyedByteHash.sipHash($0, key: key) }
        #expect(fifteen == 0xA129_CA61_49BE_45E5)
    }

    @Test("an empty name hashes the same with or without an address, so the empty key is found")
    func emptyNames() {
        for strong in [false, true] {
            var hash = KeyedByteHash()
            if strong { hash.strengthen() }
            var empty = ""
            let withAddress = empty.withUTF8 { hash($0) }
            #expect(hash(UnsafeBufferPointer(start: nil, count: 0)) == withAddress, "strong: \(strong)")
        }
        // A table stores its empty key with no address and is asked with an empty String.
        let table = LocalizationTable(parsing: Array("\"\" = \"shown\";\n\"a\" = \"b\";".utf8))
        #expect(table[""] == "shown")
        #expect(table.effectiveEntry(forKey: "")?.value == "shown")
        #expect(StringIndex(["a", "", "b"]).position(of: "") == 1)
    }

    @Test("a key index whose names collide turns to SipHash and still finds every key")
    func stringIndexTurnsStrong() {
        let keys = (0..<3_000).map { "key.\($0)" }
        let index = StringIndex(keys, hash: KeyedByteHash(seed: 7, key: (1, 2)), probeLimit: 0)
        #expect(index.usesSipHash)
        for (position, key) in keys.enumerated() { #expect(index.position(of: key) == position) }
        #expect(index.position(of: "key.3000") == nil)
        let calm = StringIndex(["a", "b", "c"])
        #expect(!calm.usesSipHash)
        #expect(calm.position(of: "b") == 1)
    }

    @Test("an Apple table whose keys collide in the fast hash turns to SipHash and still finds every key")
    func tableStorageTurnsStrong() {
        // Keys chosen against a known seed, as an attacker would against a fixed one: 70 keys in
        // one slot of the 256 the table makes for them.
        let hash = KeyedByteHash(seed: 11, key: (3, 4))
        var keys: [String] = []
        var candidate = 0
        while keys.count < 70 {
            let key = "key.\(candidate)"
            if Self.hash(key, hash) & 255 == 0 { keys.append(key) }
            candidate += 1
        }
        var text: [UInt8] = []
        var records: [EntryRecord] = []
        for key in keys {
            records.append(
                EntryRecord(key: .text(text.count, key.utf8.count), value: .none, comment: .none, kind: .string, isReadByDevice: true))
            text += Array(key.utf8)
        }
        let storage = TableStorage(text: text, arena: [], records: records, source: SourceText(text, file: nil), hash: hash)
        #expect(storage.usesSipHash)
        for (number, key) in keys.enumerated() { #expect(storage.keyNumber(forKey: key) == number) }
        #expect(storage.keyNumber(forKey: "key.none") == nil)
        #expect(storage.effectiveKeyCount == 70)
    }

    @Test("a byte map holds 50,000 keys, finds each, and clears what it held")
    func byteKeyMap() {
        var map = ByteKeyMap<Int>()
        for number in 0..<50_000 { #expect(map.update(number, for: "k\(number)") == nil) }
        #expect(map.update(-1, for: "k7") == 7)
        #expect(map.count == 50_000)
        #expect(map.value(for: "k49999") == 49_999)
        #expect(map.value(for: "k7") == -1)
        #expect(map.value(for: "k50000") == nil)
        map.removeAll()
        #expect(map.count == 0 && map.value(for: "k1") == nil)
        #expect(map.update(1, for: "k1") == nil)
    }
}
