/// The text `Resources.getString` returns for a resource that is not a string (a loc key
/// naming `color/accent`, a numeric ID of a dimension): aapt2 compiles the value to a typed
/// `Res_value`, and `AssetManager.getResourceText` gives `TypedValue.coerceToString` of it.
///
/// Sources: AOSP `tools/aapt2/ResourceUtils.cpp` (`TryParseColor`, `ParseBool`, `TryParseInt`,
/// `TryParseFloat`), `libs/androidfw/ResourceTypes.cpp` (`stringToInt`, `stringToFloat`,
/// `parse_unit`), `core/java/android/util/TypedValue.java` (`coerceToString`,
/// `complexToFloat`).
enum AndroidValueText {
    /// `Res_value` data types.
    static let typeFloat: UInt8 = 0x04
    static let typeDimension: UInt8 = 0x05
    static let typeFraction: UInt8 = 0x06
    static let typeIntDecimal: UInt8 = 0x10
    static let typeIntHex: UInt8 = 0x11
    static let typeBoolean: UInt8 = 0x12
    static let typeColorARGB8: UInt8 = 0x1C
    static let typeColorRGB8: UInt8 = 0x1D
    static let typeColorARGB4: UInt8 = 0x1E
    static let typeColorRGB4: UInt8 = 0x1F

    /// The kinds of value a simple resource's element takes (aapt2's `ResTable_map` type mask);
    /// a reference, `@null` and `@empty` always.
    struct Accepted: OptionSet, Sendable {
        let rawValue: UInt8
        static let string = Accepted(rawValue: 1 << 0)
        static let integer = Accepted(rawValue: 1 << 1)
        static let boolean = Accepted(rawValue: 1 << 2)
        static let color = Accepted(rawValue: 1 << 3)
        static let float = Accepted(rawValue: 1 << 4)
        static let dimension = Accepted(rawValue: 1 << 5)
        static let fraction = Accepted(rawValue: 1 << 6)
        static let any: Accepted = [.string, .integer, .boolean, .color, .float, .dimension, .fraction]

        /// `ParseFormatTypeNoEnumsOrFlags`: one word (`reference` accepts references only).
        static let formats: [String: Accepted] = [
            "reference": [], "string": .string, "integer": .integer, "boolean": .boolean, "color": .color, "float": .float,
            "dimension": .dimension, "fraction": .fraction,
        ]

        /// What `ResourceParser::ParseResource` gives `ParseItem`: an `<item>`'s `format`
        /// (any kind when it has none or an empty one), or the element's own kinds (a `format`
        /// on `<dimen>` and the like is not read). Nil for a format aapt2 refuses.
        static func of(element: String, format: String?) -> Accepted? {
            if element == "item" {
                guard let format, !format.isEmpty else { return .any }
                return formats[format]
            }
            switch element {
            case "color": return .color
            case "bool": return .boolean
            case "integer": return .integer
            default: return [.float, .dimension, .fraction]  // <dimen>, <fraction>
            }
        }

        /// What a value must be, for a message.
        var expectation: String {
            var kinds: [String] = []
            if contains(.integer) { kinds.append("an integer") }
            if contains(.boolean) { kinds.append("true or false") }
            if contains(.color) { kinds.append("a colour (#rgb, #argb, #rrggbb or #aarrggbb)") }
            if contains(.float) { kinds.append("a number") }
            if contains(.dimension) { kinds.append("a dimension (a number with px, dp, dip, sp, pt, in or mm)") }
            if contains(.fraction) { kinds.append("a fraction (a number with % or %p)") }
            kinds.append("a reference")
            return kinds.joined(separator: ", ")
        }
    }

    /// What aapt2 compiles an unstyled simple value's text to (`ResourceParser::ParseXml`).
    enum Compiled: Equatable {
        /// A reference, `@null` or a typed value, as `getString` gives it.
        case value(AndroidResourceValue)
        /// No typed value, but a string is accepted: the text compiled as a `<string>`'s is.
        case string
        /// Nothing aapt2 accepts: the build fails.
        case invalid
    }

