import Foundation

/// Tables generated from a seeded generator in shapes the readers were not tuned on:
/// varied key and text lengths, scripts, escapes and entities, plural, device and width rules,
/// catalog states, comments and substitutions. The same bytes go to both sides of a comparison.
public enum GeneratedTables {
    /// A small deterministic generator, so that every run reads the same files.
    public typealias Generator = SeededGenerator

    public static let words: [[String]] = [
        ["message", "unread", "friend", "invited", "you", "to", "join", "the", "conversation", "tap", "open", "order", "shipped"],
        ["Nachricht", "ungelesen", "Freundin", "hat", "dich", "eingeladen", "Unterhaltung", "Bestellung", "versandt", "öffnen"],
        ["メッセージ", "未読", "友達", "招待", "しました", "会話", "注文", "発送", "開く"],
        ["رسالة", "غير", "مقروءة", "دعاك", "صديقك", "إلى", "المحادثة", "طلبك", "شحن"],
        ["сообщение", "непрочитанное", "друг", "пригласил", "вас", "беседу", "заказ", "отправлен"],
        ["消息", "未读", "朋友", "邀请", "你", "加入", "对话", "订单", "已发货", "😀", "🎉"],
    ]
    public static let specifiers = ["%@", "%d", "%1$@", "%2$@", "%ld", "%lld", "%.1f", "%%", "%u"]

    public static func sentence(_ g: inout Generator, script: Int, escapes: Bool, entities: Bool = false) -> String {
        let count = 1 + g.below(g.chance(10) ? 60 : 14)
        var parts: [String] = []
        for _ in 0..<count {
            if g.chance(12) { parts.append(g.pick(specifiers)) } else { parts.append(g.pick(words[script])) }
        }
        var text = parts.joined(separator: script == 2 || script == 5 ? "" : " ")
        if escapes && g.chance(15) { text += g.pick(["\\n", "\\\"quoted\\\"", "\\t", "\\\\"]) }
        if entities && g.chance(15) { text += g.pick(["&amp;", "&lt;b&gt;", " &quot;x&quot;", "&#x2026;"]) }
        return text
    }

    public static func key(_ g: inout Generator, _ index: Int) -> String {
        let sections = ["inbox", "order", "call", "friend", "settings", "onboarding", "alert", "chat.group"]
        var key = "\(g.pick(sections)).\(index)"
        if g.chance(30) { key += ".\(g.pick(["title", "body", "subtitle", "action"]))" }
        if g.chance(10) { key = "Key with spaces \(index)" }
        return key
    }

    /// A UTF-8 `.strings` of `entries` entries with varied keys, texts, escapes and comments.
    public static func strings(seed: UInt64, entries: Int) -> [UInt8] {
        var g = Generator(state: seed)
        var text = ""
        for index in 0..<entries {
            if g.chance(40) { text += "/* \(sentence(&g, script: 0, escapes: false)) */\n" }
            text +=
                "\"\(key(&g, index))\" = \"\(sentence(&g, script: index % words.count, escapes: true))\";\n"
            if g.chance(30) { text += "\n" }
        }
        return Array(text.utf8)
    }

    /// `.stringsdict` files in XML: `files` files of 20–400 entries each, mostly plural rules
    /// (one to six forms, one or two variables), some device or width rules and plain strings.
    public static func stringsdicts(files: Int, seed: UInt64) -> [[UInt8]] {
        var g = Generator(state: seed)
        let forms = ["zero", "one", "two", "few", "many", "other"]
        return (0..<files).map { file in
            let script = file % words.count
            var xml =
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<dict>\n"
            for index in 0..<(20 + g.below(380)) {
                xml += "\t<key>\(key(&g, index))</key>\n"
                switch g.below(10) {
                case 0:
                    xml += "\t<string>\(sentence(&g, script: script, escapes: false, entities: true))</string>\n"
                case 1:
                    xml += "\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@device@</string>\n\t\t<key>device</key>\n\t\t<dict>\n"
                    xml += "\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringDeviceSpecificRuleType</string>\n"
                    for device in ["iphone", "ipad", "mac", "watch"] where g.chance(70) || device == "iphone" {
                        xml += "\t\t\t<key>\(device)</key>\n\t\t\t<string>\(sentence(&g, script: script, escapes: false))</string>\n"
                    }
                    xml += "\t\t</dict>\n\t</dict>\n"
                case 2:
                    xml += "\t<dict>\n\t\t<key>NSStringVariableWidthRuleType</key>\n\t\t<dict>\n"
                    for width in ["20", "50", "100"] {
                        xml += "\t\t\t<key>\(width)</key>\n\t\t\t<string>\(sentence(&g, script: script, escapes: false))</string>\n"
                    }
                    xml += "\t\t</dict>\n\t</dict>\n"
                default:
                    let variables = g.chance(20) ? ["count", "people"] : [g.pick(["count", "items", "messages", "n"])]
                    xml +=
                        "\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>"
                        + variables.enumerated().map { "%\($0.offset + 1)$#@\($0.element)@" }.joined(separator: " ") + "</string>\n"
                    for variable in variables {
                        xml +=
                            "\t\t<key>\(variable)</key>\n\t\t<dict>\n\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n"
                        xml += "\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>\(g.pick(["d", "ld", "lld", "u"]))</string>\n"
                        for form in forms where form == "other" || g.chance(45) {
                            xml +=
                                "\t\t\t<key>\(form)</key>\n\t\t\t<string>\(sentence(&g, script: script, escapes: false, entities: true))</string>\n"
                        }
                        xml += "\t\t</dict>\n"
                    }
                    xml += "\t</dict>\n"
                }
            }
            xml += "</dict>\n</plist>\n"
            return Array(xml.utf8)
        }
    }

