import Foundation

/// What `JSONDecoder` reads a String Catalog into: the structs a provider would write to decode
/// the same information (the baseline of the catalog benchmarks).
public struct DecodedCatalog: Decodable {
    struct Unit: Decodable {
        var state: String?
        var value: String
    }
    struct Variations: Decodable {
        var plural: [String: Localization]?
        var device: [String: Localization]?
    }
    struct Substitution: Decodable {
        var argNum: Int?
        var formatSpecifier: String?
        var variations: Variations?
    }
    final class Localization: Decodable {
        var stringUnit: Unit?
        var variations: Variations?
        var substitutions: [String: Substitution]?
    }
    public struct Entry: Decodable {
        var comment: String?
        var extractionState: String?
        var shouldTranslate: Bool?
        var localizations: [String: Localization]?
    }
    var sourceLanguage: String
    var version: String?
    public var strings: [String: Entry]
}
