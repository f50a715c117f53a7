import Foundation
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
        let process = Process()
        process.executableURL = probeURL
        process.arguments = [suite.name, "write-and-wait", "77"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // Wait for the child to say the write returned, then give the periodic save its time.
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("written") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }
        Thread.sleep(forTimeInterval: 1.5)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(try runProbe([suite.name, "read"]) == "77")
    }
}
