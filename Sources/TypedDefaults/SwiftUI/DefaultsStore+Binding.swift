#if canImport(SwiftUI)
import SwiftUI

extension DefaultsStore {
    /// A binding to `key` in this store (in the store of the key's suite, for a store of a family: see
    /// ``store(for:)``), for a store passed in: `Toggle("Show Tips", isOn: store.binding(.showTips))`.
    ///
    /// Reading it is a tracked read, so the view that reads it follows the key's changes, whoever writes it; setting
    /// it stores the value, as the subscript does (a value with no stored form is reported, not stored).
    ///
    /// Built with `Binding(get:set:)`, which SwiftUI documents for bindings to storage it does not own; the getter
    /// and setter capture only the store and the key, both `Sendable`, so the binding may be used from any context.
    public func binding<Value>(_ key: DefaultsKey<Value>) -> Binding<Value> {
        let home = store(for: key)
        return Binding(get: { home[key] }, set: { home[key] = $0 })
    }
}
#endif
