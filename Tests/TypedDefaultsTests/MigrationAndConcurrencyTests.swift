import Foundation
import Testing
import TypedDefaults

@Suite struct MigrationTests {
    @Test func formerNameValueMovesToTheNewName() {
        let suite = FreshSuite()
        suite.defaults.set(0.8, forKey: "soundLevel")
        let volume = DefaultsKey<Double>("volume", default: 0.5, formerNames: ["oldest", "soundLevel"])
        #expect(suite.store.has(volume))
        #expect(suite.store[volume] == 0.8)
        #expect(suite.defaults.object(forKey: "soundLevel") == nil)
        #expect(suite.defaults.double(forKey: "volume") == 0.8)
    }

    @Test func ownValueWinsOverFormerNames() {
        let suite = FreshSuite()
        suite.defaults.set(0.8, forKey: "soundLevel")
        suite.defaults.set(0.1, forKey: "volume")
        let volume = DefaultsKey<Double>("volume", default: 0.5, formerNames: ["soundLevel"])
        #expect(suite.store[volume] == 0.1)
        #expect(suite.defaults.double(forKey: "soundLevel") == 0.8)
    }

    @Test func unreadableFormerValueIsLeftAlone() {
        let suite = FreshSuite()
        suite.defaults.set("loud", forKey: "soundLevel")
        let volume = DefaultsKey<Double>("volume", default: 0.5, formerNames: ["soundLevel"])
        #expect(suite.store[volume] == 0.5)
        #expect(suite.defaults.string(forKey: "soundLevel") == "loud")
    }

    @Test func registerMigratesBeforeRegisteringTheDefault() {
        let suite = FreshSuite()
        // The registration domain is shared by every suite in the process: a name no other test uses.
        suite.defaults.set(3, forKey: "registeredRuns")
        let count = DefaultsKey<Int>("registeredLaunchCount", default: 0, formerNames: ["registeredRuns"])
        suite.store.register(count)
        #expect(suite.store[count] == 3)
        #expect(suite.defaults.object(forKey: "registeredRuns") == nil)
    }

    @Test func removeAlsoClearsFormerNames() {
        let suite = FreshSuite()
        suite.defaults.set(3, forKey: "runs")
        let count = DefaultsKey<Int>("launchCount", default: 0, formerNames: ["runs"])
        suite.store.remove(count)
        #expect(suite.store[count] == 0)
    }
}

@Suite struct ConcurrencyTests {
    @Test func updateFromEightThreadsIsExact() async {
        let suite = FreshSuite()
        let store = suite.store
        let key = DefaultsKey<Int>("counter", default: 0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<10_000 { store.update(key) { $0 += 1 } }
                }
            }
        }
        #expect(store[key] == 80_000)
    }

    @Test func updateReturnsWhatTheClosureReturnsAndCanThrow() {
        struct Refused: Error {}
        let store = DefaultsStore.inMemory()
        let key = DefaultsKey<[String]>("list", default: [])
        let count = store.update(key) { list -> Int in
            list.append("a")
            return list.count
        }
        #expect(count == 1)
        #expect(throws: Refused.self) { try store.update(key) { list in list.append("b"); throw Refused() } }
        #expect(store[key] == ["a"])
        let optional = DefaultsKey<String?>("optional")
        store[optional] = "x"
        store.update(optional) { $0 = nil }
        #expect(!store.has(optional))
    }
}
