import Foundation
import TypedDefaults

/// The `events()` sequences of one sync: each event goes to every live one, in the order emitted.
///
/// Events are yielded after the lock is released (a yield takes the listening task's lock, which a cancelling
/// thread holds while it runs `onTermination`, which takes this lock).
final class SyncEventListeners: Sendable {
    private struct Listeners {
        var byID: [UInt64: AsyncStream<DefaultsSyncEvent>.Continuation] = [:]
        var nextID: UInt64 = 0
    }

    private let listeners = LockedState(Listeners())

    /// A new sequence of the events emitted from now on, until it ends or ``finish()``.
    func stream() -> AsyncStream<DefaultsSyncEvent> {
        AsyncStream(bufferingPolicy: .unbounded) { continuation in
            let id = listeners.withLock { listeners in
                listeners.nextID += 1
                listeners.byID[listeners.nextID] = continuation
                return listeners.nextID
            }
            continuation.onTermination = { [weak self] _ in
                self?.listeners.withLock { _ = $0.byID.removeValue(forKey: id) }
            }
        }
    }

    func emit(_ events: [DefaultsSyncEvent]) {
        guard !events.isEmpty else { return }
        let continuations = listeners.withLock { Array($0.byID.values) }
        for event in events { continuations.forEach { $0.yield(event) } }
    }

    func finish() {
        let continuations = listeners.withLock { listeners in
            defer { listeners.byID = [:] }
            return Array(listeners.byID.values)
        }
        continuations.forEach { $0.finish() }
    }
}
