import Foundation
import Testing

@testable import LocalizedAlerts

/// The compiled resource table readers against what aapt2 built (Fixtures/android/built, made by
/// scripts/android/build-app-fixtures.sh): the strings `aapt2 dump resources` prints, the
/// locales libandroidfw lists, and damaged tables refused fast with a located error.
@Suite("Built Android resource tables")
struct AndroidResourceTableTests {
    static let built = "android/built/"

    static func arsc(_ apk: String) throws -> [UInt8] {
        try #require(StoredZipEntry.read("resources.arsc", in: try Fixtures.bytes(built + apk)))
    }

    static func table(_ apk: String) throws -> AndroidResourceTable {
        try AndroidResourceTable(arsc: try arsc(apk), file: apk + "!resources.arsc")
    }

    static let splits = ["splits/base.apk", "splits/split_config.fr.apk", "splits/split_config.night.apk"]

    static func bundle() throws -> AndroidResourceTable {
        let archive = try Fixtures.bytes(built + "app.aab")
        let base = try AndroidResourceTable(
            protobuf: try #require(StoredZipEntry.read("base/resources.pb", in: archive)), file: "app.aab!base/resources.pb")
        let feature = try AndroidResourceTable(
            protobuf: try #require(StoredZipEntry.read("tracking/resources.pb", in: archive)), file: "app.aab!tracking/resources.pb")
        return try AndroidResourceTable(merging: [base, feature])
    }

    /// Each folder's strings, by name, in aapt2 dump's notation.
    static func strings(_ table: AndroidResourceTable) -> [String: [String: String]] {
        var result: [String: [String: String]] = [:]
        for folder in table.folders {
            for file in folder.files {
                for resource in file.strings {
                    result[folder.name, default: [:]][resource.name] = notation(resource)
                }
            }
        }
        return result
    }

    static func notation(_ resource: AndroidStringResource) -> String {
        switch resource.value {
        case .text(let text): return (resource.isStyled ? "(styled string) " : "") + "\"\(text)\""
        case .reference("null", let name): return "@\(name)"
        case .reference(let type, let name): return (type == "attr" ? "?" : "@") + "\(type)/\(name)"
        }
    }

    @Test func readsTheStringsOfEachConfiguration() throws {
        let table = try Self.table("app.apk")
        #expect(table.packageName == "com.example.parcel")
        // values-it holds only a colour: a folder still, since a loc key may name it.
        #expect(
            table.folders.map(\.name) == [
                "values", "values-ast", "values-b+sr+Latn", "values-es-r419", "values-fr", "values-fr-rCA", "values-it", "values-night-v8",
                "values-tl",
            ])
        #expect(
            table.folders.first { $0.name == "values-it" }?.files.first?.otherValues[AndroidResourceName(type: "color", name: "brand")]
                == .text("#ffff0000"))
        let strings = Self.strings(table)
        #expect(strings["values"]?["title"] == "\"New message\"")
        #expect(strings["values"]?["title_again"] == "@string/title")
        #expect(strings["values-b+sr+Latn"]?["title_again"] == "@string/body")
        #expect(strings["values"]?["accent"] == "@color/brand", "a reference to another type stays one")
        #expect(strings["values"]?["themed"] == "?attr/tone")
        #expect(strings["values"]?["nothing"] == "@null")
        #expect(strings["values"]?["empty"] == "@empty", "@empty is a typed null, which getString has no text for")
        #expect(strings["values"]?["count"] == "\"42\"", "an integer as TypedValue.coerceToString gives it")
        #expect(strings["values"]?["styled"] == "(styled string) \"Bold and italic text\"")
        #expect(strings["values"]?["not_translated"] == "\"Parcel™ 😀\"", "a surrogate pair aapt2 wrote as two 3-byte sequences")
        #expect(strings["values"]?["quoted"] == "\"  spaced   out \"")
        #expect(strings.values.allSatisfy { $0["only_fr"] == nil }, "aapt2 removes a string without a default")
        #expect(strings["values"]?["photos"] == nil && strings["values"]?["days"] == nil, "plurals and arrays are not strings")
        let file = try #require(table.folders.first?.files.first)
        #expect(file.file == "app.apk!resources.arsc" && file.strings["title"]?.location.file == "app.apk!resources.arsc")
    }

