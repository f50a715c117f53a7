import Foundation
#if canImport(SwiftUI)
import SwiftUI
#endif

/// The shared stores as a subscript: `Defaults[.launchCount] += 1`.
///
/// A key reads and writes the store of its suite: ``DefaultsStore/standard``, or for a key declared with a
/// suite (`"suite"` in the schema), the shared ``DefaultsStore/suite(_:)`` of that name.
public enum Defaults {
    /// The value of `key` in its store (its default when nothing is stored); assigning stores it.
    public static subscript<Value>(key: DefaultsKey<Value>) -> Value {
        get { key.defaultStore[key] }
        set { key.defaultStore[key] = newValue }
    }

    /// Removes the stored values of `keys`, each in its store: they read their defaults again.
    public static func reset(_ keys: DefaultsKeys...) {
        DefaultsStore.standard.remove(keys)
    }

    /// The current value of `key` in its store, then every change; see ``DefaultsStore/updates(_:)``.
    public static func updates<Value: Sendable>(_ key: DefaultsKey<Value>) -> AsyncStream<Value> {
        key.defaultStore.updates(key)
    }

    /// Calls `onChange` on the main thread with the value of `key` in its store, then with each new value, until
    /// the observation is released; see ``DefaultsStore/observe(_:_:)``.
    public static func observe<Value: Sendable>(_ key: DefaultsKey<Value>,
                                                _ onChange: @escaping @MainActor @Sendable (Value) -> Void) -> DefaultsObservation {
        key.defaultStore.observe(key, onChange)
    }
}

/// A property backed by a defaults key: `@Default(.launchCount) var launchCount`.
///
/// Reading gives the stored value or the default; assigning stores it. Reads are tracked like the store's: a
/// SwiftUI view, or an `@Observable` model, that reads the property follows its changes.
///
/// Where SwiftUI exists, `$launchCount` is a `Binding` to the key, for controls: `Toggle("Show Tips", isOn: $showTips)`.
/// Elsewhere there is no `$` form. The wrapper itself (`_launchCount` inside the type) offers ``reset()`` and
/// ``updates`` on every platform; from anywhere, `Defaults.reset(.launchCount)` and `Defaults.updates(.launchCount)`
/// say the same.
@propertyWrapper
public struct Default<Value: DefaultsSerializable>: Sendable {
    /// The key this property reads and writes.
    public let key: DefaultsKey<Value>
    /// The store this property reads and writes.
    public let store: DefaultsStore

    /// A property for `key` in the store of its suite (``DefaultsStore/standard`` for most keys).
    public init(_ key: DefaultsKey<Value>) {
        self.key = key
        self.store = key.defaultStore
    }

    /// A property for `key` in `store`, which wins over the key's suite (tests, previews).
    public init(_ key: DefaultsKey<Value>, store: DefaultsStore) {
        self.key = key
        self.store = store
    }

    /// The stored value, or the key's default.
    public var wrappedValue: Value {
        get { store[key] }
        nonmutating set { store[key] = newValue }
    }

    #if canImport(SwiftUI)
    /// A binding to the key in its store, for SwiftUI controls: `Toggle("Show Tips", isOn: $showTips)`.
    public var projectedValue: Binding<Value> { store.binding(key) }
    #endif

    /// Removes the stored value, so the property reads its default again.
    public func reset() { store.remove(key) }

    /// The current value, then every change; see ``DefaultsStore/updates(_:)``.
    public var updates: AsyncStream<Value> { store.updates(key) }
}
