import Foundation

/// Where a managed key's administrator's value comes from, and what a write to a forced key does.
///
/// MDM hands an app its managed configuration (AppConfig) as a dictionary that the system stores under
/// `com.apple.configuration.managed` in the app's standard suite; the app reads it like any other value and hears of
/// a new one as an ordinary change of that entry. The entry holds one value per stored name, so a managed key reads
/// it there whatever its own suite. macOS also forces preferences (configuration profiles): those are what
/// `UserDefaults` reads under the key's own name already, and `objectIsForced(forKey:)` says so
/// (``StoreStorage/isForcedPreference(named:)``).
extension DefaultsStore {
    static let managedConfigurationName = "com.apple.configuration.managed"

    /// The store whose suite holds the managed configuration for keys read through this one: the family's standard
    /// store (real, or the in-memory one of a `withIsolatedDefaults(_:)` scope); an in-memory store made on its own
    /// is a world of its own and holds its own; a store made over a `UserDefaults` object reads the real standard.
    var administratorStore: DefaultsStore {
        if let family { return family.standard(of: self) ?? self }
        return isInMemory ? self : StoreFamily.realStandard
    }

    /// `nil` when there is no entry, or none that reads as the key's type inside its range: that one is reported
    /// (``DefaultsFailure/Kind/unreadable``) and the key reads the person's own value, as if unmanaged, rather than a
    /// value it never promised. A tracked read of the configuration.
    @usableFromInline
    func administratorEntry<Value>(for key: DefaultsKey<Value>) -> (object: Any, value: Value)? {
        let administrator = administratorStore
        administrator.suite.tracking.access(Self.managedConfigurationPath)
        if administrator.suite.watchesExternalChanges { administrator.suite.watchManagedConfiguration() }
        guard let configuration = administrator.storage.object(forKey: Self.managedConfigurationName) as? [String: Any],
              let object = configuration[key.name] else { return nil }
        guard let value = Value.fromDefaultsObject(object), key.isInRange(value) else {
            let detail = "the administrator's value, \(storedTypeDescription(of: object)), does not read as \(Value.self) in the key's range; "
                + "the key reads the person's own value"
            suite.failures.report(DefaultsFailure(.unreadable, keyName: key.name, detail: detail))
            return nil
        }
        return (object, value)
    }

    /// What a managed key reads (out of line).
    @usableFromInline
    func administratorValue<Value>(for key: DefaultsKey<Value>) -> Value? {
        administratorEntry(for: key)?.value
    }

    /// What a managed key's observers compare and read: the administrator's entry while there is a readable one,
    /// else what the suite stores under the key's name (`stored`).
    func effectiveObject<Value>(_ stored: Any?, for key: DefaultsKey<Value>) -> Any? {
        administratorEntry(for: key)?.object ?? stored
    }

    /// Whether a write to the managed key `key` is refused because the administrator sets its value: then reported
    /// (``DefaultsFailure/Kind/managedByAdministrator``), and the person's own stored value is left as it is, to read
    /// again when management ends. Decided before the write order is taken (reading the configuration calls into
    /// Foundation); a configuration that arrives in between is a write the administrator's value then wins over.
    func refusesWrite(of key: DefaultsKeys) -> Bool {
        guard key.isForced(in: self) else { return false }
        let detail = "the administrator sets its value; the person's own value is kept for when management ends"
        (homeElsewhere(of: key) ?? self).suite.failures.report(DefaultsFailure(.managedByAdministrator, keyName: key.name, detail: detail))
        return true
    }

    /// Follows the managed configuration for the observers of `key` in this store's suite: each change of it is,
    /// for them, a change of the key made outside the stores, so they read the key's effective value again (and
    /// Observation trackers of the key are told).
    func followAdministrator(for key: DefaultsKeys) -> DefaultsObservation {
        let administrator = administratorStore
        let name = Self.managedConfigurationName
        let suite = self.suite
        let current = administrator.storage.object(forKey: name)
        let forwarder = ChangeObserver(name: name, alreadyYielded: .some(current)) { _ in
            suite.valuesChangedOutside([key.name])
        }
        let administratorSuite = administrator.suite
        let token = administratorSuite.add(forwarder)
        return DefaultsObservation { administratorSuite.removeObserver(name: name, token: token) }
    }

    /// Stands for the managed configuration in the Observation registrar of the administrator's suite.
    @usableFromInline
    static let managedConfigurationPath = \SuiteTracking.[storedName: managedConfigurationName]
}
