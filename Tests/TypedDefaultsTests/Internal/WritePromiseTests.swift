import Foundation
import TestSupport
import Testing
@testable import TypedDefaults

/// The write path's promise (docs/Guide.md, "Threads and callbacks") against other code, one test per case a
/// review found broken, each counted over rounds and printed:
/// - a raw write that begins after a store write returned is never overwritten by that write or by any repair;
/// - a write or `update` made inside a Foundation callback is in `UserDefaults` when it returns;
/// - a removal stays removed: a renamed or moved key's former entries go with it (kept ones are marked moved);
/// - `removeSuite(named:)` reaches a store over a `UserDefaults` object of the suite made without its name;
/// - a store moves a key's value between the suites of its own family, from whatever isolation scope it is read.
@Suite(.serialized) struct WritePromiseTests {
    /// A lands and its observer stalls inside the call; B (newer) lands and returns; C, raw code, writes after B
    /// returned. When A's call returns, nothing puts B's value back over C's: no order consistent with real time
    /// ends on B's value. `Bool` toggles, the commonest settings, are the usual victims (C's value equals A's).
    @Test func aRepairNeverOverwritesARawWriteMadeAfterTheNewestStoreWriteReturned() async throws {
        let rounds = 10
        var wrong = 0
        for round in 0..<rounds {
            let scratch = ScratchSuite()
            let defaults = try #require(AppleLikeDefaults(suiteName: scratch.name))
            defaults.playsKeyValueObserving = true
            let store = DefaultsStore(defaults)
            let showTips = DefaultsKey<Bool>("promise_showTips", default: false)
            _ = store[showTips]
            let inside = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let stallNext = LockedState(true)
            defaults.onKeyChange { name in
                guard name == showTips.name, stallNext.withLock({ stall in defer { stall = false }; return stall }) else { return }
                inside.signal()
                release.wait()
            }
            let writerA = DispatchSemaphore(value: 0)
            Thread {
                store[showTips] = true
                writerA.signal()
            }.start()
            inside.wait()
            store[showTips] = false
            defaults.set(true, forKey: showTips.name)
            release.signal()
            writerA.wait()
            if defaults.object(forKey: showTips.name) as? Bool != true || store[showTips] != true {
                wrong += 1
                print("round \(round): raw write overwritten, UserDefaults holds \(String(describing: defaults.object(forKey: showTips.name)))")
            }
        }
        print("a raw write after the newest store write returned was overwritten in \(wrong) of \(rounds) rounds")
        #expect(wrong == 0)
    }

    /// The repair reads Foundation, then puts the newest back: another thread's raw write made between the two
    /// (after every store write of the name but the late older one returned) stays.
    @Test func aRawWriteBetweenTheRepairsReadAndItsPutBackStays() async throws {
        let rounds = 10
        var wrong = 0
        for _ in 0..<rounds {
            let scratch = ScratchSuite()
            nonisolated(unsafe) let defaults = try #require(HoldingDefaults(suiteName: scratch.name))
            let store = DefaultsStore(defaults)
            let key = DefaultsKey<Int>("promise_landsLate", default: 0)
            _ = store[key]
            let older = defaults.startHeldWrite(1, of: key, through: store)
            store[key] = 2
            // The older write lands last; the repair's read is the next read of the name on its thread.
            defaults.afterNextRead(of: key.name) {
                let done = DispatchSemaphore(value: 0)
                Thread {
                    defaults.set(7, forKey: key.name)
                    done.signal()
                }.start()
                done.wait()
            }
            defaults.releaseHeld()
            older.wait()
            if defaults.integer(forKey: key.name) != 7 || store[key] != 7 { wrong += 1 }
        }
        print("a raw write between the repair's read and its put-back was overwritten in \(wrong) of \(rounds) rounds")
        #expect(wrong == 0)
    }

    /// A key-value observer (on the writing thread, inside `set`) that writes, updates and removes settings: each
    /// is in `UserDefaults` when its call returns, as the Guide promises, not only once the outer call is done.
    @Test func writesMadeInsideAnObserverAreInUserDefaultsWhenTheyReturn() async throws {
        let scratch = ScratchSuite()
        nonisolated(unsafe) let defaults = try #require(AppleLikeDefaults(suiteName: scratch.name))
        let store = DefaultsStore(defaults)
        let trigger = DefaultsKey<Int>("promise_trigger", default: 0)
        let written = DefaultsKey<Int>("promise_written", default: 0)
        let updated = DefaultsKey<Int>("promise_updated", default: 0)
        let removed = DefaultsKey<Int?>("promise_removed", default: nil)
        let misses = Tally()
        defaults.onKeyChange { name in
            guard name == trigger.name else { return }
            let round = store[trigger]
            store[written] = round
            if defaults.object(forKey: written.name) as? Int != round { misses.add("set") }
            store.update(updated) { $0 = round }
            if defaults.object(forKey: updated.name) as? Int != round { misses.add("update") }
            store[removed] = round
            store.remove(removed)
            if defaults.object(forKey: removed.name) != nil { misses.add("remove") }
        }
        let rounds = 50
        for round in 1...rounds { store[trigger] = round }
        print("writes inside an observer not in UserDefaults when they returned: \(misses.counts) of \(rounds) rounds each")
        #expect(misses.counts == [:])
        #expect(store[written] == rounds)
        #expect(store[updated] == rounds)
    }

