import Foundation

extension StoreStorage {
    /// Whether an administrator forces the preference `name` in this suite (a configuration profile on macOS).
    ///
    /// `UserDefaults.objectIsForced(forKey:)` exists on every Apple platform from the first (macOS 10.0, iOS 2.0,
    /// tvOS 9.0, watchOS 2.0: developer.apple.com/documentation/foundation/userdefaults/objectisforced(forkey:)). A
    /// forced value is what `UserDefaults` reads under the name already, so only writes and
    /// ``DefaultsStore/isForced(_:)`` need to ask. In practice only macOS forces preferences (iOS hands managed
    /// values over in the managed configuration instead), but asking elsewhere is cheap and correct. Linux has none.
    func isForcedPreference(named name: String) -> Bool {
        #if canImport(ObjectiveC)
        if case .userDefaults(let foundation) = self {
            return foundation.call { $0.objectIsForced(forKey: name) }
        }
        #endif
        return false
    }
}
