import Foundation

/// A value that only one thread at a time reads or changes: the one place the runtime's internals take a lock.
///
/// **The rule: nothing is called out while a lock of ours is held.** No continuation yield or resume, no `updates`
/// observer, Observation tracker or sync callback, no user closure (but the `update` closure, which runs in the write
/// order by contract), no other suite's work, and no call that may run someone else's code: on Apple platforms that
/// is every `UserDefaults`, `NSUbiquitousKeyValueStore` and `NotificationCenter` call (they run key-value observers and
/// notification blocks inside the call, and a block registered with a queue makes the caller wait for that queue).
/// So a write is committed under a suite's ledger and Foundation is called after it is released (``FoundationSuite``),
/// and no thread of ours waits for another's call into Foundation;
/// reads that decide a write are made before it (``Suite/inWriteOrder(of:names:reads:after:_:)``); callbacks arriving on
/// a thread that holds the write order or is inside a call into Foundation are queued until it is done
/// (``WriteOrder/isBusyOnCurrentThread``); callbacks on other threads take only leaf locks and never wait for us.
/// On Linux, Foundation's own `UserDefaults` class calls nothing back, and its calls run under one leaf lock
/// (``withFoundationLock(_:)``); a subclass (which tests use to play Apple's part) is called holding no lock.
///
/// The locks, in the order they may be taken (a lock is only ever taken while holding those above it):
/// 1. the write order (``WriteOrder``): one recursive lock for the writes of every suite, so no two suite locks
///    can ever wait for each other, whatever `update` closures and migrations do;
/// 2. the suite registry (a named suite is made under it), store families;
/// 3. `PendingWrites`' saving lock, then a suite file's `flock` (Linux, other processes too), then the Foundation
///    lock: a save of Foundation's own objects, which call nothing back;
/// 4. a suite's ledger (``FoundationSuite``: its writes in flight and decisions), then that suite's observer table
///    (a commit queues the value for `updates` observers in commit order);
/// 5. leaf locks, which call nothing while held: a suite's observer table and delivery queue, a sync's state,
///    the external-change filter, the dotted-name table, watch marks, the shared-file table, the in-memory
///    storage, registered defaults and pending-writes tables.
///
/// `package`, not internal: the test doubles of `TypedDefaultsTestDoubles` keep their state in it too, under the
/// same rule.
package final class LockedState<State>: @unchecked Sendable {
    // Class-bound: a lock call through an opaque existential cost every store write more (BENCHMARKS.md).
    private let lock: any NSLocking & AnyObject
    /// Behind a pointer, not a stored `var`: a class's stored property is checked for exclusive access at run time
    /// (`swift_beginAccess`) on every lock, which the lock already guarantees.
    private let state: UnsafeMutablePointer<State>

    /// A `spinning` lock spins a little before it sleeps (Linux: glibc's adaptive mutex; Apple's `NSLock` already
    /// does): for short, frequent turns by many threads, where waking a sleeper each turn costs more than the turn.
    package init(_ state: State, spinning: Bool = false) {
        self.state = .allocate(capacity: 1)
        self.state.initialize(to: state)
        #if canImport(Glibc)
        lock = spinning ? AdaptiveMutex() : NSLock()
        #else
        lock = NSLock()
        #endif
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state.pointee)
    }

    /// For a lock that orders work rather than guarding state.
    func whileLocked<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

#if canImport(Glibc)
import Glibc

/// glibc's adaptive pthread mutex: spins briefly on a multiprocessor before it sleeps.
private final class AdaptiveMutex: NSLocking, @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
}
#endif
