import Foundation
import Testing
@testable import TypedDefaults

/// `observe`, the call UIKit and AppKit code follows a key with: the handler runs on the main thread, with the
/// current value first, then every change in write order, until the observation is cancelled or released.
@Suite(.serialized) @MainActor struct ObserveTests {
    private final class Seen: @unchecked Sendable {
        // Touched on the main thread only (the handler is main-actor isolated); a class so closures share it.
        var values: [Int] = []
    }

    @Test func theCurrentValueFirstThenWritesOnTheMainThreadAtOnce() {
        let store = DefaultsStore.inMemory()
        let key = DefaultsKey<Int>("count", default: 0)
        store[key] = 3
        let seen = Seen()
        let observation = store.observe(key) { value in
            MainActor.assertIsolated()
            seen.values.append(value)
        }
        #expect(seen.values == [3], "called before observe returns, on the main thread")
        store[key] = 4
        #expect(seen.values == [3, 4], "a write on the main thread calls the handler before it returns")
        store[key] = 4
        #expect(seen.values == [3, 4], "the same value again calls nothing")
        observation.cancel()
        store[key] = 5
        #expect(seen.values == [3, 4])
    }

    @Test func writesOnOtherThreadsArriveOnTheMainQueueInOrder() async {
        let store = DefaultsStore.inMemory()
        let key = DefaultsKey<Int>("count", default: 0)
        let seen = Seen()
        let observation = store.observe(key) { value in
            MainActor.assertIsolated()
            seen.values.append(value)
        }
        await Task.detached {
            for value in 1...200 { store[key] = value }
        }.value
        // The main queue runs what was queued for it while this test awaits.
        let deadline = Date().addingTimeInterval(30)
        while seen.values.last != 200, Date() < deadline {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        #expect(seen.values.first == 0)
        #expect(seen.values.last == 200)
        #expect(seen.values == seen.values.sorted(), "in write order")
        #expect(Set(seen.values).count == seen.values.count, "each change once")
        withExtendedLifetime(observation) {}
    }

    @Test func releasingTheObservationStopsIt() {
        let store = DefaultsStore.inMemory()
        let key = DefaultsKey<Int>("count", default: 0)
        let seen = Seen()
        var observation: DefaultsObservation? = store.observe(key) { seen.values.append($0) }
        #expect(store.suite.observerCount(name: "count") == 1)
        store[key] = 1
        observation = nil
        #expect(store.suite.observerCount(name: "count") == 0)
        store[key] = 2
        #expect(seen.values == [0, 1])
        _ = observation
    }

    @Test func aHandlerThatWritesTheKeySeesItsOwnWriteAfterItReturns() {
        let store = DefaultsStore.inMemory()
        let key = DefaultsKey<Int>("count", default: 0)
        let seen = Seen()
        let observation = store.observe(key) { value in
            seen.values.append(value)
            if value < 3 { store[key] = value + 1 }  // not called again from inside itself
            #expect(seen.values.last == value)
        }
        #expect(seen.values == [0, 1, 2, 3])
        withExtendedLifetime(observation) {}
    }

    @Test func theSharedStoresFacadeFollowsAndResetsAKeyInItsStore() async {
        await withIsolatedDefaults {
            let key = DefaultsKey<Int>("facade", default: 7, suite: "facade.suite")
            let seen = Seen()
            let observation = Defaults.observe(key) { seen.values.append($0) }
            Defaults[key] = 8
            #expect(DefaultsStore.suite("facade.suite")[key] == 8, "the key's own suite")
            Defaults.reset(key)
            #expect(Defaults[key] == 7)
            #expect(seen.values == [7, 8, 7])
            var updates = Defaults.updates(key).makeAsyncIterator()
            #expect(await updates.next() == 7)
            withExtendedLifetime(observation) {}
        }
    }
}
