import Testing

@testable import LocalizedAlerts

/// What `getString` gives for a resource that is not a string: aapt2's typed value, as
/// `TypedValue.coerceToString` writes it. The end-to-end differential (scripts/android/e2e)
/// checks these against aapt2 and Java on random values; these are its shapes, fixed.
@Suite("Android values that are not strings, as getString gives them")
struct AndroidValueTextTests {
    /// The text of `<element format="format">raw</element>`; nil unless a typed value.
    static func text(_ raw: String, _ element: String, format: String? = nil) -> String? {
        guard case .value(.text(let text)) = compiled(raw, element, format: format) else { return nil }
        return text
    }

    static func compiled(_ raw: String, _ element: String, format: String? = nil) -> AndroidValueText.Compiled? {
        AndroidValueText.Accepted.of(element: element, format: format).map { AndroidValueText.compile(raw, accepting: $0) }
    }

    @Test("colours in their four forms, as ARGB in lower-case hex without leading zeros")
    func colors() {
        #expect(Self.text("#f00", "color") == "#ffff0000")
        #expect(Self.text("#8F00", "color") == "#88ff0000")
        #expect(Self.text(" #ffd700\n", "color") == "#ffffd700")
        #expect(Self.text("#00112233", "color") == "#112233")
        #expect(Self.text("#12345", "color") == nil)
        #expect(Self.text("red", "color") == nil)
    }

    @Test("booleans and integers, decimal and hexadecimal, within 32 bits")
    func integers() {
        #expect(Self.text("True", "bool") == "true" && Self.text("FALSE", "bool") == "false" && Self.text("yes", "bool") == nil)
        #expect(Self.text("60", "integer") == "60")
        #expect(Self.text("-2147483648", "integer") == "-2147483648")
        #expect(Self.text("2147483648", "integer") == nil)
        #expect(Self.text("0x2a59A60d", "integer") == "0x2a59a60d")
        #expect(Self.text("0xffffffff", "integer") == "0xffffffff")
        #expect(Self.text("-0x1", "integer") == nil)
    }

    @Test("dimensions and fractions through the complex encoding, printed as Java prints floats")
    func complexValues() {
        #expect(Self.text("16dp", "dimen") == "16.0dip")
        #expect(Self.text("24dip", "dimen") == "24.0dip")
        #expect(Self.text("0.1sp", "dimen") == "0.100000024sp")
        #expect(Self.text("-2.5mm", "dimen") == "-2.5mm")
        #expect(Self.text("8388607pt", "dimen") == "8388607.0pt")
        #expect(Self.text("1e3px", "dimen") == "1000.0px")
        #expect(Self.text("50%", "fraction") == "50.0%")
        #expect(Self.text("25%p", "fraction") == "25.0%p")
        #expect(Self.text("16 dp", "dimen") == nil)
        #expect(Self.text("16em", "dimen") == nil)
        #expect(Self.text("1.5", "item", format: "float") == "1.5")
        #expect(Self.text("1.5dp", "item", format: "float") == nil)
    }

    /// The words aapt2 (Debian's, x86-64) linked for these texts, read back by libandroidfw.
    @Test("strtof's forms; a complex value beyond 2⁴¹ keeps only its unit; a number over 126 bytes is refused")
    func complexValuesAtTheirLimits() {
        let linked: [(text: String, type: UInt8, data: UInt32)] = [
            ("1e66%", 6, 0), ("-1e66%", 6, 0), ("3e20%", 6, 0), ("3.4e38px", 5, 0),
            ("2.2e12dp", 5, 1), ("1e39dp", 5, 1), (String(repeating: "1", count: 40) + "dp", 5, 1),
            ("1.5e12dp", 5, 4_160_749_569), ("2.1e12dp", 5, 3_254_779_905), ("-1.5e12dp", 5, 134_217_729),
            ("16777217.5dp", 5, 513), ("-8388609dp", 5, 2_147_483_393), ("1e-46dp", 5, 1), ("+3dp", 5, 769),
            (String(repeating: "0", count: 124) + "1%", 6, 21_474_864),
            // strtof's other forms: hexadecimal, infinity, NaN (with its payload), subnormal.
            ("0x10", 4, 1_098_907_648), ("0x1p3dp", 5, 2049), ("0x.8p1", 4, 1_065_353_216), ("0X1P-2", 4, 1_048_576_000),
            ("-inf", 4, 4_286_578_688), ("-INFdp", 5, 1), ("-infinitydp", 5, 1), ("+Infinity%", 6, 0), ("+nan", 4, 2_143_289_344),
            ("-nan(123)", 4, 4_290_773_115), ("-nandp", 5, 1), ("1e-40", 4, 71362), ("1e-50", 4, 0), ("0x1p-140", 4, 512),
        ]
        let types: AndroidValueText.Accepted = [.float, .dimension, .fraction]
        for (text, type, data) in linked {
            let parsed = AndroidValueText.float(text, allowing: types)
            #expect(parsed?.type == type && parsed?.data == data, "\(text)")
        }
        for refused in ["0x", "0xdp", "0xg", "-.", "1e", "1e+dp", ".e1", "1.5e3e", "+n", "-i", "00x10", ".5e", "inf", "nan"] {
            #expect(AndroidValueText.float(refused, allowing: types) == nil, "\(refused)")
        }
        #expect(AndroidValueText.float(String(repeating: "0", count: 125) + "1%", allowing: .fraction) == nil)
        #expect(Self.text("1e66%", "fraction") == "0.0%")
    }

