import Foundation
import Observation
import TypedDefaults
import TypedDefaultsTestDoubles
import TypedDefaultsSync

/// What every worker shares: the keys, the checks that run while the soak runs, and what it found.
final class SoakContext: @unchecked Sendable {
    let keys: SoakKeys
    let deadline: Date
    let failures = Failures()
    let operations = Counter()
    /// The two devices of one iCloud account, each syncing its own in-memory store.
    let account = InMemoryCloudAccount()
    let devices: [(store: DefaultsStore, sync: DefaultsSync)]
    /// Set once the workers stopped: the checks at the end begin.
    let stopped = Counter()
    /// A suite that calls back as Apple's `UserDefaults` does, with an observer on a queue that touches settings.
    let appleLike: AppleLikeSuite

    init(keys: SoakKeys, seconds: Double) {
        self.keys = keys
        deadline = Date().addingTimeInterval(seconds)
        appleLike = AppleLikeSuite(run: keys.run, other: DefaultsStore.suite(keys.alpha))
        let account = self.account
        devices = (0..<2).map { _ in
            let store = DefaultsStore.inMemory()
            let sync = DefaultsSync(keys: [keys.syncedCount, keys.syncedName], store: store, cloud: account.makeDevice(),
                                    pushDelay: .milliseconds(5))
            return (store, sync.start())
        }
    }
}

/// One worker thread: random operations of every kind until the deadline, with what it must find at the end.
final class Worker: @unchecked Sendable {
    let index: Int
    let context: SoakContext
    let progress = Progress()
    private var random: SoakRandom
    /// Increments this worker made to each place's counter, to the cross counters, and to its shared-suite counter.
    private(set) var counted = [0, 0, 0]
    private(set) var crossCounted = 0
    private(set) var sharedCounted = 0
    private(set) var appleLikeCounted = 0
    private var scopeRound = 0
    private let tracker: ReRegisteringTracker

    init(index: Int, context: SoakContext, seed: UInt64) {
        self.index = index
        self.context = context
        random = SoakRandom(seed: seed &+ UInt64(index) &* 7919)
        tracker = ReRegisteringTracker(store: .standard, key: context.keys.counters[0])
    }

    var keys: SoakKeys { context.keys }

    func run() {
        tracker.register()
        while Date() < context.deadline {
            let roll = Int.random(in: 0..<100, using: &random)
            switch roll {
            case 0..<22: perform("counter update") { countUp() }
            case 22..<34: perform("read your write") { readYourWrite() }
            case 34..<44: perform("mixed types") { mixedTypes() }
            case 44..<52: perform("update writing another suite") { crossUpdate() }
            case 52..<60: perform("first read of a migration") { migrate() }
            case 60..<66: perform("updates loop started and cancelled") { cancelledUpdates() }
            case 66..<72: perform("isolated scope") { isolatedScope() }
            case 72..<82: perform("synced write") { syncedWrite() }
            case 82..<86: perform("flush") { DefaultsStore.flush() }
            case 86..<90: perform("scratch suite write or removal") { scratch() }
            case 90..<94: perform("write to a suite that calls back") { appleLikeWrite() }
            default: perform("shared suite with other processes") { sharedSuite() }
            }
        }
        progress.begin("finished")
    }

    private func perform(_ name: String, _ body: () -> Void) {
        progress.begin(name)
        body()
        progress.end()
        context.operations.add()
    }

    /// An update of the Apple-like suite's counter (its `set` waits for the observer's queue), or a write of
    /// another of its names.
    private func appleLikeWrite() {
        let suite = context.appleLike
        if Bool.random(using: &random) {
            suite.store.update(suite.counter) { $0 += 1 }
            appleLikeCounted += 1
        } else {
            suite.store[suite.scratch] = "worker \(index)"
        }
    }

    private func place() -> Place {
        Place(rawValue: Int.random(in: 0..<3, using: &random))!
    }

    private func store(_ place: Place) -> DefaultsStore {
        keys.suiteName(place).map(DefaultsStore.suite) ?? .standard
    }

    // MARK: Operations

    private func countUp() {
        let place = place()
        store(place).update(keys.counters[place.rawValue]) { $0 += 1 }
        counted[place.rawValue] += 1
    }

    private func readYourWrite() {
        let place = place()
        let key = keys.own(index, place)
        let value = Int.random(in: 0..<1_000_000, using: &random)
        Defaults[key] = value
        let read = Defaults[key]
        if read != value { context.failures.record("thread \(index): wrote \(value) to \(key.name) in \(place), read \(read)") }
        // A collection: its reads keep the value they decoded, which no write may leave behind.
        let list = keys.ownList(index, place)
        _ = Defaults[list]
        Defaults[list] = [value, value % 7]
        let readList = Defaults[list]
        if readList != [value, value % 7] {
            context.failures.record("thread \(index): wrote [\(value), \(value % 7)] to \(list.name) in \(place), read \(readList)")
        }
    }

