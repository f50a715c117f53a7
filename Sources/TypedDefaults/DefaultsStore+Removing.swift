extension DefaultsStore {
    /// Removes the stored values of `keys` (former names included): reads give their defaults again.
    public func remove(_ keys: DefaultsKeys...) {
        remove(keys)
    }

    /// Removes the stored values of `keys` (former names included), as for a "reset all settings" command.
    public func remove(_ keys: [DefaultsKeys]) {
        if forEachHomeElsewhere(of: keys, { $0.removeHere($1) }) { return }
        removeHere(keys)
    }

    /// Removes the stored values of `keys` from this store's suite, as given, with every former entry a read would
    /// migrate back (``FormerEntries``): a removed value stays removed.
    func removeHere(_ keys: [DefaultsKeys]) {
        let keys = keys.contains(where: \.isManaged) ? keys.filter { !$0.isManaged || !refusesWrite(of: $0) } : keys
        let formers = keys.map { $0.hasMigrations ? $0.formerEntries(in: self) : FormerEntries() }
        let names = zip(keys, formers).flatMap { [$0.name] + $1.here } + [Self.migratedFormerEntriesName]
        suite.inWriteOrder(of: [suite], names: names, after: { migratedFormerEntryMarks(if: formers) }) { marks in
            write(touching: names) {
                var marks = marks
                var removed: [WrittenValue] = []
                for (key, entries) in zip(keys, formers) {
                    if !entries.isEmpty { removed += retire(entries, marks: &marks) }
                    suite.store(nil, name: key.name)
                    removed.append(WrittenValue(key, nil))
                }
                return ((), removed)
            }
        }
    }
}
