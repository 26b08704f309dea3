/// ICU's base name of a locale identifier (`uloc_getBaseName`) as Apple's ICU 76 computes it on
/// devices: language, script, region and variants, each recognised by its shape, keywords
/// dropped. Written out here because system ICU (72) differs on identifiers no device sends but
/// a provider may meet, and the matcher must read those as a device does:
///
/// | identifier | ICU 72 | ICU 76 |
/// |---|---|---|
/// | `Norwegian-u-nu-latn` (a BCP 47 extension after a subtag too long for BCP 47) | `norwegian__U_NU_LATN` | `norwegian` |
/// | `pt-abcdefgh-` (a trailing separator in the variants) | `pt__ABCDEFGH` | `pt__ABCDEFGH_` |
/// | `en-`, `-` | `en__`, `__` | `en`, `` |
/// | `und-Cyrl-BR`, `root` | `_Cyrl_BR`, `` | `und_Cyrl_BR`, `root` |
/// | `x_abcdefghij@k=v` (`x-`/`i-` and a language of 12 or more characters in all) | accepted | error |
///
/// Only the conversion of a whole BCP 47 tag (`en-US-u-ca-gregory`) and the ISO 639-2 / 3166
/// three-letter codes (`eng` → `en`, `USA` → `US`) are left to system ICU: they agree but for
/// four regions ICU 76 added.
enum LocaleBaseName {
    /// nil when ICU 76 reports an error, or when the base name does not fit `capacity` bytes
    /// with its terminating NUL.
    static func of(_ identifier: String, capacity: Int) -> String? {
        // C strings end at the first NUL.
        var id = Array(identifier.utf8.prefix { $0 != 0 })
        if hasBCP47Extension(id) {
            // Underscores become hyphens unless the identifier starts with a one-letter subtag.
            if id.contains(underscore) && id.count > 1 && !isSeparator(id[1]) {
                id = id.map { $0 == underscore ? hyphen : $0 }
            }
            let tag = String(decoding: id, as: UTF8.self)
            let converted = ICU.identifier(forLanguageTag: tag)
            if converted != tag { id = Array(converted.utf8) }
        }
        guard let base = parse(id) else { return nil }
        return base.count < capacity ? String(decoding: base, as: UTF8.self) : nil
    }

    private static let hyphen = UInt8(ascii: "-")
    private static let underscore = UInt8(ascii: "_")
    private static let at = UInt8(ascii: "@")
    private static let dot = UInt8(ascii: ".")
    /// A language of more than 11 characters is an error (ICU's 12-byte language buffer).
    private static let maximumLanguageLength = 11
    /// Variants longer than this are an error.
    private static let maximumVariantsLength = 179
    /// A POSIX charset (`.utf8`) longer than this is an error.
    private static let maximumCharsetLength = 64

    private static func isSeparator(_ byte: UInt8) -> Bool { byte == hyphen || byte == underscore }
    private static func isTerminator(_ byte: UInt8) -> Bool { byte == 0 || byte == dot || byte == at }
    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    private static func upper(_ byte: UInt8) -> UInt8 { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 0x20 : byte }
    private static func lower(_ byte: UInt8) -> UInt8 { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte }

    /// No `@`, and some subtag (not the last) is one character long: ICU then reads the
    /// identifier as a BCP 47 tag first.
    static func hasBCP47Extension(_ id: [UInt8]) -> Bool {
        guard !id.contains(at) else { return false }
        var shortest = id.count
        var run = 0
        for byte in id {
            if isSeparator(byte) {
                if run != 0 && run < shortest { shortest = run }
                run = 0
            } else {
                run += 1
            }
        }
        return shortest == 1
    }

