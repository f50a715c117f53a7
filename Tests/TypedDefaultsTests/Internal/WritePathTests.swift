import Foundation
import TestSupport
import Testing
@testable import TypedDefaults

/// The write path on a scheduler that does what it likes: a write is in `UserDefaults` when the store's call
/// returns, the last write wins for good, `update` is exact across the stores of one suite, and `removeSuite`
/// leaves nothing behind, whatever other threads' calls into Foundation wait for. No deadline decides any of it, so
/// every test counts exactly, on a loaded machine (spinning threads) and with observers that stall.
@Suite(.serialized) struct WritePathTests {
    /// Raw code after a store write on the same thread (`@AppStorage`, an SDK, a widget) comes after it: its read
    /// sees the store's value, and its own write is never overwritten by the store's earlier one.
    @Test func rawCodeAfterAStoreWriteComesAfterItOnALoadedMachine() async throws {
        let scratch = ScratchSuite()
        nonisolated(unsafe) let defaults = try #require(AppleLikeDefaults(suiteName: scratch.name))
        let store = DefaultsStore(defaults)
        let load = Spinners(4)
        defer { load.stop() }
        let misses = Tally()
        let rounds = 300
        let finished = await runThreads(8, timeout: 120) { thread in
            let key = DefaultsKey<Int>("raw.\(thread)", default: 0)
            for round in 1...rounds {
                store[key] = round
                if (defaults.object(forKey: key.name) as? Int) != round { misses.add("raw read after set") }
                defaults.set(-round, forKey: key.name)
                if (defaults.object(forKey: key.name) as? Int) != -round { misses.add("raw read after raw set") }
                if store[key] != -round { misses.add("store read after raw set") }
            }
        }
        #expect(finished)
        for thread in 0..<8 {
            let key = DefaultsKey<Int>("raw.\(thread)", default: 0)
            #expect(store[key] == -rounds)
            #expect((defaults.object(forKey: key.name) as? Int) == -rounds)
        }
        #expect(misses.counts == [:], "of \(8 * rounds * 3) checks")
    }

    /// A later raw write on the same thread wins, while another thread's `set` stalls inside Foundation (an
    /// observer that takes its time): the store never hands its write over late.
    @Test func aLaterRawWriteWinsWhileAnotherThreadsSetStalls() async throws {
        let scratch = ScratchSuite()
        let defaults = try #require(AppleLikeDefaults(suiteName: scratch.name))
        let store = DefaultsStore(defaults)
        let slow = DefaultsKey<Int>("slow", default: 0)
        let key = DefaultsKey<Int>("k", default: 0)
        let inside = DispatchSemaphore(value: 0)
        defaults.onKeyChange { name in
            guard name == slow.name else { return }
            inside.signal()
            Thread.sleep(forTimeInterval: 0.15)
        }
        let stalled = Thread { store[slow] = 1 }
        stalled.start()
        inside.wait()
        store[key] = 1
        defaults.set(2, forKey: key.name)
        #expect(store[key] == 2)
        #expect(defaults.integer(forKey: key.name) == 2)
        // And still, once the stalled call is over.
        pause(0.3)
        #expect(store[key] == 2)
        #expect(defaults.integer(forKey: key.name) == 2)
    }

    /// Two stores of one named suite, one made by name and one from a `UserDefaults` object named with
    /// `DefaultsStore(_:suiteName:)`: every increment of four threads survives, while observers stall now and then.
    @Test func updatesThroughAStoreByNameAndANamedObjectAreExact() async throws {
        let scratch = ScratchSuite()
        let object = try #require(AppleLikeDefaults(suiteName: scratch.name))
        let named = DefaultsStore(object, suiteName: scratch.name)
        let byName = DefaultsStore.suite(scratch.name)
        let key = DefaultsKey<Int>("count", default: 0)
        object.onKeyChange { _ in
            // About one write in fifty stalls, between 50 ms and 300 ms.
            if Int.random(in: 0..<50) == 0 {
                Thread.sleep(forTimeInterval: Double.random(in: 0.05...0.3))
            }
        }
        let finished = await runThreads(4, timeout: 120) { thread in
            for round in 0..<500 {
                let store = (thread + round).isMultiple(of: 2) ? named : byName
                store.update(key) { $0 += 1 }
            }
        }
        #expect(finished)
        #expect(named[key] == 2_000)
        #expect(byName[key] == 2_000)
        #expect(object.integer(forKey: key.name) == 2_000)
    }

