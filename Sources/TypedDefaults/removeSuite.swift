import Foundation

extension DefaultsStore {
    /// Removes every value stored in the suite `name`, on disk too: for a sign-out, or a reset of all settings.
    ///
    /// Pending writes are saved first (so none lands after the removal), and the removal itself is saved at
    /// once: on Linux, `removePersistentDomain(forName:)` alone would be lost at exit, and leaves an empty
    /// property list in `~/.config` (or `$XDG_CONFIG_HOME`), which is deleted too. Observers and trackers of the
    /// suite's keys are told.
    public static func removeSuite(named name: String) {
        PendingWrites.shared.flush()
        guard let defaults = UserDefaults(suiteName: name) else { return }
        let names = withFoundationLock { defaults.persistentDomain(forName: name).map { Array($0.keys) } ?? [] }
        let before = SuiteRegistry.shared.snapshotForRemoval(ofSuiteNamed: name, names: names)
        withFoundationLock {
            defaults.removePersistentDomain(forName: name)
            _ = defaults.synchronize()
        }
        #if !canImport(Darwin)
        let config = ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"]
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config").path
        try? FileManager.default.removeItem(atPath: "\(config)/\(name).plist")
        #endif
        before?.reportChanges()
    }
}
