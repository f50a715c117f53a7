import Foundation
import TestSupport
import Testing
@testable import TypedDefaults
import TypedDefaultsTestDoubles
@testable import TypedDefaultsSync

/// An account change is not a merge: the new account's values win, and nothing of the previous account reaches it.
@Suite struct AccountChangeTests {
    /// Another Apple ID signs in on the device: its values win every time, a newer local value included, keys it
    /// lacks go back to their defaults, and nothing written under the first account reaches the second one.
    @Test func anAccountChangeTakesTheNewAccountsValuesAndLeaksNothingIntoIt() async {
        let home = InMemoryCloudAccount()
        let work = InMemoryCloudAccount()
        let clock = TickingClock()
        let workLaptop = SyncedDevice(work, clock: clock)
        workLaptop.store[SyncKeys.tags] = ["work, older"]
        deliverEverything(work, [workLaptop])

        let phone = SyncedDevice(home, clock: clock)
        let log = EventLog(phone.sync)
        phone.store[SyncKeys.volume] = 4
        phone.store[SyncKeys.nickname] = "home user"
        phone.store[SyncKeys.tags] = ["home, newer"]  // stamped after the work account's value
        deliverEverything(home, [phone])
        // A write not pushed yet when the account changes.
        phone.store[SyncKeys.volume] = 5

        phone.cloud.switchAccount(to: work)
        #expect(phone.store[SyncKeys.tags] == ["work, older"], "the new account wins, however old its value")
        #expect(phone.store[SyncKeys.volume] == SyncKeys.volume.defaultValue, "a key it lacks is reset")
        #expect(phone.store[SyncKeys.nickname] == nil)
        #expect(!phone.sync.hasPendingPushes)
        phone.sync.push()
        deliverEverything(work, [phone, workLaptop])
        #expect(work.object(forKey: "volume") == nil, "nothing of the home account is pushed into the work one")
        #expect(work.object(forKey: "nickname") == nil)
        #expect(workLaptop.store[SyncKeys.volume] == SyncKeys.volume.defaultValue)
        #expect(workLaptop.store[SyncKeys.tags] == ["work, older"])
        #expect(await log.wait { $0.contains(.accountChanged) && $0.contains(.pulled(["volume", "nickname", "tags"])) })
        // Writes made under the new account sync with it as usual.
        phone.store[SyncKeys.nickname] = "work user"
        phone.sync.push()
        deliverEverything(work, [phone, workLaptop])
        #expect(workLaptop.store[SyncKeys.nickname] == "work user")
        // The home account still holds its own values, untouched by the switch.
        #expect(home.object(forKey: "nickname") != nil)
    }

    /// Each device keeps one marker per account: back on an account it was on before, it removes its marker of
    /// then beside the new one, so markers do not pile up among the store's 1,024 keys. (Both stayed: 2 markers of
    /// one device in the home account.)
    @Test func aDeviceBackOnAnAccountRemovesItsFormerMarkerThere() {
        let home = InMemoryCloudAccount()
        let work = InMemoryCloudAccount()
        let clock = TickingClock()
        let phone = SyncedDevice(home, clock: clock)
        phone.store[SyncKeys.nickname] = "home user"
        deliverEverything(home, [phone])
        func markers(_ account: InMemoryCloudAccount) -> [String] {
            account.names.filter { $0.hasPrefix(SyncAccount.markerPrefix) }
        }
        #expect(markers(home).count == 1)

        phone.cloud.switchAccount(to: work)
        deliverEverything(work, [phone])
        #expect(markers(work).count == 1)
        phone.cloud.switchAccount(to: home)
        deliverEverything(home, [phone])
        print("markers of one device in the home account after going back: \(markers(home).count)")
        #expect(markers(home).count == 1)
        #expect(markers(work).count == 1)
    }
}
