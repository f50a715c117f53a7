import Foundation
import TestSupport
import Testing

/// A child process writes through the store and is killed with SIGKILL at a random moment 1.2–2 s after the
/// write returned: the value must be on disk every time. 4 rounds per run; 40 with `TYPED_DEFAULTS_LONG=1`.
@Suite struct KillTests {
    @Test func everyWriteSurvivesSIGKILLAfterTheSaveInterval() throws {
        let seed = testSeed(fallback: UInt64(Date().timeIntervalSince1970))
        print("KillTests: seed \(seed) (replay with .ci/robustness --seed \(seed))")
        var random = SeededRandom(seed: seed)
        for round in 0..<(isLongMode ? 40 : 4) {
            let suite = ScratchSuite()
            let value = Int.random(in: 1...1_000_000, using: &random)
            let delay = Double.random(in: 1.2...2.0, using: &random)
            #expect(try writeThenKill(suite: suite.name, value: value, after: delay), "seed \(seed), round \(round)")
            #expect(try readProbeValue(suite: suite.name) == "\(value)", "seed \(seed), round \(round): killed \(delay) s after the write")
        }
    }
}
