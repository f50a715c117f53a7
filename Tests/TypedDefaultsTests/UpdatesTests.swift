import Foundation
import Testing
@testable import TypedDefaults

/// Collects the first `count` values of `sequence`, or fails after a timeout.
private func firstValues<Value: Sendable>(_ count: Int, of sequence: AsyncStream<Value>) async -> [Value] {
    var values: [Value] = []
    for await value in sequence {
        values.append(value)
        if values.count == count { break }
    }
    return values
}

@Suite struct UpdatesTests {
    @Test func yieldsTheCurrentValueThenEveryChangeInOrder() async {
        let suite = FreshSuite()
        let key = DefaultsKey<Int>("count", default: 0)
        suite.store[key] = 1
        let stream = suite.store.updates(key)
        // Another store over the same suite: its writes must be seen too.
        let other = DefaultsStore(UserDefaults(suiteName: suite.name)!)
        other[key] = 2
        suite.store[key] = 2  // the same value again: no new element
        suite.store.update(key) { $0 += 1 }
        suite.store.remove(key)
        #expect(await firstValues(4, of: stream) == [1, 2, 3, 0])
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

    @Test func endingTheLoopReleasesTheObserver() async throws {
        let store = DefaultsStore.inMemory()
        let key = DefaultsKey<Int>("released.\(UUID().uuidString)", default: 0)
        let task = Task {
            for await _ in store.updates(key) {}
        }
        // Wait (up to 10 s on a loaded machine) for the loop to start observing.
        for _ in 0..<1_000 where ChangeObservers.shared.count(name: key.name) == 0 {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(ChangeObservers.shared.count(name: key.name) == 1)
        task.cancel()
        _ = await task.value
        #expect(ChangeObservers.shared.count(name: key.name) == 0)
        do {
            let stream = store.updates(key)
            _ = await firstValues(1, of: stream)
        }
        #expect(ChangeObservers.shared.count(name: key.name) == 0)
    }
}
