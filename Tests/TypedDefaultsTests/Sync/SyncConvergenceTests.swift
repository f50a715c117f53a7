import Foundation
import Testing
import TypedDefaults
import TypedDefaultsTestDoubles
@testable import TypedDefaultsSync

/// Random writes, removals, pushes and deliveries on several devices, in random order; then everything is
/// delivered: every device must hold the same values, each the newest write of its key.
@Suite struct SyncConvergenceTests {
    /// A small deterministic generator (SplitMix64), so a failing seed can be replayed.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// The newest write of each key, in the order the test made them (the ticking clock stamps in that order).
    struct Expected {
        var volume = 5
        var nickname: String? = nil
        var tags: [String] = []
    }

    @Test(arguments: 0..<60)
    func devicesConvergeToTheNewestWriteOfEachKey(seed: UInt64) {
        var random = SeededGenerator(state: seed)
        let account = InMemoryCloudAccount()
        let clock = TickingClock()
        let deviceCount = Int.random(in: 2...4, using: &random)
        // Some devices start with values stored before sync began: older than any synced write.
        let devices = (0..<deviceCount).map { index -> SyncedDevice in
            let store = DefaultsStore.inMemory()
            if Bool.random(using: &random) { store[SyncKeys.nickname] = "pre-sync \(index)" }
            return SyncedDevice(account, clock: clock, store: store)
        }
        var expected = Expected()
        var wrote = (volume: false, nickname: false, tags: false)
        var written = 0

        for _ in 0..<Int.random(in: 20...120, using: &random) {
            let device = devices.randomElement(using: &random)!
            switch Int.random(in: 0..<10, using: &random) {
            case 0, 1:
                let volume = Int.random(in: 0...10, using: &random)
                device.store[SyncKeys.volume] = volume
                expected.volume = volume
                wrote.volume = true
            case 2:
                written += 1
                let nickname = "n\(written)"
                device.store[SyncKeys.nickname] = nickname
                expected.nickname = nickname
                wrote.nickname = true
            case 3:
                device.store.remove(SyncKeys.nickname)
                expected.nickname = nil
                wrote.nickname = true
            case 4:
                written += 1
                let tag = "t\(written)"
                device.store.update(SyncKeys.tags) { $0.append(tag) }
                expected.tags = device.store[SyncKeys.tags]
                wrote.tags = true
            case 5:
                device.store.remove(SyncKeys.tags)
                expected.tags = []
                wrote.tags = true
            case 6, 7:
                device.sync.push()
            case 8:
                device.cloud.upload()
            default:
                device.cloud.download()
            }
        }
        deliverEverything(account, devices)

        for (index, device) in devices.enumerated() {
            if wrote.volume { #expect(device.store[SyncKeys.volume] == expected.volume, "seed \(seed), device \(index): volume") }
            if wrote.nickname { #expect(device.store[SyncKeys.nickname] == expected.nickname, "seed \(seed), device \(index): nickname") }
            if wrote.tags { #expect(device.store[SyncKeys.tags] == expected.tags, "seed \(seed), device \(index): tags") }
            #expect(!device.sync.hasPendingPushes)
        }
        // Whatever was written or not, every device holds the same values.
        let first = devices[0].store
        for device in devices.dropFirst() {
            #expect(device.store[SyncKeys.volume] == first[SyncKeys.volume], "seed \(seed)")
            #expect(device.store[SyncKeys.nickname] == first[SyncKeys.nickname], "seed \(seed)")
            #expect(device.store[SyncKeys.tags] == first[SyncKeys.tags], "seed \(seed)")
        }
    }

    @Test func devicesWritingFromManyThreadsWithTimedPushesConverge() async {
        let account = InMemoryCloudAccount()
        let devices = (0..<3).map { _ in
            let cloud = account.makeDevice()
            let store = DefaultsStore.inMemory()
            return (store, cloud, DefaultsSync(keys: SyncKeys.all, store: store, cloud: cloud, pushDelay: .milliseconds(5)).start())
        }
        account.deliverAll()
        await withTaskGroup(of: Void.self) { group in
            for (index, device) in devices.enumerated() {
                group.addTask {
                    for step in 0..<300 {
                        device.0[SyncKeys.nickname] = "\(index)-\(step)"
                        device.0.update(SyncKeys.volume) { $0 = ($0 + 1) % 11 }
                    }
                }
            }
            group.addTask {
                for _ in 0..<200 {
                    account.deliverAll()
                    try? await Task.sleep(for: .milliseconds(1))
                }
            }
        }
        // Then quiet: let the timed pushes finish and deliver until nothing moves.
        for _ in 0..<100 {
            devices.forEach { $0.2.push() }
            if !account.deliverAll(), devices.allSatisfy({ !$0.2.hasPendingPushes }) { break }
            try? await Task.sleep(for: .milliseconds(10))
        }
        let values = devices.map { ($0.0[SyncKeys.nickname], $0.0[SyncKeys.volume]) }
        #expect(values.allSatisfy { $0 == values[0] }, "\(values)")
        #expect(values[0].0?.hasSuffix("-299") == true, "the newest write is some device's last: \(values)")
    }
}
