import Foundation
import Observation
import Testing
import TypedDefaults
@_spi(Testing) import TypedDefaultsTestDoubles
@testable import TypedDefaultsSync

/// The rules of `DefaultsSync`, each played out on two or three devices over one `InMemoryCloudAccount`.
@Suite struct DefaultsSyncRulesTests {
    // MARK: 1. A default is never pushed

    @Test func aFreshInstallTakesTheAccountsValuesAndPushesNoDefault() {
        let account = InMemoryCloudAccount()
        let clock = TickingClock()
        let phone = SyncedDevice(account, clock: clock)
        phone.store[SyncKeys.volume] = 9
        phone.store[SyncKeys.nickname] = "ann"
        deliverEverything(account, [phone])
        #expect(account.syncedNames == ["nickname", "volume"])

        // A fresh install: nothing stored, every key at its default. Starting it writes nothing to the cloud but
        // its account marker.
        let tablet = SyncedDevice(account, clock: clock)
        #expect(tablet.store[SyncKeys.volume] == 5)
        tablet.sync.push()
        #expect(tablet.cloud.writeCount == 1)
        #expect(tablet.cloud.synchronizeCount == 1)
        deliverEverything(account, [phone, tablet])
        #expect(tablet.store[SyncKeys.volume] == 9)
        #expect(tablet.store[SyncKeys.nickname] == "ann")
        // `tags` was never written anywhere: the account still has no entry for it, and the install pushed nothing
        // but its account marker, again once its first download discarded it.
        #expect(account.object(forKey: "tags") == nil)
        #expect(tablet.cloud.writeCount == 2)
        #expect(account.syncedNames == ["nickname", "volume"])
        #expect(phone.store[SyncKeys.volume] == 9)
    }

    @Test func aValueStoredBeforeSyncBeganGoesUpWhenTheAccountHasNoneAndYieldsToTheAccountOtherwise() {
        let account = InMemoryCloudAccount()
        let clock = TickingClock()
        let phone = SyncedDevice(account, clock: clock)
        phone.store[SyncKeys.nickname] = "account value"
        deliverEverything(account, [phone])

        // An older version, without sync, stored values on the tablet.
        let tabletStore = DefaultsStore.inMemory()
        tabletStore[SyncKeys.nickname] = "tablet's own"
        tabletStore[SyncKeys.volume] = 2
        let tablet = SyncedDevice(account, clock: clock, store: tabletStore)
        deliverEverything(account, [phone, tablet])
        #expect(tablet.store[SyncKeys.nickname] == "account value")
        #expect(phone.store[SyncKeys.volume] == 2)
        #expect(tablet.store[SyncKeys.volume] == 2)
    }

    // MARK: 2. Newer write wins, per key

    @Test func offlineEditsOnTwoDevicesConvergeToTheNewestWhicheverArrivesLast() {
        let account = InMemoryCloudAccount()
        let clock = TickingClock()
        let phone = SyncedDevice(account, clock: clock)
        let laptop = SyncedDevice(account, clock: clock)
        deliverEverything(account, [phone, laptop])

        // Both offline: the phone writes first, the laptop later; the laptop's write reaches the account first.
        phone.store[SyncKeys.volume] = 1
        phone.store[SyncKeys.tags] = ["phone"]
        laptop.store[SyncKeys.volume] = 8
        phone.store[SyncKeys.nickname] = "from the phone, last"
        phone.sync.push()
        laptop.sync.push()
        laptop.cloud.upload()
        phone.cloud.upload()
        #expect(account.object(forKey: "volume") != nil)
        deliverEverything(account, [phone, laptop])
        for device in [phone, laptop] {
            #expect(device.store[SyncKeys.volume] == 8)
            #expect(device.store[SyncKeys.tags] == ["phone"])
            #expect(device.store[SyncKeys.nickname] == "from the phone, last")
        }
    }

    @Test func aRemovalIsAWriteAndTheNewerOfRemovalAndWriteWins() {
        let account = InMemoryCloudAccount()
        let clock = TickingClock()
        let phone = SyncedDevice(account, clock: clock)
        let laptop = SyncedDevice(account, clock: clock)
        phone.store[SyncKeys.nickname] = "ann"
        phone.store[SyncKeys.volume] = 3
        deliverEverything(account, [phone, laptop])
        #expect(laptop.store[SyncKeys.nickname] == "ann")

        // A removal on the laptop after the phone's write: removed on both.
        laptop.store.remove(SyncKeys.nickname)
        deliverEverything(account, [phone, laptop])
        #expect(phone.store[SyncKeys.nickname] == nil)
        #expect(phone.store.has(SyncKeys.nickname) == false)

        // Offline: the phone removes `volume` first, the laptop writes it later: the write wins on both.
        phone.store.remove(SyncKeys.volume)
        laptop.store[SyncKeys.volume] = 7
        laptop.sync.push()
        laptop.cloud.upload()
        phone.sync.push()
        phone.cloud.upload()
        deliverEverything(account, [phone, laptop])
        #expect(phone.store[SyncKeys.volume] == 7 && laptop.store[SyncKeys.volume] == 7)

        // And a newer removal wins over an older write.
        laptop.store[SyncKeys.volume] = 4
        phone.store.remove(SyncKeys.volume)
        laptop.sync.push()
        phone.sync.push()
        phone.cloud.upload()
        laptop.cloud.upload()
        deliverEverything(account, [phone, laptop])
        #expect(phone.store.has(SyncKeys.volume) == false && laptop.store.has(SyncKeys.volume) == false)
    }