    /// `removeSuite(named:)` while a write of the suite waits behind another suite's stalled `set`: nothing of
    /// the suite is read after it returned.
    @Test func removeSuiteLeavesNothingOfAWriteMadeBehindAnotherSuitesStall() async throws {
        let account = ScratchSuite()
        let accountDefaults = try #require(AppleLikeDefaults(suiteName: account.name))
        let store = DefaultsStore(accountDefaults, suiteName: account.name)
        let token = DefaultsKey<String?>("token", default: nil)
        let other = try stallAWriteToAnotherSuite(for: 0.3)
        store[token] = "secret"
        try DefaultsStore.removeSuite(named: account.name)
        #expect(store[token] == nil)
        #expect(UserDefaults(suiteName: account.name)?.object(forKey: token.name) == nil)
        #expect(DefaultsStore.suite(account.name)[token] == nil)
        _ = other
    }

    /// `removeSuite(named:)` while a write of that very suite is inside its call into Foundation, its value not in
    /// yet (the thread was held there): no store reads it after `removeSuite` returned, and the write removes its
    /// value again as soon as its own call returns.
    @Test func aWriteInFlightDuringRemoveSuiteRemovesItsValueAgain() async throws {
        let account = ScratchSuite()
        nonisolated(unsafe) let defaults = try #require(HoldingDefaults(suiteName: account.name))
        let store = DefaultsStore(defaults, suiteName: account.name)
        let token = DefaultsKey<Int?>("token", default: nil)
        let writerDone = defaults.startHeldWrite(42, of: token, through: store)
        #expect(store[token] == 42, "a write in flight reads at once")
        try DefaultsStore.removeSuite(named: account.name)
        #expect(store[token] == nil, "read after removeSuite returned")
        #expect(DefaultsStore.suite(account.name)[token] == nil)
        defaults.releaseHeld()
        writerDone.wait()
        #expect(store[token] == nil)
        #expect(defaults.object(forKey: token.name) == nil, "the write's value stayed after removeSuite")
    }

    /// A removal reads what Foundation answers after it, a default registered directly on `UserDefaults`
    /// included, at once, while another suite's `set` stalls.
    @Test func aRemovalReadsADefaultRegisteredDirectly() async throws {
        let scratch = ScratchSuite()
        let defaults = try #require(AppleLikeDefaults(suiteName: scratch.name))
        let store = DefaultsStore(defaults)
        let key = DefaultsKey<Int>("registered", default: 0)
        defaults.register(defaults: [key.name: 42])
        store[key] = 5
        let other = try stallAWriteToAnotherSuite(for: 0.3)
        store.remove(key)
        #expect(store[key] == 42)
        #expect(defaults.integer(forKey: key.name) == 42)
        _ = other
    }

    /// Two threads writing one name race as raw writers would; once both calls returned, the newest store write
    /// is in Foundation and in every store, even when the older one reached Foundation last (its observer stalled
    /// between the value landing and the call returning... or before the value landed).
    @Test func theNewestWriteWinsForGoodWhenAnOlderOneLandsLast() async throws {
        let scratch = ScratchSuite()
        let defaults = try #require(AppleLikeDefaults(suiteName: scratch.name))
        let store = DefaultsStore(defaults)
        let key = DefaultsKey<Int>("contended", default: 0)
        let load = Spinners(4)
        defer { load.stop() }
        defaults.onKeyChange { _ in
            if Int.random(in: 0..<20) == 0 { Thread.sleep(forTimeInterval: Double.random(in: 0.001...0.05)) }
        }
        for round in 0..<40 {
            let finished = await runThreads(4, timeout: 60) { thread in
                for index in 0..<25 { store[key] = round * 1_000 + thread * 100 + index }
            }
            #expect(finished)
            let stored = store[key]
            #expect((defaults.object(forKey: key.name) as? Int) == stored, "round \(round)")
            // The last write of some thread.
            #expect(stored % 100 == 24, "round \(round): \(stored)")
        }
    }

