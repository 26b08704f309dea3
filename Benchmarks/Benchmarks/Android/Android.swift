import Benchmark
import Foundation
import LocalizedAlerts
import SampleInput

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Android: reading a realistic app's `values*/strings.xml` files against Foundation's
/// XMLParser building the same name → text dictionary, and rendering an FCM message for both
/// phones against rendering an APNs payload for an iPhone alone; and a built APK's
/// `resources.arsc` read against `aapt2 dump resources` on the APK (`BuiltApp.swift`).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        maxDuration: .seconds(3),
        maxIterations: 1_000_000
    )
    readingBenchmarks()
    if let app = AppResourceFiles.fromEnvironment() { appReadingBenchmarks(app.directory, app.files) }
    renderingBenchmarks()
    builtAppBenchmarks()
}

/// 30 locale folders of 400 strings each, read whole in each iteration.
let readingBenchmarks: @Sendable () -> Void = {
    let files = GeneratedResources.files(strings: 400, seed: 7)
    let bytes = files.reduce(0) { $0 + $1.bytes.count }
    print("strings.xml set: \(files.count) files, \(bytes) bytes")
    for file in files {
        let read = AndroidStringsFile(parsing: file.bytes)
        precondition(read.diagnostics.isEmpty && read.strings.count == 400, "\(file.folder): \(read.diagnostics)")
        let baseline = XMLStringsCollector.read(Data(file.bytes))
        precondition(baseline.count == 400 && Set(baseline.keys) == Set(read.strings.names))
    }
    readingComparison("Read \(files.count) values*/strings.xml × 400 strings (\(bytes / 1024) KiB)", files, maxIterations: 500)
    loadingBenchmarks(GeneratedResources.write(files), "the generated res/ folder (\(files.count) files)")
}

/// A real app's files (``AppResourceFiles``), read whole in each iteration, with the same
/// baseline and floor as the generated set.
let appReadingBenchmarks: @Sendable (String, [(folder: String, bytes: [UInt8])]) -> Void = { directory, files in
    let bytes = files.reduce(0) { $0 + $1.bytes.count }
    let reads = files.map { AndroidStringsFile(parsing: $0.bytes) }
    let strings = reads.reduce(0) { $0 + $1.strings.count }
    let located = reads.filter { !$0.diagnostics.isEmpty }.count
    print("\(directory): \(files.count) files, \(bytes) bytes, \(strings) strings, \(located) with diagnostics")
    precondition(strings > 0, "\(directory) holds no <string>")
    let folder = (directory as NSString).lastPathComponent
    readingComparison("Read \(folder) values*/strings.xml: \(files.count) files, \(strings) strings (\(bytes / 1024) KiB)", files, maxIterations: 100)
    loadingBenchmarks(directory, "\(folder) res/ folder")
}

/// `files` read whole in each iteration by `AndroidStringsFile`, then with every text made into
/// the baseline's dictionary, by Foundation's XMLParser into a name → text dictionary (the
/// baseline), and the floor: the same dictionary made from names and texts already cut out,
/// which any reader handing back every string as a Swift String pays before reading a byte.
func readingComparison(_ name: String, _ files: [(folder: String, bytes: [UInt8])], maxIterations: Int) {
    let datas = files.map { Data($0.bytes) }
    Benchmark("\(name)/LocalizedAlerts AndroidStringsFile", configuration: .init(maxIterations: maxIterations)) { benchmark in
        for _ in benchmark.scaledIterations {
            for file in files { blackHole(AndroidStringsFile(parsing: file.bytes).strings.count) }
        }
    }
    // The table makes Strings when asked: every one asked for, into the baseline's dictionary.
    Benchmark("\(name)/LocalizedAlerts AndroidStringsFile, then every text into [String: String]", configuration: .init(maxIterations: maxIterations))
    {
        benchmark in
        for _ in benchmark.scaledIterations {
            for file in files { blackHole(AndroidStringsFile(parsing: file.bytes).textsByName().count) }
        }
    }
    Benchmark("\(name)/Foundation XMLParser into [String: String]", configuration: .init(maxIterations: maxIterations)) { benchmark in
        for _ in benchmark.scaledIterations {
            for data in datas { blackHole(XMLStringsCollector.read(data).count) }
        }
    }
    let cut = files.map { file in
        let read = AndroidStringsFile(parsing: file.bytes)
        return CutStrings(read.textsByName().map { ($0.key, $0.value) })
    }
    Benchmark(
        "\(name)/Swift Strings into [String: String] alone, names and texts already cut out", configuration: .init(maxIterations: maxIterations)
    ) {
        benchmark in
        for _ in benchmark.scaledIterations {
            for file in cut { blackHole(file.dictionary().count) }
        }
    }
}

