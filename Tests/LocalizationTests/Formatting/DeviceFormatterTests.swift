import Testing

@testable import LocalizedAlerts

@Suite("Device formatter")
struct DeviceFormatterTests {
    @Test func everyVectorPasses() throws {
        let rows = try Vectors.rows("device-format.tsv")
        #expect(rows.count == 16)
        for row in rows {
            guard let arguments = LocatedJSON.parse(row[1]).root?.items else {
                Issue.record("bad arguments \(row[1])")
                continue
            }
            let texts = arguments.map { LocArgument(json: $0).text }
            #expect(DeviceFormat(row[0]).apply(texts) == row[2], "\(row[0]) with \(row[1])")
        }
    }

    @Test(arguments: [
        ("%", 0, false), ("50%", 0, false), ("%12", 0, false), ("%99999999999999999999$@", 0, false), ("%0$@", 0, false),
        ("%3$@ %1$@", 3, false), ("%@ %@ %2$@", 2, false), ("%é", 0, true), ("a%ü%@", 1, true), ("%%%@", 1, false),
    ])
    func compiledShape(format: String, needed: Int, breaks: Bool) {
        let device = DeviceFormat(format)
        #expect(device.argumentsNeeded == needed, "\(format)")
        #expect(device.breaksUTF8 == breaks, "\(format)")
    }

    @Test func hugeAndZeroPositionsPrintNull() {
        #expect(DeviceFormat("%99999999999999999999$@|%0$@|%2$@").apply(["a", "b"]) == "<null>|<null>|b")
        #expect(DeviceFormat("%é").apply(["x"]) == nil, "a split character makes the text unrepresentable")
        #expect(DeviceFormat("%").apply(["x"]) == "")
        #expect(DeviceFormat("%ld and %@").dropped.map(\.dropped) == ["%l"])
    }

    /// The formatter walks a C string: a NUL ends the format, and what follows is neither shown
    /// nor read for placeholders.
    @Test func aNULEndsTheFormat() {
        let device = DeviceFormat("Hi \u{0} %@ there")
        #expect(device.apply(["Ana"]) == "Hi ")
        #expect(device.nulOffset == 3)
        #expect(DeviceFormat("ab\u{0}cd").apply(["x"]) == "ab", "without a % too")
        let early = DeviceFormat("%@, \u{0}%2$@ and %@")
        #expect(early.apply(["a", "b"]) == "a, " && early.argumentsNeeded == 1)
        #expect(DeviceFormat("no NUL %@").nulOffset == nil)
    }

    @Test func outputOnlyHoldsFormatAndArgumentBytes() {
        var generator = SplitMix64(seed: 11)
        let alphabet = Array("%@$0123 abcé😀%%")
        for _ in 0..<5000 {
            let format = String((0..<Int(generator.next() % 16)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            let arguments = (0..<Int(generator.next() % 3)).map { "arg\($0)" }
            guard let output = DeviceFormat(format).apply(arguments) else { continue }
            let allowed = Set(format.unicodeScalars).union(arguments.joined().unicodeScalars).union("<null>".unicodeScalars)
            #expect(output.unicodeScalars.allSatisfy { allowed.contains($0) }, "\(format) → \(output)")
        }
    }
}

@Suite("Format string grammar")
struct FormatStringTests {
    @Test func parsesFoundationSpecifiers() {
        let format = FormatString("%1$@ has %2$ld new %3$#@count@, 50% off, %.2f km, %-5s|%*d|%%|%1#@x@|%y|%")
        let texts = format.specifiers.map(\.text)
        #expect(texts == ["%1$@", "%2$ld", "%3$#@count@", "% o", "%.2f", "%-5s", "%*d", "%%", "%1#@x@", "%y", "%"])
        let specs = format.specifiers
        #expect(specs[0].position == 1 && specs[0].conversion == "@" && specs[0].isPlainObject)
        #expect(specs[1].length == "l" && specs[1].argumentType == .integer)
        #expect(specs[2].variableName == "count" && specs[2].position == 3)
        #expect(specs[3].flags == " " && specs[3].conversion == "o")
        #expect(specs[4].precision == .fixed(2) && specs[4].argumentType == .double)
        #expect(specs[6].width == .argument(position: nil))
        #expect(specs[7].isPercentLiteral)
        #expect(specs[8].problem == .positionWithoutDollar)
        #expect(specs[9].problem == .unknownConversion("y"))
        #expect(specs[10].problem == .incomplete)
    }

    @Test func argumentPositions() {
        let uses = FormatString("%@ %d %*.*f %2$@").argumentUses.map { "\($0.position):\($0.type.rawValue)" }
        #expect(uses == ["1:object", "2:integer", "3:integer", "4:integer", "5:double", "2:object"])
    }

    /// Runs say which text came from which argument; joined, they are the formatted text.
    @Test func runsMarkEachArgument() throws {
        let arguments = [LocArgument(text: "Ana"), LocArgument(text: "Weekend trip")]
        for format in ["%1$@ في %2$@", "%@ in %@", "%2$@ の %1$@", "%3$@ and %d%%", "plain", "%@%@"] {
            let device = DeviceFormat(format)
            let runs = try #require(device.runs(arguments))
            #expect(runs.map(\.text).joined() == device.apply(arguments), "\(format)")
        }
        let runs = DeviceFormat("%2$@ の %1$@ %3$@").runs(arguments)!
        #expect(runs.map(\.argument) == [2, nil, 1, nil, 3])
        #expect(runs.map(\.isMissingArgument) == [false, false, false, false, true])
        #expect(runs.last?.text == "<null>")
        #expect(DeviceFormat("50%ü").runs(arguments) == nil)
    }
}
