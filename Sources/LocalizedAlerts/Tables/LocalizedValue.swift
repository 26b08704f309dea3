/// A localized value beyond a plain string: what `.stringsdict` entries and String Catalog
/// variations hold. Both readers produce this one model, so that a catalog renders exactly
/// as its compiled `.strings` + `.stringsdict` would.
public indirect enum LocalizedValue: Hashable, Sendable {
    /// Plain text (a `.strings` value, or a stringsdict entry that is just a string).
    case text(String)
    /// `NSStringLocalizedFormatKey` with its variables (`%#@count@` and its plural forms).
    case format(LocalizedFormat)
    /// `NSStringDeviceSpecificRuleType` at the top of an entry: a value per device.
    case deviceSpecific([Variant])
    /// `NSStringVariableWidthRuleType` at the top of an entry: a value per display width.
    case widthSpecific([Variant])

    /// One value of a device or width rule.
    public struct Variant: Hashable, Sendable {
        /// A device (`iphone`, `mac`, `other`) or a width (`20`, `50`).
        public var name: String
        /// The value for that device or width.
        public var value: LocalizedValue
        /// Where the variant is written.
        public var location: SourceLocation?

        /// A variant of a device or width rule.
        public init(name: String, value: LocalizedValue, location: SourceLocation? = nil) {
            self.name = name
            self.value = value
            self.location = location
        }
    }

    /// What a device finds for the key in a notification: plain text, or, for a format with
    /// variables, the format key itself (plurals never resolve in a push). Device and width
    /// variants resolve for `device` and the largest width.
    public func deviceText(device: DeviceKind = .iphone) -> (text: String, isPlural: Bool) {
        switch self {
        case .text(let text): return (text, false)
        case .format(let format): return (format.formatKey, format.variables.contains { $0.kind == .plural })
        case .deviceSpecific(let variants):
            guard let chosen = LocalizedValue.chooseDevice(variants, device: device) else { return ("", false) }
            return chosen.value.deviceText(device: device)
        case .widthSpecific(let variants):
            guard let chosen = LocalizedValue.chooseWidth(variants, width: Int.max) else { return ("", false) }
            return chosen.value.deviceText(device: device)
        }
    }

    /// Every format the value holds: its own, or its variants', at any depth.
    var formats: [LocalizedFormat] {
        switch self {
        case .text: []
        case .format(let format): [format]
        case .deviceSpecific(let variants), .widthSpecific(let variants): variants.flatMap(\.value.formats)
        }
    }

    /// The device's variant, else `other`.
    static func chooseDevice(_ variants: [Variant], device: DeviceKind) -> Variant? {
        variants.first { $0.name == device.rawValue } ?? variants.first { $0.name == "other" }
    }

    /// Width rule: the exact width, else the largest below it, else the smallest.
    static func chooseWidth(_ variants: [Variant], width: Int) -> Variant? {
        let numbered = variants.compactMap { variant in Int(variant.name).map { ($0, variant) } }
        if let exact = numbered.first(where: { $0.0 == width }) { return exact.1 }
        if let below = numbered.filter({ $0.0 < width }).max(by: { $0.0 < $1.0 }) { return below.1 }
        return numbered.min(by: { $0.0 < $1.0 })?.1 ?? variants.first
    }
}

/// A format with variables: `NSStringLocalizedFormatKey` and one rule per variable.
public struct LocalizedFormat: Hashable, Sendable {
    /// `NSStringLocalizedFormatKey`: the format, with `%#@name@` where each variable goes.
    public var formatKey: String
    /// The variables the format names, in file order.
    public var variables: [Variable]
    /// Where the format key is written.
    public var location: SourceLocation?

    /// A format with its variables.
    public init(formatKey: String, variables: [Variable], location: SourceLocation? = nil) {
        self.formatKey = formatKey
        self.variables = variables
        self.location = location
    }

    /// The variable called `name`, if the format defines it.
    public func variable(named name: String) -> Variable? { variables.first { $0.name == name } }

    /// One `%#@name@` variable: how to choose among its cases.
    public struct Variable: Hashable, Sendable {
        /// The variable's name, as `%#@name@` writes it.
        public var name: String
        /// Which rule chooses among the cases.
        public var kind: Kind
        /// `NSStringFormatValueTypeKey` (`d`, `ld`, `f`, `@`…), or the catalog's format specifier.
        public var valueType: String?
        /// Category (`zero one two few many other`), device or width → format string.
        public var cases: [Case]
        /// Where the variable's dictionary is written.
        public var location: SourceLocation?

        /// The rule that chooses a variable's case: the number's plural category, the device, or the display
        /// width.
        public enum Kind: String, Hashable, Sendable {
            case plural, device, width
        }

        /// One case of a variable: its name (a plural category, a device or a width) and its format.
        public struct Case: Hashable, Sendable {
            /// The case's name: `zero`, `one`, `two`, `few`, `many`, `other`, a device, or a width.
            public var name: String
            /// The format used for this case.
            public var format: String
            /// Where the case's format is written.
            public var location: SourceLocation?

            /// A case of a variable.
            public init(name: String, format: String, location: SourceLocation? = nil) {
                self.name = name
                self.format = format
                self.location = location
            }
        }

        /// A variable with its cases.
        /// - Parameters:
        ///   - name: The name `%#@name@` uses.
        ///   - kind: The rule that chooses the case.
        ///   - valueType: `NSStringFormatValueTypeKey`, or the catalog's format specifier.
        ///   - cases: The cases, in file order.
        ///   - location: Where the variable is written.
        public init(name: String, kind: Kind, valueType: String?, cases: [Case], location: SourceLocation? = nil) {
            self.name = name
            self.kind = kind
            self.valueType = valueType
            self.cases = cases
            self.location = location
        }

        /// The format of the case called `name`, if the variable has one.
        public func format(for name: String) -> String? { cases.first { $0.name == name }?.format }
    }
}

/// Devices that stringsdict and String Catalog device variations name.
public enum DeviceKind: String, Hashable, Sendable, CaseIterable, Codable {
    case iphone, ipad, ipod, mac, applewatch, appletv, applevision

    /// Names a variation may use (`other` included).
    public static let variantNames: Set<String> = Set(allCases.map(\.rawValue) + ["other"])
}

/// CLDR plural categories, in their usual order.
public enum PluralCategory: String, Hashable, Sendable, CaseIterable, Comparable {
    case zero, one, two, few, many, other

    /// The category called `name`, as `init(rawValue:)` finds it, without comparing `name` with
    /// each category's name as a String: the names are ASCII, and none holds `K`, `;` or `` ` ``,
    /// the only characters Unicode holds equal to another past ASCII, so a name equal to one is
    /// written with its bytes.
    init?(named name: String) {
        var name = name
        let found = name.withUTF8 { bytes in
            Self.names.first { $0.utf8.count == bytes.count && $0.utf8.elementsEqual(bytes) }?.category
        }
        guard let found else { return nil }
        self = found
    }

    private static let names = allCases.map { (utf8: Array($0.rawValue.utf8), category: $0) }

    /// Orders categories as CLDR lists them: `zero` before `one` … before `other`.
    public static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