    /// An older write reaches Foundation after a newer one (its thread was held before its `set` took effect):
    /// while it is in flight every store reads the newest, and once its call returned Foundation holds the newest
    /// again, put back by the path.
    @Test func anOlderWriteLandingLastIsRepaired() async throws {
        let scratch = ScratchSuite()
        nonisolated(unsafe) let defaults = try #require(HoldingDefaults(suiteName: scratch.name))
        let store = DefaultsStore(defaults)
        let key = DefaultsKey<Int>("landsLate", default: 0)
        let older = defaults.startHeldWrite(1, of: key, through: store)
        store[key] = 2
        #expect(store[key] == 2)
        #expect(defaults.integer(forKey: key.name) == 2)
        defaults.releaseHeld()
        older.wait()
        #expect(store[key] == 2)
        #expect(defaults.integer(forKey: key.name) == 2, "the older write's value stayed in Foundation")
    }

    /// Other code's write after both is kept: the repair puts the newest back only over an object of ours.
    @Test func theRepairNeverOverwritesOtherCodesLaterWrite() async throws {
        let scratch = ScratchSuite()
        nonisolated(unsafe) let defaults = try #require(HoldingDefaults(suiteName: scratch.name))
        let store = DefaultsStore(defaults)
        let key = DefaultsKey<Int>("landsLate", default: 0)
        defaults.afterHeldSet = { defaults.set(7, forKey: key.name) }
        let older = defaults.startHeldWrite(1, of: key, through: store)
        store[key] = 2
        defaults.releaseHeld()
        older.wait()
        #expect(defaults.integer(forKey: key.name) == 7)
        #expect(store[key] == 7)
    }

    /// First reads of a renamed key on several threads at once, while the value moves from its former name: every
    /// one finds the value, none the default (a value is never absent from both names), on a loaded machine.
    @Test func firstReadsOfAMigratingKeyNeverFindTheDefault() async throws {
        let scratch = ScratchSuite()
        nonisolated(unsafe) let defaults = try #require(AppleLikeDefaults(suiteName: scratch.name))
        let store = DefaultsStore(defaults)
        let load = Spinners(3)
        defer { load.stop() }
        let misses = Tally()
        for round in 0..<60 {
            let key = DefaultsKey<Int>("moved.\(round)", default: -1, formerNames: ["former.\(round)"])
            defaults.set(round, forKey: "former.\(round)")
            let finished = await runThreads(4, timeout: 60) { _ in
                if store[key] != round { misses.add("default read in round \(round)") }
            }
            #expect(finished)
            #expect(store[key] == round)
            #expect(defaults.object(forKey: "former.\(round)") == nil)
        }
        #expect(misses.counts == [:])
    }
}

/// Starts a thread whose store write to a suite of its own stalls inside Foundation for `seconds` (an observer
/// there takes its time), and returns once it is there; the suite is removed when the result is released.
func stallAWriteToAnotherSuite(for seconds: Double) throws -> ScratchSuite {
    let other = ScratchSuite()
    let otherDefaults = try #require(AppleLikeDefaults(suiteName: other.name))
    let otherStore = DefaultsStore(otherDefaults)
    let inside = DispatchSemaphore(value: 0)
    otherDefaults.onKeyChange { _ in
        inside.signal()
        Thread.sleep(forTimeInterval: seconds)
    }
    Thread { otherStore[DefaultsKey<Int>("x", default: 0)] = 1 }.start()
    inside.wait()
    return other
}

