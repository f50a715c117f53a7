import Foundation

extension DefaultsStore {
    /// Reads a settings file (``DefaultsExport/init(data:)``) and imports it: see
    /// ``importSettings(_:keys:families:replacing:)``.
    ///
    /// - Throws: ``DefaultsImportError`` for a file that is not wholly readable; nothing is written then.
    @discardableResult
    public func importSettings(from data: Data, keys: [DefaultsKeys], families: [DefaultsKeyFamilies] = [],
                               replacing: Bool = false) throws -> DefaultsImportReport {
        importSettings(try DefaultsExport(data: data), keys: keys, families: families, replacing: replacing)
    }

    /// Writes the settings of `export` to the keys among `keys` (a schema's `DefaultsKeys.<KeyList>.all`) that
    /// hold them, and to the members of `families` (its `families`) the file names, where each lives now, and
    /// returns what it did. A family's members are written only if it is portable, and listed as left out otherwise.
    ///
    /// Every value is checked as a stored value is read, never trusted: one that does not read as its key's type is
    /// refused, one outside its key's range moves to the nearest bound, each reported. A value stored under a former
    /// name or type (a file from an older release) migrates as a stored one would. Keys that do not travel, and
    /// keys an administrator sets now, are left out; names no key knows (a newer release's, another app's) are
    /// ignored; all are listed. Keys the file does not hold stay as they are, or are reset when `replacing`.
    ///
    /// All of it is checked before anything is written, then written in one write order: an `update` or an observer
    /// of any store of this process sees all of the import or none of it (other processes and devices see values
    /// land one by one). Imported iCloud keys are pushed as any write is, and, being the newest, win everywhere.
    @discardableResult
    public func importSettings(_ export: DefaultsExport, keys: [DefaultsKeys], families: [DefaultsKeyFamilies] = [],
                               replacing: Bool = false) -> DefaultsImportReport {
        var keys = keys
        if !families.isEmpty {
            // The members the file names (a family's member keys are made from their stored names), and, when the
            // import replaces, the portable families' members stored now.
            var names = Set(keys.map(\.name))
            for setting in export.settings where !names.contains(setting.name) {
                guard let member = families.lazy.compactMap({ $0.memberKey(forStoredName: setting.name) }).first else { continue }
                names.insert(member.name)
                keys.append(member)
            }
            if replacing {
                for member in families.filter(\.isPortable).flatMap({ $0.storedMemberKeys(in: self) }) where names.insert(member.name).inserted {
                    keys.append(member)
                }
            }
        }
        let plan = ImportPlan(export, keys: keys, into: self, replacing: replacing)
        let replaced = apply(plan.changes)
        var source = [export.app, export.appVersion.map { "version \($0)" }].compactMap { $0 }.joined(separator: " ")
        if let release = export.schemaRelease, export.appVersion != release { source += (source.isEmpty ? "" : ", ") + "release \(release)" }
        return DefaultsImportReport(written: plan.written, adjusted: plan.adjusted, refused: plan.refused, leftOut: plan.leftOut,
                                    unknown: plan.unknown, reset: plan.reset, source: source.isEmpty ? nil : source, replaced: replaced)
    }

    /// Puts back what `report`'s import replaced (values it overwrote, keys it found unset removed), as one write
    /// order, as the import was written.
    public func undoImport(_ report: DefaultsImportReport) {
        _ = apply(report.replaced.reversed().map { ImportChange(key: $0.key, object: $0.previous?.propertyListObject) })
    }

    /// Writes `changes` (a `nil` object removes the key's value, and what a read would migrate back) in one write
    /// order over every suite they touch, and returns each key's previous stored value.
    private func apply(_ changes: [ImportChange]) -> [(key: DefaultsKeys, previous: PortableValue?)] {
        guard !changes.isEmpty else { return [] }
        let homes = changes.map { store(for: $0.key) }
        var suites: [Suite] = []
        for home in homes where !suites.contains(where: { $0 === home.suite }) { suites.append(home.suite) }
        let names = changes.map(\.key.name)
        // Read before the write order (reading Foundation there could wait for other code), and again if a write
        // to one of the suites came in between, a few times at most: what is read only says what Undo puts back,
        // and the import must finish while other threads keep writing.
        return suites[0].inWriteOrder(of: suites, names: names, reads: 8, after: {
            zip(changes, homes).map { change, home -> (previous: PortableValue?, formers: FormerEntries, marks: [String]) in
                let key = change.key
                var stored = home.storage.storedObject(forKey: key.name, suiteIdentity: home.suite.identity)
                // A value still under a former name is the key's value: moved first (as a read would), so that
                // what the import replaces, and Undo puts back, is it.
                if stored == nil, key.hasMigrations {
                    key.migrateFormerName(in: home)
                    stored = home.storage.storedObject(forKey: key.name, suiteIdentity: home.suite.identity)
                }
                let previous = stored.flatMap { PortableValue(storedObject: $0) }
                let formers = change.object == nil && key.hasMigrations ? key.formerEntries(in: home) : FormerEntries()
                return (previous, formers, home.migratedFormerEntryMarks(if: [formers]))
            }
        }) { read in
            for (index, home) in homes.enumerated() where !homes[..<index].contains(where: { $0 === home }) {
                let mine = homes.indices.filter { homes[$0] === home }
                let touched = mine.flatMap { [changes[$0].key.name] + read[$0].formers.here } + [Self.migratedFormerEntriesName]
                home.write(touching: touched) {
                    var written: [WrittenValue] = []
                    for position in mine {
                        let change = changes[position]
                        var marks = read[position].marks
                        if change.object == nil, !read[position].formers.isEmpty {
                            written += home.retire(read[position].formers, marks: &marks)
                        }
                        home.suite.store(change.object, name: change.key.name)
                        written.append(WrittenValue(change.key, change.object))
                    }
                    return ((), written)
                }
            }
            return zip(changes, read).map { ($0.key, $1.previous) }
        }
    }
}

