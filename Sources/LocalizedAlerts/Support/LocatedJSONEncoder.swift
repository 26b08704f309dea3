// Building JSON from Swift values: literals and `Encodable`, without Foundation (the core
// library does not link it), so a provider can localize the payload type it already sends.

extension LocatedJSON {
    /// An object, members in the order written, from a dictionary literal (with the literal
    /// conformances below): `.object(["aps": .object(["alert": .object(["loc-key": "greeting"])])])`.
    ///
    /// `LocatedJSON` cannot itself be a dictionary literal: its nested `Value` type would clash
    /// with that protocol's `Value`.
    public static func object(_ members: KeyValuePairs<String, LocatedJSON>) -> LocatedJSON {
        LocatedJSON(.object(members.map { Member(key: $0.key, value: $0.value) }))
    }
}

extension LocatedJSON: ExpressibleByArrayLiteral {
    /// An array.
    public init(arrayLiteral elements: LocatedJSON...) {
        self.init(.array(elements))
    }
}

extension LocatedJSON: ExpressibleByStringLiteral {
    /// A string.
    public init(stringLiteral value: String) {
        self.init(.string(value))
    }
}

extension LocatedJSON: ExpressibleByIntegerLiteral {
    /// An integer.
    public init(integerLiteral value: Int) {
        self.init(.number(Number(value)))
    }
}

extension LocatedJSON: ExpressibleByFloatLiteral {
    /// A floating-point number.
    public init(floatLiteral value: Double) {
        self.init(.number(Number(value)))
    }
}

extension LocatedJSON: ExpressibleByBooleanLiteral {
    /// A boolean.
    public init(booleanLiteral value: Bool) {
        self.init(.bool(value))
    }
}

extension LocatedJSON {
    /// The JSON an `Encodable` value encodes to, as `JSONEncoder` with its default strategies
    /// writes it: keys in the order `encode(to:)` writes them (declaration order for synthesized
    /// conformances), `nil` optionals left out, a key written twice kept once with its last value.
    ///
    /// Types that Foundation's encoder special-cases (`Date`, `Data`, `URL`, `Decimal`) are
    /// written in their own `encode(to:)` form here (a `Date` as seconds since 2001, a `URL`
    /// as an object); put them in a payload as strings.
    ///
    /// - Throws: `EncodingError.invalidValue` for a non-finite floating-point number (JSON has
    ///   none), or whatever the value's `encode(to:)` throws.
    public init(encoding value: some Encodable) throws {
        let root = EncodingSlot()
        try value.encode(to: TreeEncoder(slot: root, codingPath: []))
        self = root.json
    }
}

extension NotificationPayload {
    /// A payload built from a Swift value, such as the `Encodable` notification type a push library
    /// sends (its `aps` and custom keys), or a literal:
    ///
    /// ```swift
    /// let payload = try NotificationPayload(encoding: notification)   // any Encodable
    /// let same = NotificationPayload(document: .object(["aps": .object(["alert": .object(["loc-key": "call.missed.body", "loc-args": ["Ana"]])])]))
    /// ```
    ///
    /// It is read exactly as the same JSON bytes would be: a value that does not encode to an
    /// object gives a payload that is not parsed (``isParsed`` false, an error diagnostic), which
    /// is never localized into one to send.
    /// - Throws: what ``LocatedJSON/init(encoding:)`` throws.
    public init(encoding value: some Encodable, file: String? = nil) throws {
        self.init(document: try LocatedJSON(encoding: value), file: file)
    }
}

/// Where one encoded value goes. Containers are value types that must write into a shared tree
/// (a nested container outlives the call that made it), hence a class.
private final class EncodingSlot {
    enum Content {
        case empty
        case value(LocatedJSON)
        case object(keys: [String], slots: [String: EncodingSlot])
        case array([EncodingSlot])
    }
    var content = Content.empty

    var json: LocatedJSON {
        switch content {
        // A value that encoded nothing at all is an empty object, as in JSONEncoder.
        case .empty: return LocatedJSON(.object([]))
        case .value(let json): return json
        case .object(let keys, let slots): return LocatedJSON(.object(keys.map { LocatedJSON.Member(key: $0, value: slots[$0]!.json) }))
        case .array(let slots): return LocatedJSON(.array(slots.map(\.json)))
        }
    }

