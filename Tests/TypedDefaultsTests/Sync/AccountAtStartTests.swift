import Foundation
import TestSupport
import Testing
@testable import TypedDefaults
@_spi(Testing) import TypedDefaultsTestDoubles
@testable import TypedDefaultsSync

/// An account change while no sync runs (signing out and in to another Apple Account in Settings, the app not
/// running) is noticed at the next start: each synced suite remembers which account its stamps belong to.
@Suite struct AccountAtStartTests {
    /// A sync over `device` and `store`, started.
    private func startSync(_ store: DefaultsStore, _ device: InMemoryCloudAccount.Device, _ clock: TickingClock) -> DefaultsSync {
        DefaultsSync(keys: SyncKeys.all, store: store, cloud: device, pushDelay: nil, clock: { clock.now() }).start()
    }

    @Test func anotherAccountAtStartWinsAndGetsNothingOfThePreviousOne() async {
        await anotherAccountAtStart(storeReportsItsAccount: true)
    }

    /// The same switch with a store that reports no token: nothing tells it from the same account after a lost
    /// marker, so an epoch begins. Local values stay, none reaches the work account, its newer values win, and
    /// writes from then on go there. (Every key took the work account's value or its default.)
    @Test func anotherAccountAtStartWithoutATokenBeginsAnEpoch() async {
        await anotherAccountAtStart(storeReportsItsAccount: false)
    }

    private func anotherAccountAtStart(storeReportsItsAccount: Bool) async {
        let home = InMemoryCloudAccount()
        let work = InMemoryCloudAccount()
        let clock = TickingClock()
        let workLaptop = SyncedDevice(work, clock: clock)
        workLaptop.store[SyncKeys.tags] = ["work"]
        deliverEverything(work, [workLaptop])

        let store = DefaultsStore.inMemory()
        let device = home.makeDevice()
        device.reportsAccount = storeReportsItsAccount
        var sync: DefaultsSync? = startSync(store, device, clock)
        home.deliverAll()
        store[SyncKeys.nickname] = "home user"
        store[SyncKeys.tags] = ["home, newer"]
        sync?.push()
        home.deliverAll()
        sync = nil  // the app quits

        device.switchAccount(to: work)  // in Settings, while the app is not running: no sync hears of it
        store[SyncKeys.volume] = 7      // written while no sync ran
        let restarted = startSync(store, device, clock)
        let log = EventLog(restarted)
        if storeReportsItsAccount {
            #expect(store[SyncKeys.tags] == ["work"], "the new account's value wins, however old")
            #expect(store[SyncKeys.nickname] == nil, "a key the new account lacks goes back to its default")
            #expect(store[SyncKeys.volume] == SyncKeys.volume.defaultValue)
        } else {
            #expect(store[SyncKeys.tags] == ["home, newer"], "an epoch: the newer value stays")
            #expect(store[SyncKeys.nickname] == "home user", "an epoch resets nothing")
            #expect(store[SyncKeys.volume] == 7)
        }
        restarted.push()
        deliverEverything(work, [workLaptop])
        work.deliverAll()
        #expect(work.object(forKey: "nickname") == nil, "nothing of the home account reaches the work one")
        #expect(work.object(forKey: "volume") == nil)
        #expect(workLaptop.store[SyncKeys.tags] == ["work"])
        #expect((work.object(forKey: "tags") as? [String: Any])?["TypedDefaults.value"] as? [String] == ["work"])
        // From now on it syncs with the work account as usual.
        store[SyncKeys.nickname] = "work user"
        restarted.push()
        deliverEverything(work, [workLaptop])
        #expect(workLaptop.store[SyncKeys.nickname] == "work user")
        _ = log
        _ = sync
    }

    @Test func theSameAccountAtStartResolvesAsUsual() {
        let home = InMemoryCloudAccount()
        let clock = TickingClock()
        let store = DefaultsStore.inMemory()
        let device = home.makeDevice()
        var sync: DefaultsSync? = startSync(store, device, clock)
        home.deliverAll()
        store[SyncKeys.nickname] = "mine"
        sync?.push()
        home.deliverAll()
        sync = nil
        store[SyncKeys.tags] = ["written while stopped"]
        let restarted = startSync(store, device, clock)
        #expect(store[SyncKeys.nickname] == "mine", "no account change: nothing is reset")
        restarted.push()
        home.deliverAll()
        #expect(home.object(forKey: "tags") != nil, "a local value the cloud lacks goes up")
        _ = sync
    }

