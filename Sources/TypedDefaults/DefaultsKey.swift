import Foundation

/// The namespace of all keys, and their type-erased base class.
///
/// Declare keys as static members of an extension, and the typed store finds them with a leading dot:
///
/// ```swift
/// extension DefaultsKeys {
///     static let launchCount = DefaultsKey<Int>("launchCount", default: 0)
/// }
/// Defaults[.launchCount] += 1
/// ```
///
/// Through this base class, keys of different value types can be listed together (to reset or register them
/// all, or to show them on a debug screen).
public class DefaultsKeys: @unchecked Sendable {
    /// The string under which the value is stored in `UserDefaults`.
    public let name: String
    /// Names the value was stored under before; a value found there moves to ``name`` on first read.
    public let formerNames: [String]

    init(name: String, formerNames: [String]) {
        self.name = name
        self.formerNames = formerNames
    }

    /// The stored (property-list) form of the key's default, or `nil` for an optional key.
    public var defaultObject: Any? { nil }

    /// The Swift type of the key's value, for display.
    public var valueType: Any.Type { Any.self }

    /// The key's current value in `store`, boxed; for debug screens and tools that list keys of many types.
    public func currentValue(in store: DefaultsStore) -> Any { Optional<Any>.none as Any }

    /// Stores `object` for this key if it reads as a value of the key's type (with the store's reading rules:
    /// `"0.3"` for a Double, `"YES"` for a Bool, a case's raw value for an enum). Returns whether it did.
    @discardableResult
    public func setValue(fromObject object: Any, in store: DefaultsStore) -> Bool { false }

    /// Migrates this key's value from a former name; only the typed subclass can decode it.
    func migrateFormerName(in store: DefaultsStore) {}
}

/// A typed key: a stored name, the type of its value and the value read when nothing is stored.
///
/// Instances are immutable, hence `Sendable` even when `Value` itself is not declared `Sendable`.
public final class DefaultsKey<Value: DefaultsSerializable>: DefaultsKeys, @unchecked Sendable {
    /// The value read when nothing (or nothing readable) is stored.
    public let defaultValue: Value

    /// Creates a key stored under `name` with a default, and former names to migrate values from.
    public init(_ name: String, default defaultValue: Value, formerNames: [String] = []) {
        self.defaultValue = defaultValue
        super.init(name: name, formerNames: formerNames)
    }

    /// Creates an optional key, whose default is `nil`.
    public convenience init(_ name: String, formerNames: [String] = []) where Value: ExpressibleByNilLiteral {
        self.init(name, default: nil, formerNames: formerNames)
    }

    /// The stored form of ``defaultValue``.
    public override var defaultObject: Any? { (try? defaultValue.defaultsObject()) ?? nil }

    /// `Value.self`.
    public override var valueType: Any.Type { Value.self }

    /// The typed value in `store`, boxed.
    public override func currentValue(in store: DefaultsStore) -> Any { store[self] }

    /// Stores `object` if it reads as a `Value`; returns whether it did.
    @discardableResult
    public override func setValue(fromObject object: Any, in store: DefaultsStore) -> Bool {
        guard let value = Value.fromDefaultsObject(object) else { return false }
        return (try? store.set(value, for: self)) != nil
    }

    override func migrateFormerName(in store: DefaultsStore) {
        _ = store.migrateFormerName(of: self)
    }
}
