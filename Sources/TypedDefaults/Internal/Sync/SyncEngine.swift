import Foundation

/// The working part of a ``DefaultsSync``: stamps local writes, pushes them, and resolves what the cloud reports.
///
/// Every synced write (a removal too) gets a stamp, seconds since 1970 on this device's clock, saved in the suite
/// beside the values (``stampsName``, with each push and when the sync stops) and sent to the cloud with the value
/// (``CloudEntry``). Between a local value and the cloud's, the newer stamp wins; the cloud's wins a tie, since it
/// is what every device sees. A stamp lost to a crash before it was saved costs nothing for a value taken from the
/// cloud (the next start finds the same value there, newer, and takes its stamp).
///
/// Locks, in order: the write order (``WriteOrder``: suite writes tell ``suiteDidWrite(_:_:)`` under it), then the
/// push order, then ``state``. Nothing calls the cloud or a suite holding ``state``; nothing calls the cloud holding
/// the write order; nothing takes the write order holding the push order.
final class SyncEngine: SuiteSyncListener, Sendable {
    /// A synced key, with the store of its suite.
    struct SyncedKey: Sendable {
        let key: DefaultsKeys
        let store: DefaultsStore
    }

    /// Where each suite keeps the stamps of its synced names: a dictionary of name to seconds since 1970.
    static let stampsName = "TypedDefaults.iCloudModified"

    let keys: [String: SyncedKey]
    /// The synced names, in the order the keys were given.
    let names: [String]
    private let stores: [DefaultsStore]
    private let cloud: any DefaultsCloudStore
    private let limits: DefaultsCloudLimits
    private let pushDelay: Duration?
    private let clock: @Sendable () -> Date

    private struct State {
        var running = false
        /// The newest write known of each name, here or in the cloud.
        var stamps: [String: Double] = [:]
        /// Local writes not pushed yet.
        var pending: [String: CloudEntry] = [:]
        /// Names whose local value the cloud cannot take: not sent again until written again.
        var refused: Set<String> = []
        var pushScheduled = false
        /// The names of the last push, which a quota violation that names none is about.
        var lastPushed: [String] = []
        /// Suites whose stamps changed since they were last saved in the suite: saved with the next push (not on
        /// each write, which would cost a `UserDefaults` write of the whole table), and when the sync stops.
        var suitesWithUnsavedStamps: Set<ObjectIdentifier> = []
        var observation: DefaultsCloudObservation?
    }

    private let state = LockedState(State())
    /// The `events()` sequences.
    private let listeners = SyncEventListeners()
    /// Orders pushes, so that a value taken later never reaches the cloud before one taken earlier.
    private let pushOrder = LockedState(())

    init(keys: [DefaultsKeys], store: DefaultsStore, cloud: any DefaultsCloudStore, pushDelay: Duration?,
         clock: @escaping @Sendable () -> Date) {
        var synced: [String: SyncedKey] = [:]
        var names: [String] = []
        var stores: [ObjectIdentifier: DefaultsStore] = [:]
        for key in keys where key.syncsWithICloud && synced[key.name] == nil {
            let keyStore = store.store(for: key)
            synced[key.name] = SyncedKey(key: key, store: keyStore)
            names.append(key.name)
            stores[ObjectIdentifier(keyStore.suite)] = keyStore
        }
        self.keys = synced
        self.names = names
        self.stores = Array(stores.values)
        self.cloud = cloud
        self.limits = cloud.limits
        self.pushDelay = pushDelay
        self.clock = clock
    }

    // MARK: Starting and stopping

