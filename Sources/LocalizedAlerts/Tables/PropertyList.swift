/// A property-list value with the location it was read from: what `.stringsdict` files and
/// compiled `.strings` files hold.
public struct PropertyListNode: Hashable, Sendable {
    /// The value.
    public var value: PropertyListValue
    /// Where the value starts (in a binary property list, line 1 and the object's byte offset plus one).
    public var location: SourceLocation

    /// A located value.
    public init(_ value: PropertyListValue, location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

/// A property-list value: the types XML and binary property lists can hold.
public enum PropertyListValue: Hashable, Sendable {
    case string(String)
    case integer(Int64)
    case real(Double)
    case boolean(Bool)
    /// Dates are kept as written (ISO 8601 in XML, seconds since 2001 in binary).
    case date(String)
    case data([UInt8])
    case array([PropertyListNode])
    /// Entries in file order; duplicate keys are all kept.
    case dictionary([DictionaryEntry])
    /// The null object of a compiled property list (marker 0x00), which CoreFoundation reads as
    /// `kCFNull`; XML has no way to write it.
    case null

    /// One key and its value in a dictionary, in file order.
    public struct DictionaryEntry: Hashable, Sendable {
        /// The key.
        public var key: String
        /// Where the key is written.
        public var keyLocation: SourceLocation
        /// The value.
        public var value: PropertyListNode

        /// A dictionary entry.
        public init(key: String, keyLocation: SourceLocation, value: PropertyListNode) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    /// The type name used in messages (`a dictionary`, `an integer`, …).
    public var kindDescription: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .real: "a real number"
        case .boolean: "a boolean"
        case .date: "a date"
        case .data: "data"
        case .array: "an array"
        case .dictionary: "a dictionary"
        case .null: "null"
        }
    }

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The entries in file order, when this is a dictionary.
    public var dictionaryEntries: [DictionaryEntry]? {
        if case .dictionary(let entries) = self { return entries }
        return nil
    }

    /// The last value for `key` in a dictionary (the one CoreFoundation keeps).
    public subscript(key: String) -> PropertyListNode? {
        guard case .dictionary(let entries) = self else { return nil }
        return entries.last(where: { $0.key == key })?.value
    }
}

/// The outcome of reading a property list: the root (nil when the file could not be read) and
/// what was noticed.
public struct PropertyListDocument: Sendable {
    /// The root value; nil when the file could not be read.
    public var root: PropertyListNode?
    /// Everything noticed while reading.
    public var diagnostics: [LocalizationDiagnostic]
    /// The decoded text of an XML property list (locations refer to it); nil for a binary one.
    public var source: SourceText?

    /// A read property list.
    public init(root: PropertyListNode?, diagnostics: [LocalizationDiagnostic], source: SourceText? = nil) {
        self.root = root
        self.diagnostics = diagnostics
        self.source = source
    }
}
