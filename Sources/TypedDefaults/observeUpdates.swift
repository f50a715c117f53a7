import Foundation

extension DefaultsStore {
    /// The current value of `key`, then each new value written to it, in the order the writes happened.
    ///
    /// Writes through any ``DefaultsStore`` over the same suite in this process are seen on every platform.
    /// On Apple platforms, changes made to the `UserDefaults` suite directly, in this process or by another
    /// process sharing an app-group suite, are seen too (Linux Foundation reports neither). A write of the value
    /// the key already holds yields nothing. Ending the loop, or cancelling its task, releases the observation.
    public func updates<Value: Sendable>(_ key: DefaultsKey<Value>) -> AsyncStream<Value> {
        AsyncStream(bufferingPolicy: .unbounded) { continuation in
            let observation = follow(key) { continuation.yield($0) }
            continuation.onTermination = { _ in observation.cancel() }
        }
    }

    /// Calls `onChange` on the main thread with the value of `key` now, then with each new value, in the order the
    /// writes happened, until the returned observation is cancelled or released: for UIKit and AppKit code, with
    /// neither Swift concurrency nor SwiftUI.
    ///
    /// ```swift
    /// override func viewDidLoad() {
    ///     super.viewDidLoad()
    ///     themeObservation = Defaults.observe(.theme) { [weak self] theme in self?.apply(theme) }
    /// }
    /// ```
    ///
    /// Called on the main thread, this calls `onChange` with the current value before it returns. A write made on the
    /// main thread calls it before the write returns, unless another thread is delivering that suite's changes at
    /// that moment (then shortly after, through the main queue); writes on other threads reach it through the main
    /// queue. Always in write order. The changes seen are those ``updates(_:)`` sees; a write of the value the key already holds
    /// calls nothing. Keep the observation (a property of the view controller) for as long as you follow the key.
    public func observe<Value: Sendable>(_ key: DefaultsKey<Value>,
                                         _ onChange: @escaping @MainActor @Sendable (Value) -> Void) -> DefaultsObservation {
        let delivery = MainThreadDelivery(onChange)
        if MainActorCheck.isOnMainActor {
            // The current value now, so a view controller shows it before its first frame.
            let (object, value) = store(for: key).currentForFollowing(key)
            delivery.deliver(value)
            return follow(key, after: object) { delivery.deliver($0) }.stopping(delivery)
        }
        return follow(key) { delivery.deliver($0) }.stopping(delivery)
    }

    /// Calls `onValue` with the value of `key` now (unless `object` is given: what the caller read and handed on
    /// already), then with each new value, on the thread that runs the suite's deliveries, never under a lock of
    /// ours. The shared core of ``updates(_:)``, ``observe(_:_:)`` and the Combine publisher.
    func follow<Value: Sendable>(_ key: DefaultsKey<Value>, after object: Any?? = .none,
                                 _ onValue: @escaping @Sendable (Value) -> Void) -> DefaultsObservation {
        if let home = homeElsewhere(of: key) { return home.follow(key, after: object, onValue) }
        // A managed key's observers compare and read its effective object (the administrator's, while there is one).
        let effective: (@Sendable (Any?) -> Any?)? = key.isManaged ? { @Sendable [self] in effectiveObject($0, for: key) } : nil
        let observer = ChangeObserver(name: key.name, alreadyYielded: object, effectiveObject: effective) { [self] object in
            onValue(value(fromStored: object, for: key))
        }
        // Migrates a value under a former name before the first yield, so it is the first value seen.
        if case .none = object { _ = value(for: key) }
        let suite = self.suite
        let token = suite.add(observer)
        let administrator = key.isManaged ? followAdministrator(for: key) : nil
        // Takes only the suite's leaf lock: cancelling never waits for a write.
        return DefaultsObservation {
            suite.removeObserver(name: key.name, token: token)
            administrator?.cancel()
        }
    }

    /// The stored object of `key` now (migrated), and the value it reads as: for a caller that hands the value on
    /// before following the key from that object.
    func currentForFollowing<Value>(_ key: DefaultsKey<Value>) -> (object: Any?, value: Value) {
        _ = value(for: key)
        let stored = storage.object(forKey: key.name)
        let object = key.isManaged ? effectiveObject(stored, for: key) : stored
        return (object, value(fromStored: object, for: key))
    }
}
