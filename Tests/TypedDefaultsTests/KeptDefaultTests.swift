import Foundation
import TestSupport
import Testing
@testable import TypedDefaults

/// `"keepPreviousDefault": true` (issue 40, item 2): an install that first ran a release with another default keeps
/// reading it while the key is not set; a new install reads the key's default. Which release an install first ran
/// is the suite's `TypedDefaultsFirstVersion` entry, written once, never before the first unlock.
@Suite struct KeptDefaultTests {
    /// `limit` of 1.2: 10 through release 1.0, 20 in 1.1, 30 now.
    static let limit = DefaultsKey<Int>("limit", default: 30, migrations: [
        .previousDefault(10, throughRelease: "1.0"),
        .previousDefault(20, throughRelease: "1.1"),
    ])

    /// A store in memory behind a device whose first unlock the test controls, playing app version `version`.
    private func makeStore(version: String?, firstVersion: String? = nil,
                           device: ProtectedDataTests.Switch = .init(available: true)) -> (DefaultsStore, MemoryStorage) {
        let memory = MemoryStorage()
        if let firstVersion { memory.set(firstVersion, forKey: DefaultsStore.firstVersionName) }
        let suite = Suite(identity: .memory(ObjectIdentifier(memory)), storage: .memory(memory),
                          protectedData: ProtectedData(source: device, recheckInterval: .zero))
        suite.installRecord.useAppVersion(version)
        return (DefaultsStore(suite: suite), memory)
    }

    @Test(arguments: [("0.9", 10), ("1.0", 10), ("1.0.3", 20), ("1.1", 20), ("1.2", 30), ("1.10", 30)])
    func anEarlierInstallReadsTheDefaultOfTheReleaseItFirstRan(firstVersion: String, expected: Int) {
        let (store, memory) = makeStore(version: "1.2", firstVersion: firstVersion)
        #expect(store[Self.limit] == expected)
        #expect(memory.object(forKey: "limit") == nil, "nothing is stored: the key is still not set")
        #expect(memory.object(forKey: DefaultsStore.firstVersionName) as? String == firstVersion, "the first version never changes")
    }

    @Test func aNewInstallReadsTheNewDefaultAndRecordsItsFirstVersion() {
        let (store, memory) = makeStore(version: "1.2")
        #expect(store[Self.limit] == 30)
        #expect(memory.object(forKey: DefaultsStore.firstVersionName) as? String == "1.2")
        // The next release's build, on the same install: still a 1.2 install.
        let next = DefaultsKey<Int>("limit", default: 40, migrations: [.previousDefault(10, throughRelease: "1.0"), .previousDefault(30, throughRelease: "1.2")])
        #expect(store[next] == 30)
    }

    @Test func aValueSetWinsAndRemovingItReadsTheKeptDefaultAgain() {
        let (store, _) = makeStore(version: "1.2", firstVersion: "1.0")
        store[Self.limit] = 99
        #expect(store[Self.limit] == 99)
        store.remove(Self.limit)
        #expect(store[Self.limit] == 10, "this install's default is the one it first had")
    }

    /// `update` starts from the install's default; what the install first ran is read before the write order.
    @Test func anUpdateStartsFromTheKeptDefault() {
        let (store, memory) = makeStore(version: "1.2", firstVersion: "1.1")
        store.update(Self.limit) { $0 += 1 }
        #expect(memory.object(forKey: "limit") as? Int == 21)
    }

    @Test func registerRegistersTheInstallsDefault() {
        let (old, oldMemory) = makeStore(version: "1.2", firstVersion: "1.1")
        old.register(Self.limit)
        #expect(oldMemory.object(forKey: "limit") as? Int == 20 && !oldMemory.hasValue(forKey: "limit"))
        let (new, newMemory) = makeStore(version: "1.2")
        new.register(Self.limit)
        #expect(newMemory.object(forKey: "limit") as? Int == 30 && !newMemory.hasValue(forKey: "limit"))
    }

