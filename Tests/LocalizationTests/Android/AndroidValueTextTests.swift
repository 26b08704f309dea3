import Testing

@testable import LocalizedAlerts

/// What `getString` gives for a resource that is not a string: aapt2's typed value, as
/// `TypedValue.coerceToString` writes it. The end-to-end differential (scripts/android/e2e)
/// checks these against aapt2 and Java on random values; these are its shapes, fixed.
@Suite("Android values that are not strings, as getString gives them")
struct AndroidValueTextTests {
    static func text(_ raw: String, _ type: String, format: String? = nil) -> String? {
        guard case .text(let text)? = AndroidValueText.value(ofRaw: raw, type: type, format: format) else { return nil }
        return text
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
        #expect(Self.text("1.5", "dimen", format: "float") == "1.5")
        #expect(Self.text("1.5dp", "dimen", format: "float") == nil)
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
        #expect(AndroidValueText.value(ofRaw: "@color/brand", type: "color", format: nil) == .reference(type: "color", name: "brand"))
    }
}
