import Foundation
import TestSupport
import Testing
@testable import TypedDefaults

/// Over Linux Foundation's own `UserDefaults` class a plain write is committed and called in one turn of the
/// Foundation lock (``FoundationSuite/writeNow(_:forKey:on:alsoUnderLock:)``), never in flight. It must still land
/// after a write of the same name committed earlier in the write order, and leave `update` exact.
@Suite(.serialized) struct OneTurnWriteTests {
    /// A write committed in the write order gets its call once the order is released; a plain write of the name
    /// made meanwhile on another thread (no decision in progress, so it does not wait) is newer and must stay.
    /// (Written in one turn without looking at the ledger, it lands first and the older call overwrites it: 1.)
    @Test func aPlainWriteAfterAWriteCommittedInTheWriteOrderStays() throws {
        let scratch = ScratchSuite()
        let store = DefaultsStore(scratch.defaults, suiteName: scratch.name)
        let key = DefaultsKey<Int>("oneTurn", default: 0)
        let setReturned = PlainSetsBesideUpdates.setWhileAWriteWaitsInTheWriteOrder(1, name: key.name, of: store) {
            store[key] = 2
        }
        #expect(setReturned, "the plain set waited for the write order")
        #expect(store[key] == 2)
        #expect(scratch.defaults.integer(forKey: key.name) == 2, "the older write's call, made last, overwrote the newer one")
    }

    /// A set of the key made on another thread while an `update` closure runs comes after the update: the closure's
    /// result never overwrites it. (Written in one turn while a decision is in progress, it lands inside the closure
    /// and the update's 6 overwrites it.)
    @Test func aSetMadeWhileAnUpdateRunsLandsAfterIt() {
        let scratch = ScratchSuite()
        let count = DefaultsKey<Int>("count", default: 0)
        let outcome = PlainSetsBesideUpdates.setMadeWhileAnUpdateRuns(in: DefaultsStore(scratch.defaults, suiteName: scratch.name), key: count)
        #expect(!outcome.returnedInsideClosure, "the set returned while the update held the write order")
        #expect(outcome.value == 100, "the update's 6 overwrote a set that came after what it read")
        #expect(scratch.defaults.integer(forKey: count.name) == 100)
    }

    /// `update`s of one key through two stores of the suite beside plain sets of other keys, on a loaded machine:
    /// every increment counts, and each set key's observer ends on the value Foundation holds.
    @Test func updatesStayExactBesidePlainSetsOnALoadedMachine() async throws {
        let scratch = ScratchSuite()
        let stores = [DefaultsStore(scratch.defaults, suiteName: scratch.name), DefaultsStore.suite(scratch.name)]
        let outcome = await PlainSetsBesideUpdates.updatesBesidePlainSets(through: stores, rounds: 2_000) {
            scratch.defaults.integer(forKey: $0.name)
        }
        #expect(outcome.finished)
        #expect(outcome.count == 4 * 2_000)
        #expect(scratch.defaults.integer(forKey: "count") == 4 * 2_000)
        for key in outcome.lastSeenAndStored {
            #expect(key.lastSeen == key.stored, "observer of \(key.name)")
        }
    }
}
