/// Makes a ``JSONValue`` of an `Encodable` value, as Foundation's `JSONEncoder` makes its text:
/// numbers as `description` writes them (`1.5`, `1e-05`, `1e+16`, `-0`; an integral value
/// without `.0`), a `nil` optional member left out, keys (optionally) sorted by their UTF-8
/// bytes. The bench writes its report with it and ``JSONValue/serialized``, the package's one
/// writer (the tests compare it with `JSONEncoder`). Types that `JSONEncoder` treats apart
/// (`Date`, `Data`, `URL`, `Decimal`) are encoded as they encode themselves.
package struct JSONValueEncoder: Sendable {
    /// The texts written for the floating-point values JSON has no number for.
    package struct NonConformingFloats: Sendable {
        package var positiveInfinity: String
        package var negativeInfinity: String
        package var nan: String

        /// Texts for +∞, −∞ and NaN.
        package init(positiveInfinity: String, negativeInfinity: String, nan: String) {
            self.positiveInfinity = positiveInfinity
            self.negativeInfinity = negativeInfinity
            self.nan = nan
        }
    }

    /// Whether object members are sorted by key (as `.sortedKeys`) rather than kept in the order
    /// they were encoded.
    package var sortsKeys: Bool
    /// Strings for infinities and NaN; nil throws `EncodingError.invalidValue` for them.
    package var nonConformingFloats: NonConformingFloats?

    /// Creates an encoder.
    package init(sortsKeys: Bool = false, nonConformingFloats: NonConformingFloats? = nil) {
        self.sortsKeys = sortsKeys
        self.nonConformingFloats = nonConformingFloats
    }

    /// The JSON value of `value`.
    ///
    /// - Throws: `EncodingError.invalidValue` for an infinity or NaN without
    ///   ``nonConformingFloats``, or what `value`'s `encode(to:)` throws.
    package func encode(_ value: some Encodable) throws -> JSONValue {
        let node = JSONNode()
        try JSONNodeEncoder(node: node, options: self, codingPath: []).encodeValue(value)
        return node.value(sortsKeys: sortsKeys)
    }

    /// A number as `JSONEncoder` writes it: `description` without a trailing `.0`.
    func number<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F, at path: [any CodingKey]) throws
        -> JSONValue
    {
        guard value.isFinite else {
            guard let texts = nonConformingFloats else {
                throw EncodingError.invalidValue(
                    value, .init(codingPath: path, debugDescription: "\(value) is not a JSON number"))
            }
            return .string(value.isNaN ? texts.nan : value < 0 ? texts.negativeInfinity : texts.positiveInfinity)
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .number(text)
    }
}

/// A value under construction: a leaf, an array or an object of nodes (an `Encoder`'s
/// containers share their node, so they are reference types).
private final class JSONNode {
    enum Content {
        case empty
        case leaf(JSONValue)
        case array([JSONNode])
        case object(keys: [String], nodes: [String: JSONNode])
    }

    var content = Content.empty

    func value(sortsKeys: Bool) -> JSONValue {
        switch content {
        case .empty: return .emptyObject
        case .leaf(let value): return value
        case .array(let nodes): return .array(nodes.map { $0.value(sortsKeys: sortsKeys) })
        case .object(let keys, let nodes):
            let order = sortsKeys ? keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } : keys
            return .object(order.map { JSONValue.Member($0, nodes[$0]?.value(sortsKeys: sortsKeys) ?? .null) })
        }
    }

    /// The node of member `key` (a new one; the key keeps its first place when given again).
    func member(_ key: String) -> JSONNode {
        var (keys, nodes) = ([String](), [String: JSONNode]())
        if case .object(let oldKeys, let oldNodes) = content { (keys, nodes) = (oldKeys, oldNodes) }
        if nodes[key] == nil { keys.append(key) }
        let node = JSONNode()
        nodes[key] = node
        content = .object(keys: keys, nodes: nodes)
        return node
    }

    /// A new node appended to the array.
    func element() -> JSONNode {
        var nodes: [JSONNode] = []
        if case .array(let old) = content { nodes = old }
        let node = JSONNode()
        nodes.append(node)
        content = .array(nodes)
        return node
    }

    var count: Int {
        if case .array(let nodes) = content { return nodes.count }
        return 0
    }

    func becomeObject() {
        if case .object = content { return }
        content = .object(keys: [], nodes: [:])
    }

    func becomeArray() {
        if case .array = content { return }
        content = .array([])
    }
}

