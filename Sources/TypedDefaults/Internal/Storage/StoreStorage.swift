import Foundation

/// Where a store keeps its values: a `UserDefaults` suite, or a dictionary in memory.
///
/// It reaches two process-wide tables, on purpose: `PendingWrites` (the suites to save, which the save at exit
/// must find in one place) and `RegisteredDefaults` (Foundation's registration domain is itself process-wide).
/// Handing them in would only copy the same two references into every store.
@usableFromInline
package enum StoreStorage: @unchecked Sendable {
    case userDefaults(FoundationSuite)
    case memory(MemoryStorage)

    /// The object stored under `name` (or registered for it). Never called holding a lock of ours, for a
    /// `UserDefaults` suite (on Apple platforms any call into it may run other code).
    @usableFromInline
    package func object(forKey name: String) -> Any? {
        switch self {
        case .userDefaults(let foundation): return foundation.object(forKey: name)
        case .memory(let memory): return memory.object(forKey: name)
        }
    }

    /// The object under `name` with the value a read decoded from that very object last, if any
    /// (``DecodedValue``): in memory, kept in the object's own entry, which every write replaces; over
    /// `UserDefaults`, found only when the suite holds the object it was decoded from (see
    /// ``isSameStoredObject(_:_:)``), whoever wrote since. Never called holding a lock of ours.
    func objectForDecoding(forKey name: String) -> (object: Any?, decoded: DecodedValue?, stamp: UInt64) {
        switch self {
        case .userDefaults(let foundation):
            guard let object = foundation.object(forKey: name) else { return (nil, nil, 0) }
            return (object, foundation.decodedValues.value(forKey: name, decodedFrom: object), 0)
        case .memory(let memory):
            return memory.objectForDecoding(forKey: name)
        }
    }

    func remember(_ decoded: DecodedValue, forKey name: String) {
        switch self {
        case .userDefaults(let foundation): foundation.decodedValues.remember(decoded, forKey: name)
        case .memory(let memory): memory.remember(decoded, forKey: name)
        }
    }

    /// Whether a value is stored in the suite or given as a launch argument; a registered default does not count.
    package func hasStoredValue(forKey name: String, suiteIdentity: SuiteIdentity) -> Bool {
        storedObject(forKey: name, suiteIdentity: suiteIdentity) != nil
    }

    /// The object stored in the suite or given as a launch argument under `name`, read once; `nil` for none, or
    /// for a registered default.
    package func storedObject(forKey name: String, suiteIdentity: SuiteIdentity) -> Any? {
        switch self {
        case .userDefaults(let foundation):
            if let inFlight = foundation.inFlightObject(forKey: name) { return inFlight }
            guard let object = foundation.call({ $0.object(forKey: name) }) else { return nil }
            return RegisteredDefaults.shared.isStored(object, name: name, in: foundation, identity: suiteIdentity) ? object : nil
        case .memory(let memory):
            return memory.storedObject(forKey: name)
        }
    }

    /// Registers defaults (`UserDefaults.register(defaults:)`), holding no lock of ours.
    func register(_ defaultsByName: [String: Any]) {
        switch self {
        case .userDefaults(let foundation):
            RegisteredDefaults.shared.record(defaultsByName)
            foundation.call { $0.register(defaults: defaultsByName) }
        case .memory(let memory): memory.register(defaultsByName)
        }
    }

    /// Whether reads call into Foundation (and so must not be made holding the write order).
    var readsCallFoundation: Bool {
        if case .userDefaults = self { return true }
        return false
    }
}

