import Foundation
import TestSupport
import Testing
@testable import TypedDefaults

@Suite struct UpdatesTests {
    @Test func yieldsTheCurrentValueThenEveryChangeInOrder() async {
        let suite = FreshSuite()
        let key = DefaultsKey<Int>("count", default: 0)
        suite.store[key] = 1
        let stream = suite.store.updates(key)
        // Another store over the same suite, through another UserDefaults object: its writes are seen too.
        let other = DefaultsStore(UserDefaults(suiteName: suite.name)!)
        other[key] = 2
        suite.store[key] = 2  // the same value again: no new element
        suite.store.update(key) { $0 += 1 }
        suite.store.remove(key)
        #expect(await firstValues(4, of: stream) == [1, 2, 3, 0])
    }

    @Test func storesMadeByNameShareTheirWrites() async {
        let suite = FreshSuite()
        let key = DefaultsKey<Int>("count", default: 0)
        let stream = DefaultsStore.suite(suite.name).updates(key)
        DefaultsStore.suite(suite.name)[key] = 5
        suite.store[key] = 6  // through a UserDefaults object of the same name
        #expect(await firstValues(3, of: stream) == [0, 5, 6])
    }

    @Test func optionalKeysYieldNilOnRemoval() async {
        let store = DefaultsStore.inMemory()
        let key = DefaultsKey<String?>("name")
        let stream = store.updates(key)
        store[key] = "a"
        store[key] = nil
        #expect(await firstValues(3, of: stream) == [nil, "a", nil])
    }

    @Test func writesToAnotherSuiteWithTheSameNameYieldNothing() async {
        let store = DefaultsStore.inMemory()
        let key = DefaultsKey<Int>("shared", default: 0)
        let stream = store.updates(key)
        DefaultsStore.inMemory()[key] = 5
        store[key] = 6
        #expect(await firstValues(2, of: stream) == [0, 6])
    }

    /// 100 tasks each write a different value: every one is yielded, in the order the writes happened.
    @Test(arguments: ["suite", "memory"])
    func concurrentWritersAreAllYieldedInWriteOrder(storage: String) async {
        let suite = FreshSuite()
        let store = storage == "memory" ? DefaultsStore.inMemory() : suite.store
        let key = DefaultsKey<Int>("written", default: 0)
        let order = WriteOrder()
        let stream = store.updates(key)
        await withTaskGroup(of: Void.self) { group in
            for value in 1...100 {
                group.addTask { store.update(key) { $0 = value; order.append(value) } }
            }
        }
        let values = await firstValues(101, of: stream)
        #expect(values == [0] + order.values)
        #expect(Set(values) == Set(0...100))
    }

    @Test func endingTheLoopReleasesTheObserver() async throws {
        let store = DefaultsStore.inMemory()
        let key = DefaultsKey<Int>("released", default: 0)
        // Made here, not in the task: making the stream adds the observer, whether or not the task has started
        // (under the thread sanitizer, with the other thread tests blocking the two threads of the cooperative pool,
        // a task once waited longer than `waitUntil`'s 20 s to start).
        let stream = store.updates(key)
        #expect(store.suite.observerCount(name: key.name) == 1)
        let task = Task {
            for await _ in stream {}
        }
        task.cancel()
        _ = await task.value
        #expect(store.suite.observerCount(name: key.name) == 0)
        do {
            let stream = store.updates(key)
            _ = await firstValues(1, of: stream)
        }
        #expect(store.suite.observerCount(name: key.name) == 0)
    }
}

/// The order in which `update` closures ran (each under the suite's lock, so in write order).
private final class WriteOrder: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Int] = []
    func append(_ value: Int) { lock.lock(); list.append(value); lock.unlock() }
    var values: [Int] { lock.lock(); defer { lock.unlock() }; return list }
}
