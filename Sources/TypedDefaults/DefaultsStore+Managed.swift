import Foundation

extension DefaultsStore {
    /// Whether an administrator sets the value of `key` now: the key is managed (`"managed": true` in the schema,
    /// ``DefaultsKeys/isManaged``) and the managed app configuration holds a readable value for it, or (on Apple
    /// platforms) its preference is forced. The key then reads the administrator's value, and writes to it change
    /// nothing (each reported as ``DefaultsFailure/Kind/managedByAdministrator``).
    ///
    /// A tracked read, like the store's subscript: a SwiftUI view that shows `.disabled(store.isForced(.key))`
    /// updates when the administrator's configuration arrives or goes. Always `false` for a key that is not managed.
    public func isForced<Value>(_ key: DefaultsKey<Value>) -> Bool {
        if let home = homeElsewhere(of: key) { return home.isForced(key) }
        guard key.isManaged else { return false }
        suite.tracking.access(key.trackingPath)
        return administratorEntry(for: key) != nil || storage.isForcedPreference(named: key.name)
    }
}

extension Defaults {
    /// Whether an administrator sets the value of `key` now, in its store; see ``DefaultsStore/isForced(_:)``.
    public static func isForced<Value>(_ key: DefaultsKey<Value>) -> Bool {
        key.defaultStore.isForced(key)
    }
}
