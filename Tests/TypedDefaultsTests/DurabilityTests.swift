import Foundation
import TestSupport
import Testing
import TypedDefaults

/// Child processes write through the store; a new process must read the value back.
@Suite(.serialized) struct DurabilityTests {
    @Test func writeThenNormalExitIsOnDisk() throws {
        let suite = FreshSuite()
        #expect(try runProbe([suite.name, "write", "41"]) == "written")
        #expect(try runProbe([suite.name, "read"]) == "41")
    }

    @Test func writeThenSIGKILLAfterOnePointFiveSecondsIsOnDisk() throws {
        let suite = FreshSuite()
        #expect(try writeThenKill(suite: suite.name, value: 77, after: 1.5))
        #expect(try readProbeValue(suite: suite.name) == "77")
    }
}

@Suite struct RemoveSuiteTests {
    @Test func removingASuiteLeavesNothingForTheNextProcess() throws {
        let name = "typeddefaults.tests.remove.\(UUID().uuidString)"
        #expect(try runProbe([name, "write", "12"]) == "written")
        let store = DefaultsStore(UserDefaults(suiteName: name)!)
        #expect(store[DefaultsKey<Int>("probeCount", default: -1)] == 12)
        try DefaultsStore.removeSuite(named: name)
        #expect(store[DefaultsKey<Int>("probeCount", default: -1)] == -1)
        #expect(try runProbe([name, "read"]) == "-1")
        #if !canImport(Darwin)
        #expect(!FileManager.default.fileExists(atPath: suiteFilePath(name)))
        #endif
    }
}
