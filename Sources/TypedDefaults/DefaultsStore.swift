import Foundation
import Observation

/// A typed view of a `UserDefaults` suite (or of memory), read and written through ``DefaultsKey``s.
///
/// ```swift
/// let store = DefaultsStore.suite("group.com.example.shared")
/// store[.launchCount] += 1
/// store[.username] = nil            // removes the stored value
/// ```
///
/// Usable from any thread, task or actor. Writes are durable: see ``flush()``.
///
/// The store is `Observable`, key by key: a SwiftUI view or `withObservationTracking` that reads
/// `store[.theme]` is invalidated by the next write of that key's stored name through any store over the same
/// suite, and by nothing else. Stores are over the same suite when they are made with the same suite name, are
/// both over `UserDefaults.standard`, or share one `UserDefaults` object; a store made from another
/// `UserDefaults` object of the same name sees those writes too. Each in-memory store is a suite of its own.
public final class DefaultsStore: Observable, @unchecked Sendable {
    @usableFromInline package let suite: Suite
    /// For a store of a family (``standard`` or ``suite(_:)``, real or redirected): the family's shared store of
    /// each suite, where keys declared with another suite are read and written. `nil` for stores made
    /// explicitly, which read every key as given.
    let family: FamilyLink?

    /// A store over `defaults`, reading every key as given (a key's own suite does not count). Never redirected
    /// by `withIsolatedDefaults(_:)`: it names its `UserDefaults` object.
    ///
    /// Foundation does not tell which suite an object is: unless it is `UserDefaults.standard`, its stores are a
    /// suite of their own. To share the suite with the stores made by name (and make `update` exact across them),
    /// use ``init(_:suiteName:)``.
    public init(_ defaults: UserDefaults) {
        suite = SuiteRegistry.shared.suite(for: defaults)
        family = nil
        leaveInstallRecord()
    }

    /// A store over `defaults`, the `UserDefaults` object of the suite `suiteName`, reading every key as given.
    ///
    /// Foundation does not tell a `UserDefaults` object's suite, so a store made with ``init(_:)`` is a suite of
    /// its own: two such stores over one domain converge to the last write, but an ``update(_:_:)`` through one is
    /// not atomic against writes through the other. Naming the suite makes this store share it with every store of
    /// that name (``suite(_:)`` too): their `update`s are exact, and they see each other's writes at once.
    /// The first object the process names for a suite is the one every store of the suite calls. Never
    /// redirected by `withIsolatedDefaults(_:)`: it names its `UserDefaults` object.
    public init(_ defaults: UserDefaults, suiteName: String) {
        suite = SuiteRegistry.shared.suite(named: suiteName) { _ in defaults }
        family = nil
        leaveInstallRecord()
    }

    /// A store of a family over `defaults`: the real standard store, or the real shared store of a suite.
    init(_ defaults: UserDefaults, family: FamilyLink) {
        suite = SuiteRegistry.shared.suite(for: defaults)
        self.family = family
        leaveInstallRecord()
    }

    /// A store over the real suite `suiteName`, never redirected (the real family's shared stores).
    convenience init(realSuiteNamed suiteName: String, family: FamilyLink) {
        self.init(suite: Self.realSuite(named: suiteName), family: family)
    }

    /// The process's one `Suite` over `UserDefaults(suiteName:)` of `name`.
    private static func realSuite(named name: String) -> Suite {
        SuiteRegistry.shared.suite(named: name) { UserDefaults(suiteName: $0) }
    }

    init(suite: Suite, family: FamilyLink? = nil) {
        self.suite = suite
        self.family = family
        leaveInstallRecord()
    }

    /// The store over `UserDefaults.standard`, which ``Defaults`` reads and writes.
    ///
    /// Inside `withIsolatedDefaults(_:)`, and after ``useInMemoryStores()``, an in-memory store instead:
    /// code that reaches the standard store without naming a `UserDefaults` object never touches real settings.
    public static var standard: DefaultsStore {
        StoreRedirection.mayRedirect ? StoreRedirection.current.standard : StoreFamily.realStandard
    }

    /// The store of the suite `name` (`UserDefaults(suiteName:)`): the same instance for the same name, the one
    /// keys declared with that suite use through ``Defaults`` and ``Default``. Keys declared with no suite are read
    /// and written in it; a key declared with another suite is read and written in that suite's store
    /// (``store(for:)``). The standard suite when Foundation refuses the name (the global domain, or the app's own
    /// identifier), so stores and trackers over it see each other's writes.
    ///
    /// Redirected like ``standard``: inside `withIsolatedDefaults(_:)` (and after ``useInMemoryStores()``) the
    /// scope's in-memory store of the name, since naming a suite is not naming a `UserDefaults` object, and tests
    /// must not reach real settings by it. To read keys in a suite other than their own, make a store over its
    /// object: ``init(_:suiteName:)``.
    public static func suite(_ name: String) -> DefaultsStore {
        StoreRedirection.current.suite(name)
    }

