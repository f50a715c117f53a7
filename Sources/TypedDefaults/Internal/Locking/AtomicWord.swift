#if canImport(ObjectiveC)
import os
#else
import Synchronization
#endif

/// An integer read on hot paths (watch marks, the redirection flag) without a lock call of `Foundation`.
///
/// Linux: `Atomic` from the toolchain's `Synchronization` library. Apple platforms: an `os_unfair_lock`
/// (`OSAllocatedUnfairLock`, iOS 16 / macOS 13), never `Synchronization`. That library first ships with iOS 18 /
/// macOS 15, and importing it makes every object file ask the linker for it with a plain `-lswiftSynchronization`
/// (an autolink entry; an availability check in the code does not make it weak: the same compile shows
/// `-lswiftObservation` for an iOS 16 target). An app whose deployment target is below iOS 18 would then depend on
/// a library its oldest supported system lacks, and whether the linker drops or weakens that dependency is not
/// something this package can prove from Linux, so it does not ask.
final class AtomicWord: Sendable {
    #if canImport(ObjectiveC)
    private let value: OSAllocatedUnfairLock<Int>
    #else
    private let value: Atomic<Int>
    #endif

    init(_ value: Int = 0) {
        #if canImport(ObjectiveC)
        self.value = OSAllocatedUnfairLock(initialState: value)
        #else
        self.value = Atomic(value)
        #endif
    }

    /// The current value.
    func load() -> Int {
        #if canImport(ObjectiveC)
        value.withLock { $0 }
        #else
        value.load(ordering: .acquiring)
        #endif
    }

    /// Sets the value to `new` if it is `expected`; returns whether it did.
    @discardableResult
    func compareExchange(expected: Int, new: Int) -> Bool {
        #if canImport(ObjectiveC)
        value.withLock { value in
            guard value == expected else { return false }
            value = new
            return true
        }
        #else
        value.compareExchange(expected: expected, desired: new, ordering: .acquiringAndReleasing).exchanged
        #endif
    }

    /// Sets the value.
    func store(_ new: Int) {
        #if canImport(ObjectiveC)
        value.withLock { $0 = new }
        #else
        value.store(new, ordering: .releasing)
        #endif
    }

    /// Adds `amount` (a compare-and-exchange loop: rare counters only).
    func add(_ amount: Int) {
        while true {
            let old = load()
            if compareExchange(expected: old, new: old + amount) { return }
        }
    }
}
