import Foundation

/// A value that only one thread at a time reads or changes: the one place the runtime's internals take a lock.
///
/// The locks, in the order they may be taken (a lock is only ever taken while holding those above it):
/// 1. a suite's write order and observers (`Suite`, recursive: an `update` closure may read, and so migrate);
/// 2. the suite registry (a named suite is made, and its file first loaded, under it), store families;
/// 3. `PendingWrites`' saving lock, then a suite file's `flock` (Linux, other processes too); what a save finds
///    changed is reported to the suite from another thread, never under these;
/// 4. the external-change filter, watch marks, the shared-file table;
/// 5. Foundation's `UserDefaults` (one process-wide lock on Linux, `withFoundationLock`), and the in-memory
///    storage, registered defaults and pending-writes tables, which call nothing while locked.
///
final class LockedState<State>: @unchecked Sendable {
    // Class-bound: a lock call through an opaque existential cost every store write 50 instructions.
    private let lock: any NSLocking & AnyObject
    private var state: State

    /// Guards `state`; a `recursive` lock may be taken again by the thread that holds it (``whileLocked(_:)``).
    init(_ state: State, recursive: Bool = false) {
        self.state = state
        lock = recursive ? NSRecursiveLock() : NSLock()
    }

    /// Runs `body` with the state, holding the lock.
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }

    /// Runs `body` holding the lock, without the state: for a lock that orders work, which a recursive lock's
    /// holder may take again inside `body` (the state is never accessed twice at once).
    func whileLocked<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Runs `body` with the state, for a caller already inside ``whileLocked(_:)`` of this instance on this
    /// thread: no second lock call on the hot path of a suite's writes.
    func assumingLocked<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try body(&state)
    }
}
