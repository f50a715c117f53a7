import Foundation

extension DefaultsStore {
    /// The current value of `key`, then each new value written to it.
    ///
    /// Writes through any ``DefaultsStore`` over the same suite in this process are seen on every platform.
    /// On Apple platforms, changes made to `UserDefaults` directly in this process are seen too
    /// (`UserDefaults.didChangeNotification`; Linux never posts it). Writing the value already stored yields
    /// nothing. Ending the loop, or cancelling its task, releases the observation.
    public func updates<Value: Sendable>(_ key: DefaultsKey<Value>) -> AsyncStream<Value> {
        AsyncStream(bufferingPolicy: .unbounded) { continuation in
            let storage = self.storage
            let observer = ChangeObserver(
                name: key.name,
                readObject: { storage.object(forKey: key.name) },
                yieldObject: { object in
                    continuation.yield(object.flatMap(Value.fromDefaultsObject) ?? key.defaultValue)
                }
            )
            // Migrates a value under a former name before the first yield, so it is the first value seen.
            _ = self.value(for: key)
            let token = ChangeObservers.shared.add(observer)
            let external = observeExternalChanges(observer)
            observer.check()
            continuation.onTermination = { _ in
                ChangeObservers.shared.remove(name: key.name, token: token)
                external.cancel()
            }
        }
    }

    /// Subscribes `observer` to changes made to the suite outside the store, where the platform reports them.
    private func observeExternalChanges(_ observer: ChangeObserver) -> ExternalChangeSubscription {
        #if canImport(Darwin)
        guard case .userDefaults(let defaults) = storage else { return ExternalChangeSubscription(token: nil) }
        let token = NotificationCenter.default.addObserver(
            forName: UserDefaults.didChangeNotification, object: defaults, queue: nil
        ) { _ in observer.check() }
        return ExternalChangeSubscription(token: token)
        #else
        return ExternalChangeSubscription(token: nil)
        #endif
    }
}

/// A notification-center registration, removed on ``cancel()``.
private struct ExternalChangeSubscription: @unchecked Sendable {
    let token: (any NSObjectProtocol)?

    func cancel() {
        if let token { NotificationCenter.default.removeObserver(token) }
    }
}
