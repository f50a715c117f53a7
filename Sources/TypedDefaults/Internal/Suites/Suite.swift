import Foundation

/// What makes two stores read and write the same values: they then share one ``Suite``.
package enum SuiteIdentity: Hashable, Sendable {
    case standard
    /// A suite opened by name (`DefaultsStore.suite(_:)`, `DefaultsStore(_:suiteName:)`).
    case named(String)
    /// A `UserDefaults` object handed to `DefaultsStore.init(_:)`, whose suite name Foundation does not reveal.
    case object(ObjectIdentifier)
    /// An in-memory store: a suite of its own.
    case memory(ObjectIdentifier)

    /// Whether a store of this identity may read the same values as one of `other` without the identities
    /// being equal: only a `UserDefaults` object of unknown name can alias another suite.
    func mayAlias(_ other: SuiteIdentity) -> Bool {
        guard self != other else { return false }
        switch (self, other) {
        case (.memory, _), (_, .memory): return false
        case (.object, _), (_, .object): return true
        default: return false
        }
    }
}

/// The state that every store over one suite shares: where values live, the `updates(_:)` observers, the
/// Observation trackers, the deliveries queued for both, and the running syncs.
///
/// Writes of every suite are ordered by one process-wide lock (``WriteOrder``, which says why). The suite's own
/// lock (`observers`) is a leaf: it guards the observer table and the delivery queue, and is never held while
/// anything else is called.
@usableFromInline
package final class Suite: @unchecked Sendable {
    package let identity: SuiteIdentity
    /// Never reused and never 0, for ``WatchMark``.
    @usableFromInline let serial = Suite.nextSerial.withLock { serial in
        serial += 1
        return serial
    }
    private static let nextSerial = LockedState(0)
    let failures = FailureLog()
    /// The app version its install first ran (`DefaultsStore.firstVersionName`, `TypedDefaultsFirstVersion`).
    let installRecord = InstallRecord()
    /// Migrations that leave an unconvertible value for the next launch, and failed in this one.
    let migrationAttempts = MigrationAttempts()
    @usableFromInline package let storage: StoreStorage
    @usableFromInline let tracking = SuiteTracking()

    private struct Observers {
        var byName: [String: [UInt64: ChangeObserver]] = [:]
        var nextToken: UInt64 = 0
        var syncs: [ObjectIdentifier: any SuiteSyncListener] = [:]
        /// In write order; run by one thread at a time (``draining``).
        var deliveries: [Delivery] = []
        var draining = false
        /// Counts the writes that observers were told of: the order of ``deliveries``.
        var sequence: UInt64 = 0

        /// Kept so that a write queues without allocating.
        var spare: [Delivery] = []

        mutating func takeDeliveries() -> [Delivery] {
            guard !deliveries.isEmpty else { return [] }
            var taken = spare
            spare = []
            swap(&taken, &deliveries)
            return taken
        }

        mutating func giveBack(_ buffer: inout [Delivery]) {
            buffer.removeAll(keepingCapacity: true)
            if spare.capacity < buffer.capacity { swap(&spare, &buffer) }
        }
    }

    private let observers = LockedState(Observers())
    /// Changes made outside the stores (Apple platforms only); kept alive with the suite.
    private var externalChanges: ExternalChangeObservation?

    /// How many names have `updates` observers, and how many syncs run: writes skip their locks while 0.
    private let observedNames = AtomicWord()
    private let runningSyncs = AtomicWord()

    /// Whether what the suite reads is real (``ProtectedData``): the stores' own writes that follow from reads wait.
    package let protectedData: ProtectedData

    init(identity: SuiteIdentity, storage: StoreStorage, protectedData: ProtectedData = .shared) {
        self.identity = identity
        self.storage = storage
        self.protectedData = protectedData
        if case .userDefaults(let foundation) = storage {
            foundation.owner = self
            externalChanges = ExternalChangeObservation(foundation: foundation) { [weak self] names in
                self?.valuesChangedOutside(names)
            }
            #if !canImport(ObjectiveC)
            // Apple platforms share suites between processes through cfprefsd; Linux through the file.
            // The table of shared files keeps it alive (named suites live as long as the process).
            if case .named(let name) = identity {
                SharedSuiteFiles.add(SharedSuiteFile(name: name, defaults: foundation.defaults) { [weak self] names in
                    self?.valuesChangedOutside(names)
                })
            }
            #endif
        }
    }

    // MARK: Writing

    /// Runs `body` in the process's write order, then tells observers and trackers about every name it wrote.
    ///
    /// `body` commits with ``store(_:name:tell:)``. Observers and trackers are told in commit order once the thread's
    /// outermost write released the write order and made its calls into Foundation, so an `onChange` handler may
    /// read and write the store on any thread, and raw code it runs sees the value. `names` are the names `body` may
    /// write.
    ///
    /// Running syncs are told in the write order (so they stamp in that order), taking only their own leaf lock,
    /// unless the write comes `fromSync`: a value a sync takes from the cloud is not pushed back.
    func write<Result>(touching names: [String], fromSync: Bool = false, _ body: () throws -> (Result, [WrittenValue])) rethrows -> Result {
        try WriteOrder.withLock { pending in
            let (result, written) = try body()
            guard !written.isEmpty else { return result }
            tellInWriteOrder(written, fromSync: fromSync, pending: pending)
            return result
        }
    }

    private func tellInWriteOrder(_ written: [WrittenValue], fromSync: Bool, pending: WriteOrder.Pending) {
        let syncs = observers.withLock { observers -> [any SuiteSyncListener] in
            for value in written { observers.deliveries.append(.tracked(value.trackingPath ?? \.[storedName: value.name])) }
            return fromSync || observers.syncs.isEmpty ? [] : Array(observers.syncs.values)
        }
        for sync in syncs { sync.suiteDidWrite(self, written) }
        pending.deliver(self)
    }

    /// The common `set` (`nil`: removed). With no sync running and the thread not inside another write, without the
    /// write order: over `UserDefaults`, unless a decision is in progress, commit, call, retire (``FoundationSuite``);
    /// in memory, unless another thread holds the write order, the dictionary.
    ///
    /// Inside a Foundation callback (an observer of another write, on its thread) the call is made at once too, so
    /// the write is in `UserDefaults` when it returns; its trackers and observers are told once the outer call is
    /// done, in write order with the rest.
    func write(_ object: Any?, for key: DefaultsKeys) {
        // No thread holds the write order, so neither does this one: no thread record is needed.
        if case .memory(let memory) = storage, runningSyncs.load() == 0,
           memory.writeUnlessWriteOrderIsHeld(object, forKey: key.name, alsoUnderLock: {
               if observedNames.load() > 0 { observers.withLock { Self.queueValue(object, name: key.name, in: &$0) } }
           }) {
            didWrite(key)
            return
        }
        let thread = WriteOrder.Pending.current
        if thread.depth == 0, runningSyncs.load() == 0 {
            switch storage {
            case .userDefaults(let foundation):
                if foundation.writeNow(object, forKey: key.name, on: thread, alsoUnderLock: {
                    if observedNames.load() > 0 { observers.withLock { Self.queueValue(object, name: key.name, in: &$0) } }
                }) {
                    if thread.callingOut > 0 {
                        observers.withLock { $0.deliveries.append(.tracked(key.trackingPath)) }
                        thread.deliver(self)
                    } else {
                        didWrite(key)
                    }
                    return
                }
            case .memory(let memory):
                WriteOrder.withLock { _ in storeInMemory(memory, object, name: key.name, tell: true) }
                didWrite(key)
                return
            }
        }
        WriteOrder.withLock { pending in
            store(object, name: key.name)
            tellInWriteOrder([WrittenValue(key, object)], fromSync: false, pending: pending)
        }
    }

    /// Trackers first, then `updates` observers.
    func didWrite(_ key: DefaultsKeys) {
        tracking.didChange(path: key.trackingPath)
        if observedNames.load() > 0 { runDeliveries() }
    }

    private static func queueValue(_ object: Any?, name: String, in observers: inout Observers) {
        if let named = observers.byName[name], !named.isEmpty {
            observers.sequence += 1
            observers.deliveries.append(.value(object, sequence: observers.sequence, to: Array(named.values)))
        }
    }

    /// Commits `object` (`nil`: removes the entry) inside ``write(touching:fromSync:_:)``: at once in memory; a
    /// `UserDefaults` suite gets the call once the thread's outermost write released the write order
    /// (``WriteOrder/Pending``). `tell` off, for the library's own bookkeeping, tells no `updates` observer.
    package func store(_ object: Any?, name: String, tell: Bool = true) {
        switch storage {
        case .userDefaults(let foundation):
            if let ticket = foundation.commit(object, forKey: name, holdingWriteOrder: true, alsoUnderLock: {
                if tell, observedNames.load() > 0 { observers.withLock { Self.queueValue(object, name: name, in: &$0) } }
            }) {
                WriteOrder.Pending.current.apply(ticket, to: foundation)
            }
        case .memory(let memory):
            storeInMemory(memory, object, name: name, tell: tell)
        }
    }

    /// Runs in the write order.
    private func storeInMemory(_ memory: MemoryStorage, _ object: Any?, name: String, tell: Bool) {
        memory.write(object, forKey: name) {
            if tell, observedNames.load() > 0 { observers.withLock { Self.queueValue(object, name: name, in: &$0) } }
        }
    }

    /// The library's own bookkeeping (a sync's stamps and account): tells no observer and no sync.
    package func storeUntold(_ object: Any?, name: String) {
        WriteOrder.withLock { _ in store(object, name: name, tell: false) }
    }

    // MARK: Changes made elsewhere

    /// Called by Foundation's callbacks too: on a thread inside a write (Foundation calls back from inside
    /// `UserDefaults.set`) it is queued until the write order is released; elsewhere it runs at once and waits for
    /// no write.
    func valuesChangedOutside(_ names: [String]) {
        guard !names.isEmpty else { return }
        if WriteOrder.isBusyOnCurrentThread {
            WriteOrder.Pending.current.changedOutside(self, names)
            return
        }
        let syncs = observers.withLock { observers in
            for name in names {
                if observers.byName[name]?.isEmpty == false { observers.deliveries.append(.check(name)) }
                observers.deliveries.append(.tracked(\.[storedName: name]))
            }
            return Array(observers.syncs.values)
        }
        runDeliveries()
        for sync in syncs { sync.suiteValuesChangedOutside(self, names) }
    }

    // MARK: Syncs

    package func addSync(_ sync: any SuiteSyncListener) {
        observers.withLock { observers in
            observers.syncs[ObjectIdentifier(sync)] = sync
            runningSyncs.store(observers.syncs.count)
        }
    }

    package func removeSync(_ sync: any SuiteSyncListener) {
        observers.withLock { observers in
            observers.syncs.removeValue(forKey: ObjectIdentifier(sync))
            runningSyncs.store(observers.syncs.count)
        }
    }

    /// For tests that check that a stopped sync is gone.
    package var syncCount: Int {
        observers.withLock { $0.syncs.count }
    }

    // MARK: updates(_:) observers

    /// Adds `observer` and queues the current value for it. No write is missed, and none is told twice: every
    /// write counted after the observer was added is delivered to it, and the value read after that (which may
    /// already hold such a write) goes with the count before, so it is never yielded after a newer write.
    func add(_ observer: ChangeObserver) -> UInt64 {
        externalChanges?.watch(observer.name)
        let (token, sequence) = observers.withLock { observers in
            observers.nextToken += 1
            observers.byName[observer.name, default: [:]][observers.nextToken] = observer
            observedNames.store(observers.byName.count)
            return (observers.nextToken, observers.sequence)
        }
        let object = storage.object(forKey: observer.name)
        observers.withLock { $0.deliveries.append(.first(object, sequence: sequence, to: observer)) }
        if WriteOrder.isBusyOnCurrentThread {
            WriteOrder.Pending.current.deliver(self)
        } else {
            runDeliveries()
        }
        return token
    }

    /// Removes an observer: takes only the leaf lock, so an `updates` loop's cancellation (which runs holding its
    /// task's status lock, which a delivery's `yield` takes) never waits for a write.
    func removeObserver(name: String, token: UInt64) {
        observers.withLock { observers in
            observers.byName[name]?[token] = nil
            if observers.byName[name]?.isEmpty == true { observers.byName[name] = nil }
            observedNames.store(observers.byName.count)
        }
    }

    /// For tests that check that ending an `updates` loop releases its observer.
    func observerCount(name: String) -> Int {
        observers.withLock { $0.byName[name]?.count ?? 0 }
    }

    /// Runs the queued deliveries (`updates` values, tracker invalidations), holding no lock of ours, on one thread
    /// at a time (so in write order); returns at once when another thread is running them (it runs these too).
    func runDeliveries() {
        var batch = observers.withLock { observers -> [Delivery] in
            guard !observers.draining, !observers.deliveries.isEmpty else { return [] }
            observers.draining = true
            return observers.takeDeliveries()
        }
        while !batch.isEmpty {
            for delivery in batch { deliver(delivery) }
            // What was queued meanwhile, or the end of this thread's turn, in one step.
            batch = observers.withLock { observers in
                observers.giveBack(&batch)
                if observers.deliveries.isEmpty { observers.draining = false }
                return observers.takeDeliveries()
            }
        }
    }

    private func deliver(_ delivery: Delivery) {
        switch delivery {
        case .value(let object, let sequence, let targets):
            for observer in targets { observer.receive(object, sequence: sequence) }
        case .first(let object, let sequence, let observer):
            observer.receive(object, sequence: sequence)
        case .check(let name):
            // Read between two equal counts of writes: the object holds exactly the writes counted so far (a write
            // in flight reads as committed) and what changed outside, so an older write still queued is not yielded
            // after it. A write counted while it read may be in the object or not: then it reads again. Deliveries
            // never run on a thread holding the write order, nor inside a Foundation callback (those are queued).
            while true {
                let (targets, sequence) = observers.withLock { (Array(($0.byName[name] ?? [:]).values), $0.sequence) }
                guard !targets.isEmpty else { return }
                let object = storage.object(forKey: name)
                guard observers.withLock({ $0.sequence }) == sequence else { continue }
                for observer in targets { observer.receiveChecked(object, sequence: sequence) }
                return
            }
        case .tracked(let path):
            tracking.didChange(path: path)
        }
    }

    /// Marks the key, so that its next reads through this suite skip the call.
    @usableFromInline
    package func watchExternalChanges(_ key: DefaultsKeys) {
        externalChanges?.watch(key.name)
        key.watchMark.record(self)
    }

    /// Changes made outside the stores: an MDM push.
    func watchManagedConfiguration() {
        guard watchesManagedConfiguration.compareExchange(expected: 0, new: 1) else { return }
        externalChanges?.watch(DefaultsStore.managedConfigurationName)
    }

    /// Nonzero once ``watchManagedConfiguration()`` ran: each managed read asks, and watching a dotted name reads it.
    private let watchesManagedConfiguration = AtomicWord()

    /// For tests; `nil` in memory.
    var externalChangeObservation: ExternalChangeObservation? { externalChanges }

    /// Stores over `UserDefaults`.
    @usableFromInline
    package var watchesExternalChanges: Bool { externalChanges != nil }
}