/// A `UserDefaults` whose `set` of one chosen value waits, before it takes effect, until the test lets it go: an
/// older write that reaches Foundation after a newer one. Its calls into Linux Foundation take the stores'
/// Foundation lock (the stores call a subclass holding no lock). It plays key-value observing as Apple's class
/// does (the names a store observes are reported from inside each write of them, on the writing thread).
final class HoldingDefaults: UserDefaults, KeyValueObservingStandIn {
    private let state = LockedState<Int?>(nil)
    private let held = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)
    private let observed = LockedState<[String: [@Sendable (String) -> Void]]>([:])
    /// Run on the held thread right after the held value took effect (other code writing there).
    nonisolated(unsafe) var afterHeldSet: (() -> Void)?
    /// Run once, on the reading thread, right after the next read of this name took its value (and before it
    /// returns it): other code writing between a read and what is decided from it.
    private let afterNextRead = LockedState<(name: String, run: () -> Void)?>(nil)

    func afterNextRead(of name: String, _ run: @escaping () -> Void) {
        afterNextRead.withLock { $0 = (name, run) }
    }

    func observeKey(_ name: String, onChange: @escaping @Sendable (String) -> Void) {
        observed.withLock { $0[name, default: []].append(onChange) }
    }

    private func didChange(_ name: String) {
        for observer in observed.withLock({ $0[name] ?? [] }) { observer(name) }
    }

    func hold(_ value: Int) { state.withLock { $0 = value } }
    func waitUntilHeld() { held.wait() }
    func releaseHeld() { released.signal() }

    /// Starts a thread that writes `value` (an `Int`, optional or not) through `store`, and returns once that write
    /// is held inside `set`, before it takes effect; the semaphore is signalled when the write returned.
    func startHeldWrite<Value: DefaultsSerializable>(_ value: Value, of key: DefaultsKey<Value>, through store: DefaultsStore) -> DispatchSemaphore {
        hold(value as! Int)
        let returned = DispatchSemaphore(value: 0)
        Thread {
            store[key] = value
            returned.signal()
        }.start()
        waitUntilHeld()
        return returned
    }

    override func set(_ value: Any?, forKey defaultName: String) {
        let holds = state.withLock { held -> Bool in
            guard let number = value as? Int, number == held else { return false }
            held = nil
            return true
        }
        if holds {
            held.signal()
            released.wait()
        }
        locked { super.set(value, forKey: defaultName) }
        didChange(defaultName)
        if holds { afterHeldSet?() }
    }

    override func removeObject(forKey defaultName: String) {
        locked { super.removeObject(forKey: defaultName) }
        didChange(defaultName)
    }

    override func object(forKey defaultName: String) -> Any? {
        let object = locked { super.object(forKey: defaultName) }
        let hook = afterNextRead.withLock { hook -> (() -> Void)? in
            guard let found = hook, found.name == defaultName else { return nil }
            hook = nil
            return found.run
        }
        hook?()
        return object
    }

    private func locked<Result>(_ body: () -> Result) -> Result {
        withFoundationLockOncePerThread(body)
    }
}

/// For a `UserDefaults` subclass of the tests: its calls into Linux Foundation take the stores' Foundation lock, as
/// the stores do, once per thread (Foundation calls the object's own overrides from inside its calls).
func withFoundationLockOncePerThread<Result>(_ body: () -> Result) -> Result {
    let marker = "TypedDefaultsTests.insideFoundation"
    if Thread.current.threadDictionary[marker] != nil { return body() }
    return withFoundationLock {
        Thread.current.threadDictionary[marker] = true
        defer { Thread.current.threadDictionary[marker] = nil }
        return body()
    }
}

/// Sleeps the calling thread (not from a task's own code: a test pauses between its threads' steps).
func pause(_ seconds: Double) {
    Thread.sleep(forTimeInterval: seconds)
}

/// Threads that keep both cores busy until stopped, so the threads under test are descheduled at any moment.
final class Spinners: @unchecked Sendable {
    private let running = LockedState(true)

    init(_ count: Int) {
        for _ in 0..<count {
            let thread = Thread { [running] in
                var spin = 0
                while running.withLock({ $0 }) {
                    for _ in 0..<10_000 { spin &+= 1 }
                }
                _ = spin
            }
            thread.start()
        }
    }

    func stop() {
        running.withLock { $0 = false }
    }
}

/// Counts of named failures, from any thread.
final class Tally: @unchecked Sendable {
    private let state = LockedState<[String: Int]>([:])

    func add(_ name: String) {
        state.withLock { $0[name, default: 0] += 1 }
    }

    var counts: [String: Int] {
        state.withLock { $0 }
    }
}