/// One key's new stored object (`nil`: removed).
struct ImportChange {
    let key: DefaultsKeys
    let object: Any?
}

/// What an import will write, decided before anything is: each setting of the file matched to a key, migrated in
/// a staging store of its own, and checked.
struct ImportPlan {
    var changes: [ImportChange] = []
    var written: [String] = []
    var adjusted: [DefaultsImportReport.Note] = []
    var refused: [DefaultsImportReport.Note] = []
    var leftOut: [DefaultsImportReport.Note] = []
    var unknown: [String] = []
    var reset: [String] = []

    init(_ export: DefaultsExport, keys: [DefaultsKeys], into store: DefaultsStore, replacing: Bool) {
        // The file's values are staged in memory as a suite would hold them, so that migrations (former names,
        // old types, other suites) run exactly as for stored values, and nothing reaches the real suites unchecked.
        let staging = StoreFamily.inMemory()
        var byName: [String: [DefaultsKeys]] = [:]
        var formerSuites: [String: String?] = [:]
        for key in keys {
            byName[key.name, default: []].append(key)
            for place in key.formerPlaces where formerSuites[place.name] == nil {
                formerSuites[place.name] = .some(place.suite.suiteName(ofKeyIn: key.suiteName))
            }
        }
        var staged: [(store: DefaultsStore, setting: DefaultsExport.Setting)] = []
        for setting in export.settings {
            // The file's suite is information only: a value lands where a key of its name lives now (the one of the
            // file's suite if two do), else where the migration of a former name says it lived.
            let suite: String?
            if let named = byName[setting.name] {
                suite = named.contains(where: { $0.suiteName == setting.suite }) ? setting.suite : named[0].suiteName
            } else if let former = formerSuites[setting.name] {
                suite = former
            } else {
                unknown.append(setting.name)
                continue
            }
            staged.append((suite.map(staging.suite) ?? staging.standard, setting))
        }
        // In memory, where nothing else writes: one write order for all.
        WriteOrder.withLock { _ in
            for (stagingStore, setting) in staged { stagingStore.suite.store(setting.value.propertyListObject, name: setting.name, tell: false) }
        }
        for key in keys {
            let stagingHome = staging.standard.store(for: key)
            var object = stagingHome.storage.object(forKey: key.name)
            var check = object.map(key.checkedImport)
            // As a read migrates: when nothing under the key's name reads as its type (an older release's name,
            // or its old type in place).
            var migrated = false
            if key.hasMigrations, check?.isAccepted != true {
                key.migrateFormerName(in: stagingHome)
                migrated = true
                object = stagingHome.storage.object(forKey: key.name)
                check = object.map(key.checkedImport)
            }
            let home = store.store(for: key)
            guard let object, let check else {
                if replacing, key.isPortable, !key.isForced(in: home), home.has(key) {
                    changes.append(ImportChange(key: key, object: nil))
                    reset.append(key.name)
                }
                continue
            }
            if !key.isPortable {
                leftOut.append(.init(name: key.name, reason: "does not travel between devices (portable: false, deprecated, or an identifier of this device)"))
                continue
            }
            if key.declaredPortable != true, key.holdsFileURL(object) {
                leftOut.append(.init(name: key.name, reason: "a file URL, which names a place on the device that exported it"))
                continue
            }
            if key.isManaged, key.isForced(in: home) {
                leftOut.append(.init(name: key.name, reason: "an administrator sets it on this device"))
                continue
            }
            switch check {
            case .refused(let reason):
                refused.append(.init(name: key.name, reason: reason))
            case .accepted(let stored, let note):
                changes.append(ImportChange(key: key, object: stored))
                written.append(key.name)
                if migrated {
                    adjusted.append(.init(name: key.name, reason: "migrated from a value an earlier release stored"))
                }
                if let note { adjusted.append(.init(name: key.name, reason: note)) }
            }
        }
    }
}