    /// The slot for `key` in this object (made an object if it is not one yet); a key written
    /// again keeps its first position and takes the new value.
    func member(_ key: String) -> EncodingSlot {
        makeObject()
        guard case .object(var keys, var slots) = content else { fatalError("unreachable: made an object above") }
        if let existing = slots[key] {
            existing.content = .empty
            return existing
        }
        let slot = EncodingSlot()
        content = .empty  // release the arrays so appending does not copy them
        keys.append(key)
        slots[key] = slot
        content = .object(keys: keys, slots: slots)
        return slot
    }

    func appendElement() -> EncodingSlot {
        makeArray()
        guard case .array(var slots) = content else { fatalError("unreachable: made an array above") }
        let slot = EncodingSlot()
        content = .empty
        slots.append(slot)
        content = .array(slots)
        return slot
    }

    var count: Int {
        switch content {
        case .object(let keys, _): keys.count
        case .array(let slots): slots.count
        case .empty, .value: 0
        }
    }

    func makeObject() {
        if case .object = content { return }
        content = .object(keys: [], slots: [:])
    }

    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }
}

private struct TreeEncoder: Encoder {
    let slot: EncodingSlot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.makeObject()
        return KeyedEncodingContainer(KeyedContainer<Key>(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.makeArray()
        return UnkeyedContainer(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(slot: slot, codingPath: codingPath)
    }
}

/// One scalar into a slot: the conversions every container shares.
private enum Scalar {
    static func integer(_ value: some BinaryInteger) -> LocatedJSON {
        LocatedJSON(.number(LocatedJSON.Number(text: String(value))))
    }

    static func double(_ value: Double, _ codingPath: [any CodingKey]) throws -> LocatedJSON {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: codingPath, debugDescription: "JSON has no \(value): encode it as a string"))
        }
        return LocatedJSON(.number(LocatedJSON.Number(value)))
    }

    /// A `Float` by its shortest decimal form (0.1, not 0.10000000149011612).
    static func float(_ value: Float, _ codingPath: [any CodingKey]) throws -> LocatedJSON {
        guard value.isFinite else { return try double(Double(value), codingPath) }
        return try double(Double(String(value)) ?? Double(value), codingPath)
    }

    static func encode(_ value: some Encodable, into slot: EncodingSlot, _ codingPath: [any CodingKey]) throws {
        try value.encode(to: TreeEncoder(slot: slot, codingPath: codingPath))
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: EncodingSlot
    let codingPath: [any CodingKey]

    private func put(_ json: LocatedJSON, _ key: Key) { slot.member(key.stringValue).content = .value(json) }

    func encodeNil(forKey key: Key) throws { put(.null, key) }
    func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
    func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
    func encode(_ value: Double, forKey key: Key) throws { put(try Scalar.double(value, codingPath + [key]), key) }
    func encode(_ value: Float, forKey key: Key) throws { put(try Scalar.float(value, codingPath + [key]), key) }
    func encode(_ value: Int, forKey key: Key) throws { put(Scalar.integer(value), key) }
    func encode(_ value: Int8, forKey key: Key) throws { put(Scalar.integer(value), key) }
    func encode(_ value: Int16, forKey key: Key) throws { put(Scalar.integer(value), key) }
    func encode(_ value: Int32, forKey key: Key) throws { put(Scalar.integer(value), key) }
    func encode(_ value: Int64, forKey key: Key) throws { put(Scalar.integer(value), key) }
    func encode(_ value: UInt, forKey key: Key) throws { put(Scalar.integer(value), key) }
    func encode(_ value: UInt8, forKey key: Key) throws { put(Scalar.integer(value), key) }
    func encode(_ value: UInt16, forKey key: Key) throws { put(Scalar.integer(value), key) }
    func encode(_ value: UInt32, forKey key: Key) throws { put(Scalar.integer(value), key) }
    func encode(_ value: UInt64, forKey key: Key) throws { put(Scalar.integer(value), key) }
    func encode(_ value: some Encodable, forKey key: Key) throws {
        try Scalar.encode(value, into: slot.member(key.stringValue), codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = slot.member(key.stringValue)
        child.makeObject()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(slot: child, codingPath: codingPath + [key]))
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = slot.member(key.stringValue)
        child.makeArray()
        return UnkeyedContainer(slot: child, codingPath: codingPath + [key])
    }

    func superEncoder() -> any Encoder { TreeEncoder(slot: slot.member("super"), codingPath: codingPath + [IndexKey(stringValue: "super")]) }
    func superEncoder(forKey key: Key) -> any Encoder { TreeEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key]) }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let slot: EncodingSlot
    let codingPath: [any CodingKey]
    var count: Int { slot.count }

    private var nextKey: IndexKey { IndexKey(intValue: slot.count) }
    private func put(_ json: LocatedJSON) { slot.appendElement().content = .value(json) }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(try Scalar.double(value, codingPath + [nextKey])) }
    mutating func encode(_ value: Float) throws { put(try Scalar.float(value, codingPath + [nextKey])) }
    mutating func encode(_ value: Int) throws { put(Scalar.integer(value)) }
    mutating func encode(_ value: Int8) throws { put(Scalar.integer(value)) }
    mutating func encode(_ value: Int16) throws { put(Scalar.integer(value)) }
    mutating func encode(_ value: Int32) throws { put(Scalar.integer(value)) }
    mutating func encode(_ value: Int64) throws { put(Scalar.integer(value)) }
    mutating func encode(_ value: UInt) throws { put(Scalar.integer(value)) }
    mutating func encode(_ value: UInt8) throws { put(Scalar.integer(value)) }
    mutating func encode(_ value: UInt16) throws { put(Scalar.integer(value)) }
    mutating func encode(_ value: UInt32) throws { put(Scalar.integer(value)) }
    mutating func encode(_ value: UInt64) throws { put(Scalar.integer(value)) }
    mutating func encode(_ value: some Encodable) throws {
        let path = codingPath + [nextKey]
        try Scalar.encode(value, into: slot.appendElement(), path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = codingPath + [nextKey]
        let child = slot.appendElement()
        child.makeObject()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(slot: child, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = codingPath + [nextKey]
        let child = slot.appendElement()
        child.makeArray()
        return UnkeyedContainer(slot: child, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let path = codingPath + [nextKey]
        return TreeEncoder(slot: slot.appendElement(), codingPath: path)
    }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let slot: EncodingSlot
    let codingPath: [any CodingKey]

    private func put(_ json: LocatedJSON) { slot.content = .value(json) }

    func encodeNil() throws { put(.null) }
    func encode(_ value: Bool) throws { put(.bool(value)) }
    func encode(_ value: String) throws { put(.string(value)) }
    func encode(_ value: Double) throws { put(try Scalar.double(value, codingPath)) }
    func encode(_ value: Float) throws { put(try Scalar.float(value, codingPath)) }
    func encode(_ value: Int) throws { put(Scalar.integer(value)) }
    func encode(_ value: Int8) throws { put(Scalar.integer(value)) }
    func encode(_ value: Int16) throws { put(Scalar.integer(value)) }
    func encode(_ value: Int32) throws { put(Scalar.integer(value)) }
    func encode(_ value: Int64) throws { put(Scalar.integer(value)) }
    func encode(_ value: UInt) throws { put(Scalar.integer(value)) }
    func encode(_ value: UInt8) throws { put(Scalar.integer(value)) }
    func encode(_ value: UInt16) throws { put(Scalar.integer(value)) }
    func encode(_ value: UInt32) throws { put(Scalar.integer(value)) }
    func encode(_ value: UInt64) throws { put(Scalar.integer(value)) }
    func encode(_ value: some Encodable) throws { try Scalar.encode(value, into: slot, codingPath) }
}

/// The coding key of an array element (and of `super`), for `codingPath`.
private struct IndexKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { (self.stringValue, self.intValue) = (stringValue, nil) }
    init(intValue: Int) { (self.stringValue, self.intValue) = ("Index \(intValue)", intValue) }
}
