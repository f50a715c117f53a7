import Foundation

/// Where a store keeps its values: a `UserDefaults` suite, or a dictionary in memory.
///
/// It reaches two process-wide tables, on purpose: `PendingWrites` (the suites to save, which the save at exit
/// must find in one place) and `RegisteredDefaults` (Foundation's registration domain is itself process-wide).
/// Handing them in would only copy the same two references into every store.
@usableFromInline
enum StoreStorage: @unchecked Sendable {
    case userDefaults(UserDefaults)
    case memory(MemoryStorage)

    @usableFromInline
    func object(forKey name: String) -> Any? {
        switch self {
        case .userDefaults(let defaults): return withFoundationLock { defaults.object(forKey: name) }
        case .memory(let memory): return memory.object(forKey: name)
        }
    }

    /// Whether a value is stored in the suite or given as a launch argument; a registered default does not count.
    func hasStoredValue(forKey name: String, suiteIdentity: SuiteIdentity) -> Bool {
        switch self {
        case .userDefaults(let defaults):
            guard let object = withFoundationLock({ defaults.object(forKey: name) }) else { return false }
            return RegisteredDefaults.shared.isStored(object, name: name, in: defaults, identity: suiteIdentity)
        case .memory(let memory):
            return memory.hasValue(forKey: name)
        }
    }

    func set(_ object: Any, forKey name: String) {
        switch self {
        case .userDefaults(let defaults):
            withFoundationLock { defaults.set(object, forKey: name) }
            PendingWrites.shared.markDirty(defaults)
        case .memory(let memory):
            memory.set(object, forKey: name)
        }
    }

    func removeObject(forKey name: String) {
        switch self {
        case .userDefaults(let defaults):
            // Never `set(nil, forKey:)`: on Linux that picks the `URL?` overload and does not return.
            withFoundationLock { defaults.removeObject(forKey: name) }
            PendingWrites.shared.markDirty(defaults)
        case .memory(let memory):
            memory.removeObject(forKey: name)
        }
    }

    func register(_ defaultsByName: [String: Any]) {
        switch self {
        case .userDefaults(let defaults):
            RegisteredDefaults.shared.record(defaultsByName)
            withFoundationLock { defaults.register(defaults: defaultsByName) }
        case .memory(let memory): memory.register(defaultsByName)
        }
    }
}

/// A thread-safe dictionary with a registration layer, standing in for `UserDefaults` in tests and previews.
@usableFromInline
final class MemoryStorage: Sendable {
    private struct Values {
        var stored: [String: Any] = [:]
        var registered: [String: Any] = [:]
    }

    private let values = LockedState(Values())

    func object(forKey name: String) -> Any? {
        values.withLock { $0.stored[name] ?? $0.registered[name] }
    }

    func hasValue(forKey name: String) -> Bool {
        values.withLock { $0.stored[name] != nil }
    }

    func set(_ object: Any, forKey name: String) {
        values.withLock { $0.stored[name] = object }
    }

    func removeObject(forKey name: String) {
        values.withLock { $0.stored[name] = nil }
    }

    func register(_ defaultsByName: [String: Any]) {
        values.withLock { $0.registered.merge(defaultsByName) { _, new in new } }
    }

    /// The names that hold a stored value.
    var storedNames: [String] {
        values.withLock { Array($0.stored.keys) }
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

    /// Whether `object`, which `defaults` answers for `name`, is a stored value rather than a registered default.
    func isStored(_ object: Any, name: String, in defaults: UserDefaults, identity: SuiteIdentity) -> Bool {
        let registered = objects.withLock { $0[name] }
        guard let registered else { return true }
        if withFoundationLock({ defaults.volatileDomain(forName: UserDefaults.argumentDomain)[name] }) != nil { return true }
        if let domain = Self.persistentDomainName(of: identity) {
            return withFoundationLock { defaults.persistentDomain(forName: domain)?[name] } != nil
        }
        // A suite whose domain cannot be named: a value equal to the registered default cannot be told apart
        // from it, and counts as not stored.
        return !storedObjectsEqual(object, registered)
    }

    /// The name of the suite's persistent domain, where Foundation lets it be read.
    private static func persistentDomainName(of identity: SuiteIdentity) -> String? {
        switch identity {
        case .named(let name): return name
        #if canImport(ObjectiveC)
        case .standard: return Bundle.main.bundleIdentifier
        #endif
        default: return nil
        }
    }
}

/// Runs a `UserDefaults` call alone in the process, on Linux.
///
/// swift-corelibs-foundation's `UserDefaults` is not safe to use from several threads at once, even on
/// different suites: under parallel tests, a value read right after `set` came back as the previous one, empty
/// or truncated about once a run. Every call the stores make goes through here; the lock is held only for the
/// length of the call, never while user code runs. Apple's `UserDefaults` is thread-safe: no lock there.
func withFoundationLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    #if canImport(ObjectiveC)
    return try body()
    #else
    return try foundationLock.whileLocked { try body() }
    #endif
}

#if !canImport(ObjectiveC)
private let foundationLock = LockedState(())
#endif
