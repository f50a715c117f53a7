import Foundation
import Observation
import TestSupport
import Testing
@testable import TypedDefaults

/// The lock rule (``WriteOrder``): one write order for every suite, and nothing called out while it is held.
/// Each test is a deadlock that the per-suite locks of earlier versions reached, run many times with a timeout.
@Suite(.serialized) struct LockRuleTests {
    /// SwiftUI's `.task { for await … in store.updates(.key) }` is cancelled whenever a view goes away. The writer
    /// used to yield to the stream holding the suite's lock (the yield waits for the task's status lock), while
    /// the cancelling thread held that status lock and removed the observer (waiting for the suite's lock).
    @Test func cancellingAnUpdatesLoopWhileAnotherThreadWritesTheKeyNeverHangs() async {
        let store = DefaultsStore.inMemory()
        let key = DefaultsKey<Int>("count", default: 0)
        let finished = await runThreads(2, timeout: 60) { thread in
            if thread == 0 {
                for value in 0..<50_000 { store[key] = value }
            } else {
                // The loops run on the cooperative pool, which other tests may keep busy: a round whose task has not
                // started within a second cancels it all the same, and the rounds stop after 20 s.
                let end = Date().addingTimeInterval(20)
                for _ in 0..<500 where Date() < end {
                    let started = DispatchSemaphore(value: 0)
                    let task = Task.detached {
                        var iterator = store.updates(key).makeAsyncIterator()
                        started.signal()
                        while await iterator.next() != nil {}
                    }
                    _ = started.wait(timeout: .now() + 1)
                    task.cancel()
                }
            }
        }
        #expect(finished, "a cancelled updates loop and a writer waited for each other")
        // After a deadlock, touching the suite would hang the test too: fail instead.
        guard finished else { return }
        // Every cancelled loop released its observer (the last ones may still be ending).
        let deadline = Date().addingTimeInterval(10)
        while store.suite.observerCount(name: key.name) > 0, Date() < deadline { try? await Task.sleep(for: .milliseconds(10)) }
        #expect(store.suite.observerCount(name: key.name) == 0)
    }

    /// Two keys moving in opposite directions between two suites (one into an app group, one out of it), read for
    /// the first time on two threads at once: each migration took its key's suite lock, then the other's.
    @Test func migrationsInOppositeDirectionsFirstReadTogetherNeverHangAndRunOnce() async {
        let alpha = "typeddefaults.tests.locks.alpha.\(UUID().uuidString)"
        let beta = "typeddefaults.tests.locks.beta.\(UUID().uuidString)"
        // Cleaned up only when nothing hung: after a deadlock, removing the suites would hang the test too.
        var hung = false
        defer {
            if !hung {
                try? DefaultsStore.removeSuite(named: alpha)
                try? DefaultsStore.removeSuite(named: beta)
            }
        }
        let rounds = 100
        for round in 0..<rounds {
            DefaultsStore.suite(alpha)[DefaultsKey<Int>("intoBeta\(round)", default: 0)] = round + 1
            DefaultsStore.suite(beta)[DefaultsKey<Int>("intoAlpha\(round)", default: 0)] = round + 1
        }
        let intoBeta = (0..<rounds).map { DefaultsKey<Int>("inBeta\($0)", default: 0, migrations: [.renamed(from: "intoBeta\($0)", suite: .named(alpha))], suite: beta) }
        let intoAlpha = (0..<rounds).map { DefaultsKey<Int>("inAlpha\($0)", default: 0, migrations: [.renamed(from: "intoAlpha\($0)", suite: .named(beta))], suite: alpha) }
        let reads = LockedCounts(rounds)
        for round in 0..<rounds {
            let finished = await runThreads(2, timeout: 20) { thread in
                if thread == 0 {
                    reads.record(round, Defaults[intoBeta[round]])
                } else {
                    reads.record(round, Defaults[intoAlpha[round]])
                }
            }
            #expect(finished, "round \(round): two migrations in opposite directions waited for each other")
            guard finished else {
                hung = true
                return
            }
        }
        for round in 0..<rounds {
            #expect(reads.values(round).sorted() == [round + 1, round + 1])
            #expect(!DefaultsStore.suite(alpha).has(DefaultsKey<Int>("intoBeta\(round)", default: 0)), "moved, not copied")
            #expect(!DefaultsStore.suite(beta).has(DefaultsKey<Int>("intoAlpha\(round)", default: 0)))
        }
    }

