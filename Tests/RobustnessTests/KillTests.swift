import Foundation
import TestSupport
import Testing

/// A child process writes through the store and is killed with SIGKILL at a random moment 1.2–2 s after the
/// write returned: the value must be on disk every time. 4 rounds per run; 40 with `TYPED_DEFAULTS_LONG=1`.
@Suite struct KillTests {
    @Test func everyWriteSurvivesSIGKILLAfterTheSaveInterval() throws {
        let probe = builtProduct("defaults-probe")
        var random = SeededRandom(seed: UInt64(Date().timeIntervalSince1970))
        for round in 0..<(isLongMode ? 40 : 4) {
            let suite = ScratchSuite()
            let value = Int.random(in: 1...1_000_000, using: &random)
            let process = Process()
            process.executableURL = probe
            process.arguments = [suite.name, "write-and-wait", "\(value)"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            var seen = Data()
            while !String(decoding: seen, as: UTF8.self).contains("written") {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                seen.append(chunk)
            }
            let delay = Double.random(in: 1.2...2.0, using: &random)
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let read = try runProcess(probe, [suite.name, "read"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(read == "\(value)", "round \(round): killed \(delay) s after the write")
        }
    }
}
