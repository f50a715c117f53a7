import Foundation
import Synchronization

/// An integer read on hot paths without a lock: `Atomic` where the system has it (macOS 15, iOS 18 and later,
/// and Linux), behind a ``LockedState`` on older Apple systems, where reads cost what they did before.
final class AtomicWord: Sendable {
    private let storage: any AtomicWordStorage

    init(_ value: Int = 0) {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            storage = AtomicStorage(value)
        } else {
            storage = LockedStorage(value)
        }
    }

    /// The current value.
    func load() -> Int { storage.load() }

    /// Sets the value to `new` if it is `expected`; returns whether it did.
    @discardableResult
    func compareExchange(expected: Int, new: Int) -> Bool { storage.compareExchange(expected: expected, new: new) }

    /// Sets the value.
    func store(_ value: Int) { storage.store(value) }

    /// Adds `amount` (a compare-and-exchange loop: rare counters only).
    func add(_ amount: Int) {
        while true {
            let old = load()
            if compareExchange(expected: old, new: old + amount) { return }
        }
    }
}

private protocol AtomicWordStorage: Sendable {
    func load() -> Int
    func compareExchange(expected: Int, new: Int) -> Bool
    func store(_ value: Int)
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
private final class AtomicStorage: AtomicWordStorage {
    private let value: Atomic<Int>

    init(_ value: Int) { self.value = Atomic(value) }

    func load() -> Int { value.load(ordering: .acquiring) }

    func compareExchange(expected: Int, new: Int) -> Bool {
        value.compareExchange(expected: expected, desired: new, ordering: .acquiringAndReleasing).exchanged
    }

    func store(_ value: Int) { self.value.store(value, ordering: .releasing) }
}

private final class LockedStorage: AtomicWordStorage {
    private let value: LockedState<Int>

    init(_ value: Int) { self.value = LockedState(value) }

    func load() -> Int { value.withLock { $0 } }

    func compareExchange(expected: Int, new: Int) -> Bool {
        value.withLock { value in
            guard value == expected else { return false }
            value = new
            return true
        }
    }

    func store(_ value: Int) { self.value.withLock { $0 = value } }
}