/// An app's whole `res/` folder loaded into ``AndroidAppResources``, whose files are read on
/// every core, against the same model built from the files read one after another.
let loadingBenchmarks: @Sendable (String, String) -> Void = { directory, label in
    let folders = try! FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("values") }.sorted().map { folder in
        let files = try! FileManager.default.contentsOfDirectory(atPath: directory + "/" + folder).filter { $0.hasSuffix(".xml") }.sorted()
        return (name: folder, qualifiers: AndroidResourceFolder(name: folder)!, paths: files.map { directory + "/" + folder + "/" + $0 })
    }
    func oneAfterAnother() -> AndroidAppResources {
        AndroidAppResources(
            folders: folders.map { folder in
                .init(name: folder.name, qualifiers: folder.qualifiers, files: folder.paths.map { try! AndroidStringsFile(contentsOfFile: $0) })
            })
    }
    let loaded = try! AndroidAppResources(resourceDirectory: directory)
    precondition(loaded.locales == oneAfterAnother().locales && loaded.folders.count == folders.count)
    Benchmark("Load \(label)/LocalizedAlerts AndroidAppResources(resourceDirectory:)", configuration: .init(maxIterations: 200)) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try! AndroidAppResources(resourceDirectory: directory).locales.count) }
    }
    Benchmark("Load \(label)/the same files read one after another into AndroidAppResources(folders:)", configuration: .init(maxIterations: 200)) {
        benchmark in
        for _ in benchmark.scaledIterations { blackHole(oneAfterAnother().locales.count) }
    }
}

