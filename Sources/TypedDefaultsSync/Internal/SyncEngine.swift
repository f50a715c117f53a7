import Foundation
import TypedDefaults

/// The working part of a ``DefaultsSync``: stamps local writes, pushes them, and resolves what the cloud reports.
///
/// Every synced write (a removal too) gets a stamp, seconds since 1970 on this device's clock, saved in the suite
/// beside the values (``stampsName``, with each push and when the sync stops) and sent to the cloud with the value
/// (``CloudEntry``). Between a local value and the cloud's, the newer stamp wins. The same stamp on both sides with
/// another value here means a write made since, with no sync to see it: it goes up, just after the cloud's, unless
/// it was made before the present epoch began (``SyncAccount``: nothing stamped at or before it goes up). A stamp
/// lost to a crash before it was saved costs nothing for a value taken from the cloud (the next start finds the
/// same value there, newer, and takes its stamp).
///
/// Locks: ``state``, a leaf (suite writes tell ``suiteDidWrite(_:_:)`` holding the write order, which takes only it).
/// Nothing calls the cloud store or Foundation holding a lock of ours: both may run other code inside a call
/// (notification observers) and wait for other threads. Pushes are ordered without a lock: one thread at a time
/// pushes (``State/pushing``), and a thread that finds one pushing leaves its batch to it.
final class SyncEngine: SuiteSyncListener, Sendable {
    struct SyncedKey: Sendable {
        let key: DefaultsKeys
        let store: DefaultsStore
    }

    /// A dictionary of name to seconds since 1970, in each suite.
    static let stampsName = "TypedDefaults.iCloudModified"
    /// Which account the suite's stamps belong to (``SyncAccount``).
    static let accountName = "TypedDefaults.iCloudAccount"

    let keys: [String: SyncedKey]
    /// The synced names, in the order the keys were given.
    let names: [String]
    let stores: [DefaultsStore]
    let cloud: any DefaultsCloudStore
    let limits: DefaultsCloudLimits
    private let pushDelay: Duration?
    private let clock: @Sendable () -> Date

    struct State {
        var running = false
        /// Whether the start's work (stamps loaded, account checked, every name resolved) was done: it waits for
        /// protected data, and until then nothing is pulled or stamped into the suites.
        var started = false
        /// No account is signed in: nothing is pushed, local values stay.
        var signedOut = false
        /// Where the present epoch began (``AccountRecord/epoch``): nothing stamped at or before it is pushed, and
        /// every write made since is stamped after it.
        var epoch = -Double.infinity
        /// Whether this launch began the epoch: a value written while no sync ran, found at this launch's start, was
        /// written before it then (perhaps by another person); else after it.
        var epochBeganThisLaunch = false
        /// What the suites remember of the account (``SyncAccount``), as last read or written.
        var account = AccountRecord()
        /// The object each synced name held when last stamped or taken: a report of the same object (a late or
        /// repeated notification of a write the sync already knows) is not a new write.
        var lastKnown: [String: Any?] = [:]
        /// Whether a thread is pushing: the only one that does, so pushes reach the cloud in order.
        var pushing = false
        /// Whether a thread is handling the cloud's changes, and those reported meanwhile: one thread at a time
        /// handles them, in the order reported, so that two reports never read and write the account record at once.
        var handlingCloudChanges = false
        var cloudChangesWaiting: [DefaultsCloudChange] = []
        /// The newest write known of each name, here or in the cloud.
        var stamps: [String: Double] = [:]
        /// Local writes not pushed yet.
        var pending: [String: CloudEntry] = [:]
        /// Names whose local value the cloud cannot take: not sent again until written again.
        var refused: Set<String> = []
        var pushScheduled = false
        /// The names of the last push, which a quota violation that names none is about, with the bytes each took.
        var lastPushed: [String] = []
        var lastPushedSizes: [String: Int] = [:]
        /// Suites whose stamps changed since they were last saved in the suite: saved with the next push (not on
        /// each write, which would cost a `UserDefaults` write of the whole table), and when the sync stops.
        var suitesWithUnsavedStamps: Set<ObjectIdentifier> = []
        var observation: DefaultsCloudObservation?
    }

    let state = LockedState(State())
    private let listeners = SyncEventListeners()

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

