internal import DefaultsFormats
import Foundation

extension Bool: DefaultsSerializable {
    /// Stored as a boolean (Foundation bridges it to an `NSNumber` boolean).
    public func defaultsObject() throws -> Any? { self }
    /// Reads a stored boolean, 0 or 1, or a YES/NO/true/false string.
    public static func fromDefaultsObject(_ object: Any) -> Bool? { readStoredBool(object) }
}

extension Int: DefaultsSerializable {
    /// Stored as a number of this integer kind (Foundation bridges it to `NSNumber`).
    public func defaultsObject() throws -> Any? { self }
    /// Reads a stored number, or a numeric string, that this type represents exactly.
    public static func fromDefaultsObject(_ object: Any) -> Self? { StoredNumber(object)?.exactly(Self.self) }
}

extension Int8: DefaultsSerializable {
    /// Stored as a number of this integer kind (Foundation bridges it to `NSNumber`).
    public func defaultsObject() throws -> Any? { self }
    /// Reads a stored number, or a numeric string, that this type represents exactly.
    public static func fromDefaultsObject(_ object: Any) -> Self? { StoredNumber(object)?.exactly(Self.self) }
}

extension Int16: DefaultsSerializable {
    /// Stored as a number of this integer kind (Foundation bridges it to `NSNumber`).
    public func defaultsObject() throws -> Any? { self }
    /// Reads a stored number, or a numeric string, that this type represents exactly.
    public static func fromDefaultsObject(_ object: Any) -> Self? { StoredNumber(object)?.exactly(Self.self) }
}

extension Int32: DefaultsSerializable {
    /// Stored as a number of this integer kind (Foundation bridges it to `NSNumber`).
    public func defaultsObject() throws -> Any? { self }
    /// Reads a stored number, or a numeric string, that this type represents exactly.
    public static func fromDefaultsObject(_ object: Any) -> Self? { StoredNumber(object)?.exactly(Self.self) }
}

extension Int64: DefaultsSerializable {
    /// Stored as a number of this integer kind (Foundation bridges it to `NSNumber`).
    public func defaultsObject() throws -> Any? { self }
    /// Reads a stored number, or a numeric string, that this type represents exactly.
    public static func fromDefaultsObject(_ object: Any) -> Self? { StoredNumber(object)?.exactly(Self.self) }
}

extension UInt: DefaultsSerializable {
    /// Stored as a number of this integer kind (Foundation bridges it to `NSNumber`).
    public func defaultsObject() throws -> Any? { self }
    /// Reads a stored number, or a numeric string, that this type represents exactly.
    public static func fromDefaultsObject(_ object: Any) -> Self? { StoredNumber(object)?.exactly(Self.self) }
}

extension UInt8: DefaultsSerializable {
    /// Stored as a number of this integer kind (Foundation bridges it to `NSNumber`).
    public func defaultsObject() throws -> Any? { self }
    /// Reads a stored number, or a numeric string, that this type represents exactly.
    public static func fromDefaultsObject(_ object: Any) -> Self? { StoredNumber(object)?.exactly(Self.self) }
}

extension UInt16: DefaultsSerializable {
    /// Stored as a number of this integer kind (Foundation bridges it to `NSNumber`).
    public func defaultsObject() throws -> Any? { self }
    /// Reads a stored number, or a numeric string, that this type represents exactly.
    public static func fromDefaultsObject(_ object: Any) -> Self? { StoredNumber(object)?.exactly(Self.self) }
}

extension UInt32: DefaultsSerializable {
    /// Stored as a number of this integer kind (Foundation bridges it to `NSNumber`).
    public func defaultsObject() throws -> Any? { self }
    /// Reads a stored number, or a numeric string, that this type represents exactly.
    public static func fromDefaultsObject(_ object: Any) -> Self? { StoredNumber(object)?.exactly(Self.self) }
}

extension UInt64: DefaultsSerializable {
    /// Stored as a number of this integer kind (Foundation bridges it to `NSNumber`).
    public func defaultsObject() throws -> Any? { self }
    /// Reads a stored number, or a numeric string, that this type represents exactly.
    public static func fromDefaultsObject(_ object: Any) -> Self? { StoredNumber(object)?.exactly(Self.self) }
}

extension Double: DefaultsSerializable {
    /// Stored as a double (Foundation bridges it to `NSNumber`).
    public func defaultsObject() throws -> Any? { self }
    /// Reads any stored number that a `Double` represents exactly (NaN and infinities included).
    public static func fromDefaultsObject(_ object: Any) -> Double? { StoredNumber(object)?.exactly(Double.self) }
}

extension Float: DefaultsSerializable {
    /// Stored as an `NSNumber` float (property lists reload it as a double holding the same value).
    public func defaultsObject() throws -> Any? { NSNumber(value: self) }
    /// Reads any stored number that a `Float` represents exactly (NaN and infinities included).
    public static func fromDefaultsObject(_ object: Any) -> Float? { StoredNumber(object)?.exactly(Float.self) }
}

extension String: DefaultsSerializable {
    /// Stored as itself.
    public func defaultsObject() throws -> Any? { self }
    /// Reads a stored string.
    @inlinable
    public static func fromDefaultsObject(_ object: Any) -> String? { object as? String }
}

extension Data: DefaultsSerializable {
    /// Stored as itself.
    public func defaultsObject() throws -> Any? { self }
    /// Reads stored data.
    public static func fromDefaultsObject(_ object: Any) -> Data? { object as? Data }
}

extension Date: DefaultsSerializable {
    /// Stored as itself (a property-list date).
    public func defaultsObject() throws -> Any? { self }
    /// Reads a stored date, or an ISO 8601 string (as a launch argument gives it).
    public static func fromDefaultsObject(_ object: Any) -> Date? {
        if let date = object as? Date { return date }
        guard let text = object as? String else { return nil }
        return parseISO8601(text).map(Date.init(timeIntervalSince1970:))
    }
}

extension URL: DefaultsSerializable {
    /// Stored in the form `UserDefaults.url(forKey:)` reads back as the same URL: a file URL as its path (with `~`
    /// for the home directory on Apple platforms, so that it follows the app's container), any other URL as the
    /// `NSKeyedArchiver` data that `UserDefaults.set(_: URL?, forKey:)` writes on Apple platforms.
    public func defaultsObject() throws -> Any? { try StoredURL.storedForm(of: self) }

    /// Reads every form a URL is stored in: a path (`/…`, `~/…`), a URL string (what versions before 1.0 wrote, and
    /// launch arguments), archived data (`set(_: URL?, forKey:)` on Apple platforms) and a URL object. A `~` reads
    /// inside the current home directory, and a file inside an earlier app container inside the current one.
    public static func fromDefaultsObject(_ object: Any) -> URL? { StoredURL.url(from: object) }
}

extension CGFloat: DefaultsSerializable {
    /// Stored as a `Double`: the same number on 32- and 64-bit platforms, readable as `double(forKey:)`.
    public func defaultsObject() throws -> Any? { Double(self) }
    /// Reads any stored number that a `Double` represents exactly.
    public static func fromDefaultsObject(_ object: Any) -> CGFloat? {
        StoredNumber(object)?.exactly(Double.self).map { CGFloat($0) }
    }
}

extension UUID: DefaultsSerializable {
    /// Stored as its `uuidString`.
    public func defaultsObject() throws -> Any? { uuidString }
    /// Reads a stored UUID string.
    public static func fromDefaultsObject(_ object: Any) -> UUID? {
        (object as? String).flatMap { UUID(uuidString: $0) }
    }
}
