import Foundation
import Testing
import TypedDefaults
import TypedDefaultsTestDoubles
import TypedDefaultsSync

/// The committed output for app.json syncs four keys, in two suites: a phone and a laptop keep them in step.
@Suite struct SyncedKeysTests {
    @Test func theGeneratedKeysSayWhichOnesSync() {
        #expect(DefaultsKeys.App.all.filter(\.syncsWithICloud).map(\.name) == ["app.lastWindow", "app.refreshInterval", "app.iconSize", "app.favoriteIDs"])
        #expect(DefaultsKeys.lastWindow.syncsWithICloud && !DefaultsKeys.mainWindow.syncsWithICloud)
    }

    @Test func twoDevicesSyncRecordsSetsAndEnumsAcrossTheSchemasSuites() {
        let account = InMemoryCloudAccount()
        withIsolatedDefaults {
            let phone = DefaultsStore.standard
            withIsolatedDefaults {
                let laptop = DefaultsStore.standard
                let phoneSync = DefaultsSync(keys: DefaultsKeys.App.all, store: phone, cloud: account.makeDevice(), pushDelay: nil).start()
                let laptopSync = DefaultsSync(keys: DefaultsKeys.App.all, store: laptop, cloud: account.makeDevice(), pushDelay: nil).start()
                account.deliverAll()

                let frame = WindowFrame(x: 10, width: 640, title: "Notes", binding: KeyBinding(key: "w", modifiers: [.command, .shift]))
                phone.store(for: .lastWindow)[.lastWindow] = frame
                phone.store(for: .iconSize)[.iconSize] = .small
                phone.store(for: .favoriteIDs)[.favoriteIDs] = [7, 8]
                phone.store(for: .mainWindow)[.mainWindow] = frame  // not synced
                phoneSync.push()
                account.deliverAll()

                #expect(laptop.store(for: .lastWindow)[.lastWindow] == frame)
                #expect(laptop.store(for: .iconSize)[.iconSize] == .small)
                #expect(laptop.store(for: .favoriteIDs)[.favoriteIDs] == [7, 8])
                #expect(laptop.store(for: .mainWindow)[.mainWindow] != frame)
                // Beside the synced keys, each device keeps its account marker there (`TypedDefaults.account.<id>`).
                #expect(account.names.filter { !$0.hasPrefix("TypedDefaults.account.") } == ["app.favoriteIDs", "app.iconSize", "app.lastWindow"])
                #expect(!laptopSync.hasPendingPushes)
            }
        }
    }
}
