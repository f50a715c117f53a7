import Foundation

/// A value that a ``DefaultsStore`` can store.
///
/// Built-in conformances cover `Bool`, the integer types, `Double`, `Float`, `String`, `Data`, `Date`, `URL`,
/// `UUID`, and `Array`, `Set`, `Dictionary` (with `String` keys) and `Optional` of storable values.
/// Also `CGPoint`, `CGSize`, `CGRect`, and on Apple platforms the colours SwiftUI `Color`, `CGColor` and `UIColor`,
/// stored as `[colorSpaceName, [components]]` as sindresorhus/Defaults stores a `Color`.
/// Your own types opt in with one empty extension:
///
/// ```swift
/// extension Theme: DefaultsSerializable {}    // RawRepresentable: stored as its raw value
/// extension Profile: DefaultsSerializable {}  // Codable: stored as a property-list tree
/// ```
///
/// Stored values are `Sendable`, since a store and its keys are shared between threads: a value type of
/// `Sendable` members (every built-in type, every generated type, most structs and enums) qualifies by itself.
public protocol DefaultsSerializable: Sendable {
    /// The property-list object that represents this value in `UserDefaults`, or `nil` to remove the entry.
    ///
    /// Only `Optional.none` returns `nil`. Throws ``DefaultsError/notRepresentable(_:)`` when the value has no
    /// property-list form (for example `nil` inside an array).
    func defaultsObject() throws -> Any?

    /// Reads a value back from a stored property-list object, or returns `nil` when the object does not hold a
    /// value of this type (the store then falls back to the key's default).
    ///
    /// A static factory rather than `init?(defaultsObject:)`, kept on purpose: renaming the requirement would
    /// break every conformance users have written, and an initializer requirement would have to be `required` in
    /// every conforming class; a failable initializer would read no better at the one call site, inside the store.
    static func fromDefaultsObject(_ object: Any) -> Self?
}

/// An error raised by the stores: a value with no stored form, or a suite name that Foundation reserves.
public enum DefaultsError: Error, Equatable, CustomStringConvertible {
    /// The value (described by the associated text) has no property-list representation.
    case notRepresentable(String)
    /// The name (the associated text) is not a suite's: the global, argument or registration domain, a
    /// CFPreferences constant, or the app's own bundle identifier, which `UserDefaults(suiteName:)` refuses.
    case forbiddenSuiteName(String)
    /// The value (described by the associated text) lies outside the key's declared range, or is NaN: thrown by
    /// ``DefaultsStore/set(_:for:)``, which writes nothing then. The subscript stores the nearest bound instead.
    case outOfRange(String)

    /// A readable explanation of the error.
    public var description: String {
        switch self {
        case .notRepresentable(let what): return "the value cannot be stored in UserDefaults: \(what)"
        case .forbiddenSuiteName(let name):
            return "\"\(name)\" is not a suite name: Foundation reserves it (the global, argument or registration domain, a CFPreferences constant, or the app's own bundle identifier)"
        case .outOfRange(let what): return "the value lies outside the key's range: \(what)"
        }
    }
}

// MARK: - RawRepresentable and Codable opt-ins

extension DefaultsSerializable where Self: RawRepresentable, RawValue: DefaultsSerializable {
    /// Stores the raw value.
    public func defaultsObject() throws -> Any? { try rawValue.defaultsObject() }

    /// Reads the raw value and builds the value from it; an unknown raw value reads as `nil`.
    @inlinable
    public static func fromDefaultsObject(_ object: Any) -> Self? {
        RawValue.fromDefaultsObject(object).flatMap(Self.init(rawValue:))
    }
}

extension DefaultsSerializable where Self: Codable {
    /// Stores the value as a property-list tree, so other code and `defaults read` can inspect it.
    public func defaultsObject() throws -> Any? { try PropertyListTreeEncoder().encode(self) }

    /// Decodes the value from a property-list tree; anything that does not decode reads as `nil`.
    ///
    /// Also reads what other libraries store for a Codable value, so an app that switches loses no setting:
    /// a JSON string (sindresorhus/Defaults) and JSON `Data` (SwiftyUserDefaults, Foil, DefaultsKit,
    /// `@AppStorage`, swift-sharing). The next write through a store rewrites it as a property-list tree.
    public static func fromDefaultsObject(_ object: Any) -> Self? {
        if let value = try? PropertyListTreeDecoder().decode(Self.self, from: object) { return value }
        return decodeForeignJSON(object)
    }
}

/// A Codable value stored by another library as JSON: a string or data holding a JSON document.
func decodeForeignJSON<Value: Decodable>(_ object: Any) -> Value? {
    decodeForeignJSON(object, as: Value.self) as? Value
}

/// The JSON document another library stored as text (a string whose first character but whitespace is `opening`)
/// or as data, parsed with `JSONSerialization`; `nil` for anything else.
func parsedForeignJSON(_ object: Any, opening: Character) -> Any? {
    let data: Data
    if let text = object as? String, text.first(where: { !$0.isWhitespace }) == opening {
        data = Data(text.utf8)
    } else if let bytes = object as? Data {
        data = bytes
    } else {
        return nil
    }
    return try? JSONSerialization.jsonObject(with: data)
}

/// ``decodeForeignJSON(_:)`` for a type known at run time.
func decodeForeignJSON(_ object: Any, as type: any Decodable.Type) -> Any? {
    let json: Data
    if let data = object as? Data {
        json = data
    } else if let text = object as? String, let first = text.first(where: { !$0.isWhitespace }), "{[\"".contains(first) {
        json = Data(text.utf8)
    } else {
        return nil
    }
    return try? JSONDecoder().decode(type, from: json)
}

extension DefaultsSerializable where Self: RawRepresentable & Codable, RawValue: DefaultsSerializable {
    /// A type that is both RawRepresentable and Codable is stored as its raw value.
    public func defaultsObject() throws -> Any? { try rawValue.defaultsObject() }

    /// Reads the raw value and builds the value from it; also the raw value as the JSON string sindresorhus/Defaults
    /// stores for a `Codable` enum (`"\"dark\""`, quotes included).
    @inlinable
    public static func fromDefaultsObject(_ object: Any) -> Self? {
        if let value = RawValue.fromDefaultsObject(object).flatMap(Self.init(rawValue:)) { return value }
        return rawValueInJSONString(object).flatMap(RawValue.fromDefaultsObject).flatMap(Self.init(rawValue:))
    }
}

/// The string a stored JSON string holds (`"\"dark\""` → `dark`), for values another library stored as JSON text;
/// `nil` for anything else. Out of line: only a read that found no value of its own form calls it.
@usableFromInline
func rawValueInJSONString(_ object: Any) -> String? {
    (object as? String).flatMap(unquotedJSONString)
}

/// `text` decoded as one JSON string, when it is one (in quotes, escapes resolved), else `nil`.
func unquotedJSONString(_ text: String) -> String? {
    guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return nil }
    return try? JSONDecoder().decode(String.self, from: Data(text.utf8))
}
