import LocalizedAlerts

/// A strings.xml file's names and texts as UTF-8 bytes, already cut out: the floor of reading
/// the file into a dictionary, which is making each a String and inserting it.
public struct CutStrings: Sendable {
    let entries: [(name: [UInt8], text: [UInt8])]

    public init(_ strings: [(name: String, text: String)]) {
        entries = strings.map { (Array($0.name.utf8), Array($0.text.utf8)) }
    }

    public func dictionary() -> [String: String] {
        var strings: [String: String] = [:]
        strings.reserveCapacity(entries.count)
        for entry in entries { strings[String(decoding: entry.name, as: UTF8.self)] = String(decoding: entry.text, as: UTF8.self) }
        return strings
    }
}

extension AndroidStringsFile {
    /// Every string's text by name, as the XMLParser baseline's dictionary holds them
    /// (references followed inside the file, "" where one leads out of it).
    public func textsByName() -> [String: String] {
        var texts: [String: String] = [:]
        texts.reserveCapacity(strings.count)
        for position in strings.indices {
            let name = strings.name(at: position)
            switch strings.value(at: position) {
            case .text(let text): texts[name] = text
            case .reference: texts[name] = text(ofString: name) ?? ""
            }
        }
        return texts
    }
}
