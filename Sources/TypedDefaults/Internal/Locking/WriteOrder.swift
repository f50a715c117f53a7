import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The one order of every suite's writes in the process: a recursive lock held for the body of each write (and
/// of each `update` closure), and the work that must wait until it is released.
///
/// **One lock for every suite, not one per suite.** A write of one suite may take another suite's write order
/// (a migration from a former suite, an `update` closure that writes another suite, a read inside it that migrates):
/// with a lock per suite, two such writes in opposite directions (or three in a ring) each held one lock and waited
/// for the next, because user closures decide the order. The price: a slow `update` closure holds up writes to
/// every suite (never reads).
///
/// **Nothing is called out while it is held** (the rule, in full: ``LockedState``). It orders what the stores
/// decide, never a Foundation call: a write made holding it is committed (``FoundationSuite``) and handed to
/// Foundation by the same thread once its outermost write released the lock, by ``Pending``; a plain `set` with no
/// decision in progress does not take it. `updates` continuations, Observation trackers and syncs' change checks
/// wait in ``Pending`` too. Foundation's callbacks from inside a call (key-value observing and
/// `UserDefaults.didChangeNotification` arrive on the calling thread, inside `UserDefaults.set`) find the thread
/// busy (``isBusyOnCurrentThread``) and are queued the same way. Callbacks on other threads never wait for it:
/// they take only leaf locks.
package enum WriteOrder {
    private static let lock = LockedState((), spinning: true)

    /// 1 while a thread holds the write order (counted from before the body's first read to after its last write):
    /// an in-memory write that finds 0 under its storage's lock need not take it
    /// (``MemoryStorage/writeUnlessWriteOrderIsHeld(_:forKey:alsoUnderLock:)`` says why that is exact).
    static let holders = AtomicWord()

    /// Reentrant; once the thread's outermost write released it, runs what the writes queued (``Pending``).
    static func withLock<Result>(_ body: (Pending) throws -> Result) rethrows -> Result {
        let pending = Pending.current
        if pending.depth > 0 {
            pending.depth += 1
            defer { pending.depth -= 1 }
            return try body(pending)
        }
        let firstCall = pending.queuedCallCount
        let result: Result
        do {
            result = try lock.whileLocked {
                pending.depth = 1
                holders.add(1)
                defer {
                    holders.add(-1)
                    pending.depth = 0
                }
                return try body(pending)
            }
        } catch {
            pending.afterOutermostWrite(firstCall: firstCall)
            throw error
        }
        pending.afterOutermostWrite(firstCall: firstCall)
        return result
    }

    static var isHeldByCurrentThread: Bool {
        Pending.existing?.depth ?? 0 > 0
    }

    /// Holding the write order or inside a store's call into Foundation: a callback arriving then is queued
    /// (``Pending``) and runs once the thread is done, never inside.
    static var isBusyOnCurrentThread: Bool {
        guard let pending = Pending.existing else { return false }
        return pending.depth > 0 || pending.callingOut > 0
    }

    /// For a call into Foundation (or a cloud store) that may call back on this thread, made holding no lock of
    /// ours: callbacks on this thread are queued meanwhile and run after the outermost such call.
    package static func callingOut<Result>(_ body: () throws -> Result) rethrows -> Result {
        let pending = Pending.current
        pending.callingOut += 1
        defer {
            pending.callingOut -= 1
            pending.runQueuedWorkIfIdle()
        }
        return try body()
    }

    /// Work one thread's writes queued for after the write order is released: Foundation calls, deliveries
    /// (`updates` values, tracker invalidations), changes made outside the stores reported meanwhile.
    ///
    /// `@exclusivity(unchecked)`: only its own thread touches it, and the run-time checks were a sizeable part of
    /// what a write costs besides Foundation's own work (BENCHMARKS.md).
    final class Pending {
        @exclusivity(unchecked) fileprivate(set) var depth = 0
        /// How many calls into Foundation this thread is inside (``callingOut(_:)``, ``FoundationSuite``).
        @exclusivity(unchecked) var callingOut = 0
        /// While set, work queued by a callback is left to the loop already running.
        @exclusivity(unchecked) private var isRunningQueuedWork = false
        @exclusivity(unchecked) private var calls: [(suite: FoundationSuite, ticket: FoundationSuite.Ticket)] = []
        @exclusivity(unchecked) private var nextCall = 0
        @exclusivity(unchecked) private var suitesToDeliver: [Suite] = []
        @exclusivity(unchecked) private var outsideChanges: [(suite: Suite, names: [String])] = []
        @exclusivity(unchecked) private var comparisons: [ExternalChangeObservation] = []
        /// Logging calls the system, so it waits too.
        @exclusivity(unchecked) private var failuresToLog: [DefaultsFailure] = []
        /// The names this thread's stores are handing to Foundation now, by suite (``FoundationSuite/isOwnCall(of:)``):
        /// callbacks for them on this thread are the stores' own writes. Nested calls (a write inside a callback)
        /// end before the call around them.
        @exclusivity(unchecked) var ownCalls: [(suite: ObjectIdentifier, name: String)] = []

        /// A write committed while busy: its call into Foundation comes once the thread is done, in commit order.
        func apply(_ ticket: FoundationSuite.Ticket, to suite: FoundationSuite) {
            calls.append((suite, ticket))
        }

        /// `suite` has deliveries queued (`updates` values, tracker invalidations).
        func deliver(_ suite: Suite) {
            if !suitesToDeliver.contains(where: { $0 === suite }) { suitesToDeliver.append(suite) }
        }

        func changedOutside(_ suite: Suite, _ names: [String]) {
            outsideChanges.append((suite, names))
        }

        /// A notification from inside a write: reading the suite there would call Foundation from inside its own
        /// call.
        func compareLater(_ observation: ExternalChangeObservation) {
            if !comparisons.contains(where: { $0 === observation }) { comparisons.append(observation) }
        }

        func log(_ failure: DefaultsFailure) {
            failuresToLog.append(failure)
        }

        fileprivate var queuedCallCount: Int { calls.count }

        /// Once the outermost write released the write order: its calls into Foundation at once even inside a
        /// Foundation callback (so the write is in `UserDefaults` when it returns); the rest when idle.
        fileprivate func afterOutermostWrite(firstCall: Int) {
            if callingOut > 0 || isRunningQueuedWork, firstCall < calls.count {
                // Queued after every call this thread already took (`nextCall`): the thread is inside one of them.
                let own = Array(calls[firstCall...])
                calls.removeSubrange(firstCall...)
                if nextCall >= calls.count {
                    calls.removeAll(keepingCapacity: true)
                    nextCall = 0
                }
                for (suite, ticket) in own { suite.apply(ticket, on: self) }
            }
            runQueuedWorkIfIdle()
        }

        /// Holding no lock, and only when idle: an outer write or call into Foundation runs it when done. Work it
        /// queues in turn (an `onChange` handler that writes) runs in the same loop; committed writes go first, in
        /// commit order.
        func runQueuedWorkIfIdle() {
            guard depth == 0, callingOut == 0, !isRunningQueuedWork else { return }
            isRunningQueuedWork = true
            defer { isRunningQueuedWork = false }
            // Taken one at a time, so the arrays keep their storage (a write queues without allocating).
            while true {
                if nextCall < calls.count {
                    let (suite, ticket) = calls[nextCall]
                    nextCall += 1
                    if nextCall == calls.count {
                        calls.removeAll(keepingCapacity: true)
                        nextCall = 0
                    }
                    suite.apply(ticket, on: self)
                } else if let suite = suitesToDeliver.popLast() {
                    suite.runDeliveries()
                } else if let (suite, names) = outsideChanges.popLast() {
                    suite.valuesChangedOutside(names)
                } else if let observation = comparisons.popLast() {
                    observation.suiteMayHaveChanged()
                } else if !failuresToLog.isEmpty {
                    FailureLogger.log(failuresToLog.removeFirst())
                } else {
                    return
                }
            }
        }

        // MARK: One per thread

        static var current: Pending {
            if let existing { return existing }
            let made = Pending()
            pthread_setspecific(key, Unmanaged.passRetained(made).toOpaque())
            return made
        }

        static var existing: Pending? {
            pthread_getspecific(key).map { Unmanaged<Pending>.fromOpaque($0).takeUnretainedValue() }
        }

        /// Its destructor releases a thread's `Pending` when the thread ends.
        private static let key: pthread_key_t = {
            var key = pthread_key_t()
            let status = pthread_key_create(&key) { pointer in
                #if canImport(Darwin)
                Unmanaged<Pending>.fromOpaque(pointer).release()
                #else
                if let pointer { Unmanaged<Pending>.fromOpaque(pointer).release() }
                #endif
            }
            precondition(status == 0, "TypedDefaults: no thread-local slot for the write order (pthread_key_create: \(status))")
            return key
        }()
    }
}
