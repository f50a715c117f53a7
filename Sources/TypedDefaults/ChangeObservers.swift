import Foundation

/// The process-wide list of observers by stored key name.
///
/// Linux Foundation has no KVO and never posts `UserDefaults.didChangeNotification`, so every write through
/// any ``DefaultsStore`` reports the name here; each observer re-reads its own store and yields only a value
/// that differs from the last one it yielded (so a write to another suite with the same key name, or a
/// second report of the same write, yields nothing).
final class ChangeObservers: @unchecked Sendable {
    /// The process-wide instance.
    static let shared = ChangeObservers()

    private let lock = NSLock()
    private var observersByName: [String: [UInt64: ChangeObserver]] = [:]
    private var nextToken: UInt64 = 0

    func add(_ observer: ChangeObserver) -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        nextToken += 1
        observersByName[observer.name, default: [:]][nextToken] = observer
        return nextToken
    }

    func remove(name: String, token: UInt64) {
        lock.lock()
        observersByName[name]?[token] = nil
        if observersByName[name]?.isEmpty == true { observersByName[name] = nil }
        lock.unlock()
    }

    /// Tells every observer of `name` to check for a new value.
    func valueMayHaveChanged(name: String) {
        lock.lock()
        let observers = observersByName.isEmpty ? [] : observersByName[name].map { Array($0.values) } ?? []
        lock.unlock()
        if observers.isEmpty { return }
        for observer in observers { observer.check() }
    }

    /// The number of live observers, for tests that check that ending a loop releases everything.
    func count(name: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return observersByName[name]?.count ?? 0
    }
}

/// One running `updates(_:)` sequence: re-reads its key and yields what changed.
final class ChangeObserver: @unchecked Sendable {
    let name: String
    private let lock = NSLock()
    private let readObject: @Sendable () -> Any?
    private let yieldObject: @Sendable (Any?) -> Void
    private var lastObject: Any?
    private var hasYielded = false

    init(name: String, readObject: @escaping @Sendable () -> Any?, yieldObject: @escaping @Sendable (Any?) -> Void) {
        self.name = name
        self.readObject = readObject
        self.yieldObject = yieldObject
    }

    /// Yields the current value if it differs from the last one yielded (always, the first time).
    func check() {
        lock.lock()
        defer { lock.unlock() }
        let current = readObject()
        if hasYielded && storedObjectsEqual(current, lastObject) { return }
        hasYielded = true
        lastObject = current
        yieldObject(current)
    }
}