    /// Starts both directions; the work on the suites (stamps, account, every name resolved) waits until protected
    /// data can be read.
    func start() {
        let wasRunning = state.withLock { state in
            defer { state.running = true }
            guard !state.running else { return true }
            // A start after a stop is a launch of its own: its start's work is done again, and writes made while
            // stopped are judged against the epoch as then.
            state.started = false
            state.epochBeganThisLaunch = false
            return false
        }
        guard !wasRunning else { return }
        for store in stores { store.suite.addSync(self) }
        // Changes made to the suite without a store (Apple platforms: `@AppStorage`, another process) are writes too.
        for synced in keys.values where synced.store.suite.watchesExternalChanges {
            synced.store.suite.watchExternalChanges(synced.key)
        }
        let observation = cloud.observeChanges { [weak self] change in self?.cloudDidChange(change) }
        state.withLock { $0.observation = observation }
        cloud.synchronize()
        // Before the first unlock the suites read as empty: stamping or pulling on that would lose the user's values.
        whenProtectedDataAvailable { [weak self] in self?.finishStarting() }
    }

    /// Runs `body` once every synced suite's protected data can be read (at once, usually).
    private func whenProtectedDataAvailable(_ body: @escaping @Sendable () -> Void) {
        var sources: [ProtectedData] = []
        for store in stores where !sources.contains(where: { $0 === store.suite.protectedData }) {
            sources.append(store.suite.protectedData)
        }
        Self.when(sources[...], available: body)
    }

    private static func when(_ sources: ArraySlice<ProtectedData>, available body: @escaping @Sendable () -> Void) {
        guard let first = sources.first else { return body() }
        let rest = Array(sources.dropFirst())
        first.whenAvailable { when(rest[...], available: body) }
    }

