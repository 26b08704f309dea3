/// A string both platforms define whose placeholders disagree: the server that fills one key
/// for both phones sends one list of arguments.
struct AndroidPlaceholdersRule: LintRule {
    /// `android.placeholders-differ-from-ios` (warning). A string name in both the iOS app's
    /// development-language Localizable table and Android's `values/` whose arguments differ in
    /// count, positions or types.
    static let id = DiagnosticID(
        "android.placeholders-differ-from-ios", .warning, .consistency,
        rationale:
            "A server that sends one key to both platforms sends the same arguments: when the Android string reads other positions or types than the iOS one, one of the phones shows the wrong value, drops one, or falls back.",
        example: "iOS \"new_photos\" = \"%@ shared %d photos\"; Android <string name=\"new_photos\">%1$s shared photos</string>")

    /// What an argument is read as, with the platforms' equivalents made one: `%@` and `%s`
    /// are text, `%d`, `%ld` and `%lld` an integer.
    enum Kind: String, Equatable {
        case text, integer
        case number = "floating-point number"
        case character, boolean, hash, date
    }

    /// The iOS value's arguments by position; nil for a value that is not a plain string.
    static func iOSSignature(_ value: LocalizationModel.Entry) -> [Int: Kind]? {
        guard value.localized == nil, !value.format.specifiers.contains(where: \.isVariable) else { return nil }
        var result: [Int: Kind] = [:]
        for (position, type) in IncompatibleSpecifiersRule.signature(value.format) {
            let kind: Kind? =
                switch type {
                case .object, .cString: .text
                case .integer: .integer
                case .double: .number
                case .character: .character
                case .pointer, .count: nil
                }
            guard let kind else { return nil }
            result[position] = kind
        }
        return result
    }

    /// The Android string's arguments by position, as `java.util.Formatter` reads them; nil for
    /// a format Java rejects (the renderer reports what that does).
    static func androidSignature(_ text: String) -> [Int: Kind]? {
        guard let pieces = try? JavaFormatter.parse(Array(text.utf16)) else { return nil }
        var result: [Int: Kind] = [:]
        var ordinary = 0
        var last = 0
        for case .specifier(let specifier) in pieces {
            let position: Int
            switch specifier.index {
            case -2: continue
            case -1: position = last
            case 0:
                ordinary += 1
                position = ordinary
            default: position = specifier.index
            }
            guard position > 0 else { return nil }
            last = position
            let kind: Kind =
                switch specifier.conversion {
                case "s": .text
                case "d", "o", "x": .integer
                case "e", "f", "g", "a": .number
                case "c": .character
                case "b": .boolean
                case "h": .hash
                default: .date
                }
            if result[position] == nil { result[position] = kind }
        }
        return result
    }

    /// `(text, integer)`, or with positions when some are skipped: `(1: text, 3: integer)`.
    static func describe(_ signature: [Int: Kind]) -> String {
        guard !signature.isEmpty else { return "no argument" }
        let positions = signature.keys.sorted()
        let numbered = positions.last != positions.count
        return "(" + positions.map { (numbered ? "\($0): " : "") + signature[$0]!.rawValue }.joined(separator: ", ") + ")"
    }

    func check(_ context: LintContext, into findings: inout LintFindings) {
        guard let android = context.android, let reference = context.reference,
            let table = context.model.table("Localizable", localization: reference)
        else { return }
        // Android's development language is the folder without qualifiers.
        for folder in android.folders where folder.name == "values" {
            for file in folder.files {
                for resource in file.strings {
                    guard resource.isFormatted, case .text(let text) = resource.value, let entry = table.entry(resource.name),
                        let iOS = Self.iOSSignature(entry), let androidArguments = Self.androidSignature(text), iOS != androidArguments
                    else { continue }
                    findings.append(
                        finding(
                            resource.location,
                            "\"\(resource.name)\" takes \(Self.describe(androidArguments)) on Android but \(Self.describe(iOS)) on iOS (\(reference)'s Localizable table)",
                            hint: "give both the same arguments in the same positions (%1$s on Android for %1$@ on iOS, %1$d for %1$d or %1$ld)",
                            notes: [LocalizationDiagnostic.Note(location: entry.location, message: "iOS (\(reference)): \"\(entry.text)\"")],
                            key: resource.name))
                }
            }
        }
    }
}