    private func mixedTypes() {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: Defaults[keys.mixedText] = "t\(Int.random(in: 0..<100, using: &random))"
        case 1: Defaults[keys.mixedText] = nil
        case 2: Defaults[keys.mixedList] = (0..<Int.random(in: 0..<5, using: &random)).map { $0 }
        case 3: Defaults[keys.mixedNumber] = Double.random(in: -2_000...2_000, using: &random)
        case 4: DefaultsStore.standard.remove(keys.mixedNumber)
        default:
            _ = (Defaults[keys.mixedText], Defaults[keys.mixedList], Defaults[keys.mixedNumber])
            if !(-1_000...1_000).contains(Defaults[keys.mixedNumber]) {
                context.failures.record("a ranged key read outside its range")
            }
        }
    }

    /// An `update` of the standard suite whose closure writes another suite.
    private func crossUpdate() {
        DefaultsStore.standard.update(keys.crossStandard) { value in
            value += 1
            Defaults[keys.crossAlpha] += 1
        }
        crossCounted += 1
    }

    private func migrate() {
        let index = Int.random(in: 0..<keys.migrations, using: &random)
        let intoBeta = Bool.random(using: &random)
        let value = Defaults[keys.migrating(index, intoBeta: intoBeta)]
        if value != index + 1 {
            context.failures.record("migration \(index) into \(intoBeta ? "beta" : "alpha") read \(value), not \(index + 1)")
        }
    }

    /// What SwiftUI's `.task { for await … in store.updates(.key) }` does when a view comes and goes.
    private func cancelledUpdates() {
        let place = place()
        let store = store(place)
        let key = keys.counters[place.rawValue]
        let failures = context.failures
        let started = DispatchSemaphore(value: 0)
        let task = Task.detached {
            var last = Int.min
            var iterator = store.updates(key).makeAsyncIterator()
            started.signal()
            while let value = await iterator.next() {
                if value < last { failures.record("updates of a counter went back from \(last) to \(value)") }
                last = value
            }
        }
        started.wait()
        usleep(UInt32.random(in: 0..<2_000, using: &random))
        task.cancel()
    }

    /// Writes inside a `withIsolatedDefaults` scope never reach the real suites, nor the other way.
    private func isolatedScope() {
        scopeRound += 1
        let mark = "scope-\(index)-\(scopeRound)"
        withIsolatedDefaults {
            Defaults[keys.scoped] = mark
            DefaultsStore.standard.update(keys.counters[0]) { $0 += 1_000_000 }
            if Defaults[keys.scoped] != mark { context.failures.record("an isolated scope lost its own write") }
        }
        if Defaults[keys.scoped].hasPrefix("scope-") { context.failures.record("an isolated scope's write leaked: \(Defaults[keys.scoped])") }
        if Bool.random(using: &random) { Defaults[keys.scoped] = "outside-\(index)" }
    }

    private func syncedWrite() {
        let device = context.devices[Int.random(in: 0..<2, using: &random)]
        if Bool.random(using: &random) {
            device.store.update(keys.syncedCount) { $0 += 1 }
        } else {
            device.store[keys.syncedName] = Bool.random(using: &random) ? "n\(Int.random(in: 0..<50, using: &random))" : nil
        }
        if index == 0 { _ = context.account.deliverAll() }
    }

    private func scratch() {
        if Int.random(in: 0..<10, using: &random) == 0 {
            try? DefaultsStore.removeSuite(named: keys.scratch)
        } else {
            DefaultsStore.suite(keys.scratch)[DefaultsKey<Int>("s\(index)", default: 0)] += 1
        }
    }

    private func sharedSuite() {
        let shared = DefaultsStore.suite(keys.shared)
        if Bool.random(using: &random) {
            shared.update(SoakKeys.childCounter("parent")) { $0 += 1 }
            sharedCounted += 1
        } else {
            _ = shared[SoakKeys.childCounter("a")] + shared[SoakKeys.childCounter("b")]
        }
    }
}

/// An Observation tracker that registers again from its `onChange`, as SwiftUI does after each invalidation.
final class ReRegisteringTracker: @unchecked Sendable {
    let store: DefaultsStore
    let key: DefaultsKey<Int>
    let changes = Counter()

    init(store: DefaultsStore, key: DefaultsKey<Int>) {
        self.store = store
        self.key = key
    }

    func register() {
        withObservationTracking {
            _ = store[key]
        } onChange: { [self] in
            changes.add()
            register()
        }
    }
}
