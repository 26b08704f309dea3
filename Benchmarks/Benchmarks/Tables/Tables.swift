import Benchmark
import Foundation
@_spi(Oracle) import LocalizedAlerts
import SampleInput

/// Table reading: this project's parser and Foundation's PropertyListSerialization on the same
/// bytes, in the same run. Each iteration reads the whole set once; divide the set's size by
/// the time per iteration for throughput.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResident],
        maxDuration: .seconds(5),
        maxIterations: 200
    )

    let utf8 = Corpus.load { $0.textEncoding == .utf8 || $0.textEncoding == .utf8WithBOM }
    let utf16 = Corpus.load { $0.textEncoding?.isUTF16 == true }
    let binary = Corpus.load { $0.format == .binaryPropertyList }
    print(
        "UTF-8 set: \(utf8.files.count) files, \(utf8.bytes) bytes; UTF-16 set: \(utf16.files.count) files, \(utf16.bytes) bytes; binary: \(binary.files.count) files, \(binary.bytes) bytes"
    )

    for (name, set) in [("UTF-8", utf8), ("UTF-16", utf16)] {
        Benchmark("Read \(name) .strings (\(set.bytes / 1024) KiB)/LocalizedAlerts") { benchmark in
            for _ in benchmark.scaledIterations {
                for file in set.files { blackHole(LocalizationTable(parsing: file).count) }
            }
        }
        Benchmark("Read \(name) .strings (\(set.bytes / 1024) KiB)/LocalizedAlerts + [String: String]") { benchmark in
            for _ in benchmark.scaledIterations {
                for file in set.files { blackHole(LocalizationTable(parsing: file).dictionary) }
            }
        }
        if name == "UTF-8" {
            Benchmark("Read \(name) .strings (\(set.bytes / 1024) KiB)/memchr scan for the quote character") { benchmark in
                for _ in benchmark.scaledIterations {
                    for file in set.files { blackHole(Corpus.quoteCount(file)) }
                }
            }
        }
        Benchmark("Read \(name) .strings (\(set.bytes / 1024) KiB)/Foundation PropertyListSerialization") { benchmark in
            for _ in benchmark.scaledIterations {
                for data in set.datas {
                    blackHole(try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String])
                }
            }
        }
    }

    // Compiled tables Foundation wrote from generated text tables: shapes the reader was not tuned on.
    let generatedText = (0..<12).map { GeneratedTables.strings(seed: UInt64($0), entries: 200 + $0 * 150) }
    let generatedBinary = generatedText.map { text -> [UInt8] in
        let dictionary = try! PropertyListSerialization.propertyList(from: Data(text), format: nil) as! [String: String]
        return [UInt8](try! PropertyListSerialization.data(fromPropertyList: dictionary, format: .binary, options: 0))
    }
    // The same generated tables as text: files the reader was not tuned on.
    let generatedSet = Corpus.Set(files: generatedText, datas: generatedText.map { Data($0) })
    precondition(generatedSet.files.allSatisfy { LocalizationTable(parsing: $0).isReadableOnDevice })
    Benchmark("Read UTF-8 .strings, generated (12 files, \(generatedSet.bytes / 1024) KiB)/LocalizedAlerts") { benchmark in
        for _ in benchmark.scaledIterations {
            for file in generatedSet.files { blackHole(LocalizationTable(parsing: file).count) }
        }
    }
    Benchmark("Read UTF-8 .strings, generated (12 files, \(generatedSet.bytes / 1024) KiB)/Foundation PropertyListSerialization") { benchmark in
        for _ in benchmark.scaledIterations {
            for data in generatedSet.datas { blackHole(try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String]) }
        }
    }
    Benchmark("Read UTF-8 .strings, generated (12 files, \(generatedSet.bytes / 1024) KiB)/memchr scan for the quote character") { benchmark in
        for _ in benchmark.scaledIterations {
            for file in generatedSet.files { blackHole(Corpus.quoteCount(file)) }
        }
    }
    let binarySets = [("corpus", binary), ("generated", Corpus.Set(files: generatedBinary, datas: generatedBinary.map { Data($0) }))]
    for (origin, set) in binarySets {
        precondition(set.files.allSatisfy { LocalizationTable(parsing: $0).isReadableOnDevice })
        Benchmark("Read compiled .strings, \(origin) (\(set.files.count) files, \(set.bytes / 1024) KiB)/LocalizedAlerts") { benchmark in
            for _ in benchmark.scaledIterations {
                for file in set.files { blackHole(LocalizationTable(parsing: file).count) }
            }
        }
        Benchmark("Read compiled .strings, \(origin) (\(set.files.count) files, \(set.bytes / 1024) KiB)/Foundation PropertyListSerialization") {
            benchmark in
            for _ in benchmark.scaledIterations {
                for data in set.datas {
                    blackHole(try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String])
                }
            }
        }
    }

    let stringsdictSets = [
        ("corpus", Corpus.loadFiles(suffix: ".stringsdict")),
        ("generated", Corpus.Set(files: GeneratedTables.stringsdicts(files: 24, seed: 17), datas: [])),
    ]
    for (origin, set) in stringsdictSets {
        let set = set.withDatas()
        for (file, data) in zip(set.files, set.datas) {
            precondition(StringsDictionary(parsing: file).isReadableOnDevice, String(decoding: file.prefix(300), as: UTF8.self))
            precondition((try? PropertyListSerialization.propertyList(from: data, format: nil)) is [String: Any])
        }
        let direct = set.files.filter { StringsDictionary.isReadDirectly($0) }.count
        print(".stringsdict, \(origin): \(direct) of \(set.files.count) files read straight from their bytes")
        Benchmark("Read .stringsdict, \(origin) (\(set.files.count) files, \(set.bytes / 1024) KiB)/LocalizedAlerts") { benchmark in
            for _ in benchmark.scaledIterations {
                for file in set.files { blackHole(StringsDictionary(parsing: file).entries.count) }
            }
        }
        Benchmark("Read .stringsdict, \(origin) (\(set.files.count) files, \(set.bytes / 1024) KiB)/Foundation PropertyListSerialization") {
            benchmark in
            for _ in benchmark.scaledIterations {
                for data in set.datas {
                    blackHole(try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
                }
            }
        }
    }

    let catalogSets = [
        ("corpus", Corpus.loadFiles(suffix: ".xcstrings") { !$0.contains("!") }),
        ("generated", Corpus.Set(files: GeneratedTables.catalogs(files: 9, seed: 17), datas: [])),
    ]
    for (origin, set) in catalogSets {
        let set = set.withDatas()
        for (file, data) in zip(set.files, set.datas) {
            let catalog = StringCatalog(parsing: file)
            precondition(catalog.isReadable && !catalog.strings.isEmpty)
            // What is measured is what the located JSON tree gives.
            let located = StringCatalog(parsing: file, file: nil, limits: .default, readingDirectly: false)
            precondition(catalog.strings == located.strings && catalog.diagnostics == located.diagnostics)
            do { _ = try JSONDecoder().decode(DecodedCatalog.self, from: data) } catch { fatalError("\(origin): \(error)") }
        }
        Benchmark("Read .xcstrings, \(origin) (\(set.files.count) files, \(set.bytes / 1024) KiB)/LocalizedAlerts") { benchmark in
            for _ in benchmark.scaledIterations {
                for file in set.files { blackHole(StringCatalog(parsing: file).strings.count) }
            }
        }
        // The findings about untranslated units are written when first read: a linter reads them.
        Benchmark("Read .xcstrings, \(origin) (\(set.files.count) files, \(set.bytes / 1024) KiB)/LocalizedAlerts, diagnostics read") {
            benchmark in
            for _ in benchmark.scaledIterations {
                for file in set.files { blackHole(StringCatalog(parsing: file).diagnostics.count) }
            }
        }
        Benchmark("Read .xcstrings, \(origin) (\(set.files.count) files, \(set.bytes / 1024) KiB)/Foundation JSONDecoder into structs") { benchmark in
            for _ in benchmark.scaledIterations {
                for data in set.datas { blackHole(try? JSONDecoder().decode(DecodedCatalog.self, from: data)) }
            }
        }
    }

    Benchmark(
        "Read a generated 100 MB .strings file",
        configuration: .init(metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal], maxDuration: .seconds(20), maxIterations: 3)
    ) { benchmark in
        let bytes = Corpus.generated(megabytes: 100)
        benchmark.startMeasurement()
        let table = LocalizationTable(parsing: bytes)
        benchmark.stopMeasurement()
        precondition(table.isReadableOnDevice && table.count > 1_000_000)
        blackHole(table)
    }
}

/// The generated tables and the floor a reader is compared with; the corpus itself is read by
/// SampleInput's ``Corpus``.
extension Corpus {
    /// The quotes in `file`, found with `memchr`: the floor a reader is compared with.
    static func quoteCount(_ file: [UInt8]) -> Int {
        var count = 0
        file.withUnsafeBufferPointer { buffer in
            guard var position = buffer.baseAddress else { return }
            let end = position + buffer.count
            while position < end, let found = memchr(position, 0x22, end - position) {
                count += 1
                position = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) + 1
            }
        }
        return count
    }

    /// A UTF-8 table of about `megabytes` MB in the shape of real files: a comment and an entry.
    static func generated(megabytes: Int) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(megabytes * 1_000_000 + 200)
        var index = 0
        while text.count < megabytes * 1_000_000 {
            text += Array("/* Label \(index) */\n\"screen.section.label.\(index)\" = \"Value number \(index) with %@ and text\";\n\n".utf8)
            index += 1
        }
        return text
    }
}