    /// `ResourceUtils::TryParseItemForAttribute` on the text, then a string where one is
    /// accepted, then `@null` for a blank text.
    static func compile(_ raw: String, accepting accepted: Accepted) -> Compiled {
        let text = AAPT2StringBuilder.trimmed(raw)
        if let reference = AAPT2StringBuilder.reference(in: text) { return .value(reference) }
        var parsed: (type: UInt8, data: UInt32)?
        if accepted.contains(.color) { parsed = color(text) }
        if parsed == nil, accepted.contains(.boolean) { parsed = boolean(text) }
        if parsed == nil, accepted.contains(.integer) { parsed = integer(text) }
        if parsed == nil, !accepted.isDisjoint(with: [.float, .dimension, .fraction]) { parsed = float(text, allowing: accepted) }
        if let parsed, let text = coercedText(type: parsed.type, data: parsed.data) { return .value(.text(text)) }
        if accepted.contains(.string) { return .string }
        return text.isEmpty ? .value(.reference(type: "null", name: "null")) : .invalid
    }

    /// Java's `TypedValue.coerceToString(type, data)`; nil for types it gives no text for.
    static func coercedText(type: UInt8, data: UInt32) -> String? {
        switch type {
        case typeFloat: return javaFloatString(Float(bitPattern: data))
        case typeDimension:
            let units = ["px", "dip", "sp", "pt", "in", "mm"]
            let unit = Int(data & 0xF)
            return javaFloatString(complexToFloat(data)) + (unit < units.count ? units[unit] : "")
        case typeFraction:
            let units = ["%", "%p"]
            let unit = Int(data & 0xF)
            return javaFloatString(complexToFloat(data) * 100) + (unit < units.count ? units[unit] : "")
        case typeIntDecimal: return String(Int32(bitPattern: data))
        case typeIntHex: return "0x" + String(data, radix: 16)
        case typeBoolean: return data != 0 ? "true" : "false"
        case typeColorARGB8...typeColorRGB4: return "#" + String(data, radix: 16)
        default: return nil
        }
    }

    /// `TypedValue.complexToFloat`: the 24-bit mantissa times its radix's multiplier, in
    /// float arithmetic as Java does it.
    static func complexToFloat(_ complex: UInt32) -> Float {
        let mantissaMultiplier: Float = 1.0 / Float(1 << 8)
        let multipliers: [Float] = [
            1.0 * mantissaMultiplier, 1.0 / Float(1 << 7) * mantissaMultiplier, 1.0 / Float(1 << 15) * mantissaMultiplier,
            1.0 / Float(1 << 23) * mantissaMultiplier,
        ]
        return Float(Int32(bitPattern: complex & 0xFFFF_FF00)) * multipliers[Int((complex >> 4) & 0x3)]
    }