/// A key of the coding path: an array's index or `super`.
private struct JSONPathKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}

/// The `Encoder` writing into one node.
private struct JSONNodeEncoder: Encoder {
    let node: JSONNode
    let options: JSONValueEncoder
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(KeyedContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return UnkeyedContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleContainer(encoder: self) }

    /// An encoder of `node`, one key further down.
    func child(_ node: JSONNode, _ key: any CodingKey) -> JSONNodeEncoder {
        JSONNodeEncoder(node: node, options: options, codingPath: codingPath + [key])
    }

    /// Writes `value`: a primitive as its leaf, anything else by its own `encode(to:)`.
    func encodeValue(_ value: some Encodable) throws {
        switch value {
        case let value as Bool: node.content = .leaf(.bool(value))
        case let value as String: node.content = .leaf(.string(value))
        case let value as Double: node.content = .leaf(try options.number(value, at: codingPath))
        case let value as Float: node.content = .leaf(try options.number(value, at: codingPath))
        case let value as any BinaryInteger: node.content = .leaf(.number("\(value)"))
        default: try value.encode(to: self)
        }
    }

    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: JSONNodeEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }

        func encodeNil(forKey key: Key) throws { encoder.node.member(key.stringValue).content = .leaf(.null) }

        func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try encoder.child(encoder.node.member(key.stringValue), key).encodeValue(value)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            encoder.child(encoder.node.member(key.stringValue), key).container(keyedBy: keyType)
        }

        func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            encoder.child(encoder.node.member(key.stringValue), key).unkeyedContainer()
        }

        func superEncoder() -> any Encoder {
            encoder.child(encoder.node.member("super"), JSONPathKey(stringValue: "super"))
        }

        func superEncoder(forKey key: Key) -> any Encoder {
            encoder.child(encoder.node.member(key.stringValue), key)
        }
    }

    struct UnkeyedContainer: UnkeyedEncodingContainer {
        let encoder: JSONNodeEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }
        var count: Int { encoder.node.count }

        private func next() -> JSONNodeEncoder {
            let key = JSONPathKey(intValue: count)
            return encoder.child(encoder.node.element(), key)
        }

        mutating func encodeNil() throws { next().node.content = .leaf(.null) }

        mutating func encode<T: Encodable>(_ value: T) throws { try next().encodeValue(value) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
            -> KeyedEncodingContainer<NestedKey>
        {
            next().container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { next().unkeyedContainer() }

        mutating func superEncoder() -> any Encoder { next() }
    }

    struct SingleContainer: SingleValueEncodingContainer {
        let encoder: JSONNodeEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }

        mutating func encodeNil() throws { encoder.node.content = .leaf(.null) }
        mutating func encode(_ value: Bool) throws { try encoder.encodeValue(value) }
        mutating func encode(_ value: String) throws { try encoder.encodeValue(value) }
        mutating func encode(_ value: Double) throws { try encoder.encodeValue(value) }
        mutating func encode(_ value: Float) throws { try encoder.encodeValue(value) }
        mutating func encode(_ value: Int) throws { try encoder.encodeValue(value) }
        mutating func encode(_ value: Int8) throws { try encoder.encodeValue(value) }
        mutating func encode(_ value: Int16) throws { try encoder.encodeValue(value) }
        mutating func encode(_ value: Int32) throws { try encoder.encodeValue(value) }
        mutating func encode(_ value: Int64) throws { try encoder.encodeValue(value) }
        mutating func encode(_ value: UInt) throws { try encoder.encodeValue(value) }
        mutating func encode(_ value: UInt8) throws { try encoder.encodeValue(value) }
        mutating func encode(_ value: UInt16) throws { try encoder.encodeValue(value) }
        mutating func encode(_ value: UInt32) throws { try encoder.encodeValue(value) }
        mutating func encode(_ value: UInt64) throws { try encoder.encodeValue(value) }
        mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encodeValue(value) }
    }
}
