import Foundation
import TestSupport
import Testing
@testable import TypedDefaults

/// The platform-independent half of observing changes made without a store (the Apple-only half registers the
/// key-value observers and the notification): which names are news, which callbacks a store's own write caused.
@Suite struct ExternalChangeFilterTests {
    /// A stand-in for a suite: names and their stored objects.
    final class Values: @unchecked Sendable {
        var objects: [String: Any] = [:]
        func read(_ name: String) -> Any? { objects[name] }
    }

    @Test func namesAKeyPathCannotHoldAreWatchedByNotification() {
        #expect(ExternalChangeFilter.watchKind(of: "launchCount") == .keyValueObserving)
        #expect(ExternalChangeFilter.watchKind(of: "app.launchCount") == .notification)
        #expect(ExternalChangeFilter.watchKind(of: "user@host") == .notification)
    }

    @Test func eachNameIsWatchedOnce() {
        let filter = ExternalChangeFilter()
        #expect(filter.watch("a", currentObject: nil) == .keyValueObserving)
        #expect(filter.watch("a", currentObject: nil) == nil)
        #expect(filter.watch("b.c", currentObject: nil) == .notification)
        #expect(filter.watch("b.c", currentObject: nil) == nil)
        #expect(filter.watch("d", currentObject: nil) == .keyValueObserving)  // others are not watched yet
    }

    @Test func aNotificationReportsOnlyWatchedNamesWhoseValueChanged() {
        let values = Values()
        values.objects = ["app.a": 1, "app.b": "x"]
        let filter = ExternalChangeFilter()
        _ = filter.watch("app.a", currentObject: values.read("app.a"))
        _ = filter.watch("app.b", currentObject: values.read("app.b"))
        _ = filter.watch("plain", currentObject: nil)
        // Another suite changed, or this one under a name nobody watches: nothing to report.
        values.objects["app.unwatched"] = true
        #expect(filter.namesChangedSinceLastSeen(read: values.read).isEmpty)
        // The same value written again: not a change.
        values.objects["app.a"] = 1
        #expect(filter.namesChangedSinceLastSeen(read: values.read).isEmpty)
        values.objects["app.a"] = 2
        values.objects["app.b"] = nil
        #expect(filter.namesChangedSinceLastSeen(read: values.read) == ["app.a", "app.b"])
        // Reported once: the new values are the baseline.
        #expect(filter.namesChangedSinceLastSeen(read: values.read).isEmpty)
        values.objects["app.b"] = "y"
        #expect(filter.namesChangedSinceLastSeen(read: values.read) == ["app.b"])
    }

    @Test func aStoresOwnWriteIsDroppedForItsNamesOnItsThreadOnly() {
        let values = Values()
        let filter = ExternalChangeFilter()
        _ = filter.watch("app.a", currentObject: nil)
        _ = filter.watch("b", currentObject: nil)
        filter.beginOwnWrite(["app.a", "b"])
        #expect(filter.isOwnWrite("b"))
        #expect(!filter.isOwnWrite("other"))  // a direct write of another name inside `update`: reported
        // Another thread's callbacks are not the store's write.
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var elsewhere = true
        let thread = Thread {
            elsewhere = filter.isOwnWrite("b")
            done.signal()
        }
        thread.start()
        done.wait()
        #expect(!elsewhere)
        values.objects["app.a"] = 5
        #expect(filter.namesChangedSinceLastSeen(read: values.read).isEmpty)
        // Nested writes of the same name end with the outer one.
        filter.beginOwnWrite(["b"])
        filter.endOwnWrite(["b"], read: values.read)
        #expect(filter.isOwnWrite("b"))
        filter.endOwnWrite(["app.a", "b"], read: values.read)
        #expect(!filter.isOwnWrite("b"))
        // The store's own value became the baseline: the next notification does not report it again.
        #expect(filter.namesChangedSinceLastSeen(read: values.read).isEmpty)
        values.objects["app.a"] = 6
        #expect(filter.namesChangedSinceLastSeen(read: values.read) == ["app.a"])
    }

    @Test func aSuiteNameFoundationRefusesIsTheStandardSuiteItself() {
        let refused = "typeddefaults.tests.refused.\(UUID().uuidString)"
        let suite = SuiteRegistry.shared.suite(named: refused) { _ in nil }
        #expect(suite === DefaultsStore.standard.suite)
        #expect(SuiteRegistry.shared.suite(named: refused) { _ in Issue.record("opened twice"); return nil } === suite)
        // A store over it and the standard store see each other's writes, trackers included.
        let store = DefaultsStore.suite(refused)
        #expect(store.suite === DefaultsStore.standard.suite)
    }

    @Test func aReadMarksTheKeySoLaterReadsThroughTheSameSuiteSkipTheWatcher() {
        let named = DefaultsStore.suite("typeddefaults.tests.watchmark")
        let key = DefaultsKey<Int>("watchmark.\(UUID().uuidString)", default: 0)
        #expect(!key.watchMark.isWatched(by: named.suite))
        _ = named[key]
        #expect(key.watchMark.isWatched(by: named.suite))
        // The first suite keeps the mark; another suite is asked on each read (and is not marked).
        _ = DefaultsStore.standard[key]
        #expect(!key.watchMark.isWatched(by: DefaultsStore.standard.suite))
        // Suites over UserDefaults objects come and go: each has a serial number of its own.
        let other = DefaultsKey<Int>("watchmark.other", default: 0)
        do {
            let scratch = ScratchSuite()
            _ = scratch.store[other]
            #expect(other.watchMark.isWatched(by: scratch.store.suite))
        }
        let next = ScratchSuite()
        #expect(!other.watchMark.isWatched(by: next.store.suite))
        // In-memory stores watch nothing.
        let memory = DefaultsStore.inMemory()
        _ = memory[other]
        #expect(!other.watchMark.isWatched(by: memory.suite))
    }
}
