internal import TypedDefaultsAtomics

/// An integer read on hot paths (watch marks, counters that let writes skip locks) with one atomic instruction, on
/// every platform: the compiler's atomics through this package's own C target (`TypedDefaultsAtomics`), since the deployment
/// target (iOS 17, macOS 14) rules out `Synchronization.Atomic` (iOS 18 / macOS 15, and importing it autolinks its
/// library whatever the availability checks). No lock: an earlier `OSAllocatedUnfairLock` made each "atomic" read
/// on Apple platforms a lock and an unlock.
final class AtomicWord: @unchecked Sendable {
    /// Allocated once and accessed only through the C functions: Swift never reads or writes it itself.
    private let word: UnsafeMutablePointer<Int>

    init(_ value: Int = 0) {
        word = .allocate(capacity: 1)
        word.initialize(to: value)
    }

    deinit {
        word.deallocate()
    }

    /// Acquiring: what was written before the matching store is visible after it.
    @inline(__always)
    func load() -> Int {
        td_atomic_load_acquire(word)
    }

    /// A hint with no ordering (a flag checked on every write, set once).
    @inline(__always)
    func loadRelaxed() -> Int {
        td_atomic_load_relaxed(word)
    }

    @discardableResult
    func compareExchange(expected: Int, new: Int) -> Bool {
        td_atomic_compare_exchange(word, expected, new)
    }

    /// Releasing.
    @inline(__always)
    func store(_ new: Int) {
        td_atomic_store_release(word, new)
    }

    func add(_ amount: Int) {
        td_atomic_fetch_add(word, amount)
    }
}
