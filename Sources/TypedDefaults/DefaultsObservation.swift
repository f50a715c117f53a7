import Foundation

/// A running observation of a key (``DefaultsStore/observe(_:_:)``): it stops when cancelled or released.
public final class DefaultsObservation: Sendable {
    private let stop: LockedState<(@Sendable () -> Void)?>

    init(stop: @escaping @Sendable () -> Void) {
        self.stop = LockedState(stop)
    }

    /// Stops the observation. Called on the main thread (where ``DefaultsStore/observe(_:_:)``'s handler runs), no
    /// call of the handler starts after it returns; called on another thread, one the main thread is about to make
    /// may still happen. Calling it again does nothing.
    public func cancel() {
        // Taken under the lock, run after it: stopping takes the suite's lock.
        stop.withLock { stop in
            defer { stop = nil }
            return stop
        }?()
    }

    deinit {
        cancel()
    }

    /// This observation, also silencing `delivery` when cancelled (a main-queue call already queued then does nothing).
    func stopping<Value>(_ delivery: MainThreadDelivery<Value>) -> DefaultsObservation {
        let inner = self
        return DefaultsObservation {
            delivery.stop()
            inner.cancel()
        }
    }
}
