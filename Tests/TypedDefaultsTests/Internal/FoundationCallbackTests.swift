import Foundation
import Observation
import TestSupport
import Testing
@testable import TypedDefaults

/// The lock rule where Apple's Foundation calls back (``FoundationSuite``): `UserDefaults.set` posts
/// `didChangeNotification` and runs key-value observers inside the call, and an observer registered with a queue
/// makes the writer wait for that queue. Played by ``AppleLikeDefaults``; every test runs with a time limit, so a
/// regression fails instead of hanging CI.
@Suite(.serialized) struct FoundationCallbackTests {
    /// What an app's (or an analytics SDK's) observer does on its queue.
    enum ObserverAction: String, CaseIterable, Sendable {
        case read, writeSameStore, writeOtherSuite, writeThroughDefaults, update, remove, observeUpdates
    }

    /// Shape of RevenueCat #4137, Mixpanel #657, Amplitude-Swift #316, Statsig #39: several threads write settings
    /// while an observer of `didChangeNotification` on a queue of its own touches settings. The writers used to wait
    /// for the queue inside `set` holding the write order, which the observer then waited for.
    @Test(arguments: ObserverAction.allCases)
    func anObserverOnAQueueThatTouchesSettingsNeverHangsWriters(action: ObserverAction) async {
        let scratch = ScratchSuite()
        let other = ScratchSuite()
        let defaults = AppleLikeDefaults(suiteName: scratch.name)!
        let store = DefaultsStore(defaults)
        let otherStore = other.store
        let key = DefaultsKey<Int>("count", default: 0)
        let touched = DefaultsKey<Int>("touchedByObserver", default: 0)
        let throughDefaults = DefaultsKey<Int>("touchedByObserver", default: 0, suite: other.name)
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        // The observer's own writes to the observed suite post again (inline, from its queue): a budget ends that.
        let budget = Budget(100)
        let token = NotificationCenter.default.addObserver(forName: UserDefaults.didChangeNotification, object: defaults, queue: queue) { _ in
            guard budget.take() else { return }
            switch action {
            case .read: _ = store[key] + otherStore[touched]
            case .writeSameStore: store[touched] += 1
            case .writeOtherSuite: otherStore[touched] += 1
            case .writeThroughDefaults: Defaults[throughDefaults] += 1
            case .update: store.update(touched) { $0 += 1 }
            case .remove: store.remove(touched)
            case .observeUpdates: _ = store.updates(touched).makeAsyncIterator()
            }
        }
        defer { NotificationCenter.default.removeObserver(token) }
        let finished = await runThreads(4, timeout: 30) { thread in
            for value in 1...250 {
                switch thread {
                case 0: store[key] = value
                case 1: store.update(key) { $0 += 1 }
                case 2: store.remove(touched)
                default: otherStore[key] = value
                }
            }
        }
        #expect(finished, "writers and an observer on a queue waited for each other (\(action))")
        guard finished else {
            // Never released: removing a deadlocked suite would hang the test too.
            _ = (Unmanaged.passRetained(scratch), Unmanaged.passRetained(other), Unmanaged.passRetained(queue))
            return
        }
        // Every write reached Foundation too, the last one last (a write to an object that may call back goes over
        // right after the call in progress, never waiting for it).
        #expect(await eventually { (defaults.object(forKey: key.name) as? Int) == store[key] })
        #expect(other.defaults.integer(forKey: key.name) == 250, "a write to Foundation's own class is there when set returns")
    }