    /// Starts both directions: watches the suites and the cloud, then resolves every name against the cloud.
    func start() {
        let wasRunning = state.withLock { state in
            defer { state.running = true }
            return state.running
        }
        guard !wasRunning else { return }
        for store in stores {
            store.suite.addSync(self)
            store.suite.inWriteOrder {
                let stored = store.storage.object(forKey: Self.stampsName).flatMap(storedDictionaryMembers) ?? [:]
                state.withLock { state in
                    for (name, stamp) in stored {
                        guard let name = name as? String, keys[name]?.store.suite === store.suite,
                              let seconds = stamp.flatMap(StoredNumber.init)?.exactly(Double.self) else { continue }
                        state.stamps[name] = seconds
                    }
                }
            }
        }
        // Changes made to the suite without a store (Apple platforms: `@AppStorage`, another process) are writes too.
        for synced in keys.values where synced.store.suite.watchesExternalChanges {
            synced.store.suite.watchExternalChanges(synced.key)
        }
        let observation = cloud.observeChanges { [weak self] change in self?.cloudDidChange(change) }
        state.withLock { $0.observation = observation }
        cloud.synchronize()
        resolve(names)
    }

    /// Stops both directions: no local write is stamped or pushed, no cloud change is taken, and neither the
    /// suites nor the cloud hold the engine any more.
    func stop() {
        let observation = state.withLock { state in
            defer { state.observation = nil }
            state.running = false
            return state.observation
        }
        observation?.cancel()
        for store in stores { store.suite.removeSync(self) }
        saveChangedStamps()
    }

    var isRunning: Bool { state.withLock { $0.running } }

    var hasPendingPushes: Bool { state.withLock { !$0.pending.isEmpty } }

    // MARK: Local writes

    func suiteDidWrite(_ suite: Suite, _ written: [WrittenValue]) {
        // Most writes are of keys that do not sync: they cost nothing here.
        guard written.contains(where: { $0.maySync && keys[$0.name] != nil }) else { return }
        let stamped = state.withLock { state in
            guard state.running else { return false }
            var stamped = false
            for value in written where value.maySync && keys[value.name]?.store.suite === suite {
                record(CloudEntry(object: value.object, modified: nextStamp(after: state.stamps[value.name])), of: value.name, in: &state)
                stamped = true
            }
            if stamped { state.suitesWithUnsavedStamps.insert(ObjectIdentifier(suite)) }
            return stamped
        }
        guard stamped else { return }
        schedulePush()
    }

    func suiteValuesChangedOutside(_ suite: Suite, _ names: [String]) {
        let synced = names.filter { keys[$0]?.store.suite === suite }
        guard !synced.isEmpty, isRunning else { return }
        suite.inWriteOrder {
            let objects = synced.map { storedObject($0, in: suite) }
            state.withLock { state in
                for (name, object) in zip(synced, objects) {
                    record(CloudEntry(object: object, modified: nextStamp(after: state.stamps[name])), of: name, in: &state)
                }
                state.suitesWithUnsavedStamps.insert(ObjectIdentifier(suite))
            }
        }
        schedulePush()
    }

    /// A local write of `name`: stamped, and pushed next.
    private func record(_ entry: CloudEntry, of name: String, in state: inout State) {
        state.stamps[name] = entry.modified
        state.pending[name] = entry
        state.refused.remove(name)
    }

    /// A stamp later than now and than `previous`: a write made after seeing a value wins over it, whatever
    /// this device's clock says.
    private func nextStamp(after previous: Double?) -> Double {
        max(clock().timeIntervalSince1970, (previous ?? -.infinity) + 0.001)
    }

    /// Writes the stamps of `suite`'s names into it; called in the suite's write order.
    private func saveStamps(of suite: Suite) {
        let stamps = state.withLock { state in
            state.suitesWithUnsavedStamps.remove(ObjectIdentifier(suite))
            return state.stamps.filter { keys[$0.key]?.store.suite === suite }
        }
        suite.storage.set(stamps, forKey: Self.stampsName)
    }

    /// Saves the stamps of every suite whose stamps changed since they were last saved.
    private func saveChangedStamps() {
        let unsaved = state.withLock { $0.suitesWithUnsavedStamps }
        for store in stores where unsaved.contains(ObjectIdentifier(store.suite)) {
            store.suite.inWriteOrder { saveStamps(of: store.suite) }
        }
    }

    /// What `suite` stores under `name`, not counting a registered default; `nil` for nothing.
    private func storedObject(_ name: String, in suite: Suite) -> Any? {
        suite.storage.hasStoredValue(forKey: name, suiteIdentity: suite.identity) ? suite.storage.object(forKey: name) : nil
    }

