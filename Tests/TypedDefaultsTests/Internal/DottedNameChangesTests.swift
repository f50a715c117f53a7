import Foundation
import TestSupport
import Testing
@testable import TypedDefaults

/// Where `UserDefaults.didChangeNotification` goes (posted on Apple platforms for every write of the process;
/// driven here as Foundation would drive it): a write through a store's own suite object costs one comparison per
/// dotted name that suite watches, none when it watches none, and a write through an object no store uses is
/// compared once, later, for every suite that watches dotted names.
@Suite(.serialized) struct DottedNameChangesTests {
    /// A suite whose `UserDefaults` object posts the notification from inside each write, synchronously, as
    /// Apple's Foundation does.
    final class Posting: UserDefaults {
        /// How many writes reached this object (the stores hand over only the newest of writes queued together).
        let writes = AtomicWord()

        override func set(_ value: Any?, forKey defaultName: String) {
            withFoundationLock { super.set(value, forKey: defaultName) }
            writes.add(1)
            NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: self)
        }
    }

    @Test func aRawWriteThroughTheSuitesOwnObjectIsSeenAndAStoresOwnWriteIsNotReportedTwice() async {
        let scratch = ScratchSuite()
        let defaults = Posting(suiteName: scratch.name)!
        let store = DefaultsStore(defaults)
        let key = DefaultsKey<Int>("app.count", default: 0)
        _ = store[key]  // watched from now on (a dotted name: by notification)
        let values = store.updates(key)
        store[key] = 1                       // the store's own write: reported once, by the store
        defaults.set(2, forKey: key.name)    // a raw write through the same object: news
        #expect(await firstValues(3, of: values) == [0, 1, 2])
    }

    @Test func aRawWriteThroughAnObjectNoStoreUsesIsSeenByTheSuiteItWrote() async {
        let scratch = ScratchSuite()
        let store = DefaultsStore(Posting(suiteName: scratch.name)!)
        let key = DefaultsKey<String?>("app.name")
        _ = store[key]
        let values = store.updates(key)
        // Code that writes the suite through an object of its own.
        let foreign = Posting(suiteName: scratch.name)!
        foreign.set("raw", forKey: key.name)
        #expect(await firstValues(2, of: values) == [nil, "raw"])
    }

    @Test func aWriteThroughASuiteThatWatchesNoDottedNameComparesNothing() {
        let watched = ScratchSuite()
        let other = ScratchSuite()
        let watchedDefaults = Posting(suiteName: watched.name)!
        let watchedStore = DefaultsStore(watchedDefaults)
        let otherDefaults = Posting(suiteName: other.name)!
        let otherStore = DefaultsStore(otherDefaults)
        _ = watchedStore[DefaultsKey<Int>("app.a", default: 0)]
        _ = otherStore[DefaultsKey<Int>("plain", default: 0)]
        let watchedComparisons = watchedStore.suite.externalChangeObservation!.comparisons
        let otherComparisons = otherStore.suite.externalChangeObservation!.comparisons
        // Tests running meanwhile may write through objects no store uses (a removed suite): each such moment
        // sweeps every suite that watches dotted names once, this one included. A sweep already running took its
        // list of suites before this one watched a dotted name: it is waited for, so that every sweep counted
        // from here compares this suite (found under the thread sanitizer, where a sweep runs long enough).
        DottedNameChanges.shared.waitForSweeps()
        let sweeps = DottedNameChanges.shared.sweepCount
        let before = watchedComparisons.load()
        let sweepsBefore = sweeps.load()
        for value in 0..<100 { otherStore[DefaultsKey<Int>("plain", default: 0)] = value }
        DottedNameChanges.shared.waitForSweeps()
        #expect(watchedComparisons.load() - before == sweeps.load() - sweepsBefore, "a write to another suite compared this one's names")
        #expect(otherComparisons.load() == 0, "a suite with no dotted name compared something")
        for value in 0..<100 { watchedStore[DefaultsKey<Int>("app.a", default: 0)] = value }
        DottedNameChanges.shared.waitForSweeps()
        let handedOver = watchedDefaults.writes.load()
        #expect(handedOver > 0)
        // One comparison per write at most: writes handed over while the thread is inside Foundation share one.
        let compared = watchedComparisons.load() - before
        #expect(compared > 0 && compared <= handedOver + sweeps.load() - sweepsBefore, "one comparison of the suite per write")
    }

    /// Found by the benchmark: the notification comes from inside the store's own `UserDefaults` call, and
    /// comparing the suite's other dotted names there called Foundation again from inside it (on Linux, under the
    /// lock that serializes Foundation calls: the thread waited for itself). The comparison now waits for the write.
    @Test func aStoresWriteComparesItsSuitesOtherDottedNamesAfterTheWrite() async {
        let scratch = ScratchSuite()
        let defaults = Posting(suiteName: scratch.name)!
        let store = DefaultsStore(defaults)
        let first = DefaultsKey<Int>("app.first", default: 0)
        let second = DefaultsKey<Int>("app.second", default: 0)
        _ = (store[first], store[second])
        let values = store.updates(second)
        let finished = await runThreads(1, timeout: 20) { _ in
            for value in 1...50 { store[first] = value }
        }
        #expect(finished, "a store's write waited for itself")
        guard finished else {
            _ = Unmanaged.passRetained(scratch)
            return
        }
        #expect(store[first] == 50)
        // A raw write of the other name, through the same object, is still seen.
        defaults.set(7, forKey: second.name)
        #expect(await firstValues(2, of: values) == [0, 7])
    }
}