    /// Key-value observing calls back synchronously, on the writing thread, inside the write: a callback that reads,
    /// writes and updates settings of the same and other suites while other threads write.
    @Test func aSynchronousCallbackInsideAWriteThatTouchesSettingsNeverHangs() async {
        let scratch = ScratchSuite()
        let other = ScratchSuite()
        let defaults = AppleLikeDefaults(suiteName: scratch.name)!
        let store = DefaultsStore(defaults)
        let otherStore = other.store
        let key = DefaultsKey<Int>("count", default: 0)
        let mirror = DefaultsKey<Int>("mirror", default: 0)
        defaults.onKeyChange { name in
            guard name == key.name else { return }
            let value = store[key]
            otherStore[mirror] = value
            store.update(mirror) { $0 = max($0, value) }
        }
        let finished = await runThreads(4, timeout: 30) { _ in
            for _ in 1...250 { store.update(key) { $0 += 1 } }
        }
        #expect(finished, "a synchronous callback inside a write waited for a writer")
        guard finished else {
            _ = (Unmanaged.passRetained(scratch), Unmanaged.passRetained(other))
            return
        }
        #expect(store[key] == 1_000)
        // The last write's callback runs when it reaches Foundation, which may be just after its `update` returned.
        #expect(await eventually { store[mirror] == 1_000 })
    }

    /// The writes keep one order: the last write wins in the store and in `UserDefaults` alike, and each thread
    /// reads its own writes at once, while an observer on a queue slows every `set` down.
    @Test func writesKeepTheirOrderAndAreReadAtOnceWhileSetWaitsForAQueue() async {
        let scratch = ScratchSuite()
        let defaults = AppleLikeDefaults(suiteName: scratch.name)!
        let store = DefaultsStore(defaults)
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let token = NotificationCenter.default.addObserver(forName: UserDefaults.didChangeNotification, object: defaults, queue: queue) { _ in
            Thread.sleep(forTimeInterval: 0.0002)
        }
        defer { NotificationCenter.default.removeObserver(token) }
        let misses = Budget(0)
        let finished = await runThreads(4, timeout: 60) { thread in
            let own = DefaultsKey<Int>("own\(thread)", default: 0)
            let shared = DefaultsKey<Int>("shared", default: 0)
            for value in 1...300 {
                store[own] = value
                if store[own] != value { misses.count() }
                store[shared] = thread * 1_000 + value
            }
        }
        #expect(finished)
        guard finished else { return }
        #expect(misses.counted == 0, "a thread did not read its own write")
        for thread in 0..<4 { #expect(await eventually { defaults.integer(forKey: "own\(thread)") == 300 }) }
        #expect(await eventually { defaults.integer(forKey: "shared") == store[DefaultsKey<Int>("shared", default: 0)] })
    }

    /// The Linux half of the rule: swift-corelibs-foundation's own `UserDefaults` calls back nothing from the calls
    /// the stores make under the Foundation lock (`set`, `removeObject`, `register`, reads), so that leaf lock is
    /// allowed there; `removePersistentDomain(forName:)` does post, and is never called under it.
    @Test func foundationsOwnClassCallsBackNothingFromTheCallsMadeUnderTheFoundationLock() {
        let scratch = ScratchSuite()
        let posts = Budget(0)
        let token = NotificationCenter.default.addObserver(forName: UserDefaults.didChangeNotification, object: scratch.defaults, queue: nil) { _ in
            posts.count()
        }
        defer { NotificationCenter.default.removeObserver(token) }
        scratch.defaults.set(1, forKey: "a")
        scratch.defaults.removeObject(forKey: "a")
        scratch.defaults.register(defaults: ["b": 1])
        _ = scratch.defaults.object(forKey: "b")
        _ = scratch.defaults.persistentDomain(forName: scratch.name)
        #if canImport(ObjectiveC)
        #expect(posts.counted > 0, "Apple's Foundation posts from inside set")
        #else
        #expect(posts.counted == 0)
        #endif
    }
}

/// Whether `condition` holds within 10 s, checked every millisecond.
func eventually(_ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(10)
    while !condition() {
        guard Date() < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}

/// A thread-safe counter with a budget.
final class Budget: @unchecked Sendable {
    private let lock = NSLock()
    private var remaining: Int
    private var total = 0

    init(_ remaining: Int) { self.remaining = remaining }

    /// Takes one from the budget; false once it is spent.
    func take() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard remaining > 0 else { return false }
        remaining -= 1
        return true
    }

    func count() {
        lock.lock()
        total += 1
        lock.unlock()
    }

    var counted: Int {
        lock.lock()
        defer { lock.unlock() }
        return total
    }
}
