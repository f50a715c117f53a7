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

/// Reads a stored array. A record (a stored dictionary) that does not read as `Element` is left out and reported
/// for the key read (``DefaultsFailure/Kind/elementsLeftOut(count:)``), as sindresorhus/Defaults leaves it out: one bad element must not hide the
/// others. Any other unreadable element makes the whole array unreadable, and so does an array whose every element
/// was left out.
private func readArray<Element: DefaultsSerializable>(_ object: Any, of _: Element.Type) -> [Element]? {
    // Strings read by a plain cast: the same rule (`as? String`) without visiting each element twice.
    if Element.self == String.self, let strings = object as? [String] { return strings as? [Element] }
    guard let objects = storedArrayElements(object) else { return nil }
    var elements: [Element] = []
    elements.reserveCapacity(objects.count)
    var dropped = 0
    for item in objects {
        guard let unwrapped = item.flatMap(unwrapStored) else { return nil }
        if let element = Element.fromDefaultsObject(unwrapped) {
            elements.append(element)
        } else if isStoredRecord(unwrapped) {
            dropped += 1
        } else {
            return nil
        }
    }
    return keptAfterDropping(elements, dropped: dropped)
}

/// Whether `object` is what a record is stored as (a property-list dictionary).
private func isStoredRecord(_ object: Any) -> Bool {
    storedDictionaryMembers(object) != nil
}

/// `kept`, with `dropped` told to the store reading on this thread; `nil` (unreadable) when every element was dropped.
private func keptAfterDropping<Kept: Collection>(_ kept: Kept, dropped: Int) -> Kept? {
    guard dropped > 0 else { return kept }
    ElementDropTally.add(dropped)
    return kept.isEmpty ? nil : kept
}

extension Array: DefaultsSerializable where Element: DefaultsSerializable {
    /// Stored as a property-list array of the elements' stored forms.
    public func defaultsObject() throws -> Any? { try map(requiredObject) as [Any] }

    /// Reads a stored array whose every element reads as `Element` (or, for Codable elements, the JSON another
    /// library stored); a record that does not read is left out (see ``DefaultsFailure/Kind/elementsLeftOut(count:)``).
    public static func fromDefaultsObject(_ object: Any) -> [Element]? {
        readArray(object, of: Element.self) ?? decodeForeignJSONCollection(object)
    }
}

extension Set: DefaultsSerializable where Element: DefaultsSerializable {
    /// Stored as a property-list array of the elements' stored forms.
    public func defaultsObject() throws -> Any? { try map(requiredObject) as [Any] }

    /// Reads a stored array whose every element reads as `Element`; a record that does not read is left out.
    public static func fromDefaultsObject(_ object: Any) -> Set<Element>? {
        guard let elements = readArray(object, of: Element.self) else { return decodeForeignJSONCollection(object) }
        return Set(elements)
    }
}

extension Dictionary: DefaultsSerializable where Key == String, Value: DefaultsSerializable {
    /// Stored as a property-list dictionary of the values' stored forms.
    public func defaultsObject() throws -> Any? { try mapValues(requiredObject) as [String: Any] }

    /// Reads a stored dictionary whose every key is a string and every value reads as `Value`; a record that does
    /// not read is left out (see ``DefaultsFailure/Kind/elementsLeftOut(count:)``).
    public static func fromDefaultsObject(_ object: Any) -> [String: Value]? {
        guard let objects = storedDictionaryMembers(object) else { return decodeForeignJSONCollection(object) }
        var result: [String: Value] = [:]
        result.reserveCapacity(objects.count)
        var dropped = 0
        for (key, item) in objects {
            guard let name = key.base as? String, let unwrapped = item.flatMap(unwrapStored) else { return nil }
            if let value = Value.fromDefaultsObject(unwrapped) {
                result[name] = value
            } else if isStoredRecord(unwrapped) {
                dropped += 1  // a record that does not read is left out, as in an array
            } else {
                return nil
            }
        }
        return keptAfterDropping(result, dropped: dropped)
    }
}

/// A collection of Codable elements that another library stored as JSON (a string or data): decoded when the
/// collection type is `Decodable`. Only strings and data are tried, so a stored property-list collection never
/// pays for it.
private func decodeForeignJSONCollection<Collection>(_ object: Any) -> Collection? {
    guard object is String || object is Data, let decodable = Collection.self as? any Decodable.Type else { return nil }
    return decodeForeignJSON(object, as: decodable) as? Collection
}

/// Collections whose reads may leave elements out: a key of one reads out of line, counting them
/// (``ElementDropTally``), so that the store reports them for the key.
protocol ReadsElementByElement {}
extension Array: ReadsElementByElement {}
extension Set: ReadsElementByElement {}
extension Dictionary: ReadsElementByElement {}
extension Optional: ReadsElementByElement where Wrapped: ReadsElementByElement {}
