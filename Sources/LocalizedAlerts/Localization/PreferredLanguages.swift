/// A device's preferred languages, best first, as a client writes them: language IDs such as
/// `fr-CA`, `zh-Hant-HK`, `en_US` or `sr@latin`, each made of ASCII letters, digits and `-_@=.`.
///
/// The one rule for every way languages come in: `render-alert`'s `--language`, a batch line's
/// or an HTTP request's `"languages"`. Anything else (`fr;en`, an empty item, no language at
/// all) is refused, since it would match no localization and answer in the development region
/// as if that were what the device shows. An ID that no app has (`xx`) is taken: a device may
/// carry any, and the localization chosen for it says what it gets.
///
/// ```swift
/// PreferredLanguages.parse("fr-CA, en", naming: "--language")
/// // .success(["fr-CA", "en"])
/// PreferredLanguages.parse("fr;en", naming: "--language")
/// // .failure: --language takes language IDs separated by commas, such as fr-CA,en; got "fr;en" ("fr;en" is not a language ID)
/// PreferredLanguages.parse(items: ["fr-CA,en"], naming: #""languages""#)
/// // .failure: "languages" holds one language ID per item, such as ["fr-CA", "en"]; item 1 is "fr-CA,en", not a language ID
/// ```
public enum PreferredLanguages {
    /// Why a value is not a device's languages.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong, naming the value as given and the item at fault.
        public var message: String
        /// The message.
        public var description: String { message }

        /// A failure saying `message`.
        public init(message: String) { self.message = message }
    }

    /// Whether `text` is one language ID: not empty, and only ASCII letters, digits and `-_@=.`.
    public static func isLanguageID(_ text: some StringProtocol) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
                case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "@"), UInt8(ascii: "="), UInt8(ascii: "."): true
                default: false
                }
            }
    }

    /// Language IDs separated by commas (`fr-CA,en`), spaces around each dropped; at least one,
    /// and no empty item. `subject` names the value in the message (`--language`, `"languages"`).
    public static func parse(_ list: String, naming subject: String) -> Result<[String], Failure> {
        let items = list.split(separator: ",", omittingEmptySubsequences: false).map(trimmingSpaces)
        guard let bad = items.first(where: { !isLanguageID($0) }) else { return .success(items) }
        return .failure(
            Failure(
                message:
                    "\(subject) takes language IDs separated by commas, such as fr-CA,en; got \"\(list)\"\(bad.isEmpty ? " (an empty item)" : " (\"\(bad)\" is not a language ID)")"
            ))
    }

    /// One language ID per item (`["fr-CA", "en"]`), each taken as it is (a comma in an item is
    /// refused, not split); at least one. `subject` names the value in the message.
    public static func parse(items: [String], naming subject: String) -> Result<[String], Failure> {
        guard !items.isEmpty else {
            return .failure(Failure(message: "\(subject) holds no languages; give at least one, such as [\"fr-CA\", \"en\"]"))
        }
        guard let index = items.firstIndex(where: { !isLanguageID($0) }) else { return .success(items) }
        let item = items[index]
        return .failure(
            Failure(
                message:
                    "\(subject) holds one language ID per item, such as [\"fr-CA\", \"en\"]; item \(index + 1) is \(item.isEmpty ? "empty" : "\"\(item)\", not a language ID")"
            ))
    }

    private static func trimmingSpaces(_ item: Substring) -> String {
        var slice = item
        while slice.first == " " { slice.removeFirst() }
        while slice.last == " " { slice.removeLast() }
        return String(slice)
    }
}
