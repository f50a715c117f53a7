import Foundation
import TypedDefaults
import TypedDefaultsTestDoubles

/// The run itself (in the child process the launcher started): set-up, workers, watchdog, then the checks.
func runSoak(_ options: SoakOptions) -> Int32 {
    let keys = SoakKeys(run: String(UUID().uuidString.prefix(8)))
    let started = Date()
    prepareMigrations(keys)
    let context = SoakContext(keys: keys, seconds: options.seconds)
    let children: [(tag: String, child: Child)]
    do {
        children = try ["a", "b"].map { ($0, try Child(["--child-writer", keys.shared, $0, "\(max(1, options.seconds * 0.8))"])) }
    } catch {
        print("soak: cannot start the child processes: \(error)")
        return 1
    }
    let watchers = LastValues(keys: keys)
    let workers = (0..<options.threads).map { Worker(index: $0, context: context, seed: options.seed) }
    let finished = Counter()
    startWatchdog(workers.map(\.progress), finished: finished)
    // A thread that keeps a core busy throughout: the workers are descheduled at any moment, as on a loaded device.
    let workersDone = Counter()
    Thread {
        var spin = 0
        while workersDone.current == 0 {
            for _ in 0..<100_000 { spin &+= 1 }
        }
        _ = spin
    }.start()
    let done = DispatchGroup()
    for worker in workers {
        done.enter()
        let thread = Thread {
            worker.run()
            done.leave()
        }
        thread.start()
    }
    done.wait()
    workersDone.add()
    let elapsed = Date().timeIntervalSince(started)
    let operations = context.operations.current
    // The workers are done; the checks below may take a while (waiting for other processes' saves).
    checkCounters(context, workers)
    checkAppleLikeSuite(context, workers)
    checkMigrations(context)
    checkIsolation(context)
    checkSync(context)
    checkWatchers(context, watchers)
    checkChildren(context, children, parentCount: workers.map(\.sharedCounted).reduce(0, +))
    finished.add()
    let failures = context.failures
    for message in failures.first { print("soak: FAILED: \(message)") }
    let rate = Double(operations) / max(elapsed, 0.001)
    let summary = String(format: "soak: %.1f s, %d threads, %d operations (%.0f ops/s), hangs 0, invariant failures %d, seed %llu",
                         elapsed, options.threads, operations, rate, failures.count, options.seed)
    print(summary)
    return failures.count == 0 ? 0 : 1
}

/// Values under the former names of the migrating keys, in both directions.
private func prepareMigrations(_ keys: SoakKeys) {
    for index in 0..<keys.migrations {
        for intoBeta in [true, false] {
            let former = keys.former(index, intoBeta: intoBeta)
            DefaultsStore.suite(former.suite)[former.key] = index + 1
        }
    }
}

/// Every `update` counted, exactly: through the stores, and through a store made afresh over each suite.
private func checkCounters(_ context: SoakContext, _ workers: [Worker]) {
    let keys = context.keys
    for place in Place.allCases {
        let expected = workers.map { $0.counted[place.rawValue] }.reduce(0, +)
        let key = keys.counters[place.rawValue]
        let found = Defaults[key]
        if found != expected { context.failures.record("counter in \(place): \(found), expected \(expected)") }
    }
    let cross = workers.map(\.crossCounted).reduce(0, +)
    if Defaults[keys.crossStandard] != cross || Defaults[keys.crossAlpha] != cross {
        context.failures.record("cross-suite update: standard \(Defaults[keys.crossStandard]), alpha \(Defaults[keys.crossAlpha]), expected \(cross) each")
    }
}

/// Each value moved once: readable under the new name, gone from the old one.
/// The suite that calls back: every update counted, the workers' and the observer's (here and in alpha).
private func checkAppleLikeSuite(_ context: SoakContext, _ workers: [Worker]) {
    let suite = context.appleLike
    suite.stopObserving()
    defer { suite.remove() }
    let expected = workers.map(\.appleLikeCounted).reduce(0, +)
    if suite.store[suite.counter] != expected {
        context.failures.record("apple-like suite counter: \(suite.store[suite.counter]), expected \(expected)")
    }
    let observed = suite.observerUpdateCount
    let alpha = DefaultsStore.suite(context.keys.alpha)
    if suite.store[suite.observed] != observed || alpha[suite.observed] != observed {
        context.failures.record("observer's updates: \(suite.store[suite.observed]) here, \(alpha[suite.observed]) in alpha, expected \(observed)")
    }
}

