import Foundation
import Testing
import TypedDefaults
@_spi(Testing) import TypedDefaultsTestDoubles
@testable import TypedDefaultsSync

/// Random histories of 2–4 devices on one account: launches and quits (before a first download too), first starts
/// at once, downloads while the app is not running, iCloud Drive switched on and off, writes while running and
/// while not. Never an account change; every device ends with the same values; no write made while a sync ran is
/// lost except to a newer one (a write made while none ran counts as older than what others wrote meanwhile).
@Suite struct AccountHistoryTests {
    /// One key's writes, in test order.
    struct Writes<Value: Equatable> {
        var all: [(value: Value, whileRunning: Bool)] = []

        /// What the key may end as: the last write made while a sync ran, or a later one made while none ran.
        func allowedFinals(default defaultValue: Value) -> [Value] {
            guard let last = all.lastIndex(where: \.whileRunning) else { return all.map(\.value) + [defaultValue] }
            return all[last...].enumerated().filter { $0.offset == 0 || !$0.element.whileRunning }.map(\.element.value)
        }
    }

    @Test(arguments: 0..<100)
    func aHistoryOnOneAccountNeverChangesAccountNorLosesAWrite(seed: UInt64) async {
        var random = SyncConvergenceTests.SeededGenerator(state: seed)
        let account = InMemoryCloudAccount()
        let clock = TickingClock()
        let devices = (0..<Int.random(in: 2...4, using: &random)).map { _ in
            Installation(account, clock: clock, reportsAccount: Bool.random(using: &random))
        }
        // First starts at nearly the same moment: some devices launch before anything is delivered.
        for device in devices where Bool.random(using: &random) { device.launch() }
        var nicknames = Writes<String?>()
        var tags = Writes<[String]>()
        var written = 0

        for _ in 0..<Int.random(in: 40...160, using: &random) {
            let device = devices.randomElement(using: &random)!
            switch Int.random(in: 0..<16, using: &random) {
            case 0, 1, 2:
                written += 1
                device.store[SyncKeys.nickname] = "n\(written)"
                nicknames.all.append(("n\(written)", device.isRunning))
            case 3:
                device.store.remove(SyncKeys.nickname)
                nicknames.all.append((nil, device.isRunning))
            case 4, 5:
                written += 1
                device.store[SyncKeys.tags] = ["t\(written)"]
                tags.all.append((["t\(written)"], device.isRunning))
            case 6, 7:
                device.sync?.push()
            case 8:
                device.cloud.upload()
            case 9, 10:
                device.cloud.download()  // while the app is not running too: the system downloads for it
            case 11, 12:
                if device.isRunning { device.quit() } else { device.launch() }
            case 13:
                device.cloud.reportsAccount.toggle()  // iCloud Drive switched on or off
            default:
                account.deliverAll()
            }
        }
        // Then every device launches, twice: a launch that doubts of its account pushes nothing, the next one does.
        for _ in 0..<2 {
            for device in devices {
                device.quit()
                device.launch()
            }
            deliverEverything(account, devices)
        }

        let nickname = devices[0].store[SyncKeys.nickname]
        let tag = devices[0].store[SyncKeys.tags]
        for (index, device) in devices.enumerated() {
            #expect(device.store[SyncKeys.nickname] == nickname, "seed \(seed), device \(index): the same nickname")
            #expect(device.store[SyncKeys.tags] == tag, "seed \(seed), device \(index): the same tags")
        }
        #expect(nicknames.allowedFinals(default: nil).contains(nickname), "seed \(seed): \(String(describing: nickname)), \(nicknames.all)")
        #expect(tags.allowedFinals(default: []).contains(tag), "seed \(seed): \(tag), \(tags.all)")
        for device in devices { device.quit() }
        for (index, device) in devices.enumerated() {
            #expect(!(await device.allEvents()).contains(.accountChanged), "seed \(seed), device \(index)")
        }
    }
}