    @Test("Java's Float.toString: plain from 10⁻³ to 10⁷, scientific outside")
    func javaFloats() {
        #expect(AndroidValueText.javaFloatString(1) == "1.0")
        #expect(AndroidValueText.javaFloatString(0.001) == "0.001")
        #expect(AndroidValueText.javaFloatString(0.0001) == "1.0E-4")
        #expect(AndroidValueText.javaFloatString(1e7) == "1.0E7")
        #expect(AndroidValueText.javaFloatString(9_999_999) == "9999999.0")
        #expect(AndroidValueText.javaFloatString(-123.25) == "-123.25")
        #expect(AndroidValueText.javaFloatString(1.5e-12) == "1.5E-12")
        #expect(AndroidValueText.javaFloatString(-0.0) == "-0.0")
    }

    @Test("a reference stays one, to be followed as the phone follows it")
    func references() {
        #expect(Self.compiled("@color/brand", "color") == .value(.reference(type: "color", name: "brand")))
        #expect(Self.compiled(" @dimen/gap ", "item", format: "reference") == .value(.reference(type: "dimen", name: "gap")))
    }

    /// What Debian's aapt2 (compile --legacy, then link) made of each, read back by libandroidfw.
    @Test("an element's kinds, an item's format or any kind, a string where one is taken, @null when blank")
    func kindsByElementAndFormat() {
        let null = AndroidValueText.Compiled.value(.reference(type: "null", name: "null"))
        // An <item> without a format takes any kind, in aapt2's order, and else the string.
        #expect(Self.text("16", "item") == "16")
        #expect(Self.text("#fff", "item") == "#ffffffff")
        #expect(Self.text("true", "item") == "true")
        #expect(Self.text("1.5", "item") == "1.5")
        #expect(Self.text("16dp", "item") == "16.0dip")
        #expect(Self.compiled("abc", "item") == .string)
        #expect(Self.compiled("abc", "item", format: "") == .string)
        #expect(Self.compiled("", "item") == .string)
        #expect(Self.compiled("abc", "item", format: "string") == .string)
        // An element takes its own kinds; a format on it is not read.
        #expect(Self.compiled("abc", "integer") == .invalid)
        #expect(Self.compiled("12.5", "integer") == .invalid)
        #expect(Self.compiled("red", "color") == .invalid)
        #expect(Self.compiled("#12345", "color") == .invalid)
        #expect(Self.compiled("maybe", "bool") == .invalid)
        #expect(Self.compiled("16em", "dimen") == .invalid)
        #expect(Self.compiled("\"16dp\"", "dimen") == .invalid)
        #expect(Self.text("16", "dimen") == "16.0")
        #expect(Self.text("50", "fraction") == "50.0")
        #expect(Self.text("1.5dp", "dimen", format: "float") == "1.5dip")
        #expect(Self.compiled("abc", "dimen", format: "string") == .invalid)
        #expect(Self.text("5", "fraction", format: "dimension") == "5.0")
        // An item's format takes its one kind.
        #expect(Self.compiled("5", "item", format: "dimension") == .invalid)
        #expect(Self.compiled("5%", "item", format: "dimension") == .invalid)
        #expect(Self.compiled("5dp", "item", format: "fraction") == .invalid)
        #expect(Self.compiled("16dp", "item", format: "reference") == .invalid)
        #expect(Self.text("0x10", "item", format: "integer") == "0x10")
        // A blank value that cannot be a string is @null.
        for element in ["color", "integer", "bool", "dimen"] { #expect(Self.compiled("  ", element) == null) }
        #expect(Self.compiled("", "item", format: "float") == null)
        // One word of eight, or aapt2 refuses the format.
        for format in ["float|integer", "integer|string", "enum", "flags", "bogus"] {
            #expect(AndroidValueText.Accepted.of(element: "item", format: format) == nil)
        }
    }
}