    @Test func namesEveryResourceByID() throws {
        let table = try Self.table("app.apk")
        #expect(table.name(of: 0x7f05_000b) == .init(type: "string", name: "title"))
        #expect(table.name(of: 0x7f04_0000) == .init(type: "plurals", name: "photos"))
        #expect(table.name(of: 0x7f02_0000) == .init(type: "attr", name: "tone"))
        // only_fr kept its ID when aapt2 removed it: the slot is empty.
        #expect(table.name(of: 0x7f05_0007) == nil)
        #expect(table.resourceNames.count == 17)
    }

    /// Folder names are res folder names: AndroidResourceFolder reads back the locale each
    /// configuration has, the locale list holds each (canonicalized), and non-locale
    /// qualifiers stay out of the locale.
    @Test func folderNamesParseBackToTheirLocales() throws {
        let table = try Self.table("app.apk")
        for folder in table.folders {
            let parsed = try #require(AndroidResourceFolder(name: folder.name))
            #expect(parsed == folder.qualifiers && parsed.type == "values")
            if let locale = parsed.locale {
                let tag = locale.language == "tl" ? "fil" : locale.languageTag
                #expect(table.locales.contains(tag), "\(folder.name)")
            }
        }
        let byName = Dictionary(uniqueKeysWithValues: table.folders.map { ($0.name, $0.qualifiers) })
        #expect(byName["values-b+sr+Latn"]?.locale == AndroidLocale(language: "sr", script: "Latn"))
        #expect(byName["values-es-r419"]?.locale == AndroidLocale(language: "es", region: "419"))
        #expect(byName["values-ast"]?.locale == AndroidLocale(language: "ast"), "a packed three-letter language")
        #expect(byName["values-night-v8"]?.locale == nil && byName["values-night-v8"]?.otherQualifiers == ["night", "v8"])
    }

    /// libandroidfw's own list (locales.txt): every type's configurations, tl as fil, sorted;
    /// it has no string but a color; de's only color was removed, and de with it.
    @Test func localesAreWhatLibandroidfwLists() throws {
        let expected = try String(contentsOfFile: Fixtures.path(Self.built + "locales.txt"), encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        #expect(expected.count == 3)
        for line in expected {
            let inputs = line[0].split(separator: " ").map(String.init)
            let table = try AndroidResourceTable(merging: inputs.map(Self.table))
            #expect(table.locales.joined(separator: ",") == line[1], "\(inputs)")
        }
        #expect(try Self.table("app.apk").locales == ["ast", "es-419", "fil", "fr", "fr-CA", "it", "sr-Latn"])
    }

    @Test func sparseEntriesReadAsDenseOnes() throws {
        let dense = try Self.table("app.apk")
        let sparse = try Self.table("app-sparse.apk")
        // With minSdk 26, aapt2 drops the v8 that night mode implies.
        var denseStrings = Self.strings(dense)
        denseStrings["values-night"] = denseStrings.removeValue(forKey: "values-night-v8")
        #expect(Self.strings(sparse) == denseStrings)
        #expect(sparse.resourceNames == dense.resourceNames)
    }

    /// Split APKs merged are the whole app: the same strings per folder, each from its split.
    @Test func splitAPKsMergeIntoTheWholeApp() throws {
        let merged = try AndroidResourceTable(merging: Self.splits.map(Self.table))
        #expect(Self.strings(merged) == Self.strings(try Self.table("app.apk")))
        let french = try #require(merged.folders.first { $0.name == "values-fr" })
        #expect(french.files.map(\.file) == ["splits/split_config.fr.apk!resources.arsc"])
        // The fr split's reference is named by the base's IDs.
        #expect(merged.resourceNames == (try Self.table("app.apk")).resourceNames)
        var other = try Self.table("app.apk")
        other = try AndroidResourceTable(merging: [other])
        #expect(throws: AndroidResourceTableError.self) {
            try AndroidResourceTable(merging: [
                other, try AndroidResourceTable(protobuf: [0x12, 0x05, 0x12, 0x03, 0x61, 0x2E, 0x62], file: "other.pb"),
            ])
        }
    }

