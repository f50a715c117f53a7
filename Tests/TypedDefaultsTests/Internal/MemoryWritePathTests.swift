import Foundation
import TestSupport
import Testing
@testable import TypedDefaults

/// The in-memory store's plain `set` skips the process's write order when no thread holds it
/// (``MemoryStorage/writeUnlessWriteOrderIsHeld(_:forKey:alsoUnderLock:)``). `update` stays exact: a set never lands
/// between what an `update` read and what it writes, and observers see writes in the order reads do.
@Suite(.serialized) struct MemoryWritePathTests {
    private let count = DefaultsKey<Int>("count", default: 0)

    /// A set made on another thread while an `update` closure runs comes after the update: the closure's result
    /// never overwrites it. (Without the write order's count, the set lands inside the closure and is lost.)
    @Test func aSetMadeWhileAnUpdateRunsLandsAfterIt() {
        let outcome = PlainSetsBesideUpdates.setMadeWhileAnUpdateRuns(in: .inMemory(), key: count)
        #expect(!outcome.returnedInsideClosure, "the set returned while the update held the write order")
        #expect(outcome.value == 100, "the update's 6 overwrote a set that came after what it read")
    }

    /// Threads incrementing with `update` while others `set` other keys of the same suite, two threads per key, on a
    /// loaded machine: every increment counts, and each set key's observer ends on the value the key holds.
    @Test func updatesStayExactBesidePlainSetsOnALoadedMachine() async throws {
        let store = DefaultsStore.inMemory()
        let outcome = await PlainSetsBesideUpdates.updatesBesidePlainSets(through: [store], rounds: 5_000) { store[$0] }
        #expect(outcome.finished)
        #expect(outcome.count == 4 * 5_000)
        for key in outcome.lastSeenAndStored {
            #expect(key.lastSeen == key.stored, "observer of \(key.name)")
        }
    }
}
