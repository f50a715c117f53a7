/// Where a key's value may still come from once its own entry is gone: what a removal of the key must take too, so
/// that a removed value stays removed (a read that finds nothing under the key's name migrates from these).
struct FormerEntries {
    /// Former names in the key's own store's suite: removed with the key, in the same write.
    var here: [String] = []
    /// Former places in other suites of the store's family: each removed by a write of its own suite, inside the
    /// removal's write order.
    var elsewhere: [(store: DefaultsStore, name: String)] = []
    /// Former entries kept in place (``DefaultsMigration/keepingFormerEntry()``): never removed, marked as moved
    /// (``DefaultsStore/migratedFormerEntriesName``), after which they are the older versions' alone.
    var keptInPlace: [(store: DefaultsStore, name: String, id: String)] = []

    var isEmpty: Bool { here.isEmpty && elsewhere.isEmpty && keptInPlace.isEmpty }
}

extension DefaultsStore {
    /// The former entries of `key` as read through this store (a store made explicitly reaches no other suite).
    func formerEntries<Value>(of key: DefaultsKey<Value>) -> FormerEntries {
        var entries = FormerEntries()
        for migration in key.migrations where migration.keptDefault == nil {
            if migration.formerName == key.name, migration.formerSuite == .sameAsKey { continue }
            guard let formerStore = formerStore(migration.formerSuite, of: key) else { continue }
            if migration.keepsFormerEntry {
                entries.keptInPlace.append((formerStore, migration.formerName, Self.migrationID(migration, of: key)))
            } else if formerStore === self {
                entries.here.append(migration.formerName)
            } else {
                entries.elsewhere.append((formerStore, migration.formerName))
            }
        }
        return entries
    }

    /// Whether a read of the key would move a value from one of `entries` (a kept entry counts until it moved).
    func holdsFormerValue(_ entries: FormerEntries) -> Bool {
        if entries.here.contains(where: { storage.hasStoredValue(forKey: $0, suiteIdentity: suite.identity) }) { return true }
        if entries.elsewhere.contains(where: { $0.store.storage.hasStoredValue(forKey: $0.name, suiteIdentity: $0.store.suite.identity) }) {
            return true
        }
        guard !entries.keptInPlace.isEmpty else { return false }
        let marks = storage.object(forKey: Self.migratedFormerEntriesName) as? [String] ?? []
        return entries.keptInPlace.contains { kept in
            !marks.contains(kept.id) && kept.store.storage.hasStoredValue(forKey: kept.name, suiteIdentity: kept.store.suite.identity)
        }
    }
}

extension DefaultsStore {
    /// Inside a write of this store's suite: removes (or marks as moved) what a read could migrate back to a key
    /// being removed. Other suites' entries go first, each by a write of its own in this write order, so a read in
    /// between finds the key's own value or nothing. `marks` were read before the write order.
    func retire(_ entries: FormerEntries, marks: inout [String]) -> [WrittenValue] {
        for (store, name) in entries.elsewhere { store.removeStoredValue(named: name) }
        var written: [WrittenValue] = []
        for name in entries.here {
            suite.store(nil, name: name)
            written.append(WrittenValue(name: name, nil))
        }
        let unmarked = entries.keptInPlace.map(\.id).filter { !marks.contains($0) }
        if !unmarked.isEmpty {
            marks += unmarked
            suite.store(marks, name: Self.migratedFormerEntriesName)
            written.append(WrittenValue(name: Self.migratedFormerEntriesName, marks))
        }
        return written
    }

    /// The marks of moved former entries, read before a removal that may add to them.
    func migratedFormerEntryMarks(if entries: [FormerEntries]) -> [String] {
        guard entries.contains(where: { !$0.keptInPlace.isEmpty }) else { return [] }
        return storage.object(forKey: Self.migratedFormerEntriesName) as? [String] ?? []
    }
}
