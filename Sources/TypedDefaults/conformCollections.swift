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

/// Whether `object` is what a record is stored as: a property-list dictionary, or the JSON object another library
/// stored for one element (sindresorhus/Defaults stores an array of Codable values as an array of JSON strings).
private func isStoredRecord(_ object: Any) -> Bool {
    if storedDictionaryMembers(object) != nil { return true }
    if let text = object as? String { return text.first(where: { !$0.isWhitespace }) == "{" }
    if let data = object as? Data { return data.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{") }
    return false
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
        if let array = readArray(object, of: Element.self) ?? decodeForeignJSONCollection(object) { return array }
        // A JSON array whose whole did not decode: element by element, leaving out the records that do not.
        return foreignJSONElements(object).flatMap { readArray($0, of: Element.self) }
    }
}

extension Set: DefaultsSerializable where Element: DefaultsSerializable {
    /// Stored as a property-list array of the elements' stored forms.
    public func defaultsObject() throws -> Any? { try map(requiredObject) as [Any] }

    /// Reads a stored array whose every element reads as `Element`; a record that does not read is left out.
    public static func fromDefaultsObject(_ object: Any) -> Set<Element>? {
        if let elements = readArray(object, of: Element.self) { return Set(elements) }
        if let set: Set<Element> = decodeForeignJSONCollection(object) { return set }
        return foreignJSONElements(object).flatMap { readArray($0, of: Element.self) }.map(Set.init)
    }
}

extension Dictionary: DefaultsSerializable where Key == String, Value: DefaultsSerializable {
    /// Stored as a property-list dictionary of the values' stored forms.
    public func defaultsObject() throws -> Any? { try mapValues(requiredObject) as [String: Any] }

    /// Reads a stored dictionary whose every key is a string and every value reads as `Value`; a record that does
    /// not read is left out (see ``DefaultsFailure/Kind/elementsLeftOut(count:)``).
    public static func fromDefaultsObject(_ object: Any) -> [String: Value]? {
        guard let objects = storedDictionaryMembers(object) else {
            if let whole: [String: Value] = decodeForeignJSONCollection(object) { return whole }
            // A JSON object whose whole did not decode: value by value, leaving out the records that do not.
            return foreignJSONMembers(object).flatMap { fromDefaultsObject($0) }
        }
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

/// A dictionary stored as one JSON object (a string or data) whose whole did not decode: its members, records and
/// arrays each as its own JSON data (see ``foreignJSONElements(_:)``); `nil` for anything that is not a JSON object.
private func foreignJSONMembers(_ object: Any) -> [String: Any]? {
    (parsedForeignJSON(object, opening: "{") as? [String: Any])?.mapValues(asSeparateJSON)
}

/// A record or array parsed from JSON, as JSON data of its own (what a Codable element decodes exactly as the whole
/// would have); strings, numbers and Booleans as they are.
private func asSeparateJSON(_ element: Any) -> Any {
    guard element is [String: Any] || element is [Any], let data = try? JSONSerialization.data(withJSONObject: element) else { return element }
    return data
}

/// An array stored as one JSON document (a string or data) whose whole did not decode: its elements, each as its own
/// JSON data, so that they are read one by one like a stored array's (a record that does not decode is left out,
/// not the whole array). `nil` for anything that is not a JSON array.
private func foreignJSONElements(_ object: Any) -> [Any]? {
    (parsedForeignJSON(object, opening: "[") as? [Any])?.map(asSeparateJSON)
}

/// Collections whose reads may leave elements out: a key of one reads out of line, counting them
/// (``ElementDropTally``), so that the store reports them for the key.
protocol ReadsElementByElement {}
extension Array: ReadsElementByElement {}
extension Set: ReadsElementByElement {}
extension Dictionary: ReadsElementByElement {}
extension Optional: ReadsElementByElement where Wrapped: ReadsElementByElement {}
