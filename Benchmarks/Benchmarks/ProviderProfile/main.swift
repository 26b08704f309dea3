import Foundation
@_spi(Oracle) import LocalizedAlerts
import LocalizedAlertsReports
import SampleInput

// The provider's path under a profiler, which package-benchmark's harness would blur: every
// sample payload for thirteen language lists (the Rendering benchmarks' varied input), ROUNDS
// times. Instructions per operation come from two callgrind runs, with ROUNDS and with 0 (the
// set-up alone): (total − set-up) / operations.
//
//   swift build -c release --product ProviderProfile
//   valgrind --tool=callgrind .build/release/ProviderProfile parse 20    # and again with 0
//
// Modes: parse (payload bytes → NotificationPayload), render (a parsed payload → RenderedAlert),
// bytes (both), render-facts and bytes-facts (render and bytes, findings not read), foundation-render,
// foundation-bytes and foundation-localize (the Rendering benchmark's Foundation baselines of
// render, bytes and localize), render-text and bytes-text (the same with `detail: .textOnly`), localize (bytes
// → localized payload bytes, server mode); android-read (the Android benchmark's 30 generated
// strings.xml files, read once per language list; android-read-strings, the same with every text
// then made into the baseline's dictionary; android-read-xmlparser, its baseline: the same
// files read by Foundation's XMLParser into a name → text dictionary; android-read-floor, the
// same dictionary made from names and texts already cut out); android-load (AndroidAppResources
// reading those files' res/ folder, once per language list); android-render (an FCM message →
// AndroidRenderer against them); the android-read modes and android-load read a real app's
// files instead when LOCALIZED_ALERTS_ANDROID_RES names its res/ folder; fcm-bytes (the Android
// benchmark's FCM message bytes → both phones); apns-bytes (the APNs payload that message
// carries, as bytes → iPhone: the per-phone baseline of fcm-bytes); apns-render (that payload,
// parsed, on the iPhone: the baseline of android-render); fcm-localize and apns-localize (the
// Android benchmark's localize rows: an Android-only FCM message and the APNs payload, bytes to
// bytes); lint (the Linting
// benchmark's generated 50-localization app, already read, linted with every rule and its 20
// payloads, once per round); batch (the Rendering benchmark's 10,000 NDJSON lines, localized
// once per round; foundation-batch, by its baseline); strings-read (every UTF-8 .strings of the corpus
// LOCALIZED_ALERTS_CORPUS names, or of the tests' copy, read once per round; with -foundation, by
// the Tables benchmark's baseline); strings-generated
// and strings-generated-foundation (the Tables benchmark's generated UTF-8 set, by the reader and
// by its baseline, once per round); catalog-read (the
// Tables benchmark's 9 generated String Catalogs, read once per round); catalog-read-corpus
// (every .xcstrings of the corpus, read once per round); catalog-read-located and
// catalog-read-corpus-located (the same through the located JSON tree only); catalog-read-foundation
// and catalog-read-corpus-foundation (the same by the baseline, JSONDecoder); stringsdict-read
// (the Tables benchmark's two .stringsdict sets, the corpus's and the generated one, read once
// per round); stringsdict-corpus and stringsdict-generated (one set each); the same three with
// -foundation (the benchmark's baseline: PropertyListSerialization on the same bytes).
let renderer = AlertRenderer(app: try AppLocalizations(directory: Sample.directory + "/strings"))
let payloads = Sample.payloads()
let languageLists = Sample.languageLists
let parsed = payloads.map { NotificationPayload(parsing: $0) }
let arguments = CommandLine.arguments.dropFirst()
let mode = arguments.first ?? "render"
let rounds = arguments.dropFirst().first.flatMap { Int($0) } ?? 100
// LOCALIZED_ALERTS_ANDROID_RES names a real app's res/ folder for the android-read modes.
let androidFiles =
    mode.hasPrefix("android-read")
    ? AppResourceFiles.fromEnvironment()?.files ?? GeneratedResources.files(strings: 400, seed: 7)
    : mode.hasPrefix("android") || mode == "fcm-bytes" ? GeneratedResources.files(strings: 400, seed: 7) : []
