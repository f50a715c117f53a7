import Foundation
import TypedDefaults

/// A `UserDefaults` that behaves as Apple's does where the stores must not hold a lock: it calls back from inside
/// `set` and `removeObject`, on the writing thread, synchronously, as key-value observing does (``onKeyChange``),
/// and posts `UserDefaults.didChangeNotification` from inside the call, as Apple's Foundation does ("on the same
/// thread you used to make the change"). An observer of that notification registered with a queue then makes the
/// writing thread wait until the queue ran it, as on Apple platforms.
///
/// Its own calls into Linux Foundation take the stores' Foundation lock (Linux Foundation is not thread-safe
/// across suites, and the stores call a subclass holding no lock of theirs); it calls back holding none.
///
/// With ``playsKeyValueObserving`` set, it also plays key-value observing for the stores, as Apple's class does: the
/// names a store observes are reported to it from inside every write of them (the store's own writes included,
/// which it tells apart), so the stores see writes that raw code makes.
public final class AppleLikeDefaults: UserDefaults, KeyValueObservingStandIn {
    private let lock = NSLock()
    private var keyObservers: [(String) -> Void] = []
    private var writes = 0
    private var observedKeys: [String: [@Sendable (String) -> Void]] = [:]
    /// Set before a store is made over it.
    public nonisolated(unsafe) var playsKeyValueObserving = false

    package func observeKey(_ name: String, onChange: @escaping @Sendable (String) -> Void) {
        guard playsKeyValueObserving else { return }
        lock.lock()
        observedKeys[name, default: []].append(onChange)
        lock.unlock()
    }

    /// Adds a callback run inside every `set` and `removeObject`, on the writing thread, with the key written.
    public func onKeyChange(_ observer: @escaping @Sendable (String) -> Void) {
        lock.lock()
        keyObservers.append(observer)
        lock.unlock()
    }

    /// How many writes (sets and removals) reached this object.
    public var writeCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return writes
    }

    public override func set(_ value: Any?, forKey defaultName: String) {
        locked { super.set(value, forKey: defaultName) }
        didChange(defaultName)
    }

    public override func removeObject(forKey defaultName: String) {
        locked { super.removeObject(forKey: defaultName) }
        didChange(defaultName)
    }

    public override func object(forKey defaultName: String) -> Any? {
        locked { super.object(forKey: defaultName) }
    }

    public override func register(defaults registrationDictionary: [String: Any]) {
        locked { super.register(defaults: registrationDictionary) }
    }

    public override func volatileDomain(forName domainName: String) -> [String: Any] {
        locked { super.volatileDomain(forName: domainName) }
    }

    public override func persistentDomain(forName domainName: String) -> [String: Any]? {
        locked { super.persistentDomain(forName: domainName) }
    }

    public override func synchronize() -> Bool {
        locked { super.synchronize() }
    }

    /// Runs a call into Linux Foundation under the stores' Foundation lock, once per thread: Foundation calls
    /// this object's own overrides from inside (`object(forKey:)` asks `volatileDomain(forName:)`).
    private func locked<Result>(_ body: () -> Result) -> Result {
        let marker = "AppleLikeDefaults.insideFoundation"
        if Thread.current.threadDictionary[marker] != nil { return body() }
        return withFoundationCallLock {
            Thread.current.threadDictionary[marker] = true
            defer { Thread.current.threadDictionary[marker] = nil }
            return body()
        }
    }

    private func didChange(_ name: String) {
        lock.lock()
        writes += 1
        let observers = keyObservers
        let keyValueObservers = observedKeys[name] ?? []
        lock.unlock()
        for observer in keyValueObservers { observer(name) }
        for observer in observers { observer(name) }
        NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: self)
    }
}