    /// Java's `Float.toString`: plain decimals from 10⁻³ to 10⁷ (at least one digit after the
    /// point), computerized scientific notation (`1.0E7`) outside. The digits are the shortest
    /// that read back as the same float, which is what OpenJDK prints for the values a
    /// resource table holds.
    static func javaFloatString(_ value: Float) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == 0 { return value.sign == .minus ? "-0.0" : "0.0" }
        // Swift's description has the shortest digits; take them and the exponent apart.
        let description = String(describing: value.magnitude)
        var digits = ""
        var exponent = 0
        var pointSeen = false
        var exponentPart = ""
        var inExponent = false
        for character in description {
            if inExponent {
                exponentPart.append(character)
            } else if character == "e" {
                inExponent = true
            } else if character == "." {
                pointSeen = true
            } else {
                digits.append(character)
                if !pointSeen { exponent += 1 }
            }
        }
        exponent += Int(exponentPart) ?? 0
        // Leading zeros (0.001) move the exponent; trailing zeros are not digits.
        while digits.count > 1, digits.first == "0" {
            digits.removeFirst()
            exponent -= 1
        }
        while digits.count > 1, digits.last == "0" { digits.removeLast() }
        // value = 0.d1d2… × 10^exponent
        let sign = value < 0 ? "-" : ""
        let magnitude = value.magnitude
        if magnitude >= 1e-3, magnitude < 1e7 {
            if exponent <= 0 { return sign + "0." + String(repeating: "0", count: -exponent) + digits }
            if digits.count <= exponent { return sign + digits + String(repeating: "0", count: exponent - digits.count) + ".0" }
            return sign + digits.prefix(exponent) + "." + digits.dropFirst(exponent)
        }
        let fraction = digits.count > 1 ? String(digits.dropFirst()) : "0"
        return sign + String(digits.first!) + "." + fraction + "E" + String(exponent - 1)
    }

    // MARK: aapt2's parsers

    static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// `TryParseColor`: `#RGB`, `#ARGB`, `#RRGGBB`, `#AARRGGBB`.
    static func color(_ text: String) -> (type: UInt8, data: UInt32)? {
        let bytes = Array(text.utf8)
        guard bytes.first == UInt8(ascii: "#") else { return nil }
        let hex = bytes.dropFirst().map(hexDigit)
        guard !hex.contains(nil) else { return nil }
        let digits = hex.map { $0! }
        switch digits.count {
        case 3: return (typeColorRGB4, 0xFF00_0000 | digits.reduce(0) { $0 << 8 | $1 << 4 | $1 })
        case 4: return (typeColorARGB4, digits.reduce(0) { $0 << 8 | $1 << 4 | $1 })
        case 6: return (typeColorRGB8, 0xFF00_0000 | digits.reduce(0) { $0 << 4 | $1 })
        case 8: return (typeColorARGB8, digits.reduce(0) { $0 << 4 | $1 })
        default: return nil
        }
    }

    /// `ParseBool`.
    static func boolean(_ text: String) -> (type: UInt8, data: UInt32)? {
        switch text {
        case "true", "TRUE", "True": (typeBoolean, 0xFFFF_FFFF)
        case "false", "FALSE", "False": (typeBoolean, 0)
        default: nil
        }
    }

    /// `ResTable::stringToInt`: decimal within 32 bits signed, or `0x` hexadecimal within 32
    /// bits unsigned.
    static func integer(_ text: String) -> (type: UInt8, data: UInt32)? {
        let bytes = Array(text.utf8)
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { index = 1 }
        guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
        var value: Int64 = 0
        if bytes.count > index + 1, bytes[index] == UInt8(ascii: "0"), bytes[index + 1] == UInt8(ascii: "x") {
            guard !negative, bytes.count > index + 2 else { return nil }
            for byte in bytes[(index + 2)...] {
                guard let digit = hexDigit(byte) else { return nil }
                value = value * 16 + Int64(digit)
                guard value <= Int64(UInt32.max) else { return nil }
            }
            return (typeIntHex, UInt32(value))
        }
        for byte in bytes[index...] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            guard negative ? -value >= Int64(Int32.min) : value <= Int64(Int32.max) else { return nil }
        }
        return (typeIntDecimal, UInt32(bitPattern: Int32(negative ? -value : value)))
    }

    /// `ResTable::stringToFloat`: a float (`strtof`), with a unit a dimension or fraction;
    /// nil when its kind is not among `allowing`.
    static func float(_ text: String, allowing: Accepted) -> (type: UInt8, data: UInt32)? {
        guard let first = text.utf8.first,
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) || first == UInt8(ascii: ".") || first == UInt8(ascii: "-")
                || first == UInt8(ascii: "+")
        else { return nil }
        // stringToFloat copies the text into a 127-byte buffer and refuses a longer one.
        let bytes = Array(text.utf8)
        guard bytes.count <= 126 else { return nil }
        let end = strtofPrefixLength(bytes)
        // Swift's Float(_:) is the C library's strtof (in the C locale): the prefix's value.
        guard var number = Float(String(decoding: bytes[..<end], as: UTF8.self)) else { return nil }
        let unit = String(decoding: bytes[end...], as: UTF8.self)
        if unit.isEmpty {
            guard allowing.contains(.float) else { return nil }
            return (typeFloat, number.bitPattern)
        }
        guard let entry = units[unit], allowing.contains(entry.type == typeDimension ? .dimension : .fraction) else { return nil }
        number *= entry.scale
        return (entry.type, entry.unit | complexBits(number))
    }

    /// `parse_unit`'s units: the type, the unit's bits and the scale of the number.
    static let units: [String: (type: UInt8, unit: UInt32, scale: Float)] = [
        "px": (typeDimension, 0, 1), "dip": (typeDimension, 1, 1), "dp": (typeDimension, 1, 1), "sp": (typeDimension, 2, 1),
        "pt": (typeDimension, 3, 1), "in": (typeDimension, 4, 1), "mm": (typeDimension, 5, 1), "%": (typeFraction, 0, 1.0 / 100),
        "%p": (typeFraction, 1, 1.0 / 100),
    ]

    /// How many bytes of `bytes` glibc's `strtof` reads (0 for none): a sign, then `inf` or
    /// `infinity`, `nan` with an optional `(n-char-sequence)`, a hexadecimal float
    /// (`0x1.8p3`: at least one hexadecimal digit, a binary exponent only with digits), or a
    /// decimal one (`1.5e3`: at least one digit, an exponent only with digits). Letters in any
    /// case.
    static func strtofPrefixLength(_ bytes: [UInt8]) -> Int {
        func lower(_ index: Int) -> UInt8? { index < bytes.count ? bytes[index] | 0x20 : nil }
        func matches(_ word: String, at index: Int) -> Bool {
            word.utf8.enumerated().allSatisfy { lower(index + $0.offset) == $0.element }
        }
        func isDigit(_ index: Int, hexadecimal: Bool = false) -> Bool {
            guard index < bytes.count else { return false }
            let byte = bytes[index]
            return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (hexadecimal && (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20))
        }
        var index = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        if matches("inf", at: index) { return index + (matches("infinity", at: index) ? 8 : 3) }
        if matches("nan", at: index) {
            index += 3
            guard index < bytes.count, bytes[index] == UInt8(ascii: "(") else { return index }
            var close = index + 1
            while close < bytes.count,
                isDigit(close) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[close] | 0x20) || bytes[close] == UInt8(ascii: "_")
            {
                close += 1
            }
            return close < bytes.count && bytes[close] == UInt8(ascii: ")") ? close + 1 : index
        }
        let hexadecimal = bytes.count > index + 1 && bytes[index] == UInt8(ascii: "0") && lower(index + 1) == UInt8(ascii: "x")
        let mantissaStart = hexadecimal ? index + 2 : index
        var end = mantissaStart
        var digits = 0
        while isDigit(end, hexadecimal: hexadecimal) {
            end += 1
            digits += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: ".") {
            end += 1
            while isDigit(end, hexadecimal: hexadecimal) {
                end += 1
                digits += 1
            }
        }
        // "0x" without a digit is the number 0 followed by "x".
        if digits == 0 { return hexadecimal ? index + 1 : 0 }
        if lower(end) == (hexadecimal ? UInt8(ascii: "p") : UInt8(ascii: "e")) {
            var exponentEnd = end + 1
            if exponentEnd < bytes.count, bytes[exponentEnd] == UInt8(ascii: "-") || bytes[exponentEnd] == UInt8(ascii: "+") { exponentEnd += 1 }
            let digitsStart = exponentEnd
            while isDigit(exponentEnd) { exponentEnd += 1 }
            if exponentEnd > digitsStart { end = exponentEnd }
        }
        return end
    }

    /// The radix and mantissa bits of `ResTable::stringToFloat`'s complex encoding.
    static func complexBits(_ value: Float) -> UInt32 {
        let negative = value < 0
        let magnitude = negative ? -value : value
        let scaled = magnitude * Float(1 << 23) + 0.5
        // C's `(uint64_t)` of a float beyond 2⁶⁴ (or of infinity) is undefined; the x86-64 build
        // hosts aapt2 runs on yield a value whose mantissa bits are all zero, so such a value
        // keeps only its unit. (An arm64 host saturates instead: its aapt2 writes mantissa -1.)
        let bits: UInt64 = scaled < 0x1p64 ? UInt64(scaled) : 0
        let radix: UInt32
        let shift: UInt64
        if bits & 0x7F_FFFF == 0 {
            (radix, shift) = (0, 23)
        } else if bits & 0xFFFF_FFFF_FF80_0000 == 0 {
            (radix, shift) = (3, 0)
        } else if bits & 0xFFFF_FFFF_8000_0000 == 0 {
            (radix, shift) = (2, 8)
        } else if bits & 0xFFFF_FF80_0000_0000 == 0 {
            (radix, shift) = (1, 16)
        } else {
            (radix, shift) = (0, 23)
        }
        var mantissa = UInt32(truncatingIfNeeded: (bits >> shift) & 0xFF_FFFF)
        if negative { mantissa = (0 &- mantissa) & 0xFF_FFFF }
        return radix << 4 | mantissa << 8
    }
}
