import Counter
import Foundation
import Testing
import TypedDefaults
import TypedDefaultsTesting

// Every test starts from the defaults, whatever the others (running in parallel) or the real settings hold.
@Suite(.isolatedDefaults) struct CounterTests {
    @Test func countsFromOne() {
        #expect(countLaunch() == 1)
        #expect(counts() == (1, 1))
    }

    @Test(arguments: 1...10) func everyCaseStartsFresh(times: Int) {
        for _ in 0..<times { _ = countLaunch() }
        #expect(counts() == (times, times))
    }

    @Test func nothingReachesTheRealSuites() {
        _ = countLaunch()
        #expect(UserDefaults.standard.object(forKey: "launchCount") == nil)
        #expect(UserDefaults(suiteName: "typeddefaults.fixture.isolated")!.object(forKey: "sharedCount") == nil)
    }
}
