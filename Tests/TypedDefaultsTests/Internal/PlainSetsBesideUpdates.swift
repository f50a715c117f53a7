import Foundation
import TestSupport
@testable import TypedDefaults

/// What `update` promises beside plain sets, run over any storage: the in-memory fast path
/// (`MemoryWritePathTests`) and Linux Foundation's one-turn write (`OneTurnWriteTests`) each skip the write order
/// when they can, and must still wait for an `update`.
enum PlainSetsBesideUpdates {
    /// `store[key] = 5`, then an `update` of `key` whose closure starts a thread that sets 100 and waits for it: the
    /// set must wait for the closure, so the wait ends by its timeout; were the set not to wait, it would have
    /// returned by then on any machine, and the closure's write would overwrite it. Returns whether the set returned
    /// inside the closure, and what the store reads afterwards.
    static func setMadeWhileAnUpdateRuns(in store: DefaultsStore, key: DefaultsKey<Int>) -> (returnedInsideClosure: Bool, value: Int) {
        store[key] = 5
        let setDone = DispatchSemaphore(value: 0)
        var returnedInsideClosure = false
        store.update(key) { value in
            Thread.detachNewThread {
                store[key] = 100
                setDone.signal()
            }
            returnedInsideClosure = setDone.wait(timeout: .now() + .milliseconds(300)) == .success
            value += 1
        }
        if !returnedInsideClosure { setDone.wait() }
        return (returnedInsideClosure, store[key])
    }

    /// Commits `object` under `name` in the write order (its call waits for the order's release) and, while the
    /// order is held, runs `set` on another thread; no decision is in progress, so the set must not wait for the
    /// order, and returns while it is held on any machine (the wait only guards against a hang). Returns whether it
    /// did.
    static func setWhileAWriteWaitsInTheWriteOrder(_ object: Any, name: String, of store: DefaultsStore,
                                                   set: @escaping @Sendable () -> Void) -> Bool {
        let suite = store.suite
        let setDone = DispatchSemaphore(value: 0)
        var setReturned = false
        suite.write(touching: [name]) { () -> ((), [WrittenValue]) in
            suite.store(object, name: name)
            Thread.detachNewThread {
                set()
                setDone.signal()
            }
            setReturned = setDone.wait(timeout: .now() + 60) == .success
            return ((), [])
        }
        return setReturned
    }

    /// 8 threads on a loaded machine (4 spinning threads): 4 `update { $0 += 1 }` `rounds` times each through
    /// `stores` in turn, 4 setting two other keys (two threads per key). Returns whether every thread finished, the
    /// count the store reads, and for each set key the value its observer saw last beside the value `stored` reads.
    static func updatesBesidePlainSets(through stores: [DefaultsStore], rounds: Int, stored: (DefaultsKey<Int>) -> Int) async
        -> (finished: Bool, count: Int, lastSeenAndStored: [(name: String, lastSeen: Int, stored: Int)]) {
        let count = DefaultsKey<Int>("count", default: 0)
        let load = Spinners(4)
        defer { load.stop() }
        let setKeys = (0..<2).map { DefaultsKey<Int>("set.\($0)", default: 0) }
        let lastSeen = (0..<2).map { _ in LockedState(0) }
        let observations = setKeys.indices.map { index in
            stores[index % stores.count].follow(setKeys[index]) { value in lastSeen[index].withLock { $0 = value } }
        }
        defer { observations.forEach { $0.cancel() } }
        let finished = await runThreads(8, timeout: 300) { thread in
            let store = stores[thread % stores.count]
            for round in 1...rounds {
                if thread < 4 {
                    store.update(count) { $0 += 1 }
                } else {
                    store[setKeys[thread % 2]] = round * 10 + thread
                }
            }
        }
        let seen = setKeys.indices.map { (setKeys[$0].name, lastSeen[$0].withLock { $0 }, stored(setKeys[$0])) }
        return (finished, stores[0][count], seen)
    }
}
