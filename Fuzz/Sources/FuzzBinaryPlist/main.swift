import FuzzSupport
import LocalizedAlerts

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

FuzzDriver.fixHashKeys()

/// Compiled property lists, structure-aware: the input is a recipe (see `BinaryPlistRecipe`)
/// for a `bplist00` file with a valid header and trailer, shared objects, cycles and hostile
/// counts, references, offsets and trailer fields; an input that starts with `bplist` is used
/// as the file itself (seeds from real compiled tables). The file goes to every consumer: the
/// compiled `.strings` reader (fast path for string-only dictionaries and the general path),
/// `.stringsdict`, `PropertyListReader`, then an app with that table and dictionary, linted,
/// rendered and localized for a payload that uses its keys.
///
/// Invariants: every location is line 1, column = offset + 1 inside the file; the `.strings`
/// reader agrees with `PropertyListReader` (same readability, same entries, same device table);
/// a table keeps at most 64 bytes per byte of file (+ 64 KiB); reading is deterministic;
/// rendering and server localization produce JSON and bounded text. libFuzzer's
/// `-rss_limit_mb`, `-malloc_limit_mb` and `-timeout` (scripts/fuzz.sh) catch amplification
/// that the invariants cannot see. `FUZZ_BPLIST_DUMP=path` writes the generated file (to
/// report a finding as the bytes a reader sees, not as a recipe).
let tablePath = "en.lproj/Localizable.strings"
let dictionaryPath = "en.lproj/Localizable.stringsdict"
let formatter = ServerFormatter(locale: "ru")
let dumpPath = getenv("FUZZ_BPLIST_DUMP").map { String(cString: $0) }

func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = FuzzDriver.bytes(data, count)
    // A real compiled file (a seed, or a finding written back) is taken as it is.
    let bytes = input.starts(with: Array("bplist".utf8)) ? input : BinaryPlistRecipe(input).serialized()
    if let dumpPath, let file = fopen(dumpPath, "wb") {
        _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }
    check(bytes)
    return 0
}

func check(_ bytes: [UInt8]) {
    // The generic reader.
    let document = PropertyListReader.read(bytes, file: tablePath)
    Invariants.locationsInside(
        Invariants.diagnosticLocations(document.diagnostics) + Bounded.locations(of: document.root), byteCount: bytes.count, what: "property list")

    // The compiled .strings reader, against the generic one.
    let table = LocalizationTable(parsing: bytes, file: tablePath)
    guard table.format == .binaryPropertyList else {
        // Foundation reads a compiled file it refuses as text next ("bplist00;" is a table), and
        // so does the toolkit; anything else read as text is a fault.
        guard document.root == nil, document.diagnostics.contains(where: { $0.id == .binaryPropertyListCorrupt }), table.isReadableOnDevice else {
            violated("a bplist00 file read as \(table.format)")
        }
        return
    }
    let entries = Array(table.entries)
    Invariants.locationsInside(
        Invariants.diagnosticLocations(table.diagnostics) + entries.flatMap { [$0.location, $0.valueLocation] }, byteCount: bytes.count,
        what: "binary table")
    agree(table, entries, document)
    guard table.memoryFootprint <= 64 * bytes.count + (64 << 10) else {
        violated("a \(bytes.count)-byte file holds \(table.memoryFootprint) bytes as a table (\(entries.count) entries)")
    }
    let again = LocalizationTable(parsing: bytes, file: tablePath)
    guard again.dictionary == table.dictionary, again.diagnostics == table.diagnostics else { violated("reading the table is not deterministic") }

    // The .stringsdict reader.
    let dictionary = StringsDictionary(parsing: bytes, file: dictionaryPath)
    Invariants.locationsInside(
        Invariants.diagnosticLocations(dictionary.diagnostics) + dictionary.entries.flatMap { [$0.location] + Bounded.locations(of: $0.value) },
        byteCount: bytes.count, what: "binary stringsdict")
    // A few entries: the file can hold 100,000 (the harness must not be what is slow).
    for entry in dictionary.entries.prefix(64) {
        _ = entry.value.deviceText()
        for arguments in [["1"], ["2.5", "x"], []] as [[FormatArgument]] {
            let (text, _) = formatter.format(entry.value, arguments: arguments)
            guard text.utf8.count <= 4 << 20 else { violated("\(text.utf8.count) bytes from one entry") }
        }
    }
    let dictionaryAgain = StringsDictionary(parsing: bytes, file: dictionaryPath)
    guard dictionaryAgain.diagnostics == dictionary.diagnostics, Bounded.summary(dictionaryAgain) == Bounded.summary(dictionary) else {
        violated("reading the stringsdict is not deterministic")
    }

    // An app with that table and dictionary: lint, render, localize.
    guard table.count > 0 || !dictionary.entries.isEmpty else { return }
    let app = AppLocalizations(
        developmentRegion: "en",
        localizations: [.init(name: "en", path: nil, tables: ["Localizable": table], stringsDictionaries: ["Localizable": dictionary])])
    let payload = NotificationPayload(
        parsing: Array(payloadJSON(titleKey: table.keys.first, bodyKey: dictionary.entries.first?.key).utf8), file: "fuzz.json")
    let findings = Linter().lint(app, payloads: [payload])
    Invariants.locationsInside(
        Invariants.diagnosticLocations(findings).filter { $0.file == tablePath || $0.file == dictionaryPath }, byteCount: bytes.count,
        what: "lint finding")
    let renderer = AlertRenderer(app: app)
    for languages in [["en"], ["fr"]] {
        let alert = renderer.render(payload, preferredLanguages: languages)
        for field in [alert.title, alert.subtitle, alert.body] {
            guard (field?.text.utf8.count ?? 0) <= 4 << 20 else { violated("a rendered field of \(field!.text.utf8.count) bytes") }
        }
        for mode in [LocalizationMode.server, .device] {
            let result = renderer.localize(payload, preferredLanguages: languages, mode: mode, fallback: .device)
            // With the device fallback, only a payload with errors of its own is refused.
            let broken = payload.diagnostics.contains { $0.severity == .error }
            guard let localized = result.payload?.serialized() else {
                guard broken else { violated("a payload without errors was refused with the device fallback: \(result.refusal ?? "")") }
                continue
            }
            guard !broken else { violated("a payload with errors was localized into one to send") }
            guard localized.utf8.count <= 16 << 20 else { violated("a localized payload of \(localized.utf8.count) bytes") }
            guard LocatedJSON.parse(localized).root != nil else { violated("a localized payload is not JSON") }
        }
    }
}

