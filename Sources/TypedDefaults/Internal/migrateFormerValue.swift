extension DefaultsStore {
    /// How many values stored by older versions were dropped by a typed migration because they neither mapped
    /// nor read as the key's type (the key's default applies), in this store's suite since the process started.
    public var droppedMigrationValues: Int {
        suite.droppedMigrationValues.load()
    }

    /// Runs the key's migrations: moves a value found under a former name (or of a former type under its own
    /// name) to the key, and returns it (`nil` for none, or for a value outside the key's range, which is moved
    /// all the same and reads as the default). Under the suite's lock, so it happens once.
    @usableFromInline
    func migrateFormerName<Value>(of key: DefaultsKey<Value>) -> Value? {
        guard key.hasMigrations else { return nil }
        return write(touching: [key.name] + key.formerNames) {
            if let object = storage.object(forKey: key.name) {
                // Another thread may have migrated it while this one waited.
                if let value = Value.fromDefaultsObject(object) { return (key.isInRange(value) ? value : nil, []) }
                guard let migration = key.migrations.first(where: { $0.formerName == key.name && $0.formerSuite == .sameAsKey }) else {
                    return (nil, [])
                }
                return migrateInPlace(object, with: migration, for: key)
            }
            for migration in key.migrations {
                if migration.formerName == key.name, migration.formerSuite == .sameAsKey { continue }
                guard let formerStore = formerStore(migration.formerSuite, of: key) else { continue }
                let isHere = formerStore.suite === suite
                guard let object = formerStore.storage.object(forKey: migration.formerName) else { continue }
                // Removes the old entry: here as part of this write (returned, for observers); in another suite by
                // a write of its own (lock order: the key's suite, then the former one).
                func removeFormer() -> [WrittenValue] {
                    guard isHere else {
                        formerStore.removeStoredValue(named: migration.formerName)
                        return []
                    }
                    storage.removeObject(forKey: migration.formerName)
                    return [WrittenValue(name: migration.formerName, nil)]
                }
                guard let value = migration.convert(object), let newObject = try? value.defaultsObject() else {
                    // A plain rename leaves what it cannot read; a typed migration drops it, counted.
                    guard migration.isTyped else { continue }
                    suite.droppedMigrationValues.add(1)
                    let removed = removeFormer()
                    if isHere { return (nil, removed) }
                    continue
                }
                suite.store(newObject, name: key.name)
                return (key.isInRange(value) ? value : nil, [WrittenValue(key, newObject)] + removeFormer())
            }
            return (nil, [])
        }
    }

    /// Rewrites an older version's value under the key's own name in the new form, or drops it (counted).
    private func migrateInPlace<Value>(_ object: Any, with migration: DefaultsMigration<Value>,
                                       for key: DefaultsKey<Value>) -> (Value?, [WrittenValue]) {
        guard let value = migration.convert(object), let newObject = try? value.defaultsObject() else {
            suite.droppedMigrationValues.add(1)
            storage.removeObject(forKey: key.name)
            return (nil, [WrittenValue(key, nil)])
        }
        suite.store(newObject, name: key.name)
        return (key.isInRange(value) ? value : nil, [WrittenValue(key, newObject)])
    }

    /// The store a former value lived in: this one for the key's own suite; for another suite, the store of that
    /// suite in the family this store belongs to (`nil` when this store was made explicitly: it stands alone).
    private func formerStore<Value>(_ place: DefaultsFormerSuite, of key: DefaultsKey<Value>) -> DefaultsStore? {
        switch place {
        case .sameAsKey: return self
        case .named(let name) where name == key.suiteName: return self
        case .standard where key.suiteName == nil: return self
        case .standard, .named:
            let family = StoreRedirection.current
            let isFamilyStore = key.suiteName.map { family.existingSuite($0) === self } ?? (family.standard === self)
            guard isFamilyStore else { return nil }
            if case .named(let name) = place { return family.suite(name) }
            return family.standard
        }
    }

    /// Removes the value stored under `name`, telling observers of that name.
    func removeStoredValue(named name: String) {
        write(touching: [name]) {
            storage.removeObject(forKey: name)
            return ((), [WrittenValue(name: name, nil)])
        }
    }
}
