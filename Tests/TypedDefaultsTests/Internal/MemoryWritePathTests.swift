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
        let store = DefaultsStore.inMemory()
        store[count] = 5
        let setDone = DispatchSemaphore(value: 0)
        var returnedInsideClosure = false
        store.update(count) { value in
            Thread.detachNewThread {
                store[count] = 100
                setDone.signal()
            }
            // The set waits for this closure, so this wait ends by its timeout; were the set not to wait, it would
            // have returned by then on any machine, and the closure's write below would overwrite it.
            returnedInsideClosure = setDone.wait(timeout: .now() + .milliseconds(300)) == .success
            value += 1
        }
        if !returnedInsideClosure { setDone.wait() }
        #expect(!returnedInsideClosure, "the set returned while the update held the write order")
        #expect(store[count] == 100, "the update's 6 overwrote a set that came after what it read")
    }

    /// Threads incrementing with `update` while others `set` other keys of the same suite, two threads per key, on a
    /// loaded machine: every increment counts, and each set key's observer ends on the value the key holds.
    @Test func updatesStayExactBesidePlainSetsOnALoadedMachine() async throws {
        let store = DefaultsStore.inMemory()
        let load = Spinners(4)
        defer { load.stop() }
        let rounds = 5_000
        let setKeys = (0..<2).map { DefaultsKey<Int>("set.\($0)", default: 0) }
        let lastSeen = (0..<2).map { _ in LockedState(0) }
        let observations = setKeys.indices.map { index in
            store.follow(setKeys[index]) { value in lastSeen[index].withLock { $0 = value } }
        }
        defer { observations.forEach { $0.cancel() } }
        let finished = await runThreads(8, timeout: 300) { thread in
            for round in 1...rounds {
                if thread < 4 {
                    store.update(count) { $0 += 1 }
                } else {
                    store[setKeys[thread % 2]] = round * 10 + thread
                }
            }
        }
        #expect(finished)
        #expect(store[count] == 4 * rounds)
        for (index, key) in setKeys.enumerated() {
            #expect(lastSeen[index].withLock { $0 } == store[key], "observer of \(key.name)")
        }
    }
}
