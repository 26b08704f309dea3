import Foundation

/// What a provider writes with Foundation alone: JSONSerialization, the app's tables read by
/// PropertyListSerialization, the localization chosen once per language list and cached (in its
/// favour), a lookup per key and String(format:) with the loc-args.
public struct FoundationProvider: @unchecked Sendable {
    public let tables: [String: [String: String]]
    public let localizationOf: [[String]: String]

    public init(strings: String, languageLists: [[String]]) {
        var tables: [String: [String: String]] = [:]
        for folder in try! FileManager.default.contentsOfDirectory(atPath: strings) where folder.hasSuffix(".lproj") {
            guard let data = FileManager.default.contents(atPath: strings + "/" + folder + "/Localizable.strings") else { continue }
            tables[String(folder.dropLast(6))] = (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: String] ?? [:]
        }
        self.tables = tables
        var chosen: [[String]: String] = [:]
        // Bundle.preferredLocalizations answers the same localization for every list on Linux,
        // so the baseline matches by trimming subtags (fr-CA, then fr); it runs once per list.
        for languages in languageLists {
            chosen[languages] =
                languages.lazy.compactMap { language -> String? in
                    var parts = language.split(separator: "-").map(String.init)
                    while !parts.isEmpty {
                        if tables[parts.joined(separator: "-")] != nil { return parts.joined(separator: "-") }
                        parts.removeLast()
                    }
                    return nil
                }.first ?? "en"
        }
        self.localizationOf = chosen
    }

    public func render(_ object: [String: Any], _ languages: [String]) -> (title: String?, subtitle: String?, body: String?) {
        let table = tables[localizationOf[languages] ?? "en"] ?? [:]
        guard let aps = object["aps"] as? [String: Any] else { return (nil, nil, nil) }
        if let text = aps["alert"] as? String { return (nil, nil, text) }
        guard let alert = aps["alert"] as? [String: Any] else { return (nil, nil, nil) }
        func field(_ text: String, _ key: String, _ arguments: String) -> String? {
            guard let locKey = alert[key] as? String else { return alert[text] as? String }
            let format = table[locKey] ?? alert[text] as? String ?? locKey
            let args = (alert[arguments] as? [Any] ?? []).map { "\($0)" as CVarArg }
            return String(format: format, arguments: args)
        }
        return (
            field("title", "title-loc-key", "title-loc-args"), field("subtitle", "subtitle-loc-key", "subtitle-loc-args"),
            field("body", "loc-key", "loc-args")
        )
    }

    public func localizedObject(_ object: [String: Any], _ languages: [String]) -> [String: Any] {
        var object = object
        guard var aps = object["aps"] as? [String: Any], var alert = aps["alert"] as? [String: Any] else { return object }
        let texts = render(object, languages)
        for key in ["title-loc-key", "title-loc-args", "subtitle-loc-key", "subtitle-loc-args", "loc-key", "loc-args"] { alert[key] = nil }
        alert["title"] = texts.title
        alert["subtitle"] = texts.subtitle
        alert["body"] = texts.body
        aps["alert"] = alert
        object["aps"] = aps
        object["Simulator Target Bundle"] = nil
        return object
    }

    public func localize(_ data: Data, _ languages: [String]) -> Data {
        let object = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
        return try! JSONSerialization.data(withJSONObject: localizedObject(object, languages))
    }

    public func batchLine(_ line: Data, number: Int) -> Data {
        let request = try! JSONSerialization.jsonObject(with: line) as! [String: Any]
        let languages = request["languages"] as! [String]
        let localized = localizedObject(request["payload"] as! [String: Any], languages)
        let output: [String: Any] = [
            "line": number, "id": request["id"] ?? NSNull(), "localization": localizationOf[languages] ?? "en", "payload": localized,
        ]
        var data = try! JSONSerialization.data(withJSONObject: output)
        data.append(0x0A)
        return data
    }
}