    // MARK: Pushing

    /// Sends every local write not pushed yet, skipping what the cloud cannot take.
    func push() {
        // Before the push order, not under it: saving takes the write order, which a thread holding it (an `update`
        // closure that pushes) must not wait behind the push order for.
        saveChangedStamps()
        pushOrder.whileLocked {
            let batch = state.withLock { state in
                state.pushScheduled = false
                guard state.running else { return [(String, CloudEntry)]() }
                defer { state.pending = [:] }
                return state.pending.sorted { $0.key < $1.key }
            }
            guard !batch.isEmpty else { return }
            var pushed: [String] = []
            var refusals: [(name: String, reason: DefaultsSyncRefusal)] = []
            for (name, entry) in batch {
                guard name.utf8.count <= limits.nameBytes else {
                    refusals.append((name, .nameTooLong))
                    continue
                }
                let object = entry.cloudObject
                let size = cloudStoredSize(name: name, object: object)
                guard size <= limits.valueBytes else {
                    refusals.append((name, .valueTooLarge(bytes: size)))
                    continue
                }
                cloud.set(object, forKey: name)
                pushed.append(name)
            }
            state.withLock { state in
                state.refused.formUnion(refusals.map(\.name))
                state.lastPushed = pushed
            }
            emit((pushed.isEmpty ? [] : [.pushed(pushed)]) + refusals.map { .refused(name: $0.name, reason: $0.reason) })
        }
    }

    private func schedulePush() {
        guard let pushDelay else { return }
        let schedule = state.withLock { state in
            guard state.running, !state.pushScheduled, !state.pending.isEmpty else { return false }
            state.pushScheduled = true
            return true
        }
        guard schedule else { return }
        let (seconds, attoseconds) = pushDelay.components
        DispatchQueue.global().asyncAfter(deadline: .now() + Double(seconds) + Double(attoseconds) / 1e18) { [weak self] in
            self?.push()
        }
    }

    // MARK: Cloud changes

    private func cloudDidChange(_ change: DefaultsCloudChange) {
        guard isRunning else { return }
        switch change.reason {
        case .serverChange:
            resolve(change.names.filter { keys[$0] != nil })
        case .initialSync:
            resolve(names)
        case .accountChange:
            adoptNewAccount()
        case .quotaViolation:
            let named = change.names.filter { keys[$0] != nil }
            let refused = state.withLock { state in
                let refused = named.isEmpty ? state.lastPushed : named
                state.refused.formUnion(refused)
                return refused
            }
            emit(refused.map { .refused(name: $0, reason: .quotaExceeded) })
        }
    }

    /// Resolves each of `names` between this device and the cloud: the newer write wins, in both directions.
    func resolve(_ names: [String]) {
        guard !names.isEmpty else { return }
        var pulled: [String] = []
        var unreadable: [String] = []
        storeFromCloud(names) { store, name, entry in
            let local = storedObject(name, in: store.suite)
            let decision = state.withLock { state in
                let before = state.stamps[name]
                defer { if state.stamps[name] != before { state.suitesWithUnsavedStamps.insert(ObjectIdentifier(store.suite)) } }
                return decide(name, local: local, cloud: entry, in: &state)
            }
            switch decision {
            case .keep: return nil
            case .unreadable:
                unreadable.append(name)
                return nil
            case .take(let object):
                pulled.append(name)
                return .some(object)
            }
        }
        emit((pulled.isEmpty ? [] : [.pulled(pulled)]) + unreadable.map { .refused(name: $0, reason: .unreadable) })
        schedulePush()
    }

