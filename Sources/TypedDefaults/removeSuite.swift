import Foundation

extension DefaultsStore {
    /// Removes every value stored in the suite `name`, on disk too: for a sign-out, or a reset of all settings.
    ///
    /// Pending writes are saved first (so none lands after the removal), and the removal itself is saved at
    /// once: on Linux, `removePersistentDomain(forName:)` alone would be lost at exit, and leaves an empty
    /// property list in `~/.config` (or `$XDG_CONFIG_HOME`), which is deleted too. Observers and trackers of the
    /// suite's keys are told.
    ///
    /// On Linux nothing of the suite is left in the folder: its property list, its last whole copy and its lock
    /// file are deleted (see `SharedSuiteFile` for how a lock file is deleted safely while other processes use it).
    ///
    /// Inside `withIsolatedDefaults(_:)` (or after ``useInMemoryStores()``), it empties the suite's
    /// in-memory store instead, and nothing on disk is touched.
    ///
    /// - Throws: ``DefaultsError/forbiddenSuiteName(_:)``, and removes nothing, when `name` is not a suite's:
    ///   `UserDefaults.globalDomain`, `argumentDomain`, `registrationDomain`, a CFPreferences application constant
    ///   or the app's own bundle identifier. `UserDefaults(suiteName:)` refuses those ("Passing the current
    ///   application's bundle identifier, NSGlobalDomain, or the corresponding CFPreferences constants is an
    ///   error", `NSUserDefaults.h`), and asking Foundation to remove them may raise an Objective-C exception on
    ///   Apple platforms, which Swift cannot catch. The same names are refused on Linux, where Foundation takes
    ///   them as file names.
    public static func removeSuite(named name: String) throws {
        if isForbiddenSuiteName(name) { throw DefaultsError.forbiddenSuiteName(name) }
        let family = StoreRedirection.current
        guard family === StoreFamily.real else {
            family.removeInMemorySuite(named: name)
            return
        }
        PendingWrites.shared.flush()
        guard let defaults = UserDefaults(suiteName: name) else { return }
        // A write whose call into Foundation is in flight (its observers may keep it there for long) reads as
        // removed from now on, and the last such call of each name removes what it left once it returns: through
        // a store by name, and through a store over a `UserDefaults` object of the suite made without its name.
        let named = SuiteRegistry.shared.existingSuite(named: name).map { [$0] } ?? []
        for suite in named + unnamedSuites(over: defaults) {
            if case .userDefaults(let foundation) = suite.storage { foundation.removeEverythingInFlight() }
        }
        let names = withFoundationLock { defaults.persistentDomain(forName: name).map { Array($0.keys) } ?? [] }
        let before = SuiteRegistry.shared.snapshotForRemoval(ofSuiteNamed: name, names: names)
        #if canImport(ObjectiveC)
        // Holding no lock of ours: it posts `didChangeNotification` and runs key-value observers inside the call.
        // No `synchronize()`: Apple platforms save by themselves ("unnecessary and shouldn't be used").
        defaults.removePersistentDomain(forName: name)
        #else
        // Under every shared file's lock, this suite's included, so no other process's save lands in the middle;
        // `synchronize()` writes every suite this process changed. What `removePersistentDomain(forName:)` does,
        // but for the notification it posts inside the call (observers may run there, waiting for other threads):
        // posted once the locks are released.
        SharedSuiteFiles.whileAllLocked(alsoNamed: [name]) { files in
            withFoundationLock {
                for key in defaults.persistentDomain(forName: name)?.keys ?? [:].keys { defaults.removeObject(forKey: key) }
                _ = defaults.synchronize()
            }
            // The copy and the lock file go as the locks are released, the suite file being gone (whether or not
            // this process opened the suite).
            try? FileManager.default.removeItem(atPath: SharedSuiteFile.path(ofSuiteNamed: name))
            files.first { $0.name == name }?.didRemove()
        }
        NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: defaults)
        #endif
        before?.reportChanges()
    }

    /// The suites of stores made over a `UserDefaults` object without its suite's name (``init(_:)``) that are the
    /// suite of `defaults`: Foundation does not tell an object's suite, so a marker written through `defaults` is
    /// looked for through each (it goes with the suite's removal).
    private static func unnamedSuites(over defaults: UserDefaults) -> [Suite] {
        let candidates = SuiteRegistry.shared.unnamedObjectSuites()
        guard !candidates.isEmpty else { return [] }
        let marker = "TypedDefaults.removingSuite.\(UUID().uuidString)"
        withFoundationLock(for: defaults) { defaults.set(true, forKey: marker) }
        return candidates.filter { suite in
            guard case .userDefaults(let foundation) = suite.storage else { return false }
            return foundation.call { $0.object(forKey: marker) } != nil
        }
    }

    /// Names that are not suites' (see ``removeSuite(named:)``); `bundleIdentifier` is the app's own.
    static func isForbiddenSuiteName(_ name: String, bundleIdentifier: String? = Bundle.main.bundleIdentifier) -> Bool {
        // The CFPreferences constants' values (`kCFPreferencesAnyApplication` is that string), spelled out: Linux
        // does not export them.
        let reserved = [UserDefaults.globalDomain, UserDefaults.argumentDomain, UserDefaults.registrationDomain,
                        "kCFPreferencesAnyApplication", "kCFPreferencesCurrentApplication"]
        return reserved.contains(name) || name == bundleIdentifier
    }
}

extension DefaultsStore {
    /// Removes every value of an in-memory store, telling observers and trackers, as `removeSuite` does for a
    /// suite on disk.
    func removeEveryValueInMemory() {
        guard case .memory(let memory) = storage else { return }
        let names = memory.storedNames
        suite.write(touching: names) {
            for name in names { suite.store(nil, name: name) }
            return ((), names.map { WrittenValue(name: $0, nil) })
        }
    }
}