    /// The bundle's protobuf tables give what the APK's binary table gives, plus the feature
    /// module's strings and locale (ja).
    @Test func aBundleReadsAsItsAPK() throws {
        let bundle = try Self.bundle()
        let apk = try Self.table("app.apk")
        var strings = Self.strings(bundle)
        #expect(strings["values"]?.removeValue(forKey: "tracking_title") == "\"Parcel on its way\"")
        #expect(strings.removeValue(forKey: "values-ja") == ["tracking_title": "\"配達中\""])
        #expect(strings == Self.strings(apk))
        #expect(bundle.locales == (apk.locales + ["ja"]).sorted())
        #expect(bundle.packageName == "com.example.parcel")
        #expect(bundle.name(of: 0x8001_0000) == .init(type: "string", name: "tracking_title"))
        #expect(bundle.name(of: 0x7f05_000b) == .init(type: "string", name: "title"))
    }

    // MARK: - Damaged tables

    /// The chunks of a table, walked as the reader does: (offset, type) in order.
    static func chunks(_ bytes: [UInt8]) -> [(offset: Int, type: Int)] {
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        var result: [(Int, Int)] = []
        func walk(_ start: Int, _ end: Int) {
            var at = start
            while at < end {
                result.append((at, u16(at)))
                if u16(at) == 2 || u16(at) == 0x200 { walk(at + u16(at + 2), at + u32(at + 4)) }
                at += u32(at + 4)
            }
        }
        walk(0, bytes.count)
        return result
    }

    static func error(_ bytes: [UInt8], limits: AndroidResourceTable.Limits = .default) -> AndroidResourceTableError? {
        do {
            _ = try AndroidResourceTable(arsc: bytes, file: "bad.arsc", limits: limits)
            return nil
        } catch {
            return error
        }
    }

