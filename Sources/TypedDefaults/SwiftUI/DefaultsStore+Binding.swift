#if canImport(SwiftUI)
import SwiftUI

extension DefaultsStore {
    /// A binding to `key` in this store (in the store of the key's suite, for a store of a family: see
    /// ``store(for:)``), for a store passed in: `Toggle("Show Tips", isOn: store.binding(.showTips))`.
    ///
    /// Reading it is a tracked read, so the view that reads it follows the key's changes, whoever writes it; setting
    /// it stores the value, as the subscript does (a value with no stored form is reported, not stored).
    ///
    /// The binding is `Bindable`'s, through the key path `\DefaultsStore.[key]` (keys are `Hashable`), not one built
    /// with `Binding(get:set:)`: SwiftUI can compare two such bindings (a child view is not redrawn because its
    /// parent made the binding again), and a change made through `$x.animation()` or inside a transaction keeps it.
    public func binding<Value>(_ key: DefaultsKey<Value>) -> Binding<Value> {
        Bindable(store(for: key))[dynamicMember: \DefaultsStore.[key]]
    }
}
#endif
