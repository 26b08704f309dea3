import FuzzSupport
@_spi(Oracle) import LocalizedAlerts

/// The .stringsdict reader (XML or binary property lists). Invariants: locations inside the
/// input; the reading (straight from the bytes, when the direct reader takes them) is the
/// located property-list tree's in every part; every entry renders for a device and formats on
/// a server (plural rules, nested variables) within bounded time and output; reading is
/// deterministic.
let formatter = ServerFormatter(locale: "ru")

func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = FuzzDriver.bytes(data, count)
    let dictionary = StringsDictionary(parsing: bytes, file: "fuzz.stringsdict")
    let locations = Invariants.diagnosticLocations(dictionary.diagnostics) + dictionary.entries.map(\.location)
    if bytes.starts(with: Array("bplist".utf8)) {
        Invariants.locationsInside(locations, byteCount: bytes.count, what: "binary stringsdict")
    } else {
        Invariants.locationsInside(locations, lines: Invariants.lines(Array(SourceText.decode(bytes).utf8)), what: "stringsdict")
    }
    for entry in dictionary.entries {
        _ = entry.value.deviceText()
        for arguments in [["1"], ["2.5", "x"], ["-3", "0", "11"], []] as [[FormatArgument]] {
            let (text, _) = formatter.format(entry.value, arguments: arguments)
            guard text.utf8.count <= 4 << 20 else { violated("\(text.utf8.count) bytes from one entry") }
        }
    }
    let again = StringsDictionary(parsing: bytes, file: "fuzz.stringsdict")
    guard again.entries == dictionary.entries, again.diagnostics == dictionary.diagnostics else { violated("reading is not deterministic") }
    let located = StringsDictionary(parsing: bytes, file: "fuzz.stringsdict", readingDirectly: false)
    guard located.entries == dictionary.entries, located.diagnostics == dictionary.diagnostics,
        located.isReadableOnDevice == dictionary.isReadableOnDevice, located.source?.lines == dictionary.source?.lines
    else { violated("the direct reading differs from the located one") }
    return 0
}

FuzzDriver.run(fuzz)
