import Foundation

/// Decodes a `Decodable` value straight from a property-list tree, with the store's reading rules for scalars
/// (numbers convert only when exact, Linux's `Optional<Any>` collection elements are looked through).
struct PropertyListTreeDecoder {
    func decode<T: Decodable>(_ type: T.Type, from tree: Any) throws -> T {
        try TreeDecoder(value: tree, codingPath: []).decodeValue(type)
    }
}

private struct TreeDecoder: Decoder {
    let value: Any
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        // Types that property lists hold natively are read with the store's own rules.
        if let native = type as? any DefaultsSerializable.Type, type == Date.self || type == Data.self || type == URL.self {
            guard let result = native.fromDefaultsObject(value) as? T else { throw mismatch(type) }
            return result
        }
        return try T(from: self)
    }

    func mismatch(_ type: Any.Type) -> DecodingError {
        .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "Stored value \(value) is not a \(type)."))
    }

    func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let members = storedDictionaryMembers(value) else { throw mismatch([String: Any].self) }
        var byName: [String: Any] = [:]
        byName.reserveCapacity(members.count)
        for (key, member) in members {
            if let name = key.base as? String, let unwrapped = member.flatMap(unwrapStored) { byName[name] = unwrapped }
        }
        return KeyedDecodingContainer(KeyedTreeDecodingContainer<Key>(members: byName, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let elements = storedArrayElements(value) else { throw mismatch([Any].self) }
        return UnkeyedTreeDecodingContainer(elements: elements.map { $0.flatMap(unwrapStored) ?? PropertyListTreeEncoder.nullMarker }, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleTreeDecodingContainer(decoder: self) }
}

private func decodeScalar<T: DefaultsSerializable>(_ type: T.Type, from value: Any, at path: [any CodingKey]) throws -> T {
    guard let result = T.fromDefaultsObject(value) else {
        throw DecodingError.typeMismatch(type, .init(codingPath: path, debugDescription: "Stored value \(value) is not a \(type)."))
    }
    return result
}

private func isNull(_ value: Any) -> Bool { (value as? String) == PropertyListTreeEncoder.nullMarker }

private struct KeyedTreeDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: Any]
    let codingPath: [any CodingKey]
    var allKeys: [Key] { members.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func member(_ key: Key) throws -> Any {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No stored value for \(key.stringValue)."))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { members[key.stringValue].map(isNull) ?? true }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decodeScalar(type, from: member(key), at: codingPath + [key]) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decodeScalar(type, from: member(key), at: codingPath + [key]) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decodeScalar(type, from: member(key), at: codingPath + [key]) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeScalar(type, from: member(key), at: codingPath + [key]) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try TreeDecoder(value: member(key), codingPath: codingPath + [key]).decodeValue(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try TreeDecoder(value: member(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TreeDecoder(value: member(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { TreeDecoder(value: members["super"] ?? [String: Any](), codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> any Decoder { TreeDecoder(value: try member(key), codingPath: codingPath + [key]) }
}

private struct UnkeyedTreeDecodingContainer: UnkeyedDecodingContainer {
    let elements: [Any]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    init(elements: [Any], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    private mutating func next() throws -> (Any, [any CodingKey]) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "Unkeyed container is at its end."))
        }
        defer { currentIndex += 1 }
        return (elements[currentIndex], codingPath + [IndexKey(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, isNull(elements[currentIndex]) else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { let (value, path) = try next(); return try decodeScalar(type, from: value, at: path) }
    mutating func decode(_ type: String.Type) throws -> String { let (value, path) = try next(); return try decodeScalar(type, from: value, at: path) }
    mutating func decode(_ type: Double.Type) throws -> Double { let (value, path) = try next(); return try decodeScalar(type, from: value, at: path) }
    mutating func decode(_ type: Int.Type) throws -> Int { let (value, path) = try next(); return try decodeScalar(type, from: value, at: path) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, path) = try next()
        return try TreeDecoder(value: value, codingPath: path).decodeValue(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (value, path) = try next()
        return try TreeDecoder(value: value, codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, path) = try next()
        return try TreeDecoder(value: value, codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, path) = try next()
        return TreeDecoder(value: value, codingPath: path)
    }
}

private struct SingleTreeDecodingContainer: SingleValueDecodingContainer {
    let decoder: TreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { isNull(decoder.value) }
    func decode(_ type: Bool.Type) throws -> Bool { try decodeScalar(type, from: decoder.value, at: codingPath) }
    func decode(_ type: String.Type) throws -> String { try decodeScalar(type, from: decoder.value, at: codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try decodeScalar(type, from: decoder.value, at: codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try decodeScalar(type, from: decoder.value, at: codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try decodeScalar(type, from: decoder.value, at: codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decodeScalar(type, from: decoder.value, at: codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decodeScalar(type, from: decoder.value, at: codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decodeScalar(type, from: decoder.value, at: codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decodeScalar(type, from: decoder.value, at: codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try decodeScalar(type, from: decoder.value, at: codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeScalar(type, from: decoder.value, at: codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeScalar(type, from: decoder.value, at: codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeScalar(type, from: decoder.value, at: codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeScalar(type, from: decoder.value, at: codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }
}
