import Foundation
import Testing
@testable import TypedDefaults
@_spi(Testing) import TypedDefaultsTestDoubles
@testable import TypedDefaultsSync

/// What a stopped or released sync leaves behind in the suites it watched: nothing.
@Suite struct SyncReleaseTests {
    @Test func aStoppedOrReleasedSyncIsNoLongerToldOfTheSuitesWrites() {
        let account = InMemoryCloudAccount()
        let store = DefaultsStore.inMemory()
        let sync = DefaultsSync(keys: SyncKeys.all, store: store, cloud: account.makeDevice(), pushDelay: nil).start()
        #expect(store.suite.syncCount == 1)
        sync.stop()
        #expect(store.suite.syncCount == 0)
        _ = sync.start()
        #expect(store.suite.syncCount == 1)

        weak var released: DefaultsSync?
        do {
            let other = DefaultsSync(keys: SyncKeys.all, store: store, cloud: account.makeDevice(), pushDelay: .milliseconds(1)).start()
            released = other
            store[SyncKeys.volume] = 3  // schedules a push, which must not keep the sync alive
            #expect(store.suite.syncCount == 2)
        }
        #expect(released == nil)
        #expect(store.suite.syncCount == 1)
    }

    @Test func aNameTheCloudCannotHoldIsNeitherReadNorWrittenThere() async {
        let long = DefaultsKey<Int>(String(repeating: "n", count: 65), default: 0, iCloud: true)
        let account = InMemoryCloudAccount()
        let cloud = account.makeDevice()
        let store = DefaultsStore.inMemory()
        let sync = DefaultsSync(keys: [long], store: store, cloud: cloud, pushDelay: nil).start()
        account.deliverAll()
        let log = EventLog(sync)
        let markerWrites = cloud.writeCount
        store[long] = 1
        sync.push()
        #expect(cloud.writeCount == markerWrites)
        #expect(await log.wait { $0 == [.refused(name: long.name, reason: .nameTooLong)] })
        #expect(store[long] == 1)
    }
}
