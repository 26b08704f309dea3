import Foundation

/// A generated app's `res/values*/strings.xml`: the same string names in every folder, texts in
/// the folder's script with positional specifiers, escaped apostrophes and quotes, double-quoted
/// texts, `\n` and `\u` escapes, entities, `<xliff:g>` around placeholders, a few styled strings,
/// comments and texts wrapped over several lines.
public enum GeneratedResources {
    public static let folders: [(name: String, script: Int)] = [
        ("values", 0), ("values-fr", 0), ("values-fr-rCA", 0), ("values-de", 0), ("values-es", 0), ("values-es-rUS", 0), ("values-it", 0),
        ("values-pt-rBR", 0), ("values-pt-rPT", 0), ("values-nl", 0), ("values-sv", 0), ("values-da", 0), ("values-nb", 0), ("values-fi", 0),
        ("values-pl", 0), ("values-cs", 0), ("values-tr", 0), ("values-vi", 0), ("values-ru", 1), ("values-uk", 1), ("values-el", 2),
        ("values-ar", 3), ("values-iw", 4), ("values-hi", 5), ("values-th", 6), ("values-ja", 7), ("values-ko", 8), ("values-zh-rCN", 7),
        ("values-zh-rTW", 7), ("values-b+zh+Hant", 7),
    ]
    static let words: [[String]] = [
        ["message", "unread", "friend", "invited", "you", "à", "rejoindre", "conversación", "pedido", "enviado", "öffnen", "città", "możesz"],
        ["сообщение", "непрочитанное", "друг", "пригласил", "вас", "беседу", "заказ", "відправлено"],
        ["μήνυμα", "αδιάβαστο", "φίλος", "σας", "προσκάλεσε", "συνομιλία", "παραγγελία"],
        ["رسالة", "غير", "مقروءة", "دعاك", "صديقك", "إلى", "المحادثة", "طلبك", "شحن"],
        ["הודעה", "שלא", "נקראה", "חבר", "הזמין", "אותך", "לשיחה", "ההזמנה", "נשלחה"],
        ["संदेश", "अपठित", "मित्र", "ने", "आपको", "बातचीत", "में", "आमंत्रित", "किया"],
        ["ข้อความ", "ยังไม่ได้อ่าน", "เพื่อน", "เชิญ", "คุณ", "เข้าร่วม", "การสนทนา"],
        ["メッセージ", "未読", "友達", "招待", "しました", "会話", "订单", "已发货", "🎉"],
        ["메시지", "읽지", "않은", "친구가", "대화에", "초대했습니다", "주문", "배송"],
    ]

    /// `files` written as a `res/` folder under the temporary directory; its path.
    public static func write(_ files: [(folder: String, bytes: [UInt8])]) -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("localized-alerts-android-benchmark").path
        for file in files {
            try! FileManager.default.createDirectory(atPath: directory + "/" + file.folder, withIntermediateDirectories: true)
            // A benchmark over a folder missing a file would measure less than it says.
            try! Data(file.bytes).write(to: URL(fileURLWithPath: directory + "/" + file.folder + "/strings.xml"))
        }
        return directory
    }

    public static func files(strings count: Int, seed: UInt64) -> [(folder: String, bytes: [UInt8])] {
        folders.enumerated().map { index, folder in
            var g = SeededGenerator(state: seed &+ UInt64(index))
            var xml = """
                <?xml version="1.0" encoding="utf-8"?>
                <resources xmlns:tools="http://schemas.android.com/tools" xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">

                """
            for number in 0..<count {
                if g.chance(5) { xml += "    <!-- \(g.pick(["Inbox", "Orders", "Calls", "Settings"])) -->\n" }
                let attributes = folder.name == "values" && g.chance(3) ? #" translatable="false""# : ""
                xml += "    <string name=\"\(name(number))\"\(attributes)>\(value(number, script: folder.script, folder: folder.name, &g))</string>\n"
            }
            xml += "</resources>\n"
            return (folder.name, Array(xml.utf8))
        }
    }

    static func name(_ number: Int) -> String {
        switch number {
        case 0: "call_missed_title"
        case 1: "file_shared_body"
        default:
            "\(["inbox", "order", "call", "friend", "settings", "onboarding"][number % 6])_\(number)_\(["title", "body", "action", "summary"][number % 4])"
        }
    }

    static func value(_ number: Int, script: Int, folder: String, _ g: inout SeededGenerator) -> String {
        if number == 0 { return "\(folder) missed call" }
        if number == 1 {
            return #"<xliff:g id="name" example="Ana">%1$s</xliff:g> shared \"<xliff:g id="file">%2$s</xliff:g>\" (\#(folder))"#
        }
        let separator = script == 7 || script == 6 ? "" : " "
        var parts: [String] = []
        var argument = 0
        for _ in 0..<(2 + g.below(g.chance(10) ? 30 : 10)) {
            if g.chance(8), argument < 3 {
                argument += 1
                let specifier = "%\(argument)$\(g.pick(["s", "s", "d"]))"
                parts.append(g.chance(40) ? #"<xliff:g id="arg\#(argument)" example="Ana">\#(specifier)</xliff:g>"# : specifier)
            } else if g.chance(5) {
                parts.append(g.pick([#"\'"#, #"l\'app"#, #"\"quoted\""#, "\\n", "&amp;", "&lt;3", "\\u2026", "\\\\", "\\@home", "100%%"]))
            } else {
                parts.append(g.pick(words[script]))
            }
        }
        var text = parts.joined(separator: separator)
        if g.chance(3) {
            text = "<b>\(g.pick(words[script]))</b>\(separator)\(text)\(separator)<i>\(g.pick(words[script]))</i>"
        } else if g.chance(6) {
            text = "\"\(text) it's\""
        } else if g.chance(6) {
            text = "\n        \(text)\n        \(g.pick(words[script]))\n    "
        }
        return text
    }
}