/// The compiled .strings reader (fast path or general) reads what the property-list reader
/// reads: the same readability, the same entries in order with the same locations, the same
/// device table (the last string value of a key).
func agree(_ table: LocalizationTable, _ entries: [LocalizationTable.Entry], _ document: PropertyListDocument) {
    guard let root = document.root else {
        guard !table.isReadableOnDevice, table.diagnostics.containsErrors else {
            violated("the property-list reader fails (\(document.diagnostics.first?.message ?? "no message")); the table is readable")
        }
        return
    }
    guard case .dictionary(let items) = root.value else {
        guard !table.isReadableOnDevice, table.diagnostics.contains(where: { $0.id == .notATable && $0.severity == .error }) else {
            violated("the root is \(root.value.kindDescription); the table does not say it is not a table")
        }
        return
    }
    guard table.isReadableOnDevice else {
        violated("the property-list reader reads a dictionary; the table is unreadable: \(table.diagnostics.first?.message ?? "")")
    }
    guard entries.count == items.count else { violated("\(items.count) dictionary entries, \(entries.count) table entries") }
    var expected: [String: String] = [:]
    var seen: Set<String> = []
    for (entry, item) in zip(entries, items) {
        // A compiled dictionary keeps the first of two equal keys (CFDictionaryCreate), whatever
        // its value: a null first hides a string after it.
        let isFirst = seen.insert(item.key).inserted
        guard entry.key == item.key, entry.location == item.keyLocation, entry.valueLocation == item.value.location else {
            violated("entry \(item.key.debugDescription) at \(item.keyLocation) reads as \(entry.key.debugDescription) at \(entry.location)")
        }
        if case .string(let value) = item.value.value {
            guard entry.valueKind == .string, entry.value == value else { violated("the value of \(item.key.debugDescription) differs") }
            if isFirst { expected[item.key] = value }
        } else if entry.valueKind == .string {
            violated("\(item.key.debugDescription) is \(item.value.value.kindDescription), read as a string")
        }
    }
    guard table.dictionary == expected else { violated("the device table differs from the property list's strings") }
}

/// Walks that stop after a fixed number of steps: shared objects make a small file a large
/// tree, and the harness must not be the one that explodes.
enum Bounded {
    static let limit = 20_000

    static func locations(of root: PropertyListNode?) -> [SourceLocation] {
        var result: [SourceLocation] = []
        var stack = root.map { [$0] } ?? []
        while let node = stack.popLast(), result.count < limit {
            result.append(node.location)
            switch node.value {
            case .array(let items):
                for item in items where stack.count < limit { stack.append(item) }
            case .dictionary(let entries):
                for entry in entries where stack.count < limit {
                    result.append(entry.keyLocation)
                    stack.append(entry.value)
                }
            default: break
            }
        }
        return result
    }

    static func locations(of value: LocalizedValue) -> [SourceLocation] {
        var result: [SourceLocation] = []
        var stack = [value]
        while let value = stack.popLast(), result.count < limit {
            switch value {
            case .text: break
            case .format(let format):
                result += [format.location].compactMap { $0 }
                for variable in format.variables {
                    result += [variable.location].compactMap { $0 } + variable.cases.compactMap(\.location)
                }
            case .deviceSpecific(let variants), .widthSpecific(let variants):
                for variant in variants where stack.count < limit {
                    result += [variant.location].compactMap { $0 }
                    stack.append(variant.value)
                }
            }
        }
        return result
    }

    /// What two readings must share, without comparing whole (possibly shared, deep) values.
    static func summary(_ dictionary: StringsDictionary) -> [String] {
        ["\(dictionary.entries.count) entries"]
            + dictionary.entries.prefix(1000).map { entry in
                let device = entry.value.deviceText()
                return "\(entry.key)\u{0}\(entry.location)\u{0}\(device.text)\u{0}\(device.isPlural)\u{0}\(locations(of: entry.value).prefix(64))"
            }
    }
}

/// A payload whose title and body use keys the table and the dictionary define.
func payloadJSON(titleKey: String?, bodyKey: String?) -> String {
    var alert: [String] = []
    if let titleKey { alert += ["\"title-loc-key\":\(Invariants.jsonString(titleKey))", "\"title-loc-args\":[\"3\"]"] }
    if let bodyKey { alert += ["\"loc-key\":\(Invariants.jsonString(bodyKey))", "\"loc-args\":[\"1\",\"2.5\",\"x\"]"] }
    return "{\"aps\":{\"alert\":{\(alert.joined(separator: ","))}}}"
}

FuzzDriver.run(fuzz)
