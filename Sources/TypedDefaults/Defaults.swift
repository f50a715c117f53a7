import Foundation

/// The standard store, `DefaultsStore.standard`, as a subscript: `Defaults[.launchCount] += 1`.
public enum Defaults {
    /// The value of `key` in the standard store (its default when nothing is stored); assigning stores it.
    public static subscript<Value>(key: DefaultsKey<Value>) -> Value {
        get { DefaultsStore.standard[key] }
        set { DefaultsStore.standard[key] = newValue }
    }
}

/// A property backed by a defaults key: `@Default(.launchCount) var launchCount`.
///
/// Reading gives the stored value or the default; assigning stores it. The projected value (`$launchCount`)
/// is the wrapper itself, for ``updates`` and ``reset()``.
@propertyWrapper
public struct Default<Value: DefaultsSerializable>: Sendable {
    /// The key this property reads and writes.
    public let key: DefaultsKey<Value>
    /// The store this property reads and writes.
    public let store: DefaultsStore

    /// A property for `key` in `store` (the standard store unless given).
    public init(_ key: DefaultsKey<Value>, store: DefaultsStore = .standard) {
        self.key = key
        self.store = store
    }

    /// The stored value, or the key's default.
    public var wrappedValue: Value {
        get { store[key] }
        nonmutating set { store[key] = newValue }
    }

    /// The wrapper itself: `$setting.reset()`, `for await value in $setting.updates { }`.
    public var projectedValue: Default<Value> { self }

    /// Removes the stored value, so the property reads its default again.
    public func reset() { store.remove(key) }
}

extension Default where Value: Sendable {
    /// The current value, then every change; see ``DefaultsStore/updates(_:)``.
    public var updates: AsyncStream<Value> { store.updates(key) }
}
