import Foundation
import Testing
@testable import TypedDefaults
@_spi(Testing) import TypedDefaultsTestDoubles
@testable import TypedDefaultsSync

/// Where nothing tells one account from another (no token, the device's marker gone), the sync begins an epoch:
/// no reset, and nothing stamped before it goes up, so one person's settings never reach another person's iCloud.
@Suite struct AccountEpochTests {
    let clock = TickingClock()

    private func cloudValue(_ account: InMemoryCloudAccount, _ name: String) -> Any? {
        (account.object(forKey: name) as? [String: Any])?["TypedDefaults.value"]
    }

    /// Finding 1: a device alone on its account, no token, whose first download came while the app was not running
    /// (so no change notification ever reaches it). The person switches accounts in Settings while the app is
    /// closed; nothing of theirs may reach the next person's account, however many launches follow. (The first
    /// person's values went up at the second launch: 3 of 3.)
    @Test func aDeviceAloneWithoutATokenSendsNothingIntoTheNextPersonsAccount() async {
        let first = InMemoryCloudAccount()
        let second = InMemoryCloudAccount()
        let phone = Installation(first, clock: clock, reportsAccount: false)
        phone.launch()
        phone.quit()
        phone.cloud.download()  // the system's first download, told to no one
        for launch in 1...2 {
            phone.launch()
            phone.store[SyncKeys.nickname] = "first person, launch \(launch)"
            phone.store[SyncKeys.tags] = ["first person's"]
            phone.sync?.push()
            phone.cloud.upload()
            phone.quit()
        }
        #expect(cloudValue(first, "nickname") as? String == "first person, launch 2")

        phone.cloud.switchAccount(to: second)  // in Settings, while the app is not running
        phone.cloud.download()
        var leaked: [String] = []
        for _ in 1...3 {
            phone.launch()
            phone.sync?.push()
            phone.cloud.upload()
            phone.cloud.download()
            phone.quit()
            leaked = second.names.filter { !$0.hasPrefix(SyncAccount.markerPrefix) }
        }
        print("values of the first person in the second person's account: \(leaked)")
        #expect(leaked.isEmpty)
        #expect(phone.store[SyncKeys.nickname] == "first person, launch 2", "kept on the device: no reset")

        phone.launch()
        phone.store[SyncKeys.nickname] = "second person"
        phone.sync?.push()
        phone.cloud.upload()
        phone.quit()
        #expect(cloudValue(second, "nickname") as? String == "second person", "the second person's writes go up")
        #expect(cloudValue(second, "tags") == nil)
    }

    /// Finding 3: the account out of room for keys, so the device's marker is refused after the app quit. The next
    /// start is no account change: nothing is reset, and a setting written while the app was not running stays.
    /// (The marker was taken as confirmed at write time, so its absence read as another account: settings reset.)
    @Test func aMarkerRefusedForTheQuotaAfterTheAppQuitResetsNothing() async {
        // Room for the three synced keys and nothing else, all of them taken by another device already.
        let full = InMemoryCloudAccount(limits: DefaultsCloudLimits(keyCount: 3, totalBytes: 1_000_000, valueBytes: 1_000_000, nameBytes: 64))
        let laptop = full.makeDevice()
        laptop.download()
        laptop.set("laptop's", forKey: "nickname")
        laptop.set(["laptop's"], forKey: "tags")
        laptop.set(1, forKey: "volume")
        laptop.upload()

        let phone = Installation(full, clock: clock, reportsAccount: false)
        phone.launch()
        phone.cloud.download()  // the first download: the marker is written after it
        phone.store[SyncKeys.nickname] = "mine"
        phone.store[SyncKeys.tags] = ["mine"]
        phone.store[SyncKeys.volume] = 8
        phone.sync?.push()
        phone.quit()
        phone.cloud.upload()  // after the app quit: the values land, the marker is refused
        #expect(full.names.filter { $0.hasPrefix(SyncAccount.markerPrefix) }.isEmpty, "the marker was refused")
        #expect(cloudValue(full, "nickname") as? String == "mine")

        phone.store[SyncKeys.volume] = 9  // written while the app was not running
        phone.launch()
        #expect(phone.store[SyncKeys.nickname] == "mine")
        #expect(phone.store[SyncKeys.tags] == ["mine"])
        #expect(phone.store[SyncKeys.volume] == 9)
        deliverEverything(full, [phone])
        #expect(phone.store[SyncKeys.volume] == 9)
        phone.quit()
        #expect(!(await phone.allEvents()).contains(.accountChanged))
    }

    /// An epoch begins after every stamp the device knows, even one from another device whose clock is ahead: a
    /// value taken with such a stamp and written over while the app was not running is held back like any other
    /// write made before the epoch. (The epoch began at that stamp, so the write, stamped just after it, went up.)
    @Test func anEpochBeginsAfterAStampFromAClockAhead() async {
        let account = InMemoryCloudAccount()
        let phone = Installation(account, clock: clock, reportsAccount: false)
        phone.launch()
        phone.cloud.download()
        let laptopStore = DefaultsStore.inMemory()
        let laptopCloud = account.makeDevice()
        let laptopClock = clock
        let laptop = DefaultsSync(keys: SyncKeys.all, store: laptopStore, cloud: laptopCloud, pushDelay: nil,
                                  clock: { Date(timeIntervalSince1970: laptopClock.now().timeIntervalSince1970 + 86_400) }).start()
        laptopCloud.download()
        laptopStore[SyncKeys.nickname] = "from a clock a day ahead"
        laptop.push()
        account.deliverAll()
        #expect(phone.store[SyncKeys.nickname] == "from a clock a day ahead")
        phone.quit()

        // The phone's marker gone while the app is not running (refused, or removed with the app's data): an epoch.
        let marker = AccountRecord(stored: phone.store.storage.object(forKey: SyncEngine.accountName)).marker.map { SyncAccount.markerPrefix + $0 }
        let settings = account.makeDevice()
        settings.download()
        if let marker { settings.removeObject(forKey: marker) }
        settings.upload()
        phone.cloud.download()
        phone.store[SyncKeys.nickname] = "written while stopped"
        phone.launch()
        deliverEverything(account, [phone])
        print("the account holds: \(String(describing: cloudValue(account, "nickname")))")
        #expect(cloudValue(account, "nickname") as? String == "from a clock a day ahead", "held back: written before the epoch")
        #expect(phone.store[SyncKeys.nickname] == "written while stopped", "kept on the device")
        _ = laptop
    }
}