/// The sample app's payload (a title key, a body key with two arguments) for thirteen language
/// lists: sent through FCM to both phones, or as an APNs payload to an iPhone.
let renderingBenchmarks: @Sendable () -> Void = {
    let files = GeneratedResources.files(strings: 400, seed: 7)
    let resources = try! AndroidAppResources(resourceDirectory: GeneratedResources.write(files))
    precondition(resources.folders.count == files.count && resources.diagnostics.isEmpty)
    let renderer = AlertRenderer(app: try! AppLocalizations(directory: Sample.directory + "/strings"))
    let languageLists = Sample.languageLists
    let apns = #"{"aps":{"alert":{"title-loc-key":"call.missed.title","loc-key":"file.shared.body","loc-args":["Noor","Trip plan.pdf"]}}}"#
    let apnsBytes = Array(apns.utf8)
    let fcmBytes = Array(
        #"{"message":{"token":"bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1","android":{"priority":"high","notification":{"title_loc_key":"call_missed_title","body_loc_key":"file_shared_body","body_loc_args":["Noor","Trip plan.pdf"]}},"apns":{"headers":{"apns-priority":"10"},"payload":\#(apns)}}}"#
            .utf8)

    let message = FCMMessage(parsing: fcmBytes)
    let payload = NotificationPayload(parsing: apnsBytes)
    precondition(message.diagnostics.isEmpty && message.apnsPayload != nil)
    let android = AndroidRenderer.render(message, deviceLocales: ["fr-CA", "en"], resources: resources, appName: "Parcel")
    precondition(android.outcome == .shown && android.bodyFolder == "values-fr-rCA" && android.body?.hasPrefix("Noor ") == true, "\(android)")
    let iPhone = renderer.render(message.apnsPayload!, preferredLanguages: ["fr-CA", "en"])
    precondition(iPhone.body?.text == "Noor a partagé « Trip plan.pdf » avec vous.")
    precondition(renderer.render(payload, preferredLanguages: ["fr-CA", "en"]).body?.text == iPhone.body?.text)

    let name = "Render a title key + body key with two arguments for 13 language lists"
    Benchmark("\(name)/LocalizedAlerts FCM message bytes → Android + iPhone") { benchmark in
        for _ in benchmark.scaledIterations {
            for languages in languageLists {
                let message = FCMMessage(parsing: fcmBytes)
                blackHole(AndroidRenderer.render(message, deviceLocales: languages, resources: resources, appName: "Parcel"))
                blackHole(renderer.render(message.apnsPayload!, preferredLanguages: languages))
            }
        }
    }
    Benchmark("\(name)/LocalizedAlerts FCM message bytes → Android") { benchmark in
        for _ in benchmark.scaledIterations {
            for languages in languageLists {
                blackHole(AndroidRenderer.render(FCMMessage(parsing: fcmBytes), deviceLocales: languages, resources: resources, appName: "Parcel"))
            }
        }
    }
    Benchmark("\(name)/LocalizedAlerts APNs payload bytes → iPhone (AlertRenderer)") { benchmark in
        for _ in benchmark.scaledIterations {
            for languages in languageLists {
                blackHole(renderer.render(NotificationPayload(parsing: apnsBytes), preferredLanguages: languages))
            }
        }
    }
    Benchmark("\(name)/LocalizedAlerts parsed FCM message → Android") { benchmark in
        for _ in benchmark.scaledIterations {
            for languages in languageLists {
                blackHole(AndroidRenderer.render(message, deviceLocales: languages, resources: resources, appName: "Parcel"))
            }
        }
    }
    Benchmark("\(name)/LocalizedAlerts parsed APNs payload → iPhone (AlertRenderer)") { benchmark in
        for _ in benchmark.scaledIterations {
            for languages in languageLists {
                blackHole(renderer.render(payload, preferredLanguages: languages))
            }
        }
    }

    // The provider's path: bytes in, the localized message's bytes out, per language list;
    // the FCM message is the Android one alone (no apns member), the alert's texts the same.
    let androidOnlyBytes = Array(
        #"{"message":{"token":"bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1","android":{"priority":"high","notification":{"title_loc_key":"call_missed_title","body_loc_key":"file_shared_body","body_loc_args":["Noor","Trip plan.pdf"]}}}}"#
            .utf8)
    let androidApp = AndroidAlertRenderer(resources: resources, appName: "Parcel")
    let localizedMessage = androidApp.localize(FCMMessage(parsing: fcmBytes), preferredLanguages: ["fr-CA", "en"])
    precondition(localizedMessage.isSendable && localizedMessage.body == androidApp.render(message, deviceLocales: ["fr-CA", "en"]).body)
    precondition(renderer.localize(NotificationPayload(parsing: apnsBytes), preferredLanguages: ["fr-CA", "en"]).isSendable)
    let localizeName = "Localize a title key + body key with two arguments for 13 language lists, bytes to bytes"
    Benchmark("\(localizeName)/LocalizedAlerts FCM message → Android message (AndroidAlertRenderer)") { benchmark in
        for _ in benchmark.scaledIterations {
            for languages in languageLists {
                blackHole(androidApp.localize(FCMMessage(parsing: androidOnlyBytes), preferredLanguages: languages).messageBytes)
            }
        }
    }
    Benchmark("\(localizeName)/LocalizedAlerts APNs payload → iPhone payload (AlertRenderer, server mode)") { benchmark in
        for _ in benchmark.scaledIterations {
            for languages in languageLists {
                blackHole(renderer.localize(NotificationPayload(parsing: apnsBytes), preferredLanguages: languages).payloadBytes)
            }
        }
    }
}