    @Test func stampsOutliveTheSyncSoARestartStillKnowsWhichWriteIsNewer() {
        let account = InMemoryCloudAccount()
        let clock = TickingClock()
        let phone = SyncedDevice(account, clock: clock)
        var laptop: SyncedDevice? = SyncedDevice(account, clock: clock)
        let laptopStore = laptop!.store
        deliverEverything(account, [phone, laptop!])

        laptopStore[SyncKeys.volume] = 9
        laptop!.sync.push()
        laptop!.cloud.upload()
        laptop = nil  // the app quits
        phone.store[SyncKeys.volume] = 1  // a newer write elsewhere
        phone.store[SyncKeys.tags] = ["old"]
        deliverEverything(account, [phone])
        laptopStore[SyncKeys.tags] = ["newer, made offline"]  // no sync runs: not stamped, older than the account's

        let relaunched = SyncedDevice(account, clock: clock, store: laptopStore)
        deliverEverything(account, [phone, relaunched])
        #expect(relaunched.store[SyncKeys.volume] == 1)
        #expect(relaunched.store[SyncKeys.tags] == ["old"])
    }

    // MARK: 3. Pushed, coalesced, no echo, seen by observers

    @Test func aBurstOfWritesMakesAFewCloudWritesAndTheLastValueArrives() async {
        let account = InMemoryCloudAccount()
        let cloud = account.makeDevice()
        let store = DefaultsStore.inMemory()
        let sync = DefaultsSync(keys: SyncKeys.all, store: store, cloud: cloud).start()
        account.deliverAll()  // the first download: the cloud takes no write before it
        for value in 0..<1000 { store[SyncKeys.volume] = value % 11 }
        store[SyncKeys.volume] = 6
        for _ in 0..<500 where sync.hasPendingPushes { try? await Task.sleep(for: .milliseconds(10)) }
        #expect(!sync.hasPendingPushes)
        #expect(cloud.writeCount >= 1 && cloud.writeCount <= 10, "1,001 writes made \(cloud.writeCount) cloud writes")
        account.deliverAll()
        let other = SyncedDevice(account, clock: TickingClock())
        account.deliverAll()
        #expect(other.store[SyncKeys.volume] == 6)
    }

    @Test func writesThroughAnyStoreOverTheSuiteArePushed() {
        let name = "typeddefaults.tests.sync.\(UUID().uuidString)"
        defer { try? DefaultsStore.removeSuite(named: name) }
        let account = InMemoryCloudAccount()
        let cloud = account.makeDevice()
        let sync = DefaultsSync(keys: SyncKeys.all, store: DefaultsStore.suite(name), cloud: cloud, pushDelay: nil).start()
        account.deliverAll()
        DefaultsStore.suite(name)[SyncKeys.nickname] = "through another store"
        DefaultsStore.suite(name).update(SyncKeys.tags) { $0.append("updated") }
        sync.push()
        account.deliverAll()
        let other = SyncedDevice(account, clock: TickingClock())
        account.deliverAll()
        #expect(other.store[SyncKeys.nickname] == "through another store")
        #expect(other.store[SyncKeys.tags] == ["updated"])
        sync.stop()
    }

    @Test func valuesFromTheCloudAreNotPushedBackAndObserversSeeThem() async {
        let account = InMemoryCloudAccount()
        let clock = TickingClock()
        let phone = SyncedDevice(account, clock: clock)
        let laptop = SyncedDevice(account, clock: clock)
        deliverEverything(account, [phone, laptop])
        let laptopWrites = laptop.cloud.writeCount

        let changed = NSLockedCounter()
        withObservationTracking { _ = laptop.store[SyncKeys.nickname] } onChange: { _ = changed.increment() }
        var updates = laptop.store.updates(SyncKeys.nickname).makeAsyncIterator()
        #expect(await updates.next() == .some(nil))

        phone.store[SyncKeys.nickname] = "from the phone"
        deliverEverything(account, [phone, laptop])
        #expect(laptop.store[SyncKeys.nickname] == "from the phone")
        #expect(changed.current == 1)
        #expect(await updates.next() == "from the phone")
        // Taken, not echoed: the laptop wrote nothing to the cloud, and has nothing waiting.
        #expect(laptop.cloud.writeCount == laptopWrites)
        #expect(!laptop.sync.hasPendingPushes)
    }

