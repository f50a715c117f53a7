import Foundation
import Observation
import TestSupport
import Testing
import TypedDefaults

/// Whether an observation's `onChange` ran, and how often.
private final class Fired: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0
    func hit() { lock.lock(); total += 1; lock.unlock() }
    var count: Int { lock.lock(); defer { lock.unlock() }; return total }
    var happened: Bool { count > 0 }
}

/// Runs `read` under `withObservationTracking`, as a SwiftUI body does, and reports when it is invalidated.
private func track(_ read: () -> Void) -> Fired {
    let fired = Fired()
    withObservationTracking(read) { fired.hit() }
    return fired
}

private let launchCount = DefaultsKey<Int>("launchCount", default: 0)
private let volume = DefaultsKey<Double>("volume", default: 0.5)
private let title = DefaultsKey<String>("title", default: "")

@Suite struct ObservationTests {
    @Test func aWriteInvalidatesReadersOfItsKeyOnly() {
        let store = DefaultsStore.inMemory()
        let fired = track { _ = store[launchCount] }
        store[volume] = 1
        #expect(!fired.happened)
        store[launchCount] = 2
        #expect(fired.count == 1)
    }

    @Test func everyKindOfWriteInvalidates() throws {
        let store = DefaultsStore.inMemory()
        let viaSet = track { _ = store[launchCount] }
        try store.set(3, for: launchCount)
        #expect(viaSet.happened)
        let viaUpdate = track { _ = store[launchCount] }
        store.update(launchCount) { $0 += 1 }
        #expect(viaUpdate.happened)
        let viaRemove = track { _ = store[launchCount] }
        store.remove(launchCount)
        #expect(viaRemove.happened)
        let viaHas = track { _ = store.has(launchCount) }
        store[launchCount] = 9
        #expect(viaHas.happened)
    }

    @Test func aValueMovedFromAFormerNameInvalidatesReadersOfTheNewName() {
        let suite = FreshSuite()
        let renamed = DefaultsKey<Int>("runs", default: 0, formerNames: ["oldRuns"])
        let other = DefaultsStore.suite(suite.name)
        let fired = track { _ = other.storedObject(for: renamed) }
        suite.defaults.set(4, forKey: "oldRuns")
        #expect(suite.store[renamed] == 4)  // the read migrates
        #expect(fired.happened)
    }

    @Test func writesThroughOtherStoresOverTheSameSuiteInvalidate() {
        let suite = FreshSuite()
        let byName = DefaultsStore.suite(suite.name)
        let sameObject = DefaultsStore(suite.defaults)
        let otherObject = DefaultsStore(UserDefaults(suiteName: suite.name)!)

        let first = track { _ = suite.store[launchCount] }
        sameObject[launchCount] = 1
        #expect(first.happened)

        let second = track { _ = byName[launchCount] }
        otherObject[launchCount] = 2
        #expect(second.happened)

        let third = track { _ = otherObject[launchCount] }
        DefaultsStore.suite(suite.name)[launchCount] = 3
        #expect(third.happened)
    }

    @Test func theSharedStoreOfASuiteIsOneInstance() {
        let name = "typeddefaults.tests.\(UUID().uuidString)"
        defer { try? DefaultsStore.removeSuite(named: name) }
        #expect(DefaultsStore.suite(name) === DefaultsStore.suite(name))
    }

    @Test func defaultsSubscriptWritesReachStandardStoreTrackers() {
        let key = DefaultsKey<Int>("typeddefaults.tests.observation.\(UUID().uuidString)", default: 0)
        defer { DefaultsStore.standard.remove(key) }
        let fired = track { _ = DefaultsStore(.standard)[key] }
        Defaults[key] = 7
        #expect(fired.happened)
    }

    @Test func writesToTheSameNameInAnotherSuiteDoNotInvalidate() {
        let one = FreshSuite()
        let two = FreshSuite()
        let memory = DefaultsStore.inMemory()
        let fired = track { _ = one.store[launchCount]; _ = memory[launchCount] }
        two.store[launchCount] = 5
        DefaultsStore.suite(two.name)[launchCount] = 6
        DefaultsStore.inMemory()[launchCount] = 7
        #expect(!fired.happened)
        memory[launchCount] = 1
        #expect(fired.happened)
    }

    @Test func removingTheSuiteInvalidatesEveryReader() throws {
        let suite = FreshSuite()
        let byName = DefaultsStore.suite(suite.name)
        byName[launchCount] = 3
        let fired = track { _ = byName[launchCount]; _ = byName[volume] }
        try DefaultsStore.removeSuite(named: suite.name)
        #expect(fired.count == 1)
        #expect(byName[launchCount] == 0)
    }

    @Test func theDefaultWrapperIsTracked() {
        let store = DefaultsStore.inMemory()
        let setting = Default(launchCount, store: store)
        let fired = track { _ = setting.wrappedValue }
        store[launchCount] = 4
        #expect(fired.happened)
    }

    @Test func anOnChangeHandlerMayReadAndWriteTheStore() async {
        let store = DefaultsStore.inMemory()
        let seen = Seen()
        withObservationTracking { _ = store[launchCount] } onChange: {
            // On the writing thread: reads the new value, writes another key, and waits for another thread
            // that writes the same suite (the suite's lock is not held while trackers are told). Writing the
            // tracked key itself would call this handler again, as with any Observable property.
            seen.value = store[launchCount]
            store[volume] = 0.25
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async { store.update(title) { $0 += "!" }; done.signal() }
            done.wait()
        }
        store[launchCount] = 1
        #expect(seen.value == 1)
        #expect(store[volume] == 0.25)
        #expect(store[title] == "!")
    }

    @Test func aStoreSubscriptIsAWritableKeyPath() {
        let store = DefaultsStore.inMemory()
        let path: ReferenceWritableKeyPath<DefaultsStore, Int> = \DefaultsStore.[launchCount]
        store[keyPath: path] = 12
        #expect(store[launchCount] == 12)
        let fired = track { _ = store[keyPath: path] }
        store[keyPath: path] = 13
        #expect(fired.happened)
    }

    @Test func keysAreEqualByStoredNameAndValueType() {
        #expect(DefaultsKey<Int>("a", default: 0) == DefaultsKey<Int>("a", default: 5))
        #expect(DefaultsKey<Int>("a", default: 0) != DefaultsKey<Int>("b", default: 0))
        #expect(DefaultsKey<Int>("a", default: 0) as DefaultsKeys != DefaultsKey<Double>("a", default: 0))
        #expect(Set<DefaultsKeys>([launchCount, DefaultsKey<Int>("launchCount", default: 1), volume]).count == 2)
    }

    /// Trackers on several threads while others write: no deadlock, no data race (CI runs this under TSan).
    @Test func trackingUnderConcurrentWrites() async {
        let store = DefaultsStore.inMemory()
        let total = Fired()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for step in 0..<500 {
                        withObservationTracking { _ = store[launchCount] } onChange: { total.hit() }
                        store[launchCount] = task * 1_000 + step
                    }
                }
            }
        }
        // Each tracking fires at least once, at the latest on its own write (concurrent writes may both fire it).
        #expect(total.count >= 2_000)
    }
}

private final class Seen: @unchecked Sendable {
    var value: Int?
}