/// A thread-safe dictionary with a registration layer, standing in for `UserDefaults` in tests and previews.
///
/// Each stored object keeps the value a read decoded from it last (``DecodedValue``), in the same entry: a write
/// replaces the entry, so no older value survives it, and a read finds object and value under one lock.
@usableFromInline
package final class MemoryStorage: Sendable {
    private struct Entry {
        var object: Any
        /// Which write this is: a value decoded from an earlier write's object is never kept for this one.
        var stamp: UInt64
        var decoded: DecodedValue?
    }

    private struct Values {
        var stored: [String: Entry] = [:]
        var registered: [String: Any] = [:]
        /// Counts writes and removals (``writeCount``); an entry's stamp is the count when it was written.
        var writes: UInt64 = 0
    }

    private let values = LockedState(Values())

    func object(forKey name: String) -> Any? {
        values.withLock { $0.stored[name]?.object ?? $0.registered[name] }
    }

    /// The object under `name` (or registered for it), with the value decoded from it last, if any, and the stamp
    /// under which to remember a value decoded from it (0 for a registered object: not kept).
    func objectForDecoding(forKey name: String) -> (object: Any?, decoded: DecodedValue?, stamp: UInt64) {
        values.withLock { values in
            guard let entry = values.stored[name] else { return (values.registered[name], nil, 0) }
            return (entry.object, entry.decoded, entry.stamp)
        }
    }

    /// Keeps `decoded` with the object it was decoded from, unless a write replaced that object meanwhile.
    func remember(_ decoded: DecodedValue, forKey name: String) {
        values.withLock { values in
            guard values.stored[name]?.stamp == decoded.stamp else { return }
            values.stored[name]?.decoded = decoded
        }
    }

    func hasValue(forKey name: String) -> Bool {
        values.withLock { $0.stored[name] != nil }
    }

    /// The object stored under `name`, not a registered one.
    func storedObject(forKey name: String) -> Any? {
        values.withLock { $0.stored[name]?.object }
    }

    /// Stores `object` (`nil`: removes the entry) and runs `alsoUnderLock` in the same critical section (observers
    /// are queued there, so that they see writes in the order readers do). Made holding the write order.
    func write(_ object: Any?, forKey name: String, alsoUnderLock: () -> Void) {
        values.withLock { values in
            Self.write(object, forKey: name, in: &values)
            alsoUnderLock()
        }
    }

    /// ``write(_:forKey:alsoUnderLock:)`` without the write order, unless another thread holds it (then `false`,
    /// and nothing is written: the caller writes in the write order).
    ///
    /// Why this is exact: a thread that takes the write order counts itself in ``WriteOrder/holders`` before it reads
    /// this storage, and every read takes this lock. A write that finds the count 0 here, under the lock, is either
    /// seen by that thread's first read (it comes later, under the same lock) or took the lock after that read and
    /// then finds the count raised. So no write lands between what a decision read and what it writes.
    @inline(__always)
    func writeUnlessWriteOrderIsHeld(_ object: Any?, forKey name: String, alsoUnderLock: () -> Void) -> Bool {
        values.withLock { values in
            guard WriteOrder.holders.load() == 0 else { return false }
            Self.write(object, forKey: name, in: &values)
            alsoUnderLock()
            return true
        }
    }

    /// A write as other code would make it, outside the stores (tests).
    func set(_ object: Any, forKey name: String) {
        values.withLock { Self.write(object, forKey: name, in: &$0) }
    }

    func removeObject(forKey name: String) {
        values.withLock { Self.write(nil, forKey: name, in: &$0) }
    }

    private static func write(_ object: Any?, forKey name: String, in values: inout Values) {
        values.writes += 1
        guard let object else {
            values.stored[name] = nil
            return
        }
        values.stored[name] = Entry(object: object, stamp: values.writes, decoded: nil)
    }

    /// How many writes were made. Read under the lock: a write that did not wait for the write order is done
    /// before the count is read, or waits (``writeUnlessWriteOrderIsHeld(_:forKey:alsoUnderLock:)``).
    var writeCount: Int {
        values.withLock { Int(truncatingIfNeeded: $0.writes) }
    }

    func register(_ defaultsByName: [String: Any]) {
        values.withLock { $0.registered.merge(defaultsByName) { _, new in new } }
    }

    var storedNames: [String] {
        values.withLock { Array($0.stored.keys) }
    }

    var storedObjects: [String: Any] {
        values.withLock { $0.stored.mapValues(\.object) }
    }
}