let androidDatas = mode == "android-read-xmlparser" ? androidFiles.map { Data($0.bytes) } : []
let androidCut: [CutStrings] =
    mode == "android-read-floor"
    ? androidFiles.map { file in
        let read = AndroidStringsFile(parsing: file.bytes)
        return CutStrings(read.textsByName().map { ($0.key, $0.value) })
    } : []
// android-load reads the res/ folder LOCALIZED_ALERTS_ANDROID_RES names, or the generated one.
let androidDirectory =
    mode == "android-load"
    ? AppResourceFiles.fromEnvironment()?.directory ?? GeneratedResources.write(GeneratedResources.files(strings: 400, seed: 7)) : ""
let androidResources =
    ["android-render", "fcm-bytes", "fcm-localize"].contains(mode)
    ? try AndroidAppResources(resourceDirectory: GeneratedResources.write(androidFiles)) : nil
let androidApp = androidResources.map { AndroidAlertRenderer(resources: $0, appName: "Parcel") }
// The Android benchmark's FCM message, with its apns.payload, as bytes.
let apns = #"{"aps":{"alert":{"title-loc-key":"call.missed.title","loc-key":"file.shared.body","loc-args":["Noor","Trip plan.pdf"]}}}"#
let apnsBytes = Array(apns.utf8)
let apnsPayload = NotificationPayload(parsing: apnsBytes)
// The Android benchmark's localized FCM message: the Android one alone, the same texts.
let androidOnlyBytes = Array(
    #"{"message":{"token":"bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1","android":{"priority":"high","notification":{"title_loc_key":"call_missed_title","body_loc_key":"file_shared_body","body_loc_args":["Noor","Trip plan.pdf"]}}}}"#
        .utf8)
let fcmBytes = Array(
    #"{"message":{"token":"bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1","android":{"priority":"high","notification":{"title_loc_key":"call_missed_title","body_loc_key":"file_shared_body","body_loc_args":["Noor","Trip plan.pdf"]}},"apns":{"headers":{"apns-priority":"10"},"payload":\#(apns)}}}"#
        .utf8)
// The Android benchmark's parsed message, as android-render takes it.
let message = FCMMessage(parsing: fcmBytes)
// The baseline of the render modes: the Rendering benchmark's Foundation provider.
let foundation =
    mode.hasPrefix("foundation-") ? FoundationProvider(strings: Sample.directory + "/strings", languageLists: languageLists) : nil
