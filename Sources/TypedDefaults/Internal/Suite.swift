import Foundation

/// What makes two stores read and write the same values: they then share one ``Suite``.
enum SuiteIdentity: Hashable, Sendable {
    /// `UserDefaults.standard`.
    case standard
    /// A suite opened by name (`DefaultsStore(suiteName:)`, `DefaultsStore.suite(_:)`).
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

/// The state that every store over one suite shares: where values live, the lock that orders writes, the
/// `updates(_:)` observers, and the Observation trackers.
///
/// One lock per suite (not per process): a slow ``DefaultsStore/update(_:_:)`` closure stalls writes to its
/// own suite only. The lock is recursive because a read inside `update` may migrate a former name.
@usableFromInline
final class Suite: @unchecked Sendable {
    let identity: SuiteIdentity
    /// A number no other suite of the process has, now or later (never 0), for ``WatchMark``.
    @usableFromInline let serial = Suite.nextSerial.withLock { serial in
        serial += 1
        return serial
    }
    private static let nextSerial = LockedState(0)
    /// Values of older versions that typed migrations dropped (``DefaultsStore/droppedMigrationValues``).
    let droppedMigrationValues = AtomicWord(0)
    @usableFromInline let storage: StoreStorage
    @usableFromInline let tracking = SuiteTracking()
    private struct Observers {
        var byName: [String: [UInt64: ChangeObserver]] = [:]
        var nextToken: UInt64 = 0
        /// Running syncs that keep some of this suite's names in step with a cloud store.
        var syncs: [ObjectIdentifier: any SuiteSyncListener] = [:]
    }

    /// Orders the suite's writes, and guards the `updates` observers, told of each write in that order;
    /// recursive, for reads that migrate inside an `update` closure.
    private let observers = LockedState(Observers(), recursive: true)
    /// Changes made outside the stores (Apple platforms only); kept alive with the suite.
    private var externalChanges: ExternalChangeObservation?

    init(identity: SuiteIdentity, storage: StoreStorage) {
        self.identity = identity
        self.storage = storage
        if case .userDefaults(let defaults) = storage {
            externalChanges = ExternalChangeObservation(defaults: defaults) { [weak self] names in
                self?.valuesChangedOutside(names)
            }
            #if !canImport(ObjectiveC)
            // Apple platforms share suites between processes through cfprefsd; Linux through the file.
            // The table of shared files keeps it alive (named suites live as long as the process).
            if case .named(let name) = identity {
                SharedSuiteFiles.add(SharedSuiteFile(name: name, defaults: defaults) { [weak self] names in
                    self?.valuesChangedOutside(names)
                })
            }
            #endif
        }
    }

    // MARK: Writing

    /// Runs `body` holding the suite's write order, then tells observers and trackers about every name it wrote.
    ///
    /// `body` returns the names written with their new objects; observers of `updates` receive them in the write
    /// order, so they see writes in the order they happened. Trackers are told after the lock is released, so an
    /// `onChange` handler may read and write the store on any thread. `names` are the names `body` may write.
    ///
    /// Running syncs are told of the writes too, under the lock (so they stamp them in write order), unless the
    /// write comes `fromSync`: a value a sync takes from the cloud is not pushed back.
    func write<Result>(touching names: [String], fromSync: Bool = false, _ body: () throws -> (Result, [WrittenValue])) rethrows -> Result {
        let (result, written) = try observers.whileLocked {
            let (result, written) = try externalChanges.map { try $0.duringOwnWrite(of: names, body) } ?? body()
            observers.assumingLocked { observers in
                if !fromSync, !observers.syncs.isEmpty, !written.isEmpty {
                    for sync in observers.syncs.values { sync.suiteDidWrite(self, written) }
                }
                guard !observers.byName.isEmpty else { return }
                for value in written { observers.byName[value.name]?.values.forEach { $0.receive(value.object) } }
            }
            return (result, written)
        }
        for value in written {
            tracking.didChange(path: value.trackingPath ?? \.[storedName: value.name])
        }
        return result
    }

    /// Writes `object` (or removes the entry for `nil`), inside ``write(touching:_:)``.
    func store(_ object: Any?, name: String) {
        if let object {
            storage.set(object, forKey: name)
        } else {
            storage.removeObject(forKey: name)
        }
    }

    // MARK: Changes made elsewhere

    /// Names that may hold new values written outside this suite object: re-check observers, invalidate trackers.
    func valuesChangedOutside(_ names: [String]) {
        let syncs = observers.withLock { observers in
            for name in names { observers.byName[name]?.values.forEach { $0.check() } }
            return Array(observers.syncs.values)
        }
        names.forEach(tracking.didChange)
        for sync in syncs { sync.suiteValuesChangedOutside(self, names) }
    }

