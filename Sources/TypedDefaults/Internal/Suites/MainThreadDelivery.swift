import Foundation

/// Hands values to a main-actor handler in the order they come, from any thread: at once on the main thread (after
/// the values still queued for it), through the main queue from others.
final class MainThreadDelivery<Value: Sendable>: Sendable {
    private struct State {
        var queued: [Value] = []
        var drainScheduled = false
        var stopped = false
        /// A value the handler causes while the main thread is in ``drain()`` is delivered by that loop, after.
        var draining = false
    }

    private let state = LockedState(State())
    private let handler: @MainActor @Sendable (Value) -> Void

    init(_ handler: @escaping @MainActor @Sendable (Value) -> Void) {
        self.handler = handler
    }

    func deliver(_ value: Value) {
        let (scheduleDrain, draining) = state.withLock { state -> (Bool, Bool) in
            guard !state.stopped else { return (false, true) }
            state.queued.append(value)
            defer { state.drainScheduled = true }
            return (!state.drainScheduled, state.draining)
        }
        if MainActorCheck.isOnMainActor {
            if !draining { MainActor.assumeIsolated { drain() } }
        } else if scheduleDrain {
            DispatchQueue.main.async { self.drain() }
        }
    }

    func stop() {
        state.withLock { state in
            state.stopped = true
            state.queued.removeAll()
        }
    }

    /// Holds no lock while it calls the handler: the handler may write the key again, and that value is queued
    /// behind and delivered by this loop.
    @MainActor
    private func drain() {
        // A modal run loop (macOS `runModal`) runs main-queue blocks inside a handler: the outer loop delivers.
        let alreadyDraining = state.withLock { state -> Bool in
            defer { state.draining = true }
            return state.draining
        }
        guard !alreadyDraining else { return }
        defer { state.withLock { $0.draining = false } }
        while let value = state.withLock({ state -> Value? in
            guard !state.stopped, !state.queued.isEmpty else {
                state.drainScheduled = false
                return nil
            }
            return state.queued.removeFirst()
        }) {
            handler(value)
        }
    }
}

enum MainActorCheck {
    /// Whether the caller runs on the main actor: the main thread on Apple platforms; elsewhere a block of the main
    /// queue too (Linux runs the main actor's jobs on the main queue, which may be drained off the main thread).
    static var isOnMainActor: Bool {
        #if canImport(Darwin)
        return Thread.isMainThread
        #else
        return Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueMark) == true
        #endif
    }

    #if !canImport(Darwin)
    private static let mainQueueMark: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()
    #endif
}
