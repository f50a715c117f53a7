extension DefaultsStore {
    /// Registers the keys' defaults with `UserDefaults.register(defaults:)`, so code that reads the suite
    /// directly sees them. Values under former names are migrated first. Registered defaults do not count
    /// as stored values for ``has(_:)``.
    public func register(_ keys: DefaultsKeys...) {
        register(keys)
    }

    /// Registers the keys' defaults with `UserDefaults.register(defaults:)`; see the variadic `register(_:)`.
    public func register(_ keys: [DefaultsKeys]) {
        if forEachHomeElsewhere(of: keys, { $0.registerHere($1) }) { return }
        registerHere(keys)
    }

    /// Registers the keys' defaults in this store's suite, as given.
    private func registerHere(_ keys: [DefaultsKeys]) {
        var defaultsByName: [String: Any] = [:]
        for key in keys {
            if key.hasMigrations { key.migrateFormerName(in: self) }
            if let object = key.defaultObject(in: self) { defaultsByName[key.name] = object }
        }
        storage.register(defaultsByName)
    }
}
