import Foundation
import Testing
import TypedDefaults
@_spi(Testing) import TypedDefaultsTestDoubles
@testable import TypedDefaultsSync

/// Keys of a synced app: three follow the user through iCloud, one stays on the device.
enum SyncKeys {
    static let volume = DefaultsKey<Int>("volume", default: 5, in: 0...10, iCloud: true)
    static let nickname = DefaultsKey<String?>("nickname", iCloud: true)
    static let tags = DefaultsKey<[String]>("tags", default: [], iCloud: true)
    static let launches = DefaultsKey<Int>("launches", default: 0)

    static let all: [DefaultsKeys] = [volume, nickname, tags, launches]
}

/// A clock that ticks one second per reading: stamps in test order, whatever the machine's speed.
final class TickingClock: Sendable {
    private let seconds = NSLockedCounter(start: 1_800_000_000)

    /// The next tick.
    func now() -> Date {
        Date(timeIntervalSince1970: Double(seconds.increment()))
    }
}

/// A counter behind a lock (the tests' own: the library's lock type is internal).
final class NSLockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Int

    init(start: Int = 0) { value = start }

    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }

    var current: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

/// One device of a test: its own settings, its copy of the account, and the sync between them.
struct SyncedDevice {
    let store: DefaultsStore
    let cloud: InMemoryCloudAccount.Device
    let sync: DefaultsSync

    /// A device signed in to `account`, syncing ``SyncKeys`` by hand (`pushDelay: nil`), started unless told not to.
    init(_ account: InMemoryCloudAccount, clock: TickingClock, store: DefaultsStore = .inMemory(), start: Bool = true) {
        self.store = store
        cloud = account.makeDevice()
        sync = DefaultsSync(keys: SyncKeys.all, store: store, cloud: cloud, pushDelay: nil, clock: { clock.now() })
        if start { _ = sync.start() }
    }
}

/// Pushes every device's writes and delivers everything, again until nothing is left to move.
func deliverEverything(_ account: InMemoryCloudAccount, _ devices: [SyncedDevice], sourceLocation: SourceLocation = #_sourceLocation) {
    for _ in 0..<50 {
        devices.forEach { $0.sync.push() }
        let moved = account.deliverAll()
        if !moved && devices.allSatisfy({ !$0.sync.hasPendingPushes && !$0.cloud.hasPendingUploads }) { return }
    }
    Issue.record("the devices never settled: sync loops", sourceLocation: sourceLocation)
}

/// Collects a sync's events as they come.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [DefaultsSyncEvent] = []
    private var task: Task<Void, Never>?

    init(_ sync: DefaultsSync) {
        let stream = sync.events()
        task = Task { [weak self] in
            for await event in stream { self?.append(event) }
        }
    }

    private func append(_ event: DefaultsSyncEvent) {
        lock.lock()
        collected.append(event)
        lock.unlock()
    }

    var events: [DefaultsSyncEvent] {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }

    /// Waits (up to 5 s) until `condition` holds of the events so far.
    func wait(until condition: ([DefaultsSyncEvent]) -> Bool) async -> Bool {
        for _ in 0..<500 {
            if condition(events) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition(events)
    }

    deinit { task?.cancel() }
}

/// One install of the app on one device, across launches: its settings and its copy of the cloud outlive each
/// launch's sync, as on a phone where the app quits and starts again.
final class Installation: @unchecked Sendable {
    let store: DefaultsStore
    let cloud: InMemoryCloudAccount.Device
    private let clock: TickingClock
    /// The running launch's sync; `nil` while the app is not running.
    private(set) var sync: DefaultsSync?
    /// Every launch's events, the running one's last.
    private(set) var launches: [LaunchEvents] = []

    init(_ account: InMemoryCloudAccount, clock: TickingClock, reportsAccount: Bool = true, store: DefaultsStore = .inMemory()) {
        self.store = store
        self.clock = clock
        cloud = account.makeDevice()
        cloud.reportsAccount = reportsAccount
    }

    var isRunning: Bool { sync != nil }

    /// Starts the app: a new sync over the same settings and the same copy of the cloud.
    func launch() {
        precondition(sync == nil, "already running")
        let clock = clock
        let made = DefaultsSync(keys: SyncKeys.all, store: store, cloud: cloud, pushDelay: nil, clock: { clock.now() })
        launches.append(LaunchEvents(made))  // before the start, which may already tell of an account change
        sync = made.start()
    }

    /// Quits the app: the sync is released (its events end), whatever it had not pushed stays unpushed.
    func quit() {
        sync = nil
    }

    /// Every event of every launch, once each launch's sequence ended (quit first).
    func allEvents() async -> [DefaultsSyncEvent] {
        var events: [DefaultsSyncEvent] = []
        for launch in launches { events += await launch.finished() }
        return events
    }
}

/// One launch's events, collected until the sync is released.
final class LaunchEvents: Sendable {
    private let task: Task<[DefaultsSyncEvent], Never>

    init(_ sync: DefaultsSync) {
        let stream = sync.events()
        task = Task {
            var events: [DefaultsSyncEvent] = []
            for await event in stream { events.append(event) }
            return events
        }
    }

    /// The launch's events, once its sync is released.
    func finished() async -> [DefaultsSyncEvent] {
        await task.value
    }
}

/// Pushes every running installation's writes and delivers everything, again until nothing is left to move.
func deliverEverything(_ account: InMemoryCloudAccount, _ installations: [Installation], sourceLocation: SourceLocation = #_sourceLocation) {
    for _ in 0..<50 {
        installations.forEach { $0.sync?.push() }
        let moved = account.deliverAll()
        if !moved && installations.allSatisfy({ $0.sync?.hasPendingPushes != true && !$0.cloud.hasPendingUploads }) { return }
    }
    Issue.record("the devices never settled: sync loops", sourceLocation: sourceLocation)
}

extension InMemoryCloudAccount {
    /// The names the account holds values of synced keys under, sorted: without the devices' account markers.
    var syncedNames: [String] { names.filter { !$0.hasPrefix("TypedDefaults.account.") } }
}