    /// `store[key] = nil`, `remove` and `update` to `nil` of a renamed key, before its first read: the previous
    /// version's value does not come back, and `has` agrees.
    @Test(arguments: ["set", "remove", "update"])
    func aRemovedRenamedKeyStaysRemoved(how: String) throws {
        let scratch = ScratchSuite()
        let defaults = try #require(UserDefaults(suiteName: scratch.name))
        let store = DefaultsStore(defaults)
        let key = DefaultsKey<String?>("promise_nickname", formerNames: ["promise_nick"])
        defaults.set("old", forKey: "promise_nick")
        #expect(store.has(key))
        switch how {
        case "set": store[key] = nil
        case "remove": store.remove(key)
        default: store.update(key) { $0 = nil }
        }
        #expect(store[key] == nil)
        #expect(!store.has(key))
        #expect(defaults.object(forKey: "promise_nick") == nil)
    }

    /// A key moved from another suite, removed before its first read through its family's store (real stores and
    /// in-memory ones alike): the value in the former suite goes too, and `has` sees a value there before.
    @Test func aRemovedKeyMovedFromAnotherSuiteStaysRemoved() {
        withIsolatedDefaults {
            let key = DefaultsKey<Int>("promise_volume", default: 5, migrations: [.renamed(from: "promise_level", suite: .standard)],
                                       suite: "group.moved")
            DefaultsStore.standard[DefaultsKey<Int>("promise_level", default: 0)] = 9
            let home = DefaultsStore.suite("group.moved")
            #expect(home.has(key), "a value in the former suite counts")
            home[key] = 7
            home.remove(key)
            #expect(home[key] == 5)
            #expect(!home.has(key))
            #expect(DefaultsStore.standard.storage.object(forKey: "promise_level") == nil)
        }
    }

    /// A former entry kept in place (`keepingFormerEntry()`, for older versions still running) stays where it is
    /// after a removal, and no longer moves to the key.
    @Test func aRemovalKeepsAKeptFormerEntryAndItNoLongerMoves() throws {
        let scratch = ScratchSuite()
        let defaults = try #require(UserDefaults(suiteName: scratch.name))
        let store = DefaultsStore(defaults)
        let key = DefaultsKey<Int>("promise_volume", default: 5, migrations: [DefaultsMigration<Int>.renamed(from: "promise_level").keepingFormerEntry()])
        defaults.set(9, forKey: "promise_level")
        #expect(store.has(key))
        store[key] = 7
        store.remove(key)
        #expect(store[key] == 5)
        #expect(!store.has(key))
        #expect(defaults.integer(forKey: "promise_level") == 9, "the kept former entry was removed")
    }

    /// A store of the real family read from inside an isolation scope (a store held by an object made before the
    /// scope) moves a key's value from the key's former suite in its own family: never reads the default.
    @Test func aStoreMovesAValueWithinItsOwnFamilyFromInsideAnotherScope() async throws {
        let former = ScratchSuite()
        let home = ScratchSuite()
        let key = DefaultsKey<[String]>("promise_tags", default: [], migrations: [.renamed(from: "promise_labels", suite: .named(former.name))],
                                        suite: home.name)
        try #require(UserDefaults(suiteName: former.name)).set(["a", "b"], forKey: "promise_labels")
        let realHome = DefaultsStore.standard.store(for: key)
        let read = withIsolatedDefaults { realHome[key] }
        #expect(read == ["a", "b"])
        #expect(UserDefaults(suiteName: former.name)?.object(forKey: "promise_labels") == nil)
    }

    /// Over Linux Foundation's own class: a write committed inside an `update` closure (its call waits for the
    /// closure's end) while another thread removes the suite. Once the call is done, nothing of it stays in flight:
    /// a raw write that follows is what the store reads.
    @Test func aPlainWriteTurnedIntoARemovalLeavesNothingInFlight() async throws {
        let scratch = ScratchSuite()
        let store = DefaultsStore(scratch.defaults, suiteName: scratch.name)
        let key = DefaultsKey<Int>("promise_plain", default: 0)
        let gate = DefaultsKey<Int>("promise_gate", default: 0)
        let removed = DispatchSemaphore(value: 0)
        let suiteName = scratch.name
        store.update(gate) { value in
            value += 1
            store[key] = 5
            Thread {
                try? DefaultsStore.removeSuite(named: suiteName)
                removed.signal()
            }.start()
            removed.wait()
        }
        #expect(store[key] == 0, "the write in flight reads as removed")
        scratch.defaults.set(7, forKey: key.name)
        #expect(store[key] == 7, "the name stayed in flight: the store does not read what Foundation holds")
    }

    /// `removeSuite(named:)` while a write through a store over an unnamed object of that suite is inside its call,
    /// its value not in yet: no store reads it after `removeSuite` returned, and it is not left in Foundation.
    @Test func removeSuiteReachesAStoreOverAnUnnamedObject() async throws {
        let account = ScratchSuite()
        nonisolated(unsafe) let defaults = try #require(HoldingDefaults(suiteName: account.name))
        let store = DefaultsStore(defaults)
        let token = DefaultsKey<Int?>("promise_token", default: nil)
        store[token] = 1
        let writerDone = defaults.startHeldWrite(42, of: token, through: store)
        #expect(store[token] == 42)
        try DefaultsStore.removeSuite(named: account.name)
        #expect(store[token] == nil, "read through the unnamed object's store after removeSuite returned")
        defaults.releaseHeld()
        writerDone.wait()
        #expect(store[token] == nil)
        #expect(defaults.object(forKey: token.name) == nil, "the write's value stayed after removeSuite")
    }
}
