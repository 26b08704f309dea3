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

    /// The value of a values file's element of a simple type (`<color>`, `<dimen>`, `<bool>`,
    /// `<integer>`, `<fraction>`, or `<item type="…">` of one) as the phone's `getString` gives
    /// it: text, or a reference; nil for a value aapt2 does not accept for the type.
    static func value(ofRaw raw: String, type: String, format: String?) -> AndroidResourceValue? {
        let text = trimmed(raw)
        if let reference = AAPT2StringBuilder.reference(in: text) { return reference }
        let parsed: (type: UInt8, data: UInt32)?
        switch format ?? type {
        case "color": parsed = color(text)
        case "bool", "boolean": parsed = boolean(text)
        case "integer": parsed = integer(text)
        case "float": parsed = float(text, allowing: [typeFloat])
        case "dimen", "dimension": parsed = float(text, allowing: [typeFloat, typeDimension, typeFraction])
        case "fraction": parsed = float(text, allowing: [typeFloat, typeDimension, typeFraction])
        default: parsed = nil
        }
        return parsed.flatMap { coercedText(type: $0.type, data: $0.data) }.map { .text($0) }
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

    static func trimmed(_ text: String) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0B}" || $0 == "\u{0C}" }
        return String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }

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
    /// nil when the type is not among `allowing`.
    static func float(_ text: String, allowing: Set<UInt8>) -> (type: UInt8, data: UInt32)? {
        guard let first = text.utf8.first,
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) || first == UInt8(ascii: ".") || first == UInt8(ascii: "-")
                || first == UInt8(ascii: "+")
        else { return nil }
        // The longest prefix strtof reads: sign, digits, point, digits, exponent.
        let bytes = Array(text.utf8)
        var end = 0
        if end < bytes.count, bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "+") { end += 1 }
        var mantissaDigits = 0
        while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) {
            end += 1
            mantissaDigits += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: ".") {
            end += 1
            while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) {
                end += 1
                mantissaDigits += 1
            }
        }
        guard mantissaDigits > 0 else { return nil }
        if end < bytes.count, bytes[end] == UInt8(ascii: "e") || bytes[end] == UInt8(ascii: "E") {
            var exponentEnd = end + 1
            if exponentEnd < bytes.count, bytes[exponentEnd] == UInt8(ascii: "-") || bytes[exponentEnd] == UInt8(ascii: "+") { exponentEnd += 1 }
            let digitsStart = exponentEnd
            while exponentEnd < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[exponentEnd]) { exponentEnd += 1 }
            if exponentEnd > digitsStart { end = exponentEnd }
        }
        guard var number = Float(String(decoding: bytes[..<end], as: UTF8.self)) else { return nil }
        let unit = String(decoding: bytes[end...], as: UTF8.self)
        if unit.isEmpty {
            guard allowing.contains(typeFloat) else { return nil }
            return (typeFloat, number.bitPattern)
        }
        let units: [String: (type: UInt8, unit: UInt32, scale: Float)] = [
            "px": (typeDimension, 0, 1), "dip": (typeDimension, 1, 1), "dp": (typeDimension, 1, 1), "sp": (typeDimension, 2, 1),
            "pt": (typeDimension, 3, 1), "in": (typeDimension, 4, 1), "mm": (typeDimension, 5, 1), "%": (typeFraction, 0, 1.0 / 100),
            "%p": (typeFraction, 1, 1.0 / 100),
        ]
        guard let entry = units[unit], allowing.contains(entry.type) else { return nil }
        number *= entry.scale
        return (entry.type, entry.unit | complexBits(number))
    }

    /// The radix and mantissa bits of `ResTable::stringToFloat`'s complex encoding.
    static func complexBits(_ value: Float) -> UInt32 {
        let negative = value < 0
        let magnitude = negative ? -value : value
        let bits = UInt64(magnitude * Float(1 << 23) + 0.5)
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
