#if canImport(ObjectiveC)
import os
#else
import Synchronization
#endif

/// An integer read on hot paths (watch marks, the redirection flag) without a lock call of `Foundation`.
///
/// Linux: `Synchronization`'s `Atomic`. Apple platforms: `OSAllocatedUnfairLock` (iOS 16 / macOS 13), never
/// `Synchronization`: it ships from iOS 18 / macOS 15, and importing it autolinks `-lswiftSynchronization` whatever
/// the availability checks (as `-lswiftObservation` is for an iOS 16 target), so an app targeting older systems
/// would depend on a library they lack; whether the linker drops it cannot be proven from Linux.
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

    func load() -> Int {
        #if canImport(ObjectiveC)
        value.withLock { $0 }
        #else
        value.load(ordering: .acquiring)
        #endif
    }

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

    func store(_ new: Int) {
        #if canImport(ObjectiveC)
        value.withLock { $0 = new }
        #else
        value.store(new, ordering: .releasing)
        #endif
    }

    /// A compare-and-exchange loop: rare counters only.
    func add(_ amount: Int) {
        while true {
            let old = load()
            if compareExchange(expected: old, new: old + amount) { return }
        }
    }
}