    /// String Catalogs: `files` catalogs of 50–800 keys in 3–40 languages, with string units in
    /// every state, plural and device variations (nested sometimes), substitutions, comments,
    /// extraction states and shouldTranslate, written with Xcode's `" : "` spacing or compactly.
    public static func catalogs(files: Int, seed: UInt64) -> [[UInt8]] {
        var g = Generator(state: seed)
        let allLanguages = [
            "en", "fr", "de", "ja", "ar", "ru", "zh-Hans", "zh-Hant", "pt-BR", "pt-PT", "es", "es-419", "it", "ko", "he", "nl",
            "sv", "da", "fi", "nb", "pl", "cs", "tr", "uk", "el", "hu", "ro", "sk", "hr", "id", "ms", "th", "vi", "hi", "ca",
            "en-GB", "en-AU", "fr-CA", "de-CH", "bg",
        ]
        let states = ["translated", "translated", "translated", "translated", "needs_review", "new", "stale"]
        func json(_ s: String) -> String {
            var out = "\""
            for c in s.unicodeScalars {
                switch c {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                default: out.unicodeScalars.append(c)
                }
            }
            return out + "\""
        }
        return (0..<files).map { file in
            let spaced = file % 3 != 2
            let colon = spaced ? " : " : ":"
            let languages = Array(allLanguages.prefix(3 + g.below(38)))
            func unit(_ script: Int, _ indent: String) -> String {
                "{\n\(indent)  \"stringUnit\"\(colon){\n\(indent)    \"state\"\(colon)\(json(g.pick(states))),\n\(indent)    \"value\"\(colon)\(json(sentence(&g, script: script, escapes: false)))\n\(indent)  }\n\(indent)}"
            }
            func plural(_ script: Int, _ indent: String) -> String {
                var cases: [String] = []
                for form in ["zero", "one", "two", "few", "many", "other"] where form == "other" || g.chance(40) {
                    cases.append("\(indent)      \(json(form))\(colon)\(unit(script, indent + "      "))")
                }
                return "{\n\(indent)  \"variations\"\(colon){\n\(indent)    \"plural\"\(colon){\n" + cases.joined(separator: ",\n")
                    + "\n\(indent)    }\n\(indent)  }\n\(indent)}"
            }
            var text = "{\n  \"sourceLanguage\"\(colon)\"en\",\n  \"strings\"\(colon){\n"
            var entries: [String] = []
            for index in 0..<(50 + g.below(750)) {
                var members: [String] = []
                if g.chance(40) { members.append("      \"comment\"\(colon)\(json(sentence(&g, script: 0, escapes: false)))") }
                if g.chance(30) {
                    members.append("      \"extractionState\"\(colon)\(json(g.pick(["manual", "extracted_with_value", "stale", "migrated"])))")
                }
                if g.chance(3) { members.append("      \"shouldTranslate\"\(colon)false") }
                var localizations: [String] = []
                let shape = g.below(10)
                for (position, language) in languages.enumerated() where position == 0 || g.chance(85) {
                    let script = position % words.count
                    let value: String
                    switch shape {
                    case 0, 1: value = plural(script, "        ")
                    case 2:
                        value =
                            "{\n          \"variations\"\(colon){\n            \"device\"\(colon){\n              \"iphone\"\(colon)\(unit(script, "              ")),\n              \"other\"\(colon)\(g.chance(30) ? plural(script, "              ") : unit(script, "              "))\n            }\n          }\n        }"
                    case 3:
                        value =
                            "{\n          \"stringUnit\"\(colon){\n            \"state\"\(colon)\"translated\",\n            \"value\"\(colon)\"%#@items@ \(sentence(&g, script: script, escapes: false))\"\n          },\n          \"substitutions\"\(colon){\n            \"items\"\(colon){\n              \"argNum\"\(colon)1,\n              \"formatSpecifier\"\(colon)\"lld\",\n              \"variations\"\(colon){\n                \"plural\"\(colon){\n                  \"one\"\(colon)\(unit(script, "                  ")),\n                  \"other\"\(colon)\(unit(script, "                  "))\n                }\n              }\n            }\n          }\n        }"
                    default: value = unit(script, "        ")
                    }
                    localizations.append("        \(json(language))\(colon)\(value)")
                }
                members.append("      \"localizations\"\(colon){\n" + localizations.joined(separator: ",\n") + "\n      }")
                entries.append("    \(json(key(&g, index)))\(colon){\n" + members.joined(separator: ",\n") + "\n    }")
            }
            text += entries.joined(separator: ",\n") + "\n  },\n  \"version\"\(colon)\"1.0\"\n}\n"
            return Array(text.utf8)
        }
    }
}