    /// A store that keeps values in memory only: nothing touches disk. For tests and previews.
    public static func inMemory() -> DefaultsStore {
        inMemory(family: nil)
    }

    static func inMemory(family: FamilyLink?) -> DefaultsStore {
        let memory = MemoryStorage()
        return DefaultsStore(suite: Suite(identity: .memory(ObjectIdentifier(memory)), storage: .memory(memory)), family: family)
    }

    /// Makes every store that code reaches without naming a `UserDefaults` object an in-memory one, for the rest
    /// of the process: ``standard``, ``suite(_:)``, `Defaults[...]`, `@Default(.key)` and generated settings
    /// classes made with their default store. For demo modes; nothing is saved. The same happens by itself from
    /// the first read when Xcode runs a preview (`XCODE_RUNNING_FOR_PREVIEWS=1`), and when the app is launched with
    /// the arguments `-TypedDefaultsInMemory YES` (UI tests). Properties and objects that already hold a store keep
    /// it; a `withIsolatedDefaults(_:)` scope still gets fresh stores.
    public static func useInMemoryStores() {
        StoreRedirection.useInMemoryStoresForTheProcess()
    }

    /// Makes the stores that code reaches without naming a `UserDefaults` object the real ones again, for the rest
    /// of the process: the opt-out of previews' in-memory stores, for a preview that is to show (and change) the
    /// developer's real settings. Call it first thing in the preview:
    ///
    /// ```swift
    /// #Preview("Real settings") {
    ///     DefaultsStore.useRealStores()
    ///     return SettingsView()
    /// }
    /// ```
    ///
    /// It also undoes ``useInMemoryStores()`` and `-TypedDefaultsInMemory YES`. Properties and objects that already
    /// hold an in-memory store keep it; `withIsolatedDefaults(_:)` scopes are still isolated.
    public static func useRealStores() {
        StoreRedirection.useRealStoresForTheProcess()
    }

    /// Where `key` is read and written when reached through this store.
    ///
    /// For a store of a family (``standard`` and ``suite(_:)``, real or redirected): the family's shared store
    /// of the key's suite when the key is declared with one, else this store. For a store made explicitly
    /// (``init(_:)``, ``init(_:suiteName:)``, ``inMemory()``): this store, whatever the key's suite.
    public func store(for key: DefaultsKeys) -> DefaultsStore {
        store(forSuiteNamed: key.suiteName)
    }

    /// Where keys declared with the suite `name` (`nil`: no suite) are read and written when reached through this
    /// store: see ``store(for:)``.
    public func store(forSuiteNamed name: String?) -> DefaultsStore {
        guard let name, let family, name != family.suiteName, let stores = family.stores else { return self }
        return stores.store(named: name)
    }

    /// The store where `key` lives when it is not this one; `nil` (the common case) when it is: the one decision
    /// every entry point of a key asks first. Keys without a suite, and stores made explicitly, never look further;
    /// among the real stores a key's home is found once (``HomeMark``).
    @usableFromInline
    func homeElsewhere(of key: DefaultsKeys) -> DefaultsStore? {
        guard key.suiteName != nil, let family else { return nil }
        let home = family.isReal ? key.homeMark.realHome { store(for: key) } : store(for: key)
        return home === self ? nil : home
    }

    /// Removes the values stored under `names` (stored names no key uses any more, such as a schema's `retired`
    /// names), telling observers of those names.
    public func removeValues(named names: [String]) {
        write(touching: names) {
            for name in names { suite.store(nil, name: name) }
            return ((), names.map { WrittenValue(name: $0, nil) })
        }
    }

    @usableFromInline package var storage: StoreStorage { suite.storage }

    /// Whether the store keeps its values in memory (``inMemory()``, or a redirected store).
    package var isInMemory: Bool {
        if case .memory = storage { return true }
        return false
    }

    // MARK: Reading

    /// The value stored for `key`, or its default when nothing (or nothing readable) is stored.
    public subscript<Value>(key: DefaultsKey<Value>) -> Value {
        @inlinable get { value(for: key) }
        set {
            do {
                if key.hasRange { return try setNearestInRange(newValue, for: key) }
                try set(newValue, for: key)
            } catch {
                // Not thrown from a setter: reported (``DefaultsFailure``), the stored value left as it was.
                store(for: key).suite.failures.report(DefaultsFailure(.notEncodable, keyName: key.name, detail: failureDetail(of: error)))
            }
        }
    }

