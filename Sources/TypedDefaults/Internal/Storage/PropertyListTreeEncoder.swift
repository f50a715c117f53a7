import Foundation

/// Encodes an `Encodable` value straight into a property-list tree (`[String: Any]`, `[Any]`, scalars).
///
/// Unlike `PropertyListEncoder` followed by `PropertyListSerialization`, no bytes are produced and parsed
/// again, which keeps Codable reads and writes cheap.
struct PropertyListTreeEncoder {
    /// The marker stored where a container holds an explicit `nil` (property lists have no null).
    static let nullMarker = "$null"

    func encode<T: Encodable>(_ value: T) throws -> Any {
        let encoder = TreeEncoder(codingPath: [])
        try encoder.encodeValue(value)
        guard let root = encoder.root else {
            throw DefaultsError.notRepresentable("\(T.self) encoded nothing")
        }
        return root.resolved
    }
}

/// A node of the tree under construction; containers stay mutable until the encoding ends.
private enum TreeNode {
    case scalar(Any)
    case dictionary(DictionaryBox)
    case array(ArrayBox)

    var resolved: Any {
        switch self {
        case .scalar(let value): return value
        case .dictionary(let box): return box.members.mapValues(\.resolved) as [String: Any]
        case .array(let box): return box.elements.map(\.resolved) as [Any]
        }
    }
}

private final class DictionaryBox { var members: [String: TreeNode] = [:] }
private final class ArrayBox { var elements: [TreeNode] = [] }

private final class TreeEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var root: TreeNode?

    init(codingPath: [any CodingKey]) { self.codingPath = codingPath }

    /// Encodes one value to a node, storing the types property lists know natively as themselves.
    func encodeValue<T: Encodable>(_ value: T) throws {
        switch value {
        case let date as Date: root = .scalar(date)
        case let data as Data: root = .scalar(data)
        case let url as URL: root = .scalar(url.absoluteString)
        default: try value.encode(to: self)
        }
    }

    static func node<T: Encodable>(for value: T, at path: [any CodingKey]) throws -> TreeNode {
        let encoder = TreeEncoder(codingPath: path)
        try encoder.encodeValue(value)
        // A value that encodes nothing (an empty custom encode) is stored as an empty dictionary.
        return encoder.root ?? .dictionary(DictionaryBox())
    }

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        let box: DictionaryBox
        if case .dictionary(let existing) = root { box = existing } else { box = DictionaryBox(); root = .dictionary(box) }
        return KeyedEncodingContainer(KeyedTreeContainer<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let box: ArrayBox
        if case .array(let existing) = root { box = existing } else { box = ArrayBox(); root = .array(box) }
        return UnkeyedTreeContainer(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleTreeContainer(encoder: self) }
}

private struct KeyedTreeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: DictionaryBox
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { box.members[key.stringValue] = .scalar(PropertyListTreeEncoder.nullMarker) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { box.members[key.stringValue] = .scalar(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { box.members[key.stringValue] = .scalar(value) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        box.members[key.stringValue] = try TreeEncoder.node(for: value, at: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = DictionaryBox()
        box.members[key.stringValue] = .dictionary(nested)
        return KeyedEncodingContainer(KeyedTreeContainer<NestedKey>(box: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = ArrayBox()
        box.members[key.stringValue] = .array(nested)
        return UnkeyedTreeContainer(box: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: "super") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key.stringValue) }

    private func superEncoder(named name: String) -> any Encoder {
        let nested = DictionaryBox()
        box.members[name] = .dictionary(nested)
        let encoder = TreeEncoder(codingPath: codingPath)
        encoder.root = .dictionary(nested)
        return encoder
    }
}

private struct UnkeyedTreeContainer: UnkeyedEncodingContainer {
    let box: ArrayBox
    let codingPath: [any CodingKey]
    var count: Int { box.elements.count }

    private var nextKey: any CodingKey { IndexKey(box.elements.count) }

    mutating func encodeNil() throws { box.elements.append(.scalar(PropertyListTreeEncoder.nullMarker)) }
    mutating func encode(_ value: Bool) throws { box.elements.append(.scalar(value)) }
    mutating func encode(_ value: String) throws { box.elements.append(.scalar(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        box.elements.append(try TreeEncoder.node(for: value, at: codingPath + [nextKey]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = DictionaryBox()
        let path = codingPath + [nextKey]
        box.elements.append(.dictionary(nested))
        return KeyedEncodingContainer(KeyedTreeContainer<NestedKey>(box: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = ArrayBox()
        let path = codingPath + [nextKey]
        box.elements.append(.array(nested))
        return UnkeyedTreeContainer(box: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let nested = DictionaryBox()
        box.elements.append(.dictionary(nested))
        let encoder = TreeEncoder(codingPath: codingPath)
        encoder.root = .dictionary(nested)
        return encoder
    }
}

private struct SingleTreeContainer: SingleValueEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.root = .scalar(PropertyListTreeEncoder.nullMarker) }
    mutating func encode(_ value: Bool) throws { encoder.root = .scalar(value) }
    mutating func encode(_ value: String) throws { encoder.root = .scalar(value) }
    mutating func encode(_ value: Double) throws { encoder.root = .scalar(value) }
    mutating func encode(_ value: Float) throws { encoder.root = .scalar(value) }
    mutating func encode(_ value: Int) throws { encoder.root = .scalar(value) }
    mutating func encode(_ value: Int8) throws { encoder.root = .scalar(value) }
    mutating func encode(_ value: Int16) throws { encoder.root = .scalar(value) }
    mutating func encode(_ value: Int32) throws { encoder.root = .scalar(value) }
    mutating func encode(_ value: Int64) throws { encoder.root = .scalar(value) }
    mutating func encode(_ value: UInt) throws { encoder.root = .scalar(value) }
    mutating func encode(_ value: UInt8) throws { encoder.root = .scalar(value) }
    mutating func encode(_ value: UInt16) throws { encoder.root = .scalar(value) }
    mutating func encode(_ value: UInt32) throws { encoder.root = .scalar(value) }
    mutating func encode(_ value: UInt64) throws { encoder.root = .scalar(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encodeValue(value) }
}

/// A coding key for a position in an unkeyed container.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue _: String) { return nil }
    init?(intValue: Int) { self.intValue = intValue }
}