    // MARK: 4. What the cloud cannot take

    @Test func aValueOverTheAccountsQuotaStaysLocalIsReportedAndIsNotRetried() async {
        let account = InMemoryCloudAccount(limits: DefaultsCloudLimits(keyCount: 1024, totalBytes: 800, valueBytes: 1_048_576, nameBytes: 64))
        let clock = TickingClock()
        let phone = SyncedDevice(account, clock: clock)
        let laptop = SyncedDevice(account, clock: clock)
        let log = EventLog(phone.sync)
        deliverEverything(account, [phone, laptop])

        phone.store[SyncKeys.nickname] = String(repeating: "n", count: 300)
        deliverEverything(account, [phone, laptop])
        phone.store[SyncKeys.tags] = [String(repeating: "t", count: 400)]
        phone.store[SyncKeys.volume] = 2
        deliverEverything(account, [phone, laptop])
        let writes = phone.cloud.writeCount
        deliverEverything(account, [phone, laptop])
        #expect(phone.cloud.writeCount == writes, "a refused value is sent again")

        #expect(phone.store[SyncKeys.tags] == [String(repeating: "t", count: 400)], "the local value is kept")
        #expect(laptop.store[SyncKeys.tags] == [])
        #expect(laptop.store[SyncKeys.volume] == 2, "other keys go on syncing")
        #expect(laptop.store[SyncKeys.nickname]?.count == 300)
        #expect(await log.wait { $0.contains(.refused(name: "tags", reason: .quotaExceeded)) })

        // Written again, it is tried again once (still too big: refused once more, and then left).
        phone.store[SyncKeys.tags] = [String(repeating: "u", count: 400)]
        deliverEverything(account, [phone, laptop])
        #expect(phone.cloud.writeCount == writes + 1)
    }