    @Test func signedOutAtStartPushesNothingAndKeepsLocalValues() {
        let home = InMemoryCloudAccount()
        let clock = TickingClock()
        let store = DefaultsStore.inMemory()
        let device = home.makeDevice()
        device.switchAccount(to: nil)
        store[SyncKeys.nickname] = "local"
        let sync = startSync(store, device, clock)
        store[SyncKeys.tags] = ["written signed out"]
        sync.push()
        #expect(store[SyncKeys.nickname] == "local")
        #expect(store[SyncKeys.tags] == ["written signed out"])
        #expect(device.writeCount == 0, "nothing is pushed while signed out")
    }

    @Test func aLateReportOfTheSyncsOwnWriteIsNotANewerLocalWrite() {
        let home = InMemoryCloudAccount()
        let clock = TickingClock()
        let phone = SyncedDevice(home, clock: clock)
        let laptop = SyncedDevice(home, clock: clock)
        phone.store[SyncKeys.nickname] = "phone"
        deliverEverything(home, [phone, laptop])
        laptop.store[SyncKeys.nickname] = "laptop, newer"
        // Key-value observing reports the phone's own write again, late (or twice).
        phone.store.suite.valuesChangedOutside(["nickname"])
        #expect(!phone.sync.hasPendingPushes, "the same value again is not a new write")
        deliverEverything(home, [phone, laptop])
        #expect(phone.store[SyncKeys.nickname] == "laptop, newer")
        #expect(laptop.store[SyncKeys.nickname] == "laptop, newer")
    }

    @Test func aServerChangeThatNamesNoKeyResolvesEverySyncedKey() {
        let home = InMemoryCloudAccount()
        let clock = TickingClock()
        let store = DefaultsStore.inMemory()
        let cloud = NamelessChanges(home.makeDevice())
        let sync = DefaultsSync(keys: SyncKeys.all, store: store, cloud: cloud, pushDelay: nil, clock: { clock.now() }).start()
        let laptop = SyncedDevice(home, clock: clock)
        home.deliverAll()
        laptop.store[SyncKeys.tags] = ["from the laptop"]
        laptop.sync.push()
        home.deliverAll()
        #expect(store[SyncKeys.tags] == ["from the laptop"])
        _ = sync
    }

    @Test func aQuotaViolationThatNamesNoKeyBlamesTheKeyThatExceeds() async {
        let small = InMemoryCloudAccount(limits: DefaultsCloudLimits(keyCount: 1_024, totalBytes: 700, valueBytes: 700, nameBytes: 64))
        let clock = TickingClock()
        let store = DefaultsStore.inMemory()
        let cloud = NamelessChanges(small.makeDevice())
        let sync = DefaultsSync(keys: SyncKeys.all, store: store, cloud: cloud, pushDelay: nil, clock: { clock.now() }).start()
        let log = EventLog(sync)
        cloud.device.download()
        store[SyncKeys.nickname] = "n"
        store[SyncKeys.tags] = Array(repeating: "a long tag", count: 40)
        sync.push()
        cloud.device.upload()
        #expect(await log.wait { $0.contains(.refused(name: "tags", reason: .quotaExceeded)) })
        #expect(!log.events.contains(.refused(name: "nickname", reason: .quotaExceeded)), "the small value is not blamed")
    }
}

/// A cloud store that reports changes without their names (`NSUbiquitousKeyValueStore` may leave them out).
final class NamelessChanges: DefaultsCloudStore, @unchecked Sendable {
    let device: InMemoryCloudAccount.Device

    init(_ device: InMemoryCloudAccount.Device) { self.device = device }

    func object(forKey name: String) -> Any? { device.object(forKey: name) }
    func set(_ object: Any, forKey name: String) { device.set(object, forKey: name) }
    func removeObject(forKey name: String) { device.removeObject(forKey: name) }
    func synchronize() -> Bool { device.synchronize() }
    var limits: DefaultsCloudLimits { device.limits }
    var account: DefaultsCloudAccount { device.account }

    func observeChanges(_ handler: @escaping @Sendable (DefaultsCloudChange) -> Void) -> DefaultsCloudObservation {
        device.observeChanges { change in
            handler(change.reason == .initialSync ? change : DefaultsCloudChange(reason: change.reason, names: []))
        }
    }
}
