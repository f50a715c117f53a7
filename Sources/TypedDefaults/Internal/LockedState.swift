import Foundation

/// A value that only one thread at a time reads or changes: the one place the runtime's internals take a lock.
///
/// Hold it for short, self-contained steps only, never while calling user code. The one exception is the
/// saving lock of `PendingWrites`, held for a whole flush so that the flush at exit waits for one in progress.
final class LockedState<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with the state, holding the lock.
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