    @Test func aValueOverOneMegabyteIsNeverSentAndOtherKeysSync() async {
        let account = InMemoryCloudAccount()
        let clock = TickingClock()
        let phone = SyncedDevice(account, clock: clock)
        let laptop = SyncedDevice(account, clock: clock)
        let log = EventLog(phone.sync)
        phone.store[SyncKeys.nickname] = String(repeating: "x", count: 1_100_000)
        phone.store[SyncKeys.volume] = 3
        deliverEverything(account, [phone, laptop])
        #expect(account.object(forKey: "nickname") == nil)
        #expect(laptop.store[SyncKeys.volume] == 3)
        #expect(phone.store[SyncKeys.nickname]?.count == 1_100_000)
        #expect(await log.wait { events in
            events.contains { if case .refused("nickname", .valueTooLarge(let bytes)) = $0 { bytes > 1_048_576 } else { false } }
        })
    }

    // MARK: Initial sync and account changes

    @Test func writesTheCloudDiscardedBeforeTheFirstDownloadAreSentAgainWhenNewer() {
        let account = InMemoryCloudAccount()
        let clock = TickingClock()
        let phone = SyncedDevice(account, clock: clock)
        phone.store[SyncKeys.nickname] = "older, on the account"
        deliverEverything(account, [phone])

        let tablet = SyncedDevice(account, clock: clock)
        tablet.store[SyncKeys.volume] = 10  // before the first download: the cloud discards it
        tablet.store[SyncKeys.nickname] = "newer, on the tablet"
        tablet.sync.push()
        tablet.cloud.upload()
        #expect(account.object(forKey: "volume") == nil)
        deliverEverything(account, [phone, tablet])
        #expect(phone.store[SyncKeys.volume] == 10)
        #expect(phone.store[SyncKeys.nickname] == "newer, on the tablet")
    }

    // MARK: 5. Stopping

    @Test func aStoppedSyncMovesNothingAndAReleasedOneHoldsNoObserver() {
        let account = InMemoryCloudAccount()
        let clock = TickingClock()
        let phone = SyncedDevice(account, clock: clock)
        let laptop = SyncedDevice(account, clock: clock)
        deliverEverything(account, [phone, laptop])
        #expect(laptop.cloud.observerCount == 1)
        let laptopWrites = laptop.cloud.writeCount  // its account marker

        laptop.sync.stop()
        #expect(laptop.cloud.observerCount == 0)
        #expect(!laptop.sync.isRunning)
        laptop.store[SyncKeys.volume] = 1
        laptop.sync.push()
        #expect(laptop.cloud.writeCount == laptopWrites)
        phone.store[SyncKeys.nickname] = "not taken"
        deliverEverything(account, [phone, laptop])
        #expect(laptop.store[SyncKeys.nickname] == nil)

        // Released: no observer of the cloud is left, and writes go nowhere.
        let cloud = account.makeDevice()
        let store = DefaultsStore.inMemory()
        weak var released: DefaultsSync?
        do {
            let sync = DefaultsSync(keys: SyncKeys.all, store: store, cloud: cloud, pushDelay: nil).start()
            released = sync
            #expect(cloud.observerCount == 1)
        }
        #expect(released == nil)
        #expect(cloud.observerCount == 0)
        let writes = cloud.writeCount  // its account marker
        store[SyncKeys.volume] = 2
        #expect(cloud.writeCount == writes)
    }

    // MARK: 6. Keys not marked for iCloud

    @Test func keysNotMarkedForICloudAreNeverReadOrWrittenThere() {
        let account = InMemoryCloudAccount()
        let clock = TickingClock()
        let phone = SyncedDevice(account, clock: clock)
        phone.store[SyncKeys.launches] = 12
        deliverEverything(account, [phone])
        #expect(account.object(forKey: "launches") == nil)
        #expect(phone.sync.syncedNames == ["volume", "nickname", "tags"])

        // Another program puts a value there: the key's local value does not change.
        let intruder = account.makeDevice()
        account.deliverAll()
        intruder.set(99, forKey: "launches")
        deliverEverything(account, [phone])
        #expect(phone.store[SyncKeys.launches] == 12)
    }

    // MARK: Values the cloud holds

    @Test func aCloudValueThatDoesNotReadAsTheKeysTypeIsLeftOutAndReported() async {
        let account = InMemoryCloudAccount()
        let clock = TickingClock()
        let phone = SyncedDevice(account, clock: clock)
        let log = EventLog(phone.sync)
        phone.store[SyncKeys.volume] = 3
        deliverEverything(account, [phone])
        let other = account.makeDevice()
        account.deliverAll()
        // Newer than the phone's write, but not an Int, and out of range.
        other.set(["TypedDefaults.modified": 4_000_000_000.0, "TypedDefaults.value": "loud"], forKey: "volume")
        account.deliverAll()
        #expect(phone.store[SyncKeys.volume] == 3)
        other.set(["TypedDefaults.modified": 4_000_000_001.0, "TypedDefaults.value": 11], forKey: "volume")
        account.deliverAll()
        #expect(phone.store[SyncKeys.volume] == 3)
        #expect(await log.wait { $0.filter { $0 == .refused(name: "volume", reason: .unreadable) }.count == 2 })
    }

    @Test func aPlainValueAnotherProgramSyncedIsTakenByADeviceWithNothingOfItsOwn() {
        let account = InMemoryCloudAccount()
        let legacy = account.makeDevice()
        account.deliverAll()
        legacy.set("from an older app", forKey: "nickname")
        legacy.set(7, forKey: "volume")
        account.deliverAll()

        let clock = TickingClock()
        let phoneStore = DefaultsStore.inMemory()
        phoneStore[SyncKeys.volume] = 2  // stored before sync began: the account's value wins
        let phone = SyncedDevice(account, clock: clock, store: phoneStore)
        deliverEverything(account, [phone])
        #expect(phone.store[SyncKeys.nickname] == "from an older app")
        #expect(phone.store[SyncKeys.volume] == 7)
        // Written again on the phone: it is newer than the plain value.
        phone.store[SyncKeys.volume] = 1
        deliverEverything(account, [phone])
        #expect(account.object(forKey: "volume").flatMap { ($0 as? [String: Any])?["TypedDefaults.value"] } as? Int == 1)
    }
    // MARK: The clock is the app's code

    /// The clock is called holding none of the sync's locks: one that asks the sync about itself (a logging clock,
    /// say) does not deadlock a write. (Called under the sync's lock, this write never returned.)
    @Test func aClockThatAsksTheSyncAboutItselfDoesNotDeadlockAWrite() {
        final class SyncBox: @unchecked Sendable { var sync: DefaultsSync? }
        let box = SyncBox()
        let clock = TickingClock()
        let store = DefaultsStore.inMemory()
        let sync = DefaultsSync(keys: SyncKeys.all, store: store, cloud: InMemoryCloudAccount().makeDevice(), pushDelay: nil,
                                clock: { _ = box.sync?.hasPendingPushes; return clock.now() })
        box.sync = sync.start()
        let written = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            store[SyncKeys.volume] = 7
            written.signal()
        }
        // A hang detector, not a deadline the product keeps: the write takes microseconds.
        guard written.wait(timeout: .now() + 30) == .success else {
            // Left as it is: stopping the sync would wait for the lock the deadlocked write holds.
            Issue.record("the write deadlocked on the sync's lock")
            return
        }
        #expect(sync.hasPendingPushes)
        sync.stop()
    }
}
