import Foundation
import Testing

/// The seeded random half of a direct reader's differential test: `count` inputs from
/// `generate`, each compared by `difference` (nil when both readings agree). Records the first
/// three that differ, and expects the direct reader to take some inputs and leave others, so
/// that both readings are exercised. `<prefix>_SEED` and `<prefix>_COUNT` in the environment
/// change the seed and the count, for longer runs by hand.
func expectDirectReadingAgrees(
    environmentPrefix prefix: String, defaultCount: Int = 4_000, generate: (inout SplitMix64) -> [UInt8], isTakenDirectly: ([UInt8]) -> Bool,
    difference: ([UInt8]) -> String?
) {
    let campaign = RandomCampaign(prefix, seed: 20_261_126, count: defaultCount)
    var generator = campaign.generator
    let count = campaign.count
    var failures = 0
    var taken = 0
    for _ in 0..<count {
        let bytes = generate(&generator)
        if isTakenDirectly(bytes) { taken += 1 }
        if let difference = difference(bytes) {
            failures += 1
            if failures <= 3 { Issue.record("\(String(decoding: bytes, as: UTF8.self).debugDescription)\n\(difference)") }
        }
    }
    #expect(failures == 0)
    #expect(taken * 10 >= count && taken * 10 <= count * 9, "\(taken) of \(count) taken directly")
}

// Building random JSON documents for these tests.

func pick<T>(_ items: [T], _ generator: inout SplitMix64) -> T { items[Int(generator.next() % UInt64(items.count))] }

func chance(_ percent: UInt64, _ generator: inout SplitMix64) -> Bool { generator.next() % 100 < percent }

/// A JSON object of `members` (names and JSON texts), with `space` around every token.
func jsonObject(_ members: [(String, String)], _ space: String) -> String {
    "{" + space + members.map { "\"\($0.0)\"" + space + ":" + space + $0.1 }.joined(separator: "," + space) + space + "}"
}

/// `bytes`, one time in 25 each: with an invalid UTF-8 byte inserted, cut short, or after 2,100
/// spaces (past half of APNs' limit, which the direct readers leave to the located ones).
func damaged(_ bytes: [UInt8], _ generator: inout SplitMix64) -> [UInt8] {
    var bytes = bytes
    switch generator.next() % 25 {
    case 0: bytes.insert(0xFF, at: Int(generator.next() % UInt64(bytes.count + 1)))
    case 1: bytes.removeSubrange(Int(generator.next() % UInt64(bytes.count))...)
    case 2: bytes = Array(String(repeating: " ", count: 2_100).utf8) + bytes
    default: break
    }
    return bytes
}

/// An XML document's bytes, one time in 20 each: with CRLF line ends, an invalid UTF-8
/// sequence put in, or cut short.
func damagedXML(_ text: String, _ generator: inout SplitMix64) -> [UInt8] {
    var bytes = Array(text.utf8)
    switch generator.next() % 20 {
    case 0: bytes = Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)
    case 1:
        let bad: [[UInt8]] = [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80]]
        bytes.insert(contentsOf: pick(bad, &generator), at: Int(generator.next() % UInt64(bytes.count + 1)))
    case 2 where !bytes.isEmpty: bytes.removeSubrange(Int(generator.next() % UInt64(bytes.count))...)
    default: break
    }
    return bytes
}
