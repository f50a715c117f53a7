import Foundation
import TypedDefaults

/// A suite that behaves as Apple's `UserDefaults` does where the stores must hold no lock: `set` and
/// `removeObject` post `didChangeNotification` from inside the call, and an observer on a queue of its own (as an
/// app's or an analytics SDK's) reads, writes, updates and removes settings of this suite and another one there,
/// which makes every writer of this suite wait for that queue inside `set`. A lock of ours held across `set`
/// freezes the soak (the watchdog then reports the hang).
final class AppleLikeSuite: @unchecked Sendable {
    let defaults: PostingDefaults
    let store: DefaultsStore
    /// Counted exactly: the workers' `update`s.
    let counter = DefaultsKey<Int>("soak.appleLike.counter", default: 0)
    /// Counted exactly: the observer's `update`s, here and in the other suite.
    let observed = DefaultsKey<Int>("soak.appleLike.observed", default: 0)
    let scratch = DefaultsKey<String?>("soak.appleLike.scratch")
    private let queue = OperationQueue()
    private let observerUpdates = Counter()
    private let observerCalls = Counter()
    private var token: (any NSObjectProtocol)?

    init(run: String, other: DefaultsStore) {
        defaults = PostingDefaults(suiteName: "soak.appleLike.\(run)")!
        store = DefaultsStore(defaults)
        queue.maxConcurrentOperationCount = 1
        let (store, counter, observed, scratch, updates, calls) = (store, counter, observed, scratch, observerUpdates, observerCalls)
        token = NotificationCenter.default.addObserver(forName: UserDefaults.didChangeNotification, object: defaults, queue: queue) { _ in
            // Reads of both suites; every fourth time, a write and a removal here and a counted update of each suite
            // (each of those writes posts again, inline on this queue).
            _ = store[counter] + other[observed]
            let call = calls.add()
            // Now and then it stalls for a second, as an observer that does real work on its queue does: every
            // writer of the suite waits inside `set` meanwhile, and nothing else may.
            if call % 500 == 0 { Thread.sleep(forTimeInterval: 1) }
            guard call % 4 == 0 else { return }
            store[scratch] = "observer"
            store.remove(scratch)
            store.update(observed) { $0 += 1 }
            other.update(observed) { $0 += 1 }
            _ = updates.add()
        }
    }

    /// How many times the observer updated each suite's `observed` counter.
    var observerUpdateCount: Int { observerUpdates.current }

    /// Ends the observation, once the observer ran for every write so far.
    func stopObserving() {
        if let token { NotificationCenter.default.removeObserver(token) }
        queue.waitUntilAllOperationsAreFinished()
    }

    /// Removes the suite, file and all.
    func remove() {
        try? DefaultsStore.removeSuite(named: defaults.suiteNameForRemoval)
    }
}

/// A `UserDefaults` that posts `didChangeNotification` from inside `set` and `removeObject`, as Apple's does; its
/// own calls into Linux Foundation take the stores' Foundation lock (which it never holds while it posts).
final class PostingDefaults: UserDefaults {
    let suiteNameForRemoval: String

    override init?(suiteName: String?) {
        suiteNameForRemoval = suiteName ?? ""
        super.init(suiteName: suiteName)
    }

    override func set(_ value: Any?, forKey defaultName: String) {
        locked { super.set(value, forKey: defaultName) }
        NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: self)
    }

    override func removeObject(forKey defaultName: String) {
        locked { super.removeObject(forKey: defaultName) }
        NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: self)
    }

    override func object(forKey defaultName: String) -> Any? {
        locked { super.object(forKey: defaultName) }
    }

    /// Foundation calls this object's overrides from inside (`object(forKey:)` asks `volatileDomain(forName:)`):
    /// the lock is taken once per thread.
    private func locked<Result>(_ body: () -> Result) -> Result {
        let marker = "PostingDefaults.insideFoundation"
        if Thread.current.threadDictionary[marker] != nil { return body() }
        return withFoundationCallLock {
            Thread.current.threadDictionary[marker] = true
            defer { Thread.current.threadDictionary[marker] = nil }
            return body()
        }
    }
}
