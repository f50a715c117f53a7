import Foundation

/// Where a store keeps its values: a `UserDefaults` suite, or a dictionary in memory.
@usableFromInline
enum StoreStorage: @unchecked Sendable {
    case userDefaults(UserDefaults)
    case memory(MemoryStorage)

    @usableFromInline
    func object(forKey name: String) -> Any? {
        switch self {
        case .userDefaults(let defaults): return defaults.object(forKey: name)
        case .memory(let memory): return memory.object(forKey: name)
        }
    }

    /// Whether a value is stored, not counting registered defaults where the storage can tell them apart
    /// (`UserDefaults` cannot: its registration domain answers `object(forKey:)` like a stored value).
    func hasStoredValue(forKey name: String) -> Bool {
        switch self {
        case .userDefaults(let defaults): return defaults.object(forKey: name) != nil
        case .memory(let memory): return memory.hasValue(forKey: name)
        }
    }

    func set(_ object: Any, forKey name: String) {
        switch self {
        case .userDefaults(let defaults):
            defaults.set(object, forKey: name)
            PendingWrites.shared.markDirty(defaults)
        case .memory(let memory):
            memory.set(object, forKey: name)
        }
    }

    func removeObject(forKey name: String) {
        switch self {
        case .userDefaults(let defaults):
            // Never `set(nil, forKey:)`: on Linux that picks the `URL?` overload and does not return.
            defaults.removeObject(forKey: name)
            PendingWrites.shared.markDirty(defaults)
        case .memory(let memory):
            memory.removeObject(forKey: name)
        }
    }

    func register(_ defaultsByName: [String: Any]) {
        switch self {
        case .userDefaults(let defaults): defaults.register(defaults: defaultsByName)
        case .memory(let memory): memory.register(defaultsByName)
        }
    }
}

/// A thread-safe dictionary with a registration layer, standing in for `UserDefaults` in tests and previews.
@usableFromInline
final class MemoryStorage: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Any] = [:]
    private var registered: [String: Any] = [:]

    func object(forKey name: String) -> Any? {
        lock.lock()
        defer { lock.unlock() }
        return values[name] ?? registered[name]
    }

    func hasValue(forKey name: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return values[name] != nil
    }

    func set(_ object: Any, forKey name: String) {
        lock.lock()
        values[name] = object
        lock.unlock()
    }

    func removeObject(forKey name: String) {
        lock.lock()
        values[name] = nil
        lock.unlock()
    }

    func register(_ defaultsByName: [String: Any]) {
        lock.lock()
        registered.merge(defaultsByName) { _, new in new }
        lock.unlock()
    }
}
