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
        #expect(filter.namesChangedSinceLastSeen(isOwnCall: { _ in false }, read: values.read).isEmpty)
        // The same value written again: not a change.
        values.objects["app.a"] = 1
        #expect(filter.namesChangedSinceLastSeen(isOwnCall: { _ in false }, read: values.read).isEmpty)
        values.objects["app.a"] = 2
        values.objects["app.b"] = nil
        #expect(filter.namesChangedSinceLastSeen(isOwnCall: { _ in false }, read: values.read) == ["app.a", "app.b"])
        // Reported once: the new values are the baseline.
        #expect(filter.namesChangedSinceLastSeen(isOwnCall: { _ in false }, read: values.read).isEmpty)
        values.objects["app.b"] = "y"
        #expect(filter.namesChangedSinceLastSeen(isOwnCall: { _ in false }, read: values.read) == ["app.b"])
    }

    /// Inside a store's call into Foundation, callbacks for the name written on the writing thread are the store's
    /// own; other names, other threads and raw writes are not; a store write nested in a callback ends before the
    /// outer one; and the written value becomes the baseline of a name watched by notification.
    @Test func aStoresOwnWriteIsDroppedForItsNameOnItsThreadOnly() throws {
        let scratch = ScratchSuite()
        nonisolated(unsafe) let defaults = try #require(AppleLikeDefaults(suiteName: scratch.name))
        let store = DefaultsStore(defaults)
        guard case .userDefaults(let foundation) = store.suite.storage else { Issue.record("not over UserDefaults"); return }
        let observations = LockedState<[String]>([])
        defaults.onKeyChange { name in
            guard name == "b" || name == "c" else { return }
            nonisolated(unsafe) var elsewhere = true
            let done = DispatchSemaphore(value: 0)
            Thread {
                elsewhere = foundation.isOwnCall(of: name)
                done.signal()
            }.start()
            done.wait()
            if name == "b", foundation.isOwnCall(of: "b"), defaults.integer(forKey: "b") == 1 {
                // A store write nested in the callback of the outer one.
                store[DefaultsKey<Int>("c", default: 0)] = 1
            }
            let line = "\(name) own \(foundation.isOwnCall(of: name)) other \(foundation.isOwnCall(of: "other")) elsewhere \(elsewhere)"
            observations.withLock { $0.append(line) }
        }
        store[DefaultsKey<Int>("b", default: 0)] = 1
        defaults.set(2, forKey: "b")
        #expect(observations.withLock { $0 } == [
            "c own true other false elsewhere false",
            "b own true other false elsewhere false",
            "b own false other false elsewhere false",
        ])

        _ = foundation.changeFilter.watch("app.a", currentObject: nil)
        let read: (String) -> Any? = { defaults.object(forKey: $0) }
        store[DefaultsKey<Int>("app.a", default: 0)] = 5
        #expect(foundation.changeFilter.namesChangedSinceLastSeen(isOwnCall: foundation.isOwnCall(of:), read: read).isEmpty)
        defaults.set(6, forKey: "app.a")
        #expect(foundation.changeFilter.namesChangedSinceLastSeen(isOwnCall: foundation.isOwnCall(of:), read: read) == ["app.a"])
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
