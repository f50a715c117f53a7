import Foundation

extension DefaultsStore {
    /// The app version the suite's install first ran (`InstallRecord`): written once per install, never changed.
    static let firstVersionName = "TypedDefaultsFirstVersion"

    /// Without a kept entry this is a new install: the running version is written now. `nil` while unknown: before
    /// the device's first unlock (reads find nothing, and nothing is written on what they find), or where the app has
    /// no version.
    func firstVersionOfInstall() -> String? {
        let record = suite.installRecord
        if let known = record.firstVersion { return known }
        guard suite.protectedData.isAvailable else { return nil }
        if let stored = storage.object(forKey: Self.firstVersionName) as? String {
            record.remember(stored)
            return stored
        }
        guard let version = record.appVersion else { return nil }
        let name = Self.firstVersionName
        // Decided in the write order on what was read before it: two first launches of one install (an app and
        // its widget on an app group) keep the first one written.
        let first = suite.inWriteOrder(of: [suite], names: [name], after: { self.storage.object(forKey: name) }) { stored -> String in
            if let stored = stored as? String { return stored }
            return write(touching: [name]) {
                suite.store(version, name: name)
                return (version, [WrittenValue(name: name, version)])
            }
        }
        record.remember(first)
        return first
    }

    /// Leaves this launch's install record in a real suite, once per process: an install that runs this release
    /// must be known to have run it when a later release changes a default. Asynchronous (and after the first
    /// unlock), so that making a store calls nothing.
    func leaveInstallRecord() {
        guard case .userDefaults = storage, suite.installRecord.isFirstLook() else { return }
        DispatchQueue.global(qos: .utility).async { [self] in
            guard suite.installRecord.appVersion != nil else { return }
            suite.protectedData.whenAvailable { _ = self.firstVersionOfInstall() }
        }
    }

    /// Leaves the install record after a write, now, if this launch has not yet: a command-line tool may end before
    /// the asynchronous record of ``leaveInstallRecord()`` runs. Not in the write order or inside a call into
    /// Foundation (finding out reads the suite); a later write does it then.
    func leaveInstallRecordAfterWrite() {
        let record = suite.installRecord
        guard case .userDefaults = storage, !WriteOrder.isHeldByCurrentThread, !WriteOrder.isBusyOnCurrentThread else { return }
        guard record.appVersion != nil else {
            record.settled.store(1)
            return
        }
        _ = firstVersionOfInstall()
    }

    /// What `key` reads when nothing is stored (``DefaultsMigration/previousDefault(_:throughRelease:)``).
    @usableFromInline
    func installDefault<Value>(of key: DefaultsKey<Value>) -> Value {
        guard key.keepsPreviousDefaults else { return key.defaultValue }
        // In the write order (an `update`, a migration) only what is known already: finding out reads the suite.
        guard let first = WriteOrder.isHeldByCurrentThread ? suite.installRecord.firstVersion : firstVersionOfInstall() else {
            return key.defaultValue
        }
        for migration in key.migrations {
            if let kept = migration.keptDefault, AppVersionOrder.isAtOrBefore(first, kept.throughRelease) { return kept.value }
        }
        return key.defaultValue
    }
}