    /// The value stored for `key`, or its default. A tracked read (SwiftUI, `withObservationTracking`).
    ///
    /// The subscript's getter as a method, for where a subscript cannot go (`keys.map(store.value(for:))`).
    /// Inlinable so that the caller's module specializes it for `Value`: reads cost what `UserDefaults` costs.
    @inlinable
    public func value<Value>(for key: DefaultsKey<Value>) -> Value {
        if key.readsSpecially {
            if key.suiteName != nil, let home = homeElsewhere(of: key) { return home.value(for: key) }
            if key.isManaged, let value = administratorValue(for: key) { return value }
        }
        suite.tracking.access(key.trackingPath)
        if suite.watchesExternalChanges, !key.watchMark.isWatched(by: suite) { suite.watchExternalChanges(key) }
        // Ranged, collection and record keys read out of line, so the common path stays as small as the caller inlines it.
        if key.readsOutOfLine { return valueReadOutOfLine(for: key) }
        if let object = storage.object(forKey: key.name) {
            if let value = Value.fromDefaultsObject(object) { return value }
            return valueOfUnreadable(object, for: key)
        }
        if !key.hasMigrations { return key.defaultValue }
        return valueOfNothingStored(for: key)
    }

    /// Whether a value is stored for `key` (under its name or a former name) in the suite, or given as a
    /// launch argument. A default does not count, registered or not.
    public func has(_ key: DefaultsKeys) -> Bool {
        if let home = homeElsewhere(of: key) { return home.has(key) }
        suite.tracking.access(key.trackingPath)
        if storage.hasStoredValue(forKey: key.name, suiteIdentity: suite.identity) { return true }
        return key.hasMigrations && holdsFormerValue(key.formerEntries(in: self))
    }

    /// The raw stored object for `key`, as `UserDefaults` holds it: what the editor shows of a key it cannot edit.
    package func storedObject(for key: DefaultsKeys) -> Any? {
        if let home = homeElsewhere(of: key) { return home.storedObject(for: key) }
        suite.tracking.access(key.trackingPath)
        return storage.object(forKey: key.name)
    }

    // MARK: Writing

    /// Stores `value` for `key`; `nil` for an optional key removes the entry.
    ///
    /// - Throws: ``DefaultsError/notRepresentable(_:)`` when the value has no stored form, and
    ///   ``DefaultsError/outOfRange(_:)`` when it lies outside the key's declared range (or is NaN); the stored
    ///   value is then left untouched. The subscript setter (and so `@Default` and bindings) reports the first as a
    ///   ``DefaultsFailure`` instead, and stores the nearest bound for the second.
    public func set<Value>(_ value: Value, for key: DefaultsKey<Value>) throws {
        if let home = homeElsewhere(of: key) { return try home.set(value, for: key) }
        if key.hasRange { try checkInRange(value, for: key) }
        if key.isManaged, refusesWrite(of: key) { return }
        let object = try value.defaultsObject()
        // A removal takes what a read would migrate back with it.
        if object == nil, key.hasMigrations { return removeHere([key]) }
        suite.write(object, for: key)
        if suite.installRecord.settled.loadRelaxed() == 0 { leaveInstallRecordAfterWrite() }
    }