    /// Three threads closed a ring of suite locks: `register` migrating beta←alpha, `update` migrating
    /// alpha←standard, and a user's `update` on the standard suite whose closure writes alpha.
    @Test func anUpdateClosureThatWritesAnotherSuiteAndMigrationsNeverCloseARing() async {
        let alpha = "typeddefaults.tests.locks.ring-alpha.\(UUID().uuidString)"
        let beta = "typeddefaults.tests.locks.ring-beta.\(UUID().uuidString)"
        let run = UUID().uuidString.prefix(8)
        let standardCounter = DefaultsKey<Int>("ringCounter.\(run)", default: 0)
        let alphaCounter = DefaultsKey<Int>("writtenFromStandard", default: 0, suite: alpha)
        var hung = false
        defer {
            if !hung {
                try? DefaultsStore.removeSuite(named: alpha)
                try? DefaultsStore.removeSuite(named: beta)
                DefaultsStore.standard.remove(standardCounter)
            }
        }
        let rounds = 150
        for round in 0..<rounds {
            DefaultsStore.suite(alpha)[DefaultsKey<Int>("toBeta\(round)", default: 0)] = 1
            DefaultsStore.standard[DefaultsKey<Int>("toAlpha.\(run).\(round)", default: 0)] = 1
        }
        let finished = await runThreads(3, timeout: 60) { thread in
            for round in 0..<rounds {
                switch thread {
                case 0:
                    let key = DefaultsKey<Int>("fromAlpha\(round)", default: 0, migrations: [.renamed(from: "toBeta\(round)", suite: .named(alpha))], suite: beta)
                    DefaultsStore.suite(beta).register(key)
                case 1:
                    let key = DefaultsKey<Int>("fromStandard\(round)", default: 0, migrations: [.renamed(from: "toAlpha.\(run).\(round)", suite: .standard)], suite: alpha)
                    DefaultsStore.suite(alpha).update(key) { $0 += 1 }
                default:
                    DefaultsStore.standard.update(standardCounter) { count in
                        count += 1
                        Defaults[alphaCounter] += 1
                    }
                }
            }
        }
        #expect(finished, "a ring of suite locks closed")
        guard finished else {
            hung = true
            return
        }
        #expect(Defaults[standardCounter] == rounds)
        #expect(Defaults[alphaCounter] == rounds)
        for round in 0..<rounds {
            #expect(DefaultsStore.suite(beta)[DefaultsKey<Int>("fromAlpha\(round)", default: 0)] == 1)
            #expect(DefaultsStore.suite(alpha)[DefaultsKey<Int>("fromStandard\(round)", default: 0)] == 2)
        }
    }

    /// Apple platforms call back from inside `UserDefaults.set`, on the writing thread: key-value observing of a
    /// second store's suite over the same domain, and `didChangeNotification` for every suite watching dotted
    /// names. A suite's handler took that suite's lock; two threads writing two suites each held one and waited
    /// for the other. Simulated here by `UserDefaults` objects that call the other suite's handler from `set`.
    @Test(arguments: ["plain", "app.dotted"])
    func callbacksFromInsideAWriteNeverWaitForAnotherSuite(name: String) async {
        let first = ScratchSuite()
        let second = ScratchSuite()
        let firstDefaults = CallingBackDefaults(suiteName: first.name)!
        let secondDefaults = CallingBackDefaults(suiteName: second.name)!
        let firstStore = DefaultsStore(firstDefaults)
        let secondStore = DefaultsStore(secondDefaults)
        let key = DefaultsKey<Int>(name, default: 0)
        _ = (firstStore[key], secondStore[key])
        // Each suite's write reports a change to the other, synchronously, as Foundation would.
        firstDefaults.afterWrite = { [suite = secondStore.suite] name in suite.valuesChangedOutside([name]) }
        secondDefaults.afterWrite = { [suite = firstStore.suite] name in suite.valuesChangedOutside([name]) }
        let seen = firstStore.updates(key)
        // A hang detector, not a deadline: under the thread sanitizer, beside the other suites on two cores, these
        // writes with their callbacks once took over 30 s (2 s alone).
        let finished = await runThreads(2, timeout: 180) { thread in
            let store = thread == 0 ? firstStore : secondStore
            for value in 1...2_000 { store[key] = value }
        }
        #expect(finished, "two suites' writes waited for each other's callbacks")
        guard finished else {
            // Never removed: removing a deadlocked suite would hang the test too.
            _ = (Unmanaged.passRetained(first), Unmanaged.passRetained(second))
            return
        }
        #expect(firstStore[key] == 2_000 && secondStore[key] == 2_000)
        _ = seen
    }

