import Foundation
import TestSupport
import Testing
@testable import TypedDefaults
import TypedDefaultsTestDoubles
@testable import TypedDefaultsSync

/// Before the first unlock, `UserDefaults` reads return nothing: nothing the stores read then is written back
/// (``ProtectedData``). Driven through a source the test controls, as the platform's would.
@Suite struct ProtectedDataTests {
    final class Switch: ProtectedData.Source, @unchecked Sendable {
        private let lock = NSLock()
        private var available: Bool
        private var onChange: (@Sendable () -> Void)?

        init(available: Bool) { self.available = available }

        func checkAvailability() -> Bool { lock.lock(); defer { lock.unlock() }; return available }
        func observeChanges(_ onChange: @escaping @Sendable () -> Void) { lock.lock(); self.onChange = onChange; lock.unlock() }

        /// The device is unlocked: the system's notification.
        func unlock() {
            lock.lock()
            available = true
            let onChange = self.onChange
            lock.unlock()
            onChange?()
        }
    }

    private func makeStore(_ protectedData: ProtectedData) -> (DefaultsStore, MemoryStorage) {
        let memory = MemoryStorage()
        let suite = Suite(identity: .memory(ObjectIdentifier(memory)), storage: .memory(memory), protectedData: protectedData)
        return (DefaultsStore(suite: suite), memory)
    }

    @Test func noMigrationRunsBeforeTheFirstUnlock() {
        let device = Switch(available: false)
        let (store, memory) = makeStore(ProtectedData(source: device, recheckInterval: .zero))
        memory.set(3, forKey: "runs")
        let count = DefaultsKey<Int>("launchCount", default: 0, formerNames: ["runs"])
        #expect(store[count] == 0)
        #expect(memory.object(forKey: "runs") as? Int == 3, "nothing was moved on what a locked device read")
        #expect(memory.object(forKey: "launchCount") == nil)
        device.unlock()
        #expect(store[count] == 3)
        #expect(memory.object(forKey: "runs") == nil)
    }

    @Test func aSyncStartedBeforeTheFirstUnlockPullsAndStampsNothingUntilThen() {
        let account = InMemoryCloudAccount()
        let clock = TickingClock()
        let laptop = SyncedDevice(account, clock: clock)
        laptop.store[SyncKeys.nickname] = "from the laptop"
        deliverEverything(account, [laptop])

        let device = Switch(available: false)
        let (store, memory) = makeStore(ProtectedData(source: device, recheckInterval: .seconds(60)))
        let cloud = account.makeDevice()
        let sync = DefaultsSync(keys: SyncKeys.all, store: store, cloud: cloud, pushDelay: nil, clock: { clock.now() }).start()
        cloud.download()
        #expect(memory.object(forKey: "nickname") == nil, "nothing pulled on what a locked device read")
        #expect(memory.object(forKey: SyncEngine.stampsName) == nil, "no stamps saved over the real ones")
        #expect(memory.object(forKey: SyncEngine.accountName) == nil)
        device.unlock()
        #expect(store[SyncKeys.nickname] == "from the laptop")
        _ = sync
    }

    @Test func availabilityIsCheckedOnceItWasSeen() {
        let device = Switch(available: true)
        let protectedData = ProtectedData(source: device, recheckInterval: .zero)
        #expect(protectedData.isAvailable)
        #expect(protectedData.isAvailable)
    }
}
