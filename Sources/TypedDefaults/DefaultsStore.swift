import Foundation

/// A typed view of a `UserDefaults` suite (or of memory), read and written through ``DefaultsKey``s.
///
/// ```swift
/// let store = DefaultsStore(UserDefaults(suiteName: "com.example.app")!)
/// store[.launchCount] += 1
/// store[.username] = nil            // removes the stored value
/// ```
///
/// Usable from any thread, task or actor. Every write is on disk before a normal exit, and within about a
/// second otherwise (see ``flush()``).
public final class DefaultsStore: @unchecked Sendable {
    @usableFromInline let storage: StoreStorage

    /// Serializes writes of every store in the process, so that ``update(_:_:)`` is atomic even between
    /// stores over the same suite. Recursive because a read inside `update` may migrate a former name.
    private static let writeLock = NSRecursiveLock()

    /// A store over `defaults`.
    public init(_ defaults: UserDefaults) {
        storage = .userDefaults(defaults)
    }

    private init(storage: StoreStorage) {
        self.storage = storage
    }

    /// The store over `UserDefaults.standard`, which ``Defaults`` reads and writes.
    public static let standard = DefaultsStore(.standard)

    /// A store that keeps values in memory only: nothing touches disk. For tests and previews.
    public static func inMemory() -> DefaultsStore {
        DefaultsStore(storage: .memory(MemoryStorage()))
    }

    // MARK: Reading

    /// The value stored for `key`, or its default when nothing (or nothing readable) is stored.
    public subscript<Value>(key: DefaultsKey<Value>) -> Value {
        @inlinable get { value(for: key) }
        set { try? set(newValue, for: key) }
    }

    /// The value stored for `key`, or its default.
    ///
    /// Inlinable so that the caller's module specializes it for `Value`: reads cost what `UserDefaults` costs.
    @inlinable
    public func value<Value>(for key: DefaultsKey<Value>) -> Value {
        if let object = storage.object(forKey: key.name) {
            return Value.fromDefaultsObject(object) ?? key.defaultValue
        }
        if key.formerNames.isEmpty { return key.defaultValue }
        return migrateFormerName(of: key) ?? key.defaultValue
    }

    /// Whether a value is stored for `key` (under its name or a former name); a default does not count.
    ///
    /// After ``register(_:)-variadic``, a `UserDefaults` suite answers for registered keys as if a value were
    /// stored (its registration domain is indistinguishable from stored values), so `has` is then `true`.
    public func has(_ key: DefaultsKeys) -> Bool {
        storage.hasStoredValue(forKey: key.name) || key.formerNames.contains { storage.hasStoredValue(forKey: $0) }
    }

    /// The raw stored object for `key`, as `UserDefaults` holds it; for debug screens.
    public func storedObject(for key: DefaultsKeys) -> Any? {
        storage.object(forKey: key.name)
    }

    // MARK: Writing

    /// Stores `value` for `key`; `nil` for an optional key removes the entry.
    ///
    /// - Throws: ``DefaultsError/notRepresentable(_:)`` when the value has no stored form; the stored value is
    ///   then left untouched. The subscript setter ignores that error.
    public func set<Value>(_ value: Value, for key: DefaultsKey<Value>) throws {
        let object = try value.defaultsObject()
        Self.writeLock.lock()
        write(object, name: key.name)
        Self.writeLock.unlock()
        ChangeObservers.shared.valueMayHaveChanged(name: key.name)
    }

    /// Removes the stored values of `keys` (former names included): reads give their defaults again.
    public func remove(_ keys: DefaultsKeys...) {
        remove(keys)
    }

    /// Removes the stored values of `keys` (former names included), as for a "reset all settings" command.
    public func remove(_ keys: [DefaultsKeys]) {
        Self.writeLock.lock()
        for key in keys {
            storage.removeObject(forKey: key.name)
            for former in key.formerNames { storage.removeObject(forKey: former) }
        }
        Self.writeLock.unlock()
        for key in keys { ChangeObservers.shared.valueMayHaveChanged(name: key.name) }
    }

    /// Atomically reads the value of `key`, lets `body` change it, and stores the result.
    ///
    /// Updates (and other writes) through any store in this process never interleave, so eight threads doing
    /// `store.update(.count) { $0 += 1 }` 10,000 times each end at exactly 80,000.
    /// - Returns: What `body` returns.
    @discardableResult
    public func update<Value, Result>(_ key: DefaultsKey<Value>, _ body: (inout Value) throws -> Result) rethrows -> Result {
        let result: Result
        do {
            Self.writeLock.lock()
            defer { Self.writeLock.unlock() }
            var value = self.value(for: key)
            result = try body(&value)
            // A value with no stored form leaves the stored one untouched, as the subscript setter does.
            guard let object = try? Optional.some(value.defaultsObject()) else { return result }
            write(object, name: key.name)
        }
        ChangeObservers.shared.valueMayHaveChanged(name: key.name)
        return result
    }

    /// Registers the keys' defaults with `UserDefaults.register(defaults:)`, so code that reads the suite
    /// directly sees them. Values under former names are migrated first.
    public func register(_ keys: DefaultsKeys...) {
        register(keys)
    }

    /// Registers the keys' defaults with `UserDefaults.register(defaults:)`; see ``register(_:)-variadic``.
    public func register(_ keys: [DefaultsKeys]) {
        var defaultsByName: [String: Any] = [:]
        for key in keys {
            if storage.object(forKey: key.name) == nil, !key.formerNames.isEmpty {
                key.migrateFormerName(in: self)
            }
            if let object = key.defaultObject { defaultsByName[key.name] = object }
        }
        storage.register(defaultsByName)
    }

    /// Saves pending writes to disk now, instead of within the next fraction of a second.
    public func flush() {
        PendingWrites.shared.flush()
    }

    // MARK: Internals

    /// Writes `object` (or removes the entry for `nil`); the caller holds ``writeLock``.
    private func write(_ object: Any?, name: String) {
        if let object {
            storage.set(object, forKey: name)
        } else {
            storage.removeObject(forKey: name)
        }
    }

    /// Moves a readable value found under a former name to the key's own name and returns it.
    @usableFromInline
    func migrateFormerName<Value>(of key: DefaultsKey<Value>) -> Value? {
        guard !key.formerNames.isEmpty else { return nil }
        Self.writeLock.lock()
        defer { Self.writeLock.unlock() }
        // Another thread may have migrated it while this one waited.
        if let object = storage.object(forKey: key.name) { return Value.fromDefaultsObject(object) }
        for former in key.formerNames {
            guard let object = storage.object(forKey: former), let value = Value.fromDefaultsObject(object) else { continue }
            guard let newObject = try? value.defaultsObject() else { continue }
            write(newObject, name: key.name)
            storage.removeObject(forKey: former)
            return value
        }
        return nil
    }
}

