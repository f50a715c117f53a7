import DefaultsFormats

/// Checks a schema against every recorded release: a change that would lose a user's stored value is an error at
/// the key in `defaults.json`, unless a migration (`renamedFrom`) or `retired` covers it. A change that loses only
/// some values (a narrower type or range, a string read as an enum, URL or UUID) is an error too, unless a typed
/// `renamedFrom` maps them or the key accepts the loss (`"acceptLostValuesSince"`, recorded with the next release).
/// A key made optional and a changed default are warnings, against the newest release.
package struct ReleaseChecker {
    let schema: Schema
    let current: TypeTable
    /// Reads recorded defaults as the current schema's types: made once, not for each default read.
    let currentDefaults: DefaultChecker

    package init(schema: Schema) {
        self.schema = schema
        self.current = TypeTable(schema: schema)
        self.currentDefaults = DefaultChecker(
            enums: schema.enumsByName,
            records: Dictionary(schema.records.map { record in
                (record.name, record.fields.map { RecordField(identifier: $0.identifier, type: $0.type, isRequired: $0.defaultValue == nil) })
            }, uniquingKeysWith: { first, _ in first }))
    }

    /// What one check found along the way: losses to report once per key (against the newest release that shows
    /// them), and the keys whose `acceptLostValuesSince` covered one.
    struct Findings {
        var losses: [String: (location: SchemaLocation, message: String)] = [:]
        var lossOrder: [String] = []
        var acceptanceUsed: Set<String> = []
    }

    /// Reports every break of every release, and the warnings against the newest one.
    package func check(_ record: ReleaseRecord, diagnostics: inout Diagnostics) {
        var findings = Findings()
        for (index, release) in record.releases.enumerated() {
            check(release, at: index, of: record, findings: &findings, diagnostics: &diagnostics)
            checkFamilies(of: release, warn: index == record.releases.count - 1, diagnostics: &diagnostics)
        }
        for identifier in findings.lossOrder {
            if let loss = findings.losses[identifier] { diagnostics.error(loss.location, loss.message) }
        }
        checkAcceptances(of: record, used: findings.acceptanceUsed, diagnostics: &diagnostics)
        checkChangedDefaults(against: record, diagnostics: &diagnostics)
    }

    /// Notes a loss of values of `key` that release `index` stored, unless accepted; the newest release's wins.
    /// `message` takes the newest release's version, which the key would accept the loss since.
    private func noteLoss(of key: KeyDeclaration, release index: Int, of record: ReleaseRecord, at location: SchemaLocation,
                          _ message: (_ newest: String) -> String, findings: inout Findings) {
        if lossAccepted(for: key, release: index, of: record, findings: &findings) { return }
        let newest = record.releases.last?.version ?? record.releases[index].version
        let text = message(newest)
        if findings.losses[key.identifier] == nil { findings.lossOrder.append(key.identifier) }
        findings.losses[key.identifier] = (location, text)
    }

    /// Whether a loss of values that release `index` stored is accepted: by the key's `acceptLostValuesSince` naming
    /// that release or a later one, or by a later release that recorded such an acceptance.
    private func lossAccepted(for key: KeyDeclaration, release index: Int, of record: ReleaseRecord, findings: inout Findings) -> Bool {
        func position(of version: String) -> Int? { record.releases.firstIndex { $0.version == version } }
        if let acceptance = key.acceptLostValuesSince, let named = position(of: acceptance.version), named >= index {
            findings.acceptanceUsed.insert(key.identifier)
            return true
        }
        return record.releases.dropFirst(index + 1).contains { later in
            guard let version = later.keys.first(where: { $0.identifier == key.identifier })?.acceptedLossSince,
                let named = position(of: version) else { return false }
            return named >= index
        }
    }

    /// An `acceptLostValuesSince` must name a recorded release, and accept a loss that some change makes.
    private func checkAcceptances(of record: ReleaseRecord, used: Set<String>, diagnostics: inout Diagnostics) {
        guard let newest = record.releases.last?.version else { return }
        for key in schema.keys {
            guard let acceptance = key.acceptLostValuesSince else { continue }
            if !record.releases.contains(where: { $0.version == acceptance.version }) {
                diagnostics.error(acceptance.location, Messages.Releases.acceptanceOfUnrecordedRelease(
                    acceptance.version, newest: newest))
            } else if !used.contains(key.identifier) {
                diagnostics.warning(acceptance.location, Messages.Releases.acceptanceUnused(
                    key: key.identifier, since: acceptance.version))
            }
        }
    }

    private func suite(of key: KeyDeclaration) -> RecordedSuite {
        RecordedSuite(literal: key.suite, expression: key.swiftSuite)
    }

    private func suite(of migration: MigrationDeclaration, in key: KeyDeclaration) -> RecordedSuite {
        switch migration.suite {
        case .sameAsKey: return suite(of: key)
        case .standard: return RecordedSuite(literal: nil, expression: nil)
        case .named(let name): return RecordedSuite(literal: name, expression: nil)
        }
    }

    private func check(_ release: Release, at index: Int, of record: ReleaseRecord, findings: inout Findings, diagnostics: inout Diagnostics) {
        let warn = index == record.releases.count - 1
        let old = TypeTable(release: release)
        let version = release.version
        for recorded in release.keys {
            guard let oldType = old.parse(recorded.type) else { continue }
            let name = recorded.storedName
            // A migration from this name and suite covers it, whatever else holds the name now.
            if let (key, migration) = schema.keys.lazy.compactMap({ key in
                key.migrations.first { $0.name == name && suite(of: $0, in: key) == recorded.suite }.map { (key, $0) }
            }).first {
                checkMigration(migration, of: key, from: recorded, oldType: oldType, old: old, release: index, of: record, findings: &findings,
                               diagnostics: &diagnostics)
                // Moved and made optional at once: an install that never changed it has nothing to move, and reads nil.
                if warn { warnOfDroppedDefault(of: key, oldType: oldType, version: version, diagnostics: &diagnostics) }
                continue
            }
            if let key = schema.keys.first(where: { $0.storedName == name && suite(of: $0) == recorded.suite }) {
                if key.identifier != recorded.identifier, let moved = schema.keys.first(where: { $0.identifier == recorded.identifier }) {
                    diagnostics.error(key.location, Messages.Releases.storedNameTaken(
                        name, formerKey: recorded.identifier, key: key.identifier,
                        formerKeyStoredName: moved.storedName, version: version))
                    continue
                }
                checkType(of: key, from: recorded, oldType: oldType, old: old, release: index, of: record, warn: warn, findings: &findings,
                          diagnostics: &diagnostics)
                continue
            }
            if schema.retired.contains(name) { continue }
            if let key = schema.keys.first(where: { $0.identifier == recorded.identifier }) {
                if key.storedName == name {
                    diagnostics.error(key.location, Messages.Releases.movedSuite(
                        key: key.identifier, from: recorded.suite, to: suite(of: key), name: name, version: version))
                } else if !schema.keyPrefix.isEmpty, name == schema.keyPrefix + key.storedName {
                    // Recorded before "key" became the stored name exactly (it took the prefix then).
                    diagnostics.error(key.location, Messages.Releases.storedWithKeyPrefix(
                        key: key.identifier, name: name, storedName: key.storedName, version: version))
                } else {
                    diagnostics.error(key.location, Messages.Releases.renamedWithoutMigration(
                        key: key.identifier, name: name, storedName: key.storedName, version: version))
                }
                continue
            }
            diagnostics.error(schema.keysLocation, Messages.Releases.dropped(
                key: recorded.identifier, name: name, version: version))
        }
    }

    /// The key that now holds a recorded stored name: its type must read the old values, and its range hold them.
    private func checkType(of key: KeyDeclaration, from recorded: RecordedKey, oldType: SchemaType, old: TypeTable, release index: Int,
                           of record: ReleaseRecord, warn: Bool, findings: inout Findings, diagnostics: inout Diagnostics) {
        let version = record.releases[index].version
        switch compareStoredTypes(oldType, old, key.type, current) {
        case .incompatible(let reason):
            diagnostics.error(key.location, Messages.Releases.incompatibleType(
                storedName: recorded.storedName, oldType: oldType, newType: key.type, reason: reason,
                fix: fix(for: recorded.storedName, oldType: oldType, old: old), version: version))
            return
        case .lossy where oldRangeFits(recorded, in: key.type):
            break
        case .lossy(let reason):
            noteLoss(of: key, release: index, of: record, at: key.location, {
                Messages.Releases.lossyType(
                    storedName: recorded.storedName, oldType: oldType, newType: key.type, reason: reason,
                    fix: fix(for: recorded.storedName, oldType: oldType, old: old), version: version, acceptSince: $0)
            }, findings: &findings)
        case .compatible:
            break
        }
        if narrowed(low: recorded.minimum, key.minimum, below: true) || narrowed(low: recorded.maximum, key.maximum, below: false) {
            noteLoss(of: key, release: index, of: record, at: key.location, {
                Messages.Releases.rangeNarrowed(
                    key: key.identifier, minimum: recorded.minimum, maximum: recorded.maximum, version: version,
                    acceptSince: $0)
            }, findings: &findings)
        }
        guard warn else { return }
        warnOfDroppedDefault(of: key, oldType: oldType, version: version, diagnostics: &diagnostics)
    }

    /// A key made optional without a default, whatever else changed with it: users who never changed it read nil
    /// where they read the old default. An optional key with a default reads it as the old key did.
    private func warnOfDroppedDefault(of key: KeyDeclaration, oldType: SchemaType, version: String, diagnostics: inout Diagnostics) {
        if !oldType.isOptional, key.type.isOptional, key.defaultValue == nil || key.defaultValue == .null {
            diagnostics.warning(key.location, Messages.Releases.madeOptional(key: key.identifier, version: version))
        }
    }

    /// How to keep the values of a key whose type changed: a mapping for a scalar or enum, another name for a record.
    private func fix(for name: String, oldType: SchemaType, old: TypeTable) -> String {
        switch oldType.unwrappingOptional {
        case .enumeration(let enumName):
            let rawType = old.enums[enumName]?.isIntBacked == true ? "Int" : "String"
            return Messages.Releases.keepCasesOrMapRawValues(name: name, rawType: rawType)
        case .builtin(.propertyList):
            return Messages.Releases.keepTypeOrRetire(name: name)
        case .builtin(let builtin):
            return Messages.Releases.keepTypeOrMapValues(name: name, type: builtin.rawValue)
        case .record:
            return Messages.Releases.keepFieldType()
        default:
            return Messages.Releases.keepTypeOrRetire(name: name)
        }
    }

    /// Whether an integer key's recorded range lies inside a narrower integer type: no value it read is lost.
    private func oldRangeFits(_ recorded: RecordedKey, in type: SchemaType) -> Bool {
        guard case .builtin(let builtin) = type.unwrappingOptional, let bounds = builtin.integerBounds,
            let low = recorded.minimum.flatMap({ Int64($0) }), let high = recorded.maximum.flatMap({ Int64($0) }) else { return false }
        return low >= bounds.min && (high < 0 || UInt64(high) <= bounds.max)
    }

    /// Whether a bound moved inward (or appeared).
    private func narrowed(low old: String?, _ new: DefaultValue?, below: Bool) -> Bool {
        guard let new = new?.numericValue else { return false }
        guard let old = old.flatMap(Double.init) else { return true }
        return below ? new > old : new < old
    }


    /// A migration from a recorded name: its old type must read what was stored, and its mapping must leave no
    /// stored case behind.
    private func checkMigration(_ migration: MigrationDeclaration, of key: KeyDeclaration, from recorded: RecordedKey, oldType: SchemaType,
                                old: TypeTable, release index: Int, of record: ReleaseRecord, findings: inout Findings,
                                diagnostics: inout Diagnostics) {
        let version = record.releases[index].version
        // The app's own conversion reads whatever was stored: the checker cannot know better.
        if migration.swiftConvert != nil { return }
        guard let declaredOld = migration.type else {
            switch compareStoredTypes(oldType, old, key.type, current) {
            case .incompatible(let reason):
                diagnostics.error(migration.location, Messages.Releases.migrationCannotRead(
                    storedName: recorded.storedName, oldType: oldType, key: key.identifier, type: key.type,
                    reason: reason, version: version))
            case .lossy(let reason):
                noteLoss(of: key, release: index, of: record, at: migration.location, {
                    Messages.Releases.migrationReadsInPart(
                        storedName: recorded.storedName, oldType: oldType, key: key.identifier, type: key.type,
                        reason: reason, version: version, acceptSince: $0)
                }, findings: &findings)
            case .compatible:
                break
            }
            return
        }
        // The declared old type is what was stored: an enum's raw type, or the type itself.
        var oldScalar = oldType.unwrappingOptional
        if case .enumeration(let name) = oldScalar, let declaration = old.enums[name] { oldScalar = .builtin(declaration.isIntBacked ? .int : .string) }
        if case .incompatible = compareStoredTypes(oldScalar, old, declaredOld, current) {
            diagnostics.error(migration.location, Messages.Releases.migrationOldTypeWrong(
                storedName: recorded.storedName, oldType: oldType, declaredType: declaredOld, version: version))
            return
        }
        guard migration.values.isEmpty else {
            // Every stored case must be mapped, or read as the new type.
            guard case .enumeration(let name) = oldType.unwrappingOptional, let declaration = old.enums[name] else { return }
            let mapped = Set(migration.values.compactMap { pair -> String? in
                switch pair.old {
                case .string(let text): return text
                case .integer(let text): return text
                default: return nil
                }
            })
            var readable = Set<String>()
            if case .enumeration(let newName) = key.type.unwrappingOptional, let newEnum = current.enums[newName], newEnum.isIntBacked == declaration.isIntBacked {
                readable = Set(newEnum.rawValues)
            }
            let lost = declaration.rawValues.filter { !mapped.contains($0) && !readable.contains($0) }
            if !lost.isEmpty, migration.retries {
                // Left where they are for a later release to map ("retry"): not lost, but not read either.
                diagnostics.warning(migration.location, Messages.Releases.unmappedCasesRetried(
                    storedName: recorded.storedName, cases: lost, isIntBacked: declaration.isIntBacked,
                    version: version))
            } else if !lost.isEmpty {
                diagnostics.error(migration.location, Messages.Releases.unmappedCasesLost(
                    storedName: recorded.storedName, cases: lost, isIntBacked: declaration.isIntBacked, type: key.type,
                    version: version))
            }
            return
        }
        switch compareStoredTypes(declaredOld, current, key.type, current) {
        case .lossy where migration.retries:
            // What does not convert stays for a later release: nothing is lost.
            break
        case .incompatible(let reason):
            diagnostics.error(migration.location, Messages.Releases.oldValuesUnreadable(
                oldType: declaredOld, newType: key.type, reason: reason))
        case .lossy(let reason):
            noteLoss(of: key, release: index, of: record, at: migration.location, {
                Messages.Releases.oldValuesMayNotRead(
                    oldType: declaredOld, newType: key.type, reason: reason, acceptSince: $0)
            }, findings: &findings)
        case .compatible:
            break
        }
    }
}
