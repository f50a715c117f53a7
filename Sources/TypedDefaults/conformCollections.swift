import Foundation

extension Optional: DefaultsSerializable where Wrapped: DefaultsSerializable {
    /// The wrapped value's stored form; `nil` removes the entry.
    public func defaultsObject() throws -> Any? {
        switch self {
        case .some(let wrapped): return try wrapped.defaultsObject()
        case .none: return nil
        }
    }

    /// Reads the wrapped value; an unreadable object reads as `nil` (the optional key's default).
    public static func fromDefaultsObject(_ object: Any) -> Wrapped?? {
        Wrapped.fromDefaultsObject(object).map { .some($0) }
    }
}

/// The stored form of one element of a collection, which has no room for `nil`.
private func requiredObject<Element: DefaultsSerializable>(_ element: Element) throws -> Any {
    guard let object = try element.defaultsObject() else {
        throw DefaultsError.notRepresentable("nil inside a collection of \(Element.self)")
    }
    return object
}

/// Reads a stored array, each element of which must read as `Element` (else the whole array is unreadable).
private func readArray<Element: DefaultsSerializable>(_ object: Any, of _: Element.Type) -> [Element]? {
    // Strings read by a plain cast: the same rule (`as? String`) without visiting each element twice.
    if Element.self == String.self, let strings = object as? [String] { return strings as? [Element] }
    guard let objects = storedArrayElements(object) else { return nil }
    var elements: [Element] = []
    elements.reserveCapacity(objects.count)
    for item in objects {
        guard let unwrapped = item.flatMap(unwrapStored), let element = Element.fromDefaultsObject(unwrapped) else { return nil }
        elements.append(element)
    }
    return elements
}

extension Array: DefaultsSerializable where Element: DefaultsSerializable {
    /// Stored as a property-list array of the elements' stored forms.
    public func defaultsObject() throws -> Any? { try map(requiredObject) as [Any] }

    /// Reads a stored array whose every element reads as `Element` (or, for Codable elements, the JSON another
    /// library stored).
    public static func fromDefaultsObject(_ object: Any) -> [Element]? {
        readArray(object, of: Element.self) ?? decodeForeignJSONCollection(object)
    }
}

extension Set: DefaultsSerializable where Element: DefaultsSerializable {
    /// Stored as a property-list array of the elements' stored forms.
    public func defaultsObject() throws -> Any? { try map(requiredObject) as [Any] }

    /// Reads a stored array whose every element reads as `Element`.
    public static func fromDefaultsObject(_ object: Any) -> Set<Element>? {
        guard let elements = readArray(object, of: Element.self) else { return decodeForeignJSONCollection(object) }
        return Set(elements)
    }
}

extension Dictionary: DefaultsSerializable where Key == String, Value: DefaultsSerializable {
    /// Stored as a property-list dictionary of the values' stored forms.
    public func defaultsObject() throws -> Any? { try mapValues(requiredObject) as [String: Any] }

    /// Reads a stored dictionary whose every key is a string and every value reads as `Value`.
    public static func fromDefaultsObject(_ object: Any) -> [String: Value]? {
        guard let objects = storedDictionaryMembers(object) else { return decodeForeignJSONCollection(object) }
        var result: [String: Value] = [:]
        result.reserveCapacity(objects.count)
        for (key, item) in objects {
            guard let name = key.base as? String, let unwrapped = item.flatMap(unwrapStored),
                let value = Value.fromDefaultsObject(unwrapped)
            else { return nil }
            result[name] = value
        }
        return result
    }
}

/// A collection of Codable elements that another library stored as JSON (a string or data): decoded when the
/// collection type is `Decodable`. Only strings and data are tried, so a stored property-list collection never
/// pays for it.
private func decodeForeignJSONCollection<Collection>(_ object: Any) -> Collection? {
    guard object is String || object is Data, let decodable = Collection.self as? any Decodable.Type else { return nil }
    return decodeForeignJSON(object, as: decodable) as? Collection
}