/// The defaults registered through stores, so that ``DefaultsStore/has(_:)`` can tell them from stored values.
///
/// `UserDefaults` answers `object(forKey:)` from its registration domain as if the value were stored, and
/// Linux Foundation does not list that domain (`volatileDomain(forName: registrationDomain)` is empty), so the
/// stores keep their own record. Like the registration domain, it is process-wide.
final class RegisteredDefaults: Sendable {
    static let shared = RegisteredDefaults()

    private let objects = LockedState<[String: Any]>([:])

    func record(_ defaultsByName: [String: Any]) {
        objects.withLock { $0.merge(defaultsByName) { _, new in new } }
    }

    func registeredObject(forKey name: String) -> Any? {
        objects.withLock { $0[name] }
    }

    /// Whether `object`, which `defaults` answers for `name`, is a stored value rather than a registered default.
    func isStored(_ object: Any, name: String, in foundation: FoundationSuite, identity: SuiteIdentity) -> Bool {
        let registered = objects.withLock { $0[name] }
        guard let registered else { return true }
        if foundation.call({ $0.volatileDomain(forName: UserDefaults.argumentDomain)[name] }) != nil { return true }
        if let domain = Self.persistentDomainName(of: identity) {
            return foundation.call { $0.persistentDomain(forName: domain)?[name] } != nil
        }
        // A suite whose domain cannot be named: a value equal to the registered default cannot be told apart
        // from it, and counts as not stored.
        return !storedObjectsEqual(object, registered)
    }

    /// The name of the suite's persistent domain, where Foundation lets it be read.
    static func persistentDomainName(of identity: SuiteIdentity) -> String? {
        switch identity {
        case .named(let name): return name
        #if canImport(ObjectiveC)
        case .standard: return Bundle.main.bundleIdentifier
        #endif
        default: return nil
        }
    }
}

/// Runs a call into swift-corelibs-foundation's own `UserDefaults` alone in the process, on Linux.
///
/// swift-corelibs-foundation's `UserDefaults` is not safe to use from several threads at once, even on
/// different suites: under parallel tests, a value read right after `set` came back as the previous one, empty
/// or truncated about once a run. Every call the stores make into that class goes through here (through
/// ``FoundationSuite/call(_:)`` for a suite's object); the lock is a leaf, held only for the length of the call:
/// that class calls nothing back from `set`, `removeObject`, `register` or reads (checked by
/// `FoundationCallbackTests`). Never around a call into a subclass, which may call back as Apple's class does, nor
/// around `removePersistentDomain(forName:)`, which posts `didChangeNotification` inside the call there too.
/// Apple's `UserDefaults` is thread-safe: no lock there.
func withFoundationLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    #if canImport(ObjectiveC)
    return try body()
    #else
    return try foundationLock.whileLocked { try body() }
    #endif
}

/// A call into `defaults` under the Foundation lock when it is Linux Foundation's own class; a subclass (a test
/// double playing Apple's part) is called holding no lock, and takes the lock around its own calls to `super`.
func withFoundationLock<Result>(for defaults: UserDefaults, _ body: () throws -> Result) rethrows -> Result {
    #if canImport(ObjectiveC)
    return try body()
    #else
    if type(of: defaults) != UserDefaults.self { return try body() }
    return try foundationLock.whileLocked { try body() }
    #endif
}

#if !canImport(ObjectiveC)
private let foundationLock = LockedState(())
#endif

/// The lock of ``withFoundationLock(_:)``, for test doubles: a `UserDefaults` subclass that plays Apple's part
/// (calling back from inside `set`) must take it around its own calls to `super`, since the stores call a subclass
/// holding no lock. A no-op on Apple platforms.
package func withFoundationCallLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    try withFoundationLock(body)
}
