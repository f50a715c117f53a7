import Foundation
import TestSupport
import Testing

/// A child process that hangs is killed at its timeout: a test fails instead of hanging CI.
@Suite struct ProcessTimeoutTests {
    @Test func aHungChildIsKilledAtItsTimeout() throws {
        let start = Date()
        let result = try runProcess(URL(fileURLWithPath: "/bin/sleep"), ["30"], timeout: 1)
        #expect(Date().timeIntervalSince(start) < 20)
        #expect(result.status != 0)
        #expect(result.output.contains("[killed: still running after 1 s]"))
    }

    @Test func aQuickChildIsNotKilled() throws {
        let result = try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "echo done"], timeout: 30)
        #expect(result.status == 0)
        #expect(result.output == "done\n")
    }
}