let foundationObjects = foundation == nil ? [] : payloads.map { try! JSONSerialization.jsonObject(with: Data($0)) as! [String: Any] }
let foundationDatas = foundation == nil ? [] : payloads.map { Data($0) }
var sink = 0
if mode == "strings-read" {
    // Every UTF-8 `.strings` under LOCALIZED_ALERTS_CORPUS (or the tests' copy), read ROUNDS times.
    let files = Corpus.load { $0.textEncoding == .utf8 || $0.textEncoding == .utf8WithBOM }.files
    for _ in 0..<rounds { for file in files { sink &+= LocalizationTable(parsing: file).count } }
    print("strings-read: \(rounds) × \(files.count) files (\(sink))")
    exit(0)
}
if mode == "strings-read-foundation" {
    // The same files read by the Tables benchmark's baseline, PropertyListSerialization.
    let datas = Corpus.load { $0.textEncoding == .utf8 || $0.textEncoding == .utf8WithBOM }.datas
    for _ in 0..<rounds {
        for data in datas { sink &+= (try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String])?.count ?? 0 }
    }
    print("strings-read-foundation: \(rounds) × \(datas.count) files (\(sink))")
    exit(0)
}
if mode.hasPrefix("strings-generated") {
    // The Tables benchmark's generated UTF-8 .strings set, read ROUNDS times; with -foundation,
    // by its baseline (PropertyListSerialization on the same bytes).
    let files = (0..<12).map { GeneratedTables.strings(seed: UInt64($0), entries: 200 + $0 * 150) }
    if mode.hasSuffix("-foundation") {
        let datas = files.map { Data($0) }
        for _ in 0..<rounds {
            for data in datas { sink &+= (try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String])?.count ?? 0 }
        }
    } else {
        for _ in 0..<rounds { for file in files { sink &+= LocalizationTable(parsing: file).count } }
    }
    print("\(mode): \(rounds) × \(files.count) files (\(sink))")
    exit(0)
}
if mode.hasPrefix("catalog-read") {
    // The catalogs of the Tables benchmark's two .xcstrings rows, read ROUNDS times.
    let files =
        mode.hasPrefix("catalog-read-corpus")
        ? Corpus.loadFiles(suffix: ".xcstrings") { !$0.contains("!") }.files : GeneratedTables.catalogs(files: 9, seed: 17)
    let direct = !mode.hasSuffix("-located")
    if mode.hasSuffix("-foundation") {
        // The Tables benchmark's baseline: JSONDecoder into the structs a provider would write.
        let datas = files.map { Data($0) }
        for _ in 0..<rounds { for data in datas { sink &+= (try? JSONDecoder().decode(DecodedCatalog.self, from: data))?.strings.count ?? 0 } }
    } else {
        for _ in 0..<rounds {
            for file in files { sink &+= StringCatalog(parsing: file, file: nil, limits: .default, readingDirectly: direct).strings.count }
        }
    }
    print("\(mode): \(rounds) × \(files.count) files (\(sink))")
    exit(0)
}
if mode.hasPrefix("stringsdict-") {
    // The Tables benchmark's .stringsdict sets, read ROUNDS times.
    var files: [[UInt8]] = []
    let set = mode.hasSuffix("-foundation") ? String(mode.dropLast("-foundation".count)) : mode
    if set != "stringsdict-generated" { files += Corpus.loadFiles(suffix: ".stringsdict").files }
    if set != "stringsdict-corpus" { files += GeneratedTables.stringsdicts(files: 24, seed: 17) }
    if mode.hasSuffix("-foundation") {
        let datas = files.map { Data($0) }
        for _ in 0..<rounds {
            for data in datas { sink &+= (try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])?.count ?? 0 }
        }
    } else {
        for _ in 0..<rounds { for file in files { sink &+= StringsDictionary(parsing: file).entries.count } }
    }
    print("\(mode): \(rounds) × \(files.count) files (\(sink))")
    exit(0)
}
if mode == "batch" || mode == "foundation-batch" {
    // The Rendering benchmark's batch: 10,000 NDJSON lines of varied payloads and languages.
    let lines = Sample.batchLines(count: 10_000)
    let lineDatas = foundation == nil ? [] : lines.map { Data($0) }
    // What `localize --batch` and the service answer lines with.
    let provider = ProviderLocalizer(apple: renderer, android: nil)
    for _ in 0..<rounds {
        if let foundation {
            for (index, line) in lineDatas.enumerated() { sink &+= foundation.batchLine(line, number: index + 1).count }
        } else {
            for (index, line) in lines.enumerated() {
                sink &+= provider.localize(batchLine: line, lineNumber: index + 1, fallback: .device).outputBytes().count
            }
        }
    }
    print("\(mode): \(rounds) × \(lines.count) lines (\(sink))")
    exit(0)
}
if mode == "lint" {
    let app = try AppLocalizations(directory: GeneratedApp.write().directory)
    let lintPayloads = GeneratedApp.payloads.map { NotificationPayload(parsing: $0) }
    for _ in 0..<rounds { sink &+= Linter().lint(app, payloads: lintPayloads).count }
    print("lint: \(rounds) lints (\(sink))")
    exit(0)
}
// The mode is chosen once: a switch of thirty string cases inside the loop would be counted
// in every operation.
let operation: ([String]) throws -> Void =
    switch mode {
    case "parse":
        { languages in
            for bytes in payloads { sink &+= NotificationPayload(parsing: bytes).diagnostics.count }
        }
    case "render":
        { languages in
            for payload in parsed { sink &+= renderer.render(payload, preferredLanguages: languages).diagnostics.count }
        }
    case "render-facts":
        { languages in
            // What the Rendering benchmark measures: findings recorded, not read.
            for payload in parsed { sink &+= renderer.render(payload, preferredLanguages: languages).body?.text.utf8.count ?? 0 }
        }
    case "foundation-render":
        { languages in
            // The Rendering benchmark's baselines, for instructions per operation against ours.
            for object in foundationObjects { sink &+= foundation!.render(object, languages).body?.utf8.count ?? 0 }
        }
    case "foundation-bytes":
        { languages in
            for data in foundationDatas {
                sink &+= foundation!.render(try! JSONSerialization.jsonObject(with: data) as! [String: Any], languages).body?.utf8.count ?? 0
            }
        }
    case "foundation-localize":
        { languages in
            for data in foundationDatas { sink &+= foundation!.localize(data, languages).count }
        }
    case "render-text":
        { languages in
            for payload in parsed { sink &+= renderer.render(payload, preferredLanguages: languages, detail: .textOnly).body?.text.utf8.count ?? 0 }
        }
    case "bytes-text":
        { languages in
            for bytes in payloads {
                sink &+=
                    renderer.render(NotificationPayload(parsing: bytes), preferredLanguages: languages, detail: .textOnly).body?.text.utf8.count ?? 0
            }
        }
    case "bytes-facts":
        { languages in
            // What the Rendering benchmark measures from bytes: findings recorded, not read.
            for bytes in payloads {
                sink &+= renderer.render(NotificationPayload(parsing: bytes), preferredLanguages: languages).body?.text.utf8.count ?? 0
            }
        }
    case "bytes":
        { languages in
            for bytes in payloads { sink &+= renderer.render(NotificationPayload(parsing: bytes), preferredLanguages: languages).diagnostics.count }
        }
    case "localize":
        { languages in
            for bytes in payloads {
                sink &+=
                    renderer.localize(NotificationPayload(parsing: bytes), preferredLanguages: languages, fallback: .device).payloadBytes?.count ?? 0
            }
        }
    case "android-read":
        { languages in
            for file in androidFiles { sink &+= AndroidStringsFile(parsing: file.bytes).strings.count }
        }
    case "android-read-strings":
        { languages in
            for file in androidFiles { sink &+= AndroidStringsFile(parsing: file.bytes).textsByName().count }
        }
    case "android-read-xmlparser":
        { languages in
            for data in androidDatas { sink &+= XMLStringsCollector.read(data).count }
        }
    case "android-read-floor":
        { languages in
            for file in androidCut { sink &+= file.dictionary().count }
        }
    case "android-load":
        { languages in
            sink &+= try AndroidAppResources(resourceDirectory: androidDirectory).locales.count
        }
    case "android-render":
        { languages in
            sink &+= AndroidRenderer.render(message, deviceLocales: languages, resources: androidResources!, appName: "Parcel").body?.utf8.count ?? 0
        }
    case "fcm-bytes":
        { languages in
            let parsed = FCMMessage(parsing: fcmBytes)
            sink &+= AndroidRenderer.render(parsed, deviceLocales: languages, resources: androidResources!, appName: "Parcel").body?.utf8.count ?? 0
            sink &+= renderer.render(parsed.apnsPayload!, preferredLanguages: languages).diagnostics.count
        }
    case "apns-bytes":
        { languages in
            sink &+= renderer.render(NotificationPayload(parsing: apnsBytes), preferredLanguages: languages).diagnostics.count
        }
    case "apns-render":
        { languages in
            // The Android benchmark's parsed APNs payload on the iPhone: the baseline of android-render.
            sink &+= renderer.render(apnsPayload, preferredLanguages: languages).body?.text.utf8.count ?? 0
        }
    case "fcm-localize":
        { languages in
            sink &+= androidApp!.localize(FCMMessage(parsing: androidOnlyBytes), preferredLanguages: languages).messageBytes?.count ?? 0
        }
    case "apns-localize":
        { languages in
            sink &+= renderer.localize(NotificationPayload(parsing: apnsBytes), preferredLanguages: languages).payloadBytes?.count ?? 0
        }
    default:
        fatalError(
            "mode: parse, render, render-facts, render-text, foundation-render, foundation-bytes, foundation-localize, bytes, bytes-facts, bytes-text, localize, android-read, android-read-strings, android-read-xmlparser, android-read-floor, android-load, android-render, fcm-bytes, apns-bytes, apns-render, fcm-localize or apns-localize"
        )
    }
for _ in 0..<rounds {
    for languages in languageLists { try operation(languages) }
}
let perRound =
    mode.hasPrefix("android-read")
    ? androidFiles.count
    : ["android-render", "android-load", "fcm-bytes", "apns-bytes", "apns-render", "fcm-localize", "apns-localize"].contains(mode)
        ? 1 : payloads.count
print("\(mode): \(rounds * languageLists.count * perRound) operations (\(sink))")
