extension DefaultsStore {
    /// Runs the key's migrations: moves a value found under a former name (or of a former type under its own
    /// name) to the key, and returns it (`nil` for none, or for a value outside the key's range, which is moved
    /// all the same and reads as the default). Decided in the write order, so it happens once; what it decides
    /// from is read before (``Suite/inWriteOrder(of:names:reads:after:_:)``: reading `UserDefaults` in the write order could
    /// wait for other code).
    @usableFromInline
    func migrateFormerName<Value>(of key: DefaultsKey<Value>) -> Value? {
        // Before the first unlock, reads find nothing: nothing is moved on what they found (it runs at a later read).
        guard key.hasMigrations, suite.protectedData.isAvailable else { return nil }
        let attempts = suite.migrationAttempts
        let formers = key.migrations.compactMap { migration -> (DefaultsMigration<Value>, DefaultsStore)? in
            // A kept default moves nothing: it is what an earlier install reads while nothing is stored.
            if migration.keptDefault != nil { return nil }
            if migration.formerName == key.name, migration.formerSuite == .sameAsKey { return nil }
            // A value left for the next launch is not read again in this one.
            if migration.retriesUnconvertible, attempts.hasFailed(Self.migrationID(migration, of: key)) { return nil }
            return formerStore(migration.formerSuite, of: key).map { (migration, $0) }
        }
        // Only kept defaults (or an in-place move, which an unreadable stored value starts): nothing to read here.
        if formers.isEmpty, !key.migratesInPlace { return nil }
        let marksName = Self.migratedFormerEntriesName
        let keepsFormers = formers.contains { $0.0.keepsFormerEntry }
        let suites = [suite] + formers.map(\.1.suite).filter { $0 !== suite }
        return suite.inWriteOrder(of: suites, names: [key.name] + key.formerNames + (keepsFormers ? [marksName] : []), after: {
            (storage.object(forKey: key.name), formers.map { $0.1.storage.object(forKey: $0.0.formerName) },
             keepsFormers ? storage.object(forKey: marksName) as? [String] ?? [] : [])
        }) { stored, formerObjects, marks in
            write(touching: [key.name] + key.formerNames + (keepsFormers ? [marksName] : [])) {
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
                    let id = Self.migrationID(migration, of: key)
                    // A former entry kept in place moves once: after that it is the older versions' alone.
                    if migration.keepsFormerEntry, marks.contains(id) { continue }
                    let isHere = formerStore.suite === suite
                    // Here within this write (returned, for observers); in another suite by a write of its own.
                    func retireFormer() -> [WrittenValue] {
                        if migration.keepsFormerEntry {
                            let marked = marks + [id]
                            suite.store(marked, name: marksName)
                            return [WrittenValue(name: marksName, marked)]
                        }
                        guard isHere else {
                            formerStore.removeStoredValue(named: migration.formerName)
                            return []
                        }
                        suite.store(nil, name: migration.formerName)
                        return [WrittenValue(name: migration.formerName, nil)]
                    }
                    guard let value = migration.convert(object), let newObject = try? value.defaultsObject() else {
                        // A plain rename leaves what it cannot read; a typed migration drops it, reported, or leaves
                        // it for the next launch.
                        guard migration.isTyped else { continue }
                        reportDropped(object, from: migration.formerName, for: key, keptForRetry: migration.retriesUnconvertible)
                        if migration.retriesUnconvertible {
                            attempts.noteFailure(id)
                            continue
                        }
                        let retired = retireFormer()
                        if isHere || migration.keepsFormerEntry { return (nil, retired) }
                        continue
                    }
                    suite.store(newObject, name: key.name)
                    return (key.isInRange(value) ? value : nil, [WrittenValue(key, newObject)] + retireFormer())
                }
                return (nil, [])
            }
        }
    }

    /// The entry of a suite that lists the migrations that moved a former entry kept in place
    /// (``DefaultsMigration/keepingFormerEntry()``), so each moves once.
    static let migratedFormerEntriesName = "TypedDefaultsMigratedFormerEntries"

    /// Names one migration of one key, for the marks of moved entries and the failures of this launch.
    static func migrationID<Value>(_ migration: DefaultsMigration<Value>, of key: DefaultsKey<Value>) -> String {
        let place: String
        switch migration.formerSuite {
        case .sameAsKey: place = ""
        case .standard: place = "standard:"
        case .named(let name): place = name + ":"
        }
        return "\(place)\(migration.formerName) → \(key.name)"
    }

    /// Rewrites an older version's value under the key's own name in the new form.
    private func migrateInPlace<Value>(_ object: Any, with migration: DefaultsMigration<Value>,
                                       for key: DefaultsKey<Value>) -> (Value?, [WrittenValue]) {
        let id = Self.migrationID(migration, of: key)
        if migration.retriesUnconvertible, suite.migrationAttempts.hasFailed(id) { return (nil, []) }
        guard let value = migration.convert(object), let newObject = try? value.defaultsObject() else {
            reportDropped(object, from: migration.formerName, for: key, keptForRetry: migration.retriesUnconvertible)
            if migration.retriesUnconvertible {
                suite.migrationAttempts.noteFailure(id)
                return (nil, [])
            }
            suite.store(nil, name: key.name)
            return (nil, [WrittenValue(key, nil)])
        }
        suite.store(newObject, name: key.name)
        return (key.isInRange(value) ? value : nil, [WrittenValue(key, newObject)])
    }

    /// The store a former value lived in: this one for the key's own suite; for another suite, the store of that
    /// suite in this store's own family (`nil` when this store was made explicitly: it stands alone). The store's
    /// family, not the caller's: a store reached from inside another isolation scope, or from a thread outside
    /// it, moves values within the family it belongs to.
    func formerStore<Value>(_ place: DefaultsFormerSuite, of key: DefaultsKey<Value>) -> DefaultsStore? {
        formerStore(place, ofKeyIn: key.suiteName)
    }

    /// ``formerStore(_:of:)`` for a key declared with the suite `keySuite`.
    func formerStore(_ place: DefaultsFormerSuite, ofKeyIn keySuite: String?) -> DefaultsStore? {
        switch place {
        case .sameAsKey: return self
        case .named(let name) where name == keySuite: return self
        case .standard where keySuite == nil: return self
        case .standard, .named:
            // Only the family's store of the key's own suite moves values between the family's suites.
            guard let family, family.suiteName == keySuite, let stores = family.stores else { return nil }
            if case .named(let name) = place { return stores.store(named: name) }
            return family.standard(of: self)
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
    private func reportDropped<Value>(_ object: Any, from formerName: String, for key: DefaultsKey<Value>, keptForRetry: Bool) {
        let detail = "\(storedTypeDescription(of: object)) does not convert to \(Value.self)" + (keptForRetry ? "; left under \"\(formerName)\" for the next launch" : "")
        suite.failures.report(DefaultsFailure(.migrationValueDropped(formerName: formerName), keyName: key.name, detail: detail))
    }
}
