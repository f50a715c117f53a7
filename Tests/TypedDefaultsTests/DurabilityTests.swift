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
        #expect(try writeThenKill(suite: suite.name, value: 77, after: 1.5) == .uncaughtSignal)
        #expect(try readProbeValue(suite: suite.name) == "77")
    }
}