    /// Before the first unlock every read finds nothing: an old install would look new. Nothing is decided or
    /// written then; the key reads its default, as every key does on a locked device.
    @Test func nothingIsDecidedBeforeTheFirstUnlock() {
        let device = ProtectedDataTests.Switch(available: false)
        let (store, memory) = makeStore(version: "1.2", device: device)
        #expect(store[Self.limit] == 30)
        #expect(memory.object(forKey: DefaultsStore.firstVersionName) == nil, "no first version stamped on what a locked device read")
        // The suite, readable now, holds 1.0's stamp all along.
        memory.set("1.0", forKey: DefaultsStore.firstVersionName)
        device.unlock()
        #expect(store[Self.limit] == 10)
    }

    @Test func withoutAnAppVersionNothingIsWrittenAndTheDefaultApplies() {
        let (store, memory) = makeStore(version: nil)
        #expect(store[Self.limit] == 30)
        #expect(memory.object(forKey: DefaultsStore.firstVersionName) == nil)
    }

    @Test func aKeyWithoutKeptDefaultsNeverLooksAtTheInstall() {
        let (store, memory) = makeStore(version: "1.2")
        #expect(store[DefaultsKey<Int>("plain", default: 5)] == 5)
        #expect(memory.object(forKey: DefaultsStore.firstVersionName) == nil)
    }

    @Test func observersSeeTheKeptDefault() async throws {
        let (store, _) = makeStore(version: "1.2", firstVersion: "1.0")
        var values = store.updates(Self.limit).makeAsyncIterator()
        #expect(await values.next() == 10)
        store[Self.limit] = 11
        #expect(await values.next() == 11)
        store.remove(Self.limit)
        #expect(await values.next() == 10)
    }

    @Test func aRealSuiteKeepsTheFirstVersionEntry() async throws {
        let scratch = ScratchSuite()
        let store = scratch.store
        store.suite.installRecord.useAppVersion("2.0")
        #expect(store.firstVersionOfInstall() == "2.0")
        // The store's own asynchronous record may be the one that wrote it, its call into Foundation still in flight
        // on that thread (a flush saves what reached Foundation, and never waits for another thread's call).
        #expect(await eventually {
            DefaultsStore.flush()
            return UserDefaults(suiteName: scratch.name)?.string(forKey: DefaultsStore.firstVersionName) == "2.0"
        })
    }

    @Test(arguments: [("1.9", "1.10", true), ("1.10", "1.9", false), ("1.2", "1.2.0", true), ("1.2.1", "1.2", false),
                      ("2.0b1", "2.0b2", true), ("1", "1.0.0", true), ("3.0", "2.9.9", false),
                      // A pre-release before its release, a build number ignored (each read the new default before).
                      ("1.0-beta", "1.0", true), ("1.0b3", "1.0", true), ("1.0 (45)", "1.0", true), ("2024.1-beta", "2024.1", true),
                      ("1.1b2", "1.10", true), ("1.0a1", "1.0", true), ("1.0rc2", "1.0", true), ("1.0-beta.2", "1.0", true),
                      // and not after it
                      ("1.0", "1.0-beta", false), ("1.0", "1.0b3", false), ("1.1", "1.1b2", false), ("1.0 (46)", "1.0 (45)", true),
                      // pre-releases in order
                      ("1.0b2", "1.0b10", true), ("1.0b10", "1.0b2", false), ("1.0-alpha", "1.0-beta", true), ("1.0-beta", "1.0-rc1", true),
                      ("1.0rc1", "1.0b9", false), ("1.0-beta.2", "1.0-beta.11", true), ("1.0b3", "1.0.1", true), ("1.0.1b1", "1.0", false)])
    func versionsCompareAsPeopleNumberThem(version: String, release: String, atOrBefore: Bool) {
        #expect(AppVersionOrder.isAtOrBefore(version, release) == atOrBefore)
    }
}
