import FuzzSupport
import LocalizedAlerts

/// A built app's resource table, both encodings: the input's first byte chooses `resources.arsc`
/// (even) or a bundle's `resources.pb` (odd), the rest is the table. Invariants: a refusal
/// names a byte inside the input; a table read renders messages naming its strings, by name,
/// by type and name and by ID, to a notification, a named crash, or nothing.
func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = FuzzDriver.bytes(data, count)
    guard let selector = input.first else { return 0 }
    let bytes = Array(input.dropFirst())
    let limits = AndroidResourceTable.Limits(maximumTableSize: 1 << 20, maximumEntryCount: 20_000, maximumTextBytes: 1 << 20)
    let table: AndroidResourceTable
    do {
        table =
            selector % 2 == 0
            ? try AndroidResourceTable(arsc: bytes, file: "resources.arsc", limits: limits)
            : try AndroidResourceTable(protobuf: bytes, file: "resources.pb", limits: limits)
    } catch {
        if error.offset < 0 || error.offset > bytes.count { violated("a refusal at byte \(error.offset) of \(bytes.count)") }
        if error.problem.isEmpty || error.remedy.isEmpty { violated("a refusal without its problem or remedy") }
        return 0
    }
    let resources = AndroidAppResources(builtApp: table)
    // Keys of every kind the phone reads: a few names of the table, typed, and IDs.
    var keys = table.resourceNames.sorted { $0.key < $1.key }.prefix(4).flatMap { [$0.value.name, $0.value.description, String($0.key)] }
    keys.append("0")
    for key in keys.prefix(8) {
        let quoted = Invariants.jsonString(key)
        let message = FCMMessage(
            parsing: Array(
                #"{"message": {"android": {"notification": {"title_loc_key": \#(quoted), "body_loc_key": \#(quoted), "body_loc_args": ["a"]}}}}"#.utf8
            ))
        for locales in [["fr-CA"], ["en-US", "ar"]] {
            let rendering = AndroidRenderer.render(message, deviceLocales: locales, resources: resources, appName: "App")
            switch rendering.outcome {
            case .shown: if rendering.title == nil { violated("a shown notification without a title") }
            case .crash(let exception): if exception.isEmpty { violated("a crash without its exception") }
            case .notDisplayed: violated("a notification message not displayed")
            }
        }
    }
    return 0
}

FuzzDriver.run(fuzz)