    /// Two stores' suites over one domain (two `UserDefaults` objects of unknown name, which call back from inside
    /// their writes as every object does on Apple platforms), each told of the other's writes from inside them;
    /// `updates` of each end at the last write. The objects are not named (``DefaultsStore/init(_:suiteName:)``),
    /// so an `update` through one is not atomic against the other: values may repeat, never stop short of the last.
    @Test func twoSuitesOverOneDomainToldFromInsideWritesEndAtTheLastWrite() async {
        let scratch = ScratchSuite()
        let objectDefaults = CallingBackDefaults(suiteName: scratch.name)!
        let otherObjectDefaults = CallingBackDefaults(suiteName: scratch.name)!
        let byObject = DefaultsStore(objectDefaults)
        let byName = DefaultsStore(otherObjectDefaults)
        let key = DefaultsKey<Int>("shared", default: 0)
        objectDefaults.afterWrite = { [suite = byName.suite] name in suite.valuesChangedOutside([name]) }
        otherObjectDefaults.afterWrite = { [suite = byObject.suite] name in suite.valuesChangedOutside([name]) }
        let fromObject = byObject.updates(key)
        let fromName = byName.updates(key)
        // A hang detector, not a deadline (see above).
        let finished = await runThreads(2, timeout: 180) { thread in
            for _ in 1...2_000 { (thread == 0 ? byObject : byName).update(key) { $0 += 1 } }
        }
        #expect(finished, "two suites over one domain waited for each other's callbacks")
        guard finished else {
            _ = Unmanaged.passRetained(scratch)
            return
        }
        // Both objects end at one value, once the last write reached Foundation (just after its `update` returned),
        // and each `updates` sequence ends at it. Exactly 4,000 is not promised across two objects over one suite
        // unnamed (`DefaultsStore(_:suiteName:)` names one: docs/Guide.md "Threads and callbacks").
        #expect(await eventually { byObject[key] == byName[key] && byObject[key] > 2_000 })
        let final = byObject[key]
        let lastFromObject = await lastValue(of: fromObject, until: final, onlyGrowing: false)
        let lastFromName = await lastValue(of: fromName, until: final, onlyGrowing: false)
        #expect(lastFromObject == final)
        #expect(lastFromName == final)
    }
}

extension LockRuleTests {
    /// Found by the soak: trackers invalidated by two writers at once each ran their `onChange` twice, and a
    /// handler that registers again (as SwiftUI does after each invalidation) doubled with every write until the
    /// process did nothing else. Invalidations run one thread at a time: each write runs each tracker once.
    @Test func trackersThatRegisterAgainRunOncePerWriteUnderConcurrentWriters() async {
        let store = DefaultsStore.inMemory()
        let key = DefaultsKey<Int>("count", default: 0)
        let trackers = (0..<8).map { _ in Reregistering(store: store, key: key) }
        trackers.forEach { $0.register() }
        let writes = 4_000
        let finished = await runThreads(4, timeout: 60) { _ in
            for _ in 0..<(writes / 4) { store.update(key) { $0 += 1 } }
        }
        #expect(finished, "trackers multiplied until the writers stalled")
        guard finished else { return }
        let calls = trackers.map(\.calls).reduce(0, +)
        #expect(calls <= writes * trackers.count, "\(calls) onChange calls for \(writes) writes of \(trackers.count) trackers")
        #expect(calls >= trackers.count)
    }
}

/// An Observation tracker that registers again from its `onChange`.
final class Reregistering: @unchecked Sendable {
    let store: DefaultsStore
    let key: DefaultsKey<Int>
    private let lock = NSLock()
    private var count = 0

    init(store: DefaultsStore, key: DefaultsKey<Int>) {
        self.store = store
        self.key = key
    }

    var calls: Int { lock.lock(); defer { lock.unlock() }; return count }

    func register() {
        withObservationTracking { _ = store[key] } onChange: { [self] in
            lock.lock()
            count += 1
            lock.unlock()
            register()
        }
    }
}

/// A `UserDefaults` that calls `afterWrite` from inside each write, on the writing thread, as Apple's
/// key-value observing and `didChangeNotification` do.
final class CallingBackDefaults: UserDefaults {
    nonisolated(unsafe) var afterWrite: (@Sendable (String) -> Void)?

    override func set(_ value: Any?, forKey defaultName: String) {
        withFoundationLock { super.set(value, forKey: defaultName) }
        afterWrite?(defaultName)
    }

    override func removeObject(forKey defaultName: String) {
        withFoundationLock { super.removeObject(forKey: defaultName) }
        afterWrite?(defaultName)
    }
}

/// Values read by several threads, per round.
final class LockedCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [[Int]]

    init(_ rounds: Int) { storage = Array(repeating: [], count: rounds) }

    func record(_ round: Int, _ value: Int) {
        lock.lock()
        defer { lock.unlock() }
        storage[round].append(value)
    }

    func values(_ round: Int) -> [Int] {
        lock.lock()
        defer { lock.unlock() }
        return storage[round]
    }
}

/// The elements of `sequence` until `last` comes (or 20 s pass); returns the last one seen. Fails the test if
/// the sequence ever went backwards or yielded a value twice in a row.
func lastValue(of sequence: AsyncStream<Int>, until last: Int, onlyGrowing: Bool = true,
               sourceLocation: SourceLocation = #_sourceLocation) async -> Int? {
    let seen = LockedCounts(1)
    await withTaskGroup(of: Void.self) { group in
        group.addTask {
            for await value in sequence {
                seen.record(0, value)
                if value == last { break }
            }
        }
        group.addTask { try? await Task.sleep(for: .seconds(20)) }
        await group.next()
        group.cancelAll()
    }
    let values = seen.values(0)
    let firstWrong = onlyGrowing ? values.indices.dropLast().first { values[$0] >= values[$0 + 1] } : nil
    #expect(firstWrong == nil, "went backwards or repeated: …\(firstWrong.map { values[max(0, $0 - 5)..<min(values.count, $0 + 5)] } ?? [])…", sourceLocation: sourceLocation)
    return values.last
}