    /// Atomically reads the value of `key`, lets `body` change it, and stores the result.
    ///
    /// Updates and other writes never interleave, so eight threads doing `store.update(.count) { $0 += 1 }`
    /// 10,000 times each end at exactly 80,000. `body` runs in the process's write order (one lock for the writes
    /// of every suite): it may read and write this suite and others on its own thread, but must not wait for
    /// another thread that writes (that thread would wait for `body`), and should be quick, since other writes
    /// wait for it. Reads are never held up. Once `body` returned, the write order is released, the value is
    /// written to `UserDefaults` holding no lock, and observers and trackers are told, all before `update` returns
    /// (see docs/Guide.md, "Threads and callbacks"). Exact across every store of one suite: stores made by name,
    /// the standard store, and a `UserDefaults` object named with ``init(_:suiteName:)``.
    /// - Returns: What `body` returns.
    @discardableResult
    public func update<Value, Result>(_ key: DefaultsKey<Value>, _ body: (inout Value) throws -> Result) rethrows -> Result {
        if let home = homeElsewhere(of: key) { return try home.update(key, body) }
        if key.isManaged, refusesWrite(of: key) {
            // `body` still runs, on the value the key reads, for its result; what it makes of the value is dropped.
            var value = self.value(for: key)
            return try body(&value)
        }
        // The stored object is read before the write order is taken (reading `UserDefaults` there could wait for
        // other code), and read again if a write came in between; migrations run first, as writes of their own.
        let formers = key.hasMigrations ? key.formerEntries(in: self) : FormerEntries()
        return try suite.inWriteOrder(of: [suite], names: [key.name], after: {
            (storedObjectMigrated(for: key), migratedFormerEntryMarks(if: [formers]))
        }) { object, marks in
            var marks = marks
            return try write(touching: [key.name]) {
                var value = self.value(fromStored: object, for: key)
                let result = try body(&value)
                if key.hasRange {
                    // NaN has no nearest bound: the stored value stays.
                    guard let inRange = valueInRange(value, for: key) else { return (result, []) }
                    value = inRange
                }
                // A value with no stored form leaves the stored one untouched, reported as the subscript setter does.
                let object: Any?
                do {
                    object = try value.defaultsObject()
                } catch {
                    suite.failures.report(DefaultsFailure(.notEncodable, keyName: key.name, detail: failureDetail(of: error)))
                    return (result, [])
                }
                // A removal takes what a read would migrate back with it.
                let retired = object == nil && !formers.isEmpty ? retire(formers, marks: &marks) : []
                suite.store(object, name: key.name)
                return (result, retired + [WrittenValue(key, object)])
            }
        }
    }

    /// What the suite stores for `key` once its migrations ran.
    private func storedObjectMigrated<Value>(for key: DefaultsKey<Value>) -> Any? {
        let object = storage.object(forKey: key.name)
        guard key.hasMigrations, object.map({ Value.fromDefaultsObject($0) == nil }) ?? true else { return object }
        // What the install first ran is found out here, before the write order: the default read in it needs it.
        if key.keepsPreviousDefaults { _ = firstVersionOfInstall() }
        _ = migrateFormerName(of: key)
        return storage.object(forKey: key.name)
    }

    /// Saves the pending writes of every suite of the process to disk now.
    ///
    /// Without it, every write reaches disk at the latest a quarter of a second after it is made, and before
    /// a normal exit. A write whose call into `UserDefaults` another thread is still making is saved after that
    /// call returns, the same way: a flush never waits for another thread's call.
    public static func flush() {
        PendingWrites.shared.flush()
    }

    // MARK: Keys of any type

    /// The value of `key` in this store for debug output and tools that list keys of many types
    /// (`DefaultsKeys.AppSettings.all`): its default when nothing is stored, `nil` for an optional key holding
    /// nothing (never `Optional(nil)`). Typed code reads the subscript instead.
    ///
    /// ```swift
    /// for key in DefaultsKeys.AppSettings.all {
    ///     print(key.label.title, DefaultsStore.standard.debugValue(for: key) ?? "none")
    /// }
    /// ```
    public func debugValue(for key: DefaultsKeys) -> Any? {
        key.boxedValue(in: self)
    }

    /// Stores `object` for `key` if it reads as a value of the key's type, with the store's reading rules
    /// (`"0.3"` for a Double, `"YES"` for a Bool, a case's raw value for an enum) and inside the key's range if it
    /// has one: how the editor and the demo write text a person typed. Returns whether it did; the stored value is
    /// untouched otherwise.
    @discardableResult
    package func setValue(fromObject object: Any, for key: DefaultsKeys) -> Bool {
        key.storeValue(fromObject: object, in: self)
    }

    // MARK: Internals

    /// When some of `keys` live in another store (see ``store(for:)``), calls `body` once per store with the keys
    /// that live there, in the order the stores first appear, and returns true; returns false when all live here.
    func forEachHomeElsewhere(of keys: [DefaultsKeys], _ body: (DefaultsStore, [DefaultsKeys]) -> Void) -> Bool {
        let homes = keys.map(store(for:))
        guard homes.contains(where: { $0 !== self }) else { return false }
        var done: [DefaultsStore] = []
        for home in homes where !done.contains(where: { $0 === home }) {
            done.append(home)
            body(home, keys.indices.filter { homes[$0] === home }.map { keys[$0] })
        }
        return true
    }

    /// A write to this store's suite (see ``Suite/write(touching:fromSync:_:)``). The other suites that may be this one
    /// under another `UserDefaults` object are told when the write reaches Foundation (``FoundationSuite``).
    package func write<Result>(touching names: [String], fromSync: Bool = false, _ body: () throws -> (Result, [WrittenValue])) rethrows -> Result {
        try suite.write(touching: names, fromSync: fromSync, body)
    }
}