    /// Another account signed in. As `NSUbiquitousKeyValueStore` does with its own contents (on an account change
    /// "the system removes any previous iCloud data and replaces it with data from the new account"), the new
    /// account's values win, every time, whatever the stamps say: nothing written under the previous account
    /// is pushed into the new one (that would copy one person's settings into another person's iCloud), and each
    /// synced key takes the new account's value, or its default where the account has none (or one that does not
    /// read as the key's). Told as ``DefaultsSyncEvent/accountChanged``, then `pulled` with the keys whose local
    /// values were replaced.
    private func adoptNewAccount() {
        state.withLock { state in
            state.pending = [:]
            state.refused = []
            state.lastPushed = []
            for name in names { state.stamps[name] = nil }
        }
        var replaced: [String] = []
        storeFromCloud(names) { store, name, entry in
            let local = storedObject(name, in: store.suite)
            var taken = entry?.object
            if let object = taken, keys[name]?.key.readsValue(from: object) != true { taken = nil }
            state.withLock { state in
                state.stamps[name] = taken == nil ? nil : entry?.modified
                state.suitesWithUnsavedStamps.insert(ObjectIdentifier(store.suite))
            }
            guard !storedObjectsEqual(local, taken) else { return nil }
            replaced.append(name)
            return .some(taken)
        }
        emit([.accountChanged] + (replaced.isEmpty ? [] : [.pulled(replaced)]))
    }

    /// Reads `names` from the cloud (holding no lock; a name the cloud cannot hold is never asked for: iCloud raises
    /// an Objective-C exception for one, so it reads as nothing there), then, in one write of each suite taken from
    /// the cloud (not pushed back), asks `decide` what to store for each name: `.some(object)` (`nil`: remove),
    /// or `nil` to leave it.
    private func storeFromCloud(_ names: [String], _ decide: (DefaultsStore, String, CloudEntry?) -> Any??) {
        let entries = names.map { name in
            name.utf8.count <= limits.nameBytes ? CloudEntry(cloudObject: cloud.object(forKey: name)) : nil
        }
        for store in stores {
            let inSuite = zip(names, entries).filter { keys[$0.0]?.store.suite === store.suite }
            guard !inSuite.isEmpty else { continue }
            store.write(touching: inSuite.map(\.0), fromSync: true) {
                var written: [WrittenValue] = []
                for (name, entry) in inSuite {
                    guard let object = decide(store, name, entry) else { continue }
                    store.suite.store(object, name: name)
                    written.append(WrittenValue(keys[name]!.key, object))
                }
                return ((), written)
            }
        }
    }

    private enum Decision {
        /// Nothing to store here (in step, or this device's write is newer and is pushed).
        case keep
        /// Store the cloud's value (`nil`: remove).
        case take(Any?)
        /// The cloud's newer value does not read as the key's: left out.
        case unreadable
    }

    private func decide(_ name: String, local: Any?, cloud entry: CloudEntry?, in state: inout State) -> Decision {
        let localStamp = state.stamps[name]
        guard let entry else {
            // The cloud holds nothing: what is stored here goes up. A default, with nothing stored, never does. A
            // value stored before sync began goes up as the oldest write there is: this device's copy of the cloud
            // may just not have been downloaded yet, and the account's values must win over it.
            if let local, !state.refused.contains(name), state.pending[name] == nil {
                let stamp = localStamp ?? 0
                state.stamps[name] = stamp
                state.pending[name] = CloudEntry(object: local, modified: stamp)
            }
            return .keep
        }
        if let localStamp, localStamp > entry.modified {
            // This device's write is newer: the cloud gets it (again), unless the cloud refused it.
            if !state.refused.contains(name), state.pending[name] == nil {
                state.pending[name] = CloudEntry(object: local, modified: localStamp)
            }
            return .keep
        }
        // The cloud's write is newer, or this device's value was never stamped (stored before sync began), or a
        // tie: the cloud's value wins.
        if storedObjectsEqual(local, entry.object) {
            state.stamps[name] = entry.modified
            state.pending[name] = nil
            return .keep
        }
        if let object = entry.object, keys[name]?.key.readsValue(from: object) != true { return .unreadable }
        state.stamps[name] = entry.modified
        state.pending[name] = nil
        state.refused.remove(name)
        return .take(entry.object)
    }

    // MARK: Events

    func events() -> AsyncStream<DefaultsSyncEvent> {
        listeners.stream()
    }

    private func emit(_ events: [DefaultsSyncEvent]) {
        listeners.emit(events)
    }

    /// Ends every events sequence: the sync is gone.
    func finishEvents() {
        listeners.finish()
    }
}