    static func set32(_ bytes: inout [UInt8], _ at: Int, _ value: UInt32) {
        for index in 0..<4 { bytes[at + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(index))) }
    }

    /// Every truncation of a table is refused, at a byte inside it, in well under a second.
    @Test func truncatedTablesAreRefused() throws {
        let bytes = try Self.arsc("app.apk")
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for length in 0..<bytes.count {
                let error = Self.error(Array(bytes[..<length]))
                #expect(error != nil && error!.offset <= max(length, 0) && error!.file == "bad.arsc", "\(length)")
            }
        }
        #expect(elapsed < .seconds(5))
        #expect(Self.error(Array(bytes[..<100]))?.description.contains("past the end of its container") == true)
    }

    /// Wrong sizes, huge counts and offsets past the end each give a located error.
    @Test func wrongSizesHugeCountsAndStrayOffsetsAreRefused() throws {
        let bytes = try Self.arsc("app.apk")
        let chunks = Self.chunks(bytes)
        let pool = try #require(chunks.first { $0.type == 1 }).offset
        let type = try #require(chunks.first { $0.type == 0x201 }).offset
        let spec = try #require(chunks.first { $0.type == 0x202 }).offset
        func refused(_ change: (inout [UInt8]) -> Void, _ problem: String, at offset: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        {
            var damaged = bytes
            change(&damaged)
            let error = Self.error(damaged)
            #expect(
                error?.problem.contains(problem) == true && error?.offset == offset, "\(String(describing: error))", sourceLocation: sourceLocation)
            #expect(error?.remedy.isEmpty == false, sourceLocation: sourceLocation)
        }
        refused({ Self.set32(&$0, 4, 0xFFFF_FF00) }, "past the end of its container", at: 4)
        refused({ Self.set32(&$0, 0, 0x0008_0003) }, "not a resource table", at: 0)
        refused({ Self.set32(&$0, pool + 8, 0xFFFF_FFFF) }, "more than its", at: pool + 8)
        refused({ Self.set32(&$0, pool + 20, 0x7FFF_FFFF) }, "outside the pool", at: pool + 20)
        refused({ Self.set32(&$0, pool + 28, 0x00FF_FFFF) }, "starts past the end of its pool", at: pool + 28)
        refused({ Self.set32(&$0, spec + 12, 0xFFFF_FFFF) }, "more than its", at: spec + 12)
        refused({ Self.set32(&$0, type + 12, 0x7FFF_FFFF) }, "do not fit between the header and the entries", at: type + 12)
        refused({ Self.set32(&$0, type + 16, 0x00FF_FFF0) }, "past the end of the type chunk", at: type + 16)
        refused({ Self.set32(&$0, type + 20, 0xFFFF) }, "does not fit the type header", at: type + 20)
        // The first entry offset of the first type, past the chunk; then a key past the names.
        let headerSize = Int(bytes[type + 2]) | Int(bytes[type + 3]) << 8
        let entries = type + Int(bytes[type + 16]) | Int(bytes[type + 17]) << 8
        // Reported where the offset is written, not where it points (past the table's end).
        refused({ Self.set32(&$0, type + headerSize, 0x00FF_FFF0) }, "points past the end of its type chunk", at: type + headerSize)
        refused({ Self.set32(&$0, entries + 4, 0xFFFF) }, "key index 65535", at: entries)
        refused({ Self.set32(&$0, type + 8, 0x0000_0063) }, "without a type spec", at: type + 8)
    }

    /// Limits cap what a table may make the reader keep.
    @Test func limitsAreEnforced() throws {
        let bytes = try Self.arsc("app.apk")
        #expect(Self.error(bytes, limits: .init(maximumEntryCount: 5))?.problem.contains("more than 5 entries") == true)
        #expect(Self.error(bytes, limits: .init(maximumTextBytes: 64))?.problem.contains("64 bytes of text") == true)
        #expect(Self.error(bytes, limits: .init(maximumTableSize: 1_000))?.problem.contains("over the limit") == true)
    }

    /// Seeded random damage never traps or hangs: each table is read or refused, and a
    /// refusal names a byte of the table (or its end), never one past it.
    @Test func randomDamageIsReadOrRefused() throws {
        var generator = SplitMix64(seed: 0xA11CE)
        for source in [try Self.arsc("app.apk"), try Self.arsc("app-sparse.apk")] {
            for _ in 0..<1_500 {
                var damaged = source
                for _ in 0..<(1 + Int(generator.next() % 4)) {
                    let at = Int(generator.next() % UInt64(damaged.count))
                    damaged[at] = UInt8(truncatingIfNeeded: generator.next())
                }
                if let error = Self.error(damaged) { #expect(error.offset >= 0 && error.offset <= damaged.count, "\(error)") }
            }
        }
        let pb = try #require(StoredZipEntry.read("base/resources.pb", in: try Fixtures.bytes(Self.built + "app.aab")))
        for _ in 0..<1_500 {
            var damaged = pb
            let at = Int(generator.next() % UInt64(damaged.count))
            damaged[at] = UInt8(truncatingIfNeeded: generator.next())
            do {
                _ = try AndroidResourceTable(protobuf: damaged)
            } catch {
                #expect(error.offset >= 0 && error.offset <= damaged.count, "\(error)")
            }
        }
    }

    /// A protobuf table cut inside a field, a length past the end, a varint too long, a group.
    @Test func damagedProtobufTablesAreRefused() throws {
        let pb = try #require(StoredZipEntry.read("base/resources.pb", in: try Fixtures.bytes(Self.built + "app.aab")))
        func problem(_ bytes: [UInt8]) -> String? {
            do {
                _ = try AndroidResourceTable(protobuf: bytes, file: "bad.pb")
                return nil
            } catch {
                return error.problem
            }
        }
        // The package field's length runs past the table once it is cut.
        #expect(problem(Array(pb[..<(pb.count - 1)]))?.contains("past the end of its message") == true)
        #expect(problem([0x12, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F])?.contains("past the end of its message") == true)
        #expect(problem([0x10] + Array(repeating: 0xFF, count: 10) + [0x01])?.contains("longer than 10 bytes") == true)
        #expect(problem([0x13])?.contains("wire type 3") == true)
        #expect(problem([])?.contains("no package") == true)
        // A locale aapt2 never writes.
        let package: [UInt8] =
            [0x1A, 0x14, 0x12, 0x06] + Array("string".utf8) + [0x1A, 0x0A, 0x32, 0x08, 0x0A, 0x06, 0x1A, 0x04] + Array("x_y!".utf8)
        #expect(problem([0x12, UInt8(package.count)] + package)?.contains("not a BCP 47 tag") == true)
        for length in 0..<pb.count { _ = problem(Array(pb[..<length])) }
    }

    // MARK: - aapt2 itself

    static let aapt2: String? = ["/usr/bin/aapt2", "/usr/local/bin/aapt2", "/opt/homebrew/bin/aapt2"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Each APK's strings per configuration are what `aapt2 dump resources` prints for it.
    @Test(.enabled(if: aapt2 != nil, "aapt2 is not installed (apt-get install aapt)"))
    func stringsEqualWhatAapt2Dumps() throws {
        for apk in ["app.apk", "app-sparse.apk"] + Self.splits {
            let dumped = try Self.dump(Fixtures.path(Self.built + apk))
            #expect(!dumped.isEmpty)
            #expect(Self.strings(try Self.table(apk)) == dumped, "\(apk)")
        }
    }

    /// `aapt2 dump resources`'s string entries: per folder, name → value in its notation, with
    /// bare numbers as the text getString returns.
    static func dump(_ path: String) throws -> [String: [String: String]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: aapt2!)
        process.arguments = ["dump", "resources", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var result: [String: [String: String]] = [:]
        var name: String?
        for line in output.split(separator: "\n") {
            if let match = line.firstMatch(of: /^    resource 0x[0-9a-f]{8} (\w+)\/(\w+)/) {
                name = match.output.1 == "string" ? String(match.output.2) : nil
            } else if let name, let match = line.firstMatch(of: /^      \(([^)]*)\) (.*)$/) {
                let folder = match.output.1.isEmpty ? "values" : "values-" + match.output.1
                var value = String(match.output.2)
                if value.hasPrefix("(styled string) ") { value = String(value[..<(value.lastIndex(of: "\"").map { value.index(after: $0) })!]) }
                if value.first!.isNumber || value.hasPrefix("#") || value == "true" || value == "false" { value = "\"\(value)\"" }
                result[folder, default: [:]][name] = value
            }
        }
        return result
    }
}

/// A stored (uncompressed) entry of a zip, found through the central directory: how aapt2
/// writes resources.arsc, and how the fixture bundle is zipped. Enough for tests.
enum StoredZipEntry {
    static func read(_ name: String, in zip: [UInt8]) -> [UInt8]? {
        func u16(_ at: Int) -> Int { Int(zip[at]) | Int(zip[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        guard let end = stride(from: zip.count - 22, through: 0, by: -1).first(where: { u32($0) == 0x0605_4b50 }) else { return nil }
        var at = u32(end + 16)
        for _ in 0..<u16(end + 10) {
            let nameLength = u16(at + 28)
            let entryName = String(decoding: zip[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            if entryName == name, u16(at + 10) == 0 {
                let local = u32(at + 42)
                let start = local + 30 + u16(local + 26) + u16(local + 28)
                return Array(zip[start..<(start + u32(at + 20))])
            }
            at += 46 + nameLength + u16(at + 30) + u16(at + 32)
        }
        return nil
    }
}