    // MARK: Syncs

    /// Tells `sync` of every later write to this suite, until ``removeSync(_:)``.
    func addSync(_ sync: any SuiteSyncListener) {
        observers.withLock { $0.syncs[ObjectIdentifier(sync)] = sync }
    }

    func removeSync(_ sync: any SuiteSyncListener) {
        observers.withLock { _ = $0.syncs.removeValue(forKey: ObjectIdentifier(sync)) }
    }

    /// The number of running syncs, for tests that check that a stopped sync is gone.
    var syncCount: Int {
        observers.withLock { $0.syncs.count }
    }

    /// Runs `body` in the suite's write order (no write of the suite runs meanwhile), for a sync that reads what
    /// is stored and records it.
    func inWriteOrder<Result>(_ body: () throws -> Result) rethrows -> Result {
        try observers.whileLocked(body)
    }

    // MARK: updates(_:) observers

    /// Adds `observer` and yields the current value to it, in one step in the write order so no write is missed.
    func add(_ observer: ChangeObserver) -> UInt64 {
        observers.whileLocked {
            externalChanges?.watch(observer.name)
            return observers.assumingLocked { observers in
                observers.nextToken += 1
                observers.byName[observer.name, default: [:]][observers.nextToken] = observer
                observer.check()
                return observers.nextToken
            }
        }
    }

    func removeObserver(name: String, token: UInt64) {
        observers.withLock { observers in
            observers.byName[name]?[token] = nil
            if observers.byName[name]?.isEmpty == true { observers.byName[name] = nil }
        }
    }

    /// The number of live `updates` observers of `name`, for tests that check that ending a loop releases them.
    func observerCount(name: String) -> Int {
        observers.withLock { $0.byName[name]?.count ?? 0 }
    }

    /// Starts watching the name of `key` for changes made outside the stores, and marks the key, so that its
    /// next reads through this suite skip the call.
    @usableFromInline
    func watchExternalChanges(_ key: DefaultsKeys) {
        externalChanges?.watch(key.name)
        key.watchMark.record(self)
    }

    /// Whether reads ask for ``watchExternalChanges(_:)``: stores over `UserDefaults`.
    @usableFromInline
    var watchesExternalChanges: Bool { externalChanges != nil }
}

/// A sync that keeps names of suites in step with a cloud store, told of what the suites write.
protocol SuiteSyncListener: AnyObject, Sendable {
    /// Called under the suite's lock, in write order, for every write that did not come from a sync.
    func suiteDidWrite(_ suite: Suite, _ written: [WrittenValue])
    /// Called with no lock held: names that may hold values written outside the stores.
    func suiteValuesChangedOutside(_ suite: Suite, _ names: [String])
}

/// One value written under a suite's lock: what observers, trackers and aliases are told.
struct WrittenValue {
    var name: String
    var object: Any?
    /// The key's ready-made tracking key path, when the write came through a key.
    var trackingPath: KeyPath<SuiteTracking, Int>?
    /// Whether a sync may keep this name: `false` for a key not marked for iCloud, so that its writes cost a
    /// running sync nothing; `true` when the write came without a key (the sync looks the name up).
    var maySync = true

    init(_ key: DefaultsKeys, _ object: Any?) {
        self.name = key.name
        self.object = object
        self.trackingPath = key.trackingPath
        self.maySync = key.syncsWithICloud
    }

    init(name: String, _ object: Any?) {
        self.name = name
        self.object = object
    }
}

/// One running `updates(_:)` sequence: yields each new value of its key, once per change, in write order.
///
/// Every method runs under the lock of the observer's suite, which orders them.
final class ChangeObserver: @unchecked Sendable {
    let name: String
    private let readObject: @Sendable () -> Any?
    private let yieldObject: @Sendable (Any?) -> Void
    private var lastObject: Any?
    private var hasYielded = false

    init(name: String, readObject: @escaping @Sendable () -> Any?, yieldObject: @escaping @Sendable (Any?) -> Void) {
        self.name = name
        self.readObject = readObject
        self.yieldObject = yieldObject
    }

    /// Yields `object` if it differs from the last object yielded (always, the first time).
    func receive(_ object: Any?) {
        if hasYielded && storedObjectsEqual(object, lastObject) { return }
        hasYielded = true
        lastObject = object
        yieldObject(object)
    }

    /// Re-reads the stored object and yields it if it changed.
    func check() {
        receive(readObject())
    }
}
