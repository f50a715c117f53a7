import Foundation

extension DefaultsStore {
    /// The current value of `key`, then each new value written to it, in the order the writes happened.
    ///
    /// Writes through any ``DefaultsStore`` over the same suite in this process are seen on every platform.
    /// On Apple platforms, changes made to the `UserDefaults` suite directly, in this process or by another
    /// process sharing an app-group suite, are seen too (Linux Foundation reports neither). A write of the value
    /// the key already holds yields nothing. Ending the loop, or cancelling its task, releases the observation.
    public func updates<Value: Sendable>(_ key: DefaultsKey<Value>) -> AsyncStream<Value> {
        if let home = homeElsewhere(of: key) { return home.updates(key) }
        return AsyncStream(bufferingPolicy: .unbounded) { continuation in
            let observer = ChangeObserver(
                name: key.name,
                yieldObject: { object in
                    continuation.yield(object.flatMap(Value.fromDefaultsObject) ?? key.defaultValue)
                }
            )
            // Migrates a value under a former name before the first yield, so it is the first value seen.
            _ = self.value(for: key)
            let suite = self.suite
            let token = suite.add(observer)
            // Takes only the suite's leaf lock: cancelling never waits for a write.
            continuation.onTermination = { _ in
                suite.removeObserver(name: key.name, token: token)
            }
        }
    }
}
