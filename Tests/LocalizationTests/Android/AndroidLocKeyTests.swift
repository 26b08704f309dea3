import Testing

@testable import LocalizedAlerts

/// A loc key as `Resources.getIdentifier(key, "string", package)` reads it: `Integer.parseInt`
/// first (`ResourcesImpl.getIdentifier`), then libandroidfw's `ExtractResourceName`.
@Suite("Android loc keys as getIdentifier reads them")
struct AndroidLocKeyTests {
    @Test("a number in Java's sense is a resource ID")
    func numbers() {
        #expect(AndroidLocKey("123") == .identifier(123))
        #expect(AndroidLocKey("+5") == .identifier(5))
        #expect(AndroidLocKey("-1") == .identifier(-1))
        #expect(AndroidLocKey("0") == .identifier(0))
        #expect(AndroidLocKey("2130837504") == .identifier(2_130_837_504))
        #expect(AndroidLocKey("-2147483648") == .identifier(Int32.min))
        // Character.digit takes any script's decimal digits.
        #expect(AndroidLocKey("١٢") == .identifier(12))
        #expect(AndroidLocKey("１２") == .identifier(12))
        // Past 32 bits, or not only digits: a name.
        #expect(AndroidLocKey("2147483648") == .name(AndroidResourceName(type: "string", name: "2147483648"), package: nil))
        #expect(AndroidLocKey("12a") == .name(AndroidResourceName(type: "string", name: "12a"), package: nil))
        #expect(AndroidLocKey("-") == .name(AndroidResourceName(type: "string", name: "-"), package: nil))
    }

    @Test("[package:][type/]name, each part present when its separator is")
    func names() {
        #expect(AndroidLocKey("title") == .name(AndroidResourceName(type: "string", name: "title"), package: nil))
        #expect(AndroidLocKey("string/title") == .name(AndroidResourceName(type: "string", name: "title"), package: nil))
        #expect(AndroidLocKey("color/accent") == .name(AndroidResourceName(type: "color", name: "accent"), package: nil))
        #expect(AndroidLocKey("com.example:string/title") == .name(AndroidResourceName(type: "string", name: "title"), package: "com.example"))
        #expect(AndroidLocKey("com.example:title") == .name(AndroidResourceName(type: "string", name: "title"), package: "com.example"))
        // Only the first '/' ends the type.
        #expect(AndroidLocKey("string/a/b") == .name(AndroidResourceName(type: "string", name: "a/b"), package: nil))
        #expect(AndroidLocKey(":title") == .invalid)
        #expect(AndroidLocKey("/title") == .invalid)
        #expect(AndroidLocKey("string/") == .invalid)
        // Java splits at the character '/', even where a combining mark follows it and makes
        // one grapheme of the two.
        #expect(AndroidLocKey("string/\u{301}title") == .name(AndroidResourceName(type: "string", name: "\u{301}title"), package: nil))
        #expect(AndroidLocKey("pkg:\u{301}t") == .name(AndroidResourceName(type: "string", name: "\u{301}t"), package: "pkg"))
        // A key that starts with a letter is never a number, and one with another script's
        // digits still is.
        #expect(AndroidLocKey("é12") == .name(AndroidResourceName(type: "string", name: "é12"), package: nil))
        #expect(AndroidLocKey("٣") == .identifier(3))
    }
}
