extension DefaultsStore {
    /// Runs the key's migrations: moves a value found under a former name (or of a former type under its own
    /// name) to the key, and returns it (`nil` for none, or for a value outside the key's range, which is moved
    /// all the same and reads as the default). Decided in the write order, so it happens once; what it decides
    /// from is read before (``Suite/inWriteOrder(of:after:_:)``: reading `UserDefaults` in the write order could
    /// wait for other code). Nothing moves while protected data cannot be read (``ProtectedData``).
    @usableFromInline
    func migrateFormerName<Value>(of key: DefaultsKey<Value>) -> Value? {
        // Before the first unlock, reads find nothing: nothing is moved on what they found (it runs at a later read).
        guard key.hasMigrations, suite.protectedData.isAvailable else { return nil }
        let formers = key.migrations.compactMap { migration -> (DefaultsMigration<Value>, DefaultsStore)? in
            // A kept default moves nothing: it is what an earlier install reads while nothing is stored.
            if migration.keptDefault != nil { return nil }
            if migration.formerName == key.name, migration.formerSuite == .sameAsKey { return nil }
            return formerStore(migration.formerSuite, of: key).map { (migration, $0) }
        }
        let suites = [suite] + formers.map(\.1.suite).filter { $0 !== suite }
        return suite.inWriteOrder(of: suites, names: [key.name] + key.formerNames, after: {
            (storage.object(forKey: key.name), formers.map { $0.1.storage.object(forKey: $0.0.formerName) })
        }) { stored, formerObjects in
            write(touching: [key.name] + key.formerNames) {
                if let object = stored {
                    // Another thread may have migrated it while this one waited.
                    if let value = Value.fromDefaultsObject(object) { return (key.isInRange(value) ? value : nil, []) }
                    guard let migration = key.migrations.first(where: { $0.formerName == key.name && $0.formerSuite == .sameAsKey }) else {
                        return (nil, [])
                    }
                    return migrateInPlace(object, with: migration, for: key)
                }
                for ((migration, formerStore), object) in zip(formers, formerObjects) {
                    guard let object else { continue }
                    let isHere = formerStore.suite === suite
                    // Removes the old entry: here as part of this write (returned, for observers); in another suite
                    // by a write of its own.
                    func removeFormer() -> [WrittenValue] {
                        guard isHere else {
                            formerStore.removeStoredValue(named: migration.formerName)
                            return []
                        }
                        suite.store(nil, name: migration.formerName)
                        return [WrittenValue(name: migration.formerName, nil)]
                    }
                    guard let value = migration.convert(object), let newObject = try? value.defaultsObject() else {
                        // A plain rename leaves what it cannot read; a typed migration drops it, reported.
                        guard migration.isTyped else { continue }
                        reportDropped(object, from: migration.formerName, for: key)
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
    }

    /// Rewrites an older version's value under the key's own name in the new form, or drops it (reported).
    private func migrateInPlace<Value>(_ object: Any, with migration: DefaultsMigration<Value>,
                                       for key: DefaultsKey<Value>) -> (Value?, [WrittenValue]) {
        guard let value = migration.convert(object), let newObject = try? value.defaultsObject() else {
            reportDropped(object, from: migration.formerName, for: key)
            suite.store(nil, name: key.name)
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
            suite.store(nil, name: name)
            return ((), [WrittenValue(name: name, nil)])
        }
    }
}

extension DefaultsStore {
    /// Reports an older version's value that the key's migration could not convert (``DefaultsFailure``).
    private func reportDropped<Value>(_ object: Any, from formerName: String, for key: DefaultsKey<Value>) {
        let detail = "\(storedTypeDescription(of: object)) does not convert to \(Value.self)"
        suite.failures.report(DefaultsFailure(.migrationValueDropped(formerName: formerName), keyName: key.name, detail: detail))
    }
}