private func checkMigrations(_ context: SoakContext) {
    let keys = context.keys
    for index in 0..<keys.migrations {
        for intoBeta in [true, false] {
            let value = Defaults[keys.migrating(index, intoBeta: intoBeta)]
            let former = keys.former(index, intoBeta: intoBeta)
            if value != index + 1 { context.failures.record("migration \(index) read \(value) at the end") }
            if DefaultsStore.suite(former.suite).has(former.key) { context.failures.record("migration \(index) left its former value") }
        }
    }
}

private func checkIsolation(_ context: SoakContext) {
    let value = Defaults[context.keys.scoped]
    if value.hasPrefix("scope-") { context.failures.record("an isolated scope's value is in the real suite: \(value)") }
}

/// The two devices end equal once everything is delivered.
private func checkSync(_ context: SoakContext) {
    let keys = context.keys
    for _ in 0..<100 {
        context.devices.forEach { $0.sync.push() }
        _ = context.account.deliverAll()
        let (first, second) = (context.devices[0].store, context.devices[1].store)
        if first[keys.syncedCount] == second[keys.syncedCount], first[keys.syncedName] == second[keys.syncedName],
           context.devices.allSatisfy({ !$0.sync.hasPendingPushes }) {
            return
        }
        usleep(20_000)
    }
    context.failures.record("the two synced devices did not converge")
}

/// The long-lived `updates` loops end at each counter's final value.
private func checkWatchers(_ context: SoakContext, _ watchers: LastValues) {
    for place in Place.allCases {
        let final = Defaults[context.keys.counters[place.rawValue]]
        if !watchers.waitFor(place, final) {
            context.failures.record("updates of the counter in \(place) ended at \(watchers.last(place)), not its last write \(final)")
        }
    }
}

/// Every child process's last write is readable here (seen through the file watch) and from a fresh process.
private func checkChildren(_ context: SoakContext, _ children: [(tag: String, child: Child)], parentCount: Int) {
    let shared = DefaultsStore.suite(context.keys.shared)
    var finals: [String: Int] = [:]
    for (tag, child) in children {
        let output = child.finish()
        guard child.process.terminationStatus == 0, let final = output.split(separator: " ").last.flatMap({ Int($0) }) else {
            context.failures.record("child \(tag) failed: \(output)")
            continue
        }
        finals[tag] = final
    }
    DefaultsStore.flush()
    let deadline = Date().addingTimeInterval(5)
    while finals.contains(where: { shared[SoakKeys.childCounter($0.key)] != $0.value }), Date() < deadline { usleep(20_000) }
    for (tag, final) in finals.sorted(by: { $0.key < $1.key }) where shared[SoakKeys.childCounter(tag)] != final {
        context.failures.record("child \(tag)'s last write \(final) reads \(shared[SoakKeys.childCounter(tag)]) here")
    }
    if shared[SoakKeys.childCounter("parent")] != parentCount {
        context.failures.record("this process's shared counter reads \(shared[SoakKeys.childCounter("parent")]), expected \(parentCount)")
    }
    guard let reader = try? Child(["--child-reader", context.keys.shared, "a", "b", "parent"]) else {
        context.failures.record("cannot start a fresh reader")
        return
    }
    let expected = "a=\(finals["a"] ?? -1) b=\(finals["b"] ?? -1) parent=\(parentCount)"
    let read = reader.finish()
    if read != expected { context.failures.record("a fresh process reads \(read), expected \(expected)") }
}

/// One `updates` loop per counter for the whole run, keeping the last value it yielded.
final class LastValues: @unchecked Sendable {
    private let lock = NSLock()
    private var values = [Int.min, Int.min, Int.min]
    private var tasks: [Task<Void, Never>] = []

    init(keys: SoakKeys) {
        for place in Place.allCases {
            let store = keys.suiteName(place).map(DefaultsStore.suite) ?? .standard
            let key = keys.counters[place.rawValue]
            tasks.append(Task.detached { [self] in
                for await value in store.updates(key) { record(place, value) }
            })
        }
    }

    deinit { tasks.forEach { $0.cancel() } }

    private func record(_ place: Place, _ value: Int) {
        lock.lock()
        values[place.rawValue] = value
        lock.unlock()
    }

    func last(_ place: Place) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return values[place.rawValue]
    }

    /// Waits (at most 5 s) until the loop of `place` yielded `value`.
    func waitFor(_ place: Place, _ value: Int) -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while last(place) != value {
            if Date() > deadline { return false }
            usleep(10_000)
        }
        return true
    }
}
