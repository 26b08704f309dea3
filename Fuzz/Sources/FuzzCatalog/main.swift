import FuzzSupport
@_spi(Oracle) import LocalizedAlerts

/// The String Catalog reader. Invariants: locations inside the input; every language compiles
/// and every compiled value renders and formats; reading is deterministic; a catalog reads the
/// same straight from its bytes (what reading does when it can) and through the located JSON
/// tree.
let formatter = ServerFormatter(locale: "ar")

func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = FuzzDriver.bytes(data, count)
    let catalog = StringCatalog(parsing: bytes, file: "fuzz.xcstrings")
    // JSON is UTF-8: locations count in the bytes as given.
    let lines = Invariants.lines(bytes)
    var locations = Invariants.diagnosticLocations(catalog.diagnostics)
    locations += catalog.strings.compactMap(\.location)
    Invariants.locationsInside(locations, lines: lines, what: "catalog")
    for language in catalog.languages {
        for item in catalog.compiled(for: language) {
            if let location = item.location { Invariants.locationsInside([location], lines: lines, what: "compiled \(language)") }
            _ = item.value.deviceText()
            let (text, _) = formatter.format(item.value, arguments: ["3", "Ana"])
            guard text.utf8.count <= 4 << 20 else { violated("\(text.utf8.count) bytes from one value") }
        }
    }
    let again = StringCatalog(parsing: bytes, file: "fuzz.xcstrings")
    guard again.strings == catalog.strings, again.diagnostics == catalog.diagnostics else { violated("reading is not deterministic") }
    let located = StringCatalog(parsing: bytes, file: "fuzz.xcstrings", limits: .default, readingDirectly: false)
    guard located.strings == catalog.strings, located.diagnostics == catalog.diagnostics, located.languages == catalog.languages,
        located.sourceLanguage == catalog.sourceLanguage, located.version == catalog.version, located.isReadable == catalog.isReadable
    else { violated("the catalog reads differently through the located JSON tree") }
    return 0
}

FuzzDriver.run(fuzz)