    /// `_canonicalize` with keywords stripped: the subtags, then a POSIX charset, then an `@`
    /// part without `=` kept as it is.
    private static func parse(_ id: [UInt8]) -> [UInt8]? {
        func byte(_ index: Int) -> UInt8 { index < id.count ? id[index] : 0 }
        func isBCP47Extension(at index: Int) -> Bool {
            byte(index) == hyphen && "tTuUxX".utf8.contains(byte(index + 1)) && byte(index + 2) == hyphen
        }

        // Language: up to a separator or terminator; `x-` and `i-` belong to it.
        var length = isSeparator(byte(1)) && "xXiI".utf8.contains(byte(0)) ? 2 : 0
        while !isTerminator(byte(length)) && !isSeparator(byte(length)) {
            if length == maximumLanguageLength { return nil }
            length += 1
        }
        var tag = id[0..<length].map(lower)
        if length > 1 && isSeparator(byte(1)) { tag[1] = hyphen }
        if length == 3 { tag = threeLetterCode(tag, region: false) }
        var position = length

        // Script: exactly four letters.
        var script: [UInt8] = []
        if isSeparator(byte(position)) {
            let begin = position + 1
            var count = 0
            while count <= 4 && !isTerminator(byte(begin + count)) && !isSeparator(byte(begin + count)) && isLetter(byte(begin + count)) {
                count += 1
            }
            if count == 4 {
                script = [upper(id[begin])] + id[(begin + 1)..<(begin + 4)].map(lower)
                position = begin + 4
            }
        }

        // Region: two or three characters.
        var region: [UInt8] = []
        if isSeparator(byte(position)) {
            let begin = position + 1
            var count = 0
            while count <= 3 && !isTerminator(byte(begin + count)) && !isSeparator(byte(begin + count)) { count += 1 }
            if count >= 2 && count <= 3 {
                region = id[begin..<(begin + count)].map(upper)
                if count == 3 { region = threeLetterCode(region, region: true) }
                position = begin + count
            }
        }

        // Variants: the rest up to a terminator, unless a BCP 47 extension (`-u-`) follows.
        var variant: [UInt8] = []
        if isSeparator(byte(position)) && !isBCP47Extension(at: position) {
            if region.isEmpty && isSeparator(byte(position + 1)) { position += 1 }
            let begin = position + 1
            var index = 0
            while !isTerminator(byte(begin + index)) {
                if index >= maximumVariantsLength { return nil }
                variant.append(byte(begin + index) == hyphen ? underscore : upper(byte(begin + index)))
                index += 1
            }
            var end = begin + index
            if index == 0 {
                // Nothing after the separator: ICU takes the variant after the next `@`.
                if let keywords = id[begin...].firstIndex(of: at) {
                    let start = keywords + 1
                    while !isTerminator(byte(start + index)) {
                        if index >= maximumVariantsLength { return nil }
                        let character = byte(start + index)
                        variant.append(character == hyphen || character == UInt8(ascii: ",") ? underscore : upper(character))
                        index += 1
                    }
                    end = start + index
                } else {
                    end = begin
                }
            }
            if end != begin { position = end }
        }

        if !script.isEmpty { tag += [underscore] + script }
        if !region.isEmpty { tag += [underscore] + region }
        if !variant.isEmpty {
            if region.isEmpty { tag.append(underscore) }
            tag += [underscore] + variant
        }

        // A POSIX charset (`en_US.utf8`) is kept.
        if byte(position) == dot {
            tag.append(dot)
            position += 1
            let length = (id[position...].firstIndex(of: at) ?? id.count) - position
            if length > maximumCharsetLength { return nil }
            tag += id[position..<(position + length)]
            position += length
        }
        // An `@` part without `=` is a POSIX variant (`de@euro`) and is kept; keywords are not.
        if let keywords = id[position...].firstIndex(of: at), !id[keywords...].contains(UInt8(ascii: "=")) {
            tag += id[keywords...]
        }
        return tag
    }

    /// The two-letter code for an ISO 639-2 language or ISO 3166 alpha-3 region, from system
    /// ICU's tables; the code itself when there is none.
    private static func threeLetterCode(_ code: [UInt8], region: Bool) -> [UInt8] {
        let text = String(decoding: code, as: UTF8.self)
        guard text.utf8.allSatisfy(isLetter), text != "und" else { return code }
        if region {
            // Codes ICU 76 knows and 72 does not.
            let added = ["ASC": "AC", "CPT": "CP", "CRQ": "CQ", "TAA": "TA"]
            if let code = added[text] { return Array(code.utf8) }
            guard let base = ICU.baseName("xx_" + text, capacity: 16), base.hasPrefix("xx_") else { return code }
            return Array(base.utf8.dropFirst(3))
        }
        guard let base = ICU.baseName(text, capacity: 16), !base.isEmpty, !base.contains("_") else { return code }
        return Array(base.utf8)
    }
}