    private func finishStarting() {
        guard isRunning else { return }
        for store in stores {
            let stored = store.storage.object(forKey: Self.stampsName).flatMap(storedDictionaryMembers) ?? [:]
            state.withLock { state in
                for (name, stamp) in stored {
                    guard let name = name as? String, keys[name]?.store.suite === store.suite,
                          let seconds = stamp.flatMap(StoredNumber.init)?.exactly(Double.self) else { continue }
                    // A write stamped since the start is newer than what was saved.
                    state.stamps[name] = max(state.stamps[name] ?? -.infinity, seconds)
                }
            }
        }
        let account = SyncAccount(engine: self).checkAtStart()
        state.withLock { state in
            state.started = true
            state.signedOut = account == .signedOut
        }
        switch account {
        case .signedOut: return
        case .changed: adoptNewAccount()
        case .same: resolve(names)
        case .newEpoch:
            resolve(names)
            SyncAccount(engine: self).persistEpoch()
        }
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

    var isStarted: Bool { state.withLock { $0.running && $0.started } }

    // MARK: Local writes

    func suiteDidWrite(_ suite: Suite, _ written: [WrittenValue]) {
        // Most writes are of keys that do not sync: they cost nothing here.
        guard written.contains(where: { $0.maySync && keys[$0.name] != nil }) else { return }
        // Read before the sync's lock: the clock is the app's code.
        let now = clock().timeIntervalSince1970
        let stamped = state.withLock { state in
            guard state.running else { return false }
            var stamped = false
            for value in written where value.maySync && keys[value.name]?.store.suite === suite {
                record(CloudEntry(object: value.object, modified: nextStamp(after: state.stamps[value.name], now: now, in: state)), of: value.name, in: &state)
                state.lastKnown[value.name] = .some(value.object)
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
        guard !synced.isEmpty, isStarted else { return }
        // Read holding no lock (a call into Foundation); a write of ours racing with it is stamped by itself.
        let objects = synced.map { storedObject($0, in: suite) }
        let now = clock().timeIntervalSince1970
        let stamped = state.withLock { state in
            var stamped = false
            for (name, object) in zip(synced, objects) {
                // The same object as the sync last knew: a late or repeated report of a write it already stamped
                // (or took from the cloud), not a newer local write.
                if let known = state.lastKnown[name], storedObjectsEqual(known, object) { continue }
                record(CloudEntry(object: object, modified: nextStamp(after: state.stamps[name], now: now, in: state)), of: name, in: &state)
                state.lastKnown[name] = .some(object)
                stamped = true
            }
            if stamped { state.suitesWithUnsavedStamps.insert(ObjectIdentifier(suite)) }
            return stamped
        }
        if stamped { schedulePush() }
    }

    func record(_ entry: CloudEntry, of name: String, in state: inout State) {
        state.stamps[name] = entry.modified
        queue(entry, of: name, in: &state)
        state.refused.remove(name)
    }

    /// Queues `entry` to go up with the next push; not one stamped at or before the epoch's start, which never goes
    /// up (it may be another person's): so nothing waiting to be pushed is ever held back.
    func queue(_ entry: CloudEntry, of name: String, in state: inout State) {
        state.pending[name] = entry.modified > state.epoch ? entry : nil
    }

    /// A stamp later than now, than `previous` and than the epoch's start: a write made after seeing a value wins
    /// over it, whatever this device's clock says, and a write made in an epoch goes up.
    private func nextStamp(after previous: Double?, now: Double, in state: State) -> Double {
        max(now, max(previous ?? -.infinity, state.epoch) + 0.001)
    }

    /// Begins an epoch (``SyncAccount``): every stamp known so far, and now, is at or before it, so that no value
    /// written until now is pushed. Returns where it begins.
    func beginEpoch() -> Double {
        let now = clock().timeIntervalSince1970
        return state.withLock { state in
            // After every stamp known and its successor (`+ 0.001`, a write found made since), so that neither is pushed.
            state.epoch = max(now, state.epoch, (state.stamps.values.max() ?? -.infinity) + 0.001)
            state.epochBeganThisLaunch = true
            state.pending = state.pending.filter { $0.value.modified > state.epoch }
            return state.epoch
        }
    }

    /// Saves the stamps of every suite whose stamps changed since they were last saved (not before the start's
    /// work: stamps saved on what a locked device read would overwrite the real ones).
    func saveChangedStamps() {
        let unsaved = state.withLock { $0.started ? $0.suitesWithUnsavedStamps : [] }
        for store in stores where unsaved.contains(ObjectIdentifier(store.suite)) {
            let stamps = state.withLock { state in
                state.suitesWithUnsavedStamps.remove(ObjectIdentifier(store.suite))
                return state.stamps.filter { keys[$0.key]?.store.suite === store.suite }
            }
            store.suite.storeUntold(stamps, name: Self.stampsName)
        }
    }

    /// What `suite` stores under `name`, not counting a registered default; `nil` for nothing.
    func storedObject(_ name: String, in suite: Suite) -> Any? {
        suite.storage.hasStoredValue(forKey: name, suiteIdentity: suite.identity) ? suite.storage.object(forKey: name) : nil
    }

    // MARK: Pushing

    /// Skips what the cloud cannot take. One thread at a time pushes, holding no lock while it calls the cloud; a
    /// thread that finds another pushing leaves its writes to it.
    func push() {
        saveChangedStamps()
        var batch = takePushBatch(starting: true)
        while let entries = batch {
            var pushed: [String] = []
            var sizes: [String: Int] = [:]
            var refusals: [(name: String, reason: DefaultsSyncRefusal)] = []
            for (name, entry) in entries {
                guard name.utf8.count <= limits.nameBytes else {
                    refusals.append((name, .nameTooLong))
                    continue
                }
                // An epoch may have begun since the batch was taken: nothing stamped before it goes up.
                guard entry.modified > state.withLock({ $0.epoch }) else { continue }
                let object = entry.cloudObject
                let size = cloudStoredSize(name: name, object: object)
                guard size <= limits.valueBytes else {
                    refusals.append((name, .valueTooLarge(bytes: size)))
                    continue
                }
                WriteOrder.callingOut { cloud.set(object, forKey: name) }
                pushed.append(name)
                sizes[name] = size
            }
            state.withLock { state in
                state.refused.formUnion(refusals.map(\.name))
                state.lastPushed = pushed
                state.lastPushedSizes = sizes
            }
            emit((pushed.isEmpty ? [] : [.pushed(pushed)]) + refusals.map { .refused(name: $0.name, reason: $0.reason) })
            batch = takePushBatch(starting: false)
        }
    }

    /// The writes to push next, sorted by name, marking this thread as the one pushing; `nil` when there is
    /// nothing to push, another thread pushes (`starting`), or the sync cannot push (stopped, signed out).
    private func takePushBatch(starting: Bool) -> [(String, CloudEntry)]? {
        state.withLock { state in
            if starting {
                state.pushScheduled = false
                guard !state.pushing else { return nil }
            }
            guard state.running, !state.signedOut, !state.pending.isEmpty else {
                state.pushing = false
                return nil
            }
            state.pushing = true
            defer { state.pending = [:] }
            return state.pending.sorted { $0.key < $1.key }
        }
    }

    func schedulePush() {
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

    // MARK: Events

    func events() -> AsyncStream<DefaultsSyncEvent> {
        listeners.stream()
    }

    func emit(_ events: [DefaultsSyncEvent]) {
        listeners.emit(events)
    }

    /// Ends every events sequence: the sync is gone.
    func finishEvents() {
        listeners.finish()
    }
}
